#!/usr/bin/env python3
"""Writes the symbol ordering file of the library (make startup-order; docs/building.md, "Size").

Runs `bench_load --once LIBRARY TABLE` under valgrind's callgrind, which loads the
library and makes the first navigator of the shop table, and lists every function of the
library that ran, by its symbol name (mangled), one a line. The linker lays these out
first and together in .text (`--symbol-ordering-file`), so that a program that loads the
library touches a few pages of its code instead of pages all over it: less resident memory
and fewer page faults at dlopen. The list only orders the layout: a symbol that no longer
exists is skipped (the link is told not to warn), and a stale list costs memory, never
correctness; make bench's VmRSS figure shows when it is time to write it again.

    scripts/startup_order.py BENCH_LOAD UNSTRIPPED_LIBRARY TABLE_JSON OUT
"""

import os
import re
import subprocess
import sys
import tempfile

# callgrind names each object (ob=) and function (fn=) once as "(id) name", then by "(id)".
NAMED = re.compile(r"^(c?ob|c?fn|cfi|cfl|fl|fi|fe)=\((\d+)\)(?: (.*))?$")


def functions_run(callgrind_out, library):
    """The names of the functions of `library` that ran, from a callgrind output file."""
    names = {"ob": {}, "fn": {}}
    current_object = None
    ran = set()
    with open(callgrind_out, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = NAMED.match(line)
            if not match:
                continue
            kind, number, name = match.groups()
            table = names["ob"] if kind.endswith("ob") else names["fn"] if kind.endswith("fn") else None
            if table is None:
                continue
            if name:
                table[number] = name
            if kind == "ob":
                current_object = table.get(number)
            elif kind == "fn" and current_object and os.path.realpath(current_object) == os.path.realpath(library):
                ran.add(table[number])
    return sorted(name for name in ran if not name.startswith("0x"))


def main(bench_load, library, table, out):
    with tempfile.TemporaryDirectory() as scratch:
        profile = os.path.join(scratch, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                        bench_load, "--once", library, table], check=True, stderr=subprocess.DEVNULL)
        symbols = functions_run(profile, library)
    if len(symbols) < 100:
        sys.exit(f"startup_order: only {len(symbols)} functions of {library} ran; is it the unstripped library?")
    with open(out, "w", encoding="utf-8") as file:
        file.write("\n".join(symbols) + "\n")
    print(f"wrote {out}: {len(symbols)} functions that run from dlopen to the first navigator")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
