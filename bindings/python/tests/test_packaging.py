"""The shared library is self-contained and installs as DESIGN.md promises:
only navcore_* exported, a SONAME, no toolchain path, no Swift runtime to find,
and `make install` gives a header, a library and a working pkg-config file."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import navcore

REPO = Path(__file__).resolve().parents[3]
LIB = REPO / "build" / "lib" / "libnavcore.so"
HEADER_VERSION = re.search(r'#define NAVCORE_VERSION "([^"]+)"', (REPO / "Include" / "navcore.h").read_text()).group(1)


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


def test_library_file_and_version_agree_with_the_header() -> None:
    assert navcore.version() == HEADER_VERSION
    assert LIB.resolve().name == f"libnavcore.so.{HEADER_VERSION}"
    assert (LIB.parent / "libnavcore.so.0").exists()


def test_make_install_gives_a_usable_pkg_config_package(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    _run("make", "-s", "install", f"PREFIX={prefix}", cwd=str(REPO))
    assert (prefix / "include" / "navcore.h").read_text() == (REPO / "Include" / "navcore.h").read_text()
    assert os.readlink(prefix / "lib" / "libnavcore.so.0") == f"libnavcore.so.{HEADER_VERSION}"
    env = dict(os.environ, PKG_CONFIG_PATH=str(prefix / "lib" / "pkgconfig"))
    assert _run("pkg-config", "--modversion", "navcore", env=env).strip() == HEADER_VERSION
    flags = _run("pkg-config", "--cflags", "--libs", "navcore", env=env).split()
    program = tmp_path / "hello"
    compiler = os.environ.get("CC") or shutil.which("cc") or "gcc"
    _run(compiler, "-std=c99", str(REPO / "examples" / "hello.c"), *flags, f"-Wl,-rpath,{prefix / 'lib'}", "-o", str(program))
    assert "Product" in _run(str(program))
