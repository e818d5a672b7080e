"""The C-callable trampoline of one subscription, and how listener exceptions are reported.

An exception must never cross into C. The trampoline catches anything a listener raises and
reports it: to the navigator's ``on_listener_error`` hook when one was given, otherwise (and
also when the hook itself raises) to the ``"navcore"`` :mod:`logging` logger at ERROR level with
the traceback. Logging always shows it: with no handler configured, Python's last-resort handler
prints it to stderr. The change that was being delivered stays committed, and the remaining
listeners still receive it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable, Optional

from ._library import LISTENER
from .transitions import Transition

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from ._handle import Handle

#: A listener: called with each transition that changed something.
Listener = Callable[[Transition], object]
#: A hook for listener exceptions: called with the exception and the listener that raised it.
ListenerErrorHook = Callable[[BaseException, Listener], object]

#: The logger that reports listener exceptions when no hook takes them.
logger = logging.getLogger("navcore")


def report_listener_error(error: BaseException, listener: Listener, hook: Optional[ListenerErrorHook]) -> None:
    """Reports ``error``, raised by ``listener``, to ``hook`` or else to :data:`logger`."""
    if hook is not None:
        try:
            hook(error, listener)
            return
        except BaseException as hook_error:  # noqa: BLE001 - nothing may reach C
            logger.error("navcore: on_listener_error hook raised while reporting a listener error",
                         exc_info=hook_error)
            return
    logger.error("navcore: listener %r raised", listener, exc_info=error)


def make_trampoline(listener: Callable[[Any], object], hook: Optional[ListenerErrorHook],
                    decode: Callable[[bytes], Any], handle: "Handle") -> Any:
    """A ``navcore_listener`` function pointer that decodes each document (a transition, or for
    a view subscription the view model) and calls ``listener`` with it, until ``handle`` is
    closed: as in C, where the free ends every subscription, no listener hears anything after
    the close, not even the rest of the round being delivered.

    The caller must keep the returned object alive for as long as the library may call it.
    """

    def trampoline(document_json: bytes, _user_data: Optional[int]) -> None:
        if handle.closed:
            return
        try:
            listener(decode(document_json))
        except BaseException as error:  # noqa: BLE001 - nothing may reach C
            report_listener_error(error, listener, hook)

    return LISTENER(trampoline)
