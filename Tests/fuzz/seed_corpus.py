"""Writes the seed corpora of navcore's libFuzzer targets (docs/building.md, "make fuzz").

    python3 Tests/fuzz/seed_corpus.py OUTDIR

OUTDIR/<target>/ gets one file per seed: route tables for table; action batches for apply;
URLs for url and url_patterns (on Tests/fuzz/links_table.json: optional and catch-all segments,
list params); snapshots for restore; action logs for replay; step sequences for flow (a table
byte, then 3 bytes a step, as Tests/fuzz/fuzz_flow.c reads them; the committed seeds of
Tests/fuzz/seeds/flow run beside them). The nested_* targets get the same kinds on the nested
table (Tests/fuzz/nested_table.json): batches that address stacks by name ("stack") at every
level. They come from the conformance vectors (Tests/vectors; the nested ones, on
tables/nested.json, whose names the nested table keeps, also seed nested_*), the URL test data
(Tests/data/urls), and sessions driven on the fuzz tables through the Python binding (build/lib
must hold the library), from a fixed seed so that the corpora are the same on every run.
"""

import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import navcore  # noqa: E402  (after the path to the binding)

VECTORS = ROOT / "Tests" / "vectors"
FUZZ_TABLE = json.loads((ROOT / "Tests" / "fuzz" / "rich_table.json").read_text())
NESTED_TABLE = json.loads((ROOT / "Tests" / "fuzz" / "nested_table.json").read_text())
LINKS_TABLE = json.loads((ROOT / "Tests" / "fuzz" / "links_table.json").read_text())
#: The vector tables whose URLs seed url_patterns (the links table holds their links).
PATTERN_VECTOR_TABLES = ("segments", "lists")
#: How many canonical URLs of generated routes seed url_patterns.
PATTERN_SEEDS = 96
#: How many URLs of the URL test data to take (the rest add little but time).
URL_DATA_SEEDS = 200
#: How many generated sessions give snapshots and logs.
SESSIONS = 24
#: How many step sequences seed the flow target, and their most steps.
FLOW_SEEDS = 48
FLOW_STEPS = 24
#: fuzz_flow's first byte for the nested table (enum flow_table in Tests/fuzz/flow.h).
FLOW_NESTED = 2


def write(outdir: Path, target: str, text: str) -> None:
    """Writes one seed of text."""
    write_bytes(outdir, target, text.encode("utf-8", "surrogatepass"))


def write_bytes(outdir: Path, target: str, data: bytes) -> None:
    """Writes one seed, named by its content's hash (so duplicates collapse)."""
    folder = outdir / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def vector_seeds(outdir: Path) -> None:
    """Tables, batches and URLs as the conformance vectors give them."""
    for path in sorted((VECTORS / "tables").glob("*.json")):
        write(outdir, "table", path.read_text())
    for path in sorted(VECTORS.glob("*.json")):
        vector = json.loads(path.read_text())
        nested = vector.get("table") == "nested"
        if isinstance(vector.get("table"), dict):
            write(outdir, "table", json.dumps(vector["table"]))
        if "table_text" in vector:
            write(outdir, "table", vector["table_text"])
        for step in vector.get("steps", []):
            for key, target, text in [("apply", "apply", lambda value: json.dumps(value)),
                                      ("apply_text", "apply", str), ("restore_text", "restore", str)]:
                if key in step:
                    write(outdir, target, text(step[key]))
                    if nested:
                        write(outdir, "nested_" + target, text(step[key]))
            if "resolve_url" in step:
                write(outdir, "url", step["resolve_url"])
            if isinstance(step.get("open_url"), dict):
                write(outdir, "url", step["open_url"]["url"])
    urls = json.loads((ROOT / "Tests" / "data" / "urls" / "urltestdata.json").read_text())
    inputs = [case["input"] for case in urls if isinstance(case, dict)]
    for url in inputs[:URL_DATA_SEEDS]:
        write(outdir, "url", url)


