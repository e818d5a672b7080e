"""``navcore.check`` and ``navcore check`` (docs/tools.md, "navcore check"): the report, a table's own
invariant that fails with its shortest counterexample, the replay of it, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import SHOP, run

import navcore

TABLE = {"navcore": 1, "root": "home", "routes": {"home": {}, "cart": {}, "checkout": {}}}
CHECKOUT_AFTER_CART = {"name": "checkout_after_cart", "route": "checkout", "under": "cart"}


def test_every_law_holds_and_the_report_says_which_bound_stopped_it() -> None:
    report = navcore.check(TABLE, depth=2)
    assert report["counterexamples"] == []
    assert report["bound"] == "depth" and report["depth"] == 2
    assert report["states"] > 3 and report["transitions"] > report["states"]
    assert "back_progress" in report["laws"] and "protected_routes" in report["laws"]
    assert navcore.check(json.dumps(TABLE), depth=5, states=4)["bound"] == "states"


def test_an_invariant_that_fails_comes_back_with_its_shortest_counterexample() -> None:
    report = navcore.check(TABLE, depth=3, invariants=[CHECKOUT_AFTER_CART])
    [found] = report["counterexamples"]
    assert found["summary"] == ('checkout_after_cart: an entry of "checkout" on stack "main" has no "cart" below it '
                                "(after 1 action)")
    assert found["steps"] == [{"action": {"op": "push", "route": {"name": "checkout", "params": {}}}, "status": "ok"}]
    replayed = navcore.check(TABLE, invariants=[CHECKOUT_AFTER_CART], replay=found["steps"])
    assert [item["law"] for item in replayed["counterexamples"]] == ["checkout_after_cart"]


def test_a_law_turned_off_is_not_checked_and_its_reason_is_reported() -> None:
    report = navcore.check(TABLE, depth=1, laws_off={"back_progress": "a flow that may not be dismissed"})
    assert "back_progress" not in report["laws"]
    assert report["laws_off"] == {"back_progress": "a flow that may not be dismissed"}


def test_bad_options_are_refused_naming_the_problem() -> None:
    with pytest.raises(navcore.InvalidArgumentError) as error:
        navcore.check(TABLE, laws_off={"bakc_progress": "x"})
    assert error.value.path == "laws_off.bakc_progress"
    with pytest.raises(navcore.TableError):
        navcore.check({"navcore": 1})


def test_the_command_reports_a_failed_law_and_replays_it(tmp_path: Path) -> None:
    invariant = json.dumps({"name": "no_settings", "route": "settings"})
    code, out, _ = run("check", SHOP, "--depth", "2", "--invariant", invariant)
    assert code == 1
    lines = out.splitlines()
    assert lines[1] == f'{SHOP}: law failed: no_settings: an entry of "settings" is on stack "main" (after 1 action)'
    steps = tmp_path / "steps.json"
    steps.write_text(lines[2])
    code, out, _ = run("check", SHOP, "--replay", str(steps), "--invariant", invariant, "--json")
    assert code == 1
    assert [item["law"] for item in json.loads(out)["counterexamples"]] == ["no_settings"]
    assert run("check", SHOP, "--depth", "2")[0] == 0


def test_the_command_refuses_bad_arguments() -> None:
    assert run("check", SHOP, "--depth", "0")[0] == 2
    assert run("check", SHOP, "--invariant", "{}")[0] == 2
