"""Installing navcore without the wheel: `pip install ./bindings/python` (no library inside, so the
import says what to run), and `make install` / `make uninstall` for C programs using pkg-config."""

from __future__ import annotations

import ctypes.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import pytest
from support import REPO, SHOP_TABLE_PATH, venv_with

import navcore
from navcore._version import VERSION

pytestmark = pytest.mark.packaging

BINDING = REPO / "bindings" / "python"

CHECK = """
import json, pathlib, sys
import navcore
package = pathlib.Path(navcore.__file__).parent
print(json.dumps({
    "file": navcore.__file__,
    "typed": (package / "py.typed").is_file(),
    "library": navcore.library_path(),
    "title": navcore.Navigator(sys.argv[1]).push("product", id=42).after.top.title,
}))
"""


def environment(**extra: str) -> Dict[str, str]:
    """This process's environment without the binding's and the loader's variables, plus ``extra``."""
    hidden = ("PYTHONPATH", "NAVCORE_LIBRARY", "LD_LIBRARY_PATH", "PKG_CONFIG_PATH")
    return {**{k: v for k, v in os.environ.items() if k not in hidden}, **extra}


def make(*arguments: str) -> str:
    """Runs make in the repository, on build/lib as it is (-o lib, as every other test loads it), and
    returns what it printed."""
    result = subprocess.run(["make", "-s", "-o", "lib", *arguments], cwd=REPO, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def files_under(root: Path) -> List[str]:
    """Every file and symbolic link under ``root`` (directories left out), relative to it."""
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_symlink() or path.is_file())


@pytest.mark.slow
def test_pip_install_of_the_source_directory_says_what_to_run(tmp_path: Path) -> None:
    assert ctypes.util.find_library("navcore") is None, "a libnavcore is installed on this system"
    # a copy of bindings/python, so that the build leaves nothing in the work tree
    source = tmp_path / "python"
    shutil.copytree(BINDING, source, ignore=shutil.ignore_patterns(
        "__pycache__", "build", "*.egg-info", ".pytest_cache", ".hypothesis", "libnavcore.so*"))
    # What `pip install ./bindings/python` does, in two steps so that it needs no network: build the
    # wheel with this environment's setuptools (make test-deps installed them), then install that
    # wheel into a fresh venv that has nothing else.
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "-w", str(tmp_path / "dist"), str(source)],
        env=environment(), capture_output=True, text=True, timeout=240,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next((tmp_path / "dist").glob("navcore-*.whl"))
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name  # no library inside: a pure wheel
    python = venv_with(tmp_path / "venv", wheel, environment())

    failed = subprocess.run([str(python), "-c", "import navcore"], env=environment(), cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert failed.returncode != 0
    message = failed.stderr.strip().splitlines()[-1]
    assert message.startswith("ImportError: navcore: libnavcore not found"), message
    assert "installed from the source directory" in message
    assert f"run `make wheel`, then `pip install --force-reinstall build/wheel/navcore-{VERSION}-*.whl`" in message

    # the navcore command says the same, alone, and exits with 2 (docs/tools.md, "Without a library")
    command = subprocess.run([str(python.parent / "navcore"), "lint", str(SHOP_TABLE_PATH)], env=environment(),
                             cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert (command.returncode, command.stdout) == (2, "")
    assert command.stderr == message.removeprefix("ImportError: ") + "\n"

    # with NAVCORE_LIBRARY the same install works: only the library was missing
    library = str(Path(navcore.library_path()).resolve())
    result = subprocess.run([str(python), "-c", CHECK, str(SHOP_TABLE_PATH)], env=environment(NAVCORE_LIBRARY=library),
                            cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert Path(report["file"]).is_relative_to(tmp_path / "venv")
    assert report["typed"] is True
    assert report["library"] == library
    assert report["title"] == "Product 42"


# navcore_debug.h (unstable benchmark hooks) is not installed (docs/building.md).
INSTALLED = ["include/navcore.h", "lib/libnavcore.so", "lib/libnavcore.so.0", f"lib/libnavcore.so.{VERSION}",
             "lib/pkgconfig/navcore.pc"]


def test_make_install_serves_a_c_program_built_with_pkg_config_alone(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    printed = make("install", f"PREFIX={prefix}")
    assert files_under(prefix) == INSTALLED
    assert (prefix / "include" / "navcore.h").read_bytes() == (REPO / "Include" / "navcore.h").read_bytes()
    assert os.readlink(prefix / "lib" / "libnavcore.so.0") == f"libnavcore.so.{VERSION}"
    # a prefix the dynamic linker does not search: make install says how programs find the library
    assert f"LD_LIBRARY_PATH={prefix / 'lib'}" in printed and f"-Wl,-rpath,{prefix / 'lib'}" in printed

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(REPO / "examples" / "hello.c", elsewhere / "hello.c")
    pkg_config = environment(PKG_CONFIG_PATH=str(prefix / "lib" / "pkgconfig"))
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "navcore"], env=pkg_config, cwd=elsewhere,
                           capture_output=True, text=True, check=True, timeout=60).stdout.split()
    assert flags == [f"-I{prefix / 'include'}", f"-L{prefix / 'lib'}", "-lnavcore"]
    compiler = os.environ.get("CC") or shutil.which("cc") or "gcc"
    subprocess.run([compiler, "-std=c99", "hello.c", *flags, "-o", "hello"], cwd=elsewhere, check=True, timeout=120)
    run = environment(LD_LIBRARY_PATH=str(prefix / "lib"))
    linked = subprocess.run(["ldd", "./hello"], env=run, cwd=elsewhere, capture_output=True, text=True,
                            check=True, timeout=60).stdout
    assert f"libnavcore.so.0 => {prefix / 'lib' / 'libnavcore.so.0'}" in linked
    result = subprocess.run(["./hello"], env=run, cwd=elsewhere, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"navcore {VERSION}\n")

    make("uninstall", f"PREFIX={prefix}")
    assert files_under(prefix) == []


def test_make_install_with_destdir_stages_for_the_prefix(tmp_path: Path) -> None:
    stage = tmp_path / "stage"
    printed = make("install", f"DESTDIR={stage}", "PREFIX=/usr")
    assert files_under(stage) == ["usr/" + name for name in INSTALLED]
    assert f"staged under {stage}" in printed and "ran ldconfig" not in printed
    pc = (stage / "usr" / "lib" / "pkgconfig" / "navcore.pc").read_text()
    assert "prefix=/usr\n" in pc and "libdir=${prefix}/lib\n" in pc and "includedir=${prefix}/include\n" in pc
    assert f"Version: {VERSION}\n" in pc

    make("uninstall", f"DESTDIR={stage}", "PREFIX=/usr")
    assert files_under(stage) == []
