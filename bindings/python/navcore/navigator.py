"""``Navigator``: one navcore navigator, driven with Python values.

Every method marshals its arguments into the JSON of ``docs/json.md`` and ``docs/structure.md``,
calls the C function, raises the :class:`~navcore.errors.NavError` subclass of a failed call, and
decodes what the library wrote into a typed document (:mod:`navcore.transitions`,
:mod:`navcore.entries`, :mod:`navcore.reports`, :mod:`navcore.view_model`), whose ``raw`` is the
JSON itself. The snapshot, the action log and the table report stay plain dicts: they are
documents to store, send or hand to other tools. No navigation logic lives here: the library
decides, validates and reports.

Route params are keyword arguments (``push("product", id=42)``) or a mapping given positionally
(``push("product", {"id": 42})``). The keyword-only options of a method (``tab`` and ``policy`` of
:meth:`Navigator.push`, ``tab`` of the other stack methods, ``style`` of :meth:`Navigator.present`)
take their names first: a route param called ``tab``, ``policy`` or ``style`` goes in the mapping,
``push("filter", {"tab": "new"}, tab="shop")``.

A closed navigator raises :class:`~navcore.errors.InvalidArgumentError` (``NAVCORE_EINVAL``, the
code the C functions give for a NULL navigator) with the message ``the navigator is closed``.
"""

from __future__ import annotations

import json
import os
import weakref
from ctypes import byref, c_char_p, c_int, c_int64, c_size_t, c_void_p
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ._closing import Closing
from ._handle import Handle
from ._header import OPEN_DEFAULT, OPEN_DISMISS, OPEN_PUSH, OPEN_REPLACE
from ._library import GUARD, LIB
from ._marshal import Text, check_status, dump, encode, take_json, take_string, text_field
from ._trampoline import Listener, ListenerErrorHook, make_trampoline
from ._guard import Guard, make_guard
from ._kept import RELEASE, Kept
from ._validator import Validator, make_validator
from .entries import Entry, Layer, Pending, Stack, State
from .errors import BlockedError
from .literals import OpenMode, PresentPolicy, PushPolicy
from .reports import BackPreview, Blocked, Resolution, RestoreReport
from .subscription import Subscription
from .transitions import Transition
from .view_model import ViewModel

#: A route table: a dict, JSON text (str starting with ``{``, or bytes), or a path to a JSON file.
Table = Union[Mapping[str, Any], str, bytes, "os.PathLike[str]"]
#: A route for :meth:`Navigator.set_stack`: a route dict, a ``(name, params)`` pair, or a name.
RouteLike = Union[Mapping[str, Any], Tuple[str, Mapping[str, Any]], str]
#: Actions for :meth:`Navigator.apply`: one action dict, a list of them, or JSON text.
Actions = Union[Mapping[str, Any], Sequence[Mapping[str, Any]], str, bytes]
#: A snapshot or an action log for :meth:`Navigator.restore` / :meth:`Navigator.replay`: the
#: parsed document, or its JSON text (``str``, or ``bytes`` passed verbatim). Not called
#: ``Document``, which is :class:`navcore.Document`, the base of the typed results.
DocumentInput = Union[Mapping[str, Any], str, bytes]

_C_INT_MIN, _C_INT_MAX = -(2**31), 2**31 - 1
_C_INT64_MIN, _C_INT64_MAX = -(2**63), 2**63 - 1
#: ``open_url`` modes and their C values (``NAVCORE_OPEN_DEFAULT``, ``_REPLACE``, ``_PUSH``).
_OPEN_MODES: Dict[Optional[str], int] = {None: OPEN_DEFAULT, "replace": OPEN_REPLACE, "push": OPEN_PUSH}


def _table_text(table: Table) -> bytes:
    """The route table as JSON text: dumped, passed through, or read from its file."""
    if isinstance(table, Mapping):
        return dump(table, "route table")
    if isinstance(table, bytes) or (isinstance(table, str) and table.lstrip().startswith("{")):
        return encode(table, "route table")
    if isinstance(table, (str, os.PathLike)):
        with open(table, "rb") as file:
            return encode(file.read(), os.fspath(table))
    raise TypeError(f"route table must be a dict, JSON text or a path, not {type(table).__name__}")


def _params(params: Optional[Mapping[str, Any]], kwparams: Mapping[str, Any]) -> Mapping[str, Any]:
    """A route's params, from a params mapping and keyword params (empty when there are none)."""
    if params and kwparams:
        overlap = set(params) & set(kwparams)
        if overlap:
            raise TypeError(f"params given twice, positionally and as keywords: {', '.join(sorted(overlap))}")
    # kwparams is the call's own new dict: taken as it is when there is nothing to merge it with.
    return {**params, **kwparams} if params else kwparams


