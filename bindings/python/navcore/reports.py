"""Typed answers to questions: a link's resolution, Back's preview, a held-back batch, a
restore's report (resolution.schema.json, back-preview.schema.json, blocked.schema.json,
restore-report.schema.json)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Tuple

from ._document import Document, key
from .entries import Entry, Route, Top
from .literals import BackResult, DropReason, MigrationOp, OpenMode
from .transitions import Intent


@dataclass(frozen=True)
class LinkLayer(Document):
    """A layer over the whole app that a link with ``into`` shows its target in: the route at its
    root (``name``, ``params``), reused when an open layer's root is an equal route, else
    presented with ``style`` (``sheet`` when the table declares it, else its first style)."""

    name: str
    params: Mapping[str, Any]
    style: str


@dataclass(frozen=True)
class Resolution(Document):
    """What a URL would open (``navcore_resolve_url``): the matched ``link`` pattern (``None``
    for the table's ``not_found`` route, with ``reason``), the ``mode``, the ``routes`` placed,
    the ``tab`` a tab link selects, and for a link into a nested container the stack it fills
    (``into``, as the link declares it) and the ``layers`` on the way."""

    link: Optional[str]
    mode: OpenMode
    routes: Tuple[Route, ...]
    tab: Optional[str] = None
    into: Optional[str] = None
    layers: Tuple[LinkLayer, ...] = ()
    reason: Optional[str] = None


@dataclass(frozen=True)
class Blocker(Document):
    """The blocking entry that holds Back back, on stack ``stack``, for ``reason``."""

    stack: str
    reason: str
    entry: Entry


@dataclass(frozen=True)
class BackPreview(Document):
    """What Back would do now (``navcore_back_preview``): its ``result``, the stack and entry it
    would show (``after``), the ``reason`` of ``"held_by_presentation"``, the ``blocked``
    blocker that would raise BlockedError, and the pending ``intent`` it would drop by
    dismissing its flow."""

    result: BackResult
    after: Top
    reason: Optional[str] = None
    blocked: Optional[Blocker] = None
    intent: Optional[Intent] = None


@dataclass(frozen=True)
class Blocked(Document):
    """A batch a blocker held back (``navcore_last_blocked``): the ``token`` that proceeds past
    it, the blocking ``entry`` on ``stack`` and its ``reason``, and the batch's ``actions``."""

    token: str
    stack: str
    reason: str
    entry: Entry
    actions: Tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class MigrationChange(Document):
    """One step of a migration: its ``op``, what it did in words, the ids it changed or dropped."""

    op: MigrationOp
    detail: str
    ids: Tuple[int, ...]


@dataclass(frozen=True)
class Migration(Document):
    """A migration that ran, from table version ``from_version`` to ``to_version``."""

    from_version: int = field(metadata=key("from"))
    to_version: int = field(metadata=key("to"))
    changes: Tuple[MigrationChange, ...]


@dataclass(frozen=True)
class Unmigrated(Document):
    """Where the migrations stopped (``from_version``) short of the table's version."""

    from_version: int = field(metadata=key("from"))
    to_version: int = field(metadata=key("to"))


@dataclass(frozen=True)
class Dropped(Document):
    """An entry of the snapshot that was not restored, and why (``reason``, ``message``)."""

    id: int
    stack: str
    name: str
    reason: DropReason
    message: str


@dataclass(frozen=True)
class Restarted(Document):
    """A base stack restarted at its declared root, entry ``id`` of route ``name``."""

    stack: str
    id: int
    name: str


@dataclass(frozen=True)
class RestoreReport(Document):
    """What a restore did (``navcore_restore``, docs/restore.md): the ``migrations`` run, the
    ids ``kept`` per stack, every entry ``dropped`` and why, the stacks ``restarted``, and
    ``notes`` in words; ``unmigrated`` when the migrations could not reach the table's version."""

    from_version: int
    to_version: int
    migrations: Tuple[Migration, ...]
    kept: Mapping[str, Tuple[int, ...]]
    dropped: Tuple[Dropped, ...]
    restarted: Tuple[Restarted, ...]
    notes: Tuple[str, ...]
    unmigrated: Optional[Unmigrated] = None
