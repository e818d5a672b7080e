"""Shared helpers of the binding's tests: repository paths, schema validators, strict JSON equality."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, Iterator

import jsonschema
from referencing import Registry, Resource

import navcore

#: The repository root (bindings/python/tests/../../..).
REPO = Path(__file__).resolve().parents[3]
#: The conformance vectors and their shared route tables.
VECTORS = REPO / "Tests" / "vectors"
TABLES = VECTORS / "tables"
#: The shop route table shared with the C and Swift suites.
SHOP_TABLE_PATH = TABLES / "shop.json"
#: The tabs and split route tables of docs/structure.md's vectors.
TABS_TABLE_PATH = TABLES / "tabs.json"
SPLIT_TABLE_PATH = TABLES / "split.json"
#: The JSON Schemas of docs/json.md.
SCHEMAS = REPO / "docs" / "schema"


#: How many times its usual number of examples each hypothesis test runs: 1 in ``make test``,
#: more in ``make fuzz`` (NAVCORE_FUZZ_SCALE).
FUZZ_SCALE = max(1, int(os.environ.get("NAVCORE_FUZZ_SCALE", "1")))


def scaled(usual: int) -> int:
    """A hypothesis test's ``max_examples``: ``usual`` times NAVCORE_FUZZ_SCALE."""
    return usual * FUZZ_SCALE


@lru_cache(maxsize=None)
def registry() -> Registry:
    """Every schema of docs/schema, registered under its $id so relative $refs resolve."""
    resources = []
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def validator(name: str) -> jsonschema.protocols.Validator:
    """A validator for docs/schema/NAME.schema.json (``"state"``, ``"transition"``, ...)."""
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, registry=registry(), format_checker=cls.FORMAT_CHECKER)


def validate(name: str, document: Any) -> None:
    """Raises jsonschema.ValidationError unless ``document`` matches schema ``name``."""
    validator(name).validate(document)


def venv_with(directory: Path, wheel: Path, env: Dict[str, str]) -> Path:
    """A fresh virtual environment of this interpreter at ``directory`` holding ``wheel`` and nothing
    else: its interpreter. This environment's pip installs into it (``pip --python``), so the venv
    needs no pip of its own, whose bootstrap would take seconds."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(directory)], check=True, timeout=120)
    python = directory / "bin" / "python"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-index",
         "--disable-pip-version-check", str(wheel)],
        env=env, capture_output=True, text=True, timeout=240,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    return python


def json_equal(a: Any, b: Any) -> bool:
    """Deep equality with JSON's types kept apart: ``true`` is not ``1``, ``1`` is not ``1.0``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(json_equal(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    return bool(a == b)


def readme_block(language: str, after: str = "") -> str:
    """The first fenced block of ``language`` in README.md after the heading text ``after``."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index(after) if after else 0
    match = re.compile(r"```" + language + r"\n(.*?)```", re.S).search(readme, start)
    assert match, f"no {language} block after {after!r} in README.md"
    return match.group(1)


def shop_table() -> Dict[str, Any]:
    """The shop route table, parsed."""
    table: Dict[str, Any] = json.loads(SHOP_TABLE_PATH.read_text(encoding="utf-8"))
    return table


def tabs_table() -> Dict[str, Any]:
    """The tabs route table (shop, cart and settings tabs; sheet and cover styles), parsed."""
    table: Dict[str, Any] = json.loads(TABS_TABLE_PATH.read_text(encoding="utf-8"))
    return table


@contextmanager
def unchanged(nav: navcore.Navigator) -> Iterator[None]:
    """Asserts that ``nav``'s state JSON is byte-identical after the block to what it was before."""
    before = nav.state_json
    yield
    assert nav.state_json == before


@contextmanager
def virtual_display(screen: str) -> Iterator[str]:
    """A virtual X display of ``screen`` (``"640x480x24"``), started here and stopped after; its name
    (``":90"``). Xvfb is a test dependency, installed by make test-deps."""
    xvfb = shutil.which("Xvfb")
    assert xvfb is not None, "Xvfb is missing: make test-deps installs it (Debian package xvfb)"
    number = next(n for n in range(90, 190) if not os.path.exists(f"/tmp/.X{n}-lock"))
    server = subprocess.Popen([xvfb, f":{number}", "-screen", "0", screen, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not os.path.exists(f"/tmp/.X11-unix/X{number}") and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)
