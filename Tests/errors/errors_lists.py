"""The Errors lists of Include/navcore.h, read as data, and the check of the statuses the tests saw against them.

Every function of the header that returns a status documents what it fails with in one form:

     * Errors:
     *  - NAVCORE_EINVAL: nav is NULL.
     *  - NAVCORE_ENOMEM.
     *  - after a guard's redirect, the errors of navcore_apply(): ...

one bullet per status (a line "  - NAME", then ":" and why, or "."); "the errors of navcore_X()" for every status
of another function's list; "after a guard's redirect, the errors of navcore_X()" for those of a call that the
navigator's guard answered with a redirect. Lines indented further continue a bullet, and the list ends at the
first other line. The C function of an op (Include/navcore.h, "One C function per op") starts its list with
the errors of navcore_apply() for its action, then only its own bullets, if any:

     * Errors: those of navcore_apply() for a `push` action, and:
     *  - NAVCORE_EINVAL: nav or name is NULL, or name or params_json not UTF-8.
"""

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

# A doc comment directly followed by a function returning a status.
_FUNCTION = re.compile(r"/\*\*((?:(?!\*/).)*)\*/\s*int (navcore_\w+)\(", re.S)
_STATUS = re.compile(r"^#define (NAVCORE_E[A-Z]+) \(-\d+\)$", re.M)
_STATUS_VALUE = re.compile(r"^#define (NAVCORE_(?:OK|E[A-Z]+)) \(?(-?\d+)\)?$", re.M)
_BULLET = re.compile(r"^ \*  - (?:(NAVCORE_E[A-Z]+)(?:[:.]|$)|(after a guard's redirect, )?the errors of (navcore_\w+)\(\))")
_CONTINUATION = re.compile(r"^ \*    \S")
# The first line of an op's C function's list: the errors of the function it wraps for that op.
_THOSE_OF = re.compile(r"^ \* Errors: those of (navcore_\w+)\(\) for a `\w+` action(\.|, and:)$")

# Functions that return an int that is no status.
_NOT_FALLIBLE = {"navcore_version_number"}


class ErrorsListError(Exception):
    """The header's Errors lists are not in the one form, or name what does not exist."""


def status_values(header: str) -> dict[int, str]:
    """Each status code's value, to its name (NAVCORE_OK included)."""
    return {int(value): name for name, value in _STATUS_VALUE.findall(header)}


class ErrorsList(NamedTuple):
    """One function's list: the statuses it names, the functions whose lists it includes, and those it includes
    after a guard's redirect."""

    names: set[str]
    included: set[str]
    after_redirect: set[str]


def errors_lists(header: str) -> dict[str, ErrorsList]:
    """Each fallible function's Errors list."""
    statuses = set(_STATUS.findall(header))
    lists: dict[str, ErrorsList] = {}
    for comment, function in _FUNCTION.findall(header):
        if function in _NOT_FALLIBLE:
            continue
        lines = ("/**" + comment).splitlines()
        starts = [i for i, line in enumerate(lines) if line.strip() == "* Errors:" or _THOSE_OF.match(line)]
        if len(starts) != 1:
            raise ErrorsListError(f"{function}: needs one line \" * Errors:\", has {len(starts)}")
        entry = ErrorsList(set(), set(), set())
        those_of = _THOSE_OF.match(lines[starts[0]])
        if those_of is not None:
            entry.included.add(those_of.group(1))
        for line in lines[starts[0] + 1 :] if those_of is None or those_of.group(2) != "." else []:
            bullet = _BULLET.match(line)
            if bullet is None and _CONTINUATION.match(line):
                continue
            if bullet is None:
                break
            if bullet.group(1) is not None and bullet.group(1) not in statuses:
                raise ErrorsListError(f"{function}: {bullet.group(1)} is no status code")
            if bullet.group(1) is not None:
                entry.names.add(bullet.group(1))
            else:
                (entry.after_redirect if bullet.group(2) else entry.included).add(bullet.group(3))
        if entry == ErrorsList(set(), set(), set()):
            raise ErrorsListError(f"{function}: its Errors list has no bullet \" *  - NAVCORE_E...\"")
        lists[function] = entry
    for function, entry in lists.items():
        for other in (entry.included | entry.after_redirect) - lists.keys():
            raise ErrorsListError(f"{function}: includes the errors of {other}(), which has no list")
    return lists


def allowed(lists: Mapping[str, ErrorsList], function: str, redirected: bool) -> set[str]:
    """The statuses function may return: NAVCORE_OK and its list, with the lists it includes (and, for a call
    its guard redirected, those it includes after a redirect)."""
    result, seen = {"NAVCORE_OK"}, set()
    todo = [function] + (sorted(lists[function].after_redirect) if redirected else [])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            result |= lists[name].names
            todo.extend(lists[name].included)
    return result


def undocumented(header: str, log: Iterable[str]) -> list[str]:
    """The lines of a status log ("FUNCTION STATUS r|- WHERE", "r" for a call its guard redirected) whose status
    the function's list does not name."""
    lists = errors_lists(header)
    names = status_values(header)
    problems = []
    for line in log:
        function, status, redirected, where = (line.split(" ", 3) + [""])[:4]
        name = names.get(int(status), f"the unknown status {status}")
        if function not in lists:
            problems.append(f"{function} has no Errors list ({where.strip()})")
        elif name not in allowed(lists, function, redirected == "r"):
            how = ", redirected by its guard," if redirected == "r" else ""
            problems.append(f"{function}{how} returned {name}, which its Errors list does not name ({where.strip()})")
    return problems
