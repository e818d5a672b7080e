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
from support import REPO, readme_block, venv_with

from navcore._version import VERSION

pytestmark = pytest.mark.packaging

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
    """The wheel `make wheel` builds, afresh, around build/lib: the library every other test loads
    (so -o lib: make test made it, and a make of the library would only find it up to date)."""
    subprocess.run(["make", "-s", "-o", "lib", "wheel"], cwd=REPO, check=True, capture_output=True, timeout=900)
    wheels: List[Path] = sorted((REPO / "build" / "wheel").glob("navcore-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed, and nothing else: its directory."""
    venv = tmp_path_factory.mktemp("wheel") / "venv"
    venv_with(venv, wheel, clean_environment())
    return venv


#: The wheel's glibc floor, the newest glibc symbol version the library imports: 2.34, so the wheel
#: installs on RHEL 9 and later (README.md, "The wheel's platforms"; docs/building.md, "The wheel").
GLIBC_FLOOR = (2, 34)
MANYLINUX = f"manylinux_{GLIBC_FLOOR[0]}_{GLIBC_FLOOR[1]}_{platform.machine()}"


def test_the_wheel_is_manylinux_and_holds_the_library_and_libjansson(wheel: Path) -> None:
    assert wheel.name == f"navcore-{VERSION}-py3-none-{MANYLINUX}.whl"
    names = zipfile.ZipFile(wheel).namelist()
    assert "navcore/libnavcore.so.0" in names
    assert "navcore/py.typed" in names  # so that type checkers read the typed results
    assert [name for name in names if name.startswith("navcore.libs/libjansson")], names
    assert not [name for name in names if "__pycache__" in name]


def test_the_wheel_carries_the_license_and_the_notices_of_what_it_bundles(wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    dist_info = f"navcore-{VERSION}.dist-info"
    metadata = archive.read(f"{dist_info}/METADATA").decode("utf-8")
    assert "License-Expression: Apache-2.0" in metadata.splitlines()
    for name in ("LICENSE", "THIRD_PARTY_NOTICES"):
        assert archive.read(f"{dist_info}/licenses/{name}") == (REPO / name).read_bytes(), name
    assert (REPO / "LICENSE").read_text(encoding="utf-8").split()[:4] == ["Apache", "License", "Version", "2.0,"]
    # each library the wheel bundles besides navcore's own is named in the notices, and so are the
    # Swift runtime and libstdc++ linked into the library
    notices = (REPO / "THIRD_PARTY_NOTICES").read_text(encoding="utf-8")
    bundled = [name.split("/")[1].split("-")[0].split(".")[0] for name in archive.namelist()
               if name.startswith("navcore.libs/")]
    assert bundled and all(name in notices for name in bundled), bundled
    assert "Swift runtime" in notices and "libstdc++" in notices


def test_auditwheel_shows_the_glibc_floor_that_the_librarys_symbols_set(wheel: Path) -> None:
    shown = subprocess.run([sys.executable, "-m", "auditwheel", "show", str(wheel)], capture_output=True, text=True,
                           timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert f'This constrains the platform tag to "{MANYLINUX}"' in " ".join(shown.stdout.split()), shown.stdout
    imported = subprocess.run(["objdump", "-T", str(REPO / "build" / "lib" / "libnavcore.so.0")], capture_output=True,
                              text=True, check=True, timeout=60).stdout
    versions = {(int(major), int(minor)) for major, minor in re.findall(r"\(GLIBC_(\d+)\.(\d+)", imported)}
    assert max(versions) == GLIBC_FLOOR, sorted(versions)
    # the one symbol of glibc 2.35, hypotf, is answered inside the library (Sources/NavCoreC/Hypotf.swift)
    assert not re.search(r"\bhypotf\b", imported)


@pytest.mark.slow
def test_the_readme_example_runs_from_the_wheel_in_a_fresh_venv(venv: Path, tmp_path: Path) -> None:
    python = venv / "bin" / "python"
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
def test_the_wheel_installs_the_navcore_command(venv: Path, tmp_path: Path) -> None:
    table = REPO / "Tests" / "vectors" / "tables" / "signin.json"
    for command in ([str(venv / "bin" / "navcore")], [str(venv / "bin" / "python"), "-m", "navcore"]):
        result = subprocess.run(command + ["url-for", str(table), "order", "id=7"], cwd=tmp_path,
                                env=clean_environment(), capture_output=True, text=True, timeout=60)
        assert (result.returncode, result.stdout) == (0, "shop://orders/7\n"), result.stderr
        lint = subprocess.run(command + ["lint", str(table), "--json"], cwd=tmp_path, env=clean_environment(),
                              capture_output=True, text=True, timeout=60)
        assert lint.returncode == 0, lint.stderr  # warnings only: no error
        assert [warning["path"] for warning in json.loads(lint.stdout)["warnings"]] == [
            "routes.forgot_password", "routes.register"]


#: A user's module that reads typed results correctly.
TYPED_USE = """
import navcore


def title_after_push(nav: navcore.Navigator) -> str:
    return nav.push("product", id=42).after.top.title


def tab_titles(nav: navcore.Navigator) -> list[str]:
    return [tab.title + (" (locked)" if tab.locked else "") for tab in nav.view_model().tabs]


def opened(nav: navcore.Navigator, url: str) -> bool:
    return nav.open_url(url, mode="push").results == ("opened",)
"""

#: The same module with a typo, a misspelt mode and a wrong type: each is a type error.
TYPED_MISTAKES = """
import navcore


def show_title(nav: navcore.Navigator) -> None:
    print(nav.push("product", id=42).after.top.titel)


def opened(nav: navcore.Navigator, url: str) -> None:
    nav.open_url(url, mode="pusj")


def seq(nav: navcore.Navigator) -> str:
    return nav.state.seq
"""


@pytest.mark.slow
def test_a_type_checker_sees_the_typed_results_of_the_installed_wheel(venv: Path, tmp_path: Path) -> None:
    """mypy --strict, pointed at the fresh venv only, accepts correct use and names each mistake."""
    def mypy(source: str) -> subprocess.CompletedProcess[str]:
        (tmp_path / "user.py").write_text(source, encoding="utf-8")
        return subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable",
             str(venv / "bin" / "python"), "user.py"],
            cwd=tmp_path, env=clean_environment(), capture_output=True, text=True, timeout=300,
        )

    good = mypy(TYPED_USE)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = mypy(TYPED_MISTAKES)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert '"Entry" has no attribute "titel"' in bad.stdout
    assert 'Argument "mode" to "open_url" of "Navigator" has incompatible type "Literal[\'pusj\']"' in bad.stdout
    assert 'Incompatible return value type (got "int", expected "str")' in bad.stdout
    assert "Found 3 errors" in bad.stdout
