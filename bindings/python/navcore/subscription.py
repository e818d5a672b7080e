"""A listener's subscription to a navigator's transitions."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ._closing import Closing

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from .navigator import Navigator


class Subscription(Closing):
    """What :meth:`Navigator.subscribe <navcore.Navigator.subscribe>` returns.

    ``unsubscribe()`` (alias ``close()``) stops the deliveries; it is idempotent, and a no-op once
    the navigator is closed (closing releases every subscription). As a context manager, the
    subscription ends with the ``with`` block.
    """

    def __init__(self, navigator: "Navigator", subscription_id: int) -> None:
        """Wraps subscription ``subscription_id`` of ``navigator``; made by ``Navigator.subscribe``."""
        self._navigator = navigator
        self._id = subscription_id
        self._lock = threading.Lock()
        self._active = True

    @property
    def id(self) -> int:
        """The library's subscription id (positive)."""
        return self._id

    @property
    def active(self) -> bool:
        """True until unsubscribed or until the navigator is closed."""
        return self._active and not self._navigator.closed

    def unsubscribe(self) -> None:
        """Stops delivering transitions to the listener. Idempotent.

        Once this returns, the listener is not called again by a delivery on this thread.
        """
        with self._lock:
            if not self._active:
                return
            self._active = False
        if not self._navigator.closed:
            self._navigator._unsubscribe(self._id)

    close = unsubscribe

    def __repr__(self) -> str:
        """``<Subscription 3 active>`` or ``... ended>``."""
        return f"<Subscription {self._id} {'active' if self.active else 'ended'}>"
