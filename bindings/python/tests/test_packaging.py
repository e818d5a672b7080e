"""The shared library is self-contained as DESIGN.md promises (only navcore_* exported, a
SONAME, no toolchain path, no Swift runtime to find), and it, the header, the Python package
and navcore.pc all carry the one version of the header's NAVCORE_VERSION_* macros."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import navcore

REPO = Path(__file__).resolve().parents[3]
LIB = REPO / "build" / "lib" / "libnavcore.so"
HEADER = (REPO / "Include" / "navcore.h").read_text()
MAJOR, MINOR, PATCH = (int(re.search(rf"^#define NAVCORE_VERSION_{part} (\d+)$", HEADER, re.M).group(1))  # type: ignore[union-attr]
                       for part in ("MAJOR", "MINOR", "PATCH"))
HEADER_VERSION = f"{MAJOR}.{MINOR}.{PATCH}"


def _run(*command: str, **kwargs: object) -> str:
    return subprocess.run(list(command), check=True, capture_output=True, text=True, timeout=300, **kwargs).stdout  # type: ignore[call-overload]


def test_only_navcore_symbols_are_exported() -> None:
    symbols = [line.split()[-1] for line in _run("nm", "-D", "--defined-only", str(LIB)).splitlines() if line.strip()]
    assert symbols, "nm listed no symbols"
    assert [name for name in symbols if not name.startswith("navcore_")] == []
    assert "navcore_apply" in symbols


def test_soname_and_runpath_hold_no_toolchain_path() -> None:
    dynamic = _run("readelf", "-d", str(LIB))
    assert "Library soname: [libnavcore.so.0]" in dynamic
    runpaths = re.findall(r"(?:RUNPATH|RPATH).*\[(.*)\]", dynamic)
    assert all(path == "$ORIGIN" for path in runpaths), runpaths


def test_ldd_shows_only_jansson_and_the_c_runtime() -> None:
    allowed = ("linux-vdso", "libjansson", "libstdc++", "libm.", "libgcc_s", "libc.", "ld-linux")
    lines = [line.strip() for line in _run("ldd", str(LIB)).splitlines() if line.strip()]
    assert not [line for line in lines if "not found" in line]
    assert [line for line in lines if not line.startswith(allowed) and not line.startswith("/lib64/ld-linux")] == []
    assert any(line.startswith("libjansson") for line in lines)


@pytest.mark.packaging  # runs make install
def test_header_macros_library_python_package_and_pkg_config_agree(tmp_path: Path) -> None:
    # the header's own derived macros, as a C compiler sees them
    program = tmp_path / "macros"
    source = tmp_path / "macros.c"
    source.write_text('#include <stdio.h>\n#include "navcore.h"\n'
                      'int main(void) { printf("%s %d\\n", NAVCORE_VERSION, NAVCORE_VERSION_NUMBER); return 0; }\n')
    compiler = os.environ.get("CC") or shutil.which("cc") or "gcc"
    _run(compiler, "-std=c99", f"-I{REPO / 'Include'}", str(source), "-o", str(program))
    number = MAJOR * 1000000 + MINOR * 1000 + PATCH
    assert _run(str(program)) == f"{HEADER_VERSION} {number}\n"
    # the library, the file name and the SONAME
    assert navcore.version() == HEADER_VERSION
    assert navcore.version_number() == number
    assert LIB.resolve().name == f"libnavcore.so.{HEADER_VERSION}"
    assert f"Library soname: [libnavcore.so.{MAJOR}]" in _run("readelf", "-d", str(LIB))
    assert (LIB.parent / f"libnavcore.so.{MAJOR}").resolve() == LIB.resolve()
    # the Python package (its metadata takes the version from navcore/_version.py)
    assert navcore.__version__ == HEADER_VERSION and navcore.VERSION_MAJOR == MAJOR
    # navcore.pc, as make install writes it
    prefix = tmp_path / "prefix"
    _run("make", "-s", "-o", "lib", "install", f"PREFIX={prefix}", cwd=str(REPO))  # on build/lib as it is
    env = dict(os.environ, PKG_CONFIG_PATH=str(prefix / "lib" / "pkgconfig"))
    assert _run("pkg-config", "--modversion", "navcore", env=env).strip() == HEADER_VERSION


def test_readme_dependency_commands_name_the_makefiles_package_lists() -> None:
    makefile = (REPO / "Makefile").read_text()
    lists = dict(re.findall(r"^(\w+_(?:APT|PIP))\s+:= (.+)$", makefile, re.M))
    assert set(lists) == {"BUILD_APT", "VENV_APT", "TEST_APT", "GUI_APT", "GTK_APT", "QT_APT", "BENCH_APT",
                          "TEST_PIP",
                          "WHEEL_PIP", "BENCH_PIP"}
    readme = (REPO / "README.md").read_text()
    table = readme[readme.index("## Dependencies"):]
    rows = {row.split("|")[1].strip(): row.split("|")[3] for row in table.splitlines() if row.startswith("| `make")
            or row.startswith("| the Python tools")}
    apt = "sudo apt-get install -y "
    expected = {
        "`make` (the library)": [apt + lists["BUILD_APT"]],
        "the Python tools' venv (`make test`, `check`, `wheel`, `bench`)": [apt + lists["VENV_APT"]],
        "`make test`, `make check`": [f"{apt}{lists['TEST_APT']} {lists['GUI_APT']} {lists['GTK_APT']} {lists['QT_APT']}",
                                      "make test-deps",
                                      lists["TEST_PIP"]],
        "`make wheel`": ["make wheel-deps", lists["WHEEL_PIP"]],
        "`make bench`": [apt + lists["BENCH_APT"], "make bench-deps", lists["BENCH_PIP"]],
        "`make gui`": [apt + lists["GUI_APT"]],
        "`make gtk-shell`, `make gui-gtk`": [apt + lists["GTK_APT"]],
        "`make qt-shell`, `make gui-qt`": [apt + lists["QT_APT"]],
    }
    assert set(rows) == set(expected)
    for goal, commands in expected.items():
        assert re.findall(r"`([^`]+)`", rows[goal]) == commands, goal


def test_the_notices_name_the_third_party_test_data_and_license_does_not_claim_it() -> None:
    # Each directory of Tests/data keeps its own license (a file of it, or its README naming it), and
    # THIRD_PARTY_NOTICES names each one; LICENSE is the Apache License alone.
    notices = (REPO / "THIRD_PARTY_NOTICES").read_text(encoding="utf-8")
    data = sorted(path for path in (REPO / "Tests" / "data").iterdir() if path.is_dir())
    assert data, "no Tests/data"
    for directory in data:
        named = [f"Tests/data/{directory.name}/{path.name}" for path in directory.iterdir() if path.suffix == ".json"]
        assert named and all(name in notices for name in named), directory
    assert (REPO / "LICENSE").read_bytes() == Path("/usr/share/common-licenses/Apache-2.0").read_bytes()


#: The files that carry navcore's SPDX identifier (docs/building.md, "License"): what make install and make
#: wheel ship of navcore's own text, where a reader meets it without the repository.
SPDX_FILES = ["Include/navcore.h", "Include/navcore_debug.h", "Include/navcore.pc.in", "cmake/navcoreConfig.cmake.in",
              "cmake/navcoreConfigVersion.cmake.in", "docs/man/navcore.1", "docs/man/navcore.3",
              "bindings/python/pyproject.toml"]


def test_the_shipped_files_carry_the_spdx_identifier_on_their_first_line() -> None:
    for name in SPDX_FILES:
        first = (REPO / name).read_text(encoding="utf-8").splitlines()[0]
        assert first.endswith("SPDX-License-Identifier: Apache-2.0") or first.endswith(
            "SPDX-License-Identifier: Apache-2.0 */"), name
    assert 'license = "Apache-2.0"' in (REPO / "bindings" / "python" / "pyproject.toml").read_text(encoding="utf-8")


def _case_collisions(names: "list[str]") -> "list[list[str]]":
    """The groups of distinct names in ``names`` that are equal but for case."""
    groups: "dict[str, set[str]]" = {}
    for name in names:
        groups.setdefault(name.lower(), set()).add(name)
    return [sorted(group) for group in groups.values() if len(group) > 1]


def test_no_two_targets_products_or_source_directories_differ_only_by_case() -> None:
    # On a case-insensitive file system (macOS's default) NavCore.swiftmodule and
    # navcore.swiftmodule, or Sources/NavCore and Sources/navcore, would be one file.
    package = (REPO / "Package.swift").read_text()
    declared = re.findall(r'\.(?:target|testTarget|executableTarget|systemLibrary|library)\(\s*name:\s*"([^"]+)"', package)
    assert _case_collisions(declared) == []
    assert {"NavCore", "NavCoreC", "CNavcore"} <= set(declared), declared
    for parent in ("Sources", "Tests"):
        assert _case_collisions([path.name for path in (REPO / parent).iterdir()]) == [], parent


def test_docs_and_examples_name_the_headers_version() -> None:
    # The version is written by hand only in the header; a doc or example that shows it (a
    # SwiftPM requirement, `navcore --version`'s output) must show that one.
    places = [REPO / "README.md", REPO / "examples" / "README.md", REPO / "examples" / "swiftpm-consumer" / "Package.swift",
              *sorted((REPO / "docs").glob("*.md"))]
    shown: "set[tuple[str, str]]" = set()
    for place in places:
        for groups in re.findall(r'from: "(\d+\.\d+\.\d+)"|^navcore (\d+\.\d+\.\d+)$|\(library (\d+\.\d+\.\d+) at',
                                 place.read_text(), re.M):
            shown |= {(place.relative_to(REPO).as_posix(), version) for version in groups if version}
    assert ("examples/README.md", HEADER_VERSION) in shown
    assert {entry for entry in shown if entry[1] != HEADER_VERSION} == set()
