"""The typed view model: what a shell renders (``navcore_view_model``, view-model.schema.json,
docs/shells.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Tuple

from ._document import Document, key
from .entries import Entry
from .literals import AnimationKind, BackResult, ContainerLayout
from .reports import Blocker


@dataclass(frozen=True)
class PendingView(Document):
    """A batch waiting for a condition: the ``condition``, and the ``title`` of the screen it
    leads to once the condition holds ("Sign in to continue to Checkout"); ``None`` when its
    replay would fail now."""

    condition: str
    title: Optional[str] = None


@dataclass(frozen=True)
class BackButton(Document):
    """A layer's Back button: whether Back does something, and its label (the title of the
    screen Back would show; ``None`` when disabled). Where Back shows the sidebar of a compact
    split view, the label is the split view's ``title``, ``None`` when it declares none, and Back
    stays enabled. ``will`` is what Back would do, in :meth:`~navcore.Navigator.back_preview`'s
    result names. On the top layer only: ``blocked``, the draft Back would ask about (it stays
    enabled), and ``cancels_intent``, the waiting batch Back would cancel by dismissing its
    flow."""

    enabled: bool
    label: Optional[str]
    will: BackResult
    blocked: Optional[Blocker] = None
    cancels_intent: Optional[PendingView] = None


@dataclass(frozen=True)
class LayerView(Document):
    """One visible layer: the stack whose top it shows (its own, or in a table whose routes nest
    the leaf reached through the containers its top entry holds), ``style`` (``"base"`` or the
    presentation's style), the title and id of its top entry, the ``entries`` of that stack
    (root first: breadcrumbs and a back menu), and its Back button; ``over``, for a presentation
    over one stack only, names that stack (``None`` for the others)."""

    stack: str
    style: str
    title: str
    id: int
    entries: Tuple[Entry, ...]
    back: BackButton
    over: Optional[str] = None


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
    """One route of a split view's sidebar. ``params`` is true for a route that declares params:
    every instance of it (one ``mailbox(id)`` per folder) is an item, which the host lists itself
    and selects with its params."""

    name: str
    title: str
    params: bool = False


@dataclass(frozen=True)
class SidebarSelection(Document):
    """The selected instance of a sidebar route with params: its ``name``, its ``params`` (after
    defaults) and its ``title``."""

    name: str
    params: Mapping[str, Any]
    title: str


@dataclass(frozen=True)
class Sidebar(Document):
    """A split view's sidebar: its items, the ``selected`` route's name, and its columns:
    ``sidebar_shown`` is always true in the expanded form, and in the compact form says whether
    the one column shows the sidebar. ``selected_route`` is the selected instance when the
    selected route declares params, else ``None``."""

    items: Tuple[SidebarItem, ...]
    selected: str
    compact: bool
    sidebar_shown: bool
    selected_route: Optional[SidebarSelection] = None


@dataclass(frozen=True)
class ContainerView(Document):
    """A container on the visible path, held by an entry (a table whose routes nest): its
    ``name``, its ``layout``, the index in :attr:`ViewModel.layers` of the ``layer`` it is drawn
    in, the ``title`` of the entry that holds it, and its ``tabs`` (each named by its stack's
    name, which ``select_tab`` takes) or its ``sidebar``."""

    name: str
    layout: ContainerLayout
    layer: int
    title: str
    tabs: Tuple[TabView, ...] = ()
    sidebar: Optional[Sidebar] = None


#: The step kinds of a stack (``AnimationStep.stack``).
STACK_KINDS = frozenset({"push", "pop", "replace", "detail"})


@dataclass(frozen=True)
class AnimationStep(Document):
    """One step of a change's plan (docs/shells.md, "Animating a change"), by its ``kind``:

    - ``push``, ``pop``, ``replace``, ``detail``: ``stack`` took ``popped`` entries off its top,
      then got ``pushed`` (bottom first); ``detail`` is a split view's detail stack restarted at
      a new sidebar selection (``pushed[0]``);
    - ``tab``: the tab bar of ``container`` (``None``: the table's own) selected ``tab`` (a
      stack name) instead of ``from_tab``;
    - ``sidebar``: the split view of detail stack ``stack`` is ``compact`` or not, its one column
      showing the sidebar when ``sidebar_shown``;
    - ``present``: ``layer`` (over stack ``over``, ``None``: the whole app) came up with
      ``style`` and its ``entries``; ``dismiss``: ``layer`` (over ``over``) went."""

    kind: AnimationKind
    stack: Optional[str] = None
    popped: int = 0
    pushed: Tuple[Entry, ...] = ()
    tab: Optional[str] = None
    from_tab: Optional[str] = field(default=None, metadata=key("from"))
    container: Optional[str] = None
    compact: Optional[bool] = None
    sidebar_shown: Optional[bool] = None
    layer: Optional[str] = None
    style: Optional[str] = None
    over: Optional[str] = None
    entries: Tuple[Entry, ...] = ()


@dataclass(frozen=True)
class Animation(Document):
    """How to animate the last change: the ``seq`` of the change, and its ``steps`` in the order
    a shell that animates one step at a time plays them. Each part (a stack, a tab bar, a split
    view, a layer) has at most one step; a shell that animates each part on its own finds it
    with :meth:`stack_step`, :meth:`tab_step`, :meth:`sidebar_step` or :meth:`layer_step`."""

    seq: int
    steps: Tuple[AnimationStep, ...]

    def stack_step(self, stack: str) -> Optional[AnimationStep]:
        """The push, pop, replace or detail step of ``stack``, or ``None``."""
        return next((step for step in self.steps if step.kind in STACK_KINDS and step.stack == stack), None)

    def tab_step(self, container: Optional[str] = None) -> Optional[AnimationStep]:
        """The tab step of ``container``'s tab bar (``None``: the table's own), or ``None``."""
        return next((step for step in self.steps if step.kind == "tab" and step.container == container), None)

    def sidebar_step(self, stack: str) -> Optional[AnimationStep]:
        """The sidebar step of the split view whose detail stack is ``stack``, or ``None``."""
        return next((step for step in self.steps if step.kind == "sidebar" and step.stack == stack), None)

    def layer_step(self, layer: str) -> Optional[AnimationStep]:
        """The present or dismiss step of ``layer``, or ``None``."""
        return next((step for step in self.steps if step.kind in ("present", "dismiss") and step.layer == layer), None)


@dataclass(frozen=True)
class ViewModel(Document):
    """What a shell draws: the ``layers`` bottom to top, the ``tabs`` of the table's own tab bar
    (empty without tabs), the ``sidebar`` of its split view, the ``containers`` on the visible
    path (bottom layer first, outermost first; empty for a flat table), the ``conditions``, the
    batch waiting for a condition (``pending``), the ``announcement`` for a screen reader
    after the last change, and how to animate it (``animation``; ``None`` before any change and
    after a restore or replay)."""

    layers: Tuple[LayerView, ...]
    announcement: str
    tabs: Tuple[TabView, ...] = ()
    sidebar: Optional[Sidebar] = None
    containers: Tuple[ContainerView, ...] = ()
    conditions: Mapping[str, bool] = field(default_factory=dict)
    pending: Optional[PendingView] = None
    animation: Optional[Animation] = None

    @property
    def top(self) -> LayerView:
        """The top layer: the one the user sees and Back acts on."""
        return self.layers[-1]

    def containers_in(self, layer: int) -> Tuple[ContainerView, ...]:
        """The containers drawn in ``layers[layer]``, outermost first."""
        return tuple(container for container in self.containers if container.layer == layer)
