"""Finding and loading libnavcore, the version check, and the prototype table against the header."""

from __future__ import annotations

import ctypes
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional

import pytest
from support import REPO

import navcore
from navcore import _header, _library

BINDING = REPO / "bindings" / "python"
HEADER = REPO / "Include" / "navcore.h"
#: The unstable benchmark hooks, outside the public contract.
DEBUG_HEADER = REPO / "Include" / "navcore_debug.h"
DECLARATION = re.compile(r"^(const char \*|char \*|void |int )(navcore_\w+)\(([^)]*)\);$", re.MULTILINE)
C_TYPES = {"const char *": ctypes.c_char_p, "char *": ctypes.c_void_p, "int ": ctypes.c_int, "void ": None}


def header_functions(header: Path = HEADER) -> Dict[str, tuple]:
    """Every function ``header`` declares: name -> (return type text, parameter texts)."""
    text = re.sub(r"/\*.*?\*/", "", header.read_text(), flags=re.DOTALL)
    text = re.sub(r",\s*\n\s*", ", ", text)  # wrapped parameter lists onto one line
    found = {}
    for returns, name, params in DECLARATION.findall(text):
        found[name] = (returns, [] if params.strip() == "void" else [p.strip() for p in params.split(",")])
    return found


def run_python(code: str, env: Optional[Dict[str, str]] = None, pythonpath: Optional[Path] = None) -> subprocess.CompletedProcess:
    """Runs ``code`` in a fresh interpreter that imports the binding from ``pythonpath``
    (which is also its working directory, since ``-c`` puts that first on ``sys.path``)."""
    home = pythonpath or BINDING
    environment = {k: v for k, v in os.environ.items() if k not in ("NAVCORE_LIBRARY", "PYTHONPATH")}
    environment["PYTHONPATH"] = str(home)
    environment.update(env or {})
    return subprocess.run([sys.executable, "-c", code], env=environment, cwd=home, capture_output=True, text=True,
                          timeout=60)


def build_fake_library(tmp_path: Path, source: str) -> Path:
    """Compiles ``source`` into a shared library standing in for libnavcore."""
    c_file = tmp_path / "fake.c"
    c_file.write_text(source)
    library = tmp_path / "libfake.so"
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(library), str(c_file)], check=True, timeout=60)
    return library


def test_prototype_table_declares_exactly_the_header_functions() -> None:
    public, debug = header_functions(), header_functions(DEBUG_HEADER)
    assert len(public) == 61
    assert set(debug) == {"navcore_match_segments"}, "the benchmark hook lives in navcore_debug.h alone"
    assert not set(public) & set(debug)
    functions = {**public, **debug}
    assert set(functions) == set(_library.PROTOTYPES)
    for name, (returns, params) in functions.items():
        restype, argtypes = _library.PROTOTYPES[name]
        assert restype is C_TYPES[returns], name
        assert len(argtypes) == len(params), name
        for param, argtype in zip(params, argtypes):
            if param.startswith("char **") or param.startswith("navcore_navigator **"):
                # out-strings and out-handles must stay raw pointers, never c_char_p
                assert argtype is ctypes.POINTER(ctypes.c_void_p), (name, param)


def test_every_function_of_the_loaded_library_has_its_prototype() -> None:
    for name, (restype, argtypes) in _library.PROTOTYPES.items():
        function = getattr(_library.LIB, name)
        assert function.restype is restype, name
        assert function.argtypes == argtypes, name


def test_the_binding_loaded_the_env_library_or_else_the_repository_build() -> None:
    expected = os.environ.get("NAVCORE_LIBRARY") or REPO / "build" / "lib" / "libnavcore.so"
    assert Path(navcore.library_path()).resolve() == Path(expected).resolve()


