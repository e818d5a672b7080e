"""The ``navcore`` command: inspect a route table and try it out (docs/tools.md).

``navcore lint TABLE``, ``navcore resolve TABLE URL``, ``navcore url-for TABLE ROUTE [key=value ...]``,
``navcore apply TABLE ACTIONS``, ``navcore view TABLE [ACTIONS]``, ``navcore replay TABLE LOG`` and
``navcore graph TABLE``, each with ``--json``. Every answer comes from the library (the table
report, resolving, ``url_for``, applying, the view model, replaying); this module only reads
files, formats and draws.

Exit codes: 0 when all is well (``lint`` finding only warnings), 1 when ``lint`` finds an error
or the call failed (no link matches, actions that do not apply, a log that does not replay, a file
that cannot be read, no Graphviz), 2 for a usage error, 141 when standard output closed before the
command finished writing (``navcore lint --json | head``).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import math
import os
import shutil
import subprocess
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO, Tuple, TypeVar, get_args

from . import library_path, version
from ._lint import lint as lint_table
from ._summaries import route_text as _route_text
from ._summaries import transition_lines, view_lines
from ._version import VERSION
from .checking import check
from .errors import NavError
from .literals import WarningKind
from .navigator import Navigator
from .reports import Resolution

#: What a command reads off a navigator after its batch.
_Read = TypeVar("_Read")

#: Exit codes (docs/tools.md). The last is what a shell reports for a program that SIGPIPE ended
#: (128 + 13), as a C tool's would be when its reader stops early.
EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, EXIT_PIPE_CLOSED = 0, 1, 2, 141

#: The lint warning of a translation the table leaves out: from the table report's ``locales``,
#: not among its ``warnings`` (docs/locales.md).
MISSING_TRANSLATION = "missing_translation"


class Failure(Exception):
    """A command failed: ``error`` is what ``--json`` prints, ``str()`` the line for a terminal."""

    def __init__(self, text: str, error: Dict[str, Any]) -> None:
        super().__init__(text)
        self.error = error


#: The path of a param in the route ``url-for`` hands the library.
_PARAMS_PATH = "route.params."


def _nav_failure(error: NavError) -> Failure:
    """A failure for a library error: its status, place and message, as the library gives them."""
    return Failure(f"{error.status}: {error.message}", {"status": error.status, "path": error.path, "message": error.message})


def _argument_failure(error: NavError, arguments: Dict[str, str]) -> Failure:
    """A failure for a library error about a ``url-for`` param, which speaks of the argument as
    the user wrote it (``id=abc``) rather than of the route JSON the command built."""
    key = error.path.removeprefix(_PARAMS_PATH)
    if not error.path.startswith(_PARAMS_PATH) or key not in arguments:
        return _nav_failure(error)
    detail = error.message.removeprefix(error.path + ": ")
    return Failure(f"{error.status}: argument {arguments[key]}: {detail}",
                   {"status": error.status, "path": error.path, "message": error.message})


def _read(path: str, what: str) -> bytes:
    """The bytes of file ``path``; a Failure naming it when it cannot be read."""
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        raise Failure(f"cannot read {what} {path}: {error.strerror}",
                      {"status": "io", "path": "", "message": f"cannot read {what} {path}: {error.strerror}"}) from None


def _navigator(path: str) -> Navigator:
    """A navigator of the table in file ``path``; a Failure with the library's error when it does not load."""
    text = _read(path, "route table")
    try:
        return Navigator(text)
    except NavError as error:
        raise _nav_failure(error) from None


