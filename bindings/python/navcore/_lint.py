"""The problems ``navcore lint`` finds in a route table, each at its line and column (docs/tools.md).

The library checks a table as it loads it and stops at its first error; a table that loads has a
report whose warnings are every problem of that kind. To give every error of a table in one run,
:func:`lint` loads it again and again, each time with what the last error names left out: for an
error about a key (an unknown key, a bad name), that key; for another error in a link or a
redirect, which nothing names, the whole of it; a param declared wrong is read as a string param instead,
so that the title and the links naming it are not blamed; else the place the error names. An
error at a place that held a left-out part (a link whose stack is now empty), or about a member
that was left out (``root: missing`` after an unknown root), follows from the leaving out, not
from what the user wrote: it is not reported, and what it names (for a missing member, its
holder) is left out in turn. It stops when the rest loads, when an error names another member
the file lacks (nothing to leave out), or after :data:`MAX_ERRORS`. The errors are listed in the
order of the file, each at the place and with the path the user wrote (:mod:`navcore._places`).
A table with errors has no report, so no warnings.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Dict, List, Mapping, Optional, Set, Tuple

from ._places import Place, scan
from .errors import NavError, TableError
from .navigator import Navigator

#: At most this many errors are reported for one table: a file that is not a route table at all
#: (another JSON document) is not listed key by key.
MAX_ERRORS = 50
#: At most this many loads: each leaves out one more place, reported or not.
MAX_LOADS = 200

#: An error about one member of the object at its path: an unknown key, or a key that is a bad
#: route, param or condition name.
_KEY_ERROR = re.compile(r'(?:unknown key|bad (?:route|param|condition) name) "(.*?)" \(')
_TEXT_POSITION = re.compile(r"line (\d+), column (\d+)")


def _detail(error: NavError) -> str:
    """The library's message without its leading path."""
    return error.message[len(error.path) + 2:] if error.path and error.message.startswith(error.path + ": ") else error.message


def _at(place: Place) -> Dict[str, int]:
    """The ``line`` and ``column`` members of a problem at ``place``."""
    return {"line": place.line, "column": place.column}


def _error(error: NavError, path: str, position: Mapping[str, Optional[int]]) -> Dict[str, Any]:
    """An error as ``lint --json`` lists it: the library's status, its path and message (the path
    as the user wrote it), and where."""
    message = f"{path}: {_detail(error)}" if error.path else error.message
    return {"status": error.status, "path": path, "message": message, **position}


def _culprit(error: NavError, places: Place) -> Tuple[str, bool]:
    """The path of what ``error`` names, and whether it is about a key (an unknown key, a bad
    name): then the path is the key's own, when the text has it, and no left-out part can have
    caused the error."""
    key = _KEY_ERROR.match(_detail(error))
    if key is not None:
        path = f"{error.path}.{key.group(1)}" if error.path else key.group(1)
        if not places.find(path)[1]:
            return path, True
    return error.path, False


def _written(place: Place, lacking: str) -> str:
    """The path, as the user wrote it, of what is at ``place`` and below it along ``lacking``."""
    if not lacking or not place.path or lacking.startswith("["):
        return place.path + lacking
    return f"{place.path}.{lacking}"


def _holds(path: str, inner: str) -> bool:
    """Whether the place ``path`` holds the place ``inner`` (is above it)."""
    return not path or inner.startswith((path + ".", path + "["))


#: An element of a list nothing names (a link, a redirect): an error in it leaves it out whole,
#: so that its other members (a link's URL placeholders) are not blamed for what was left out.
_UNNAMED = re.compile(r"(?:links|redirects)\[\d+\]")

#: A param declaration (``routes.product.params.id``): a wrong one is read as a string param for
#: the rest of the run, so that the title and the links naming it are not blamed.
_PARAM = re.compile(r"routes\.[^.\[]+\.params\.[^.\[]+")


def _load_errors(text: str, first: TableError) -> List[Dict[str, Any]]:
    """Every error of the table ``text``, whose first is ``first`` (see the module's docstring)."""
    places = scan(text)
    removed: List[str] = []  # the paths (as written) left out
    errors: List[Dict[str, Any]] = []
    error: NavError = first
    for _ in range(MAX_LOADS):
        path, is_key = _culprit(error, places)
        place, lacking = places.find(path)
        written = _written(place, lacking)
        follows = not is_key and (written in removed if lacking else any(_holds(written, inner) for inner in removed))
        if not follows:
            errors.append(_error(error, places.find(error.path)[0].path if is_key else written, _at(place)))
        if lacking:  # a missing member: what holds it goes, when that follows from a left-out part
            path = path[:len(path) - len(lacking)].rstrip(".") if follows else ""
        unnamed = None if is_key else _UNNAMED.match(path)
        path = unnamed.group() if unnamed else path
        if not path or len(errors) == MAX_ERRORS:
            break
        place = places.find(path)[0]
        if not is_key and _PARAM.fullmatch(path) and place.value != "string":
            place.value = "string"
        else:
            removed.append(place.path)
            places.remove(path)
        try:
            Navigator(json.dumps(places.data()).encode("utf-8")).close()
            break
        except NavError as next_error:
            if not isinstance(next_error, TableError):
                break
            error = next_error
    return sorted(errors, key=lambda found: (found["line"], found["column"]))


def _warnings(report: Dict[str, Any], extra: List[Dict[str, str]], text: str, ignored: Set[str]) -> List[Dict[str, Any]]:
    """The report's warnings and ``extra`` ones, less the ``ignored`` kinds, each at its place
    (or the nearest place the text has: a missing translation is where the titles would go)."""
    places = scan(text)
    return [{**warning, **_at(places.find(warning["path"])[0])}
            for warning in report["warnings"] + extra if warning["kind"] not in ignored]


def lint(data: bytes, ignored: Set[str], extra: Callable[[Dict[str, Any]], List[Dict[str, str]]]
         ) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
    """The errors and the warnings of the table in ``data``. ``extra(report)`` gives warnings the
    report holds elsewhere than in ``warnings``; ``ignored`` are the warning kinds left out."""
    try:
        with Navigator(data) as nav:
            report = nav.table_report()
    except TableError as error:
        return _load_errors(data.decode("utf-8"), error), []
    except NavError as error:  # not JSON, not UTF-8, too big: the text as a whole
        position = _TEXT_POSITION.search(error.message)
        line, column = (int(position.group(1)), int(position.group(2))) if position else (None, None)
        return [_error(error, error.path, {"line": line, "column": column})], []
    return [], _warnings(report, extra(report), data.decode("utf-8"), ignored)
