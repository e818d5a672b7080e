"""Typed transitions: what a committed batch changed (docs/json.md, transition.schema.json)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Tuple

from ._document import Document, key
from .entries import Entry, Top
from .literals import ActionResult, CauseSource, IntentEvent, OpenMode


@dataclass(frozen=True)
class Cause(Document):
    """Why a transition happened.

    ``source`` ``"actions"`` comes with ``ops`` (each action's op, in order); ``"url"`` (a batch
    of one ``open_url``) with ``url``, ``link`` (the matched pattern, ``None`` for the table's
    ``not_found`` route, then with ``reason``) and ``mode``; ``"restore"`` and ``"replay"``
    with nothing else.
    """

    source: CauseSource
    ops: Optional[Tuple[str, ...]] = None
    url: Optional[str] = None
    link: Optional[str] = None
    mode: Optional[OpenMode] = None
    reason: Optional[str] = None


@dataclass(frozen=True)
class StackChange(Document):
    """How one stack or layer changed: the ids ``removed``, the entries ``added`` (root first),
    and the ids ``moved`` by ``bring_to_front``."""

    removed: Tuple[int, ...]
    added: Tuple[Entry, ...]
    moved: Tuple[int, ...] = ()


@dataclass(frozen=True)
class Presented(Document):
    """A layer the batch presented: its stack's name and style."""

    stack: str
    style: str


@dataclass(frozen=True)
class TabChange(Document):
    """The selected tab before and after the batch."""

    before: str
    after: str


@dataclass(frozen=True)
class LocaleChange(Document):
    """The navigator's locale tag before and after the batch (``None``: the table's default,
    docs/locales.md)."""

    before: Optional[str]
    after: Optional[str]


@dataclass(frozen=True)
class Redirected(Document):
    """One redirect of the route table that fired: from route ``from_route`` to ``to_route``."""

    from_route: str = field(metadata=key("from"))
    to_route: str = field(metadata=key("to"))


@dataclass(frozen=True)
class Handed(Document):
    """A result handed back by a pop, back or dismiss: from entry ``from_id`` to ``to_id``."""

    from_id: int = field(metadata=key("from"))
    to_id: int = field(metadata=key("to"))
    value: Any


@dataclass(frozen=True)
class ReplacedIntent(Document):
    """The pending intent a new held batch replaced: the ``condition`` it waited for, its
    ``actions``, and (after a restore) the ``reason`` it could not wait any longer."""

    condition: str
    actions: Tuple[Mapping[str, Any], ...]
    reason: Optional[str] = None


@dataclass(frozen=True)
class Intent(Document):
    """What the batch did to the pending intent (docs/conditions.md): ``event`` says whether it
    was held (``replaced`` names the intent that waited before, if any), replayed (``results``
    are what its actions did), advanced to the next false condition it needs (``passed`` is the
    condition passed, ``condition`` the one it waits for now, ``flow`` that one's flow layer) or
    dropped (``reason`` says why)."""

    event: IntentEvent
    condition: str
    actions: Tuple[Mapping[str, Any], ...]
    results: Tuple[ActionResult, ...] = ()
    reason: Optional[str] = None
    passed: Optional[str] = None
    flow: Optional[str] = None
    replaced: Optional[ReplacedIntent] = None


@dataclass(frozen=True)
class Transition(Document):
    """The committed result of a batch (``navcore_apply`` and every change), as listeners get it.

    ``results[i]`` is what ``cause.ops[i]`` did. ``stacks`` lists only the stacks and layers that
    changed. The optional parts are there only when that thing changed: ``tab``,
    ``tab_history``, ``compact``, ``sidebar_shown`` and ``locale`` (``None`` otherwise), ``conditions``
    (the changed ones), ``redirects``, ``intent``, ``overrode`` and ``handed``.
    ``before.top`` and ``after.top`` are the entries on top of the active stack.
    """

    seq: int
    changed: bool
    cause: Cause
    results: Tuple[ActionResult, ...]
    stacks: Mapping[str, StackChange]
    presented: Tuple[Presented, ...]
    dismissed: Tuple[str, ...]
    before: Top
    after: Top
    tab: Optional[TabChange] = None
    tab_history: Optional[Tuple[str, ...]] = None
    conditions: Mapping[str, bool] = field(default_factory=dict)
    compact: Optional[bool] = None
    sidebar_shown: Optional[bool] = None
    redirects: Tuple[Redirected, ...] = ()
    intent: Optional[Intent] = None
    overrode: Tuple[Entry, ...] = ()
    handed: Tuple[Handed, ...] = ()
    containers: Tuple[Mapping[str, Any], ...] = ()
    locale: Optional[LocaleChange] = None


@dataclass(frozen=True)
class Proposal(Document):
    """What a guard is asked (docs/conditions.md): the ``actions`` of a batch and the
    ``transition`` it would commit."""

    actions: Tuple[Mapping[str, Any], ...]
    transition: Transition
