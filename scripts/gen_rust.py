#!/usr/bin/env python3
"""Writes the Rust declarations of navcore's C API, navcore_sys.rs, from Include/navcore_api.json
(docs/api-description.md): the opaque types, the callback types, and one extern "C" block with every function of
the header, each with its return role and Errors list as a doc comment. No crate is needed: the file compiles
with rustc alone as the crate navcore_sys (make test-rust builds it, then examples/rust/hello.rs against it).

Usage: scripts/gen_rust.py OUTPUT"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))

import api_description  # noqa: E402

#: The Rust type of each C type of the API that is neither an opaque handle nor a callback.
RUST = {
    "const char *": "*const c_char", "char **": "*mut *mut c_char", "char *": "*mut c_char",
    "int": "c_int", "int64_t": "i64", "int *": "*mut c_int", "int64_t *": "*mut i64", "void *": "*mut c_void",
    "void": "()",
}


def opaque(description: Dict[str, Any]) -> List[str]:
    """The opaque struct types the parameter types point to (navcore_navigator, navcore_guard_decision)."""
    names = {type_.removeprefix("const ").rstrip(" *") for type_ in description["types"]}
    return sorted(name for name in names if name.startswith("navcore_") and name not in description["callbacks"])


def rust_type(type_: str, description: Dict[str, Any]) -> str:
    """The Rust type of a C type: a callback is an Option of its fn type (NULL is None)."""
    if type_ in description["callbacks"]:
        return f"Option<{type_}>"
    if type_ in RUST:
        return RUST[type_]
    base = type_.removeprefix("const ").rstrip(" *")
    stars = type_.count("*")
    mutability = "*const " if type_.startswith("const ") else "*mut "
    return "*mut " * (stars - 1) + mutability + base


def parameters(declarations: List[str], description: Dict[str, Any]) -> str:
    """A Rust parameter list from C declarations; `type` and other keywords get a trailing underscore."""
    parts = []
    for declaration in declarations:
        type_, name = api_description.split(declaration)
        parts.append(f"{name}{'_' if name in ('type', 'ref', 'fn', 'mod') else ''}: {rust_type(type_, description)}")
    return ", ".join(parts)


def returns(type_: str) -> str:
    """The `-> T` of a Rust fn returning the C type, or nothing for void."""
    return "" if type_ == "void" else f" -> {RUST[type_]}"


def errors_doc(errors: Dict[str, List[str]]) -> str:
    """An Errors list in one line."""
    parts = list(errors["statuses"])
    parts += [f"those of {name}()" for name in errors.get("include", [])]
    parts += [f"after a guard's redirect, those of {name}()" for name in errors.get("after_redirect", [])]
    return "; ".join(parts)


def render(functions: List[api_description.Function], description: Dict[str, Any]) -> str:
    """The text of navcore_sys.rs."""
    lines = [
        "// The C API of libnavcore, written by scripts/gen_rust.py from Include/navcore_api.json: do not edit.",
        "#![allow(non_camel_case_types, dead_code)]",
        "",
        "pub use std::os::raw::{c_char, c_int, c_void};",
        "",
    ]
    for name in opaque(description):
        lines += [f"/// The opaque C type `{name}`.", "#[repr(C)]", f"pub struct {name} {{", "    _private: [u8; 0],", "}", ""]
    for name, callback in description["callbacks"].items():
        lines.append(f"/// `{name}`: called on {callback['thread']}. Lifetime: {callback['lifetime']}.")
        signature = parameters(callback["params"], description)
        lines.append(f'pub type {name} = unsafe extern "C" fn({signature}){returns(callback["returns"])};')
    lines += ["", '#[link(name = "navcore")]', 'extern "C" {']
    for function in functions:
        doc = f"Returns {description['returns'][function.role]}"
        if function.errors is not None:
            doc += f". Errors: {errors_doc(function.errors)}"
        declarations = [f"{parameter.type}{'' if parameter.type.endswith('*') else ' '}{parameter.name}"
                        for parameter in function.params]
        lines.append(f"    /// {doc}.")
        lines.append(f"    pub fn {function.name}({parameters(declarations, description)}){returns(function.returns)};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Writes the file named by the one argument."""
    if len(sys.argv) != 2:
        sys.exit(__doc__.rsplit("\n\n", 1)[-1])
    description = api_description.load()
    output = Path(sys.argv[1])
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(render(api_description.functions(description), description), encoding="utf-8")


if __name__ == "__main__":
    main()
