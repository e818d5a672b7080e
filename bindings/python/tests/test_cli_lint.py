"""``navcore lint`` (docs/tools.md, "lint"): every problem of a table in one run, each at its line and
column in the file as written and with its JSON path; exit code 1 only when one is an error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

from cli_support import SIGNIN, run

#: A table with three mistakes, on lines 6, 8 and 11: a misspelt key, an unknown condition and a
#: link to an unknown route (whose link then has no route for its {id}: not a mistake of its own).
THREE_MISTAKES = """{
  "navcore": 1,
  "root": "home",
  "routes": {
    "home": {"title": "Home"},
    "user": {"params": {"id": "int"}, "titel": "User {id}"},
    "order": {"params": {"id": "int"},
              "requires": ["paid"]     }
  },
  "conditions": {"signed_in": {}},
  "links": [{"url": "myapp://users/{id}", "stack": ["usr"]}]
}
"""


def write(tmp_path: Path, text: str, name: str = "table.json") -> str:
    """Writes ``text`` to a file of ``tmp_path``: its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def lint_json(path: str) -> Dict[str, Any]:
    """What ``navcore lint PATH --json`` prints."""
    document: Dict[str, Any] = json.loads(run("lint", path, "--json")[1])
    return document


def test_lint_reports_every_error_of_a_table_at_its_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, THREE_MISTAKES)
    code, out, err = run("lint", path)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f'{path}:6:39: error[NAVCORE_ETABLE]: routes.user: unknown key "titel" (allowed: params, title, titles, push_policy, '
        'restore, parent, requires, present_policy, dismissable, layout) (did you mean "title"?)',
        f'{path}:8:28: error[NAVCORE_ETABLE]: routes.order.requires[0]: unknown condition "paid" (allowed: signed_in)',
        f'{path}:11:53: error[NAVCORE_ETABLE]: links[0].stack[0]: unknown route "usr" (did you mean "user"?)',
        f"{path}: 3 errors",
    ]


def test_lint_json_gives_each_error_with_status_path_message_line_and_column(tmp_path: Path) -> None:
    document = lint_json(write(tmp_path, THREE_MISTAKES))
    assert document["warnings"] == []
    assert [(error["status"], error["path"], error["line"], error["column"]) for error in document["errors"]] == [
        ("NAVCORE_ETABLE", "routes.user", 6, 39),
        ("NAVCORE_ETABLE", "routes.order.requires[0]", 8, 28),
        ("NAVCORE_ETABLE", "links[0].stack[0]", 11, 53)]
    assert document["errors"][2]["message"] == 'links[0].stack[0]: unknown route "usr" (did you mean "user"?)'


def test_an_error_that_follows_from_a_left_out_part_is_not_reported(tmp_path: Path) -> None:
    """A tab whose root is unknown: once its root is left out, the tab lacks one; and a link
    whose only route is unknown: once it is left out, the stack is empty. Neither is the
    user's mistake: one error each, and the table's other error is still found."""
    table = {"navcore": 1, "routes": {"home": {}, "cart": {}},
             "tabs": [{"name": "home", "root": "home"}, {"name": "cart", "root": "crat"}],
             "links": [{"url": "myapp://x", "stack": ["nowhere"]}], "conditions": {"c": {"initial": "yes"}}}
    document = lint_json(write(tmp_path, json.dumps(table, indent=2)))
    assert sorted(error["path"] for error in document["errors"]) == ["conditions.c.initial", "links[0].stack[0]", "tabs[1].root"]


def test_every_error_of_one_route_is_reported_and_a_left_out_member_is_not_missing(tmp_path: Path) -> None:
    """Three errors in one route's params are each the user's; a root route that is unknown is
    one error, not also a missing root once it is left out."""
    route = {"params": {"bad name": "int", "x": {"type": "int", "default": "a"}, "y": 7}, "title": "{x} {y}"}
    table = {"navcore": 1, "root": "home", "routes": {"home": {}, "r": route}}
    assert [(error["path"], error["message"].split(": ", 1)[1]) for error in lint_json(write(tmp_path, json.dumps(table)))["errors"]] == [
        ("routes.r.params", 'bad param name "bad name" (use letters, digits, _ - .)'),
        ("routes.r.params.x.default", "expected int, got string"),
        ("routes.r.params.y", "expected an object, got int")]
    messages = [error["message"] for error in lint_json(write(tmp_path, json.dumps({**table, "root": "hme"})))["errors"]]
    assert messages[0] == 'root: unknown route "hme" (did you mean "home"?)'
    assert len(messages) == 4 and "root: missing" not in messages


