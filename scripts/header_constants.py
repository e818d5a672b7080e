#!/usr/bin/env python3
"""Writes the Swift and Python copies of Include/navcore.h's constants (docs/building.md,
"Constants from the header").

    python3 scripts/header_constants.py [--out DIR]

reads the header's ``#define NAVCORE_...`` numbers with the comment above each and writes,
under DIR (the repository by default):

- Sources/NavCore/Limits.swift: the format number and the NAVCORE_MAX_* limits, as plain
  numbers for the core (no C name in any Swift identifier);
- Sources/NavCoreSession/StatusCode.swift: the status codes and their names;
- bindings/python/navcore/_header.py: all of them, with the open modes and the verdicts
  (the version numbers go to _version.py, by the Makefile).

A file whose text would not change is left alone. The outputs are committed (SwiftPM users do
not run make); HeaderConstantsTests.swift and test_header_constants.py regenerate them into a
temporary directory and fail when a committed one differs.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import List, NamedTuple

REPO = Path(__file__).resolve().parent.parent
HEADER = REPO / "Include" / "navcore.h"
SWIFT_LIMITS = Path("Sources/NavCore/Limits.swift")
SWIFT_STATUS = Path("Sources/NavCoreSession/StatusCode.swift")
PYTHON = Path("bindings/python/navcore/_header.py")
NOTICE = "written by `make` (scripts/header_constants.py) from Include/navcore.h; do not edit"

# A doc comment (/** ... */) directly followed by a #define of a number, e.g. (-6) or 9007199254740991LL.
DEFINE = re.compile(r"/\*\*(?P<doc>(?:(?!\*/).)*?)\*/\s*\n#define NAVCORE_(?P<name>\w+) \(?(?P<value>-?\d+)L*\)?\n", re.S)


class Constant(NamedTuple):
    """One ``#define NAVCORE_<name> <value>`` of the header, with its comment's lines."""

    name: str
    value: int
    doc: List[str]

    @property
    def camel(self) -> str:
        """The Swift name: ``MAX_BATCH_BYTES`` -> ``maxBatchBytes``, ``EROUTE`` -> ``eroute``."""
        first, *rest = self.name.lower().split("_")
        return first + "".join(word.capitalize() for word in rest)


def constants(header: str) -> List[Constant]:
    """Every documented numeric ``NAVCORE_`` define of ``header``, in the header's order."""
    found = []
    for match in DEFINE.finditer(header):
        lines = [re.sub(r"^\s*\*?\s?", "", line).rstrip() for line in match["doc"].strip().splitlines()]
        if match["name"].startswith("VERSION_"):
            continue  # the version has its own file, _version.py (docs/building.md, "One version")
        found.append(Constant(match["name"], int(match["value"]), [line.strip() for line in lines if line.strip()]))
    return found


def is_limit(constant: Constant) -> bool:
    """Whether the core enforces it: the format number and the NAVCORE_MAX_* limits."""
    return constant.name == "FORMAT" or constant.name.startswith("MAX_")


def is_status(constant: Constant) -> bool:
    """Whether it is a status code: NAVCORE_OK and the NAVCORE_E* codes."""
    return constant.name == "OK" or (constant.name.startswith("E") and constant.value <= 0)


def swift_doc(doc: List[str], indent: str) -> List[str]:
    """``doc`` as Swift doc-comment lines."""
    return [f"{indent}/// {line}" for line in doc]


def swift_limits(found: List[Constant]) -> str:
    """The text of Limits.swift."""
    lines = [f"// {NOTICE}.", "",
             "/// The numbers of the C contract that the library enforces, one per `NAVCORE_` define of",
             "/// `Include/navcore.h` (the format number and every `NAVCORE_MAX_*` limit).",
             "public enum Limits {"]
    for constant in filter(is_limit, found):
        lines += swift_doc(constant.doc, "    ")
        lines.append(f"    public static let {constant.camel} = {constant.value}")
    return "\n".join(lines + ["}", ""])


def swift_status(found: List[Constant]) -> str:
    """The text of StatusCode.swift."""
    statuses = list(filter(is_status, found))
    lines = [f"// {NOTICE}.", "",
             "/// The status codes of the C contract (`Include/navcore.h`): what every fallible",
             "/// `navcore_` function returns, and the names that messages and vectors use.",
             "public enum StatusCode: Int32, CaseIterable, Sendable {"]
    for constant in statuses:
        lines += swift_doc([f"`NAVCORE_{constant.name}`: {constant.doc[0]}", *constant.doc[1:]], "    ")
        lines.append(f"    case {constant.camel} = {constant.value}")
    lines += ["", "    /// The status name, as `navcore_status_string()` gives it (`\"NAVCORE_EROUTE\"`).",
              "    public var name: String {", "        switch self {"]
    lines += [f"        case .{constant.camel}: return \"NAVCORE_{constant.name}\"" for constant in statuses]
    return "\n".join(lines + ["        }", "    }", "}", ""])


def python(found: List[Constant]) -> str:
    """The text of _header.py."""
    statuses = list(filter(is_status, found))
    lines = [f'"""The constants of the C contract, {NOTICE}."""', "", "from typing import Dict", ""]
    for constant in found:
        lines += [f"#: {line}" for line in constant.doc]
        lines.append(f"{constant.name}: int = {constant.value}")
    lines += ["", "#: Status code -> its name, as ``navcore_status_string()`` gives it.",
              "STATUS_NAMES: Dict[int, str] = {"]
    lines += [f'    {constant.name}: "NAVCORE_{constant.name}",' for constant in statuses]
    return "\n".join(lines + ["}", ""])


def write(path: Path, text: str) -> None:
    """Writes ``text`` to ``path`` unless it already holds it."""
    if path.exists() and path.read_text() == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    print(f"wrote {path}")


def main() -> None:
    """Reads the header and writes the three files under --out."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO, help="the directory to write under (default: the repository)")
    out = parser.parse_args().out
    found = constants(HEADER.read_text())
    write(out / SWIFT_LIMITS, swift_limits(found))
    write(out / SWIFT_STATUS, swift_status(found))
    write(out / PYTHON, python(found))


if __name__ == "__main__":
    main()
