"""Typed results from Python: what decoding into dataclasses adds to a call.

The same 1,000 push + pop pairs on a tabbed shop, three ways: through the binding
(``Navigator.push`` / ``pop``, which return typed Transitions), through the same C functions
with the transition only parsed by ``json.loads`` (the binding's cost before decoding), and
the decoding alone (``Transition.from_json`` of documents already parsed). Figures are medians
of rounds, in microseconds per pair; the target is the binding (marshalling, the call, parsing
and decoding) within 1.5x of the parse-only floor measured in the same run.

Run by `make bench`; needs the library built (make lib).
"""

from __future__ import annotations

import json
import statistics
import sys
from ctypes import c_void_p
from pathlib import Path
from typing import Any, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import navcore  # noqa: E402
from bench_links import ROUNDS, measure  # noqa: E402
from navcore._library import LIB  # noqa: E402
from navcore._marshal import check_status, take_json  # noqa: E402

PAIRS = 1000
#: The most the typed calls may cost, as a multiple of the parse-only floor.
TARGET = 1.5
TABLE = Path(__file__).resolve().parents[1] / "vectors" / "tables" / "signin.json"


def main() -> int:
    with navcore.Navigator(TABLE) as nav:
        params = b'{"id": 42}'
        parsed: List[Dict[str, Any]] = []

        def typed_round() -> None:
            for _ in range(PAIRS):
                nav.push("product", id=42)
                nav.pop()

        def parsed_round() -> None:
            with nav._handle.use() as pointer:
                for _ in range(PAIRS):
                    # As the binding makes a call: the out-parameter passed as it is (ctypes passes
                    # its address), the error read only for a failed call.
                    out = c_void_p()
                    code = LIB.navcore_push(pointer, b"product", params, out)
                    if code:
                        check_status(code)
                    pushed = take_json(out)
                    code = LIB.navcore_pop(pointer, 1, out)
                    if code:
                        check_status(code)
                    parsed[:] = [pushed, take_json(out)]

        parsed_round()

        def decode_round() -> None:
            for _ in range(PAIRS):
                navcore.Transition.from_json(parsed[0])
                navcore.Transition.from_json(parsed[1])

        rounds = measure({"typed": typed_round, "parsed": parsed_round, "decode": decode_round}, PAIRS)
    print(f"navcore {navcore.version()} typed results from Python: median of {ROUNDS} rounds, µs per push + pop\n")
    labels = {"typed": "Navigator.push + pop (typed Transitions)",
              "parsed": "navcore_push + navcore_pop, json.loads only (floor)",
              "decode": "Transition.from_json of both, alone"}
    for name, label in labels.items():
        print(f"   {label:55s} {statistics.median(rounds[name]):8.2f} µs  (best {min(rounds[name]):.2f})")
    ratio = statistics.median(a / b for a, b in zip(rounds["typed"], rounds["parsed"]))
    print(f"   ratio typed / parse-only: {ratio:.2f}x   (target <= {TARGET:.2f}x: {'met' if ratio <= TARGET else 'NOT MET'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
