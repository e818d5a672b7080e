"""Marshalling between Python values and the C contract: text in, owned strings out, status codes.

Text goes in as UTF-8. A Python ``str`` that UTF-8 cannot encode (a lone surrogate) is refused
here with :class:`~navcore.errors.InvalidArgumentError`, the class of ``NAVCORE_EINVAL``, as is
text holding a NUL, which a C string cannot carry without being silently cut short. ``bytes`` are
passed verbatim (apart from that NUL check), so the library judges their UTF-8 itself.
"""

from __future__ import annotations

import json
from ctypes import addressof, c_char_p, c_void_p
from typing import Any, Callable, Dict, Optional, Tuple, Union

from ._library import LIB
from .errors import BlockedError, InternalError, InvalidArgumentError, error_for
from .reports import Blocked

#: What the binding accepts as JSON text: a str (encoded as UTF-8) or bytes (passed verbatim).
Text = Union[str, bytes]

#: The json module's C scanner: what json.loads runs after sniffing the encoding and skipping
#: whitespace, which a compact document the library wrote never needs.
_SCAN: Callable[[str, int], Tuple[Any, int]] = getattr(json.JSONDecoder(), "scan_once")


#: The ``char *`` stored at an address, as a c_char_p whose ``value`` reads the string.
_CHAR_P_AT: Callable[[int], c_char_p] = c_char_p.from_address


def encode(text: Text, what: str) -> bytes:
    """``text`` as the bytes of a C string; ``what`` names it in errors.

    Raises InvalidArgumentError for a str that is not encodable as UTF-8 or text that holds a
    NUL, TypeError if it is neither str nor bytes.
    """
    if isinstance(text, str):
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as error:
            bad = text[error.start:error.end].encode("unicode_escape").decode("ascii")
            raise InvalidArgumentError(
                f"{what}: not valid UTF-8: lone surrogate {bad} at character {error.start}", path=what
            ) from None
    elif isinstance(text, bytes):
        data = text
    else:
        raise TypeError(f"{what} must be str or bytes, not {type(text).__name__}")
    if 0 in data:  # the byte 0, asked as an int: a bytes operand costs a raised and cleared TypeError first
        raise InvalidArgumentError(f"{what}: contains a NUL character, which a C string cannot hold", path=what)
    return data


def text_field(text: Text, what: str) -> str:
    """``text`` for a field of an action, refused as :func:`encode` refuses it for a C call;
    ``what`` names it in errors. A method that sends its argument through ``apply`` checks it
    here, so that the argument meets the same checks as when it was a C string.

    Raises InvalidArgumentError as :func:`encode` does, and for bytes that are not UTF-8 (as the
    library would), TypeError if it is neither str nor bytes.
    """
    data = encode(text, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidArgumentError(
            f"{what}: is not valid UTF-8 (byte 0x{data[error.start]:02X} at offset {error.start})", path=what
        ) from None


def dump(value: Any, what: str) -> bytes:
    """``value`` as JSON text for the library; ``what`` names it in errors.

    Non-ASCII text is written as UTF-8, not ``\\u`` escapes, so that a lone surrogate is refused
    like anywhere else (see :func:`encode`). Raises TypeError for values JSON cannot hold.
    The text is what ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` writes.

    A dict of str keys to strings, ints, bools and None, as the params of most calls are, is
    written here without setting up the json module's encoder; any other value goes to it.
    """
    text = None
    if type(value) is dict:
        items = []
        for key, item in value.items():
            write = _SCALARS.get(type(item))
            if write is None or type(key) is not str:
                break
            items.append(_STRING(key) + ":" + write(item))
        else:
            text = "{" + ",".join(items) + "}"
    return encode(_ENCODER.encode(value) if text is None else text, what)


#: The encoder json.dumps(value, ensure_ascii=False, separators=(",", ":")) makes on each call, made once.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
#: How json writes a string when ensure_ascii is off (its C function where there is one).
_STRING: Callable[[str], str] = json.encoder.encode_basestring
#: How json writes each scalar, by exact type (a bool is no int here, a str subclass goes to json).
_SCALARS: Dict[type, Callable[[Any], str]] = {
    str: _STRING, int: int.__repr__, bool: lambda flag: "true" if flag else "false", type(None): lambda _: "null",
}


def check_status(code: int) -> None:
    """Raises the :class:`~navcore.errors.NavError` subclass for ``code`` unless it is NAVCORE_OK.

    Must run right after the failed call, on the same thread: it reads the thread's last error.
    """
    if code != 0:
        message = LIB.navcore_last_error_message().decode("utf-8", "replace")
        path = LIB.navcore_last_error_path().decode("utf-8", "replace")
        status = LIB.navcore_status_string(code).decode("ascii", "replace")
        error = error_for(code, status, message, path)
        if isinstance(error, BlockedError):
            blocked = LIB.navcore_last_blocked()
            error.blocked = Blocked.from_json(blocked) if blocked else None
        raise error


def take_string(pointer: c_void_p) -> bytes:
    """The bytes of a string the library returned through an out-parameter, which is then freed.

    Raises InternalError for a NULL pointer, which only a library bug would leave after a
    successful call."""
    try:
        # A char * read through a view of the out-parameter's own storage: no foreign call, and
        # without the memoryview that c_char_p.from_buffer makes to keep its source alive.
        text = _CHAR_P_AT(addressof(pointer)).value
    finally:
        LIB.navcore_string_free(pointer)  # NULL is a no-op
    if text is None:
        raise InternalError("the library reported success but wrote no string")
    return text


def take_json(pointer: c_void_p) -> Any:
    """The parsed JSON document of an owned out-string (one compact value, UTF-8), which is then
    freed.

    Scanned directly, which costs half of json.loads on the small documents of every call; any
    other text goes to json.loads, which raises its usual error.
    """
    string = take_string(pointer).decode("utf-8")
    try:
        value, end = _SCAN(string, 0)
    except StopIteration:
        end = -1
    return value if end == len(string) else json.loads(string)
