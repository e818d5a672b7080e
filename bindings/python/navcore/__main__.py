"""``python -m navcore``: the ``navcore`` command (see :mod:`navcore.cli`, docs/tools.md)."""

from .cli import run

run()
