"""`make abi-check` is known to work: on copies of the header with a change planted, it fails for a
changed signature, a removed function and a function the library does not export, and passes for
an added function and after a SONAME change (scripts/abi_check.py, docs/building.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Tuple

REPO = Path(__file__).resolve().parents[2]
HEADER = REPO / "Include" / "navcore.h"
SCRIPT = REPO / "scripts" / "abi_check.py"
BASELINE = REPO / "Tests" / "abi" / "navcore.abi"
LIBRARY = REPO / "build" / "lib" / "libnavcore.so.0"


def check(tmp_path: Path, header: Path, baseline: Path = BASELINE) -> Tuple[int, str]:
    """Runs the check of ``header`` against ``baseline``: its exit code and output."""
    result = subprocess.run([sys.executable, str(SCRIPT), "check", "--header", str(header),
                             "--debug-header", str(REPO / "Include" / "navcore_debug.h"), "--library", str(LIBRARY),
                             "--baseline", str(baseline), "--work", str(tmp_path / "work")],
                            capture_output=True, text=True, timeout=300)
    return result.returncode, result.stdout + result.stderr


def planted(tmp_path: Path, old: str, new: str, name: str = "navcore.h") -> Path:
    """A copy of the header (named ``name``) with ``old`` replaced by ``new``."""
    text = HEADER.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_the_header_matches_the_baseline(tmp_path: Path) -> None:
    code, output = check(tmp_path, HEADER)
    assert code == 0, output
    assert re.search(r"\d+ functions of navcore.h match the baseline", output)


def test_a_changed_parameter_type_fails(tmp_path: Path) -> None:
    header = planted(tmp_path, "int navcore_pop(navcore_navigator *nav, int count,", "int navcore_pop(navcore_navigator *nav, long count,")
    code, output = check(tmp_path, header)
    assert code == 1
    assert "'int (navcore_navigator*, int, char**)* const navcore_abi_navcore_pop' was changed" in output
    assert "long int" in output


def test_a_changed_return_type_and_a_changed_callback_type_fail(tmp_path: Path) -> None:
    header = planted(tmp_path, "int navcore_record(navcore_navigator *nav, int on);", "long navcore_record(navcore_navigator *nav, int on);")
    code, output = check(tmp_path, header)
    assert code == 1 and "navcore_abi_navcore_record" in output
    header = planted(tmp_path, "typedef int (*navcore_validator)(const char *entry_json, void *user_data);",
                     "typedef int (*navcore_validator)(const char *entry_json, int *user_data);")
    code, output = check(tmp_path, header)
    assert code == 1 and "navcore_abi_navcore_restore" in output and "typedef navcore_validator" in output


def test_a_removed_function_fails(tmp_path: Path) -> None:
    header = planted(tmp_path, "int navcore_back(navcore_navigator *nav, char **transition_out);", "")
    code, output = check(tmp_path, header)
    assert code == 1
    assert "1 Removed variable" in output and "navcore_abi_navcore_back" in output
    assert "the library exports navcore_back, which no header declares" in output


def test_a_function_the_library_does_not_export_fails(tmp_path: Path) -> None:
    header = planted(tmp_path, "int navcore_back(navcore_navigator *nav, char **transition_out);",
                     "int navcore_back(navcore_navigator *nav, char **transition_out);\n"
                     "int navcore_forward(navcore_navigator *nav, char **transition_out);")
    code, output = check(tmp_path, header)
    assert code == 1
    assert "navcore_forward is declared in navcore.h but the library does not export it" in output


def test_an_added_function_passes(tmp_path: Path) -> None:
    older = planted(tmp_path, "int navcore_back(navcore_navigator *nav, char **transition_out);", "", name="older.h")
    baseline = tmp_path / "older.abi"
    subprocess.run([sys.executable, str(SCRIPT), "baseline", "--header", str(older), "--library", str(LIBRARY),
                    "--baseline", str(baseline), "--work", str(tmp_path / "older")], check=True, timeout=300,
                   capture_output=True)
    code, output = check(tmp_path, HEADER, baseline)
    assert code == 0, output
    assert "added since: navcore_back" in output


def test_a_new_soname_allows_incompatible_changes(tmp_path: Path) -> None:
    baseline = tmp_path / "major.abi"
    text = BASELINE.read_text(encoding="utf-8")
    assert "soname='libnavcore.so.0'" in text
    baseline.write_text(text.replace("soname='libnavcore.so.0'", "soname='libnavcore.so.9'"), encoding="utf-8")
    header = planted(tmp_path, "int navcore_pop(navcore_navigator *nav, int count,", "int navcore_pop(navcore_navigator *nav, long count,")
    code, output = check(tmp_path, header, baseline)
    assert code == 0, output
    assert "the SONAME changed from libnavcore.so.9 (the baseline's) to libnavcore.so.0" in output


def test_every_function_of_the_baseline_is_declared() -> None:
    names = set(re.findall(r"name='navcore_abi_(navcore_\w+)'", BASELINE.read_text(encoding="utf-8")))
    declared = set(re.findall(r"^[a-z].*?\b(navcore_\w+)\(", HEADER.read_text(encoding="utf-8"), re.MULTILINE))
    assert names and names <= declared
