"""examples/gtk_shell.c, the GTK 4 shell, driven under Xvfb (a virtual X server) with real clicks:
xdotool moves the X pointer onto a widget and presses the button, and types into the URL box. The
shell runs in its test mode (examples/gtk_shell_probe.h): after each frame GTK paints, it writes its
widgets, where each one is, and the navigator's view model read at that moment. After every event
each widget is compared with that view model: a tab, Back, a URL opened, a sheet opened and closed,
sign-in, a draft that asks before it is discarded, a settings sheet with its own tabs. The shell's
own object file calls no navcore reader but the view subscription, so it works from the view model
alone. Screenshots go to build/screenshots.

make test-gtk runs these (make gtk-shell builds the shell first); make test-python leaves them out."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

import pytest
from PIL import ImageGrab
from shell_support import READERS, Node, find, navcore_calls, tab_texts
from support import REPO, virtual_display

import navcore

pytestmark = [pytest.mark.gui, pytest.mark.gtk]

BUILD = REPO / "build" / "gtk"
SHELL = BUILD / "gtk_shell"
SCREENSHOTS = REPO / "build" / "screenshots"
#: How long an event may take to show in a painted frame.
TIMEOUT = 10.0



@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """A virtual X display for the module's shells."""
    assert SHELL.exists(), "make gtk-shell builds the shell (make test-gtk does)"
    with virtual_display("800x600x24") as name:
        yield name


def gtk_env(display: Optional[str], **extra: str) -> Dict[str, str]:
    """This process's environment for a GTK program on the X display (none for None): the cairo
    renderer (no GPU under Xvfb), no accessibility bus, no session bus to look for."""
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(GDK_BACKEND="x11", GSK_RENDERER="cairo", GTK_A11Y="none", NO_AT_BRIDGE="1", **extra)
    if display is not None:
        env["DISPLAY"] = display
    return env


