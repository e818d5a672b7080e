"""The typed view model: what a shell renders (``navcore_view_model``, view-model.schema.json,
docs/shells.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional, Tuple

from ._document import Document


@dataclass(frozen=True)
class BackButton(Document):
    """A layer's Back button: whether Back does something, and its label (the title of the
    screen Back would show; ``None`` when disabled). Where Back shows the sidebar of a compact
    split view, the label is the split view's ``title``, ``None`` when it declares none, and Back
    stays enabled."""

    enabled: bool
    label: Optional[str]


@dataclass(frozen=True)
class LayerView(Document):
    """One visible layer: its stack, ``style`` (``"base"`` or the presentation's style), the
    title and id of its top entry, and its Back button."""

    stack: str
    style: str
    title: str
    id: int
    back: BackButton


@dataclass(frozen=True)
class TabView(Document):
    """One tab of the tab bar: name, display title, whether it is selected, and whether a false
    condition locks it."""

    name: str
    title: str
    selected: bool
    locked: bool


@dataclass(frozen=True)
class SidebarItem(Document):
    """One route of a split view's sidebar."""

    name: str
    title: str


@dataclass(frozen=True)
class Sidebar(Document):
    """A split view's sidebar: its items, the ``selected`` route's name, and its columns."""

    items: Tuple[SidebarItem, ...]
    selected: str
    compact: bool
    sidebar_shown: bool


@dataclass(frozen=True)
class ViewModel(Document):
    """What a shell draws: the ``layers`` bottom to top, the ``tabs`` (empty without tabs), the
    ``sidebar`` of a split view, the ``conditions``, and the ``announcement`` for a screen
    reader after the last change."""

    layers: Tuple[LayerView, ...]
    announcement: str
    tabs: Tuple[TabView, ...] = ()
    sidebar: Optional[Sidebar] = None
    conditions: Mapping[str, bool] = field(default_factory=dict)

    @property
    def top(self) -> LayerView:
        """The top layer: the one the user sees and Back acts on."""
        return self.layers[-1]