def pattern_route(rng: random.Random) -> tuple:
    """A route of the links table with generated params: lists (empty ones too), absent optionals,
    catch-all items holding "/", spaces and text outside ASCII; some of them have no URL."""
    def text() -> str:
        return rng.choice(["a", "a/b", "c d", "caf\u00e9", "new", "about", "7", "", "%", "\u4e2d"])

    def items(make) -> list:
        return [make() for _ in range(rng.randint(0, 3))]

    return rng.choice([
        lambda: ("rest", {"rest": items(text)}),
        lambda: ("num", {"n": rng.randint(-9, 99)}),
        lambda: ("about", {"lang": text()} if rng.random() < 0.5 else {}),
        lambda: ("named", {"name": text()}),
        lambda: ("doc", {"path": items(text)}),
        lambda: ("post", {"lang": rng.choice(["en", "fr"]), "slug": text()}),
        lambda: ("page", {"pages": items(lambda: rng.randint(0, 40))}),
        lambda: ("filter", {"tags": items(text), "ids": items(lambda: rng.randint(-3, 3))}),
        lambda: ("pick", {"sizes": items(lambda: rng.choice(["s", "m", "l"]))}),
        lambda: ("files", {"lang": rng.choice(["en", "fr"]), "path": items(text), "keys": items(text)}),
        lambda: ("user", {"id": "123e4567-e89b-12d3-a456-426614174000", **({"tab": "likes"} if rng.random() < 0.5 else {})}),
        lambda: ("flags", {"on": items(lambda: rng.random() < 0.5), "n": rng.randint(0, 3)}),
    ])()


def pattern_seeds(outdir: Path) -> None:
    """URLs for url_patterns: those of the vectors on the tables of lists and segments, then the
    canonical URLs of generated routes of the links table."""
    for path in sorted(VECTORS.glob("*.json")):
        vector = json.loads(path.read_text())
        if vector.get("table") not in PATTERN_VECTOR_TABLES:
            continue
        for step in vector.get("steps", []):
            if "resolve_url" in step:
                write(outdir, "url_patterns", step["resolve_url"])
            if isinstance(step.get("open_url"), dict):
                write(outdir, "url_patterns", step["open_url"]["url"])
    rng = random.Random(3)
    with navcore.Navigator(LINKS_TABLE) as nav:
        for _ in range(PATTERN_SEEDS):
            name, params = pattern_route(rng)
            try:
                write(outdir, "url_patterns", nav.url_for(name, params))
            except navcore.NavError:
                continue


def random_route(rng: random.Random) -> dict:
    """A route of the fuzz table, mostly valid."""
    return rng.choice([
        {"name": "product", "params": {"id": rng.randint(1, 99)}},
        {"name": "product", "params": {"id": 3, "color": "red"}},
        {"name": "category", "params": {"slug": rng.choice(["shoes", "a b", "ü"])}},
        {"name": "search", "params": {"q": "x"}},
        {"name": "checkout"},
        {"name": "order", "params": {"order": "123e4567-e89b-12d3-a456-426614174000", "gift": True}},
        {"name": "userDetail", "params": {"id": 7}},
        {"name": "subscription", "params": {"plan": "yearly"}},
        {"name": "login"},
    ])


def random_action(rng: random.Random) -> dict:
    """One action of any op on the fuzz table; some of them fail, which a session skips."""
    return rng.choice([
        lambda: {"op": "push", "route": random_route(rng)},
        lambda: {"op": "pop", "count": rng.randint(1, 3)},
        lambda: {"op": "pop_to", "name": "product", "inclusive": rng.random() < 0.5},
        lambda: {"op": "pop_to_root"},
        lambda: {"op": "replace", "route": random_route(rng)},
        lambda: {"op": "set_stack", "routes": [random_route(rng) for _ in range(rng.randint(0, 3))]},
        lambda: {"op": "select_tab", "tab": rng.choice(["shop", "cart", "account", "settings"])},
        lambda: {"op": "reset_tab"},
        lambda: {"op": "reset_all"},
        lambda: {"op": "present", "route": random_route(rng), "style": rng.choice(["sheet", "cover"]),
                 "policy": rng.choice(["allow", "single_top"])},
        lambda: {"op": "present", "route": {"name": "settings"}},
        lambda: {"op": "dismiss", "all": rng.random() < 0.3},
        lambda: {"op": "back"},
        lambda: {"op": "set_condition", "name": rng.choice(["signed_in", "onboarded"]), "value": rng.random() < 0.6},
        lambda: {"op": "set_entry_state", "id": rng.randint(1, 12), "state": {"scroll": rng.randint(0, 500)}},
        lambda: {"op": "open_url", "url": rng.choice(["myapp://users/4/edit", "myapp://product/9",
                                                      "myapp://search?q=a&page=2", "myapp://home"])},
    ])()