def test_lint_of_text_that_is_not_json_gives_the_place_of_the_syntax_error(tmp_path: Path) -> None:
    path = write(tmp_path, '{\n  "navcore": 1,\n  "routes": {"home": {}},,\n}\n')
    code, out, _ = run("lint", path)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}:3:") and "error[NAVCORE_EJSON]" in lines[0]
    assert lines[1] == f"{path}: 1 error"
    assert lint_json(path)["errors"][0]["line"] == 3


def test_warnings_have_their_line_and_column_and_do_not_fail_the_lint() -> None:
    """The sign-in table loads: its screens pushed inside the sign-in flow are push-only by
    design. They are reported, with the line of each route, and the command succeeds."""
    text = Path(SIGNIN).read_text(encoding="utf-8").splitlines()
    code, out, _ = run("lint", SIGNIN)
    assert code == 0
    lines = out.splitlines()
    assert lines[-1] == f"{SIGNIN}: 2 warnings"
    for line, route in zip(lines, ["forgot_password", "register"]):
        where = line[len(SIGNIN) + 1:].split(":")[:2]
        row, column = int(where[0]), int(where[1])
        assert text[row - 1][column - 1:].startswith(f'"{route}"'), line
        assert f": warning[push_only_route]: routes.{route}: " in line


def test_a_correct_table_whose_sheets_are_only_presented_passes(tmp_path: Path) -> None:
    """A settings sheet that the app only ever presents: push_only_route is said, as a warning,
    and lint exits with 0."""
    table = {"navcore": 1, "root": "home", "routes": {"home": {}, "settings": {"title": "Settings"}}}
    path = write(tmp_path, json.dumps(table))
    code, out, _ = run("lint", path)
    assert code == 0
    assert out.splitlines()[-1] == f"{path}: 1 warning"
    assert run("lint", path, "--ignore", "push_only_route") == (0, f"{path}: ok\n", "")


def test_a_missing_translation_is_placed_where_its_titles_would_go(tmp_path: Path) -> None:
    """A route without the titles of a table locale: the route's own line (its titles are missing)."""
    table = {"navcore": 1, "root": "home",
             "routes": {"home": {"title": "Home", "titles": {"vi": "Trang chủ"}}, "cart": {"title": "Cart"}},
             "links": [{"url": "myapp://cart", "stack": ["cart"]}]}
    path = write(tmp_path, json.dumps(table, indent=2, ensure_ascii=False))
    warnings: List[Dict[str, Any]] = lint_json(path)["warnings"]
    missing = [warning for warning in warnings if warning["path"].startswith("routes.")]
    assert [(warning["path"], warning["line"]) for warning in missing] == [("routes.cart.titles", 11)]


def test_paths_and_columns_are_those_of_the_file_as_written(tmp_path: Path) -> None:
    """A link left out whole for its error does not shift the next link's index; a column counts
    characters, not bytes, and an escape as written; each unknown key of a link is reported."""
    text = ('{"navcore": 1, "root": "home", "routes": {"home": {}, "cart": {}},\n'
            ' "links": [{"url": "a://x", "stack": ["home"]}, {"url": "a://x", "stack": ["cart"]},\n'
            '           {"url": "a://y", "stack": ["home"], "nöte": "ü\\u00fc", "ttab": 1}]}\n')
    errors = lint_json(write(tmp_path, text))["errors"]
    assert [(error["path"], error["line"], error["column"]) for error in errors] == [
        ("links[1]", 2, 49), ("links[2]", 3, 48), ("links[2]", 3, 67)]
    assert [error["message"].split(" (")[0] for error in errors[1:]] == [
        'links[2]: unknown key "nöte"', 'links[2]: unknown key "ttab"']
