"""t: the timeline page of a 10,000-step session (docs/tools.md, "timeline").

A seeded session of the shop demo's table (pushes, pops, tab switches, sheets, links; no stack
deeper than 10; bindings/python/tests/timeline_sessions.py) is recorded: 9,999 batches, the most a
log holds before it folds its older half into the base, so 10,000 steps with the base. Its page is
generated: the page's size (target < 20 MB), the generator's time, and its time for a quarter of
the steps (the ratio is about 4 when the time is linear in the steps: target <= 5x). Then
headless Chromium opens the page from disk: the time until it is ready to scrub (target < 2 s), and
the median time of a step with the right arrow key far into the session.

Run by `make bench`; needs the library built (make lib) and Chromium (make test-deps).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python" / "tests"))

import navcore  # noqa: E402
import chromium  # noqa: E402
from timeline_sessions import long_session  # noqa: E402

#: The steps of the page: the base and the batches.
STEPS = 10_000
#: The targets: the page's size in MB, the generator's time for all steps over a quarter of them,
#: and the seconds until the page is ready in Chromium.
MAX_MB, MAX_LINEARITY, MAX_LOAD_S = 20.0, 5.0, 2.0


def generate(steps: int) -> Tuple[str, float]:
    """The page of a session of ``steps`` steps (the base and ``steps - 1`` batches) and the
    seconds the generator took."""
    table, log = long_session(steps - 1)
    started = time.perf_counter()
    page = navcore.timeline(log, table)
    return page, time.perf_counter() - started


def verdict(met: bool) -> str:
    """How a target line ends."""
    return "met" if met else "NOT MET"


def main() -> int:
    print(f"navcore {navcore.version()} t: the timeline page of a {STEPS:,}-step session of the shop demo's table\n")
    page, seconds = generate(STEPS)
    _, quarter = generate(STEPS // 4)
    size = len(page.encode("utf-8")) / 1e6
    print(f"   page size                                 {size:8.2f} MB   (target < {MAX_MB:.0f} MB: {verdict(size < MAX_MB)})")
    print(f"   generator, {STEPS:,} steps                     {seconds:8.2f} s")
    print(f"   generator, {STEPS // 4:,} steps                      {quarter:8.2f} s")
    ratio = seconds / quarter
    print(f"   ratio 4x the steps / 1x                   {ratio:8.2f}x    (target <= {MAX_LINEARITY:.1f}x: {verdict(ratio <= MAX_LINEARITY)})")
    if chromium.program() is None:
        print("   no Chromium on PATH: the load figure is not measured (make test-deps installs it)")
        return 0
    with tempfile.TemporaryDirectory() as directory, chromium.Browser() as browser:
        path = Path(directory) / "timeline.html"
        path.write_text(page, encoding="utf-8")
        loads = [browser.open(path) for _ in range(3)]
        load = statistics.median(loads)
        print(f"   load in headless Chromium, to ready       {load:8.2f} s    (target < {MAX_LOAD_S:.0f} s: {verdict(load < MAX_LOAD_S)})"
              f"  (median of 3; in the page: {browser.evaluate('window.timeline.loadMs'):.0f} ms from navigation to ready, its script {browser.evaluate('window.timeline.scriptMs'):.0f} ms)")
        assert browser.evaluate("window.timeline.count") == STEPS
        browser.evaluate(f"window.timeline.go({STEPS // 2})")
        presses = []
        for _ in range(50):
            started = time.perf_counter()
            browser.press("ArrowRight")
            browser.evaluate("window.timeline.current()")
            presses.append(time.perf_counter() - started)
        print(f"   one step with the right arrow key         {statistics.median(presses) * 1000:8.2f} ms   (median of 50, at step {STEPS // 2:,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
