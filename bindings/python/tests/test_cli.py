"""The ``navcore`` command (docs/tools.md) on the shared shop and sign-in tables: each command's
text and ``--json`` output, and its exit code (0 ok, 1 problems or a failed call, 2 usage)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, List

import pytest
from cli_support import LINKS, NESTED_LINKS, SHOP, SIGNIN, run
from support import REPO, validate

import navcore
from navcore import cli


def test_lint_lists_each_warning_with_its_place_and_kind() -> None:
    code, out, _ = run("lint", SIGNIN)
    assert code == 0, "warnings alone do not fail"
    assert out.splitlines() == [
        f'{SIGNIN}:14:5: warning[push_only_route]: routes.forgot_password: no link, tab root, sidebar, flow, redirect, parent '
        'chain or not_found names route "forgot_password": only a direct push or present shows it',
        f'{SIGNIN}:13:5: warning[push_only_route]: routes.register: no link, tab root, sidebar, flow, redirect, parent chain or '
        'not_found names route "register": only a direct push or present shows it',
        f"{SIGNIN}: 2 warnings",
    ]


def test_lint_of_the_shop_table_finds_its_unlinked_routes() -> None:
    code, out, _ = run("lint", SHOP, "--json")
    assert code == 0
    document = json.loads(out)
    assert document["errors"] == []
    assert {warning["kind"] for warning in document["warnings"]} == {"push_only_route"}
    assert "routes.product" in [warning["path"] for warning in document["warnings"]]
    code, out, _ = run("graph", SHOP, "--json")
    assert code == 0
    report = json.loads(out)
    validate("table-report", report)
    assert report["warnings"] == [{key: warning[key] for key in ("kind", "path", "message")} for warning in document["warnings"]]


def test_lint_ignores_the_kinds_it_is_told_to_and_is_then_clean() -> None:
    assert run("lint", SIGNIN, "--ignore", "push_only_route") == (0, f"{SIGNIN}: ok\n", "")


def test_lint_refuses_a_misspelt_ignore_kind_naming_the_closest() -> None:
    code, out, err = run("lint", SIGNIN, "--ignore", "push_only_routes")
    assert (code, out) == (2, "")
    assert err.startswith("usage: navcore lint ")
    assert err.endswith('navcore lint: error: argument --ignore: unknown warning kind "push_only_routes" (allowed: '
                        "push_only_route, link_leaves_tab, link_refused_by_tab, unbound_param, unused_condition, "
                        'missing_translation) (did you mean "push_only_route"?)\n')
    code, _, err = run("lint", SIGNIN, "--ignore", "everything")
    assert code == 2 and err.endswith('unknown warning kind "everything" (allowed: push_only_route, link_leaves_tab, '
                                      "link_refused_by_tab, unbound_param, unused_condition, missing_translation)\n")


def test_lint_of_a_table_that_does_not_load_gives_the_library_error_and_place(tmp_path: Path) -> None:
    table = json.loads(Path(SIGNIN).read_text(encoding="utf-8"))
    table["links"][2]["tab"] = "shop"  # the shop tab accepts any route: an unknown condition instead
    table["routes"]["checkout"]["requires"] = ["signed-in"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    code, out, _ = run("lint", str(path))
    assert code == 1
    assert out == (f'{path}:1:206: error[NAVCORE_ETABLE]: routes.checkout.requires[0]: unknown condition "signed-in" '
                   f"(allowed: signed_in) (did you mean \"signed_in\"?)\n{path}: 1 error\n")
    code, out, _ = run("lint", str(path), "--json")
    assert code == 1
    assert json.loads(out)["errors"] == [{"status": "NAVCORE_ETABLE", "path": "routes.checkout.requires[0]",
                                          "message": 'routes.checkout.requires[0]: unknown condition "signed-in" '
                                                     "(allowed: signed_in) (did you mean \"signed_in\"?)",
                                          "line": 1, "column": 206}]


def test_a_file_that_cannot_be_read_fails(tmp_path: Path) -> None:
    code, out, err = run("lint", str(tmp_path / "none.json"))
    assert (code, out) == (1, "") and "cannot read route table" in err
    code, _, err = run("resolve", str(tmp_path / "none.json"), "shop://product/1")
    assert code == 1 and "cannot read route table" in err


def resolved_json(table: str, url: str) -> Any:
    """What ``navcore resolve TABLE URL --json`` prints, checked to succeed and to fit its schema."""
    code, out, _ = run("resolve", table, url, "--json")
    assert code == 0
    document = json.loads(out)
    validate("resolution", document)
    return document


def test_resolve_shows_the_link_and_the_stack_it_builds() -> None:
    code, out, _ = run("resolve", LINKS, "myapp://users/42/edit")
    assert code == 0
    assert out == ("link: myapp://users/{id}/edit\nmode: replace\n"
                   "routes: userList > userDetail(id=42) > userEdit(id=42)\n")
    assert run("resolve", SIGNIN, "shop://orders/7") == (
        0, "link: shop://orders/{id}\ntab: orders\nmode: replace\nroutes: order(id=7)\n", ""), "the tab --json shows"
    assert resolved_json(SIGNIN, "shop://orders/7")["routes"] == [{"name": "order", "params": {"id": 7}}]


@pytest.mark.parametrize("url, placement", [
    ("myapp://settings/privacy/blocked/7", "present settings (sheet) > tab privacy > replace blocked, blockedUser(id=7)"),
    ("myapp://profile/4/photos", "present profile(id=4) (sheet) > replace photos(id=4)"),
    ("myapp://settings", "present settings (sheet) > pop to root"),
    ("myapp://explore/following/post/5", "tab explore > tab following > push post(id=5)"),
    ("myapp://library/artists/3", "tab library > detail > select artists > replace artist(id=3)"),
    ("myapp://cart/item/2", "tab cart > replace cartItem(id=2)"),
])
def test_resolve_shows_the_placement_of_a_link_into_nested_containers(url: str, placement: str) -> None:
    """A link with into adds one line after the others: the layer presented with its style, each
    tab selected, a split view's detail stack and the sidebar route selected, then the routes
    placed with the mode (or the stack popped to its root)."""
    code, out, err = run("resolve", NESTED_LINKS, url)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[-1] == "placement: " + placement
    assert [line.split(":")[0] for line in lines] == ["link", "mode", "routes", "placement"]


def test_resolve_of_a_flat_link_has_no_placement_and_json_gives_the_layer_style(tmp_path: Path) -> None:
    assert run("resolve", NESTED_LINKS, "myapp://blocked") == (
        0, "link: myapp://blocked\nmode: replace\nroutes: privacy > blocked\n", ""), "a link without into prints as before"
    assert resolved_json(NESTED_LINKS, "myapp://settings/privacy/blocked")["layers"] == [
        {"name": "settings", "params": {}, "style": "sheet"}]
    # The style is the library's answer: a table without a sheet style presents with its first.
    table = json.loads(Path(NESTED_LINKS).read_text(encoding="utf-8"))
    table["styles"] = ["modal", "cover"]
    (tmp_path / "modal.json").write_text(json.dumps(table), encoding="utf-8")
    assert run("resolve", str(tmp_path / "modal.json"), "myapp://settings")[1].endswith(
        "placement: present settings (modal) > pop to root\n")


def test_resolve_names_the_base_stack_of_a_one_stack_table_and_of_a_split_view(tmp_path: Path) -> None:
    """The first part of into, on a table without tabs: its one stack (whose root holds tabs
    here, as the graph draws too), or its split view's detail stack (with the sidebar route the
    link selects)."""
    stack = {"navcore": 1, "root": "home",
             "routes": {"home": {"layout": {"tabs": [{"name": "a", "root": "a"}, {"name": "b", "root": "b"}]}},
                        "a": {}, "b": {}, "item": {"params": {"id": "int"}}},
             "links": [{"url": "myapp://item/{id}", "stack": ["item"], "into": "main/b"}]}
    split = {"navcore": 1, "root": "inbox", "split": {"sidebar": ["inbox", "sent"]},
             "routes": {"inbox": {}, "sent": {}, "mail": {"params": {"id": "int"}, "parent": "sent"}},
             "links": [{"url": "myapp://sent/{id}", "stack": ["mail"], "into": "detail"}]}
    for name, table, url, placement in [("stack", stack, "myapp://item/3", "stack main > tab b > replace item(id=3)"),
                                        ("split", split, "myapp://sent/3", "detail > select sent > replace mail(id=3)")]:
        (tmp_path / f"{name}.json").write_text(json.dumps(table), encoding="utf-8")
        code, out, _ = run("resolve", str(tmp_path / f"{name}.json"), url)
        assert (code, out.splitlines()[-1]) == (0, "placement: " + placement)
    graph = run("graph", str(tmp_path / "stack.json"))[1]
    assert '"link:0" -> "in:home/b" [style=dotted, arrowhead=none, label="into main/b"];' in graph, "main's root holds the tabs"


def test_resolve_of_a_url_no_link_matches_fails_with_the_closest() -> None:
    code, out, err = run("resolve", SIGNIN, "shop://ordrs/7")
    assert (code, out) == (1, "")
    assert err == ('navcore resolve: NAVCORE_ENOMATCH: url: no link matches "shop://ordrs/7": no link has the scheme '
                   'and host "shop://ordrs" (did you mean "shop://orders"?)\n')
    code, out, _ = run("resolve", SIGNIN, "shop://ordrs/7", "--json")
    assert code == 1 and json.loads(out)["error"]["status"] == "NAVCORE_ENOMATCH"


def test_url_for_reads_params_as_json_or_text() -> None:
    assert run("url-for", SIGNIN, "order", "id=7") == (0, "shop://orders/7\n", "")
    assert run("url-for", LINKS, "subscription", "plan=yearly", "--json") == (
        0, json.dumps({"url": "myapp://settings/subscription?plan=yearly"}, indent=2) + "\n", "")
    code, _, err = run("url-for", SIGNIN, "order", 'id="7"')
    assert code == 1 and "NAVCORE_EPARAMS" in err
    code, _, err = run("url-for", SIGNIN, "account")
    assert code == 1 and "NAVCORE_ENOMATCH" in err


def test_usage_errors_exit_with_2() -> None:
    code, _, err = run("url-for", SIGNIN, "order", "id")
    assert code == 2
    assert err.startswith("usage: navcore url-for "), "the usage line of the command that was misused"
    assert err.endswith("navcore url-for: error: argument key=value: param 'id' is not key=value\n")
    assert run("lint")[0] == 2
    assert run("paint", SIGNIN)[0] == 2
    assert run("graph", SIGNIN, "--format", "gif")[0] == 2


def test_version_names_the_binding_and_the_library_it_loaded() -> None:
    assert run("--version") == (
        0, f"navcore {navcore.__version__} (library {navcore.version()} at {navcore.library_path()})\n", "")


def big_table(tmp_path: Path) -> Path:
    """A table of 2,000 routes that nothing leads to: its lint output is far more than a pipe holds."""
    routes = {"home": {"title": "Home"}, **{f"screen_{index}": {"title": f"Screen {index}"} for index in range(2000)}}
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"navcore": 1, "root": "home", "routes": routes}), encoding="utf-8")
    return path


def big_log(tmp_path: Path, table: Path) -> Path:
    """A log of 2,000 pushes on ``big_table``: its replayed state is far more than a pipe holds."""
    with navcore.Navigator(table.read_text(encoding="utf-8")) as nav:
        nav.record(True)
        for index in range(2000):
            nav.push(f"screen_{index}")
        path = tmp_path / "big-log.json"
        path.write_text(json.dumps(nav.log), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["lint", "replay"])
def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path, command: str) -> None:
    """`navcore lint --json | head`: standard output closes while the command still writes; it stops
    without a traceback, with the exit code of a program that SIGPIPE ended (128 + 13)."""
    table = big_table(tmp_path)
    argv = [command, str(table)] + ([str(big_log(tmp_path, table))] if command == "replay" else []) + ["--json"]
    process = subprocess.Popen([sys.executable, "-m", "navcore", *argv], cwd=REPO / "bindings" / "python",
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == b"{\n"
    process.stdout.close()
    error = process.stderr.read().decode("utf-8")
    assert (process.wait(timeout=60), error) == (cli.EXIT_PIPE_CLOSED, "")


def signin_log(tmp_path: Path) -> Path:
    """A log of a session on the sign-in table: a held link, sign-in, a push."""
    with navcore.Navigator(SIGNIN) as nav:
        nav.record()
        nav.open_url("shop://orders/7")
        nav.set_condition("signed_in", True)
        nav.select_tab("shop")
        nav.push("product", id=3)
        path = tmp_path / "log.json"
        path.write_text(json.dumps(nav.log), encoding="utf-8")
        state = nav.state
    assert state.selected_tab == "shop"
    return path


def test_replay_shows_the_state_the_log_ends_in(tmp_path: Path) -> None:
    log = signin_log(tmp_path)
    code, out, _ = run("replay", SIGNIN, str(log))
    assert code == 0
    assert out.splitlines() == [
        "* shop: home > product(id=3)",
        "  orders: orders > order(id=7)",
        "  account: account",
        "selected tab: shop",
        "condition signed_in: true",
        "seq: 4",
    ]
    code, out, _ = run("replay", SIGNIN, str(log), "--json")
    assert code == 0
    validate("state", json.loads(out))


def test_replay_of_a_log_that_does_not_fit_fails(tmp_path: Path) -> None:
    log = signin_log(tmp_path)
    code, _, err = run("replay", SHOP, str(log))
    assert code == 1 and err.startswith("navcore replay: NAVCORE_ERESTORE: ")


def test_graph_is_dot_with_tabs_links_parents_conditions_and_flows() -> None:
    code, out, _ = run("graph", SIGNIN)
    assert code == 0
    assert out.startswith("digraph navcore {") and out.endswith("}\n")
    assert '"tab:orders" -> "route:orders" [label="root", penwidth=2];' in out
    assert '"route:orders" -> "route:order" [style=dashed, label="parent"];' in out
    assert '"route:cart" -> "route:checkout" [color="goldenrod"];' in out
    assert '"tab:orders" -> "condition:signed_in" [color="firebrick", style=dashed, label="requires"];' in out
    assert '"condition:signed_in" -> "route:login" [color="firebrick", label="false: flow (cover)"];' in out
    assert 'label="register\\nCreate account", color="darkorange"' in out


def test_graph_draws_containers_as_clusters_and_links_into_them() -> None:
    """A route with a layout is a cluster of its tabs (or its split view's detail), each tab
    pointing to its root; a link's into points to the stack it fills; a container's tab roots
    are not warned about as push-only."""
    code, out, _ = run("graph", str(REPO / "Tests" / "vectors" / "tables" / "nested_links.json"))
    assert code == 0
    assert 'subgraph "cluster_settings" {' in out and 'label="settings holds tabs"' in out
    assert '"in:settings/privacy" -> "route:privacy" [label="root", penwidth=2];' in out
    assert '"route:library" -> "in:library/detail" [color="steelblue", label="holds"];' in out
    assert '"in:library/detail" -> "route:artists" [label="sidebar"];' in out
    assert '"link:0" -> "in:settings/privacy" [style=dotted, arrowhead=none, label="into settings/privacy"];' in out
    assert '"link:3" -> "in:explore/following"' in out
    assert "darkorange" not in out.split('"route:general"')[1].split("\n")[0], "a container's tab root is shown"


def test_graph_labels_each_link_with_its_rank() -> None:
    """Each link's note shows its pattern and, below it, the rank of each path segment
    (docs/links.md, "Precedence"), as the table report gives it."""
    code, out, _ = run("graph", str(Path(SIGNIN).with_name("segments.json")))
    assert code == 0
    assert r'"link:3" [shape=note, style=filled, fillcolor="lightyellow", label="myapp://p/{lang?}/about\nrank [4, 1]"];' in out
    assert r'label="myapp://p/new\nrank [1]"' in out and r'label="myapp://p/{*rest}\nrank [5]"' in out
    code, out, _ = run("graph", LINKS)
    assert r'label="myapp://home\nrank []"' in out, "a pattern without a path ranks no segment"


def test_the_docs_graph_is_the_signin_graph() -> None:
    dot = (REPO / "docs" / "tools" / "signin.dot").read_text(encoding="utf-8")
    assert dot == run("graph", SIGNIN)[1]
    svg = (REPO / "docs" / "tools" / "signin.svg").read_text(encoding="utf-8")
    drawn = set(re.findall(r"<title>([^<]*)</title>", svg))
    nodes = re.findall(r'^  "([^"]+)" \[', dot, re.M)
    edges = re.findall(r'^  "([^"]+)" -> "([^"]+)"', dot, re.M)
    assert len(nodes) == 17 and len(edges) == 14  # 10 routes, 3 tabs, 3 links, 1 condition
    assert drawn == {"navcore", *nodes, *(f"{a}&#45;&gt;{b}" for a, b in edges)}, "the picture is drawn from signin.dot"


def test_graph_draws_svg_and_png_with_graphviz(tmp_path: Path) -> None:
    assert shutil.which("dot"), "make test-deps installs Graphviz"
    code, out, _ = run("graph", SIGNIN, "--format", "svg", "-o", str(tmp_path / "g.svg"))
    assert (code, out) == (0, "")
    svg = (tmp_path / "g.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "signed_in?" in svg
    assert run("graph", SIGNIN, "--format", "png", "-o", str(tmp_path / "g.png"))[0] == 0
    assert (tmp_path / "g.png").read_bytes().startswith(b"\x89PNG")


def test_graph_without_graphviz_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli.shutil, "which", lambda name: None)
    code, _, err = run("graph", SIGNIN, "--format", "svg")
    assert code == 1 and "needs Graphviz's dot program on PATH" in err
    assert run("graph", SIGNIN)[0] == 0, "DOT text needs no Graphviz"


def test_the_documented_outputs_are_what_the_commands_print(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each `<!-- command: ... -->` block of docs/tools.md, run from the repository root."""
    text = (REPO / "docs" / "tools.md").read_text(encoding="utf-8")
    blocks: List[Any] = re.findall(r"<!-- command: (.*?) -->\n```\w*\n\$ navcore (.*?)\n(.*?)```", text, re.S)
    assert len(blocks) >= 8
    monkeypatch.chdir(REPO)
    for command, shown, expected in blocks:
        assert shown == command
        code, out, err = run(*command.split())
        assert out + err == expected, command


def test_python_m_navcore_runs_the_command() -> None:
    result = subprocess.run([sys.executable, "-m", "navcore", "url-for", SIGNIN, "product", "id=5"],
                            cwd=REPO / "bindings" / "python", capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (0, "shop://product/5\n")
