"""The exceptions raised for navcore status codes: one class per ``NAVCORE_E*`` code.

Each also subclasses the built-in exception that fits it, so that code catching ``LookupError``
(an unknown route, entry, tab or link) or ``ValueError`` (malformed input) catches navcore's too.
No class shadows a built-in name."""

from __future__ import annotations

from typing import Any, ClassVar, Dict, Optional, Type

from . import _header
from .entries import Entry
from .reports import Blocked


class NavError(Exception):
    """A navcore call failed.

    Attributes:
        code: the negative status code returned by the library (``-6`` for ``NAVCORE_EROUTE``).
        status: the status name, as ``navcore_status_string()`` gives it (``"NAVCORE_EROUTE"``).
        message: the library's message for the failure; it names the offending thing,
            e.g. ``actions[0].route.name: unknown route "prodcut"``.
        path: the place of the failure on its own, as ``navcore_last_error_path()`` gives it
            (``"actions[0].route.name"``); ``""`` when the error has no place. When it is not
            empty, the message begins with it.
    """

    #: The status code that this class stands for (``0`` only on the base class).
    CODE: ClassVar[int] = 0
    #: The status name that this class stands for.
    STATUS: ClassVar[str] = "NAVCORE_UNKNOWN"

    code: int
    status: str
    message: str
    path: str

    def __init__(self, message: str, code: Optional[int] = None, status: Optional[str] = None,
                 path: str = "") -> None:
        """Creates the error; ``code`` and ``status`` default to the class's own."""
        self.code = self.CODE if code is None else code
        self.status = self.STATUS if status is None else status
        self.message = message
        self.path = path
        super().__init__(f"{self.status}: {message}" if message else self.status)


class InvalidArgumentError(NavError, ValueError):
    """``NAVCORE_EINVAL``: a NULL or closed handle, text that is not UTF-8, an unknown subscription."""


class OutOfMemoryError(NavError, MemoryError):
    """``NAVCORE_ENOMEM``: memory could not be allocated."""


class JSONError(NavError, ValueError):
    """``NAVCORE_EJSON``: text is not valid JSON (syntax, truncation or too deep nesting)."""


class TableError(NavError, ValueError):
    """``NAVCORE_ETABLE``: the route table is invalid; the message names the exact place."""


class ActionError(NavError, ValueError):
    """``NAVCORE_EACTION``: an action is malformed (unknown op, missing/extra/mistyped field, bad count,
    unknown push policy), a presentation style the table does not declare, or ``select`` without a
    split layout."""


class RouteError(NavError, LookupError):
    """``NAVCORE_EROUTE``: a route names no route of the table, or one that the target tab does not
    accept (the message names the tab), or a ``select`` of a route that is not in the sidebar."""


class ParamsError(NavError, ValueError):
    """``NAVCORE_EPARAMS``: a route's params do not match its declaration; the message names the param."""


class NoEntryError(NavError, LookupError):
    """``NAVCORE_ENOENTRY``: an action refers to an entry that is not on the stack, or a dismiss
    finds nothing presented."""


class CascadeError(NavError, RuntimeError):
    """``NAVCORE_ECASCADE``: listeners chained more re-entrant changes than the library allows."""


class InternalError(NavError, RuntimeError):
    """``NAVCORE_EINTERNAL``: a bug inside navcore; please report it with the message."""


class NoMatchError(NavError, LookupError):
    """``NAVCORE_ENOMATCH``: no link matches a URL, or no link produces a route; the message names
    the closest link and the part that failed."""


class UnknownTabError(NavError, LookupError):
    """``NAVCORE_ETAB``: a tab name that no tab of the table has, or a tab action on a table
    that declares no tabs."""


class RestoreError(NavError, ValueError):
    """``NAVCORE_ERESTORE``: a snapshot or action log that cannot be restored at all (not JSON,
    truncated, too large, of a newer format, of the wrong shape, of another app, with duplicate or
    out-of-range ids), or a log that does not replay exactly. The state is untouched."""


class LimitError(NavError, ValueError):
    """``NAVCORE_ELIMIT``: a documented limit would be exceeded (a batch too long or with too many
    actions, a counter at ``MAX_COUNTER``, a snapshot too large to be read back). Nothing changed."""


class RedirectError(NavError, RuntimeError):
    """``NAVCORE_EREDIRECT``: redirects went past the route table's ``redirect_limit``, or a guard's
    redirects came back to a batch already proposed; the message lists the chain (``a -> b -> a``).
    Nothing changed."""


class DeniedError(NavError):
    """``NAVCORE_EDENIED``: the navigator's guard denied the batch; the message gives its reason.
    Nothing changed."""


class BlockedError(NavError):
    """``NAVCORE_EBLOCKED``: a blocking entry (an unsaved draft, see
    :meth:`~navcore.Navigator.set_blocker`) holds back the change; nothing changed.

    Attributes besides :class:`NavError`'s:
        blocked: the held-back batch as ``navcore_last_blocked()`` describes it, a
            :class:`~navcore.reports.Blocked` (token, stack, reason, entry, actions); None when
            memory ran out writing it.
        reason: the blocker's reason. entry: the blocking entry. token: what
            :meth:`~navcore.Navigator.proceed` takes (it also takes this exception).
    """

    blocked: Optional[Blocked] = None

    @property
    def token(self) -> str:
        """The token that proceeds past the blocker, once ("" without :attr:`blocked`)."""
        return self.blocked.token if self.blocked is not None else ""

    @property
    def reason(self) -> str:
        """The blocker's reason (``"Unsaved draft"``; "" without :attr:`blocked`)."""
        return self.blocked.reason if self.blocked is not None else ""

    @property
    def entry(self) -> Optional[Entry]:
        """The blocking entry, as the state writes it (None without :attr:`blocked`)."""
        return self.blocked.entry if self.blocked is not None else None


#: Status code -> the class raised for it: the one table of the binding's error classes. The codes
#: and names come from the header (``_header.py``); each class's ``CODE`` and ``STATUS`` are set here.
ERROR_CLASSES: Dict[int, Type[NavError]] = {
    _header.EINVAL: InvalidArgumentError,
    _header.ENOMEM: OutOfMemoryError,
    _header.EJSON: JSONError,
    _header.ETABLE: TableError,
    _header.EACTION: ActionError,
    _header.EROUTE: RouteError,
    _header.EPARAMS: ParamsError,
    _header.ENOENTRY: NoEntryError,
    _header.ECASCADE: CascadeError,
    _header.EINTERNAL: InternalError,
    _header.ENOMATCH: NoMatchError,
    _header.ETAB: UnknownTabError,
    _header.ERESTORE: RestoreError,
    _header.ELIMIT: LimitError,
    _header.EREDIRECT: RedirectError,
    _header.EDENIED: DeniedError,
    _header.EBLOCKED: BlockedError,
}
for _code, _cls in ERROR_CLASSES.items():
    _cls.CODE, _cls.STATUS = _code, _header.STATUS_NAMES[_code]
del _code, _cls


def error_for(code: int, status: str, message: str, path: str = "") -> NavError:
    """The exception for a failed call: the class of ``code``, or :class:`NavError` for a code
    this binding does not know yet (the library may add codes)."""
    return ERROR_CLASSES.get(code, NavError)(message, code, status, path)
