"""The C-callable trampoline of a navigator's guard, its answers, and what happens when it misbehaves.

A guard is a Python callable asked before each batch commits (docs/conditions.md, "Redirects and
guards"). It gets the :class:`~navcore.transitions.Proposal` (the ``actions`` and the
``transition`` they would commit), and returns ``None`` or ``True`` to allow the batch, :class:`Deny` to refuse it (the call
raises :class:`~navcore.errors.DeniedError` with the reason) or :class:`Redirect` to propose other
actions instead. An exception must never cross into C, and garbage must not let a batch through:
a guard that raises, or returns anything else, denies the batch; what happened is logged to the
``"navcore"`` logger at ERROR level and named in the DeniedError's message.

The guard runs on the thread of the call, without the navigator's lock, so it may read the
navigator; a change to the same navigator from its guard raises CascadeError there (answer with
:class:`Redirect` instead).
"""

from __future__ import annotations

import json
import logging
from typing import Any, Callable, Dict, Optional, Sequence, Union

from ._library import GUARD, LIB
from ._marshal import dump
from .transitions import Proposal

logger = logging.getLogger("navcore")


class Deny:
    """A guard's answer: refuse the batch for ``reason``."""

    def __init__(self, reason: str) -> None:
        """Denies with ``reason`` (a str)."""
        self.reason = reason

    def __repr__(self) -> str:
        """``Deny('reason')``."""
        return f"Deny({self.reason!r})"


class Redirect:
    """A guard's answer: propose ``actions`` (an action dict or a list of them) instead."""

    def __init__(self, actions: Union[Dict[str, Any], Sequence[Dict[str, Any]]]) -> None:
        """Redirects to ``actions``."""
        self.actions = actions

    def __repr__(self) -> str:
        """``Redirect([...])``."""
        return f"Redirect({self.actions!r})"


#: A guard: called with each proposal; returns None/True, Deny or Redirect.
Guard = Callable[[Proposal], Union[None, bool, Deny, Redirect]]

#: ``NAVCORE_OK``: the guard answered through its decision (or allowed).
_OK = 0


def _deny(decision: Optional[int], reason: str) -> int:
    """Answers ``decision`` with a denial for ``reason``."""
    LIB.navcore_guard_deny(decision, reason.encode("utf-8", errors="replace"))
    return _OK


def make_guard(guard: Guard) -> Any:
    """A ``navcore_guard`` function pointer that calls ``guard`` with each proposal.

    The caller must keep the returned object alive for as long as the library may call it.
    """

    def trampoline(proposal_json: bytes, decision: Optional[int], _user_data: Optional[int]) -> int:
        try:
            answer = guard(Proposal.from_json(proposal_json))
            if isinstance(answer, Redirect):
                # A failure is kept in the decision: the judged call fails with it.
                LIB.navcore_guard_redirect(decision, dump(answer.actions, "actions"))
                return _OK
        except BaseException as error:  # noqa: BLE001 - nothing may reach C
            logger.error("navcore: guard %r raised; the batch is denied", guard, exc_info=error)
            return _deny(decision, f"the guard raised {type(error).__name__}: {error}")
        if answer is None or answer is True:
            return _OK
        if isinstance(answer, Deny) and isinstance(answer.reason, str):
            return _deny(decision, answer.reason)
        logger.error("navcore: guard %r returned %r, not None, True, Deny(str) or Redirect; the batch is denied",
                     guard, answer)
        return _deny(decision, f"the guard returned {json.dumps(repr(answer))[1:-1]}, not None, True, Deny or Redirect")

    return GUARD(trampoline)