def lint(args: argparse.Namespace, out: TextIO) -> int:
    """Reports every error of the table, or its warnings (less the kinds ``--ignore`` names), each
    at its line and column in the file; fails only on an error."""
    errors, warnings = lint_table(_read(args.table, "route table"), set(args.ignore), _missing_translations)
    if args.json:
        _dump({"table": args.table, "errors": errors, "warnings": warnings}, out)
        return EXIT_PROBLEMS if errors else EXIT_OK
    for error in errors:
        where = f"{error['line']}:{error['column']}:" if error["line"] is not None else ""
        print(f"{args.table}:{where} error[{error['status']}]: {error['message']}", file=out)
    for warning in warnings:
        print(f"{args.table}:{warning['line']}:{warning['column']}: warning[{warning['kind']}]: "
              f"{warning['path']}: {warning['message']}", file=out)
    counts = [f"{len(found)} {name}{'' if len(found) == 1 else 's'}" for found, name in ((errors, "error"), (warnings, "warning"))
              if found]
    print(f"{args.table}: {', '.join(counts) or 'ok'}", file=out)
    return EXIT_PROBLEMS if errors else EXIT_OK


def _missing_translations(report: Dict[str, Any]) -> List[Dict[str, str]]:
    """The places the report's ``locales`` lists as lacking a locale (docs/locales.md), as lint
    warnings of kind ``missing_translation``; none for a table without locales."""
    return [
        {"kind": MISSING_TRANSLATION, "path": place,
         "message": f"no {json.dumps(locale['locale'])} translation: "
         + ("it is said in English" if place.startswith("announcements.") else "the default title shows")}
        for locale in report.get("locales", ()) for place in locale["missing"]
    ]


def resolve(args: argparse.Namespace, out: TextIO) -> int:
    """What the URL opens, without navigating; for a link with ``into``, its placement too."""
    with _navigator(args.table) as nav:
        try:
            resolution = nav.resolve_url(args.url)
        except NavError as error:
            raise _nav_failure(error) from None
        report = nav.table_report() if resolution.into is not None and not args.json else None
    if args.json:
        _dump(resolution.raw, out)
        return EXIT_OK
    if resolution.link is None:
        print(f"link: none, the not_found route ({resolution.reason or ''})", file=out)
    else:
        print(f"link: {resolution.link}", file=out)
    if resolution.tab is not None:
        print(f"tab: {resolution.tab}", file=out)
    print(f"mode: {resolution.mode}", file=out)
    print("routes: " + " > ".join(_route_text(route) for route in resolution.routes), file=out)
    if report is not None:
        print("placement: " + " > ".join(_placement(resolution, report)), file=out)
    return EXIT_OK


def _placement(resolution: Resolution, report: Dict[str, Any]) -> List[str]:
    """The levels of a link with ``into``, outermost first (docs/tools.md, "resolve"): each layer
    presented (``present settings (sheet)``, the style as the library gives it), then each stack
    of the path that is not a layer's own (``tab privacy``, ``detail``, ``stack main``), the
    sidebar route a link into a split view's detail selects (``select artists``: the first route
    when it is one of the sidebar's), then the routes placed with the mode (``replace blocked``),
    or ``pop to root`` for ``replace`` without routes."""
    parts = (resolution.into or "").split("/")
    levels = [f"present {_route_text(layer)} ({layer.style})" for layer in resolution.layers]
    holders = _into_holders(report, parts)
    if not resolution.layers:
        kind = report["layout"]
        levels.append({"tabs": f"tab {parts[0]}", "stack": f"stack {parts[0]}"}.get(kind, parts[0]))
    sidebar = report.get("sidebar", [])
    for part, (_holder, layout) in zip(parts[1:], holders):
        levels.append(f"tab {part}" if layout.get("kind") == "tabs" else part)
        sidebar = layout.get("sidebar", [])
    routes = list(resolution.routes)
    if routes and levels[-1] == "detail" and routes[0].name in sidebar:
        levels.append(f"select {_route_text(routes.pop(0))}")
    if routes:
        levels.append(f"{resolution.mode} " + ", ".join(_route_text(route) for route in routes))
    elif resolution.mode == "replace":
        levels.append("pop to root")
    return levels


#: The range of a JSON number the library reads as an integer (a 64-bit signed int).
_INT_RANGE = range(-2**63, 2**63)


def _not_a_number(text: str) -> Any:
    """Refuses ``NaN`` and ``Infinity``, which are not JSON: such a value is text."""
    raise ValueError(text)


