"""Links from Python: navcore's resolve_url against Werkzeug's Map.bind(...).match.

Both route the same 1,000 URL patterns and match the same 1,000 URLs, every URL in turn, as
bench_links.c does: https://shop.example.com/s<i>/items/{id} (an int), /s<i>/tags/{slug},
/s<i>/about and /s<i>/users/{uid}/orders/{order} (two ints). navcore pays for everything a
Python caller does: encoding the URL, the ctypes call, the library parsing the URL, and parsing
the JSON document it writes. Werkzeug is measured two ways: Map.bind(host).match(path) for each
URL, as a request handler binds its map per request, and, kinder to Werkzeug, one adapter bound
once and then only .match(path). Figures are medians of rounds, in microseconds per URL; the
target is navcore at most 0.8x Werkzeug, both ways (Tests/bench/README.md says why the
comparison is fair).

Run by `make bench`; needs the library built (make lib) and werkzeug (pip install werkzeug).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import navcore  # noqa: E402

ORIGIN = "https://shop.example.com"
PATTERNS = 1000
ROUNDS = 41
#: The most navcore may cost, as a multiple of Werkzeug's time, bound per URL and bound once.
TARGET = 0.8


def shapes(i: int) -> Tuple[str, str, str, str]:
    """Link i: its navcore pattern, its Werkzeug rule, its route and a path it matches."""
    kind = i % 4
    if kind == 0:
        return f"{ORIGIN}/s{i}/items/{{id}}", f"/s{i}/items/<int:id>", "item", f"/s{i}/items/{i * 7}"
    if kind == 1:
        return f"{ORIGIN}/s{i}/tags/{{slug}}", f"/s{i}/tags/<slug>", "tag", f"/s{i}/tags/red-shoes"
    if kind == 2:
        return f"{ORIGIN}/s{i}/about", f"/s{i}/about", "about", f"/s{i}/about"
    return (f"{ORIGIN}/s{i}/users/{{uid}}/orders/{{order}}", f"/s{i}/users/<int:uid>/orders/<int:order>", "order",
            f"/s{i}/users/{i}/orders/77")


def table() -> Dict[str, object]:
    """The route table of the 1,000 links."""
    return {
        "navcore": 1,
        "root": "home",
        "routes": {"home": {}, "item": {"params": {"id": "int"}}, "tag": {"params": {"slug": "string"}}, "about": {},
                   "order": {"params": {"uid": "int", "order": "int"}}},
        "links": [{"url": shapes(i)[0], "stack": [shapes(i)[2]]} for i in range(PATTERNS)],
    }


def measure(runs: Dict[str, Callable[[], None]], count: int) -> Dict[str, List[float]]:
    """ROUNDS timed rounds of each run (``count`` operations each), in µs per operation. Round i
    of every run goes right before round i + 1 of any, so that a busy moment of the machine hits
    them alike."""
    for run in runs.values():
        run()  # warm up
    rounds: Dict[str, List[float]] = {name: [] for name in runs}
    for _ in range(ROUNDS):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            rounds[name].append((time.perf_counter() - start) / count * 1e6)
    return rounds


def main() -> int:
    try:
        from werkzeug.routing import Map, Rule
    except ImportError:
        print("bench_links.py: werkzeug is not installed (pip install werkzeug); skipped")
        return 0
    paths = [shapes(i)[3] for i in range(PATTERNS)]
    urls = [ORIGIN + path for path in paths]
    routing = Map([Rule(shapes(i)[1], endpoint=i) for i in range(PATTERNS)])
    adapter = routing.bind("shop.example.com")
    with navcore.Navigator(table()) as nav:
        for i, (url, path) in enumerate(zip(urls, paths)):  # both route every URL to its own pattern
            assert nav.resolve_url(url).link == shapes(i)[0], url
            assert adapter.match(path)[0] == i, path

        def navcore_round() -> None:
            for url in urls:
                nav.resolve_url(url)

        def bind_round() -> None:
            for path in paths:
                routing.bind("shop.example.com").match(path)

        def bound_round() -> None:
            for path in paths:
                adapter.match(path)

        rounds = measure({"navcore": navcore_round, "bind": bind_round, "bound": bound_round}, PATTERNS)
    print(f"navcore {navcore.version()} links bench from Python: median of {ROUNDS} rounds, µs per URL, "
          f"{PATTERNS} patterns, every URL in turn\n")
    labels = {"navcore": "Navigator.resolve_url (ctypes call and JSON parse included)",
              "bind": "werkzeug Map.bind(host).match(path), bound per URL",
              "bound": "werkzeug adapter.match(path), bound once"}
    for name, label in labels.items():
        print(f"{'h' if name == 'navcore' else ' '}  {label:60s} {statistics.median(rounds[name]):8.2f} µs  "
              f"(best {min(rounds[name]):.2f})")
    for name in ("bind", "bound"):
        # The ratio of each pair of adjacent rounds, then their median: steadier than a ratio of
        # medians on a shared machine, whose speed drifts between rounds.
        ratio = statistics.median(a / b for a, b in zip(rounds["navcore"], rounds[name]))
        print(f"   ratio navcore / werkzeug {'bound per URL' if name == 'bind' else 'bound once':13s}: {ratio:.2f}x   "
              f"(target <= {TARGET:.2f}x: {'met' if ratio <= TARGET else 'NOT MET'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
