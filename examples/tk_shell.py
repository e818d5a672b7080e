#!/usr/bin/env python3
"""tk_shell: the shop app as a Tk window driven by navcore (docs/shells.md).

Everything it draws comes from the view model, in the locale its switch sets: the tab bar, the
tab bars of nested containers (the settings sheet's General, Privacy and Account), the Back
button's label and state, each layer's title, the announcement. It keeps no navigation rule of
its own: a click applies an action, and the view subscription redraws the window from the view
model after every change (``nav.subscribe_view``). A change an unsaved draft holds back reaches
one dialog, whoever made it (``nav.subscribe_blocked``), which asks the user, then proceeds or
not.
"""

from __future__ import annotations

import sys
import tkinter as tk
from pathlib import Path
from tkinter import messagebox
from typing import Any, Callable, Dict, List, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import navcore  # noqa: E402 - after the path to the in-tree binding
from gui_table import GUI_TABLE  # noqa: E402 - the shop's table with a settings sheet that has its own tabs

#: The buttons of the action bar: label -> the action it applies.
ACTIONS: Dict[str, Dict[str, Any]] = {
    "Product 42": {"op": "push", "route": {"name": "product", "params": {"id": 42}}},
    "Checkout": {"op": "push", "route": {"name": "checkout"}},
    "Pick a size": {"op": "present", "route": {"name": "size_picker"}},
    "Settings": {"op": "present", "route": {"name": "preferences"}},
    "Blocked": {"op": "push", "route": {"name": "blocked"}},
    "Close": {"op": "dismiss"},
}

#: The locale switch, a row of its own: every title and announcement follows (docs/locales.md).
LOCALES: Dict[str, Dict[str, Any]] = {
    "English": {"op": "set_locale", "locale": "en"},
    "Tiếng Việt": {"op": "set_locale", "locale": "vi"},
}


