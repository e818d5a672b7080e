"""The session timeline page (navcore.timeline_page) and ``navcore timeline`` (docs/tools.md): the
page embeds every step's documents as the library wrote them, escaped for an inline script, needs
no network, and the command writes it whole or not at all."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any, List, Tuple

import pytest

from timeline_sessions import EVIL_TEXT, long_session, nested_session, shop_tour

import navcore
from navcore import cli, timeline_command
from navcore._interning import expand
from navcore.timeline_page import SCRIPT_ESCAPES, script_json, timeline
from navcore.timeline_steps import session_steps

DATA = re.compile(r'<script type="application/json" id="timeline-data">(.*?)</script>', re.S)


def embedded(page: str) -> Any:
    """The data the page embeds, expanded: {"table", "log", "base", "steps"}."""
    match = DATA.search(page)
    assert match is not None
    data = json.loads(match.group(1))
    return expand(data["nodes"], data["shapes"], data["root"])


def run(*argv: str) -> Tuple[int, str, str]:
    """Runs ``navcore ARGV``: the exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    try:
        code = cli.main(list(argv), out=out, err=err)
    except SystemExit as exit:
        code = int(exit.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_the_page_embeds_every_step_as_the_library_wrote_it() -> None:
    table, log = nested_session()
    data = embedded(timeline(log, table))
    _, steps = session_steps(log, table)
    assert data["table"] == table and data["base"] == log["base"]
    assert data["log"] == {key: value for key, value in log.items() if key not in ("base", "batches")}
    assert len(data["steps"]) == len(steps)
    for shown, step in zip(data["steps"], steps):
        assert without_tokens(shown) == without_tokens({
            "batch": step.batch, "outcome": step.outcome, "transition": step.transition, "state": step.state,
            "view_model": step.view_model, "back_preview": step.back_preview, "stack_url": step.stack_url, "why": step.why})


def without_tokens(step: Any) -> Any:
    """A step less the tokens of the blockers it proceeded past, which differ from run to run."""
    blockers = [{key: value for key, value in blocker.items() if key != "token"} for blocker in step["why"].get("blockers", ())]
    return {**step, "why": {**step["why"], "blockers": blockers}}


def test_a_title_that_ends_the_script_stays_inside_it() -> None:
    table, log = nested_session()
    page = timeline(log, table)
    assert page.count("</script>") == 2  # the data's and the code's own
    assert "<img" not in page and "\u2028" not in page
    data = DATA.search(page)
    assert data is not None and "<" not in data.group(1) and ">" not in data.group(1) and "&" not in data.group(1)
    assert embedded(page)["steps"][1]["state"]["stacks"]["home"]["entries"][1]["title"] == EVIL_TEXT


@pytest.mark.parametrize("character", sorted(SCRIPT_ESCAPES))
def test_script_json_escapes_what_would_break_out_and_reads_back(character: str) -> None:
    value = {"key" + character: ["a" + character + "b"]}
    text = script_json(value)
    assert character not in text and json.loads(text) == value


def test_the_page_needs_no_network_and_says_it_embeds_the_log() -> None:
    table, log = nested_session()
    page = timeline(log, table)
    assert not re.search(r"""(src|href|action)\s*=\s*["']?\s*(https?:)?//""", page)
    assert "<link" not in page and "@import" not in page and "default-src 'none'" in page
    assert "embeds the session's log" in page


def test_navcore_timeline_writes_the_page_to_a_file_or_standard_output(tmp_path: Path) -> None:
    table, log = long_session(30)  # no blocker, so no token: the same page every time
    (tmp_path / "table.json").write_text(json.dumps(table))
    (tmp_path / "log.json").write_text(json.dumps(log))
    output = tmp_path / "page.html"
    code, out, err = run("timeline", str(tmp_path / "log.json"), "--table", str(tmp_path / "table.json"), "-o", str(output), "--json")
    assert (code, err) == (0, "")
    page = timeline(json.dumps(log), json.dumps(table))
    assert output.read_text(encoding="utf-8") == page
    assert json.loads(out) == {"output": str(output), "bytes": len(page.encode("utf-8"))}
    assert os.stat(output).st_mode & 0o777 == 0o666 & ~timeline_command._umask()
    code, out, err = run("timeline", str(tmp_path / "log.json"), "--table", str(tmp_path / "table.json"))
    assert (code, out, err) == (0, page, "")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["log.json", "page.html", "table.json"]


def bad_logs() -> List[Tuple[str, bytes, str]]:
    """Logs the command refuses: (name, the file's bytes, a part of the message)."""
    _, log = nested_session()
    _, shop_log = shop_tour()
    text = json.dumps(log).encode("utf-8")
    assert b'"Home"' in text
    return [
        ("not a log", b'{"hello": "world"}', "NAVCORE_ERESTORE"),
        ("not JSON", b"this is no log", "NAVCORE_E"),
        ("not UTF-8", text.replace(b'"Home"', b'"H\xffme"'), "UTF-8"),
        ("truncated", text[: len(text) - 40], "NAVCORE_E"),
        ("another table", json.dumps(shop_log).encode("utf-8"), "NAVCORE_ERESTORE"),
    ]


def test_bad_input_fails_with_exit_code_1_and_leaves_the_output_as_it_was(tmp_path: Path) -> None:
    table, _ = nested_session()
    (tmp_path / "table.json").write_text(json.dumps(table))
    output = tmp_path / "page.html"
    output.write_text("the page before")
    for name, data, message in bad_logs():
        (tmp_path / "log.json").write_bytes(data)
        code, out, err = run("timeline", str(tmp_path / "log.json"), "--table", str(tmp_path / "table.json"), "-o", str(output))
        assert (code, out) == (cli.EXIT_PROBLEMS, ""), name
        assert err.startswith("navcore timeline: ") and message in err, (name, err)
        assert output.read_text() == "the page before", name
        code, out, err = run("timeline", str(tmp_path / "log.json"), "--table", str(tmp_path / "table.json"), "--json")
        assert code == cli.EXIT_PROBLEMS and json.loads(out)["error"]["status"].startswith("NAVCORE_E"), name
    assert sorted(path.name for path in tmp_path.iterdir()) == ["log.json", "page.html", "table.json"]


def test_a_missing_file_a_bad_table_and_a_missing_table_option(tmp_path: Path) -> None:
    table, log = nested_session()
    (tmp_path / "log.json").write_text(json.dumps(log))
    (tmp_path / "table.json").write_text('{"navcore": 1, "routes": {}}')
    code, _, err = run("timeline", str(tmp_path / "nothing.json"), "--table", str(tmp_path / "table.json"))
    assert code == cli.EXIT_PROBLEMS and "cannot read action log" in err
    code, _, err = run("timeline", str(tmp_path / "log.json"), "--table", str(tmp_path / "table.json"))
    assert code == cli.EXIT_PROBLEMS and "NAVCORE_ETABLE" in err
    code, _, err = run("timeline", str(tmp_path / "log.json"))
    assert code == cli.EXIT_USAGE and "--table" in err


def test_a_page_that_cannot_be_written_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, log = nested_session()
    (tmp_path / "table.json").write_text(json.dumps(table))
    (tmp_path / "log.json").write_text(json.dumps(log))
    code, _, err = run("timeline", str(tmp_path / "log.json"), "--table", str(tmp_path / "table.json"), "-o", str(tmp_path / "no" / "page.html"))
    assert code == cli.EXIT_PROBLEMS and "cannot write" in err

    def refuse(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(timeline_command.os, "replace", refuse)
    code, _, err = run("timeline", str(tmp_path / "log.json"), "--table", str(tmp_path / "table.json"), "-o", str(tmp_path / "page.html"))
    assert code == cli.EXIT_PROBLEMS and "No space left on device" in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["log.json", "table.json"]


def test_navcore_timeline_is_the_exported_function() -> None:
    assert navcore.timeline is timeline
