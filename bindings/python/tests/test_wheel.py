"""`make wheel` gives a manylinux wheel that works in a fresh virtual environment, from any
directory and with no environment variable, on the library and the libjansson inside it."""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Dict, List

import pytest
from support import REPO, readme_block

from navcore._version import VERSION

#: Runs the README's Python example, then reports what this process mapped and imported.
RUNNER = """
import json, runpy, sys
runpy.run_path(sys.argv[1])
import navcore
with open("/proc/self/maps") as maps:
    mapped = sorted({line.split()[-1] for line in maps if "libnavcore" in line or "libjansson" in line})
print(json.dumps({"mapped": mapped, "package": navcore.__file__, "version": navcore.__version__,
                  "library_version": navcore.version(), "library_path": navcore.library_path()}))
"""


def clean_environment() -> Dict[str, str]:
    """The environment without anything that could point Python or the loader elsewhere."""
    hidden = ("NAVCORE_LIBRARY", "PYTHONPATH", "LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONHOME")
    return {key: value for key, value in os.environ.items() if key not in hidden}


@pytest.fixture(scope="module")
def wheel() -> Path:
    """The wheel `make wheel` builds (after a fresh build, so the test sees this tree's state)."""
    subprocess.run(["make", "-s", "wheel"], cwd=REPO, check=True, capture_output=True, timeout=900)
    wheels: List[Path] = sorted((REPO / "build" / "wheel").glob("navcore-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_the_wheel_is_manylinux_and_holds_the_library_and_libjansson(wheel: Path) -> None:
    tag = re.fullmatch(rf"navcore-{re.escape(VERSION)}-py3-none-manylinux_2_(\d+)_(\w+)\.whl", wheel.name)
    assert tag, wheel.name
    assert tag.group(2) == platform.machine()
    names = zipfile.ZipFile(wheel).namelist()
    assert "navcore/libnavcore.so.0" in names
    assert [name for name in names if name.startswith("navcore.libs/libjansson")], names
    assert not [name for name in names if "__pycache__" in name]


@pytest.mark.slow
def test_the_readme_example_runs_from_the_wheel_in_a_fresh_venv(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-index", "--disable-pip-version-check", str(wheel)],
        env=clean_environment(), capture_output=True, text=True, timeout=240,
    )
    assert install.returncode == 0, install.stdout + install.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "example.py").write_text(readme_block("python"), encoding="utf-8")
    (elsewhere / "runner.py").write_text(RUNNER, encoding="utf-8")
    result = subprocess.run(
        [str(python), "runner.py", "example.py"],
        cwd=elsewhere, env=clean_environment(), capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    printed, _, report_line = result.stdout.rstrip("\n").rpartition("\n")
    assert printed + "\n" == readme_block("text", "## From Python")
    report = json.loads(report_line)

    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('platlib'))"],
                               capture_output=True, text=True, check=True, timeout=60).stdout.strip())
    assert Path(report["package"]).parent == site / "navcore"
    assert report["library_path"] == str(site / "navcore" / "libnavcore.so.0")
    assert report["version"] == report["library_version"] == VERSION
    libraries = [Path(path) for path in report["mapped"]]
    navcore_maps = [path for path in libraries if path.name.startswith("libnavcore")]
    jansson_maps = [path for path in libraries if path.name.startswith("libjansson")]
    assert navcore_maps == [site / "navcore" / "libnavcore.so.0"], libraries
    assert len(jansson_maps) == 1 and jansson_maps[0].parent == site / "navcore.libs", libraries


@pytest.mark.slow
def test_the_wheel_installs_the_navcore_command(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    install = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-index", "--disable-pip-version-check", str(wheel)],
        env=clean_environment(), capture_output=True, text=True, timeout=240,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    table = REPO / "Tests" / "vectors" / "tables" / "signin.json"
    for command in ([str(venv / "bin" / "navcore")], [str(venv / "bin" / "python"), "-m", "navcore"]):
        result = subprocess.run(command + ["url-for", str(table), "order", "id=7"], cwd=tmp_path,
                                env=clean_environment(), capture_output=True, text=True, timeout=60)
        assert (result.returncode, result.stdout) == (0, "shop://orders/7\n"), result.stderr
        lint = subprocess.run(command + ["lint", str(table), "--json"], cwd=tmp_path, env=clean_environment(),
                              capture_output=True, text=True, timeout=60)
        assert lint.returncode == 1, lint.stderr
        assert [warning["path"] for warning in json.loads(lint.stdout)["warnings"]] == [
            "routes.forgot_password", "routes.register"]
