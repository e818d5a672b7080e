"""``Navigator.table_report()`` (``navcore_table_report``): the table's structure as data and its
warnings, valid against docs/schema/table-report.schema.json, on the shared tables."""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest
from support import TABLES, validate

import navcore


def report(name: str) -> Dict[str, Any]:
    """The report of Tests/vectors/tables/NAME.json."""
    with navcore.Navigator(TABLES / f"{name}.json") as nav:
        return nav.table_report()


@pytest.mark.parametrize("name", sorted(path.stem for path in TABLES.glob("*.json")))
def test_every_shared_table_reports_a_valid_document(name: str) -> None:
    validate("table-report", report(name))


def test_the_signin_table_as_data() -> None:
    data = report("signin")
    assert data["layout"] == "tabs" and data["app"] == "shop" and "root" not in data
    assert [tab["name"] for tab in data["tabs"]] == ["shop", "orders", "account"]
    assert data["tabs"][1] == {"name": "orders", "root": {"name": "orders", "params": {}}, "accepts": None,
                               "requires": ["signed_in"]}
    order = next(route for route in data["routes"] if route["name"] == "order")
    assert order == {"name": "order", "params": [{"name": "id", "type": "int", "required": True}], "title": "Order {id}",
                     "parent": "orders", "requires": [], "push_policy": "allow"}
    assert data["conditions"] == [{"name": "signed_in", "initial": False, "flow": {"route": "login", "style": "cover"},
                                   "on_false": "reset", "required_by": ["routes.checkout", "tabs[1]"]}]
    assert [(link["url"], link["tab"], link["chain"]) for link in data["links"]] == [
        ("shop://product/{id}", "shop", ["product"]),
        ("shop://checkout", "shop", ["cart", "checkout"]),
        ("shop://orders/{id}", "orders", ["order"]),
    ]
    assert [(warning["kind"], warning["path"]) for warning in data["warnings"]] == [
        ("push_only_route", "routes.forgot_password"), ("push_only_route", "routes.register")]


def test_params_defaults_enums_and_the_link_chain_of_the_links_table() -> None:
    data = report("links")
    subscription = next(route for route in data["routes"] if route["name"] == "subscription")
    assert subscription["params"] == [{"name": "plan", "type": "enum", "enum": ["monthly", "yearly"], "required": False,
                                       "default": "monthly", "fallback": True}]
    edit = next(link for link in data["links"] if link["url"] == "myapp://users/{id}/edit")
    assert edit["chain"] == ["userList", "userDetail", "userEdit"] and edit["placeholders"] == ["id"]
    assert data["root"] == {"name": "home", "params": {}} and data["tabs"] == []


def test_each_warning_kind_from_a_table_with_one_mistake_of_each() -> None:
    table = {
        "navcore": 1,
        "routes": {"home": {}, "checkout": {"requires": ["signed_in"]}, "orders": {},
                   "order": {"params": {"id": "int"}, "parent": "orders"},
                   "product": {"params": {"id": "int", "sort": {"type": "string", "default": "new"}}},
                   "login": {}, "help": {}},
        "tabs": [{"name": "shop", "root": "home"}, {"name": "cart", "root": "checkout", "routes": ["checkout"]},
                 {"name": "orders", "root": "orders"}],
        "links": [{"url": "shop://order/{id}", "stack": ["order"], "tab": "shop"},
                  {"url": "shop://product/{id}", "stack": ["product"]}],
        "conditions": {"signed_in": {"flow": {"route": "login"}}, "onboarded": {}},
    }
    with navcore.Navigator(table) as nav:
        data = nav.table_report()
    validate("table-report", data)
    assert [(warning["kind"], warning["path"]) for warning in data["warnings"]] == [
        ("push_only_route", "routes.help"), ("link_leaves_tab", "links[0]"), ("link_refused_by_tab", "links[1]"),
        ("unbound_param", "routes.product.params.sort"), ("unused_condition", "conditions.onboarded")]


def test_the_report_changes_nothing() -> None:
    with navcore.Navigator(TABLES / "signin.json") as nav:
        nav.open_url("shop://product/3")
        before = nav.state_json
        assert nav.table_report() == nav.table_report()
        assert nav.state_json == before
        assert json.loads(before)["seq"] == 1


def test_a_closed_navigator_is_refused() -> None:
    nav = navcore.Navigator(TABLES / "signin.json")
    nav.close()
    with pytest.raises(navcore.InvalidArgumentError):
        nav.table_report()


def test_redirects_are_reported_and_drawn() -> None:
    from navcore.cli import dot

    with navcore.Navigator(TABLES / "redirects.json") as nav:
        report = nav.table_report()
    validate("table-report", report)
    assert report["redirects"][0]["from"] == "login" and report["redirects"][0]["to"]["name"] == "home"
    assert report["redirect_limit"] >= 1
    assert '"route:login" -> "route:home" [color="purple"' in dot(report)
