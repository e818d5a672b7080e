"""What the tests of the compiled shells (test_gtk_shell.py, test_qt_shell.py) share: the widget
tree their test modes write, what a tab bar shows for the view model's tabs, and the navcore calls a
shell's own object file makes."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any, Dict, List, Optional, Set

#: A widget of a test mode's dump: its ``name`` (objectName or widget name), ``children``, and
#: what the shell shows on it.
Node = Dict[str, Any]

#: The navcore calls that read a navigator, none of which a shell's own code makes: the view
#: subscription is how it reads the view model, and its sign-in button toggles what the frame showed.
READERS = {"navcore_state", "navcore_stack", "navcore_view_model", "navcore_snapshot", "navcore_back_preview",
           "navcore_stack_url", "navcore_log", "navcore_last_blocked", "navcore_condition"}


def find(node: Node, name: str) -> Optional[Node]:
    """The first widget named ``name`` in the tree, depth first."""
    if node["name"] == name:
        return node
    return next((found for child in node["children"] if (found := find(child, name)) is not None), None)


def tab_texts(tabs: Any) -> List[str]:
    """What a tab bar shows for the view model's tabs."""
    return [tab.title + (" (locked)" if tab.locked else "") for tab in tabs]


def navcore_calls(object_file: Path) -> Set[str]:
    """The navcore functions that ``object_file`` calls (its undefined ``navcore_`` symbols)."""
    symbols = subprocess.run(["nm", "--undefined-only", str(object_file)], capture_output=True, text=True,
                             check=True).stdout.split()
    return {symbol for symbol in symbols if symbol.startswith("navcore_")}
