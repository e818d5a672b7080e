"""examples/tk_shell.py, a real GUI shell, driven under Xvfb (a virtual X server): its tab bar, Back
button, title and status come from the view model alone, and clicks navigate; a blocked change asks
the user; signing in continues to a held checkout."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import time
from types import ModuleType
from typing import Any, Iterator

import pytest
from support import REPO

import navcore

SHELL = REPO / "examples" / "tk_shell.py"


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """A virtual X display, started here (Xvfb is a test dependency, installed by make test-deps)."""
    xvfb = shutil.which("Xvfb")
    assert xvfb is not None, "Xvfb is missing: make test-deps installs it (Debian package xvfb)"
    for number in range(90, 140):
        if not os.path.exists(f"/tmp/.X{number}-lock"):
            break
    server = subprocess.Popen([xvfb, f":{number}", "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not os.path.exists(f"/tmp/.X11-unix/X{number}") and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def shell(display: str) -> Iterator[Any]:
    os.environ["DISPLAY"] = display
    import tkinter

    spec = importlib.util.spec_from_file_location("tk_shell", SHELL)
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    root = tkinter.Tk()
    answers: list[bool] = []
    window = module.Shell(root, ask=lambda text: answers.pop(0))
    window.answers = answers
    root.update()
    try:
        yield window
    finally:
        window.nav.close()
        root.destroy()


def test_the_window_is_drawn_from_the_view_model(shell: Any) -> None:
    assert shell.texts() == ["Home", "Cart", "Settings"]
    assert shell.title.cget("text") == "Home" and shell.back.cget("state") == "disabled"
    shell.command({"op": "push", "route": {"name": "product", "params": {"id": 42}}})()
    shell.root.update()
    assert shell.title.cget("text") == "Product 42"
    assert shell.back.cget("text") == "< Home" and shell.back.cget("state") == "normal"
    assert shell.status.cget("text") == "Product 42"
    shell.back.invoke()
    assert shell.title.cget("text") == "Home"


def test_a_held_checkout_continues_after_sign_in(shell: Any) -> None:
    shell.signed.invoke()  # sign out
    assert shell.signed.cget("text") == "Sign in"
    shell.command({"op": "push", "route": {"name": "checkout"}})()
    assert shell.title.cget("text") == "Sign in" and "cover: Sign in" in shell.layers.cget("text")
    shell.signed.invoke()  # sign in: the checkout the user asked for is shown
    assert shell.title.cget("text") == "Checkout" and shell.status.cget("text") == "Checkout"


def test_a_draft_asks_before_it_is_discarded(shell: Any) -> None:
    shell.command({"op": "push", "route": {"name": "review", "params": {"id": 1}}})()
    top = shell.nav.view_model()["layers"][-1]["id"]
    shell.nav.set_blocker(top, "Unsaved review")
    shell.answers.append(False)
    shell.back.invoke()
    assert shell.title.cget("text") == "Review of 1", "the user kept the draft"
    shell.answers.append(True)
    shell.back.invoke()
    assert shell.title.cget("text") == "Home"


def test_a_bad_link_is_reported_in_the_status_line(shell: Any) -> None:
    shell.url.insert(0, "shop://nowhere")
    shell.root.nametowidget(shell.url.winfo_parent()).winfo_children()[1].invoke()
    assert "no link matches" in shell.status.cget("text")
    assert isinstance(shell.nav, navcore.Navigator)
