"""gui_table: the route table of the GUI shells (examples/tk_shell.py, examples/gtk_shell.c).

The shop's table of the text shell, links and conditions included, plus a settings sheet with its
own tabs, each with its own stack (docs/structure.md, "Nesting"): presented, an entry of
``preferences`` holds the tabs. ``python3 examples/gui_table.py`` prints it as JSON, the file the
GTK shell reads (make gtk-shell writes it to build/gtk/gui_table.json).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shop_shell import SHOP_TABLE  # noqa: E402 - after the path to the examples

#: The shop's table plus the settings sheet with its own tabs.
GUI_TABLE: Dict[str, Any] = {
    **SHOP_TABLE,
    "routes": {
        **SHOP_TABLE["routes"],
        "preferences": {"title": "Settings", "titles": {"vi": "Cài đặt", "th": "การตั้งค่า", "el": "Ρυθμίσεις"},
                        "layout": {"tabs": [
            {"name": "general", "root": "general"},
            {"name": "privacy", "root": "privacy"},
            {"name": "account", "root": "account"},
        ], "options": {"back_to_previous_tab": False}}},
        "general": {"title": "General", "titles": {"vi": "Chung", "th": "ทั่วไป", "el": "Γενικά"}},
        "privacy": {"title": "Privacy", "titles": {"vi": "Quyền riêng tư", "th": "ความเป็นส่วนตัว", "el": "Απόρρητο"}},
        "account": {"title": "Account", "titles": {"vi": "Tài khoản", "th": "บัญชี", "el": "Λογαριασμός"}},
        "blocked": {"title": "Blocked users",
                    "titles": {"vi": "Người dùng bị chặn", "th": "ผู้ใช้ที่ถูกบล็อก", "el": "Αποκλεισμένοι χρήστες"}},
    },
}

if __name__ == "__main__":
    json.dump(GUI_TABLE, sys.stdout, indent=1)
    print()