def stack_names(stacks: dict, presentations: list) -> list:
    """The names of the stacks (by name) and presentations of a state document, and of those inside them."""
    names = []
    for name, stack in list(stacks.items()) + [(layer["stack"], layer) for layer in presentations]:
        names.append(name)
        for entry in stack["entries"]:
            names += stack_names(entry.get("container", {}).get("stacks", {}), [])
        names += stack_names({}, stack.get("presentations", []))
    return names


def nested_route(rng: random.Random) -> dict:
    """A route of the nested table, mostly valid; some hold containers."""
    return rng.choice([
        {"name": "post", "params": {"id": rng.randint(1, 9)}},
        {"name": "album", "params": {"id": rng.randint(1, 9)}},
        {"name": "channel", "params": {"id": rng.randint(1, 3)}},
        {"name": "explore"}, {"name": "library"}, {"name": "settings"}, {"name": "blocked"},
        {"name": "product", "params": {"id": 1}}, {"name": "checkout"}, {"name": "artists"},
    ])


def nested_action(rng: random.Random, state: dict) -> dict:
    """One action on the nested table, often with a "stack" naming one of the state's stacks at any level."""
    names = stack_names(state["stacks"], state["presentations"])
    action = rng.choice([
        lambda: {"op": "push", "route": nested_route(rng)},
        lambda: {"op": "pop", "count": rng.randint(1, 2)},
        lambda: {"op": "pop_to_root"},
        lambda: {"op": "replace", "route": nested_route(rng)},
        lambda: {"op": "set_stack", "routes": [nested_route(rng) for _ in range(rng.randint(0, 2))]},
        lambda: {"op": "select_tab", "tab": rng.choice(["home", "explore", "library", "foryou", "following",
                                                         "general", "privacy", "videos", "shelf"])},
        lambda: {"op": "select", "route": {"name": rng.choice(["albums", "artists", "shelves", "playlists"])}},
        lambda: {"op": "set_compact", "value": rng.random() < 0.5},
        lambda: {"op": "reset_tab"},
        lambda: {"op": "present", "route": nested_route(rng)},
        lambda: {"op": "dismiss"},
        lambda: {"op": "back"},
        lambda: {"op": "set_condition", "name": "signed_in", "value": rng.random() < 0.6},
    ])()
    if action["op"] not in ("back", "set_condition") and rng.random() < 0.6:
        action["stack"] = rng.choice(names)
    return action


def session_seeds(outdir: Path, table: dict, prefix: str, make_action) -> None:
    """Batches, snapshots and logs of generated sessions on table, for the targets named
    prefix + apply, restore and replay; make_action(rng, state) gives each action."""
    rng = random.Random(1)
    for session in range(SESSIONS):
        nav = navcore.Navigator(table)
        nav.record()
        for _ in range(rng.randint(1, 12)):
            state = json.loads(nav.state_json)
            batch = [make_action(rng, state) for _ in range(rng.randint(1, 3))]
            try:
                nav.apply(batch)
            except navcore.NavError:
                continue
            write(outdir, prefix + "apply", json.dumps(batch))
        write(outdir, prefix + "restore", json.dumps(nav.snapshot()))
        write(outdir, prefix + "replay", json.dumps(nav.log))
        if not prefix:
            try:
                write(outdir, "url", nav.stack_url())
            except navcore.NoMatchError:
                pass
        nav.close()


def flow_seeds(outdir: Path) -> None:
    """Step sequences for fuzz_flow: the tabs or the split table, steps of every kind with random
    arguments; and as many on the nested table, for fuzz_flow and fuzz_nested_flow."""
    rng = random.Random(1)
    for _ in range(FLOW_SEEDS):
        steps = [rng.randrange(256) for _ in range(3 * rng.randint(1, FLOW_STEPS))]
        write_bytes(outdir, "flow", bytes([rng.randrange(2)] + steps))
    rng = random.Random(2)
    for _ in range(FLOW_SEEDS):
        steps = bytes([FLOW_NESTED] + [rng.randrange(256) for _ in range(3 * rng.randint(1, FLOW_STEPS))])
        write_bytes(outdir, "flow", steps)
        write_bytes(outdir, "nested_flow", steps)


def main() -> None:
    outdir = Path(sys.argv[1])
    write(outdir, "table", json.dumps(FUZZ_TABLE))
    vector_seeds(outdir)
    pattern_seeds(outdir)
    session_seeds(outdir, FUZZ_TABLE, "", lambda rng, state: random_action(rng))
    session_seeds(outdir, NESTED_TABLE, "nested_", nested_action)
    flow_seeds(outdir)


if __name__ == "__main__":
    main()
