"""examples/qt_shell.cpp, the Qt 6 Widgets shell, driven on Qt's offscreen platform and on Xvfb (a
virtual X server, Qt's xcb platform) through its test mode (examples/qt_shell_probe.h): commands on its standard input click widgets and type with Qt's
own input events (QTest), and a dump answers with every widget (found by objectName) and the
navigator's view model read at the same moment, on the GUI thread. After every step each widget
is compared with that view model: a tab, Back, a URL opened (with a sheet up too), a sheet and
the settings sheet with its own tabs, sign-in, a draft that asks before it is discarded, the
locale switch, and a change made on a worker thread, which the view listener hands to the GUI
thread. The shell's own object file calls no navcore reader but the view subscription, so it
works from the view model alone. ``NAVCORE_QT_SHOT=1`` writes docs/images/qt_shell.png again.

make test-qt runs these (make qt-shell builds the shell first); make test-python leaves them out."""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

import pytest
from shell_support import READERS, Node, find, navcore_calls, tab_texts
from support import REPO, virtual_display

import navcore

pytestmark = [pytest.mark.gui, pytest.mark.qt]

BUILD = REPO / "build" / "qt"
SHELL = BUILD / "qt_shell"
SCREENSHOTS = REPO / "build" / "screenshots"
#: How long a step may take to show in the widgets.
TIMEOUT = 10.0



def qt_env(platform: Optional[str], display: Optional[str] = None) -> Dict[str, str]:
    """This process's environment for a Qt program in test mode on ``platform``, on the X
    ``display`` for xcb (none: no display at all, and not in test mode)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    if platform is not None:
        env.update(QT_QPA_PLATFORM=platform, NAVCORE_QT_PROBE="1")
    if display is not None:
        env["DISPLAY"] = display
    return env


@pytest.fixture(scope="module", params=["offscreen", "xcb"])
def platform(request: pytest.FixtureRequest) -> Iterator[Dict[str, str]]:
    """The environment of the module's shells: Qt's offscreen platform, then a virtual X display."""
    assert SHELL.exists(), "make qt-shell builds the shell (make test-qt does)"
    if request.param == "offscreen":
        yield qt_env("offscreen")
    else:
        with virtual_display("800x600x24") as display:
            yield qt_env("xcb", display)


def find_all(node: Node, name: str) -> List[Node]:
    """Every widget named ``name`` in the tree, depth first."""
    return ([node] if node["name"] == name else []) + [found for child in node["children"] for found in find_all(child, name)]


def check_tab_bar(bar: Node, tabs: Any) -> None:
    """A tab bar shows the view model's tabs, each named by its stack, and selects the selected one."""
    assert [tab["text"] for tab in bar["tabs"]] == tab_texts(tabs)
    assert [tab["name"] for tab in bar["tabs"]] == [tab.name for tab in tabs]
    assert bar["current"] == next(index for index, tab in enumerate(tabs) if tab.selected)


