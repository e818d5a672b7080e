#!/usr/bin/env python3
"""Writes bindings/python/navcore/_prototypes.py, the Python binding's ctypes prototypes of every C function,
from Include/navcore_api.json (docs/api-description.md). The file is checked in; Tests/api checks that it is
what this script writes. Run it after changing the description: scripts/gen_prototypes.py."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))

import api_description  # noqa: E402

TARGET = api_description.REPO / "bindings" / "python" / "navcore" / "_prototypes.py"

#: The ctypes type of each C type the API passes. Out-strings and out-handles are read as raw pointers
#: (_OUT), never c_char_p, so that the pointer survives to be read and released with navcore_string_free.
CTYPES = {
    "const char *": "c_char_p", "char **": "_OUT", "char *": "c_void_p", "navcore_navigator *": "c_void_p",
    "const navcore_navigator *": "c_void_p", "navcore_navigator **": "_OUT", "navcore_guard_decision *": "c_void_p",
    "int": "c_int", "int64_t": "c_int64", "int *": "POINTER(c_int)", "int64_t *": "POINTER(c_int64)",
    "void *": "c_void_p",
}
#: The ctypes restype of each return type: an owned text as c_void_p, to be released.
RESTYPES = {"const char *": "c_char_p", "char *": "c_void_p", "int": "c_int", "void": "None"}

HEAD = '''"""The ctypes prototypes of every C function of Include/navcore.h, written by scripts/gen_prototypes.py from
Include/navcore_api.json (docs/api-description.md): do not edit, regenerate."""

from ctypes import CFUNCTYPE, POINTER, c_char_p, c_int, c_int64, c_void_p
from typing import Any, Dict, List, Tuple

'''


def callback_name(typedef: str) -> str:
    """The binding's name of a callback type: ``navcore_listener`` is LISTENER."""
    return typedef.removeprefix("navcore_").upper()


def ctype(type_: str, description: Dict[str, Any]) -> str:
    """The ctypes expression of a parameter's C type."""
    return callback_name(type_) if type_ in description["callbacks"] else CTYPES[type_]


def render(functions: List[api_description.Function], description: Dict[str, Any]) -> str:
    """The text of _prototypes.py."""
    lines = [HEAD.rstrip("\n"), ""]
    for typedef, callback in description["callbacks"].items():
        types = [api_description.split(declaration)[0] for declaration in callback["params"]]
        arguments = ", ".join([RESTYPES[callback["returns"]], *(CTYPES[type_] for type_ in types)])
        lines.append(f"#: ``{typedef}``: ``{callback['returns']} (*)({', '.join(callback['params'])})``.")
        lines.append(f"{callback_name(typedef)} = CFUNCTYPE({arguments})")
    lines += ["", "_OUT = POINTER(c_void_p)  # char ** and navcore_navigator **: read as a raw pointer, never c_char_p",
              "", "#: Every function of the header: name -> (restype, argtypes).",
              "PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {"]
    for function in functions:
        arguments = ", ".join(ctype(parameter.type, description) for parameter in function.params)
        lines.append(f'    "{function.name}": ({RESTYPES[function.returns]}, [{arguments}]),')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Writes TARGET from the description."""
    description = api_description.load()
    TARGET.write_text(render(api_description.functions(description), description), encoding="utf-8")


if __name__ == "__main__":
    main()
