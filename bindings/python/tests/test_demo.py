"""examples/shop_shell.py: the scripted tour, the tab bar and sheets on screen, the commands, and
errors shown without tracebacks."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import ModuleType
from typing import Dict, Iterator, List

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


def screens(out: str) -> Dict[str, List[str]]:
    """The tour's output per command: "shop> COMMAND" -> the output after it (later repeats get " #2", ...)."""
    found: Dict[str, List[str]] = {}
    times: Dict[str, int] = {}
    for chunk in out.split("\nshop> ")[1:]:
        command, _, rest = chunk.partition("\n")
        times[command] = times.get(command, 0) + 1
        found[command if times[command] == 1 else f"{command} #{times[command]}"] = rest.splitlines()
    return found


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
    steps = screens(out)
    # Tabs keep their depth while the selection switches.
    assert steps["tab shop"][-1] == "  Home > Shoes > Product 42" and steps["tab shop"][0].startswith("[Shop]")
    assert steps["tab cart #2"][-1] == "  Cart > Product 7 > Checkout"
    # A double tap on the single_top checkout is absorbed; the cart tab refuses a settings screen.
    assert "absorbed" in steps["push checkout #2"][0]
    assert steps["push settings"][0].startswith("  ! NAVCORE_EROUTE: ") and '"cart"' in steps["push settings"][0]
    # Reselecting the cart tab pops it to its root.
    assert steps["tab cart #3"][-1] == "  Cart"
    # A sheet with two screens, shown as a box above the tab, closed by back in two steps.
    assert "    +-- sheet " in "\n".join(steps["push signup"])
    assert steps["push signup"][-1] == "      Sign in > Sign up"
    backs = [steps[key][0] for key in steps if key.startswith("back")]
    assert backs == ["  (back: popped a screen of the sheet)", "  (back: closed the sheet)",
                     "  (back: returned to the Shop tab)", "  (back: popped a screen)", "  (back: popped a screen)",
                     "  (back: returned to the Settings tab)", "  (back: popped a screen)",
                     "  (back: nothing to go back to)", "  (back: popped a screen of the cover)",
                     '  ! held back by "Unsaved draft: Great shoes": type discard to leave anyway, or save',
                     "  (back: popped a screen)"]
    # Signed out, the checkout waits behind the sign-in cover; signing in continues to it.
    assert steps["push checkout #3"][0] == "  (push checkout needs a signed-in user: it waits behind the sign-in screen)"
    assert "    +-- cover " in "\n".join(steps["push checkout #3"]) and steps["push checkout #3"][-1] == "      Sign in"
    assert steps["signin"][0] == "  (signed in: continued with push checkout)"
    assert steps["signin"][-1] == "  Cart > Checkout" and "+-- cover" not in "\n".join(steps["signin"])
    # An unsaved draft holds back leaving its screen, by Back or by re-selecting the tab.
    assert steps["save"] == ["  (saved the draft on Review of 42)"]
    assert steps["tab shop #3"][0].startswith('  ! held back by "Unsaved draft: Too small"')
    assert steps["discard"][-1] == "  Home"
    # A picker sheet hands its value to the screen that presented it, which takes it.
    assert steps["pick M"][0] == "  (Product 42 received 'M')" and steps["pick M"][-1] == "  Home > Product 42"
    assert steps["signout #2"][0] == "  (signed out: back to the start)"
    # A link to the checkout opened while signed out waits, and sign-in lands on it.
    assert steps["open shop://cart/checkout"][0].startswith("  (open_url shop://cart/checkout needs a signed-in user")
    assert steps["signin #2"][0] == "  (signed in: continued with open_url shop://cart/checkout)"
    assert steps["signin #2"][-1] == "  Cart > Checkout"
    assert steps["open shop://nowhere"][0].startswith("  ! NAVCORE_ENOMATCH: ")


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
    assert lines[0] == "[Shop]  Cart   Settings"
    assert lines[2].startswith("| < Shoes") and "Product 42" in lines[2]
    assert lines[4] == "  Home > Shoes > Product 42"
    assert len({len(line) for line in lines[1:4]}) == 1  # the box is square
    assert len(lines) == 5


def test_screen_shows_each_layer_as_an_indented_box(shell: ModuleType, shop: navcore.Navigator) -> None:
    shop.select_tab("cart")
    shop.present("login")
    shop.push("signup")
    shop.present("quick_look", id=42, style="cover")
    lines = shell.screen(shop).splitlines()
    assert lines[0] == " Shop  [Cart]  Settings"
    assert lines[4] == "  Cart"
    assert lines[5].startswith("    +-- sheet ") and lines[6].startswith("    | < Sign in")
    assert lines[8] == "      Sign in > Sign up"
    assert lines[9].startswith("        +-- cover ") and "Quick look 42" in lines[10]
    assert lines[12] == "          Quick look 42"
    for top in (1, 5, 9):  # every box is square
        assert len({len(line) for line in lines[top:top + 3]}) == 1
    assert len(lines[5]) == len(lines[1]) and len(lines[9]) == len(lines[1])  # indented, narrower


