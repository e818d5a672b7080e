"""The places of a JSON text: where each value the library's paths name sits in the file a user wrote.

The library names the place of a problem with a path (``links[0].stack[0]``, ``routes.product``;
docs/json.md, "Errors"). :func:`scan` reads a JSON text into a tree of :class:`Place` values, each
with the line and column (1-based, in characters) where it starts: an object's member at its key,
an array's element and the top value at the value, and with its path. :meth:`Place.find` walks a
path down that tree; :meth:`Place.remove` takes a member or element out, and each other place
keeps its line, column and path, so that a path into the changed document (whose array indexes
may have moved) still finds the place, and its path, in the original text.
"""

from __future__ import annotations

import bisect
import json
import re
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any, Dict, List, Optional, Tuple, Union

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_SPACE = re.compile(r"[ \t\n\r]*")
_INDEX = re.compile(r"\[(\d+)\]")
_SEPARATOR = re.compile(r"[.\[]")
_LITERALS = {"true": True, "false": False, "null": None}


class Place:
    """One value of the text: its ``path`` as the library writes paths, ``line`` and ``column``
    where it starts, and ``value``: a dict of members (key to Place) for an object, a list of
    Places for an array, else the scalar."""

    def __init__(self, path: str, line: int, column: int, value: Union[Dict[str, "Place"], List["Place"], Any]) -> None:
        self.path = path
        self.line = line
        self.column = column
        self.value = value

    def data(self) -> Any:
        """The plain JSON value this place holds now (after any :meth:`remove`)."""
        if isinstance(self.value, dict):
            return {key: place.data() for key, place in self.value.items()}
        if isinstance(self.value, list):
            return [place.data() for place in self.value]
        return self.value

    def _step(self, path: str) -> Optional[Tuple["Place", Union[str, int], str]]:
        """The first step of ``path`` from this place: the child, its key or index, and the rest
        of the path; None when the path names no child. A key may hold dots, as the library writes
        it unquoted: the longest key that the path continues after is taken."""
        if isinstance(self.value, list):
            index = _INDEX.match(path)
            if index is None or int(index.group(1)) >= len(self.value):
                return None
            return self.value[int(index.group(1))], int(index.group(1)), path[index.end():].removeprefix(".")
        if isinstance(self.value, dict):
            ends = [match.start() for match in _SEPARATOR.finditer(path)] + [len(path)]
            key = next((path[:end] for end in reversed(ends) if path[:end] in self.value), None)
            if key is None:
                return None
            return self.value[key], key, path[len(key):].removeprefix(".")
        return None

    def find(self, path: str) -> Tuple["Place", str]:
        """The place ``path`` names and ``""``; or, when the text lacks it, the deepest place on
        its way (a missing member's object) and the rest of the path, which that place lacks."""
        place = self
        while path:
            step = place._step(path)
            if step is None:
                return place, path
            place, _, path = step
        return place, ""

    def remove(self, path: str) -> None:
        """Takes the member or element ``path`` names (which the tree has) out of this tree."""
        parent, rest = self, path
        while True:
            step = parent._step(rest)
            if step is None:
                raise KeyError(path)
            child, name, rest = step
            if not rest:
                del parent.value[name]  # type: ignore[arg-type]
                return
            parent = child


class _Scanner:
    """Reads one JSON text into places; the text is valid JSON (the library has read it)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = [match.end() for match in re.finditer("\n", text)]

    def position(self, offset: int) -> Tuple[int, int]:
        """The line and column (1-based) of a character offset."""
        line = bisect.bisect_right(self.lines, offset)
        start = self.lines[line - 1] if line else 0
        return line + 1, offset - start + 1

    def skip(self, offset: int) -> int:
        """The offset after any white space at ``offset``."""
        match = _SPACE.match(self.text, offset)
        return match.end() if match else offset

    def value(self, offset: int, at: int, path: str) -> Tuple[Place, int]:
        """The value at ``offset`` as the place ``path`` that starts at ``at``, and the offset after it."""
        line, column = self.position(at)
        char = self.text[offset:offset + 1]
        if char == "{":
            members: Dict[str, Place] = {}
            offset = self.skip(offset + 1)
            while self.text[offset] != "}":
                key, after = scanstring(self.text, offset + 1)
                members[key], offset = self.value(self.skip(self.skip(after) + 1), offset, f"{path}.{key}" if path else key)
                offset = self.skip(offset)
                offset = self.skip(offset + 1) if self.text[offset] == "," else offset
            return Place(path, line, column, members), offset + 1
        if char == "[":
            elements: List[Place] = []
            offset = self.skip(offset + 1)
            while self.text[offset] != "]":
                element, offset = self.value(offset, offset, f"{path}[{len(elements)}]")
                elements.append(element)
                offset = self.skip(offset)
                offset = self.skip(offset + 1) if self.text[offset] == "," else offset
            return Place(path, line, column, elements), offset + 1
        if char == '"':
            text, end = scanstring(self.text, offset + 1)
            return Place(path, line, column, text), end
        for word, literal in _LITERALS.items():
            if self.text.startswith(word, offset):
                return Place(path, line, column, literal), offset + len(word)
        number = _NUMBER.match(self.text, offset)
        if number is None:
            raise ValueError(f"not JSON at line {line}, column {column}")
        return Place(path, line, column, json.loads(number.group())), number.end()


def scan(text: str) -> Place:
    """The places of JSON text ``text`` (valid JSON, as the library has read it)."""
    scanner = _Scanner(text)
    start = scanner.skip(1 if text.startswith("\ufeff") else 0)
    return scanner.value(start, start, "")[0]