class Shell:
    """The window: a tab bar, the nested containers' tab bars, a Back button and title, the
    layers, an action bar, the locale switch, a URL box."""

    def __init__(self, root: tk.Tk, ask: Callable[[str], bool] = lambda text: messagebox.askyesno("navcore", text)) -> None:
        self.nav = navcore.Navigator(GUI_TABLE)
        self.ask = ask
        self.root = root
        root.title("navcore shop")
        self.tabs = tk.Frame(root)
        self.tabs.pack(fill="x")
        # One row per container on the visible path (a sheet's own tabs), outermost first.
        self.containers = tk.Frame(root)
        self.containers.pack(fill="x")
        bar = tk.Frame(root)
        bar.pack(fill="x")
        self.back = tk.Button(bar, command=self.command({"op": "back"}))
        self.back.pack(side="left")
        self.title = tk.Label(bar, font=("TkDefaultFont", 14, "bold"))
        self.title.pack(side="left", padx=8)
        self.layers = tk.Label(root, justify="left", anchor="w")
        self.layers.pack(fill="x")
        actions = tk.Frame(root)
        actions.pack(fill="x")
        self.actions = {label: tk.Button(actions, text=label, command=self.command(action)) for label, action in ACTIONS.items()}
        for button in self.actions.values():
            button.pack(side="left")
        self.signed = tk.Button(actions, command=self.toggle_sign_in)
        self.signed_in = False  # as the last frame drawn says: what the button toggles
        self.signed.pack(side="right")
        locales = tk.Frame(root)
        locales.pack(fill="x")
        self.locales = {label: tk.Button(locales, text=label, command=self.command(action)) for label, action in LOCALES.items()}
        for button in self.locales.values():
            button.pack(side="left")
        links = tk.Frame(root)
        links.pack(fill="x")
        self.url = tk.Entry(links)
        self.url.pack(side="left", fill="x", expand=True)
        # The link's screen shows whatever is presented: "dismiss" closes any sheet first.
        self.open = tk.Button(links, text="Open", command=lambda: self.change({"op": "open_url", "url": self.url.get(), "dismiss": True}))
        self.open.pack(side="left")
        self.url.bind("<Return>", lambda event: self.open.invoke())
        # One character wide: the window's width, not a long message, sets the label's; the
        # message wraps at whatever width the window gives it.
        self.status = tk.Label(root, anchor="w", justify="left", fg="gray30", width=1)
        self.status.pack(fill="x")
        self.status.bind("<Configure>", lambda event: self.status.config(wraplength=event.width))
        self.nav.subscribe_view(self.draw)
        self.nav.subscribe_blocked(self.confirm)

    def command(self, action: Dict[str, Any]) -> Callable[[], None]:
        """A button's command: applies ``action``."""
        return lambda: self.change(action)

    def change(self, action: Dict[str, Any]) -> None:
        """Applies an action; an error is shown in the status line (a blocked one was asked about)."""
        try:
            self.nav.apply(action)
        except navcore.BlockedError:
            pass
        except navcore.NavError as error:
            self.status.config(text=error.message)

    def confirm(self, blocked: navcore.Blocked) -> None:
        """Asks whether to discard what a blocker holds, and proceeds if the user says so."""
        if self.ask(f"{blocked.reason}. Leave anyway?"):
            self.nav.proceed(blocked.token)

    def toggle_sign_in(self) -> None:
        """Signs the user in or out, as the button the user sees says."""
        self.change({"op": "set_condition", "name": "signed_in", "value": not self.signed_in})

    def draw(self, model: navcore.ViewModel) -> None:
        """Draws the window from the view model."""
        for frame in (self.tabs, self.containers):
            for widget in frame.winfo_children():
                widget.destroy()
        self.draw_tab_bar(self.tabs, model.tabs)
        for container in model.containers:
            row = tk.Frame(self.containers)
            row.pack(fill="x")
            tk.Label(row, text=f"{container.title}:").pack(side="left")
            self.draw_tab_bar(row, container.tabs)
        back = model.top.back
        self.back.config(text=f"< {back.label}" if back.enabled else "<", state="normal" if back.enabled else "disabled")
        self.title.config(text=model.top.title)
        self.layers.config(text="\n".join(f"{layer.style}: {layer.title}" for layer in model.layers))
        self.signed_in = model.conditions["signed_in"]
        self.signed.config(text="Sign out" if self.signed_in else "Sign in")
        self.status.config(text=model.announcement)

    def draw_tab_bar(self, frame: tk.Frame, tabs: Sequence[navcore.TabView]) -> None:
        """Draws a tab button per tab into ``frame``: a click selects the tab by the name the view
        model gives it (a nested tab's is its stack's name)."""
        for tab in tabs:
            text = tab.title + (" (locked)" if tab.locked else "")
            button = tk.Button(frame, text=text, relief="sunken" if tab.selected else "raised",
                               command=self.command({"op": "select_tab", "tab": tab.name}))
            button.pack(side="left")

    def tab_buttons(self) -> List[tk.Misc]:
        """The tab bar's buttons, left to right."""
        return list(self.tabs.winfo_children())

    def texts(self) -> List[str]:
        """The tab bar's texts."""
        return [str(widget.cget("text")) for widget in self.tab_buttons()]

    def container_rows(self) -> List[List[tk.Misc]]:
        """Each nested container's row of widgets (its label, then its tab buttons), outermost first."""
        return [list(row.winfo_children()) for row in self.containers.winfo_children()]

    def container_texts(self) -> List[List[str]]:
        """The texts of each nested container's row."""
        return [[str(widget.cget("text")) for widget in row] for row in self.container_rows()]


#: What to do when there is no display to open the window on.
NO_DISPLAY = ("tk_shell: no display to open the window on ({reason}). Run it on a desktop, or on a virtual "
              "display with xvfb-run (Debian package xvfb): xvfb-run make gui")


def main() -> int:
    """Opens the window; without a display, says how to run it and returns 1."""
    try:
        root = tk.Tk()
    except tk.TclError as error:
        print(NO_DISPLAY.format(reason=error), file=sys.stderr)
        return 1
    Shell(root)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
