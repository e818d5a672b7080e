"""`pip install ./bindings/python` into a fresh virtual environment gives a working package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import REPO, SHOP_TABLE_PATH

import navcore

BINDING = REPO / "bindings" / "python"

CHECK = """
import json, pathlib, sys
import navcore
package = pathlib.Path(navcore.__file__).parent
print(json.dumps({
    "file": navcore.__file__,
    "typed": (package / "py.typed").is_file(),
    "library": navcore.library_path(),
    "title": navcore.Navigator(sys.argv[1]).push("product", id=42)["after"]["top"]["title"],
}))
"""


@pytest.mark.slow
def test_pip_install_into_a_venv(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=60)
    # a copy of bindings/python, so that the build leaves nothing in the work tree
    source = tmp_path / "python"
    shutil.copytree(BINDING, source, ignore=shutil.ignore_patterns(
        "__pycache__", "build", "*.egg-info", ".pytest_cache", ".hypothesis", "libnavcore.so*"))
    python = venv / "bin" / "python"
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NAVCORE_LIBRARY")}
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(source)],
        env=environment, capture_output=True, text=True, timeout=240,
    )
    assert install.returncode == 0, install.stdout + install.stderr

    library = str(Path(navcore.library_path()).resolve())
    result = subprocess.run(
        [str(python), "-c", CHECK, str(SHOP_TABLE_PATH)],
        env={**environment, "NAVCORE_LIBRARY": library}, cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert Path(report["file"]).is_relative_to(venv)
    assert report["typed"] is True
    assert report["library"] == library
    assert report["title"] == "Product 42"
