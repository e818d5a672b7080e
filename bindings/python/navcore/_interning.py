"""The compact encoding of the timeline page's data: every distinct JSON value once.

Consecutive steps of a session share almost all of their documents (the entries of a stack that
did not change, the tab bar, the route of a pushed entry in the transition, the state and the
view model), so the page holds a table of distinct values, ``nodes``, in which an array is a JSON
array of indices into ``nodes``, an object a JSON array of its shape's index, negated and less
one, then the indices of its values (``shapes`` holds each distinct list of keys once), and
anything else the scalar itself. Indices are never negative, so an array never starts as an
object does. A value that occurs again, in the same step or another, is the same index. The
page decodes a value by following the indices (``timeline_page.html``, ``value(i)``); a
10,000-step session then takes a few hundred bytes a step instead of every document in full.
The work is linear in the size of the documents interned.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple


class Interner:
    """Interns JSON values into :attr:`nodes` and their objects' keys into :attr:`shapes`, each
    distinct one once, and gives their indices."""

    def __init__(self) -> None:
        #: The distinct values, in the order first seen: arrays, objects and scalars as above.
        self.nodes: List[Any] = []
        #: The distinct lists of keys of objects, in the order first seen.
        self.shapes: List[List[str]] = []
        self._index: Dict[Tuple[Any, ...], int] = {}
        self._shape_index: Dict[Tuple[str, ...], int] = {}

    def add(self, value: Any) -> int:
        """The index in :attr:`nodes` of ``value`` (any JSON value), adding what is new."""
        if isinstance(value, dict):
            node: Any = [-1 - self._shape(tuple(value))] + [self.add(item) for item in value.values()]
            identity: Tuple[Any, ...] = ("container", *node)
        elif isinstance(value, (list, tuple)):
            node = [self.add(item) for item in value]
            identity = ("container", *node)
        else:
            # 1, 1.0 and True are equal keys in Python, but different JSON values.
            node, identity = value, ("scalar", type(value).__name__, value)
        index = self._index.get(identity)
        if index is None:
            index = self._index[identity] = len(self.nodes)
            self.nodes.append(node)
        return index

    def _shape(self, keys: Tuple[str, ...]) -> int:
        """The index in :attr:`shapes` of an object's keys, in their order."""
        index = self._shape_index.get(keys)
        if index is None:
            index = self._shape_index[keys] = len(self.shapes)
            self.shapes.append(list(keys))
        return index


def expand(nodes: List[Any], shapes: List[List[str]], index: int) -> Any:
    """The value at ``index`` of ``nodes`` in full: what the page's ``value(index)`` gives."""
    node = nodes[index]
    if isinstance(node, list) and node and node[0] < 0:
        return {key: expand(nodes, shapes, child) for key, child in zip(shapes[-1 - node[0]], node[1:])}
    if isinstance(node, list):
        return [expand(nodes, shapes, child) for child in node]
    return node
