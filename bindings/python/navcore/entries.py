"""Typed entries and the navigator's state (docs/json.md, entry.schema.json, state.schema.json)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Mapping, Optional, Tuple, Union

from ._document import Document
from .literals import Layout

#: A param value as documents hold it and calls take it: a string (a uuid or an enum value too),
#: an int, a bool, or a list param's items in order (docs/links.md, "Lists"), e.g.
#: ``params["tags"]`` of ``{"list": "string"}`` is a ``list[str]``.
ParamValue = Union[str, int, bool, List[str], List[int], List[bool]]


@dataclass(frozen=True)
class Route(Document):
    """A route: a name and its params (as a link resolves it, or as a snapshot holds it)."""

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Entry(Document):
    """One screen of a stack: its id, route, title and what it carries.

    ``state`` is its saved state (``None`` when it has none), ``blocker`` the reason of its
    blocker mark, ``result`` the result handed to it and not yet taken (docs/blockers.md).
    ``container`` is the container it holds when its route declares a layout, as the state
    document writes it (docs/structure.md, "Nesting"), else ``None``.
    """

    id: int
    name: str
    params: Mapping[str, Any]
    title: str
    state: Any = None
    blocker: Optional[str] = None
    result: Any = None
    container: Optional[Mapping[str, Any]] = None


@dataclass(frozen=True)
class Top(Document):
    """The active stack's name and its top entry: a transition's ``before`` and ``after``."""

    stack: str
    top: Entry


@dataclass(frozen=True)
class Stack(Document):
    """A base stack in the state: its entries, root first, and the presentations over it
    alone (``present`` with a ``stack``; docs/structure.md, "Nesting"), bottom first."""

    entries: Tuple[Entry, ...]
    presentations: Tuple[Layer, ...] = ()


@dataclass(frozen=True)
class Layer(Document):
    """A presented layer: its stack's name (``"layer:<id>"``), style, and entries, root first."""

    stack: str
    style: str
    entries: Tuple[Entry, ...]
    presentations: Tuple[Layer, ...] = ()


@dataclass(frozen=True)
class Pending(Document):
    """The pending intent: the batch held while ``condition``'s flow (layer ``flow``) shows.

    ``stack`` names the stack it was held on, where its stack actions without ``tab`` or
    ``stack`` replay, when the state does not tell it (docs/conditions.md, "Where a held batch
    replays"); ``None``: the stack the flow covers, or the leaf beneath a flow over the app.
    """

    condition: str
    flow: str
    actions: Tuple[Mapping[str, Any], ...]
    stack: Optional[str] = None


@dataclass(frozen=True)
class State(Document):
    """The whole navigation state (``navcore_state``).

    ``stacks`` maps each base stack's name to its :class:`Stack`; ``presentations`` lists the
    layers bottom first. ``selected_tab`` and ``tab_history`` are ``None`` without tabs,
    ``compact`` and ``sidebar_shown`` without a split view, ``pending`` when nothing waits;
    ``conditions`` is empty when the table declares none. ``locale`` is the locale tag the
    navigator was given (docs/locales.md), ``None`` until it is given one.
    """

    table_version: int
    next_id: int
    seq: int
    layout: Layout
    active_stack: str
    stacks: Mapping[str, Stack]
    presentations: Tuple[Layer, ...]
    app: Optional[str] = None
    selected_tab: Optional[str] = None
    tab_history: Optional[Tuple[str, ...]] = None
    conditions: Mapping[str, bool] = field(default_factory=dict)
    compact: Optional[bool] = None
    sidebar_shown: Optional[bool] = None
    pending: Optional[Pending] = None
    locale: Optional[str] = None
