"""A recorded session step by step, with the documents the library writes at each step.

The library replays the whole log first (``navcore_replay``), so that a log that is not a log, a
log of another table or a truncated log fails with the library's own error and place. Then a
second navigator goes through it one step at a time, as replay does: the base restored exactly,
each batch applied (proceeding past the blockers its ``past`` names), each logged snapshot
restored exactly. After each step it reads the transition, the state, the view model, the back
preview and the active stack's URL. Nothing here decides anything about navigation: the outcome
and the "why" of a step are read off the transition the library wrote.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, List, Literal, Mapping, Optional, Tuple

from .errors import BlockedError, NoMatchError
from .navigator import DocumentInput, Navigator, Table


#: What a step did, as its badge says: the base of the log; a batch that changed something, or
#: nothing; one held behind a condition's flow; one a redirect of the table sent elsewhere; one
#: in which a condition that went false dismissed screens; one that proceeded past a blocker; a logged restore.
Outcome = Literal["base", "changed", "unchanged", "held", "redirected", "dismissed", "proceeded", "restored"]

#: The keys of a transition that say why it did what it did (docs/conditions.md, docs/blockers.md).
WHY_KEYS = ("redirects", "conditions", "intent", "overrode")


@dataclass(frozen=True)
class Step:
    """One step of a session: the log's batch (None for the base) and the documents after it."""

    batch: Optional[Mapping[str, Any]]
    outcome: Outcome
    #: The transition the step committed (None for the base).
    transition: Optional[Mapping[str, Any]]
    state: Mapping[str, Any]
    view_model: Mapping[str, Any]
    back_preview: Mapping[str, Any]
    #: The URL of the active stack (``navcore_stack_url``), None when no link reaches it.
    stack_url: Optional[str]
    #: Why: the transition's redirects, conditions (each with its flow), intent and overridden
    #: blockers, the blockers the batch proceeded past (``blockers``), the pending intent.
    why: Mapping[str, Any]


def session_steps(log: DocumentInput, table: Table) -> Tuple[Dict[str, Any], List[Step]]:
    """The parsed log and its steps: the base, then one step per batch. Raises what replaying
    the log raises (RestoreError, JSONError, ...) when the library does not replay it exactly."""
    text = log if isinstance(log, (str, bytes)) else json.dumps(log, ensure_ascii=False)
    with Navigator(table) as check:
        check.replay(text)
        flows = {condition["name"]: condition["flow"] for condition in check.table_report()["conditions"]}
    parsed: Dict[str, Any] = json.loads(text)
    with Navigator(table) as nav:
        nav.replay(only_base(parsed["base"]))
        steps = [_read(nav, None, "base", None, [], flows)]
        for index, batch in enumerate(parsed["batches"]):
            transition, blockers = _run(nav, batch)
            if transition["seq"] != batch["seq"]:
                raise RuntimeError(f"batches[{index}]: seq {transition['seq']} where the log says {batch['seq']}")
            steps.append(_read(nav, batch, _outcome(batch, transition, blockers), transition, blockers, flows))
    return parsed, steps


def only_base(snapshot: Mapping[str, Any]) -> Dict[str, Any]:
    """A log of no batches on ``snapshot``: replaying it restores the snapshot exactly (routes
    that are never restored after a relaunch included), which ``restore`` does not."""
    return {"navcore": 1, "base": snapshot, "batches": []}


def _run(nav: Navigator, batch: Mapping[str, Any]) -> Tuple[Mapping[str, Any], List[Mapping[str, Any]]]:
    """Applies one logged batch as replay does; the transition, and the blockers it proceeded past."""
    if "snapshot" in batch:
        return nav.replay(only_base(batch["snapshot"])).raw, []
    past = set(batch.get("past", ()))
    blockers: List[Mapping[str, Any]] = []
    try:
        return nav.apply(batch["actions"]).raw, blockers
    except BlockedError as error:
        blocked = error
    while blocked.blocked is not None and blocked.blocked.entry.id in past:
        blockers.append(blocked.blocked.raw)
        try:
            return nav.proceed(blocked).raw, blockers
        except BlockedError as again:
            blocked = again
    raise blocked


def _outcome(batch: Mapping[str, Any], transition: Mapping[str, Any], blockers: List[Mapping[str, Any]]) -> Outcome:
    """The badge of a step, read off its batch and transition."""
    if "snapshot" in batch:
        return "restored"
    if blockers:
        return "proceeded"
    if transition.get("intent", {}).get("event") == "held":
        return "held"
    if "redirects" in transition:
        return "redirected"
    went_false = any(value is False for value in transition.get("conditions", {}).values())
    removed = transition["dismissed"] or "overrode" in transition or any(
        change.get("removed") for change in transition["stacks"].values())
    if went_false and removed:
        return "dismissed"
    return "changed" if transition["changed"] else "unchanged"


def _read(nav: Navigator, batch: Optional[Mapping[str, Any]], outcome: Outcome, transition: Optional[Mapping[str, Any]],
          blockers: List[Mapping[str, Any]], flows: Mapping[str, Any]) -> Step:
    """The documents of the step just taken."""
    state = json.loads(nav.state_json)
    try:
        url: Optional[str] = nav.stack_url()
    except NoMatchError:
        url = None
    why: Dict[str, Any] = {key: transition[key] for key in WHY_KEYS if transition is not None and key in transition}
    if "conditions" in why:
        why["conditions"] = {name: {"value": value, "flow": flows.get(name)} for name, value in why["conditions"].items()}
    if blockers:
        why["blockers"] = blockers
    if "pending" in state:
        why["pending"] = state["pending"]
    return Step(batch, outcome, transition, state, nav.view_model().raw, nav.back_preview().raw, url, why)
