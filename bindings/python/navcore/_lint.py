"""The problems ``navcore lint`` finds in a route table, each at its line and column (docs/tools.md).

The library checks a table as it loads it and stops at its first error; a table that loads has a
report whose warnings are every problem of that kind. To give every error of a table in one run,
:func:`lint` loads it again and again: after each error, what the error names is left out of the
document (for an unknown key, that key; a param declared wrong is read as a string param, so that
the titles and links naming it are not blamed) and the rest is loaded anew. It stops when the rest
loads, when an error names a member the file lacks (``root: missing``: nothing to leave out), or
after :data:`MAX_ERRORS`. A part of the table (a route, a link, a tab, a condition, a top-level
member) that something was left out of may then be wrong only for that (a link whose one route
was unknown has no route for its ``{id}``): its next errors, but an unknown key, are not reported,
and what they name is left out in turn. The errors are listed in the order of the file, each at
the place and with the path the user wrote (:mod:`navcore._places`). A table with errors has no
report, so no warnings.
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

_UNKNOWN_KEY = re.compile(r'unknown key "(.*?)" \(allowed')
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
    """The path of what ``error`` names, and whether it is an unknown key (then the path is the
    key's own, when the text has it: no left-out part can have caused such an error)."""
    key = _UNKNOWN_KEY.match(_detail(error))
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


def _part(path: str) -> str:
    """The part of the table a path is in: a member of a top-level collection (``routes.product``,
    ``links[0]``, ``conditions.signed_in``), or a top-level member (``root``)."""
    match = re.match(r"[^.\[]*(?:\[\d+\]|\.[^.\[]*)?", path)
    return match.group() if match else path


#: A param declaration (``routes.product.params.id``): a wrong one is read as a string param for
#: the rest of the run, so that the title and the links naming it are not blamed.
_PARAM = re.compile(r"routes\.[^.\[]+\.params\.[^.\[]+")


def _load_errors(text: str, first: TableError) -> List[Dict[str, Any]]:
    """Every error of the table ``text``, whose first is ``first`` (see the module's docstring)."""
    places = scan(text)
    changed: Set[int] = set()  # the parts (their places) something was left out of for an error
    errors: List[Dict[str, Any]] = []
    error: NavError = first
    while len(errors) < MAX_ERRORS:
        path, is_key = _culprit(error, places)
        place, lacking = places.find(path)
        follows = not is_key and id(places.find(_part(path))[0]) in changed
        if not follows:
            written = _written(place, lacking)
            errors.append(_error(error, written.rsplit(".", 1)[0] if is_key else written, _at(place)))
        if lacking:  # a missing member: what holds it goes, when that follows from a left-out part
            path = path[:len(path) - len(lacking)].rstrip(".") if follows else ""
        if not path:
            break
        if not is_key:
            changed.add(id(places.find(_part(path))[0]))
        if _PARAM.fullmatch(path):
            place.value = "string"
        else:
            places.remove(path)
        try:
            Navigator(json.dumps(places.data()).encode("utf-8")).close()
            break
        except TableError as next_error:
            error = next_error
    return sorted(errors, key=lambda error: (error["line"], error["column"]))


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