class Shell:
    """The shell's process on the display, and what its test mode writes."""

    def __init__(self, display: str, probe: Path) -> None:
        self.display = display
        self.probe = probe
        self.process = subprocess.Popen([str(SHELL), str(BUILD / "gui_table.json")],
                                        env=gtk_env(display, NAVCORE_GTK_PROBE=str(probe)),
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.state: Dict[str, Any] = {}

    def read(self) -> Dict[str, Any]:
        """The last state the shell wrote ({} before its first frame)."""
        try:
            return dict(json.loads(self.probe.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return {}

    def window(self, title: str, state: Optional[Dict[str, Any]] = None) -> Optional[Node]:
        """The window titled ``title`` in the state (the last one read by default)."""
        return next((window for window in (state or self.state).get("windows", []) if window["title"] == title), None)

    def tree(self) -> Node:
        """The main window's widgets."""
        window = self.window("navcore shop")
        assert window is not None
        return dict(window["tree"])

    def model(self) -> navcore.ViewModel:
        """The view model the shell's navigator had when the last frame was painted."""
        return navcore.ViewModel.from_json(self.state["view"])

    def settle(self, ready: Callable[["Shell"], bool] = lambda shell: True, dialog: bool = False) -> None:
        """Waits for a painted frame where the window shows the view model (check_drawn), the
        dialog is open or not, and ``ready`` holds; then checks it, so that a timeout says why."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.process.communicate()[0]
            self.state = self.read()
            if "view" in self.state and (self.window("Discard?") is not None) == dialog:
                try:
                    check_drawn(self)
                    if ready(self):
                        return
                except AssertionError:
                    pass
            time.sleep(0.05)
        assert (self.window("Discard?") is not None) == dialog, "the dialog is open" if not dialog else "no dialog"
        check_drawn(self)
        assert ready(self), f"the shell did not get there: {self.state.get('view')}"

    def click(self, node: Optional[Node], window: str = "navcore shop") -> None:
        """A real click in the middle of the widget: the X pointer moves there, the button goes down and up."""
        assert node is not None
        found = self.window(window)
        assert found is not None, window
        x, y, width, height = node["box"]
        self.xdotool("mousemove", "--window", str(found["xid"]), str(int(x + width / 2)), str(int(y + height / 2)),
                     "click", "1")

    def button(self, text: str, within: str = "actions") -> Node:
        """The button labelled ``text`` in the widget named ``within``."""
        row = find(self.tree(), within)
        assert row is not None, within
        found = [child for child in row["children"] if child["type"] == "GtkButton" and child.get("text") == text]
        assert len(found) == 1, (text, [child.get("text") for child in row["children"]])
        return found[0]

    def type_url(self, url: str) -> None:
        """Clicks into the URL box, selects what it holds and types ``url`` over it, with key presses."""
        self.click(find(self.tree(), "url"))
        self.xdotool("key", "ctrl+a")
        self.xdotool("type", "--delay", "5", url)
        deadline = time.monotonic() + TIMEOUT
        while (find(self.tree(), "url") or {}).get("text") != url and time.monotonic() < deadline:
            time.sleep(0.05)
            self.state = self.read()
        assert (find(self.tree(), "url") or {}).get("text") == url
        self.settle()

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=gtk_env(self.display), check=True, timeout=30)

    def shot(self, name: str) -> None:
        """Saves a screenshot of the display."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        ImageGrab.grab(xdisplay=self.display).save(SCREENSHOTS / f"gtk-{name}.png")


def check_drawn(shell: Shell) -> None:
    """Each widget of the main window shows what the view model of the same frame says."""
    tree, model = shell.tree(), shell.model()
    back, title, layers = find(tree, "back"), find(tree, "title"), find(tree, "layers")
    tabs, containers, signed, status = find(tree, "tabs"), find(tree, "containers"), find(tree, "signed"), find(tree, "status")
    assert back and title and layers and tabs and containers and signed and status
    assert title["text"] == model.top.title
    assert back["sensitive"] == model.top.back.enabled
    assert back["text"] == (f"< {model.top.back.label}" if model.top.back.enabled else "<")
    assert layers["text"] == "\n".join(f"{layer.style}: {layer.title}" for layer in model.layers)
    assert [button["text"] for button in tabs["children"]] == tab_texts(model.tabs)
    assert [("suggested-action" in button["classes"]) for button in tabs["children"]] == [tab.selected for tab in model.tabs]
    assert [[widget["text"] for widget in row["children"]] for row in containers["children"]] == [
        [f"{container.title}:"] + tab_texts(container.tabs) for container in model.containers]
    assert [[("suggested-action" in widget["classes"]) for widget in row["children"][1:]] for row in containers["children"]] == [
        [tab.selected for tab in container.tabs] for container in model.containers]
    assert signed["text"] == ("Sign out" if model.conditions["signed_in"] else "Sign in")
    assert status["text"] == model.announcement or "NAVCORE_" in status["text"], "the announcement, or an error"
    assert all(node.get("box") for node in (back, title, tabs, signed)), "every widget is laid out"


@pytest.fixture
def shell(display: str, tmp_path: Path) -> Iterator[Shell]:
    running = Shell(display, tmp_path / "probe.json")
    try:
        running.settle()
        yield running
    finally:
        running.process.terminate()
        running.process.communicate(timeout=10)


def top_title(title: str) -> Callable[[Shell], bool]:
    return lambda shell: shell.model().top.title == title


def test_real_clicks_navigate_and_the_window_is_the_view_model(shell: Shell) -> None:
    assert shell.model().announcement == "", "the first frame, from the subscription's first call"
    shell.shot("01-start")
    shell.click(shell.button("Product 42"))
    shell.settle(top_title("Product 42"))
    shell.shot("02-product")
    shell.click(shell.button("Cart", within="tabs"))
    shell.settle(lambda shell: shell.model().announcement == "Cart tab")
    shell.click(find(shell.tree(), "back"))
    shell.settle(top_title("Product 42"))
    shell.shot("03-back-to-previous-tab")
    shell.click(shell.button("Pick a size"))
    shell.settle(lambda shell: shell.model().announcement == "Pick a size, sheet")
    shell.shot("04-sheet")
    shell.click(shell.button("Close"))
    shell.settle(lambda shell: shell.model().announcement == "closed Pick a size")
    shell.type_url("shop://product/7")
    shell.click(shell.button("Open", within="links"))
    shell.settle(top_title("Product 7"))
    shell.shot("05-url-opened")


def test_return_in_the_url_box_opens_the_url_and_a_bad_one_is_reported(shell: Shell) -> None:
    shell.type_url("shop://product/7")
    shell.xdotool("key", "Return")
    shell.settle(top_title("Product 7"))
    shell.type_url("shop://nowhere")
    shell.click(shell.button("Open", within="links"))
    shell.settle(lambda shell: "no link matches" in str((find(shell.tree(), "status") or {}).get("text")))
    assert shell.model().top.title == "Product 7", "nothing changed"
    shell.shot("06-bad-link")


def test_a_link_opened_over_a_sheet_shows_its_screen(shell: Shell) -> None:
    shell.click(shell.button("Pick a size"))
    shell.settle(lambda shell: shell.model().top.style == "sheet")
    shell.type_url("shop://product/7")
    shell.click(shell.button("Open", within="links"))
    shell.settle(lambda shell: (shell.model().top.style, shell.model().top.title) == ("base", "Product 7"))
    assert len(shell.model().layers) == 1, "the sheet was dismissed in the same batch"
    shell.shot("06-url-opened-over-a-sheet")


def test_a_held_checkout_continues_after_sign_in(shell: Shell) -> None:
    shell.click(find(shell.tree(), "signed"))
    shell.settle(lambda shell: not shell.model().conditions["signed_in"])
    shell.click(shell.button("Checkout"))
    shell.settle(lambda shell: shell.model().top.style == "cover")
    shell.shot("07-sign-in-cover")
    shell.click(find(shell.tree(), "signed"))
    shell.settle(top_title("Checkout"))
    shell.shot("08-checkout-after-sign-in")


def test_a_draft_asks_before_it_is_discarded(shell: Shell) -> None:
    shell.click(shell.button("Product 42"))
    shell.settle(top_title("Product 42"))
    shell.click(shell.button("Draft"))
    shell.settle(lambda shell: shell.model().top.back.blocked is not None)
    shell.click(find(shell.tree(), "back"))
    shell.settle(dialog=True)
    dialog = shell.window("Discard?")
    assert dialog is not None and (find(dialog["tree"], "question") or {}).get("text") == "Unsaved review. Leave anyway?"
    shell.shot("09-discard-dialog")
    shell.click(find_button(dialog["tree"], "Stay"), window="Discard?")
    shell.settle(top_title("Product 42"), dialog=False)
    shell.click(find(shell.tree(), "back"))
    shell.settle(dialog=True)
    dialog = shell.window("Discard?")
    assert dialog is not None
    shell.click(find_button(dialog["tree"], "Leave"), window="Discard?")
    shell.settle(top_title("Home"), dialog=False)
    shell.shot("10-draft-discarded")


def find_button(node: Node, text: str) -> Optional[Node]:
    """The first button labelled ``text`` in the tree."""
    if node["type"] == "GtkButton" and node.get("text") == text:
        return node
    return next((found for child in node["children"] if (found := find_button(child, text)) is not None), None)


def test_a_settings_sheet_with_its_own_tabs(shell: Shell) -> None:
    shell.click(shell.button("Settings"))
    shell.settle(lambda shell: (shell.model().top.style, shell.model().top.title) == ("sheet", "General"))
    containers = find(shell.tree(), "containers")
    assert containers is not None and [widget["text"] for widget in containers["children"][0]["children"]] == [
        "Settings:", "General", "Privacy", "Account"], "the sheet's tab bar, from its container"
    shell.shot("11-settings-sheet")
    row = containers["children"][0]["children"]
    shell.click(row[2])
    shell.settle(top_title("Privacy"))
    shell.click(shell.button("Blocked"))
    shell.settle(lambda shell: (shell.model().top.title, shell.model().top.back.label) == ("Blocked users", "Privacy"))
    shell.shot("12-pushed-inside-the-tab")
    shell.click(find(shell.tree(), "back"))
    shell.settle(top_title("Privacy"))
    shell.click(shell.button("Close"))
    shell.settle(lambda shell: (shell.model().top.style, shell.model().announcement) == ("base", "closed Privacy"))
    assert (find(shell.tree(), "containers") or {}).get("children") == []


def test_the_locale_switch_retitles_every_widget(shell: Shell) -> None:
    shell.click(shell.button("Product 42"))
    shell.settle(top_title("Product 42"))
    shell.click(shell.button("Tiếng Việt", within="locales"))
    shell.settle(top_title("Sản phẩm 42"))
    assert [tab.title for tab in shell.model().tabs][0] == "Cửa hàng", "the tab bar too, from the view model"
    shell.shot("13-vietnamese")
    shell.click(shell.button("Settings"))
    shell.settle(lambda shell: (shell.model().top.style, shell.model().top.title) == ("sheet", "Chung"))
    containers = find(shell.tree(), "containers")
    assert containers is not None and [widget["text"] for widget in containers["children"][0]["children"]] == [
        "Cài đặt:", "Chung", "Quyền riêng tư", "Tài khoản"], "the sheet's tab bar in Vietnamese"
    shell.shot("14-vietnamese-settings")
    shell.click(shell.button("English", within="locales"))
    shell.settle(top_title("General"))
    shell.click(shell.button("Close"))
    shell.settle(top_title("Product 42"))



def test_the_shell_reads_the_navigator_only_through_the_view_subscription() -> None:
    called = navcore_calls(BUILD / "gtk_shell.o")
    assert {"navcore_subscribe_view", "navcore_subscribe_blocked", "navcore_proceed"} <= called
    assert called & READERS == set()


def test_the_gtk_shell_without_a_display_says_how_to_run_it() -> None:
    result = subprocess.run([str(SHELL)], env=gtk_env(None), capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "gtk_shell: no display to open the window on" in result.stderr
    assert "xvfb-run make gui-gtk" in result.stderr
