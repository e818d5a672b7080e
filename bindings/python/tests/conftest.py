"""Fixtures of the binding's tests: navigators over the shared shop, tabs and split tables.

The tests import the binding from this checkout (bindings/python), wherever pytest runs from.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from support import SHOP_TABLE_PATH, SPLIT_TABLE_PATH, TABS_TABLE_PATH, shop_table  # noqa: E402

import navcore  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    """Registers the ``slow`` marker: tests that take seconds, still part of the default run."""
    config.addinivalue_line("markers", "slow: takes seconds (builds a virtual environment); runs by default")


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