def _param(item: str) -> Tuple[str, Any, str]:
    """A ``key=value`` argument: the key, and the value as JSON when it parses as JSON (``42``,
    ``true``, ``"42"``), else as text. Not ``key=value``, or a number the library cannot hold
    (an integer beyond 64 bits, a number too big for a double): a usage error of ``url-for``
    that names the argument. The argument itself comes last, for errors that name it."""
    key, equals, text = item.partition("=")
    if not equals or not key:
        raise argparse.ArgumentTypeError(f"param {item!r} is not key=value")
    try:
        value = json.loads(text, parse_constant=_not_a_number)
    except ValueError:
        return key, text, item
    too_big = isinstance(value, float) and math.isinf(value)
    if too_big or (isinstance(value, int) and not isinstance(value, bool) and value not in _INT_RANGE):
        raise argparse.ArgumentTypeError(f"param {item!r}: {text} is out of range (an int param is a 64-bit integer, "
                                         f"from {_INT_RANGE.start} to {_INT_RANGE.stop - 1})")
    return key, value, item


def _list_params(table: str, route: str) -> List[str]:
    """The names of route ``route``'s list params in the table in file ``table``; none when the
    table does not load or has no such route (the command then reports that itself)."""
    try:
        with _navigator(table) as nav:
            report = nav.table_report()
    except (Failure, NavError):
        return []
    return [param["name"] for declared in report["routes"] if declared["name"] == route
            for param in declared["params"] if param["type"] == "list"]


class _Params(argparse.Action):
    """Collects the ``key=value`` params into a dict; ``arguments`` keeps each as the user wrote it.
    A list param's key is repeated once per item, in order (``tags=a tags=b``, as in a URL's query),
    or given once with a JSON array; any other key given twice is refused."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: Optional[str] = None) -> None:
        params: Dict[str, Any] = {}
        arguments: Dict[str, str] = {}
        items: Dict[str, List[Any]] = {}
        for key, value, item in values:
            items.setdefault(key, []).append(value)
            params[key], arguments[key] = value, item
        lists = _list_params(namespace.table, namespace.route) if items else []
        for key, given in items.items():
            if key in lists:
                # One item per key; a JSON array given alone is the whole list.
                whole = len(given) == 1 and isinstance(given[0], list)
                params[key] = given[0] if whole else given
            elif len(given) > 1:
                raise argparse.ArgumentError(self, f"param {key!r} given twice")
        setattr(namespace, self.dest, params)
        setattr(namespace, "arguments", arguments)


class _Version(argparse.Action):
    """``--version``: one line, as it is, whatever the terminal's width (argparse's own action
    would wrap it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: Optional[str] = None) -> None:
        print(f"navcore {VERSION} (library {version()} at {library_path()})")
        parser.exit()


def _positive(text: str) -> int:
    """A positive integer argument."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a positive integer: {text!r}")
    return value


def _invariant(text: str) -> Dict[str, str]:
    """An invariant argument: a JSON object of strings with "name" and "route"."""
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not isinstance(value, dict) or not {"name", "route"} <= value.keys() or \
            not all(isinstance(item, str) for item in value.values()):
        raise argparse.ArgumentTypeError(f'not an invariant {{"name", "route", "under"}}: {text!r}')
    return {str(key): str(item) for key, item in value.items()}


def _law_off(text: str) -> Tuple[str, str]:
    """A ``--off`` argument: ``LAW=REASON``, both non-empty."""
    law, _, reason = text.partition("=")
    if not law or not reason:
        raise argparse.ArgumentTypeError(f"not LAW=REASON: {text!r}")
    return law, reason


def _seed(text: str) -> int:
    """A ``--seed`` argument: an integer from 0 to 2^53."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 1 << 53:
        raise argparse.ArgumentTypeError(f"not an integer from 0 to 2^53: {text!r}")
    return value


