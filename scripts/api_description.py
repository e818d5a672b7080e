"""Include/navcore_api.json read as data: the C API's functions with every parameter spelled out, an op's C
function given its parameters from Include/navcore_ops.json (docs/api-description.md). The generators of the
bindings (scripts/gen_prototypes.py, scripts/gen_rust.py) and the description's test read it through here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, List, NamedTuple, Optional

REPO = Path(__file__).resolve().parent.parent
DESCRIPTION = REPO / "Include" / "navcore_api.json"


class Parameter(NamedTuple):
    """One parameter: its C type ("const char *"), its name, and its type's entry of the description's types."""

    type: str
    name: str
    role: str


class Function(NamedTuple):
    """One function: name, parameters in order, return type and role, its Errors list (None when it returns no
    status), and its op when it is an op's C function."""

    name: str
    params: List[Parameter]
    returns: str
    role: str
    errors: Optional[Dict[str, List[str]]]
    op: Optional[str]


def split(declaration: str) -> tuple[str, str]:
    """A C parameter declaration such as ``const char *name`` as its type and its name."""
    found = re.fullmatch(r"(.*?)\s*(\w+)", declaration.strip())
    if found is None:
        raise ValueError(f"not a parameter declaration: {declaration!r}")
    return found[1], found[2]


def load(path: Path = DESCRIPTION) -> Dict[str, Any]:
    """The description as JSON."""
    description: Dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return description


def functions(description: Optional[Dict[str, Any]] = None) -> List[Function]:
    """Every function of the description in its order, an op's parameters taken from the op table it names."""
    description = load() if description is None else description
    table = json.loads((DESCRIPTION.parent / description["ops"]).read_text(encoding="utf-8"))
    ops = {entry["op"]: entry["c"] for entry in table["ops"]}
    result = []
    for entry in description["functions"]:
        op = entry.get("op")
        if op is not None:
            declarations = ["navcore_navigator *nav", *ops[op]["params"], ops[op]["out"]]
            returns, role = "int", "status"
        else:
            declarations = entry["params"]
            returns, role = entry["returns"]["type"], entry["returns"]["role"]
        params = []
        for declaration in declarations:
            type_, name = split(declaration)
            params.append(Parameter(type_, name, description["types"][type_]["role"]))
        result.append(Function(entry["name"], params, returns, role, entry["errors"], op))
    return result
