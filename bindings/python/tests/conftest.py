"""Fixtures of the binding's tests: navigators over the shared shop, tabs and split tables, and the
hypothesis profiles.

The tests import the binding from this checkout (bindings/python), wherever pytest runs from.

Randomized tests are reproducible (docs/building.md): by default hypothesis is derandomized (profile
``repeatable``: every run tries the same examples, no example database), so a failure in ``make test``
fails again on the next run. ``make fuzz`` selects the ``fuzz`` profile (random examples from the seed
it passes as ``--hypothesis-seed`` and prints) by setting NAVCORE_FUZZ_SEED, and multiplies the example
counts by NAVCORE_FUZZ_SCALE (``support.scaled``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Dict, Iterator

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from support import SHOP_TABLE_PATH, SPLIT_TABLE_PATH, TABS_TABLE_PATH, shop_table  # noqa: E402

import navcore  # noqa: E402

settings.register_profile("repeatable", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, database=None, print_blob=True)
settings.load_profile("fuzz" if os.environ.get("NAVCORE_FUZZ_SEED") else "repeatable")


def pytest_configure(config: pytest.Config) -> None:
    """Registers the markers. ``slow``: tests that take seconds, still part of the default run.
    ``packaging`` and ``gui``: the tests that ``make check`` leaves to ``make test``; ``gtk``: those of
    the GTK shell, which ``make test-gtk`` runs after building it; ``qt``: those of the Qt shell (``make
    test-qt``); ``browser``: those of the timeline
    page in Chromium, which ``make test-timeline`` runs."""
    config.addinivalue_line("markers", "slow: takes seconds (builds a virtual environment); runs by default")
    config.addinivalue_line("markers", "packaging: builds the wheel or runs make install (not in make check)")
    config.addinivalue_line("markers", "gui: opens a GUI shell under Xvfb (not in make check)")
    config.addinivalue_line("markers", "gtk: drives the GTK shell (make test-gtk, not make test-python)")
    config.addinivalue_line("markers", "qt: drives the Qt shell (make test-qt, not make test-python)")
    config.addinivalue_line("markers", "browser: drives headless Chromium (make test-timeline, not make test-python)")


@pytest.fixture
def table() -> Dict[str, Any]:
    """The shop route table as a dict (Tests/vectors/tables/shop.json)."""
    return shop_table()


@pytest.fixture
def nav() -> Iterator[navcore.Navigator]:
    """A fresh navigator over the shop table, closed after the test."""
    with navcore.Navigator(SHOP_TABLE_PATH) as navigator:
        yield navigator


@pytest.fixture
def tabs() -> Iterator[navcore.Navigator]:
    """A fresh navigator over the tabs table (Tests/vectors/tables/tabs.json), closed after the test."""
    with navcore.Navigator(TABS_TABLE_PATH) as navigator:
        yield navigator


@pytest.fixture
def split() -> Iterator[navcore.Navigator]:
    """A fresh navigator over the split table (Tests/vectors/tables/split.json), closed after the test."""
    with navcore.Navigator(SPLIT_TABLE_PATH) as navigator:
        yield navigator