def _warning_kind(name: str) -> str:
    """A warning kind ``--ignore`` names; any other name is a usage error naming the closest kind,
    worded as the library words an unknown name."""
    kinds: List[str] = list(get_args(WarningKind)) + [MISSING_TRANSLATION]
    if name not in kinds:
        close = difflib.get_close_matches(name, kinds, n=1)
        raise argparse.ArgumentTypeError(f"unknown warning kind {json.dumps(name)} (allowed: {', '.join(kinds)})"
                                         + (f" (did you mean {json.dumps(close[0])}?)" if close else ""))
    return name


def url_for(args: argparse.Namespace, out: TextIO) -> int:
    """The canonical URL of a route."""
    with _navigator(args.table) as nav:
        try:
            url = nav.url_for(args.route, args.params)
        except NavError as error:
            raise _argument_failure(error, args.arguments) from None
    if args.json:
        _dump({"url": url}, out)
    else:
        print(url, file=out)
    return EXIT_OK


def _actions(argument: str) -> bytes:
    """The ACTIONS argument of ``apply`` and ``view``: a JSON batch as text, or ``@FILE`` to read
    it from a file."""
    return _read(argument[1:], "actions") if argument.startswith("@") else argument.encode("utf-8", "surrogateescape")


def apply(args: argparse.Namespace, out: TextIO) -> int:
    """Applies a batch of actions on a new navigator of the table and shows the transition."""
    transition = _after_batch(args.table, _actions(args.actions), lambda nav, applied: applied)
    return _show(transition.raw, transition_lines(transition), args, out)


def view(args: argparse.Namespace, out: TextIO) -> int:
    """The view model of a new navigator of the table, after a batch of actions when one is given."""
    actions = None if args.actions is None else _actions(args.actions)
    model = _after_batch(args.table, actions, lambda nav, applied: nav.view_model())
    return _show(model.raw, view_lines(model), args, out)


def _after_batch(table: str, actions: Optional[bytes], read: Callable[[Navigator, Any], _Read]) -> _Read:
    """What ``read`` takes from a new navigator of the table and the transition of ``actions`` applied
    on it (None without actions); a refusal is the command's failure."""
    with _navigator(table) as nav:
        try:
            return read(nav, None if actions is None else nav.apply(actions))
        except NavError as error:
            raise _nav_failure(error) from None


def _show(document: Any, lines: List[str], args: argparse.Namespace, out: TextIO) -> int:
    """Prints the document as JSON with ``--json``, else its lines of text."""
    if args.json:
        _dump(document, out)
    else:
        print("\n".join(lines), file=out)
    return EXIT_OK


def replay(args: argparse.Namespace, out: TextIO) -> int:
    """Replays an action log on a new navigator of the table and shows the state it ends in."""
    log = _read(args.log, "action log")
    with _navigator(args.table) as nav:
        try:
            nav.replay(log)
        except NavError as error:
            raise _nav_failure(error) from None
        state = nav.state
    if args.json:
        _dump(state.raw, out)
        return EXIT_OK
    stacks = [(name, stack.entries) for name, stack in state.stacks.items()]
    stacks += [(f"{layer.stack} ({layer.style})", layer.entries) for layer in state.presentations]
    for name, entries in stacks:
        mark = "*" if name.split(" ")[0] == state.active_stack else " "
        print(f"{mark} {name}: " + " > ".join(_route_text(entry) for entry in entries), file=out)
    if state.selected_tab is not None:
        print(f"selected tab: {state.selected_tab}", file=out)
    for name, value in state.conditions.items():
        print(f"condition {name}: {'true' if value else 'false'}", file=out)
    if state.pending is not None:
        print(f"pending: waits for {state.pending.condition}", file=out)
    print(f"seq: {state.seq}", file=out)
    return EXIT_OK


def _replay_steps(path: str) -> List[Dict[str, Any]]:
    """The steps of a counterexample file: a list of steps, a counterexample (``steps``) or a
    report whose first counterexample is taken; a Failure naming the file otherwise."""
    try:
        document = json.loads(_read(path, "counterexample"))
        if isinstance(document, dict) and "counterexamples" in document:
            document = document["counterexamples"][0]
        steps = document["steps"] if isinstance(document, dict) else document
        if isinstance(steps, list):
            return list(steps)
    except (ValueError, KeyError, IndexError, TypeError):
        pass
    message = f"{path}: not a counterexample (a list of steps, an object with \"steps\" or a check report)"
    raise Failure(message, {"status": "io", "path": "", "message": message})


