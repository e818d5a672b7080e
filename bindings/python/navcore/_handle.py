"""The owned ``navcore_navigator *``: counted uses, and a free that waits for the last one.

Every call into the library on a navigator runs as one counted use: :meth:`Handle.call` for a
single call, or ``with handle.use() as pointer:`` for a few steps together. Closing marks the
handle closed at once (new uses raise), but the navigator is freed only when no call is running.

The library itself lets a free wait for the calls running inside it (``navcore_navigator_free``),
and lets go of each subscription's and the guard's trampoline through their destroy function
(:mod:`navcore._kept`). What it cannot order is a call that another thread has begun here but not
yet made: ctypes lets go of the global interpreter lock just before it calls the library, and a
free in that moment would be a use after free. The count is for that alone.

A use is counted without a lock, since a use is on the path of every call and a lock taken
twice per call costs more than the smallest calls themselves: entering appends to
``_running`` and then reads ``_closed``; closing sets ``_closed`` and then frees only if
``_running`` is empty. ``list.append`` and ``list.pop`` are atomic, and under the global
interpreter lock the steps of all threads happen in one order, so either the entering call sees
``_closed`` (and raises without reading the pointer), or the closing thread sees the call
counted (and leaves the free to the end of that call). The pointer waits in a one-item list,
which ``list.pop`` hands to exactly one thread. (An interpreter built without the global lock,
CPython's experimental free-threaded build, gives no such single order; the binding is not made
for it.)
"""

from __future__ import annotations

import json
from ctypes import addressof, c_void_p
from types import TracebackType
from typing import Any, Callable, List, Optional, Type

from ._library import LIB
from ._marshal import _CHAR_P_AT, _SCAN, Text, check_status, encode
from .errors import InternalError, InvalidArgumentError

#: ``navcore_string_free``, looked up once.
STRING_FREE = LIB.navcore_string_free


class Handle:
    """A navigator pointer shared by a :class:`~navcore.Navigator` and its finalizer."""

    def __init__(self, pointer: int) -> None:
        """Takes ownership of ``pointer``, a navigator made by ``navcore_navigator_new``."""
        self._pointer: Optional[int] = pointer
        self._owned: List[int] = [pointer]  # until the one free takes it
        self._running: List[None] = []  # one item per use in progress
        self._closed = False

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has been called."""
        return self._closed

    def call(self, function: Callable[..., int], *args: Any) -> None:
        """Calls ``function(pointer, *args)`` as one use, and raises the
        :class:`~navcore.errors.NavError` of a failed call (read before any free that the end
        of the use makes). Raises InvalidArgumentError if the handle is closed."""
        running = self._running
        running.append(None)
        try:
            if self._closed:
                raise InvalidArgumentError("the navigator is closed")
            code = function(self._pointer, *args)
            if code:
                check_status(code)
        finally:
            running.pop()
            if self._closed:
                self._settle()

    def document(self, function: Callable[..., int], text: Text, what: str) -> Any:
        """Calls ``function(pointer, text, out)`` as one use, as :meth:`call` does, and returns the
        parsed JSON document the library wrote to ``out``, which is then freed: :func:`encode`,
        :meth:`call` and :func:`take_json` in one step, for the hot calls that take a text and
        return a document (``navcore_resolve_url``). ``what`` names the text in errors.

        Raises what those raise: InvalidArgumentError for text that is no C string or a closed
        handle, the NavError of a failed call, InternalError for a NULL string after a successful
        call, which only a library bug would leave."""
        # encode()'s checks, with a str that is UTF-8 and NUL-free spared its call: anything
        # else goes to encode() itself, which raises its own errors.
        if type(text) is str:
            try:
                data = text.encode()
            except UnicodeEncodeError:
                data = encode(text, what)
            if 0 in data:
                data = encode(text, what)
        else:
            data = encode(text, what)
        out = c_void_p()
        running = self._running
        running.append(None)
        try:
            if self._closed:
                raise InvalidArgumentError("the navigator is closed")
            code = function(self._pointer, data, out)
            if code:
                check_status(code)
            # take_string(): the char * read through a view of the out-parameter's own storage.
            read = _CHAR_P_AT(addressof(out)).value
        finally:
            running.pop()
            if self._closed:
                self._settle()
            STRING_FREE(out)  # NULL (a failed call) is a no-op
        if read is None:
            raise InternalError("the library reported success but wrote no string")
        # take_json(): the text scanned directly, or json.loads for its error.
        string = read.decode("utf-8")
        try:
            value, end = _SCAN(string, 0)
        except StopIteration:
            end = -1
        return value if end == len(string) else json.loads(string)

    def use(self) -> "Handle":
        """The pointer, for the duration of a few steps: ``with handle.use() as pointer:``.

        Raises InvalidArgumentError if the handle is closed. The handle is its own context manager
        (entering counts a use, leaving ends it).
        """
        return self

    def __enter__(self) -> int:
        """Counts a use and returns the pointer; raises InvalidArgumentError if closed."""
        self._running.append(None)
        pointer = None if self._closed else self._pointer
        if pointer is None:
            self.__exit__(None, None, None)
            raise InvalidArgumentError("the navigator is closed")
        return pointer

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        """Ends a use; frees the navigator if it was closed meanwhile and this was the last use."""
        self._running.pop()
        if self._closed:
            self._settle()

    def close(self) -> None:
        """Closes the handle; frees the navigator now, or when the running calls end. Idempotent."""
        self._closed = True
        self._settle()

    def _settle(self) -> None:
        """Frees the navigator if no call runs and no other thread has freed it."""
        if self._running:
            return
        try:
            pointer = self._owned.pop()
        except IndexError:
            return
        self._pointer = None
        LIB.navcore_navigator_free(pointer)
