"""Running the ``navcore`` command in the tests' own process, and the tables its tests use."""

from __future__ import annotations

import io
from typing import Tuple

from support import TABLES

from navcore import cli

SIGNIN = str(TABLES / "signin.json")
SHOP = str(TABLES / "shop.json")
LINKS = str(TABLES / "links.json")
NESTED_LINKS = str(TABLES / "nested_links.json")


def run(*argv: str) -> Tuple[int, str, str]:
    """Runs the command in this process: its exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    try:
        code = cli.main(list(argv), out=out, err=err)
    except SystemExit as exit:  # argparse's usage errors
        code = int(exit.code or 0)
    return code, out.getvalue(), err.getvalue()