def check_command(args: argparse.Namespace, out: TextIO) -> int:
    """Explores the table's states and checks navcore's laws on each (or replays a counterexample);
    fails when a law fails."""
    text = _read(args.table, "route table")
    replay_steps = _replay_steps(args.replay) if args.replay is not None else None
    try:
        report = check(text, depth=args.depth, states=args.states, stack_depth=args.stack_depth, invariants=args.invariant,
                       laws_off=dict(args.off), walk=args.walk, walk_length=args.walk_length, seed=args.seed,
                       replay=replay_steps)
    except NavError as error:
        raise _nav_failure(error) from None
    failed = report["counterexamples"]
    if args.vector is not None and failed:
        _write((json.dumps(failed[0]["vector"], indent=2, ensure_ascii=False) + "\n").encode("utf-8"), args.vector, out)
    if args.json:
        _dump(report, out)
        return EXIT_PROBLEMS if failed else EXIT_OK
    what = "replayed" if replay_steps is not None else f"depth {report['depth']}, stopped by {report['bound']}"
    print(f"{args.table}: {report['states']} states, {report['transitions']} transitions, {what}; "
          f"{len(report['laws'])} laws, {len(failed)} failed", file=out)
    if "walk" in report:
        walk = report["walk"]
        print(f"{args.table}: {walk['walks']} random walks of {walk['length']} actions, seed {walk['seed']}", file=out)
    for law, reason in report["laws_off"].items():
        print(f"{args.table}: law off: {law}: {reason}", file=out)
    for counterexample in failed:
        print(f"{args.table}: law failed: {counterexample['summary']}", file=out)
        print(json.dumps(counterexample["steps"], ensure_ascii=False), file=out)
    return EXIT_PROBLEMS if failed else EXIT_OK


def _quote(text: str) -> str:
    """A DOT string literal."""
    return json.dumps(text, ensure_ascii=False)


def _containers(report: Dict[str, Any]) -> List[str]:
    """The DOT clusters of the routes that declare a layout: a box per container, holding a
    node per tab (or the detail stack of a split view), each pointing to its root route."""
    lines: List[str] = []
    for route in report["routes"]:
        layout = route.get("layout")
        if layout is None:
            continue
        name = route["name"]
        lines.append(f'  subgraph {_quote("cluster_" + name)} {{')
        lines.append(f'    label={_quote(name + " holds " + layout["kind"])}; style="rounded,dashed"; color="steelblue";')
        parts = [(tab["name"], tab["root"]["name"]) for tab in layout.get("tabs", [])] or [("detail", layout["root"]["name"])]
        for part, _root in parts:
            shape = "tab" if layout["kind"] == "tabs" else "folder"
            lines.append(f'    {_quote(f"in:{name}/{part}")} [shape={shape}, style=filled, fillcolor="lightblue", '
                         f'label={_quote(part)}];')
        lines.append("  }")
        lines.append(f'  {_quote("route:" + name)} -> {_quote(f"in:{name}/{parts[0][0]}")} [color="steelblue", label="holds"];')
        for part, root in parts:
            lines.append(f'  {_quote(f"in:{name}/{part}")} -> {_quote("route:" + root)} [label="root", penwidth=2];')
        for item in layout.get("sidebar", []):
            if item != layout["root"]["name"]:
                lines.append(f'  {_quote(f"in:{name}/detail")} -> {_quote("route:" + item)} [label="sidebar"];')
    return lines


