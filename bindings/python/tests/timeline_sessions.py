"""Recorded sessions for the timeline page's tests and its bench (docs/tools.md, "timeline"):
the shop demo's scripted tour, a nested session (a settings sheet with tabs, a sign-in flow with
a held link, a blocked Back, a title that tries to end the page's script), and long generated
sessions of the shop demo's table."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import random
from functools import lru_cache
from types import ModuleType
from typing import Any, Dict, List, Tuple

from support import REPO

import navcore

#: A title that would end an inline <script> and run code, were it not escaped.
EVIL_TEXT = "</script><img src=x onerror=\"document.title='pwned'\">\u2028&amp;"

#: A tabbed table with a settings sheet holding tabs, a sign-in flow and a note whose title is its text.
NESTED_TABLE: Dict[str, Any] = {
    "navcore": 1,
    "app": "nested_session",
    "routes": {
        "home": {"title": "Home"},
        "inbox": {"title": "Inbox"},
        "note": {"title": "{text}", "params": {"text": "string"}},
        "login": {"title": "Sign in"},
        "settings": {"title": "Settings", "requires": ["signed_in"],
                     "layout": {"tabs": [{"name": "general", "root": "general"}, {"name": "privacy", "root": "privacy"}]}},
        "general": {"title": "General"},
        "privacy": {"title": "Privacy"},
        "blocked": {"title": "Blocked users", "parent": "privacy"},
    },
    "tabs": [{"name": "home", "root": "home"}, {"name": "inbox", "root": "inbox"}],
    "links": [{"url": "myapp://settings/privacy/blocked", "stack": ["blocked"], "into": "settings/privacy"}],
    "conditions": {"signed_in": {"initial": False, "flow": {"route": "login", "style": "cover"}}},
}

Session = Tuple[Dict[str, Any], Dict[str, Any]]


@lru_cache(maxsize=None)
def shop_shell() -> ModuleType:
    """examples/shop_shell.py, imported as a module."""
    spec = importlib.util.spec_from_file_location("shop_shell", REPO / "examples" / "shop_shell.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shop_tour() -> Session:
    """The shop demo's table and the log of its scripted tour (make demo without a terminal)."""
    shell = shop_shell()
    with navcore.Navigator(shell.SHOP_TABLE) as nav, contextlib.redirect_stdout(io.StringIO()):
        nav.record()
        for line in shell.TOUR:
            shell.run(nav, line)
        return shell.SHOP_TABLE, nav.log


def nested_session() -> Session:
    """NESTED_TABLE and the log of a session on it, one step of each kind the page badges."""
    with navcore.Navigator(NESTED_TABLE) as nav:
        nav.record()
        nav.push("note", text=EVIL_TEXT)                      # changed
        nav.open_url("myapp://settings/privacy/blocked")      # held behind the sign-in cover
        nav.set_condition("signed_in", True)                  # the held link replayed: the sheet
        sheet = nav.active_stack.rsplit("/", 1)[0]
        nav.select_tab(f"{sheet}/general")
        nav.select_tab(f"{sheet}/privacy")
        nav.set_blocker(nav.stack[-1].id, "Unsaved block list")  # unchanged
        try:
            nav.back()
        except navcore.BlockedError as blocked:
            nav.proceed(blocked)                              # proceeded
        nav.back()                                            # the sheet dismissed
        nav.select_tab("inbox")
        nav.present("settings")
        nav.set_condition("signed_in", False)                 # dismissed by the condition
        return NESTED_TABLE, nav.log


def long_session(steps: int, seed: int = 41) -> Session:
    """The shop demo's table and a seeded session of ``steps`` batches on it: pushes, pops, tab
    switches, sheets presented and dismissed, links opened; no stack deeper than 10."""
    shell = shop_shell()
    chooser = random.Random(seed)
    with navcore.Navigator(shell.SHOP_TABLE) as nav:
        nav.record()
        for _ in range(steps):
            nav.apply(_random_batch(chooser, nav))
        return shell.SHOP_TABLE, nav.log


def _random_batch(chooser: random.Random, nav: navcore.Navigator) -> List[Dict[str, Any]]:
    """One batch of a long session, chosen from what the current state allows."""
    deep = len(nav.stack) >= 10
    presented = bool(nav.presentations)
    choice = chooser.choice(["push", "push", "pop", "tab", "present", "link"])
    product = {"name": "product", "params": {"id": chooser.randrange(1000)}}
    if presented and (choice == "present" or deep):
        return [{"op": "dismiss"}]
    if choice == "pop" or deep:
        return [{"op": "pop"}]
    if choice == "tab":
        return [{"op": "select_tab", "tab": chooser.choice(["shop", "cart", "settings"])}]
    if choice == "present":
        return [{"op": "present", "route": {"name": "quick_look", "params": {"id": chooser.randrange(1000)}}, "style": "sheet"}]
    if choice == "link":
        return [{"op": "open_url", "url": f"shop://product/{chooser.randrange(1000)}"}]
    if nav.selected_tab == "settings" or presented:
        return [{"op": "pop"}]
    category = {"name": "category", "params": {"slug": f"c{chooser.randrange(50)}"}}
    return [{"op": "push", "route": product if nav.selected_tab == "cart" else chooser.choice([product, category])}]
