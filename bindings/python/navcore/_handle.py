"""The owned ``navcore_navigator *``: counted uses, and a free that waits for the last one.

Every call into the library on a navigator runs inside :meth:`Handle.use`. Closing marks the
handle closed at once (new uses raise), but the navigator is freed only when no call is running,
so ``close()`` from a listener or from another thread never frees a navigator under a running
call. Listener trampolines that are unsubscribed while a call runs are kept here until the last
call ends, because a delivery in that call may still be executing them.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import List, Optional, Tuple, Type

from ._library import LIB
from .errors import InvalidArgumentError


class Handle:
    """A navigator pointer shared by a :class:`~navcore.Navigator` and its finalizer."""

    def __init__(self, pointer: int) -> None:
        """Takes ownership of ``pointer``, a navigator made by ``navcore_navigator_new``."""
        self._pointer: Optional[int] = pointer
        self._lock = threading.Lock()
        self._users = 0
        self._closed = False
        self._retired: List[object] = []

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has been called."""
        return self._closed

    def use(self) -> "Handle":
        """The pointer, for the duration of one library call: ``with handle.use() as pointer:``.

        Raises InvalidArgumentError if the handle is closed. The handle is its own context manager
        (entering counts a use, leaving ends it), since every call into the library goes through it.
        """
        return self

    def __enter__(self) -> int:
        """Counts a use and returns the pointer; raises InvalidArgumentError if closed."""
        with self._lock:
            if self._closed or self._pointer is None:
                raise InvalidArgumentError("the navigator is closed")
            self._users += 1
            return self._pointer

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        """Ends a use; frees the navigator if it was closed meanwhile and this was the last use."""
        with self._lock:
            self._users -= 1
            if self._users or not (self._closed or self._retired):
                return  # the common case: nothing to free or drop
            due, dropped = self._take_due()
        self._free(due)
        del dropped  # unsubscribed trampolines die here, outside the lock

    def retire(self, keepalive: object) -> None:
        """Keeps ``keepalive`` (an unsubscribed trampoline) until no call is running.

        Called inside :meth:`use`, so it is dropped at the latest when that use ends.
        """
        with self._lock:
            self._retired.append(keepalive)

    def close(self) -> None:
        """Closes the handle; frees the navigator now, or when the running calls end. Idempotent."""
        with self._lock:
            self._closed = True
            pointer, dropped = self._take_due()
        self._free(pointer)
        del dropped  # unsubscribed trampolines die here, outside the lock

    def _take_due(self) -> Tuple[Optional[int], List[object]]:
        """With the lock held: once no call runs, the pointer to free (if closed) and the
        retired trampolines to drop; both are released outside the lock."""
        if self._users:
            return None, []
        retired, self._retired = self._retired, []
        pointer = self._pointer if self._closed else None
        if pointer is not None:
            self._pointer = None
        return pointer, retired

    @staticmethod
    def _free(pointer: Optional[int]) -> None:
        """Frees the navigator ``pointer``, if there is one."""
        if pointer is not None:
            LIB.navcore_navigator_free(pointer)