def _route(name: str, params: Optional[Mapping[str, Any]], kwparams: Mapping[str, Any]) -> Dict[str, Any]:
    """The route ``{"name": name, "params": ...}`` from a params mapping and keyword params."""
    merged = _params(params, kwparams)
    return {"name": name, "params": merged} if merged else {"name": name}


def _int64(value: Any) -> bool:
    """Whether ``value`` is an int a C ``int64_t`` parameter holds (an id): anything else goes in an
    action, for the library to judge."""
    return type(value) is int and _C_INT64_MIN <= value <= _C_INT64_MAX


def _optional_text(text: Optional[Text], what: str) -> Optional[bytes]:
    """``text`` as a C string (:func:`encode`), or None (a NULL) for None."""
    return None if text is None else encode(text, what)


def _with_options(action: Dict[str, Any], **options: Any) -> Dict[str, Any]:
    """``action`` with each option that is not None added as a field (``tab``, ``policy``)."""
    action.update({key: value for key, value in options.items() if value is not None})
    return action


def _route_like(route: RouteLike) -> Any:
    """A :data:`RouteLike` as a route dict; anything else is passed on for the library to judge."""
    if isinstance(route, str):
        return {"name": route}
    if isinstance(route, tuple) and len(route) == 2:
        return {"name": route[0], "params": route[1]}
    return route


