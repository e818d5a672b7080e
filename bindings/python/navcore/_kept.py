"""The trampolines the library holds through a ``user_data``, kept until it lets go of them.

Each subscription and the guard are made with a ``..._with_destroy`` function: the ``user_data``
is a token for the trampoline, and :data:`RELEASE`, the ``navcore_destroy`` of all of them, drops
the trampoline when the library calls it, exactly once, when nothing can call that trampoline any
more (after an unsubscribe, a replaced guard or the navigator's free, and after any delivery in
flight that still uses it).

Each navigator owns its :class:`Kept`, and the tokens refer to it only weakly: a listener that
refers to its own navigator makes a cycle that the collector frees (its finalizer frees the
navigator, whose destroys then find nothing left to drop).
"""

from __future__ import annotations

import itertools
import weakref
from typing import Dict, Optional

from ._library import DESTROY

#: The next tokens: never 0, which reads as NULL.
_TOKENS = itertools.count(1)


class Kept(Dict[int, object]):
    """One navigator's trampolines that the library holds, by token."""

    def keep(self, trampoline: object) -> int:
        """Keeps ``trampoline`` until the library passes the returned token to :data:`RELEASE`."""
        token = next(_TOKENS)
        self[token] = trampoline
        _OWNERS[token] = weakref.ref(self)
        return token


#: The :class:`Kept` of each token the library holds, weakly.
_OWNERS: Dict[int, "weakref.ref[Kept]"] = {}


def _release(token: Optional[int]) -> None:
    """Drops the trampoline kept for ``token``, unless its navigator is already gone."""
    owner = _OWNERS.pop(token or 0, None)
    kept = owner() if owner is not None else None
    if kept is not None:
        kept.pop(token or 0, None)


#: The ``navcore_destroy`` of every subscription and guard the binding makes.
RELEASE = DESTROY(_release)
