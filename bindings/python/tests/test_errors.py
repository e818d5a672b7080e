"""Every failure raises the NavError subclass of its status, names the problem, and changes nothing."""

from __future__ import annotations

from typing import Any, Callable, Type

import pytest
from support import TABLES, TABS_TABLE_PATH, unchanged

import navcore
from navcore import errors

TEN_MB = 10 * 1024 * 1024

# (id, call on a navigator holding home > product 42 > category shoes, error class, message substrings)
FAILURES: list[tuple[str, Callable[[navcore.Navigator], Any], Type[navcore.NavError], tuple[str, ...]]] = [
    ("param mistyped", lambda nav: nav.push("product", id="forty-two"), navcore.ParamsError, ("id", "int")),
    ("param missing", lambda nav: nav.push("product"), navcore.ParamsError, ("id",)),
    ("param extra", lambda nav: nav.push("checkout", coupon="X"), navcore.ParamsError, ("coupon",)),
    ("param outside enum", lambda nav: nav.push("subscription", plan="weekly"), navcore.ParamsError, ("plan",)),
    ("param real for int", lambda nav: nav.push("product", id=42.0), navcore.ParamsError, ("id",)),
    ("string param of 10 MB", lambda nav: nav.push("category", slug="x" * TEN_MB), navcore.LimitError,
     ("1048576-byte limit",)),
    ("string param over its limit", lambda nav: nav.push("category", slug="x" * (navcore.MAX_STRING_PARAM_BYTES + 1)),
     navcore.ParamsError, ("slug",)),
    ("unknown route", lambda nav: nav.push("prodcut", id=1), navcore.RouteError, ('"prodcut"',)),
    ("unknown route replaced", lambda nav: nav.replace("prodcut"), navcore.RouteError, ('"prodcut"',)),
    ("unknown route in set_stack", lambda nav: nav.set_stack(["settings", "prodcut"]), navcore.RouteError,
     ('"prodcut"',)),
    ("pop_to unknown route name", lambda nav: nav.pop_to(name="prodcut"), navcore.RouteError, ('"prodcut"',)),
    ("pop_to name not on stack", lambda nav: nav.pop_to(name="checkout"), navcore.NoEntryError, ("checkout",)),
    ("pop_to id never issued", lambda nav: nav.pop_to(99), navcore.NoEntryError, ("99",)),
    ("pop_to neither id nor name", lambda nav: nav.pop_to(), navcore.ActionError, ("actions[0]",)),
    ("pop_to both id and name", lambda nav: nav.pop_to(2, name="product"), navcore.ActionError, ("actions[0]",)),
    ("pop count zero", lambda nav: nav.pop(0), navcore.ActionError, ("count",)),
    ("pop count negative", lambda nav: nav.pop(-3), navcore.ActionError, ("count",)),
    ("pop count not an int", lambda nav: nav.pop("2"), navcore.ActionError, ("count",)),  # type: ignore[arg-type]
    ("pop count bool", lambda nav: nav.pop(True), navcore.ActionError, ("count",)),
    ("unknown op", lambda nav: nav.apply({"op": "jump"}), navcore.ActionError, ("jump",)),
    ("action not an object", lambda nav: nav.apply([{"op": "pop"}, 7]),  # type: ignore[list-item]
     navcore.ActionError, ("actions[1]",)),
    ("extra action field", lambda nav: nav.apply({"op": "pop_to_root", "count": 2}), navcore.ActionError,
     ("count",)),
    ("batch fails as a whole", lambda nav: nav.apply([{"op": "pop"}, {"op": "push", "route": {"name": "prodcut"}}]),
     navcore.RouteError, ("actions[1]", '"prodcut"')),
    ("malformed JSON", lambda nav: nav.apply('{"op": "pop"'), navcore.JSONError, ("line",)),
    ("trailing garbage", lambda nav: nav.apply('{"op": "pop"} x'), navcore.JSONError, ("line",)),
    ("100,000 open brackets", lambda nav: nav.apply("[" * 100_000), navcore.JSONError, ("line",)),
    ("100,000 nested arrays", lambda nav: nav.apply("[" * 100_000 + "]" * 100_000), navcore.JSONError, ("line",)),
    ("NaN is not JSON", lambda nav: nav.push("product", id=float("nan")), navcore.JSONError, ("line",)),
    ("lone surrogate in a param", lambda nav: nav.push("category", slug="\ud800"), navcore.InvalidArgumentError,
     ("UTF-8",)),
    ("lone surrogate in a name", lambda nav: nav.push("cat\udcffegory", slug="a"), navcore.InvalidArgumentError,
     ("UTF-8",)),
    ("lone surrogate in action text", lambda nav: nav.apply('{"op": "push", "route": {"name": "\udc80"}}'),
     navcore.InvalidArgumentError, ("UTF-8",)),
    ("invalid UTF-8 bytes", lambda nav: nav.apply(b'{"op":"push","route":{"name":"category","params":{"slug":"\xff"}}}'),
     navcore.InvalidArgumentError, ("UTF-8",)),
    ("overlong UTF-8 bytes", lambda nav: nav.apply(b'{"op":"push","route":{"name":"category","params":{"slug":"\xc0\xaf"}}}'),
     navcore.InvalidArgumentError, ("UTF-8",)),
    ("NUL inside action text", lambda nav: nav.apply(b'{"op": "pop"}\0{"op": "pop"}'), navcore.InvalidArgumentError,
     ("NUL",)),
    ("NUL inside a route name", lambda nav: nav.push("checkout\0"), navcore.InvalidArgumentError, ("NUL",)),
]


