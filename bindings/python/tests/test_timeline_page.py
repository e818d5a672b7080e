"""The timeline page in headless Chromium (make test-timeline): each session's page is stepped
through with the keyboard, and at every step the DOM shows what the library's documents say: the
highlighted step and its badge, the selected tabs, the active stack, the entry Back would reveal,
Back's label and what it will do, the announcement and the stack's URL. Its log up to a step and
its conformance vector are checked too, the vector by running it as Tests/vectors' runner does.

Skipped, saying so, where Chromium is not installed (make test-deps installs Debian's chromium)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional

import pytest

import chromium
import test_vectors
from support import REPO
from timeline_sessions import Session, nested_session, shop_tour

import navcore
from navcore.timeline_steps import Step, session_steps

pytestmark = pytest.mark.browser

#: Where the test saves its screenshot, the one docs/images/timeline.png shows.
SCREENSHOTS = REPO / "build" / "screenshots"

#: What the page shows of the current step, read from its DOM.
READ_STEP = """(() => {
  const structure = document.getElementById("structure");
  const text = (id) => document.getElementById(id).textContent;
  const selected = {};
  for (const box of structure.querySelectorAll("[data-container]")) {
    const tab = box.querySelector(":scope > .box.tab.selected");
    selected[box.dataset.container] = tab ? tab.dataset.stack : null;
  }
  return {
    current: [...document.querySelectorAll("#steps li.current")].map((li) => Number(li.dataset.step)),
    badge: document.querySelector("#steps li.current .badge").textContent,
    scrubber: Number(document.getElementById("scrubber").value),
    selected,
    active: [...structure.querySelectorAll(".box.active")].map((box) => box.dataset.stack),
    back_targets: [...structure.querySelectorAll(".back-target")].map((chip) => Number(chip.dataset.id)),
    back_label: text("back-label"), back_will: text("back-will"),
    announcement: text("announcement"), stack_url: text("stack-url"), selected_tab: text("selected-tab"),
    images: document.images.length, title: document.title,
  };
})()"""


@pytest.fixture(scope="module")
def browser() -> Iterator[chromium.Browser]:
    """One headless Chromium for the module's tests."""
    if chromium.program() is None:
        pytest.skip("no Chromium on PATH: make test-deps installs Debian's chromium for this test")
    with chromium.Browser() as started:
        yield started


def containers(stacks: Mapping[str, Any], found: Dict[str, Optional[str]]) -> Dict[str, Optional[str]]:
    """Each container held by an entry of ``stacks`` (and its presentations), at any depth, with its selected tab."""
    for stack in stacks.values():
        for entry in stack["entries"]:
            if "container" in entry:
                container = entry["container"]
                found[container["name"]] = container.get("selected_tab")
                containers(container["stacks"], found)
        containers({layer["stack"]: layer for layer in stack.get("presentations", ())}, found)
    return found


def expected(step: Step, index: int) -> Dict[str, Any]:
    """What the page must show at step ``index``, from the library's documents."""
    state, preview = step.state, step.back_preview
    top = step.view_model["layers"][-1]
    moves = preview["result"] not in ("nothing", "held_by_presentation")
    selected = containers({**state["stacks"], **{layer["stack"]: layer for layer in state["presentations"]}}, {})
    selected[""] = state.get("selected_tab")
    return {
        "current": [index], "badge": step.outcome, "scrubber": index, "selected": selected,
        "active": [state["active_stack"]], "back_targets": [preview["after"]["top"]["id"]] if moves else [],
        "back_label": "(disabled)" if top["back"]["label"] is None else top["back"]["label"],
        "back_will": top["back"].get("will") or "", "announcement": step.view_model["announcement"],
        "stack_url": step.stack_url if step.stack_url is not None else "(no link reaches the active stack)",
        "selected_tab": state.get("selected_tab") or "", "images": 0,
    }


def open_page(browser: chromium.Browser, session: Callable[[], Session], tmp_path: Path) -> Dict[str, Any]:
    """Writes the session's page, opens it, and returns its table, log and steps."""
    table, log = session()
    path = tmp_path / "timeline.html"
    path.write_text(navcore.timeline(log, table), encoding="utf-8")
    browser.open(path)
    _, steps = session_steps(log, table)
    return {"table": table, "log": log, "steps": steps}


@pytest.mark.parametrize("session", [shop_tour, nested_session], ids=["shop tour", "nested"])
def test_stepping_with_the_keyboard_shows_each_step_as_the_documents_say(
        browser: chromium.Browser, session: Callable[[], Session], tmp_path: Path) -> None:
    opened = open_page(browser, session, tmp_path)
    steps: List[Step] = opened["steps"]
    title = browser.evaluate("document.title")
    for index, step in enumerate(steps):
        shown = browser.evaluate(READ_STEP)
        assert {**shown, "title": title} == {**expected(step, index), "title": title}, f"step {index}"
        browser.press("ArrowRight")
    assert browser.evaluate(READ_STEP)["current"] == [len(steps) - 1]  # the last step stays
    for index in reversed(range(len(steps) - 3, len(steps) - 1)):
        browser.press("ArrowLeft")
        assert browser.evaluate(READ_STEP) | {"title": title} == expected(steps[index], index) | {"title": title}
    browser.press("Home")
    assert browser.evaluate(READ_STEP)["current"] == [0]
    assert "pwned" not in title


def test_the_log_up_to_a_step_is_the_log_cut_there_and_copies(browser: chromium.Browser, tmp_path: Path) -> None:
    opened = open_page(browser, nested_session, tmp_path)
    log = opened["log"]
    for index in range(len(opened["steps"])):
        assert browser.evaluate(f"window.timeline.logUpTo({index})") == {**log, "batches": log["batches"][:index]}
    browser.evaluate("window.timeline.go(5)")
    browser.evaluate("document.getElementById('copy-log').click()")
    assert json.loads(browser.evaluate("document.getElementById('export').value")) == {**log, "batches": log["batches"][:5]}


@pytest.mark.parametrize("index", [0, 3, 7, 11])
def test_the_saved_vector_passes_as_a_conformance_vector(browser: chromium.Browser, tmp_path: Path, index: int) -> None:
    opened = open_page(browser, nested_session, tmp_path)
    vector = browser.evaluate(f"window.timeline.vector({index})")
    assert vector["steps"][0]["expect"]["state"] == opened["steps"][index].state
    path = tmp_path / "vector.json"
    path.write_text(json.dumps(vector))
    test_vectors.test_vector(path)


def test_a_folded_log_says_so(browser: chromium.Browser, tmp_path: Path) -> None:
    table, log = nested_session()
    path = tmp_path / "folded.html"
    path.write_text(navcore.timeline({**log, "folded": 3}, table), encoding="utf-8")
    browser.open(path)
    assert "its first 3 steps were folded into the base" in browser.evaluate("document.getElementById('summary').textContent")


def test_the_screenshot_of_a_step_past_a_blocker(browser: chromium.Browser, tmp_path: Path) -> None:
    open_page(browser, nested_session, tmp_path)
    for _ in range(7):
        browser.press("ArrowRight")
    assert browser.evaluate(READ_STEP)["badge"] == "proceeded"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.screenshot(SCREENSHOTS / "timeline.png")
    assert (SCREENSHOTS / "timeline.png").read_bytes().startswith(b"\x89PNG")
