"""A context-manager base for objects that end with ``close()``."""
from types import TracebackType
from typing import Optional, Type, TypeVar

_Self = TypeVar("_Self", bound="Closing")


class Closing:
    """``with obj:`` returns the object and calls its ``close()`` on the way out."""

    def close(self) -> None:
        """Ends the object; subclasses define it."""
        raise NotImplementedError

    def __enter__(self: _Self) -> _Self:
        """Returns the object itself."""
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        """Calls ``close()``."""
        self.close()
