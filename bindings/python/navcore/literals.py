"""The closed vocabularies of navcore's documents, as :data:`typing.Literal` types.

Each alias lists the values the library writes (or takes) for one field, exactly as the JSON
Schemas in ``docs/schema`` enumerate them; ``tests/test_documents.py`` checks that they agree.
They are plain strings at run time, so a value compares with ``==`` and prints as itself, and a
type checker flags a misspelt one. Style names are not here: a route table declares its own.
"""

from __future__ import annotations

from typing import Literal

#: What one action of a batch did: ``Transition.results[i]`` (transition.schema.json, ``result``).
ActionResult = Literal[
    "pushed",
    "absorbed",
    "moved",
    "replaced",
    "popped",
    "set",
    "selected",
    "reset",
    "presented",
    "dismissed",
    "popped_presentation",
    "previous_tab",
    "nothing",
    "opened",
    "unchanged",
    "saved",
    "restored",
    "replayed",
    "condition_set",
    "held_by_presentation",
    "to_sidebar",
    "compact_set",
    "held",
    "blocker_set",
    "blocker_cleared",
    "result_taken",
    "locale_set",
]

#: What Back would do, and did: ``BackPreview.result`` (back-preview.schema.json).
BackResult = Literal[
    "popped_presentation", "dismissed", "held_by_presentation", "popped", "to_sidebar", "previous_tab", "nothing"
]

#: Why a transition happened: ``Cause.source``.
CauseSource = Literal["actions", "restore", "replay", "url"]

#: The table's layout: ``State.layout``.
Layout = Literal["stack", "tabs", "split"]

#: A container's layout: ``ContainerView.layout`` (view-model.schema.json, ``containers``).
ContainerLayout = Literal["tabs", "split"]

#: How a shell animates one step of a change: ``AnimationStep.kind`` (view-model.schema.json,
#: ``animation``; docs/shells.md, "Animating a change").
AnimationKind = Literal["push", "pop", "replace", "tab", "present", "dismiss", "sidebar", "detail"]

#: How a link's routes are placed: ``open_url``'s mode, ``Resolution.mode``, ``Cause.mode``.
OpenMode = Literal["replace", "push"]

#: What a push does when the stack already shows an equal route: ``push``'s policy.
PushPolicy = Literal["allow", "single_top", "bring_to_front", "replace_top"]

#: What a present does when the top layer's root is an equal route: ``present``'s policy.
PresentPolicy = Literal["allow", "single_top"]

#: What a batch did to the pending intent: ``Intent.event``.
IntentEvent = Literal["held", "replayed", "dropped", "advanced"]

#: Why a restore dropped an entry: ``Dropped.reason`` (restore-report.schema.json).
DropReason = Literal[
    "unknown_route",
    "params",
    "not_accepted",
    "not_root",
    "never",
    "vetoed",
    "validator_failed",
    "migration",
    "below_dropped",
    "unknown_stack",
    "unknown_style",
]

#: One step of a snapshot migration: ``MigrationChange.op``.
MigrationOp = Literal["rename_route", "rename_param", "map_param", "drop_route", "add_param", "drop_param"]

#: What a table report warns about: ``TableReport`` warnings' ``kind`` (table-report.schema.json).
WarningKind = Literal["push_only_route", "link_leaves_tab", "link_refused_by_tab", "unbound_param", "unused_condition"]
