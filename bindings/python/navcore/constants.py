"""Constants of the C contract (``Include/navcore.h``) that Python callers need."""

from __future__ import annotations

from ._version import VERSION_MAJOR as VERSION_MAJOR  # written by `make` from the header

#: The format number written as ``"navcore"`` in every JSON document the library writes.
FORMAT: int = 1
#: The longest value, in bytes of UTF-8, that a string param may hold.
MAX_STRING_PARAM_BYTES: int = 65536
#: The most changes that listeners may chain re-entrantly from one outer change.
MAX_LISTENER_CASCADE: int = 64
#: The longest snapshot or action log text that restore and replay read, in bytes (64 MiB).
MAX_SNAPSHOT_BYTES: int = 67108864
#: The most nested arrays and objects an entry's saved state may hold.
MAX_ENTRY_STATE_DEPTH: int = 32
#: The largest size of an entry's saved state: each JSON value counts one, each string and key its bytes.
MAX_ENTRY_STATE_SIZE: int = 65536
#: The most batches an action log keeps; older ones are folded into its base snapshot.
MAX_LOG_BATCHES: int = 10000
#: The longest URL, in bytes of UTF-8, that a link can match.
MAX_URL_BYTES: int = 262144
#: The largest value of the counters ``seq`` and ``next_id`` (2**53 - 1).
MAX_COUNTER: int = 9007199254740991
#: The longest text, in bytes, of one batch of actions (or of a convenience call's JSON argument).
MAX_BATCH_BYTES: int = 1048576
#: The most actions one batch may hold.
MAX_BATCH_ACTIONS: int = 1024
#: The largest ``redirect_limit`` a route table may declare (the default is 5).
MAX_REDIRECT_LIMIT: int = 32
#: The most times one guarded call proposes its batch again because another change came first.
MAX_GUARD_ROUNDS: int = 16
#: The most batches a navigator holds back at once; a newer token ends the oldest.
MAX_HELD_BATCHES: int = 16
