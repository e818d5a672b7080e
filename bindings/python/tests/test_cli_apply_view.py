"""``navcore apply TABLE ACTIONS`` (the transition of a batch on a new navigator) and ``navcore view
TABLE [ACTIONS]`` (its view model), on the sign-in table (docs/tools.md)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import SIGNIN, run
from support import validate

PUSH = json.dumps([{"op": "push", "route": {"name": "product", "params": {"id": 3}}}])
HELD = json.dumps([{"op": "open_url", "url": "shop://orders/7"}])


def test_apply_prints_what_the_batch_did() -> None:
    assert run("apply", SIGNIN, PUSH) == (0, "\n".join([
        "results: pushed",
        "stack shop: added product(id=3) #4",
        "top: shop home #1 -> shop product(id=3) #4",
        "seq: 1",
    ]) + "\n", "")


def test_apply_of_a_held_link_shows_the_flow_and_the_intent() -> None:
    code, out, _ = run("apply", SIGNIN, HELD)
    assert code == 0
    assert "presented: layer:4 (cover)" in out.splitlines()
    assert "intent: held (waits for signed_in)" in out.splitlines()


def test_apply_json_is_the_transition_and_reads_actions_from_a_file(tmp_path: Path) -> None:
    (tmp_path / "push.json").write_text(PUSH, encoding="utf-8")
    code, out, _ = run("apply", SIGNIN, f"@{tmp_path / 'push.json'}", "--json")
    assert code == 0
    transition = json.loads(out)
    validate("transition", transition)
    assert transition["after"]["top"]["title"] == "Product 3"


def test_apply_of_actions_the_library_refuses_fails_with_its_error(tmp_path: Path) -> None:
    code, out, err = run("apply", SIGNIN, '[{"op": "push", "route": {"name": "prodcut"}}]')
    assert (code, out) == (1, "")
    assert err == ('navcore apply: NAVCORE_EROUTE: actions[0].route.name: unknown route "prodcut" '
                   '(did you mean "product"?)\n')
    code, out, _ = run("apply", SIGNIN, "[{", "--json")
    assert code == 1 and json.loads(out)["error"]["status"] == "NAVCORE_EJSON"
    code, _, err = run("apply", SIGNIN, f"@{tmp_path / 'none.json'}")
    assert code == 1 and "cannot read actions" in err


def test_view_prints_what_a_shell_shows() -> None:
    code, out, err = run("view", SIGNIN)
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == ["shop (base): Home; back: none", "tabs: *shop, orders (locked), account"]


def test_view_after_actions_shows_the_flow_over_the_stack_and_the_pending_intent() -> None:
    code, out, _ = run("view", SIGNIN, HELD)
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == 'layer:4 (cover): Sign in; back: dismissed "Home"', "the flow's cover, numbered as layers are"
    assert "pending: waits for signed_in, then shows Order 7" in lines
    code, out, _ = run("view", SIGNIN, PUSH, "--json")
    assert code == 0
    model = json.loads(out)
    validate("view-model", model)
    assert model["layers"][0]["title"] == "Product 3"
