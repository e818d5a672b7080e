"""`make gui` with no display: no Tk traceback, but exit status 1 and a message saying how to run it."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Dict

import pytest
from support import REPO

pytestmark = pytest.mark.gui


def no_display(**extra: str) -> Dict[str, str]:
    """This process's environment with no X display, plus ``extra``."""
    return {**{key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}, **extra}


@pytest.mark.parametrize("display", [None, ":1789"], ids=["DISPLAY unset", "no server on the display"])
def test_the_tk_shell_without_a_display_says_how_to_run_it(display: str | None) -> None:
    env = no_display() if display is None else no_display(DISPLAY=display)
    result = subprocess.run([sys.executable, str(REPO / "examples" / "tk_shell.py")], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("tk_shell: no display to open the window on (")
    assert "xvfb-run make gui" in result.stderr


def test_make_gui_without_a_display_stops_with_that_message() -> None:
    # -o lib: the library is built already; this checks the goal, not the build
    result = subprocess.run(["make", "-s", "-o", "lib", "gui", f"PYTHON={sys.executable}"], cwd=REPO, env=no_display(),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "tk_shell: no display to open the window on" in result.stderr
    assert "xvfb-run make gui" in result.stderr
