"""Installing navcore without the wheel: `pip install ./bindings/python` (no library inside, so the
import says what to run). `make install` and `make uninstall` are tested by Tests/install (make test-install)."""

from __future__ import annotations

import ctypes.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict

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