def _prepare(nav: navcore.Navigator) -> None:
    """Puts home > product 42 > category shoes on the stack."""
    nav.push("product", id=42)
    nav.push("category", slug="shoes")


@pytest.mark.parametrize(("call", "error", "needles"), [f[1:] for f in FAILURES], ids=[f[0] for f in FAILURES])
def test_failure_raises_names_and_changes_nothing(
    nav: navcore.Navigator,
    call: Callable[[navcore.Navigator], Any],
    error: Type[navcore.NavError],
    needles: tuple[str, ...],
) -> None:
    _prepare(nav)
    with unchanged(nav), pytest.raises(error) as info:
        call(nav)
    assert type(info.value) is error
    assert info.value.code == error.CODE
    assert info.value.status == error.STATUS
    for needle in needles:
        assert needle in info.value.message


def test_stale_pop_to_id_is_no_entry(nav: navcore.Navigator) -> None:
    nav.push("product", id=42)
    stale = nav.stack[-1].id
    nav.pop()
    with unchanged(nav), pytest.raises(navcore.NoEntryError) as info:
        nav.pop_to(stale)
    assert str(stale) in info.value.message


def test_replace_with_empty_path_is_no_entry(nav: navcore.Navigator) -> None:
    with unchanged(nav), pytest.raises(navcore.NoEntryError) as info:
        nav.replace("checkout")
    assert "actions[0]" in info.value.message


def test_value_json_cannot_hold_raises_type_error(nav: navcore.Navigator) -> None:
    with unchanged(nav), pytest.raises(TypeError):
        nav.push("category", slug={1, 2})


def test_closed_navigator_raises_invalid_argument(nav: navcore.Navigator) -> None:
    nav.close()
    calls: list[Callable[[], Any]] = [
        lambda: nav.push("checkout"),
        lambda: nav.pop(),
        lambda: nav.pop_to(1),
        lambda: nav.pop_to_root(),
        lambda: nav.replace("checkout"),
        lambda: nav.set_stack([]),
        lambda: nav.apply({"op": "pop"}),
        lambda: nav.state,
        lambda: nav.state_json,
        lambda: nav.stack,
        lambda: nav.subscribe(print),
    ]
    for call in calls:
        with pytest.raises(navcore.InvalidArgumentError, match="closed") as info:
            call()
        assert info.value.code == -1
        assert info.value.status == "NAVCORE_EINVAL"


def test_unknown_subscription_id_is_invalid_argument(nav: navcore.Navigator) -> None:
    with unchanged(nav), pytest.raises(navcore.InvalidArgumentError) as info:
        nav._unsubscribe(987654)
    assert "subscription" in info.value.message


