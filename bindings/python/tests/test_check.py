"""``navcore.check`` and ``navcore check`` (docs/tools.md, "navcore check"): the report, a table's own
invariant that fails with its shortest counterexample, the replay of it, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import SHOP, run
from test_vectors import run_vector

import navcore

TABLE = {"navcore": 1, "root": "home", "routes": {"home": {}, "cart": {}, "checkout": {}}}
CHECKOUT_AFTER_CART = {"name": "checkout_after_cart", "route": "checkout", "under": "cart"}


def test_every_law_holds_and_the_report_says_which_bound_stopped_it() -> None:
    report = navcore.check(TABLE, depth=2)
    assert report["counterexamples"] == []
    assert report["bound"] == "depth" and report["depth"] == 2
    assert report["states"] > 3 and report["transitions"] > report["states"]
    assert "back_progress" in report["laws"] and "protected_routes" in report["laws"]
    assert "restore_matches_report" in report["laws"] and "log_replays" in report["laws"]
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


def test_walks_are_seeded_and_reported() -> None:
    report = navcore.check(TABLE, depth=1, walk=4, walk_length=12, seed=9)
    assert report["walk"] == {"seed": 9, "walks": 4, "length": 12, "transitions": 48}
    assert report["counterexamples"] == []
    assert 0 <= navcore.check(TABLE, depth=1, walk=1)["walk"]["seed"] <= 1 << 53


def test_a_walk_finds_an_invariant_past_the_depth_shrunk() -> None:
    # Checkout needs sign-in: it takes two actions, past a search of depth 1; the walk that finds
    # it is shrunk to those two.
    signin = {"navcore": 1, "root": "home", "routes": {"home": {}, "login": {}, "checkout": {"requires": ["signed_in"]}},
              "conditions": {"signed_in": {"flow": {"route": "login"}}}}
    report = navcore.check(signin, depth=1, walk=30, walk_length=20, seed=3,
                           invariants=[{"name": "no_checkout", "route": "checkout"}])
    [found] = report["counterexamples"]
    # Signing in, then placing checkout (a push or a present: which one the seed's walk drew).
    ops = [step["action"]["op"] for step in found["steps"]]
    assert len(ops) == 2 and "set_condition" in ops and ({"push", "present"} & set(ops))
    replayed = navcore.check(signin, invariants=[{"name": "no_checkout", "route": "checkout"}], replay=found["steps"])
    assert [item["law"] for item in replayed["counterexamples"]] == ["no_checkout"]


def test_each_counterexample_carries_a_vector() -> None:
    report = navcore.check(TABLE, depth=2, invariants=[CHECKOUT_AFTER_CART])
    vector = report["counterexamples"][0]["vector"]
    assert vector["description"].startswith("navcore check: checkout_after_cart: ")
    assert vector["table"] == TABLE
    [step] = vector["steps"]
    assert step["apply"] == {"op": "push", "route": {"name": "checkout", "params": {}}}
    assert [entry["name"] for entry in step["expect"]["stack"]] == ["home", "checkout"]


def test_bad_walk_options_are_refused_naming_the_key() -> None:
    for options, path in (({"walk": 0}, "walk"), ({"walk": 1, "walk_length": 0}, "walk_length"),
                          ({"walk": 1, "seed": -2}, "seed"), ({"walk": 1, "seed": (1 << 53) + 1}, "seed")):
        with pytest.raises(navcore.InvalidArgumentError) as error:
            navcore.check(TABLE, **options)
        assert error.value.path == path


def test_the_command_turns_laws_off_walks_and_writes_the_vector(tmp_path: Path) -> None:
    invariant = json.dumps({"name": "no_settings", "route": "settings"})
    vector = tmp_path / "vector.json"
    code, out, _ = run("check", SHOP, "--depth", "1", "--off", "back_progress=a flow that may not be dismissed",
                       "--walk", "2", "--walk-length", "5", "--seed", "4", "--invariant", invariant, "--vector", str(vector))
    assert code == 1
    assert f"{SHOP}: 2 random walks of 5 actions, seed 4" in out.splitlines()
    assert f"{SHOP}: law off: back_progress: a flow that may not be dismissed" in out.splitlines()
    written = json.loads(vector.read_text(encoding="utf-8"))
    assert written["steps"][0]["apply"]["route"]["name"] == "settings"
    assert [entry["name"] for entry in written["steps"][0]["expect"]["stack"]] == ["home", "settings"]


def test_the_command_refuses_bad_walk_and_off_arguments() -> None:
    assert run("check", SHOP, "--off", "back_progress")[0] == 2
    assert run("check", SHOP, "--off", "=why")[0] == 2
    assert run("check", SHOP, "--walk", "0")[0] == 2
    assert run("check", SHOP, "--walk", "1", "--seed", "-1")[0] == 2
    code, _, err = run("check", SHOP, "--depth", "1", "--off", "bakc_progress=typo")
    assert code != 0 and "laws_off.bakc_progress" in err


def test_the_announcement_law_is_checked_and_may_be_turned_off() -> None:
    laws = navcore.check(TABLE, depth=1)["laws"]
    assert "announcement_names_top" in laws and "nothing_lost_silently" in laws
    report = navcore.check(TABLE, depth=1, laws_off={"announcement_names_top": "a table with its own words"})
    assert "announcement_names_top" not in report["laws"]
    assert report["laws_off"] == {"announcement_names_top": "a table with its own words"}


def test_the_search_marks_blockers_and_proceeds_past_them() -> None:
    marked = [{"action": {"op": "push", "route": {"name": "cart", "params": {}}}, "status": "ok"},
              {"action": {"op": "set_blocker", "id": 2, "reason": "Unsaved draft"}, "status": "ok"},
              {"action": {"op": "pop", "count": 1}, "status": "NAVCORE_EBLOCKED"}]
    # Four moves deep the search marks cart, is held back popping it, and proceeds: every law holds.
    assert navcore.check(TABLE, depth=4)["counterexamples"] == []
    replayed = navcore.check(TABLE, replay=marked + [{"proceed": True, "status": "ok"}])
    assert replayed["counterexamples"] == [] and replayed["transitions"] == 4
    # The token proceeds once; a second proceed names no batch.
    again = navcore.check(TABLE, replay=marked + [{"proceed": True, "status": "ok"}, {"proceed": True, "status": "ok"}])
    [found] = again["counterexamples"]
    assert found["law"] == "replay_status" and "returned NAVCORE_ENOENTRY" in found["message"]
    assert found["steps"][-1] == {"proceed": True, "status": "NAVCORE_ENOENTRY"}
    assert found["vector"]["steps"][-1]["proceed"] is True
    assert found["vector"]["steps"][-1]["expect"]["message"] == "it was already used: a token proceeds once"
    # The vector runs in the suite's own runner, with real tokens.
    run_vector(found["vector"])


def test_a_proceed_step_must_say_true() -> None:
    with pytest.raises(navcore.InvalidArgumentError) as error:
        navcore.check(TABLE, replay=[{"proceed": "yes", "status": "ok"}])
    assert error.value.path == "replay[0].proceed"
