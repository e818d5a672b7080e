"""`make install` and `make uninstall` (make test-install): into a temporary prefix, a C program built with
pkg-config alone, the README's C program and a C++ one built with CMake's find_package(navcore VERSION), the
navcore command, the man pages, the schemas, the valgrind suppressions and the licenses; into a DESTDIR staging
tree the same files for the prefix; and after make uninstall nothing of navcore is left."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Dict, List

REPO = Path(__file__).resolve().parents[2]
HEADER = (REPO / "Include" / "navcore.h").read_text(encoding="utf-8")
MAJOR, MINOR, PATCH = (int(re.search(rf"^#define NAVCORE_VERSION_{part} (\d+)$", HEADER, re.M).group(1))  # type: ignore[union-attr]
                       for part in ("MAJOR", "MINOR", "PATCH"))
VERSION = f"{MAJOR}.{MINOR}.{PATCH}"
SCHEMAS = sorted(path.name for path in (REPO / "docs" / "schema").glob("*.schema.json"))
SIGNIN_TABLE = REPO / "Tests" / "vectors" / "tables" / "signin.json"

# Every file make install writes, relative to the prefix. navcore_debug.h (unstable benchmark hooks) is not
# installed (docs/building.md, "Installing for C").
INSTALLED = sorted([
    "bin/navcore",
    "include/navcore.h", "include/navcore_api.json", "include/navcore_ops.json",
    "lib/cmake/navcore/navcoreConfig.cmake", "lib/cmake/navcore/navcoreConfigVersion.cmake",
    "lib/libnavcore.so", "lib/libnavcore.so.0", f"lib/libnavcore.so.{VERSION}",
    "lib/pkgconfig/navcore.pc",
    "share/doc/navcore/LICENSE", "share/doc/navcore/THIRD_PARTY_NOTICES",
    "share/man/man1/navcore.1", "share/man/man3/navcore.3",
    *[f"share/navcore/schema/{name}" for name in SCHEMAS],
    "share/navcore/swift-runtime.supp",
])

# Where each installed copy comes from in the repository.
COPIES = {
    "include/navcore.h": "Include/navcore.h",
    "include/navcore_api.json": "Include/navcore_api.json",
    "include/navcore_ops.json": "Include/navcore_ops.json",
    "share/doc/navcore/LICENSE": "LICENSE",
    "share/doc/navcore/THIRD_PARTY_NOTICES": "THIRD_PARTY_NOTICES",
    "share/man/man1/navcore.1": "docs/man/navcore.1",
    "share/man/man3/navcore.3": "docs/man/navcore.3",
    "share/navcore/swift-runtime.supp": "Tests/c/swift-runtime.supp",
    **{f"share/navcore/schema/{name}": f"docs/schema/{name}" for name in SCHEMAS},
}


def environment(**extra: str) -> Dict[str, str]:
    """This process's environment without the binding's and the loader's variables, plus ``extra``."""
    hidden = ("PYTHONPATH", "NAVCORE_LIBRARY", "LD_LIBRARY_PATH", "PKG_CONFIG_PATH", "CMAKE_PREFIX_PATH")
    return {**{k: v for k, v in os.environ.items() if k not in hidden}, **extra}