@pytest.mark.parametrize(
    ("table", "error", "needle"),
    [
        ({"navcore": 1, "root": "hom", "routes": {"home": {}}}, navcore.TableError, 'root: unknown route "hom"'),
        ({"navcore": 1, "root": "product", "routes": {"product": {"params": {"id": "integer"}}}},
         navcore.TableError, "routes.product.params.id"),
        ({"navcore": 1, "root": "home", "routes": {"home": {"titel": "Home"}}}, navcore.TableError, '"titel"'),
        ({"navcore": 1, "root": "home", "routes": {"home": {"title": "{nope}"}}}, navcore.TableError, "nope"),
        ({"navcore": 2, "root": "home", "routes": {"home": {}}}, navcore.TableError, "navcore"),
        ('{"navcore": 1, "root": "home", "routes": {', navcore.JSONError, "line"),
        ('{"navcore": 1, "root": "\ud800", "routes": {"home": {}}}', navcore.InvalidArgumentError, "UTF-8"),
        (b'{"navcore": 1, "root": "\xe9", "routes": {"home": {}}}', navcore.InvalidArgumentError, "UTF-8"),
    ],
    ids=["unknown root", "unknown type", "unknown key", "undeclared placeholder", "wrong format",
         "truncated text", "lone surrogate", "invalid UTF-8"],
)
def test_bad_route_table_raises(table: Any, error: Type[navcore.NavError], needle: str) -> None:
    with pytest.raises(error) as info:
        navcore.Navigator(table)
    assert type(info.value) is error
    assert needle in info.value.message


def test_route_table_file_that_is_missing_raises_os_error(tmp_path: Any) -> None:
    with pytest.raises(FileNotFoundError):
        navcore.Navigator(tmp_path / "missing.json")


def test_route_table_of_wrong_type_raises_type_error() -> None:
    with pytest.raises(TypeError, match="route table"):
        navcore.Navigator(42)  # type: ignore[arg-type]


def test_every_class_matches_the_library_status_names() -> None:
    assert len(errors.ERROR_CLASSES) == 17
    for code, cls in errors.ERROR_CLASSES.items():
        assert cls.CODE == code
        assert navcore.status_string(code) == cls.STATUS
        assert issubclass(cls, navcore.NavError)
    assert navcore.status_string(0) == "NAVCORE_OK"
    assert navcore.status_string(-999) == "NAVCORE_UNKNOWN"


@pytest.mark.parametrize("code", sorted(errors.ERROR_CLASSES))
def test_errors_are_raised_by_code(code: int) -> None:
    error = errors.error_for(code, navcore.status_string(code), "what went wrong")
    assert type(error) is errors.ERROR_CLASSES[code]
    assert (error.code, error.status, error.message) == (code, navcore.status_string(code), "what went wrong")
    assert str(error) == f"{navcore.status_string(code)}: what went wrong"


def test_a_code_the_binding_does_not_know_raises_the_base_class() -> None:
    error = errors.error_for(-42, "NAVCORE_UNKNOWN", "new failure")
    assert type(error) is navcore.NavError
    assert (error.code, error.status, error.message) == (-42, "NAVCORE_UNKNOWN", "new failure")


def test_error_without_message_shows_its_status() -> None:
    assert str(navcore.OutOfMemoryError("")) == "NAVCORE_ENOMEM"
    assert navcore.InternalError("boom").code == -10


def test_failed_call_message_survives_later_calls(nav: navcore.Navigator) -> None:
    with pytest.raises(navcore.RouteError) as info:
        nav.push("prodcut")
    assert nav.push("checkout").after.top.name == "checkout"
    assert nav.stack[-1].name == "checkout"
    assert '"prodcut"' in info.value.message


@pytest.mark.parametrize(
    ("call", "path"),
    [
        (lambda nav: nav.apply([{"op": "pop"}, {"op": "push", "route": {"name": "prodcut"}}]), "actions[1].route.name"),
        (lambda nav: nav.push("product", id="forty-two"), "actions[0].route.params.id"),
        (lambda nav: nav.apply({"op": "open_url", "url": "shop://x", "mode": "sideways"}), "actions[0].mode"),
        (lambda nav: nav.apply({"op": "push", "route": {"name": "home"}, "policy": "twice"}), "actions[0].policy"),
        (lambda nav: nav.apply('{"op": "pop"'), ""),
    ],
    ids=["route name", "param", "open_url mode", "push policy", "text that is not JSON"],
)
def test_error_path_is_the_place_the_message_begins_with(
    nav: navcore.Navigator, call: Callable[[navcore.Navigator], Any], path: str
) -> None:
    with pytest.raises(navcore.NavError) as info:
        call(nav)
    assert info.value.path == path
    if path:
        assert info.value.message.startswith(path + ": ")
    else:
        assert info.value.message and ": " not in info.value.message.split(" ")[0]


