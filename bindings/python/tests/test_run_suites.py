"""`make test` and `make check` run every suite even after one fails, print each suite's result and
time, end with one line `N passed, M failed`, and fail when a suite failed (scripts/run-suites)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import List

from support import REPO

RUNNER = REPO / "scripts" / "run-suites"

#: Three fake suites: the first fails, the others pass; each says that it ran.
FAKE_MAKEFILE = """\
broken:
\t@echo "output of broken"; exit 1
fine:
\t@echo "output of fine"
also-fine:
\t@echo "output of also-fine"
"""


def run_suites(directory: Path, *suites: str) -> subprocess.CompletedProcess[str]:
    """Runs the runner on ``suites`` of the Makefile in ``directory``."""
    return subprocess.run([str(RUNNER), *suites], cwd=directory, env=dict(os.environ, MAKE="make -s"),
                          capture_output=True, text=True, timeout=60)


def summary(stdout: str) -> List[str]:
    """The summary: the lines after the last empty one."""
    return stdout.rstrip("\n").rpartition("\n\n")[2].splitlines()


def test_a_failed_suite_does_not_stop_the_others_and_the_run_fails(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text(FAKE_MAKEFILE)
    result = run_suites(tmp_path, "broken", "fine", "also-fine")
    assert result.returncode == 1, result.stdout + result.stderr
    out = result.stdout
    # every suite ran, and each one's line follows its output at once
    assert out.index("output of broken") < out.index("broken: failed (") < out.index("output of fine") \
        < out.index("fine: passed (") < out.index("output of also-fine") < out.index("also-fine: passed (")
    lines = summary(out)
    assert [re.sub(r"\(\d+ s\)", "(N s)", line) for line in lines] == [
        "broken: failed (N s)", "fine: passed (N s)", "also-fine: passed (N s)", "2 passed, 1 failed"]


def test_all_suites_passing_exit_zero(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text(FAKE_MAKEFILE)
    result = run_suites(tmp_path, "fine", "also-fine")
    assert result.returncode == 0, result.stdout + result.stderr
    assert summary(result.stdout)[-1] == "2 passed, 0 failed"


def test_make_test_runs_every_test_goal_of_the_makefile() -> None:
    """A new test-* goal cannot be left out of make test's suites by mistake."""
    makefile = (REPO / "Makefile").read_text()
    suites = re.search(r"^TEST_SUITES\s*:=(.*)$", makefile, re.M)
    assert suites is not None
    goals = set(re.findall(r"^(test-[\w-]+):", makefile, re.M)) - {"test-deps"}
    assert goals <= set(suites.group(1).split()), goals - set(suites.group(1).split())
    assert "abi-check" in suites.group(1).split()
    test_recipe = makefile[makefile.index("\ntest: "):].split("\n\n")[0]
    assert "scripts/run-suites $(TEST_SUITES)" in test_recipe