class Shell:
    """The shell's process, and the commands of its test mode."""

    def __init__(self, env: Dict[str, str], log: Path) -> None:
        self.log = log.open("w")
        self.process = subprocess.Popen([str(SHELL), str(BUILD / "gui_table.json")], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.state: Dict[str, Any] = {}
        self.platform = env["QT_QPA_PLATFORM"]

    def send(self, *command: str) -> Dict[str, Any]:
        """Runs a command of the test mode and returns its answer."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        assert self.selector.select(timeout=TIMEOUT), f"no answer to {command}"
        line = self.process.stdout.readline()
        assert line, f"the shell ended: {self.process.wait(timeout=10)}"
        return dict(json.loads(line))

    def do(self, *command: str) -> None:
        """Runs a command that must succeed."""
        answer = self.send(*command)
        assert answer == {"ok": True}, answer

    def window(self, name: str) -> Optional[Node]:
        """The visible window named ``name`` in the last dump."""
        return next((window["tree"] for window in self.state.get("windows", []) if window["name"] == name), None)

    def tree(self) -> Node:
        """The main window's widgets."""
        window = self.window("shell")
        assert window is not None
        return window

    def model(self) -> navcore.ViewModel:
        """The view model the navigator had at the last dump."""
        return navcore.ViewModel.from_json(self.state["view"])

    def settle(self, ready: Callable[["Shell"], bool] = lambda shell: True, dialog: bool = False) -> None:
        """Waits for a dump where the window shows the view model (check_drawn), the dialog is open
        or not, and ``ready`` holds; then checks it, so that a timeout says why."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            self.state = self.send("dump")
            if (self.window("discard") is not None) == dialog:
                try:
                    check_drawn(self)
                    if ready(self):
                        return
                except AssertionError:
                    pass
            time.sleep(0.02)
        assert (self.window("discard") is not None) == dialog, "the dialog is open" if not dialog else "no dialog"
        check_drawn(self)
        assert ready(self), f"the shell did not get there: {self.state.get('view')}"

    def shot(self, name: str) -> None:
        """Saves the main window as build/screenshots/qt-NAME.png."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.do("shot", "shell", str(SCREENSHOTS / f"qt-{self.platform}-{name}.png"))


def check_drawn(shell: Shell) -> None:
    """Each widget of the main window shows what the view model of the same moment says."""
    tree, model = shell.tree(), shell.model()
    back, title, tabs, layers = find(tree, "back"), find(tree, "title"), find(tree, "tabs"), find(tree, "layers")
    signed, status = find(tree, "signed"), find(tree, "status")
    assert back and title and tabs and layers and signed and status
    assert title["text"] == model.top.title
    assert back["enabled"] == model.top.back.enabled
    assert back["text"] == (f"< {model.top.back.label}" if model.top.back.enabled else "<")
    check_tab_bar(tabs, model.tabs)
    boxes = [child for child in layers["children"] if child["name"] == "layer"]
    assert [box["title"] for box in boxes] == [f"{layer.style}: {layer.title}" for layer in model.layers]
    for index, (box, layer) in enumerate(zip(boxes, model.layers)):
        stack = find(box, "stack")
        assert stack is not None and stack["items"] == [entry.title for entry in layer.entries], "the layer's stack"
        bars, containers = find_all(box, "container_tabs"), model.containers_in(index)
        assert len(bars) == len(containers), "a tab bar per container drawn in the layer"
        for bar, container in zip(bars, containers):
            check_tab_bar(bar, container.tabs)
        headings = [child["text"] for child in box["children"] if child["type"] == "QLabel"]
        assert headings == [f"{container.title}:" for container in containers]
    assert signed["text"] == ("Sign out" if model.conditions["signed_in"] else "Sign in")
    assert status["text"] == model.announcement or "NAVCORE_" in status["text"], "the announcement, or an error"
    assert all(node["visible"] for node in (back, title, tabs, signed, status)), "every widget shows"


@pytest.fixture
def shell(platform: Dict[str, str], tmp_path: Path) -> Iterator[Shell]:
    running = Shell(platform, tmp_path / "stderr.txt")
    try:
        running.settle()
        yield running
        assert running.send("quit") == {"ok": True}
        assert running.process.wait(timeout=10) == 0, (tmp_path / "stderr.txt").read_text()
    finally:
        if running.process.poll() is None:
            running.process.kill()
        running.process.communicate(timeout=10)
        running.log.close()


def top_title(title: str) -> Callable[[Shell], bool]:
    return lambda shell: shell.model().top.title == title


def announced(text: str) -> Callable[[Shell], bool]:
    return lambda shell: shell.model().announcement == text


def test_clicks_navigate_and_the_window_is_the_view_model(shell: Shell) -> None:
    assert shell.model().announcement == "", "the first frame, from the subscription's first call"
    shell.do("click", "action", "Product 42")
    shell.settle(top_title("Product 42"))
    shell.do("click", "tabs", "Cart")
    shell.settle(announced("Cart tab"))
    shell.do("click", "back")
    shell.settle(top_title("Product 42"))
    shell.do("click", "action", "Pick a size")
    shell.settle(announced("Pick a size, sheet"))
    assert len(find_all(shell.tree(), "layer")) == 2, "the sheet is a layer of its own"
    shell.shot("01-sheet")
    shell.do("click", "action", "Close")
    shell.settle(announced("closed Pick a size"))
    shell.do("type", "url", "shop://product/7")
    shell.do("click", "open")
    shell.settle(top_title("Product 7"))


def test_return_in_the_url_field_opens_the_url_and_a_bad_one_is_reported(shell: Shell) -> None:
    shell.do("type", "url", "shop://product/7")
    shell.do("key", "url", "Return")
    shell.settle(top_title("Product 7"))
    shell.do("type", "url", "shop://nowhere")
    shell.do("click", "open")
    shell.settle(lambda shell: "no link matches" in str((find(shell.tree(), "status") or {}).get("text")))
    assert shell.model().top.title == "Product 7", "nothing changed"


def test_a_link_opened_over_a_sheet_shows_its_screen(shell: Shell) -> None:
    shell.do("click", "action", "Pick a size")
    shell.settle(lambda shell: shell.model().top.style == "sheet")
    shell.do("type", "url", "shop://product/7")
    shell.do("click", "open")
    shell.settle(lambda shell: (shell.model().top.style, shell.model().top.title) == ("base", "Product 7"))
    assert len(shell.model().layers) == 1, "the sheet was dismissed in the same batch"


def test_a_held_checkout_continues_after_sign_in(shell: Shell) -> None:
    shell.do("click", "signed")
    shell.settle(lambda shell: not shell.model().conditions["signed_in"])
    shell.do("click", "action", "Checkout")
    shell.settle(lambda shell: shell.model().top.style == "cover")
    shell.do("click", "signed")
    shell.settle(top_title("Checkout"))


def test_a_draft_asks_before_it_is_discarded(shell: Shell) -> None:
    shell.do("click", "action", "Product 42")
    shell.settle(top_title("Product 42"))
    shell.do("click", "draft")
    shell.settle(lambda shell: shell.model().top.back.blocked is not None)
    shell.do("click", "back")
    shell.settle(dialog=True)
    dialog = shell.window("discard")
    assert dialog is not None and "Unsaved review. Leave anyway?" in [node.get("text") for node in find_all(dialog, "qt_msgbox_label")]
    shell.do("click", "stay")
    shell.settle(top_title("Product 42"), dialog=False)
    shell.do("click", "back")
    shell.settle(dialog=True)
    shell.do("click", "leave")
    shell.settle(top_title("Home"), dialog=False)


def test_a_settings_sheet_with_its_own_tabs(shell: Shell) -> None:
    shell.do("click", "action", "Settings")
    shell.settle(lambda shell: (shell.model().top.style, shell.model().top.title) == ("sheet", "General"))
    sheet = find_all(shell.tree(), "layer")[1]
    assert [tab["text"] for tab in find_all(sheet, "container_tabs")[0]["tabs"]] == ["General", "Privacy", "Account"]
    shell.do("click", "container_tabs", "Privacy")
    shell.settle(top_title("Privacy"))
    shell.shot("02-settings-sheet")
    if os.environ.get("NAVCORE_QT_SHOT") and shell.platform == "offscreen":
        shell.do("shot", "shell", str(REPO / "docs" / "images" / "qt_shell.png"))
    shell.do("click", "action", "Blocked")
    shell.settle(lambda shell: (shell.model().top.title, shell.model().top.back.label) == ("Blocked users", "Privacy"))
    assert find_all(shell.tree(), "stack")[1]["items"] == ["Privacy", "Blocked users"], "the sheet tab's own stack"
    shell.do("click", "back")
    shell.settle(top_title("Privacy"))
    shell.do("click", "action", "Close")
    shell.settle(lambda shell: (shell.model().top.style, shell.model().announcement) == ("base", "closed Privacy"))
    assert find_all(shell.tree(), "container_tabs") == []


def test_the_locale_switch_retitles_every_widget(shell: Shell) -> None:
    shell.do("click", "action", "Product 42")
    shell.settle(top_title("Product 42"))
    shell.do("click", "action", "Tiếng Việt")
    shell.settle(top_title("Sản phẩm 42"))
    assert [tab.title for tab in shell.model().tabs][0] == "Cửa hàng", "the tab bar too, from the view model"
    shell.do("click", "action", "Settings")
    shell.settle(lambda shell: (shell.model().top.style, shell.model().top.title) == ("sheet", "Chung"))
    assert [tab["text"] for tab in find_all(shell.tree(), "container_tabs")[0]["tabs"]] == [
        "Chung", "Quyền riêng tư", "Tài khoản"], "the sheet's tab bar in Vietnamese"
    shell.shot("03-vietnamese-settings")
    shell.do("click", "action", "English")
    shell.settle(top_title("General"))


def test_a_change_made_on_a_worker_thread_reaches_the_widgets(shell: Shell) -> None:
    answer = shell.send("worker", json.dumps([{"op": "push", "route": {"name": "product", "params": {"id": 9}}},
                                              {"op": "present", "route": {"name": "size_picker"}}]))
    assert answer == {"status": 0}
    shell.settle(announced("Pick a size, sheet"))
    assert find_all(shell.tree(), "stack")[0]["items"] == ["Home", "Product 9"]
    shell.do("click", "action", "Close")
    shell.settle(top_title("Product 9"))
    shell.do("click", "draft")
    shell.settle(lambda shell: shell.model().top.back.blocked is not None)
    assert shell.send("worker", json.dumps([{"op": "pop"}])) == {"status": -17}, "NAVCORE_EBLOCKED"
    shell.settle(dialog=True)
    shell.do("click", "leave")
    shell.settle(top_title("Home"), dialog=False)



def test_the_shell_reads_the_navigator_only_through_the_view_subscription() -> None:
    called = navcore_calls(BUILD / "qt_shell.o")
    assert {"navcore_subscribe_view", "navcore_subscribe_blocked", "navcore_proceed", "navcore_navigator_free"} <= called
    assert called & READERS == set()


def test_the_qt_shell_without_a_display_says_how_to_run_it() -> None:
    result = subprocess.run([str(SHELL)], env=qt_env(None), capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "qt_shell: no display to open the window on" in result.stderr
    assert "xvfb-run make gui-qt" in result.stderr
