"""``navcore timeline LOG --table TABLE [-o FILE]``: the session timeline page (docs/tools.md).

The page is :func:`navcore.timeline.timeline`'s. It goes to FILE whole or not at all: it is
written to a temporary file beside FILE, which then takes FILE's name in one rename, so that a
failure (a log that does not replay, a full disk) never leaves a half-written page, and an older
FILE stays as it was.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from typing import Any, Optional, TextIO

from .cli import EXIT_OK, Failure, _dump, _nav_failure, _read, _write
from .errors import NavError
from .timeline_page import timeline


def add_command(commands: Any) -> None:
    """Adds the ``timeline`` subcommand to the ``navcore`` command's subparsers."""
    help = "writes the timeline page of a recorded session: one HTML file that replays the log step by step"
    sub = commands.add_parser("timeline", help=help, description=help)
    sub.add_argument("log", metavar="LOG", help="an action log, a JSON file (navcore_log)")
    sub.add_argument("--table", required=True, metavar="TABLE", help="the route table the log was recorded on, a JSON file")
    sub.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    sub.add_argument("--json", action="store_true", help='print {"output", "bytes"} when done, and errors as JSON')
    sub.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Writes the page of the log on the table to ``--output`` (or standard output)."""
    log, table = _read(args.log, "action log"), _read(args.table, "route table")
    try:
        page = timeline(log, table).encode("utf-8")
    except NavError as error:
        raise _nav_failure(error) from None
    if args.output is None:
        _write(page, None, out)
    else:
        write_whole(page, args.output)
    if args.json:
        _dump({"output": args.output, "bytes": len(page)}, out)
    return EXIT_OK


def write_whole(data: bytes, path: str) -> None:
    """Writes ``data`` to ``path`` through a temporary file in the same directory and a rename;
    a Failure naming the file when it cannot, and then nothing is left behind."""
    temporary: Optional[str] = None
    try:
        descriptor, temporary = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), prefix=".timeline-", suffix=".tmp")
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except OSError as error:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
        raise Failure(f"cannot write {path}: {error.strerror}",
                      {"status": "io", "path": "", "message": f"cannot write {path}: {error.strerror}"}) from None


def _umask() -> int:
    """The process's umask (read by setting it, then setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
