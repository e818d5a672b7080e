"""navcore: the Python binding of libnavcore, a headless navigation engine.

>>> from navcore import Navigator
>>> with Navigator("shop.json") as nav:                 # doctest: +SKIP
...     nav.push("product", id=42).after.top.title
'Product 42'

Calls return typed documents, frozen dataclasses whose ``raw`` is the JSON the library wrote:
:class:`Transition`, :class:`State`, :class:`Entry`, :class:`Resolution`, :class:`BackPreview`,
:class:`RestoreReport`, :class:`ViewModel` and their parts; :mod:`navcore.literals` names the
closed sets of values (results, modes, policies).

The library is found through ``NAVCORE_LIBRARY``, a copy inside this package, a repository's
``build/lib``, or the system (see :mod:`navcore._library`). Failures raise the
:class:`NavError` subclass of their status code.
"""

from __future__ import annotations

from typing import cast

from ._library import LIB, PATH
from ._version import VERSION
from .constants import (
    MAX_BATCH_ACTIONS,
    MAX_BATCH_BYTES,
    MAX_COUNTER,
    FORMAT,
    MAX_ENTRY_STATE_DEPTH,
    MAX_ENTRY_STATE_SIZE,
    MAX_GUARD_ROUNDS,
    MAX_HELD_BATCHES,
    MAX_LISTENER_CASCADE,
    MAX_LIST_PARAM_ITEMS,
    MAX_LOCALE_BYTES,
    MAX_LOG_BATCHES,
    MAX_NESTING,
    MAX_REDIRECT_LIMIT,
    MAX_SNAPSHOT_BYTES,
    MAX_STRING_PARAM_BYTES,
    MAX_URL_BYTES,
    VERSION_MAJOR,
)
from .errors import (
    ActionError,
    BlockedError,
    CascadeError,
    DeniedError,
    InternalError,
    InvalidArgumentError,
    JSONError,
    LimitError,
    NavError,
    NoEntryError,
    NoMatchError,
    OutOfMemoryError,
    ParamsError,
    RedirectError,
    RestoreError,
    RouteError,
    TableError,
    UnknownTabError,
)
from ._document import Document
from .checking import check
from ._guard import Deny, Redirect
from .entries import Entry, Layer, Pending, ParamValue, Route, Stack, State, Top
from .navigator import Navigator
from .reports import (
    BackPreview,
    Blocked,
    Blocker,
    Dropped,
    LinkLayer,
    Migration,
    MigrationChange,
    Resolution,
    RestoreReport,
    Restarted,
    Unmigrated,
)
from .subscription import Subscription
from .timeline_page import timeline
from .transitions import (
    Cause,
    Handed,
    Intent,
    LocaleChange,
    Presented,
    Proposal,
    Redirected,
    ReplacedIntent,
    StackChange,
    TabChange,
    Transition,
)
from .view_model import Animation, AnimationStep, BackButton, ContainerView, LayerView, PendingView, Sidebar, SidebarItem, SidebarSelection, TabView, ViewModel

#: This package's version, that of the library it was built with (from Include/navcore.h).
__version__ = VERSION

__all__ = [
    "ActionError",
    "Animation",
    "AnimationStep",
    "BackButton",
    "BackPreview",
    "Blocked",
    "BlockedError",
    "Blocker",
    "CascadeError",
    "Cause",
    "ContainerView",
    "DeniedError",
    "Deny",
    "Document",
    "Dropped",
    "Entry",
    "FORMAT",
    "Handed",
    "Intent",
    "InternalError",
    "InvalidArgumentError",
    "JSONError",
    "Layer",
    "LayerView",
    "LinkLayer",
    "LocaleChange",
    "PendingView",
    "LimitError",
    "MAX_BATCH_ACTIONS",
    "MAX_BATCH_BYTES",
    "MAX_COUNTER",
    "MAX_ENTRY_STATE_DEPTH",
    "MAX_ENTRY_STATE_SIZE",
    "MAX_GUARD_ROUNDS",
    "MAX_HELD_BATCHES",
    "MAX_LOCALE_BYTES",
    "MAX_LISTENER_CASCADE",
    "MAX_LIST_PARAM_ITEMS",
    "MAX_LOG_BATCHES",
    "MAX_NESTING",
    "MAX_REDIRECT_LIMIT",
    "MAX_SNAPSHOT_BYTES",
    "MAX_STRING_PARAM_BYTES",
    "MAX_URL_BYTES",
    "Migration",
    "MigrationChange",
    "NavError",
    "Navigator",
    "check",
    "NoEntryError",
    "NoMatchError",
    "OutOfMemoryError",
    "ParamValue",
    "ParamsError",
    "Pending",
    "Presented",
    "Proposal",
    "Redirect",
    "RedirectError",
    "Redirected",
    "ReplacedIntent",
    "Resolution",
    "Restarted",
    "RestoreError",
    "RestoreReport",
    "Route",
    "RouteError",
    "Sidebar",
    "SidebarItem",
    "SidebarSelection",
    "Stack",
    "StackChange",
    "State",
    "Subscription",
    "TabChange",
    "TabView",
    "TableError",
    "Top",
    "Transition",
    "UnknownTabError",
    "Unmigrated",
    "VERSION_MAJOR",
    "ViewModel",
    "library_path",
    "status_string",
    "timeline",
    "version",
    "version_number",
]


def version() -> str:
    """The loaded library's version, ``"MAJOR.MINOR.PATCH"`` (``navcore_version()``)."""
    return cast(bytes, LIB.navcore_version()).decode("ascii")


def version_number() -> int:
    """The loaded library's version as MAJOR * 1000000 + MINOR * 1000 + PATCH (``navcore_version_number()``)."""
    return cast(int, LIB.navcore_version_number())


def status_string(code: int) -> str:
    """The name of a status code, e.g. ``"NAVCORE_EROUTE"`` for -6 (``navcore_status_string()``)."""
    return cast(bytes, LIB.navcore_status_string(code)).decode("ascii")


def library_path() -> str:
    """The path (or name) the library was loaded from."""
    return PATH
