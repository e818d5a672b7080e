"""examples/tk_shell.py, a real GUI shell, driven under Xvfb (a virtual X server) with real widget
events: a click on a tab, Back, a URL opened, a sheet opened and closed, sign-in, a settings sheet
with its own tabs (a tab selected, a push inside it, back, the sheet closed). After every event
each widget's text is compared with the view model; meanwhile the navigator's full state and stack
reads raise, so the shell provably works from the view model alone. Screenshots go to
build/screenshots."""

from __future__ import annotations

import importlib.util
from types import ModuleType
from typing import Any, Iterator

import pytest
from PIL import ImageGrab
from support import REPO, virtual_display

import navcore

pytestmark = pytest.mark.gui

SHELL = REPO / "examples" / "tk_shell.py"
SCREENSHOTS = REPO / "build" / "screenshots"


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """A virtual X display for the module's shells."""
    with virtual_display("640x480x24") as name:
        yield name


def refuse(self: navcore.Navigator) -> Any:
    raise AssertionError("the shell read the full state: it must work from the view model alone")


@pytest.fixture
def shell(display: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("DISPLAY", display)
    import tkinter

    spec = importlib.util.spec_from_file_location("tk_shell", SHELL)
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in ("state", "state_json", "stack", "active_stack", "presentations", "selected_tab", "conditions", "pending"):
        monkeypatch.setattr(navcore.Navigator, name, property(refuse))
    root = tkinter.Tk()
    root.geometry("640x480+0+0")
    answers: list[bool] = []
    window = module.Shell(root, ask=lambda text: answers.pop(0))
    window.answers = answers
    window.display = display
    root.update()
    try:
        yield window
    finally:
        window.nav.close()
        root.destroy()


def click(shell: Any, widget: Any) -> None:
    """A real click: the pointer enters the widget, presses and releases the button."""
    shell.root.update()
    widget.event_generate("<Enter>", x=3, y=3)
    widget.event_generate("<ButtonPress-1>", x=3, y=3)
    widget.event_generate("<ButtonRelease-1>", x=3, y=3)
    shell.root.update()


def check_drawn(shell: Any, shot: str) -> None:
    """Each widget's text is the view model's; saves a screenshot."""
    model = shell.nav.view_model()
    back = model.top.back
    assert shell.title.cget("text") == model.top.title
    assert shell.back.cget("state") == ("normal" if back.enabled else "disabled")
    assert shell.back.cget("text") == (f"< {back.label}" if back.enabled else "<")
    assert shell.layers.cget("text") == "\n".join(f"{layer.style}: {layer.title}" for layer in model.layers)
    assert shell.texts() == [tab.title + (" (locked)" if tab.locked else "") for tab in model.tabs]
    assert shell.container_texts() == [[f"{container.title}:"] + [tab.title + (" (locked)" if tab.locked else "") for tab in container.tabs]
                                       for container in model.containers]
    assert [[str(button.cget("relief")) for button in row[1:]] for row in shell.container_rows()] == [
        ["sunken" if tab.selected else "raised" for tab in container.tabs] for container in model.containers]
    assert shell.status.cget("text") == model.announcement
    assert shell.signed.cget("text") == ("Sign out" if model.conditions["signed_in"] else "Sign in")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ImageGrab.grab(xdisplay=shell.display).save(SCREENSHOTS / f"{shot}.png")


def test_real_clicks_navigate_and_the_window_is_the_view_model(shell: Any) -> None:
    check_drawn(shell, "01-start")
    click(shell, shell.actions["Product 42"])
    assert shell.nav.view_model().top.title == "Product 42"
    check_drawn(shell, "02-product")
    click(shell, shell.tab_buttons()[1])
    assert shell.nav.view_model().announcement == "Cart tab"
    check_drawn(shell, "03-cart-tab")
    click(shell, shell.back)
    assert shell.nav.view_model().top.title == "Product 42"
    check_drawn(shell, "04-back-to-previous-tab")
    click(shell, shell.actions["Pick a size"])
    assert shell.nav.view_model().announcement == "Pick a size, sheet"
    check_drawn(shell, "05-sheet")
    click(shell, shell.actions["Close"])
    assert shell.nav.view_model().announcement == "closed Pick a size"
    check_drawn(shell, "06-sheet-closed")
    shell.url.insert(0, "shop://product/7")
    click(shell, shell.open)
    assert shell.nav.view_model().top.title == "Product 7", shell.status.cget("text")
    check_drawn(shell, "07-url-opened")


def test_a_held_checkout_continues_after_sign_in(shell: Any) -> None:
    click(shell, shell.signed)
    check_drawn(shell, "08-signed-out")
    click(shell, shell.actions["Checkout"])
    assert shell.nav.view_model().top.style == "cover"
    check_drawn(shell, "09-sign-in-cover")
    click(shell, shell.signed)
    assert shell.nav.view_model().top.title == "Checkout"
    check_drawn(shell, "10-checkout-after-sign-in")


def test_a_draft_asks_before_it_is_discarded(shell: Any) -> None:
    click(shell, shell.actions["Product 42"])
    shell.nav.set_blocker(shell.nav.view_model().top.id, "Unsaved review")
    shell.answers.append(False)
    click(shell, shell.back)
    assert shell.nav.view_model().top.title == "Product 42", "the user kept the draft"
    shell.answers.append(True)
    click(shell, shell.back)
    assert shell.nav.view_model().top.title == "Home"
    check_drawn(shell, "11-draft-discarded")


def test_a_bad_link_is_reported_in_the_status_line(shell: Any) -> None:
    shell.url.insert(0, "shop://nowhere")
    click(shell, shell.open)
    assert "no link matches" in shell.status.cget("text")


def test_a_link_opened_over_a_sheet_shows_its_screen(shell: Any) -> None:
    click(shell, shell.actions["Pick a size"])
    assert shell.nav.view_model().top.style == "sheet"
    shell.url.insert(0, "shop://product/7")
    click(shell, shell.open)
    model = shell.nav.view_model()
    assert (model.top.style, model.top.title) == ("base", "Product 7"), shell.status.cget("text")
    assert len(model.layers) == 1, "the sheet was dismissed in the same batch"


def test_return_in_the_url_box_opens_the_url(shell: Any) -> None:
    shell.url.insert(0, "shop://product/7")
    shell.url.focus_force()
    shell.root.update()
    shell.url.event_generate("<Return>")
    shell.root.update()
    assert shell.nav.view_model().top.title == "Product 7", shell.status.cget("text")
    check_drawn(shell, "12-url-opened-by-return")


def test_a_long_status_wraps_in_the_window_instead_of_widening_it(shell: Any) -> None:
    wide = shell.root.winfo_reqwidth()
    shell.url.insert(0, "shop://" + "nowhere/" * 40)
    click(shell, shell.open)
    message = str(shell.status.cget("text"))
    assert len(message) > 150 and "no link matches" in message
    assert shell.root.winfo_reqwidth() == wide, "the window asks for no more width"
    assert int(str(shell.status.cget("wraplength"))) == shell.status.winfo_width(), "the whole message shows, wrapped"


def test_a_settings_sheet_with_its_own_tabs(shell: Any) -> None:
    assert shell.container_texts() == [], "the shop's tabs hold no container"
    click(shell, shell.actions["Settings"])
    model = shell.nav.view_model()
    assert (model.top.style, model.top.title) == ("sheet", "General")
    assert shell.container_texts() == [["Settings:", "General", "Privacy", "Account"]], "the sheet's tab bar, from its container"
    check_drawn(shell, "13-settings-sheet")
    click(shell, shell.container_rows()[0][2])
    assert shell.nav.view_model().top.title == "Privacy"
    check_drawn(shell, "14-settings-privacy-tab")
    click(shell, shell.actions["Blocked"])
    model = shell.nav.view_model()
    assert (model.top.title, model.top.back.label) == ("Blocked users", "Privacy")
    check_drawn(shell, "15-pushed-inside-the-tab")
    click(shell, shell.back)
    assert shell.nav.view_model().top.title == "Privacy"
    check_drawn(shell, "16-back-inside-the-tab")
    click(shell, shell.actions["Blocked"])
    click(shell, shell.container_rows()[0][1])
    assert shell.nav.view_model().top.title == "General"
    click(shell, shell.container_rows()[0][2])
    assert shell.nav.view_model().top.title == "Blocked users", "switching tabs keeps each tab's stack"
    click(shell, shell.actions["Close"])
    model = shell.nav.view_model()
    assert (model.top.style, model.announcement) == ("base", "closed Blocked users")
    assert shell.container_texts() == []
    check_drawn(shell, "17-settings-closed")



def test_the_locale_switch_retitles_every_widget(shell: Any) -> None:
    click(shell, shell.actions["Product 42"])
    click(shell, shell.locales["Tiếng Việt"])
    model = shell.nav.view_model()
    assert (model.top.title, model.tabs[0].title) == ("Sản phẩm 42", "Cửa hàng")
    check_drawn(shell, "18-vietnamese")
    click(shell, shell.actions["Settings"])
    assert shell.container_texts() == [["Cài đặt:", "Chung", "Quyền riêng tư", "Tài khoản"]], "the sheet's tab bar in Vietnamese"
    check_drawn(shell, "19-vietnamese-settings")
    click(shell, shell.locales["English"])
    assert shell.nav.view_model().top.title == "General"
    check_drawn(shell, "20-english-again")
