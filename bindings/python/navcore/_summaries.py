"""The text ``navcore apply`` and ``navcore view`` print (docs/tools.md): a transition and a view
model, one line per part that is there, routes written as ``product(id=5)``."""

from __future__ import annotations

import json
from typing import Iterable, List, Tuple, Union

from .entries import Entry, Route
from .reports import LinkLayer
from .transitions import Transition
from .view_model import Sidebar, TabView, ViewModel


def route_text(route: Union[Route, Entry, LinkLayer]) -> str:
    """``product(id=5)``, or ``home`` for a route without params."""
    inner = ", ".join(f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in route.params.items())
    return f"{route.name}({inner})" if inner else route.name


def _entries(entries: Iterable[Entry]) -> str:
    """Entries as ``home #1 > product(id=5) #4``: each route with its id."""
    return " > ".join(f"{route_text(entry)} #{entry.id}" for entry in entries)


def transition_lines(transition: Transition) -> List[str]:
    """What a batch did: its results, each stack's removed and added entries, the layers
    presented and dismissed, the tab and conditions changed, the pending intent's event, the top
    of the active stack before and after, and the sequence number."""
    lines = ["results: " + ", ".join(transition.results)]
    for name, change in transition.stacks.items():
        parts = ([f"removed {', '.join(f'#{id}' for id in change.removed)}"] if change.removed else []) + \
                ([f"added {_entries(change.added)}"] if change.added else [])
        lines.append(f"stack {name}: " + ("; ".join(parts) or "reordered"))
    lines += [f"presented: {layer.stack} ({layer.style})" for layer in transition.presented]
    lines += [f"dismissed: {name}" for name in transition.dismissed]
    if transition.tab is not None:
        lines.append(f"tab: {transition.tab.before} -> {transition.tab.after}")
    lines += [f"condition {name}: {'true' if value else 'false'}" for name, value in transition.conditions.items()]
    if transition.intent is not None:
        lines.append(f"intent: {transition.intent.event} (waits for {transition.intent.condition})")
    before, after = transition.before, transition.after
    lines.append(f"top: {before.stack} {_entries([before.top])} -> {after.stack} {_entries([after.top])}")
    lines.append(f"seq: {transition.seq}" + ("" if transition.changed else " (nothing changed)"))
    return lines


def _tabs(tabs: Tuple[TabView, ...]) -> str:
    """Tabs as ``*shop, orders, account (locked)``: the selected one starred."""
    return ", ".join(("*" if tab.selected else "") + tab.name + (" (locked)" if tab.locked else "") for tab in tabs)


def _sidebar(sidebar: Sidebar) -> str:
    """A sidebar as ``*inbox, sent``: the selected route starred."""
    return ", ".join(("*" if item.name == sidebar.selected else "") + item.name for item in sidebar.items)


def view_lines(view: ViewModel) -> List[str]:
    """What a shell shows: each layer bottom to top with its screens' titles and its Back button,
    the tab bar, the sidebar, each container's tabs, the pending intent and the announcement."""
    lines = []
    for layer in view.layers:
        back = layer.back.will + (f' "{layer.back.label}"' if layer.back.label else "")
        titles = " > ".join(entry.title for entry in layer.entries)
        lines.append(f"{layer.stack} ({layer.style}): {titles}; back: {back if layer.back.enabled else 'none'}")
    if view.tabs:
        lines.append("tabs: " + _tabs(view.tabs))
    if view.sidebar is not None:
        lines.append("sidebar: " + _sidebar(view.sidebar))
    for container in view.containers:
        if container.tabs:
            lines.append(f"container {container.name}: tabs {_tabs(container.tabs)}")
        if container.sidebar is not None:
            lines.append(f"container {container.name}: sidebar {_sidebar(container.sidebar)}")
    if view.pending is not None:
        lines.append(f"pending: waits for {view.pending.condition}"
                     + (f", then shows {view.pending.title}" if view.pending.title else ""))
    if view.announcement:
        lines.append(f"announcement: {view.announcement}")
    return lines
