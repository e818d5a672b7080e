"""docs/swift.md's Swift code is the example's: each block marked ``<!-- compiled: PATH -->`` is a
part of the file PATH of examples/swiftpm-consumer, which ``make test-swiftpm`` builds and runs."""
import re
from typing import List, Tuple

from support import REPO

PAGE = REPO / "docs" / "swift.md"
_COMPILED = re.compile(r"^<!-- compiled: (\S+) -->\n```swift\n(.*?\n)```$", re.M | re.S)


def compiled_blocks() -> List[Tuple[str, str]]:
    """Each marked block of docs/swift.md: the file it is part of, and its code."""
    return _COMPILED.findall(PAGE.read_text(encoding="utf-8"))


def test_the_getting_started_blocks_are_marked() -> None:
    files = {path.rsplit("/", 1)[-1] for path, _ in compiled_blocks()}
    assert {"AppRoute.swift", "Router.swift", "Router+DeepLinks.swift", "Router+Restoration.swift"} <= files


def test_every_marked_block_is_part_of_its_file() -> None:
    for path, code in compiled_blocks():
        assert path.startswith("examples/swiftpm-consumer/Sources/"), path
        assert code in (REPO / path).read_text(encoding="utf-8"), f"a block of docs/swift.md is not in {path}"
