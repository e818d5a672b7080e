"""The ``navcore`` command's arguments and its start (docs/tools.md): ``url-for``'s params spoken of
as the user wrote them, ``--version`` on one line, and a command without a library that says so."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from cli_support import SIGNIN, run
from support import REPO

import navcore


def test_a_number_the_library_cannot_hold_is_a_usage_error_naming_the_argument() -> None:
    code, out, err = run("url-for", SIGNIN, "order", "id=99999999999999999999")
    assert (code, out) == (2, "")
    assert err.startswith("usage: navcore url-for ")
    assert err.endswith("navcore url-for: error: argument key=value: param 'id=99999999999999999999': "
                        "99999999999999999999 is out of range (an int param is a 64-bit integer, "
                        "from -9223372036854775808 to 9223372036854775807)\n")
    assert "column" not in err
    assert run("url-for", SIGNIN, "order", "id=9223372036854775807")[0] == 0, "the largest int is a value"


def test_nan_and_infinity_are_text_not_numbers() -> None:
    """Python's json reads NaN and Infinity, which JSON has not: they are text, as any word."""
    assert run("url-for", SIGNIN, "order", "id=NaN") == (
        1, "", "navcore url-for: NAVCORE_EPARAMS: argument id=NaN: expected int, got string\n")
    code, _, err = run("url-for", SIGNIN, "order", "id=1e999")
    assert code == 2 and "param 'id=1e999': 1e999 is out of range" in err


def test_a_param_the_library_refuses_is_named_as_written() -> None:
    assert run("url-for", SIGNIN, "order", "id=7", "ref=mail") == (
        1, "", 'navcore url-for: NAVCORE_EPARAMS: argument ref=mail: route "order" has no param "ref" (it takes: id)\n')


def test_a_param_given_twice_is_refused() -> None:
    code, out, err = run("url-for", SIGNIN, "order", "id=1", "id=2")
    assert (code, out) == (2, "")
    assert err.startswith("usage: navcore url-for ")
    assert err.endswith("navcore url-for: error: argument key=value: param 'id' given twice\n")


LISTS = str(REPO / "Tests" / "vectors" / "tables" / "lists.json")


def test_a_list_param_takes_its_key_once_per_item_in_order() -> None:
    assert run("url-for", LISTS, "filter", "tags=b", "ids=3", "tags=a&c", "ids=1") == (
        0, "myapp://filter?tag=b&tag=a%26c&id=3&id=1\n", "")
    assert run("url-for", LISTS, "filter", "tags=solo") == (0, "myapp://filter?tag=solo\n", "")
    assert run("url-for", LISTS, "filter", 'tags=["x,y", "z"]') == (0, "myapp://filter?tag=x%2Cy&tag=z\n", "")
    assert run("url-for", LISTS, "filter") == (0, "myapp://filter\n", "")


def test_a_scalar_param_given_twice_beside_a_list_is_still_refused() -> None:
    code, out, err = run("url-for", LISTS, "search", "q=a", "q=b")
    assert (code, out) == (2, "")
    assert err.endswith("navcore url-for: error: argument key=value: param 'q' given twice\n")


def test_version_is_one_line_whatever_the_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "30")
    expected = f"navcore {navcore.__version__} (library {navcore.version()} at {navcore.library_path()})\n"
    assert len(expected) > 30
    assert run("--version") == (0, expected, "")


def test_the_command_without_a_library_prints_why_alone_and_exits_with_2() -> None:
    """The console script's module, with a library that cannot load: the import error's text,
    one line, no traceback."""
    environment = {**os.environ, "NAVCORE_LIBRARY": "/nonexistent/libnavcore.so"}
    result = subprocess.run([sys.executable, "-c", "import navcore_command; navcore_command.run()", "lint", SIGNIN],
                            cwd=REPO / "bindings" / "python", env=environment, capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "navcore: cannot load /nonexistent/libnavcore.so (from NAVCORE_LIBRARY)\n"
