"""Every status a C function returned in the C tests, the conformance vectors (also through the convenience calls)
and fuzz_flow's committed seeds is one its Errors list in Include/navcore.h names.

make test-c runs those with NAVCORE_STATUS_LOG set (Tests/c/status_log.h) and then this test, which reads the log
it wrote (NAVCORE_STATUS_LOG, else build/tests/statuses.txt).
"""

import os
import re
from pathlib import Path

import pytest

from errors_lists import ErrorsList, ErrorsListError, errors_lists, undocumented

ROOT = Path(__file__).resolve().parents[2]
HEADER = (ROOT / "Include" / "navcore.h").read_text()
LOG = Path(os.environ.get("NAVCORE_STATUS_LOG") or ROOT / "build" / "tests" / "statuses.txt")

SAMPLE = """
#define NAVCORE_OK 0
#define NAVCORE_EINVAL (-1)
#define NAVCORE_ENOMEM (-2)
#define NAVCORE_EJSON (-3)
/**
 * Reads something.
 * Errors:
 *  - NAVCORE_EINVAL: nav is NULL, or the text
 *    is not UTF-8.
 *  - NAVCORE_ENOMEM.
 * Thread: any.
 */
int navcore_read(const navcore_navigator *nav, char **out);
/**
 * Changes something.
 * Errors:
 *  - NAVCORE_EJSON: malformed JSON.
 *  - the errors of navcore_read(): ...
 */
int navcore_change(navcore_navigator *nav, const char *text);
/**
 * Moves something.
 * Errors:
 *  - NAVCORE_ENOMEM.
 *  - after a guard's redirect, the errors of navcore_change(): ...
 */
int navcore_move(navcore_navigator *nav);
/**
 * Pushes something: the same as an action of navcore_change().
 * Errors: those of navcore_change() for a `push` action, and:
 *  - NAVCORE_EINVAL: name is NULL.
 */
int navcore_push(navcore_navigator *nav, const char *name);
/**
 * Pops something.
 * Errors: those of navcore_change() for a `pop` action.
 * Thread: any.
 */
int navcore_pop(navcore_navigator *nav);
"""


def log_lines() -> list[str]:
    if not LOG.exists():
        pytest.fail(f"no status log at {LOG}: make test-c writes it")
    return LOG.read_text().splitlines()


def test_each_list_is_read_with_its_bullets_and_inclusions() -> None:
    lists = errors_lists(SAMPLE)
    assert lists == {"navcore_read": ErrorsList({"NAVCORE_EINVAL", "NAVCORE_ENOMEM"}, set(), set()),
                     "navcore_change": ErrorsList({"NAVCORE_EJSON"}, {"navcore_read"}, set()),
                     "navcore_move": ErrorsList({"NAVCORE_ENOMEM"}, set(), {"navcore_change"}),
                     "navcore_push": ErrorsList({"NAVCORE_EINVAL"}, {"navcore_change"}, set()),
                     "navcore_pop": ErrorsList(set(), {"navcore_change"}, set())}


def test_a_status_the_list_does_not_name_is_reported_with_where_it_came_from() -> None:
    log = ["navcore_read 0 - a.c:1", "navcore_read -3 - a.c:2:101_push.json", "navcore_change -1 - a.c:3",
           "navcore_move -3 r a.c:4", "navcore_move -1 r a.c:5", "navcore_move -3 - a.c:6", "navcore_read -99 - a.c:7"]
    assert undocumented(SAMPLE, log) == [
        "navcore_read returned NAVCORE_EJSON, which its Errors list does not name (a.c:2:101_push.json)",
        "navcore_move returned NAVCORE_EJSON, which its Errors list does not name (a.c:6)",
        "navcore_read returned the unknown status -99, which its Errors list does not name (a.c:7)"]


@pytest.mark.parametrize("broken, problem", [
    (SAMPLE.replace(" * Errors:\n *  - NAVCORE_EJSON", " * Errors: NAVCORE_EJSON"), "needs one line"),
    (SAMPLE.replace("NAVCORE_ENOMEM.", "NAVCORE_ENOMEN."), "NAVCORE_ENOMEN is no status code"),
    (SAMPLE.replace("navcore_read():", "navcore_reed():"), "navcore_reed(), which has no list"),
    (SAMPLE.replace("those of navcore_change() for a `pop`", "those of navcore_chnge() for a `pop`"),
     "navcore_chnge(), which has no list"),
    (SAMPLE.replace("for a `pop` action.", "for a `pop` action"), "needs one line"),
])
def test_a_list_in_another_form_is_refused(broken: str, problem: str) -> None:
    with pytest.raises(ErrorsListError, match=re.escape(problem)):
        errors_lists(broken)


def test_every_function_returning_a_status_has_a_list() -> None:
    declared = set(re.findall(r"^int (navcore_\w+)\(", HEADER, re.M)) - {"navcore_version_number"}
    assert set(errors_lists(HEADER)) == declared


def test_the_status_log_wraps_every_function_with_a_list() -> None:
    wrapped = re.findall(r"^#define (navcore_\w+)\(\.\.\.\) STATUS_LOG", (ROOT / "Tests/c/status_log.h").read_text(), re.M)
    assert sorted(wrapped) == sorted(errors_lists(HEADER))


def test_every_function_was_called() -> None:
    called = {line.split(" ", 1)[0] for line in log_lines()}
    assert set(errors_lists(HEADER)) - called == set()


def test_every_status_returned_is_in_its_functions_list() -> None:
    assert undocumented(HEADER, log_lines()) == []
