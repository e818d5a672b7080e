"""navcore check's speed (docs/tools.md, "navcore check"): states per second, every law checked.

The reference run is the shop table to depth 4 with one value per param and stacks at most 3
deep (target: under 10 s, and at least 20,000 states per second); then the nested table, its
search stopped at 1,000 and at 20,000 states, whose cost per state must stay flat (the larger
within 1.2x of the smaller). Each figure is the best of three runs.

Run by `make bench`; needs the library built (make lib).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Dict, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import navcore  # noqa: E402

TABLES = Path(__file__).resolve().parents[1] / "vectors" / "tables"
#: The least states per second, and the longest reference run, in seconds.
RATE_TARGET, REFERENCE_TARGET = 20_000, 10.0
#: The most the cost per state may grow from 1,000 to 20,000 states.
FLAT_TARGET = 1.2


def best(table: str, **bounds: Any) -> Tuple[float, Dict[str, Any]]:
    """The shortest of three runs of the check, in seconds, and its report."""
    text = (TABLES / table).read_text(encoding="utf-8")
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        report = navcore.check(text, **bounds)
        runs.append((time.perf_counter() - start, report))
        assert report["counterexamples"] == [], report["counterexamples"]
    return min(runs, key=lambda run: run[0])


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> int:
    seconds, report = best("shop.json", depth=4, stack_depth=3)
    rate = report["states"] / seconds
    print(f"check: shop.json to depth 4, stacks at most 3 deep: {report['states']} states, "
          f"{report['transitions']} transitions in {seconds:.2f} s ({report['bound']}): {rate:,.0f} states/s")
    print(f"  reference run under {REFERENCE_TARGET:.0f} s: {verdict(seconds < REFERENCE_TARGET)}; "
          f"at least {RATE_TARGET:,} states/s: {verdict(rate >= RATE_TARGET)}")
    small_seconds, small = best("nested.json", depth=6, states=1_000)
    large_seconds, large = best("nested.json", depth=6, states=20_000)
    small_cost, large_cost = small_seconds / small["states"], large_seconds / large["states"]
    print(f"check: nested.json: {small['states'] / small_seconds:,.0f} states/s at 1,000 states, "
          f"{large['states'] / large_seconds:,.0f} at 20,000: cost per state x{large_cost / small_cost:.2f} "
          f"(target <= {FLAT_TARGET}x: {verdict(large_cost / small_cost <= FLAT_TARGET)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