def test_navcore_library_env_comes_first(tmp_path: Path) -> None:
    copy = tmp_path / "libnavcore-copy.so"
    shutil.copy(Path(navcore.library_path()).resolve(), copy)
    result = run_python("import navcore; print(navcore.library_path())", {"NAVCORE_LIBRARY": str(copy)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(copy)


def test_navcore_library_env_that_does_not_load_is_an_import_error(tmp_path: Path) -> None:
    result = run_python("import navcore", {"NAVCORE_LIBRARY": str(tmp_path / "nothing.so")})
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert "NAVCORE_LIBRARY" in result.stderr and "nothing.so" in result.stderr


def test_a_copy_inside_the_package_comes_before_the_repository_build(tmp_path: Path) -> None:
    shutil.copytree(BINDING / "navcore", tmp_path / "navcore", ignore=shutil.ignore_patterns("__pycache__"))
    bundled = tmp_path / "navcore" / "libnavcore.so"
    bundled.symlink_to(Path(navcore.library_path()).resolve())
    result = run_python("import navcore; print(navcore.library_path())", pythonpath=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(bundled)


def test_candidates_are_tried_in_order() -> None:
    places: List[str] = _library.candidate_paths()
    build = str(REPO / "build" / "lib" / "libnavcore.so")
    assert build in places
    assert places[-1] == "libnavcore.so.0"
    _lib, path = _library.load(env="", candidates=["/nonexistent/libnavcore.so", build])
    assert path == build


def test_nothing_found_is_an_import_error_naming_the_places() -> None:
    with pytest.raises(ImportError) as info:
        _library.load(env="", candidates=["/nonexistent/a/libnavcore.so", "/nonexistent/b/libnavcore.so"])
    message = str(info.value)
    assert "/nonexistent/a/libnavcore.so" in message and "/nonexistent/b/libnavcore.so" in message
    assert "NAVCORE_LIBRARY" in message


def test_a_library_of_another_major_version_is_refused_at_import(tmp_path: Path) -> None:
    fake = build_fake_library(tmp_path, 'const char *navcore_version(void) { return "1.0.0"; }\n')
    with pytest.raises(ImportError, match=r"1\.0\.0.*major version 0"):
        _library.load(env=str(fake))
    result = run_python("import navcore", {"NAVCORE_LIBRARY": str(fake)})
    assert result.returncode != 0
    assert "ImportError" in result.stderr and "major version 0" in result.stderr


def test_a_library_without_navcore_version_is_refused(tmp_path: Path) -> None:
    fake = build_fake_library(tmp_path, "int unrelated(void) { return 0; }\n")
    with pytest.raises(ImportError, match="no navcore_version"):
        _library.load(env=str(fake))


def test_a_library_missing_a_function_is_refused(tmp_path: Path) -> None:
    fake = build_fake_library(tmp_path, 'const char *navcore_version(void) { return "0.1.0"; }\n')
    # The prototypes go in the header's order (Include/navcore_api.json): navcore_version_number comes next.
    with pytest.raises(ImportError, match="does not export navcore_version_number"):
        _library.load(env=str(fake))


def test_the_c_helpers_answer_from_python_as_from_c(tmp_path: Path) -> None:
    """navcore_error_text, navcore_condition (Navigator.condition) and
    navcore_navigator_new_from_file, called through the binding's own prototypes."""
    table = {"navcore": 1, "root": "home", "routes": {"home": {}, "login": {}},
             "conditions": {"signed_in": {"flow": {"route": "login"}}, "beta": {"initial": True}}}
    with navcore.Navigator(table) as nav:
        assert nav.condition("signed_in") is False and nav.condition("beta") is True
        nav.set_condition("signed_in", True)
        assert nav.condition("signed_in") is True
        with pytest.raises(navcore.ActionError, match=r"name: unknown condition \"signed\" \(allowed: signed_in, beta\)"):
            nav.condition("signed")
    assert _library.LIB.navcore_navigator_new(b"{", ctypes.byref(ctypes.c_void_p())) == _header.EJSON
    text = _library.LIB.navcore_error_text(_header.EJSON)
    assert ctypes.string_at(text).decode().startswith("NAVCORE_EJSON: ")
    _library.LIB.navcore_string_free(text)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    pointer = ctypes.c_void_p()
    assert _library.LIB.navcore_navigator_new_from_file(str(path).encode(), ctypes.byref(pointer)) == 0
    _library.LIB.navcore_navigator_free(pointer)
    missing = str(tmp_path / "missing.json").encode()
    assert _library.LIB.navcore_navigator_new_from_file(missing, ctypes.byref(pointer)) == _header.ETABLE
    assert b"No such file or directory" in _library.LIB.navcore_last_error_message()