def test_error_path_of_text_the_binding_refuses_names_the_argument(nav: navcore.Navigator) -> None:
    with pytest.raises(navcore.InvalidArgumentError) as info:
        nav.apply('{"op": "back"}\0')
    assert info.value.path and info.value.message.startswith(info.value.path + ": ")


def test_error_path_defaults_to_none_given() -> None:
    assert errors.error_for(-6, "NAVCORE_EROUTE", "x").path == ""
    assert errors.error_for(-6, "NAVCORE_EROUTE", "a: x", "a").path == "a"


def test_errors_subclass_the_fitting_builtins_and_shadow_none() -> None:
    import builtins

    assert not set(navcore.__all__) & set(dir(builtins)), "a name of the binding shadows a built-in"
    for cls in (navcore.RouteError, navcore.NoEntryError, navcore.NoMatchError, navcore.UnknownTabError):
        assert issubclass(cls, LookupError) and issubclass(cls, navcore.NavError)
    for cls in (navcore.ActionError, navcore.ParamsError, navcore.TableError, navcore.JSONError,
                navcore.InvalidArgumentError, navcore.RestoreError, navcore.LimitError):
        assert issubclass(cls, ValueError)
    assert issubclass(navcore.InternalError, RuntimeError) and issubclass(navcore.CascadeError, RuntimeError)
    assert issubclass(navcore.RedirectError, RuntimeError)
    with navcore.Navigator(TABS_TABLE_PATH) as nav, pytest.raises(LookupError):
        nav.select_tab("nope")


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda nav: nav.select_tab(b"sh\xffop"), navcore.InvalidArgumentError),  # type: ignore[arg-type]
        (lambda nav: nav.present("login", style=b"\xff"), navcore.InvalidArgumentError),  # type: ignore[arg-type]
        (lambda nav: nav.set_condition("signed_in\0", True), navcore.InvalidArgumentError),
        (lambda nav: nav.set_condition("signed\udcff_in", True), navcore.InvalidArgumentError),
        (lambda nav: nav.set_condition(1, True), TypeError),  # type: ignore[arg-type]
        (lambda nav: nav.set_blocker(1, "Draft\0"), navcore.InvalidArgumentError),
        (lambda nav: nav.set_blocker(1, 7), TypeError),  # type: ignore[arg-type]
    ],
    ids=["bytes tab not UTF-8", "bytes style not UTF-8", "NUL in condition", "lone surrogate condition",
         "condition not text", "NUL in reason", "reason not text"],
)
def test_text_arguments_sent_as_actions_are_checked_as_c_strings(call: Any, error: Type[Exception]) -> None:
    # These methods send an action through apply; their text arguments meet the checks they met
    # as C strings (navcore._marshal.text_field), not a JSON error.
    with navcore.Navigator(TABLES / "signin.json") as nav, unchanged(nav), pytest.raises(error) as info:
        call(nav)
    if isinstance(info.value, navcore.NavError):
        assert info.value.path in ("tab", "style", "name", "reason"), info.value.path


@pytest.mark.parametrize("id", [True, 1.0, "1", 2**64 + 1], ids=["bool", "float", "str", "beyond 64 bits"])
def test_a_blocker_id_that_is_no_int_is_refused_by_the_library(id: Any) -> None:
    # set_blocker sends a set_blocker action, so the library judges the id as it judges
    # set_entry_state's: never truncated to 64 bits nor read as 1 for True.
    with navcore.Navigator(TABLES / "signin.json") as nav, unchanged(nav), pytest.raises(navcore.NavError) as info:
        nav.set_blocker(id, "Draft")
    assert isinstance(info.value, (navcore.ActionError, navcore.JSONError)), info.value


def test_an_out_string_left_null_after_success_is_an_internal_error(nav: navcore.Navigator) -> None:
    """What only a library bug would leave: reading it would crash the process, so the binding
    raises instead; a string the library did write reads back whole."""
    from ctypes import c_void_p

    from navcore._library import LIB
    from navcore._marshal import take_json, take_string

    with pytest.raises(navcore.InternalError, match="wrote no string"):
        take_string(c_void_p())
    with pytest.raises(navcore.InternalError, match="wrote no string"):
        take_json(c_void_p())
    out = c_void_p()
    with nav._handle.use() as pointer:
        assert LIB.navcore_state(pointer, out) == 0
    assert take_json(out) == nav.state.raw