def _into_holders(report: Dict[str, Any], parts: List[str]) -> List[Tuple[str, Dict[str, Any]]]:
    """For each part of an ``into`` path after the first, the route whose layout holds its stack,
    and that layout (as the table report writes it): the first is the root of what the first part
    names (a tab's root, the one stack's root for ``main``, else the layer route of that name),
    each next one the root of the tab before."""
    tabs = {tab["name"]: tab["root"]["name"] for tab in report["tabs"]}
    layouts = {route["name"]: route["layout"] for route in report["routes"] if route.get("layout")}
    holder = tabs.get(parts[0]) or (report["root"]["name"] if report["layout"] == "stack" and parts[0] == "main" else parts[0])
    holders: List[Tuple[str, Dict[str, Any]]] = []
    for part in parts[1:]:
        layout = layouts.get(holder, {})
        holders.append((holder, layout))
        holder = next((tab["root"]["name"] for tab in layout.get("tabs", []) if tab["name"] == part), holder)
    return holders


def _into_node(report: Dict[str, Any], into: Optional[str]) -> Optional[str]:
    """The graph node of the stack a link's ``into`` names: a tab of the table, or the tab (or
    detail stack) of the container the previous part's root route holds; None without ``into``."""
    if not into:
        return None
    parts = into.split("/")
    if len(parts) == 1:
        return f"tab:{parts[0]}" if any(tab["name"] == parts[0] for tab in report["tabs"]) else f"route:{parts[0]}"
    holder, _layout = _into_holders(report, parts)[-1]
    return f"in:{holder}/{parts[-1]}"