def test_commands_change_the_stack(shell: ModuleType, shop: navcore.Navigator, capsys: pytest.CaptureFixture) -> None:
    for line in ["push category slug=Shoes", "push product id=42", "push subscription plan=yearly", "pop 2"]:
        assert shell.run(shop, line) is True
    assert [entry.title for entry in shop.stack] == ["Home", "Shoes"]
    shell.run(shop, "root")
    assert len(shop.stack) == 1
    shell.run(shop, "stack")
    assert "#1" in capsys.readouterr().out


def test_tab_present_dismiss_and_back_commands(shell: ModuleType, shop: navcore.Navigator,
                                               capsys: pytest.CaptureFixture) -> None:
    for line in ["push category slug=Shoes", "tab cart", "push checkout", "present login", "push signup",
                 "present quick_look id=1 style=cover"]:
        assert shell.run(shop, line) is True
    assert shop.selected_tab == "cart"
    assert [(layer.style, len(layer.entries)) for layer in shop.presentations] == [("sheet", 2), ("cover", 1)]
    shell.run(shop, "dismiss")
    assert [layer.style for layer in shop.presentations] == ["sheet"]
    shell.run(shop, "present quick_look id=2")
    shell.run(shop, "dismiss all")
    assert shop.presentations == ()
    capsys.readouterr()
    shell.run(shop, "back")
    assert "(back: popped a screen)" in capsys.readouterr().out
    shell.run(shop, "back")
    assert "(back: returned to the Shop tab)" in capsys.readouterr().out
    assert [entry.title for entry in shop.stack] == ["Home", "Shoes"]
    shell.run(shop, "tab shop")
    assert "(tab: already selected, so back to its root)" in capsys.readouterr().out
    shell.run(shop, "back")
    assert "(back: nothing to go back to)" in capsys.readouterr().out
    shell.run(shop, "stack")
    assert "stack shop:" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("push prodcut", "! NAVCORE_EROUTE: "),
        ("tab profile", "! NAVCORE_ETAB: "),
        ("dismiss", "! NAVCORE_ENOENTRY: "),
        ("dismiss all", "! NAVCORE_ENOENTRY: "),
        ("present login style=popover", "! NAVCORE_EACTION: "),
        ("present loign", "! NAVCORE_EROUTE: "),
        ("present quick_look id=x", "! NAVCORE_EPARAMS: "),
        ("tab", "? usage: tab"),
        ("tab shop cart", "? usage: tab"),
        ("present", "? usage: present"),
        ("present login 42", "? usage: present"),
        ("dismiss now", "? usage: dismiss"),
        ("back now", "? usage: back"),
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
    assert [entry.name for entry in shop.stack] == ["home", "checkout"]


def test_interactive_session_until_end_of_input(shell: ModuleType, shop: navcore.Navigator,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def end(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", end)
    shell.interactive(shop)
    assert len(shop.stack) == 1


def test_signin_commands_hold_and_continue(shell: ModuleType, shop: navcore.Navigator,
                                           capsys: pytest.CaptureFixture) -> None:
    for line in ["signout", "tab cart", "push checkout", "dismiss"]:
        assert shell.run(shop, line) is True
    assert "(dropped the waiting push checkout: its flow was dismissed)" in capsys.readouterr().out
    assert shop.pending is None and [entry.name for entry in shop.stack] == ["cart"]
    shell.run(shop, "signin extra")
    assert "? usage: signin" in capsys.readouterr().out


def test_the_tour_ends_in_vietnamese_and_the_shell_starts_in_any_locale() -> None:
    result = subprocess.run([sys.executable, str(SHELL)], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=60)
    steps = screens(result.stdout)
    assert steps["locale vi"][0] == "  (locale vi: Thanh toán)"
    assert steps["locale vi"][1] == " Cửa hàng  [Giỏ hàng]  Cài đặt"
    assert steps["push subscription plan=yearly #2"][-1] == "  Cài đặt > Gói đăng ký (yearly)"
    assert steps["present quick_look id=7"][-1] == "      Xem nhanh 7"
    result = subprocess.run([sys.executable, str(SHELL), "--locale", "el-GR"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "[Κατάστημα]  Καλάθι   Ρυθμίσεις" in result.stdout
    assert "Αρχική > Shoes > Προϊόν 42" in result.stdout


def test_the_shop_table_lacks_no_translation(shop: navcore.Navigator) -> None:
    report = shop.table_report()
    assert [locale["locale"] for locale in report["locales"]] == ["el", "th", "vi"]
    assert all(locale["missing"] == [] for locale in report["locales"]), \
        "every title is translated (the category's shows its slug, the same in every language)"
