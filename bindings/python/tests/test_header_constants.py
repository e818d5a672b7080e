"""The binding's constants are the header's: `make` writes them (scripts/header_constants.py) into the
committed navcore/_header.py, which must not be stale, and the error classes come from its table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import navcore
from navcore import _header, errors

REPO = Path(__file__).resolve().parents[3]
GENERATED = Path("bindings/python/navcore/_header.py")


def test_the_generated_module_is_the_headers(tmp_path: Path) -> None:
    script = REPO / "scripts" / "header_constants.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True)
    assert (REPO / GENERATED).read_text() == (tmp_path / GENERATED).read_text(), f"{GENERATED} is stale: run make"


def test_every_status_code_but_ok_has_its_class_and_name() -> None:
    assert set(errors.ERROR_CLASSES) == set(_header.STATUS_NAMES) - {_header.OK}
    assert len(set(errors.ERROR_CLASSES.values())) == len(errors.ERROR_CLASSES)
    for code, cls in errors.ERROR_CLASSES.items():
        assert (cls.CODE, cls.STATUS) == (code, navcore.status_string(code))