def dot(report: Dict[str, Any]) -> str:
    """The Graphviz DOT text of a table report: tabs and their roots, parents, links and the stacks
    they build, conditions with what requires them and their flows, the not_found route; routes
    with a warning are drawn orange."""
    warned = {warning["path"].split(".")[1] for warning in report["warnings"] if warning["path"].startswith("routes.")}
    lines = ["digraph navcore {", "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=11];',
             '  edge [fontname="Helvetica", fontsize=9];']
    for route in report["routes"]:
        params = ", ".join(f"{param['name']}: {param['type']}" for param in route["params"])
        label = route["name"] + (f"({params})" if params else "") + (f"\n{route['title']}" if route["title"] else "")
        color = ', color="darkorange", fontcolor="darkorange"' if route["name"] in warned else ""
        lines.append(f'  {_quote("route:" + route["name"])} [shape=box, style=rounded, label={_quote(label)}{color}];')
        if route["parent"]:
            lines.append(f'  {_quote("route:" + route["parent"])} -> {_quote("route:" + route["name"])} [style=dashed, label="parent"];')
    if report["layout"] != "tabs":
        lines.append(f'  "start" [shape=circle, label="{report["layout"]}", width=0.3];')
        lines.append(f'  "start" -> {_quote("route:" + report["root"]["name"])} [label="root"];')
        for name in report.get("sidebar", []):
            if name != report["root"]["name"]:
                lines.append(f'  "start" -> {_quote("route:" + name)} [label="sidebar"];')
    for tab in report["tabs"]:
        lines.append(f'  {_quote("tab:" + tab["name"])} [shape=tab, style=filled, fillcolor="lightblue", label={_quote("tab " + tab["name"])}];')
        lines.append(f'  {_quote("tab:" + tab["name"])} -> {_quote("route:" + tab["root"]["name"])} [label="root", penwidth=2];')
    lines += _containers(report)
    for index, link in enumerate(report["links"]):
        node = _quote(f"link:{index}")
        label = f'{link["url"]}\nrank [{", ".join(map(str, link["rank"]))}]'
        lines.append(f'  {node} [shape=note, style=filled, fillcolor="lightyellow", label={_quote(label)}];')
        base = f"tab:{link['tab']}" if link["tab"] else _into_node(report, link.get("into"))
        if base:
            label = "selects" if link["tab"] else "into " + link["into"]
            lines.append(f'  {node} -> {_quote(base)} [style=dotted, arrowhead=none, label={_quote(label)}];')
        if link["chain"]:
            lines.append(f'  {node} -> {_quote("route:" + link["chain"][0])} [color="goldenrod", label="opens"];')
        for below, above in zip(link["chain"], link["chain"][1:]):
            lines.append(f'  {_quote("route:" + below)} -> {_quote("route:" + above)} [color="goldenrod"];')
    for condition in report["conditions"]:
        node = _quote("condition:" + condition["name"])
        lines.append(f'  {node} [shape=diamond, style=filled, fillcolor="mistyrose", label={_quote(condition["name"] + "?")}];')
        for place in condition["required_by"]:
            source = "route:" + place.split(".", 1)[1] if place.startswith("routes.") else \
                "tab:" + report["tabs"][int(place[len("tabs["):-1])]["name"]
            lines.append(f'  {_quote(source)} -> {node} [color="firebrick", style=dashed, label="requires"];')
        if condition["flow"]:
            flow = condition["flow"]
            lines.append(f'  {node} -> {_quote("route:" + flow["route"])} [color="firebrick", '
                         f'label={_quote("false: flow (" + flow["style"] + ")")}];')
    for redirect in report.get("redirects", []):
        when = ", ".join(f"{name}={'true' if value else 'false'}" for name, value in redirect["when"].items())
        lines.append(f'  {_quote("route:" + redirect["from"])} -> {_quote("route:" + redirect["to"]["name"])} '
                     f'[color="purple", style=bold, label={_quote("redirect" + (" if " + when if when else ""))}];')
    if report["not_found"]:
        lines.append('  "not_found" [shape=plaintext, label="no link matches"];')
        lines.append(f'  "not_found" -> {_quote("route:" + report["not_found"]["name"])} [style=dotted];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def graph(args: argparse.Namespace, out: TextIO) -> int:
    """The route graph as DOT, or as SVG or PNG drawn by Graphviz's ``dot``."""
    with _navigator(args.table) as nav:
        report = nav.table_report()
    if args.json:
        _dump(report, out)
        return EXIT_OK
    text = dot(report)
    if args.format == "dot":
        _write(text.encode("utf-8"), args.output, out)
        return EXIT_OK
    program = shutil.which("dot")
    if program is None:
        raise Failure(f"--format {args.format} needs Graphviz's dot program on PATH (Debian: apt-get install graphviz); "
                      "--format dot writes the DOT text without it",
                      {"status": "graphviz", "path": "", "message": "Graphviz's dot program is not on PATH"})
    drawn = subprocess.run([program, f"-T{args.format}"], input=text.encode("utf-8"), capture_output=True, check=False)
    if drawn.returncode != 0:
        message = drawn.stderr.decode("utf-8", "replace").strip()
        raise Failure(f"dot failed: {message}", {"status": "graphviz", "path": "", "message": message})
    _write(drawn.stdout, args.output, out)
    return EXIT_OK


def _write(data: bytes, path: Optional[str], out: TextIO) -> None:
    """Writes ``data`` to file ``path``, or to ``out`` when none."""
    if path is None:
        buffer = getattr(out, "buffer", None)
        if buffer is not None:
            out.flush()
            buffer.write(data)
            buffer.flush()
        else:
            out.write(data.decode("utf-8"))
        return
    try:
        with open(path, "wb") as file:
            file.write(data)
    except OSError as error:
        raise Failure(f"cannot write {path}: {error.strerror}",
                      {"status": "io", "path": "", "message": f"cannot write {path}: {error.strerror}"}) from None


def _dump(document: Any, out: TextIO) -> None:
    """Prints ``document`` as indented JSON."""
    print(json.dumps(document, indent=2, ensure_ascii=False), file=out)


def parser() -> argparse.ArgumentParser:
    """The command line: one subcommand per tool, each with ``--json``."""
    top = argparse.ArgumentParser(prog="navcore", description="Inspect a navcore route table and try it out.",
                                  epilog="exit codes: 0 ok (lint: warnings only), 1 an error found or the call failed, "
                                         "2 usage error or no library")
    top.add_argument("--version", action=_Version, nargs=0,
                     help="this package's version, and that of the library it loaded, with its path")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help: str, run: Any) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help, description=help)
        sub.add_argument("table", metavar="TABLE", help="the route table, a JSON file")
        sub.add_argument("--json", action="store_true", help="print JSON instead of text")
        sub.set_defaults(run=run)
        return sub

    sub = command("lint", "the table's load error, or its warnings", lint)
    sub.add_argument("--ignore", action="append", default=[], metavar="KIND", type=_warning_kind,
                     help="a warning kind to leave out (repeatable)")
    sub = command("resolve", "what a URL opens, without navigating", resolve)
    sub.add_argument("url", metavar="URL")
    sub = command("url-for", "the canonical URL of a route", url_for)
    sub.add_argument("route", metavar="ROUTE")
    sub.add_argument("params", metavar="key=value", nargs="*", type=_param, action=_Params,
                     help="a param; the value is JSON when it parses, else text")
    actions_help = "a batch of actions, JSON text ('[{\"op\": \"push\", ...}]'), or @FILE to read it from FILE"
    sub = command("apply", "applies a batch of actions on a new navigator and shows the transition", apply)
    sub.add_argument("actions", metavar="ACTIONS", help=actions_help)
    sub = command("view", "the view model of a new navigator, after a batch of actions when given", view)
    sub.add_argument("actions", metavar="ACTIONS", nargs="?", help=actions_help)
    sub = command("replay", "replays an action log and shows the state it ends in", replay)
    sub.add_argument("log", metavar="LOG", help="an action log, a JSON file (navcore_log)")
    sub = command("graph", "the route graph as Graphviz DOT, SVG or PNG (--json: the table report)", graph)
    sub.add_argument("--format", choices=["dot", "svg", "png"], default="dot")
    sub.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    sub = command("check", "explores every state the table reaches and checks navcore's laws on each", check_command)
    sub.add_argument("--depth", type=_positive, default=4, metavar="N", help="the most actions from the start (default 4)")
    sub.add_argument("--states", type=_positive, default=100_000, metavar="M", help="the most states (default 100000)")
    sub.add_argument("--stack-depth", type=_positive, default=4, metavar="K", help="the most entries a stack (default 4)")
    sub.add_argument("--invariant", action="append", default=[], metavar="JSON", type=_invariant,
                     help='the table\'s own invariant, {"name": ..., "route": ..., "under": ...} (repeatable)')
    sub.add_argument("--off", action="append", default=[], metavar="LAW=REASON", type=_law_off,
                     help="turn a law off, saying why (repeatable)")
    sub.add_argument("--walk", type=_positive, metavar="N", help="then N seeded random walks past the depth")
    sub.add_argument("--walk-length", type=_positive, default=32, metavar="L", help="the actions of a walk (default 32)")
    sub.add_argument("--seed", type=_seed, metavar="S", help="the walks' seed (default: from the clock, printed)")
    sub.add_argument("--vector", metavar="FILE", help="write the first counterexample as a conformance vector to FILE")
    sub.add_argument("--replay", metavar="FILE", help="re-run the counterexample in FILE and re-check the laws")
    from .timeline_command import add_command  # the timeline page (docs/tools.md), which imports this module
    add_command(commands)
    return top


def main(argv: Optional[Sequence[str]] = None, out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Runs the command line ``argv`` (``sys.argv[1:]`` when None) and returns its exit code. A usage
    error (the usage line of the command misused, and what is wrong) goes to ``err``, ``--help`` and
    ``--version`` to ``out``, and they raise SystemExit as argparse does."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        args = parser().parse_args(argv)
    try:
        code: int = args.run(args, out)
        return code
    except Failure as failure:
        if args.json:
            _dump({"error": failure.error}, out)
        else:
            print(f"navcore {args.command}: {failure}", file=err)
        return EXIT_PROBLEMS


def run() -> None:
    """The console script's entry point. When the reader of standard output stops early (``| head``),
    the command stops quietly with EXIT_PIPE_CLOSED, as Python's documentation advises: what is still
    buffered goes to the null device, so that the flush at exit cannot fail again."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = EXIT_PIPE_CLOSED
    sys.exit(code)