class Navigator(Closing):
    """A navigator: one app window's navigation state, held by libnavcore.

    ``Navigator(table)`` takes the route table as a dict, as JSON text (a ``str`` that starts with
    ``{`` after whitespace, or ``bytes``), or as the path of a JSON file (``str`` or
    ``os.PathLike``). Each new base stack holds its root entry alone: ``main`` (id 1), one stack
    per tab (ids 1, 2, ... in declaration order, the first tab selected), or ``detail``.

    ``on_listener_error(error, listener)``, when given, receives every exception a listener
    raises; without it, such exceptions are logged to the ``"navcore"`` logger (see
    :mod:`navcore._trampoline`). Exceptions never reach the library.

    Mutating methods apply atomically and return the :class:`~navcore.transitions.Transition` (``docs/json.md``);
    a failed call raises a :class:`~navcore.errors.NavError` subclass and changes nothing.
    ``close()`` (idempotent), the context manager and a finalizer free the navigator.
    Every method may be called from any thread.
    """

    def __init__(
        self, table: Table, *, locale: Optional[str] = None, on_listener_error: Optional[ListenerErrorHook] = None
    ) -> None:
        """Creates a navigator from ``table``; raises JSONError, TableError, ... for a bad table.

        ``locale``, a BCP 47 tag (``"vi"``, ``"vi-VN"``), titles every screen and the announcement
        in the table's locale it picks (``navcore_navigator_new_locale``, docs/locales.md): a tag
        the table does not give falls back to a shorter one, then to the table's default, with no
        error. A malformed tag (empty, too long, bad characters) raises InvalidArgumentError.
        """
        text = _table_text(table)
        pointer = c_void_p()
        if locale is None:
            check_status(LIB.navcore_navigator_new(text, byref(pointer)))
        else:
            check_status(LIB.navcore_navigator_new_locale(text, encode(locale, "locale"), byref(pointer)))
        assert pointer.value is not None  # written on success
        self._handle = Handle(pointer.value)
        self._finalizer = weakref.finalize(self, self._handle.close)
        self._on_listener_error = on_listener_error
        self._kept = Kept()  # the trampolines the library holds (navcore._kept)

    # -- lifecycle ---------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has been called."""
        return self._handle.closed

    def close(self) -> None:
        """Frees the navigator and its subscriptions. Idempotent.

        Called from a listener or while another thread is inside a call, the navigator is marked
        closed at once (no listener is called after it) and freed when the running calls return.
        """
        self._finalizer()

    def __repr__(self) -> str:
        """``<Navigator open>`` or ``<Navigator closed>``."""
        return f"<Navigator {'closed' if self.closed else 'open'}>"

    # -- changing the state ------------------------------------------------------------------

    # One road per op (Include/navcore.h, "One C function per op"): each op's method calls the op's
    # C function, navcore_<op>, whenever the call is one that function expresses, and sends an
    # action through apply only for what the header's rule leaves to apply: the options that
    # address another stack (tab), override a policy (policy) or hand a result (result), pop_to
    # by name, and arguments no C parameter holds (a count beyond a C int, an id beyond int64_t,
    # an open mode that is no mode), which the library then judges as a field of an action.
    # test_op_roads.py holds every op to it. proceed is no action.

    def _change(self, function: Callable[..., int], *args: Any) -> Transition:
        """Runs ``function(pointer, *args, transition_out)``, checks it and returns the typed transition."""
        out = c_void_p()  # passed as it is: ctypes passes its address for a pointer parameter
        self._handle.call(function, *args, out)
        transition: Transition = Transition._from_parsed(take_json(out))  # from_json, for a document parsed already
        return transition

    def apply(self, actions: Actions) -> Transition:
        """Applies one action or a batch atomically (``navcore_apply``).

        ``actions`` is an action dict, a list of them, or JSON text: a ``str`` (encoded as UTF-8)
        or ``bytes`` (passed verbatim, e.g. to test how the library meets invalid UTF-8).
        """
        text = encode(actions, "actions") if isinstance(actions, (str, bytes)) else dump(actions, "actions")
        return self._change(LIB.navcore_apply, text)

    def push(
        self,
        name: str,
        params: Optional[Mapping[str, Any]] = None,
        /,
        *,
        tab: Optional[str] = None,
        policy: Optional[PushPolicy] = None,
        **kwparams: Any,
    ) -> Transition:
        """Pushes route ``name`` (``navcore_push``; a ``push`` action with ``tab`` / ``policy``).

        Params are keyword arguments, ``push("product", id=42)``, or a mapping,
        ``push("product", {"id": 42})``, which also serves params named like ``name``, ``tab`` or
        ``policy``. ``tab`` pushes onto that tab's stack instead of the active stack; ``policy``
        (``"allow"``, ``"single_top"``, ``"bring_to_front"``, ``"replace_top"``) overrides the
        route's ``push_policy`` for this push.
        """
        if tab is None and policy is None:
            merged = _params(params, kwparams)
            return self._change(LIB.navcore_push, encode(name, "name"), dump(merged, "params") if merged else None)
        return self.apply(_with_options({"op": "push", "route": _route(name, params, kwparams)}, tab=tab, policy=policy))

    def pop(self, count: int = 1, *, tab: Optional[str] = None, result: Any = None) -> Transition:
        """Pops ``count`` entries (``navcore_pop``); never the root, and at the root it changes nothing.

        ``tab`` pops that tab's stack instead of the active stack. A count that is not a C ``int``
        is sent as ``{"op": "pop", "count": count}`` so that the library judges it. ``result``
        (any JSON value) goes to the entry the pop reveals, which holds it until
        :meth:`take_result` (docs/blockers.md#results).
        """
        if tab is None and result is None and type(count) is int and _C_INT_MIN <= count <= _C_INT_MAX:
            return self._change(LIB.navcore_pop, count)
        return self.apply(_with_options({"op": "pop", "count": count}, tab=tab, result=result))

    def pop_to(
        self,
        id: Optional[int] = None,
        *,
        name: Optional[str] = None,
        inclusive: bool = False,
        tab: Optional[str] = None,
    ) -> Transition:
        """Pops to the entry ``id`` (``navcore_pop_to``), or to the topmost entry of route ``name``
        (a ``pop_to`` action).

        With ``inclusive`` the target goes too (never the root). Exactly one of ``id`` / ``name``
        must be given; the library refuses anything else with ActionError. ``tab`` acts on that
        tab's stack instead of the active stack.
        """
        if tab is None and name is None and _int64(id) and type(inclusive) is bool:
            return self._change(LIB.navcore_pop_to, id, int(inclusive))
        action: Dict[str, Any] = {"op": "pop_to", "inclusive": inclusive}
        if id is not None:
            action["id"] = id
        if name is not None:
            action["name"] = name
        return self.apply(_with_options(action, tab=tab))

    def pop_to_root(self, *, tab: Optional[str] = None) -> Transition:
        """Pops every entry above the root (``navcore_pop_to_root``); ``tab`` acts on that tab's stack."""
        if tab is None:
            return self._change(LIB.navcore_pop_to_root)
        return self.apply(_with_options({"op": "pop_to_root"}, tab=tab))

    def replace(
        self, name: str, params: Optional[Mapping[str, Any]] = None, /, *, tab: Optional[str] = None, **kwparams: Any
    ) -> Transition:
        """Replaces the top entry with route ``name`` (a new id, ``navcore_replace``); params as for
        :meth:`push`.

        ``tab`` acts on that tab's stack instead of the active stack.
        """
        if tab is None:
            merged = _params(params, kwparams)
            return self._change(LIB.navcore_replace, encode(name, "name"), dump(merged, "params") if merged else None)
        return self.apply(_with_options({"op": "replace", "route": _route(name, params, kwparams)}, tab=tab))

    def set_stack(self, routes: Sequence[RouteLike], *, tab: Optional[str] = None) -> Transition:
        """Makes ``routes`` the path above the root (``navcore_set_stack``).

        Each route is a dict ``{"name": ..., "params": ...}``, a ``(name, params)`` tuple, or a
        bare name. Entries that stay at the same position with an equal route keep their ids.
        ``tab`` acts on that tab's stack instead of the active stack.
        """
        route_list = [_route_like(route) for route in routes]
        if tab is None:
            return self._change(LIB.navcore_set_stack, dump(route_list, "routes"))
        return self.apply(_with_options({"op": "set_stack", "routes": route_list}, tab=tab))

    # -- tabs, presentations, split view and back ----------------------------------------------

    def select_tab(self, tab: str) -> Transition:
        """Selects ``tab`` (``navcore_select_tab``); the previous tab goes to the tab history.

        Selecting the selected tab pops it to its root, unless the table's
        ``options.reselect_pops_to_root`` is false. Presentations stay up. Raises UnknownTabError for an
        unknown tab or a table without tabs.
        """
        return self._change(LIB.navcore_select_tab, encode(tab, "tab"))

    def reset_tab(self, tab: Optional[str] = None) -> Transition:
        """Pops ``tab`` (default: the selected tab) to its root (``navcore_reset_tab``).

        Raises UnknownTabError for an unknown tab or a table without tabs.
        """
        return self._change(LIB.navcore_reset_tab, _optional_text(tab, "tab"))

    def reset_all(self) -> Transition:
        """The logout case (``navcore_reset_all``): every base stack back to its root, every
        presentation dismissed, the first tab selected and the tab history cleared."""
        return self._change(LIB.navcore_reset_all)

    def present(
        self,
        name: str,
        params: Optional[Mapping[str, Any]] = None,
        /,
        *,
        style: Optional[str] = None,
        policy: Optional[PresentPolicy] = None,
        **kwparams: Any,
    ) -> Transition:
        """Presents route ``name`` on a new layer whose stack's root it is (``navcore_present``; a
        ``present`` action with ``policy``).

        Params as for :meth:`push` (a param called ``style`` or ``policy`` goes in the mapping).
        ``style`` is one of the table's ``styles`` (default ``"sheet"``); another is ActionError.
        ``policy`` (``"allow"``, ``"single_top"``) overrides the route's ``present_policy``: with
        ``single_top`` an equal route already at the top layer's root is ``"absorbed"``. While a
        layer is up, stack actions without ``tab`` act on the top layer's stack.
        """
        if policy is None:
            merged = _params(params, kwparams)
            return self._change(LIB.navcore_present, encode(name, "name"), dump(merged, "params") if merged else None,
                                _optional_text(style, "style"))
        route = _route(text_field(name, "name"), params, kwparams)
        checked_style = text_field(style, "style") if style is not None else None
        return self.apply(_with_options({"op": "present", "route": route}, style=checked_style, policy=policy))

    def dismiss(self, all: bool = False, *, result: Any = None) -> Transition:
        """Removes the top presentation, or every one with ``all`` (``navcore_dismiss``).

        ``result`` goes to the entry shown after (the one that presented it), as for :meth:`pop`.
        Raises NoEntryError when nothing is presented.
        """
        if result is None:
            return self._change(LIB.navcore_dismiss, 1 if all else 0)
        return self.apply(_with_options({"op": "dismiss", "all": bool(all)}, result=result))

    def back(self, *, result: Any = None) -> Transition:
        """The system Back button (``navcore_back``): pops the top presentation's stack, dismisses a
        presentation at its root, pops the active stack, or returns to the previous tab, the first
        that applies. The transition's ``results`` says which: ``"popped_presentation"``,
        ``"dismissed"``, ``"popped"``, ``"previous_tab"``, or ``"nothing"`` when there is nowhere
        to go back to (the shell may exit); also ``"held_by_presentation"`` (a layer whose route
        declares ``"dismissable": False`` is at its root: nothing changes) and ``"to_sidebar"`` (a
        compact split view at its detail root shows the sidebar). :meth:`back_preview` says it
        beforehand. ``result`` goes to the entry shown after, as for :meth:`pop` (ActionError when
        Back changes tabs, shows the sidebar or does nothing)."""
        if result is None:
            return self._change(LIB.navcore_back)
        return self.apply(_with_options({"op": "back"}, result=result))

    def back_preview(self) -> BackPreview:
        """What :meth:`back` would do now, changing nothing (``navcore_back_preview``): for a
        predictive back gesture or a Back button's label.

        The :class:`~navcore.reports.BackPreview` has the ``result`` back would report and, in
        ``after``, the active stack and entry it would show, as back's transition would have them;
        ``reason`` with ``"held_by_presentation"``, and ``blocked`` (stack, reason and entry of
        the blocker) when back would remove a blocking entry: back then raises
        :class:`BlockedError`, and does what the preview says once you :meth:`proceed` past it.
        """
        return BackPreview.from_json(self._read(LIB.navcore_back_preview))

    def view_model(self) -> ViewModel:
        """What a shell renders now (``navcore_view_model``, docs/shells.md), a
        :class:`~navcore.view_model.ViewModel`: ``layers`` bottom to top (each with ``stack``,
        ``style`` (``"base"`` or a presentation style), ``title``, ``id`` and ``back.enabled`` /
        ``back.label``), ``tabs`` (``name``, ``title``, ``selected``, ``locked``), ``sidebar``
        with a split view, and the ``announcement`` for a screen reader after the last change."""
        return ViewModel.from_json(self._read(LIB.navcore_view_model))

    def set_compact(self, value: bool) -> Transition:
        """Collapses a split view to one column (``True``, a narrow window) or expands it
        (``navcore_set_compact``). Collapsing shows the detail stack; in compact form :meth:`back`
        at the detail root shows the sidebar (``"to_sidebar"``). ``value`` must be a bool
        (TypeError otherwise). Raises ActionError on a table without a split layout.
        """
        if not isinstance(value, bool):
            raise TypeError(f"value must be a bool, got {type(value).__name__}")
        return self._change(LIB.navcore_set_compact, int(value))

    def take_result(self, id: int) -> Any:
        """Takes the result entry ``id`` holds (``navcore_take_result``): returns it, and the entry
        no longer holds it, so it is delivered once. Raises NoEntryError when no stack holds the
        entry or it holds no result, and CascadeError from this navigator's own guard (a change
        like any other)."""
        out = c_void_p()
        self._handle.call(LIB.navcore_take_result, id, out)
        return take_json(out)

    def set_condition(self, name: str, value: bool) -> Transition:
        """Sets condition ``name``, declared by the route table, to ``value`` (``navcore_set_condition``).

        Setting the value it already has changes nothing (``changed`` is False); a change lists
        the condition under the transition's ``"conditions"``. Becoming true dismisses the flow of
        the :attr:`pending` intent waiting for it and replays the intent, in the same transition
        (its ``"intent"``); becoming false applies the condition's ``on_false`` policy
        (docs/conditions.md). ``value`` must be a bool (TypeError otherwise). Raises ActionError
        for a condition the table does not declare.
        """
        if not isinstance(value, bool):
            raise TypeError(f"value must be a bool, got {type(value).__name__}")
        return self._change(LIB.navcore_set_condition, encode(name, "name"), int(value))

    def set_locale(self, locale: str) -> Transition:
        """Sets the navigator's locale tag (``navcore_set_locale``, docs/locales.md): every title
        and the announcement are then in the table's locale it picks, with the fallback of
        :class:`Navigator`'s ``locale``. The same tag again (in any case) changes nothing; a change
        has ``transition.locale`` and touches no stack, so it ends no blocker's token. Raises
        ActionError for a malformed tag.
        """
        return self._change(LIB.navcore_set_locale, encode(locale, "locale"))

    def set_blocker(self, id: int, reason: str) -> Transition:
        """Marks entry ``id`` as blocking for ``reason`` (``navcore_set_blocker``, docs/blockers.md).

        While marked, any change that would remove the entry raises :class:`BlockedError` and
        changes nothing; ask the user, then :meth:`proceed` past it or do nothing. Like saved
        state, the mark changes no stack (``changed`` is False). Raises NoEntryError for an id no
        stack holds, ActionError for an empty or too long reason.
        """
        if _int64(id):
            return self._change(LIB.navcore_set_blocker, id, encode(reason, "reason"))
        return self.apply({"op": "set_blocker", "id": id, "reason": text_field(reason, "reason")})

    def clear_blocker(self, id: int) -> Transition:
        """Clears entry ``id``'s blocker mark (``navcore_set_blocker`` with a NULL reason)."""
        if _int64(id):
            return self._change(LIB.navcore_set_blocker, id, None)
        return self.apply({"op": "set_blocker", "id": id, "reason": None})

    def proceed(self, blocked: Union[BlockedError, str]) -> Transition:
        """Applies the batch a blocker held back, past that blocker, once (``navcore_proceed``).

        ``blocked`` is the :class:`BlockedError` raised (or its ``token``)::

            try:
                nav.back()
            except navcore.BlockedError as blocked:
                if ask_user(f"Discard? {blocked.reason}"):
                    nav.proceed(blocked)

        Each BlockedError has its own token, naming exactly its batch. It proceeds once, while the
        batch would still make the change it was held back for (a change on another tab, saved
        state or a condition the batch does not read keeps it; a restore ends it); raises
        NoEntryError otherwise, saying why, and BlockedError again, with a new token, when a
        blocker marked since holds the batch back.
        """
        token = encode(blocked.token if isinstance(blocked, BlockedError) else blocked, "token")
        return self._change(LIB.navcore_proceed, token)

    def select(self, name: str, params: Optional[Mapping[str, Any]] = None, /, **kwparams: Any) -> Transition:
        """Split layout: makes route ``name`` the sidebar selection (``navcore_select``).

        The detail stack restarts at that route; selecting an equal route pops the detail stack to
        its root. Params as for :meth:`push`. Raises RouteError for a route not in the sidebar,
        ActionError on a table without a split layout.
        """
        merged = _params(params, kwparams)
        return self._change(LIB.navcore_select, encode(name, "name"), dump(merged, "params") if merged else None)

    # -- reading the state -------------------------------------------------------------------

    def _read(self, function: Callable[..., int], *args: Any) -> bytes:
        """Runs ``function(pointer, *args, out)``, checks it and returns the owned string's bytes."""
        out = c_void_p()
        self._handle.call(function, *args, out)
        return take_string(out)

    @property
    def state_json(self) -> str:
        """The whole state as the library writes it (``navcore_state``), e.g. to persist it."""
        return self._read(LIB.navcore_state).decode("utf-8")

    @property
    def state(self) -> State:
        """The whole state, parsed: ``next_id``, ``seq``, ``active_stack``, ``stacks``, ..."""
        return State.from_json(self._read(LIB.navcore_state))

    @property
    def locale(self) -> Optional[str]:
        """The locale tag the navigator was given (docs/locales.md), ``None`` until it is given one."""
        return self.state.locale

    @property
    def stack(self) -> Tuple[Entry, ...]:
        """The active stack's entries, root first (``navcore_stack``'s ``"entries"``)."""
        return Stack.from_json(self._read(LIB.navcore_stack)).entries

    @property
    def active_stack(self) -> str:
        """The active stack's name (``navcore_stack``'s ``"stack"``): ``"main"``, a tab's name,
        ``"detail"``, or the top presentation's ``"layer:<id>"``."""
        name: str = json.loads(self._read(LIB.navcore_stack))["stack"]
        return name

    @property
    def presentations(self) -> Tuple[Layer, ...]:
        """The presented layers, bottom first, from the state: each a :class:`~navcore.entries.Layer`."""
        return self.state.presentations

    @property
    def conditions(self) -> Mapping[str, bool]:
        """Every condition the route table declares, with its value, from the state (empty when
        it declares none)."""
        return self.state.conditions

    def condition(self, name: str) -> bool:
        """The value of the condition ``name`` (``navcore_condition``), without reading the whole
        state; ActionError naming the declared conditions for any other name."""
        value = c_int()
        self._handle.call(LIB.navcore_condition, encode(name, "name"), byref(value))
        return bool(value.value)

    @property
    def pending(self) -> Optional[Pending]:
        """The pending intent, from the state: the batch held while its condition's flow shows,
        a :class:`~navcore.entries.Pending`; None when nothing waits (docs/conditions.md).
        Setting the condition true replays it once; dismissing the flow drops it."""
        return self.state.pending

    @property
    def selected_tab(self) -> Optional[str]:
        """The selected tab's name, from the state; None when the table declares no tabs."""
        return self.state.selected_tab

    # -- links (docs/links.md) ---------------------------------------------------------------

    def open_url(self, url: str, mode: Optional[OpenMode] = None, dismiss: bool = False) -> Transition:
        """Opens ``url`` (``navcore_open_url``): places the routes of the link it matches.

        ``mode`` is ``"replace"`` (the path above the root becomes the link's routes, an equal
        prefix keeping its ids), ``"push"`` (on top of the path), or None for the link's declared
        mode (else replace). With ``dismiss`` every presentation is dismissed first, when any is
        up (``NAVCORE_OPEN_DISMISS``): what a URL box or a notification wants, the new screen
        visible whatever is presented. Raises NoMatchError when no link matches and the table
        declares no ``not_found`` route, and for text that is no URL (relative, a bad escape such
        as ``%zz``) even when it does; LimitError for a URL longer than MAX_URL_BYTES. Any other
        mode, or a ``dismiss`` that is no bool, is sent as an ``open_url`` action for the library
        to refuse with ActionError.
        """
        if mode not in _OPEN_MODES or not isinstance(dismiss, bool):
            action: Dict[str, Any] = {"op": "open_url", "url": url}
            if mode is not None:
                action["mode"] = mode
            if dismiss is not False:
                action["dismiss"] = dismiss
            return self.apply(action)
        url_bytes, code = encode(url, "url"), _OPEN_MODES[mode] | (OPEN_DISMISS if dismiss else 0)
        return self._change(LIB.navcore_open_url, url_bytes, code)

    def resolve_url(self, url: str) -> Resolution:
        """What ``url`` would open, without navigating (``navcore_resolve_url``).

        Returns a :class:`~navcore.reports.Resolution`: the ``link`` pattern, ``mode``,
        ``routes`` and the ``tab`` a tab link selects; ``link`` is None (with a ``reason``) for
        the table's ``not_found`` route. Raises NoMatchError when no link matches and there is no
        ``not_found`` route, and for text that is no URL, ``not_found`` or not.
        """
        resolution: Resolution = Resolution._from_parsed(self._handle.document(LIB.navcore_resolve_url, url, "url"))
        return resolution

    def url_for(self, name: str, params: Optional[Mapping[str, Any]] = None, /, **kwparams: Any) -> str:
        """The canonical URL of route ``name`` (``navcore_url_for``); params as for :meth:`push`.

        It is the URL of the first link that produces the route; opening it gives back the route.
        Raises RouteError / ParamsError for a bad route, NoMatchError when no link produces it.
        """
        text = dump(_route(name, params, kwparams), "route")
        return self._read(LIB.navcore_url_for, text).decode("utf-8")

    def stack_url(self) -> str:
        """The URL of the current stack, to share the screen on top (``navcore_stack_url``).

        Prefers a link whose ``into`` names the active stack and whose URL rebuilds it from a
        fresh start, then a link whose URL rebuilds exactly the current path; raises NoMatchError
        when no link reaches the stack and none produces the top route.
        """
        return self._read(LIB.navcore_stack_url).decode("utf-8")

    def match_segments(self, scheme: str, host: str, segments: Sequence[str]) -> int:
        """The index in the table's ``links`` of the link whose path matches ``segments``.

        The matching step alone (``navcore_match_segments``), for benchmarks and diagnostics:
        ``segments`` are already split and decoded; no URL is parsed and no route is built.
        Unstable, like the C function (declared in ``navcore_debug.h``, not in ``navcore.h``).
        """
        scheme_bytes, host_bytes = encode(scheme, "scheme"), encode(host, "host")
        items = [encode(segment, f"segments[{index}]") for index, segment in enumerate(segments)]
        array = (c_char_p * max(len(items), 1))(*items)
        link = c_size_t()
        self._handle.call(LIB.navcore_match_segments, scheme_bytes, host_bytes, array, len(items), link)
        return link.value

    # -- inspecting the route table (docs/tools.md) ------------------------------------------

    def table_report(self) -> Dict[str, Any]:
        """A report on the route table (``navcore_table_report``): its structure as data and its
        ``"warnings"``, each ``{"kind", "path", "message"}``, for what loads but is probably wrong
        (docs/tools.md, docs/schema/table-report.schema.json). A table that does not load raises
        TableError (or JSONError) from the constructor, with the place in ``error.path``."""
        report: Dict[str, Any] = json.loads(self._read(LIB.navcore_table_report))
        return report

    # -- saved state, snapshots, restore and the action log (docs/restore.md) -----------------

    def set_entry_state(self, id: int, state: Any) -> Transition:
        """Attaches ``state`` (any JSON value: a scroll offset, a form draft) to the entry ``id``,
        in whichever stack holds it (``navcore_set_entry_state``); ``None`` removes it.

        The state shows as the entry's ``"state"``, travels through snapshots and goes when the
        entry is popped. It is not a navigation change: on its own the transition says
        ``changed`` is False and listeners are not called. Raises NoEntryError for an id no stack
        holds, ActionError for a state deeper than ``MAX_ENTRY_STATE_DEPTH`` or larger than
        ``MAX_ENTRY_STATE_SIZE``.
        """
        if _int64(id):
            return self._change(LIB.navcore_set_entry_state, id, dump(state, "state"))
        return self.apply({"op": "set_entry_state", "id": id, "state": state})

    def snapshot(self) -> Dict[str, Any]:
        """The navigator's snapshot (``navcore_snapshot``): every stack, the tab selection,
        presentations, entry ids and saved state, stamped with the table's version and app id.
        Persist it (``json.dumps``) and give it to :meth:`restore` at the next launch."""
        snapshot: Dict[str, Any] = json.loads(self._read(LIB.navcore_snapshot))
        return snapshot

    def restore(self, snapshot: DocumentInput, validator: Optional[Validator] = None) -> RestoreReport:
        """Restores ``snapshot`` entry by entry (``navcore_restore``) and returns the report.

        Older snapshots are migrated; entries whose route is gone or whose params no longer fit
        are dropped (by default with the entries above them); ``restore: never`` routes cut their
        stack; ``validator(entry)``, when given, returns True to keep an entry the table accepts
        or False to veto it. A validator that raises or returns a non-bool fails on that entry:
        it is dropped as ``"validator_failed"`` and the problem is logged (see
        :mod:`navcore._validator`). The validator runs on this thread, during the call.

        The :class:`~navcore.reports.RestoreReport` lists the migrations run, the kept ids per stack, each dropped entry
        with its reason, and the stacks restarted at their root. Raises RestoreError, changing
        nothing, for a snapshot unusable as a whole (not JSON, truncated, too large, a newer
        format, the wrong shape, another app, duplicate or out-of-range ids).
        """
        text = dump(snapshot, "snapshot") if isinstance(snapshot, Mapping) else encode(snapshot, "snapshot")
        trampoline = make_validator(validator)
        out = c_void_p()
        self._handle.call(LIB.navcore_restore, text, trampoline, None, out)
        return RestoreReport.from_json(take_json(out))

    def record(self, on: bool = True) -> None:
        """Starts (``on``) or stops recording changes into the action log (``navcore_record``).

        Starting begins a new log based on the current state (nothing changes when already
        recording); stopping keeps the log readable. The log keeps the latest
        ``MAX_LOG_BATCHES`` batches.
        """
        self._handle.call(LIB.navcore_record, 1 if on else 0)

    @property
    def log(self) -> Dict[str, Any]:
        """The action log (``navcore_log``): the base snapshot and every recorded batch with its
        cause. Raises NoEntryError when recording was never started."""
        log: Dict[str, Any] = json.loads(self._read(LIB.navcore_log))
        return log

    def replay(self, log: DocumentInput) -> Transition:
        """Replays an action log into this navigator (``navcore_replay``): the result equals the
        recorded state, ids and seq included. Returns the transition (cause ``"replay"``).
        Raises RestoreError, changing nothing, for a log that does not replay exactly."""
        text = dump(log, "log") if isinstance(log, Mapping) else encode(log, "log")
        return self._change(LIB.navcore_replay, text)

    # -- guards (docs/conditions.md, "Redirects and guards") -----------------------------------

    def set_guard(self, guard: Optional[Guard]) -> None:
        """Sets the guard asked before each batch commits, or removes it (``None``).

        ``guard(proposal)`` gets a :class:`~navcore.transitions.Proposal` (``actions``, and the
        ``transition`` they would commit) and
        returns ``None`` or ``True`` to allow, ``Deny(reason)`` (the call raises DeniedError) or
        ``Redirect(actions)`` (those actions are proposed instead). A guard that raises or returns
        anything else denies the batch, and the problem is logged (see :mod:`navcore._guard`).
        It runs on the calling thread without the navigator's lock; restore and replay do not ask it.
        """
        if guard is None:
            self._handle.call(LIB.navcore_set_guard, GUARD(), None)
        else:
            trampoline = make_guard(guard)
            self._handle.call(LIB.navcore_set_guard_with_destroy, trampoline, self._kept.keep(trampoline), RELEASE)

    # -- observation -------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Subscription:
        """Calls ``listener(transition)`` for each committed change, in commit order.

        Listeners run on the thread that made the change, before that call returns. They may
        read the state, apply actions, subscribe and unsubscribe; a listener that keeps changing
        the state is stopped with CascadeError after ``MAX_LISTENER_CASCADE`` chained changes.
        """
        return self._subscribe(LIB.navcore_subscribe_with_destroy, listener, Transition.from_json)

    def subscribe_view(self, listener: Callable[[ViewModel], object]) -> Subscription:
        """Calls ``listener(view_model)`` with the view model now, before this returns, and then
        after every call that changes it, blocker marks and saved state included
        (``navcore_subscribe_view``; docs/shells.md, "The view subscription").

        It runs on the thread that made the change, after the transition listeners, before that
        call returns: a GUI shell hands it to its main loop (Tk: ``root.after(0, ...)``). It may
        read and change the navigator; the view after its change comes in the next round.
        Exceptions are reported as a transition listener's are.
        """
        return self._subscribe(LIB.navcore_subscribe_view_with_destroy, listener, ViewModel.from_json)

    def subscribe_blocked(self, listener: Callable[[Blocked], object]) -> Subscription:
        """Calls ``listener(blocked)`` for every batch a blocker holds back on this navigator,
        whoever made the change (``navcore_subscribe_blocked``; docs/blockers.md, "Blocked
        changes as events"), before the call raises BlockedError: one dialog can own the
        question, and answer it with :meth:`proceed` and ``blocked.token``. It runs on the
        failing call's thread; exceptions are reported as a transition listener's are.
        """
        return self._subscribe(LIB.navcore_subscribe_blocked_with_destroy, listener, Blocked.from_json)

    def _subscribe(self, function: Callable[..., int], listener: Callable[[Any], object],
                   decode: Callable[[bytes], Any]) -> Subscription:
        """Subscribes ``listener`` with ``function`` (``navcore_subscribe_with_destroy`` or a
        sibling), each document decoded by ``decode``; the library keeps its trampoline for as
        long as it may call it (:mod:`navcore._kept`)."""
        trampoline = make_trampoline(listener, self._on_listener_error, decode, self._handle)
        subscription_id = c_int64()
        self._handle.call(function, trampoline, self._kept.keep(trampoline), RELEASE, byref(subscription_id))
        return Subscription(self, subscription_id.value)

    def _unsubscribe(self, subscription_id: int) -> None:
        """Ends subscription ``subscription_id``; the library drops its trampoline once no delivery uses it."""
        self._handle.call(LIB.navcore_unsubscribe, c_int64(subscription_id))