def make(*arguments: str) -> str:
    """Runs make in the repository, on build/lib as it is (-o lib, as make test made it), and returns what it
    printed."""
    result = subprocess.run(["make", "-s", "-o", "lib", *arguments], cwd=REPO, capture_output=True, text=True,
                            timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def run(command: List[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    """Runs ``command`` in ``cwd`` with :func:`environment` and ``extra``; returns what it did."""
    return subprocess.run(command, cwd=cwd, env=environment(**extra), capture_output=True, text=True, timeout=300)


def files_under(root: Path) -> List[str]:
    """Every file and symbolic link under ``root`` (directories left out), relative to it."""
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_symlink() or path.is_file())


def navcore_paths(root: Path) -> List[str]:
    """Every path under ``root``, directories too, whose name holds "navcore"."""
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if "navcore" in path.name)


def readme_block(language: str, after: str) -> str:
    """The first fenced block of ``language`` in README.md after the heading text ``after``."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.compile(r"```" + language + r"\n(.*?)```", re.S).search(readme, readme.index(after))
    assert match, f"no {language} block after {after!r} in README.md"
    return match.group(1)


def cmake_build(source: Path, build: Path, prefix: Path, *definitions: str) -> subprocess.CompletedProcess[str]:
    """Configures ``source`` in ``build`` with ``prefix`` as CMAKE_PREFIX_PATH, then builds it when that
    worked; returns the configure step's result, or the build's."""
    configured = run(["cmake", "-S", str(source), "-B", str(build), f"-DCMAKE_PREFIX_PATH={prefix}", *definitions],
                     cwd=source)
    if configured.returncode != 0:
        return configured
    return run(["cmake", "--build", str(build)], cwd=source)


def test_make_install_installs_every_file_and_make_uninstall_removes_them(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    printed = make("install", f"PREFIX={prefix}")
    assert files_under(prefix) == INSTALLED
    for installed, source in COPIES.items():
        assert (prefix / installed).read_bytes() == (REPO / source).read_bytes(), installed
    assert os.readlink(prefix / "lib" / "libnavcore.so.0") == f"libnavcore.so.{VERSION}"
    assert os.access(prefix / "bin" / "navcore", os.X_OK)
    # a prefix the dynamic linker does not search: make install says how programs find the library
    assert f"LD_LIBRARY_PATH={prefix / 'lib'}" in printed and f"-Wl,-rpath,{prefix / 'lib'}" in printed

    make("uninstall", f"PREFIX={prefix}")
    assert navcore_paths(prefix) == []  # no file and no directory of navcore's own
    assert files_under(prefix) == []


def test_a_c_program_builds_with_pkg_config_alone(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    make("install", f"PREFIX={prefix}")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(REPO / "examples" / "hello.c", elsewhere / "hello.c")
    pkg_config = {"PKG_CONFIG_PATH": str(prefix / "lib" / "pkgconfig")}
    flags = run(["pkg-config", "--cflags", "--libs", "navcore"], elsewhere, **pkg_config).stdout.split()
    assert flags == [f"-I{prefix / 'include'}", f"-L{prefix / 'lib'}", "-lnavcore"]
    for variable, path in (("schemadir", "share/navcore/schema"), ("valgrind_suppressions", "share/navcore/swift-runtime.supp")):
        named = run(["pkg-config", f"--variable={variable}", "navcore"], elsewhere, **pkg_config).stdout.strip()
        assert named == str(prefix / path)
    compiler = os.environ.get("CC") or shutil.which("cc") or "gcc"
    built = run([compiler, "-std=c99", "hello.c", *flags, "-o", "hello"], elsewhere)
    assert built.returncode == 0, built.stderr
    linked = run(["ldd", "./hello"], elsewhere, LD_LIBRARY_PATH=str(prefix / "lib")).stdout
    assert f"libnavcore.so.0 => {prefix / 'lib' / 'libnavcore.so.0'}" in linked
    result = run(["./hello"], elsewhere, LD_LIBRARY_PATH=str(prefix / "lib"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"navcore {VERSION}\n")


def test_c_and_cpp_programs_build_with_cmake_find_package(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    make("install", f"PREFIX={prefix}")

    # C: the README's CMake project around the README's C program
    app = tmp_path / "app"
    app.mkdir()
    (app / "CMakeLists.txt").write_text(readme_block("cmake", "## From CMake"), encoding="utf-8")
    (app / "app.c").write_text(readme_block("c", "## From C"), encoding="utf-8")
    built = cmake_build(app, app / "build", prefix)
    assert built.returncode == 0, built.stdout + built.stderr
    result = run([str(app / "build" / "app")], app)
    assert result.returncode == 0, result.stderr
    assert result.stdout == readme_block("text", "## From C")

    # C++: find_package(navcore <the header's version>), with no LD_LIBRARY_PATH (CMake's RPATH)
    cxx = tmp_path / "cxx"
    shutil.copytree(REPO / "Tests" / "install" / "cxx_consumer", cxx)
    built = cmake_build(cxx, cxx / "build", prefix, f"-Dnavcore_wanted={VERSION}")
    assert built.returncode == 0, built.stdout + built.stderr
    result = run([str(cxx / "build" / "consumer")], cxx)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"header {VERSION}, library {VERSION}"
    assert lines[1] == "push: NAVCORE_OK" and '"title":"Product 42"' in lines[2]
    assert lines[3].startswith('NAVCORE_EROUTE: actions[0].route.name: unknown route "prodcut"'), lines[3]
    assert f"libnavcore.so.0 => {prefix / 'lib' / 'libnavcore.so.0'}" in run(["ldd", "consumer"], cxx / "build").stdout


#: A project with no compiler that reports what find_package(navcore ${wanted}) found.
PROBE = """cmake_minimum_required(VERSION 3.19)
project(probe NONE)
find_package(navcore ${wanted} REQUIRED)
get_target_property(location navcore::navcore IMPORTED_LOCATION)
get_target_property(include navcore::navcore INTERFACE_INCLUDE_DIRECTORIES)
message(STATUS "found ${navcore_VERSION}|${location}|${include}|${navcore_SCHEMA_DIR}|${navcore_VALGRIND_SUPPRESSIONS}")
"""


def probe(tmp_path: Path, prefix: Path, wanted: str) -> subprocess.CompletedProcess[str]:
    """The probe project configured against ``prefix`` for the version request ``wanted``."""
    source = tmp_path / "probe"
    source.mkdir(exist_ok=True)
    (source / "CMakeLists.txt").write_text(PROBE, encoding="utf-8")
    shutil.rmtree(source / "build", ignore_errors=True)
    return run(["cmake", "-S", str(source), "-B", str(source / "build"), f"-DCMAKE_PREFIX_PATH={prefix}",
                f"-Dwanted={wanted}"], cwd=source)


def test_the_cmake_package_takes_versions_of_its_major_and_moves_with_its_tree(tmp_path: Path) -> None:
    installed = tmp_path / "prefix"
    make("install", f"PREFIX={installed}")
    # an installed tree copied elsewhere: the package finds everything from its own place
    prefix = tmp_path / "moved"
    shutil.copytree(installed, prefix, symlinks=True)
    shutil.rmtree(installed)
    for wanted in (VERSION, f"{MAJOR}.{MINOR}", f"{MAJOR}", "", f"{MAJOR}.{MINOR}...{MAJOR}.{MINOR + 1}"):
        result = probe(tmp_path, prefix, wanted)
        assert result.returncode == 0, (wanted, result.stdout + result.stderr)
        found = re.search(r"found (.*)\|(.*)\|(.*)\|(.*)\|(.*)", result.stdout)
        assert found, result.stdout
        assert found.groups() == (VERSION, str(prefix / "lib" / f"libnavcore.so.{VERSION}"), str(prefix / "include"),
                                  str(prefix / "share" / "navcore" / "schema"),
                                  str(prefix / "share" / "navcore" / "swift-runtime.supp"))
        assert all(Path(path).exists() for path in found.groups()[1:])
    # newer than this version, or another major: refused, naming the version found
    for wanted in (f"{MAJOR}.{MINOR}.{PATCH + 1}", f"{MAJOR}.{MINOR + 1}", f"{MAJOR + 1}.0", f"0...<{VERSION}"):
        result = probe(tmp_path, prefix, wanted)
        assert result.returncode != 0, wanted
        assert "considered but not accepted" in result.stderr, result.stderr
        assert f"navcoreConfig.cmake, version: {VERSION}\n" in result.stderr, result.stderr


def test_the_installed_navcore_command_and_its_man_page(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    make("install", f"PREFIX={prefix}")
    command = str(prefix / "bin" / "navcore")
    result = run([command, "url-for", str(SIGNIN_TABLE), "order", "id=7"], tmp_path)
    assert (result.returncode, result.stdout) == (0, "shop://orders/7\n"), result.stderr
    version = run([command, "--version"], tmp_path, COLUMNS="500").stdout  # argparse wraps at the terminal's width
    assert version == f"navcore {VERSION} (library {VERSION} at {prefix / 'lib' / 'libnavcore.so.0'})\n"
    # NAVCORE_LIBRARY still names another library
    elsewhere = run([command, "--version"], tmp_path, COLUMNS="500",
                    NAVCORE_LIBRARY=str(REPO / "build" / "lib" / "libnavcore.so"))
    assert f"at {REPO / 'build' / 'lib' / 'libnavcore.so'})" in elsewhere.stdout, elsewhere.stderr

    # the man page's synopsis names each command that the command's help lists
    listed = re.findall(r"^    (\S+) +\S", run([command, "--help"], tmp_path).stdout, re.M)
    page = (prefix / "share" / "man" / "man1" / "navcore.1").read_text(encoding="utf-8")
    synopsis = page[page.index(".SH SYNOPSIS"):page.index(".SH DESCRIPTION")]
    assert re.findall(r"^\.B navcore (\S+)", synopsis, re.M) == [name.replace("-", "\\-") for name in listed] + ["\\-\\-version"]
    for section in ("1", "3"):
        shown = run(["man", "-l", str(prefix / "share" / "man" / f"man{section}" / f"navcore.{section}")], tmp_path,
                    MANWIDTH="80", MAN_KEEP_FORMATTING="0")
        assert shown.returncode == 0 and shown.stderr == "", shown.stderr
        assert f"NAVCORE({section})" in shown.stdout


def test_make_install_with_destdir_stages_for_the_prefix(tmp_path: Path) -> None:
    stage = tmp_path / "stage"
    printed = make("install", f"DESTDIR={stage}", "PREFIX=/usr")
    assert files_under(stage) == ["usr/" + name for name in INSTALLED]
    assert f"staged under {stage}" in printed and "ran ldconfig" not in printed
    pc = (stage / "usr" / "lib" / "pkgconfig" / "navcore.pc").read_text()
    assert "prefix=/usr\n" in pc and "libdir=${prefix}/lib\n" in pc and "includedir=${prefix}/include\n" in pc
    assert f"Version: {VERSION}\n" in pc
    # nothing installed names the staging tree; the command loads the library from its final place
    for name in files_under(stage):
        assert str(stage).encode() not in (stage / name).read_bytes(), name
    assert b'"/usr/lib/libnavcore.so.0"' in (stage / "usr" / "bin" / "navcore").read_bytes()

    make("uninstall", f"DESTDIR={stage}", "PREFIX=/usr")
    assert navcore_paths(stage) == []
    assert files_under(stage) == []
