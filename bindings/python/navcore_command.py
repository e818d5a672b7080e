"""The ``navcore`` console script (docs/tools.md): runs :func:`navcore.cli.run`.

It lives outside the ``navcore`` package because importing any part of that package loads the
library first: when no library loads (a package installed from the source directory, a library
of another major version), the command prints the import error's text alone, which says what to
run, and exits with 2, instead of a traceback.
"""

from __future__ import annotations

import sys

#: The exit code when the binding cannot be imported: the command cannot run as installed.
EXIT_NO_LIBRARY = 2


def run() -> None:
    """Imports the command and runs it; when the import fails, says why and exits with 2."""
    try:
        from navcore.cli import run as command
    except ImportError as error:
        print(error, file=sys.stderr)
        sys.exit(EXIT_NO_LIBRARY)
    command()
