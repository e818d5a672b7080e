"""Constants of the C contract (``Include/navcore.h``) that Python callers need.

`make` writes them from the header into ``_header.py`` (docs/building.md, "Constants from the header");
this module names the public ones."""

from __future__ import annotations

from ._header import FORMAT as FORMAT
from ._header import MAX_BATCH_ACTIONS as MAX_BATCH_ACTIONS
from ._header import MAX_BATCH_BYTES as MAX_BATCH_BYTES
from ._header import MAX_COUNTER as MAX_COUNTER
from ._header import MAX_ENTRY_STATE_DEPTH as MAX_ENTRY_STATE_DEPTH
from ._header import MAX_ENTRY_STATE_SIZE as MAX_ENTRY_STATE_SIZE
from ._header import MAX_GUARD_ROUNDS as MAX_GUARD_ROUNDS
from ._header import MAX_HELD_BATCHES as MAX_HELD_BATCHES
from ._header import MAX_LISTENER_CASCADE as MAX_LISTENER_CASCADE
from ._header import MAX_LIST_PARAM_ITEMS as MAX_LIST_PARAM_ITEMS
from ._header import MAX_LOCALE_BYTES as MAX_LOCALE_BYTES
from ._header import MAX_LOG_BATCHES as MAX_LOG_BATCHES
from ._header import MAX_NESTING as MAX_NESTING
from ._header import MAX_REDIRECT_LIMIT as MAX_REDIRECT_LIMIT
from ._header import MAX_SNAPSHOT_BYTES as MAX_SNAPSHOT_BYTES
from ._header import MAX_STRING_PARAM_BYTES as MAX_STRING_PARAM_BYTES
from ._header import MAX_URL_BYTES as MAX_URL_BYTES
from ._version import VERSION_MAJOR as VERSION_MAJOR  # written by `make` from the header
