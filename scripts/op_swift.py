#!/usr/bin/env python3
"""Writes the Swift list of ops, Sources/NavCore/Actions/ActionOp.swift, from the one table of
ops, Include/navcore_ops.json (docs/building.md, "The op table").

    python3 scripts/op_swift.py [--out DIR]

writes, under DIR (the repository by default), the `ActionOp` enum: one case per op of the
table, in its order, with the op's summary as its doc comment, and the op's unit (`Action.Push`
for `push`, named by the op's words); and `Action.Body`, the value an action holds: one case per
op holding its unit, with the one dispatch of every question about an action. Everything else
about an op is its unit's file (Sources/NavCore/Actions/<Unit>.swift) or is checked against the
table.

A file whose text would not change is left alone. The output is committed (SwiftPM users do not
run make); test_op_table.py regenerates it into a temporary directory and fails when the
committed one differs.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import List

from header_constants import write

REPO = Path(__file__).resolve().parent.parent
TABLE = REPO / "Include" / "navcore_ops.json"
SWIFT_OPS = Path("Sources/NavCore/Actions/ActionOp.swift")
NOTICE = "written by `make` (scripts/op_swift.py) from Include/navcore_ops.json; do not edit"
# Words written in capitals in a Swift name, as the API Design Guidelines have acronyms.
ACRONYMS = {"url": "URL"}


def words(op: str) -> List[str]:
    """The op's words, each capitalized as in a type name: ``open_url`` -> ``Open``, ``URL``."""
    return [ACRONYMS.get(word, word.capitalize()) for word in op.split("_")]


def unit_name(op: str) -> str:
    """The name of the op's unit type: ``pop_to_root`` -> ``PopToRoot``."""
    return "".join(words(op))


def case_name(op: str) -> str:
    """The op's case: ``pop_to`` -> ``popTo``, ``open_url`` -> ``openURL``."""
    first, *rest = words(op)
    return first.lower() + "".join(rest)


def swift_ops(ops: List[dict]) -> str:
    """The text of ActionOp.swift."""
    lines = [
        f"// {NOTICE}.",
        "",
        "/// The `op` of an action (docs/json.md): its raw value is the JSON spelling.",
        "///",
        "/// The ops in Swift, one case per op of Include/navcore_ops.json in its order, each with its",
        "/// unit (`unit`), the one type that says everything else about it: its fields, decoding,",
        "/// encoding and what performs it. A codec reads and writes each field by its kind alone, with",
        "/// one reader and one writer per kind, so no codec names an op's fields. Adding an op is its",
        "/// entry in navcore_ops.json, its unit's file (named by the op's words) and its semantics.",
        "public enum ActionOp: String, Equatable, Sendable, CaseIterable {",
    ]
    for entry in ops:
        op = entry["op"]
        name = case_name(op)
        lines.append(f"    /// `{op}`: {entry['summary']}.")
        lines.append(f"    case {name}" + ("" if name == op else f' = "{op}"'))
    lines += [
        "",
        "    /// The unit of this op: the type of its actions.",
        "    var unit: any OpUnit.Type {",
        "        switch self {",
    ]
    lines += [f"        case .{case_name(entry['op'])}: return Action.{unit_name(entry['op'])}.self" for entry in ops]
    lines += ["        }", "    }", "}", ""]
    lines += body_enum(ops)
    return "\n".join(lines)


def body_enum(ops: List[dict]) -> List[str]:
    """The lines of `Action.Body`, one case per op holding its unit, and its dispatch: an action
    holds its unit inline (no box, no witness table), and each question about it is one switch."""
    cases = [(entry["op"], case_name(entry["op"]), unit_name(entry["op"])) for entry in ops]

    def switch(head: List[str], arm, tail: List[str]) -> List[str]:
        return head + [f"        {arm(case, unit)}" for _, case, unit in cases] + ["        }"] + tail

    lines = [
        "extension Action {",
        "    /// An action's value: one case per op, holding the op's unit, so that an action holds its",
        "    /// unit inline and every question about it is one switch over the ops.",
        "    enum Body: Equatable, Sendable {",
    ]
    for op, case, unit in cases:
        lines += [f"        /// An action of op `{op}`.", f"        case {case}(Action.{unit})"]
    lines += ["    }", "}", "", "extension Action.Body {"]
    lines += switch(
        ["    /// The action of `op` whose fields hold `values`, as a codec read them (`ActionUnit.init(_:)`).",
         "    init(_ op: ActionOp, _ values: inout ActionValues) throws(NavError) {", "        switch op {"],
        lambda case, unit: f"case .{case}: self = .{case}(try Action.{unit}(&values))", ["    }", ""])
    lines += switch(
        ["    /// The unit it holds.", "    var unit: any OpUnit {", "        switch self {"],
        lambda case, unit: f"case .{case}(let unit): return unit", ["    }", ""])
    lines += switch(
        ["    /// Its op.", "    var op: ActionOp {", "        switch self {"],
        lambda case, unit: f"case .{case}: return .{case}", ["    }", ""])
    lines += switch(
        ["    /// Its unit's `fieldValues`.", "    var fieldValues: [ActionValue] {", "        switch self {"],
        lambda case, unit: f"case .{case}(let unit): return unit.fieldValues", ["    }", ""])
    lines += switch(
        ["    /// Its unit's `actsOnActiveStack`.", "    var actsOnActiveStack: Bool {", "        switch self {"],
        lambda case, unit: f"case .{case}(let unit): return unit.actsOnActiveStack", ["    }", ""])
    lines += switch(
        ["    /// Performed by its unit (`OpUnit.perform(on:_:active:)`).",
         "    func perform(on navigator: inout Navigator, _ batch: Batch, active: Navigator.StackRef?) throws(NavError) -> ActionResult {",
         "        switch self {"],
        lambda case, unit: f"case .{case}(let unit): return try unit.perform(on: &navigator, batch, active: active)", ["    }", "}", ""])
    return lines


def main() -> None:
    """Reads the table and writes ActionOp.swift under --out."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO, help="the directory to write under (default: the repository)")
    out = parser.parse_args().out
    write(out / SWIFT_OPS, swift_ops(json.loads(TABLE.read_text())["ops"]))


if __name__ == "__main__":
    main()
