"""The C-callable trampoline of a restore validator, and what happens when it misbehaves.

A validator is a Python callable that gets each entry that passed the route table's checks (an
:class:`~navcore.entries.Entry`, as :attr:`navcore.Navigator.stack` gives them) and returns ``True`` to restore it or
``False`` to veto it. An exception must never cross into C, and garbage must not keep an entry:
a validator that raises, or returns anything but a ``bool``, fails on that entry. The trampoline
then answers -1 (neither ``NAVCORE_KEEP`` nor ``NAVCORE_VETO``), so the restore drops the entry
with the reason ``"validator_failed"``, and logs what happened to the ``"navcore"`` logger at
ERROR level. The restore itself goes on.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Optional

from ._header import KEEP, VETO
from ._library import VALIDATOR
from .entries import Entry

#: A restore validator: called with each entry that the table accepts; True keeps it, False vetoes it.
Validator = Callable[[Entry], bool]

#: The answer of ``navcore_validator`` that is neither ``NAVCORE_KEEP`` nor ``NAVCORE_VETO``: a failure.
FAILED = -1

logger = logging.getLogger("navcore")


def make_validator(validator: Optional[Validator]) -> Any:
    """A ``navcore_validator`` function pointer that calls ``validator`` with each entry, or the
    NULL function pointer (no validator) for None.

    The caller must keep the returned object alive until the restore returns.
    """
    if validator is None:
        return VALIDATOR()

    def trampoline(entry_json: bytes, _user_data: Optional[int]) -> int:
        try:
            verdict = validator(Entry.from_json(entry_json))
        except BaseException as error:  # noqa: BLE001 - nothing may reach C
            logger.error("navcore: restore validator %r raised; the entry is dropped", validator, exc_info=error)
            return FAILED
        if verdict is True:
            return KEEP
        if verdict is False:
            return VETO
        logger.error("navcore: restore validator %r returned %r, not a bool; the entry is dropped", validator, verdict)
        return FAILED

    return VALIDATOR(trampoline)
