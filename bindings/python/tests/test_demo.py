"""examples/shop_shell.py: the scripted tour, the commands, and errors shown without tracebacks."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import ModuleType
from typing import Iterator, List

import pytest
from support import REPO

import navcore

SHELL = REPO / "examples" / "shop_shell.py"


@pytest.fixture(scope="module")
def shell() -> ModuleType:
    """The shop shell, imported as a module."""
    spec = importlib.util.spec_from_file_location("shop_shell", SHELL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def shop(shell: ModuleType) -> Iterator[navcore.Navigator]:
    """A navigator over the shell's own route table."""
    with navcore.Navigator(shell.SHOP_TABLE) as nav:
        yield nav


def test_the_tour_runs_without_a_terminal() -> None:
    result = subprocess.run([sys.executable, str(SHELL)], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "shop> push product id=42" in out
    assert "Home > Shoes > Product 42" in out
    assert "< Shoes" in out and "< Home" in out
    assert "! NAVCORE_EPARAMS: " in out and "id" in out
    assert "Traceback" not in out
    assert out.rstrip().endswith("Home")  # the tour ends back at the root


@pytest.mark.parametrize(("text", "value"), [("42", 42), ("-3", -3), ("true", True), ("false", False),
                                             ("shoes", "shoes"), ("4x", "4x"), ("", "")])
def test_values_are_converted(shell: ModuleType, text: str, value: object) -> None:
    converted = shell.convert(text)
    assert converted == value and type(converted) is type(value)


def test_screen_shows_back_button_title_and_breadcrumbs(shell: ModuleType, shop: navcore.Navigator) -> None:
    assert "< " not in shell.screen(shop)  # no back button at the root
    shop.push("category", slug="Shoes")
    shop.push("product", id=42)
    lines = shell.screen(shop).splitlines()
    assert lines[1].startswith("| < Shoes") and "Product 42" in lines[1]
    assert lines[3] == "  Home > Shoes > Product 42"
    assert len({len(line) for line in lines[:3]}) == 1  # the box is square


def test_commands_change_the_stack(shell: ModuleType, shop: navcore.Navigator, capsys: pytest.CaptureFixture) -> None:
    for line in ["push category slug=Shoes", "push product id=42", "push subscription plan=yearly", "pop 2"]:
        assert shell.run(shop, line) is True
    assert [entry["title"] for entry in shop.stack] == ["Home", "Shoes"]
    shell.run(shop, "root")
    assert len(shop.stack) == 1
    shell.run(shop, "stack")
    assert "#1" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("push prodcut", "! NAVCORE_EROUTE: "),
        ("push product id=x", "! NAVCORE_EPARAMS: "),
        ("push subscription plan=weekly", "! NAVCORE_EPARAMS: "),
        ("push product 42", "? usage: push"),
        ("push", "? usage: push"),
        ("pop x", "? usage: pop"),
        ("root now", "? usage: root"),
        ("fly", "? unknown command 'fly'"),
        ('push "unclosed', "? No closing quotation"),
    ],
)
def test_mistakes_print_a_line_not_a_traceback(
    shell: ModuleType, shop: navcore.Navigator, capsys: pytest.CaptureFixture, line: str, shown: str
) -> None:
    before = shop.state_json
    assert shell.run(shop, line) is True
    assert shown in capsys.readouterr().out
    assert shop.state_json == before


def test_interactive_session_until_quit(shell: ModuleType, shop: navcore.Navigator,
                                        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    lines: List[str] = ["help", "push checkout", "", "quit", "push settings"]
    monkeypatch.setattr("builtins.input", lambda prompt="": lines.pop(0))
    shell.interactive(shop)
    out = capsys.readouterr().out
    assert "commands:" in out and "Home > Checkout" in out
    assert lines == ["push settings"]  # stopped at quit
    assert [entry["name"] for entry in shop.stack] == ["home", "checkout"]


def test_interactive_session_until_end_of_input(shell: ModuleType, shop: navcore.Navigator,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def end(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", end)
    shell.interactive(shop)
    assert len(shop.stack) == 1
