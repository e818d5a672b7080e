"""The WHATWG URL test data (Tests/data/urls) through the library: navcore reads each input as
docs/links.md says (RFC 3986), and differs from the WHATWG parser only in the documented categories.

The oracle is RFC 3986's grammar (appendix A) transcribed into regular expressions, plus the
rules docs/links.md adds: the IRI-to-URI mapping of raw non-ASCII text, no control characters, a
non-empty host, no user info, a port of at most 65535, and parts that decode to UTF-8 without
control characters."""

from __future__ import annotations

import ipaddress
import json
import re
from typing import Dict, List, Optional, Tuple

import pytest
from support import REPO, TABLES

import navcore

CORPUS = REPO / "Tests" / "data" / "urls" / "urltestdata.json"

UNRESERVED = r"A-Za-z0-9\-._~"
SUB_DELIMS = re.escape("!$&'()*+,;=")
PCT_ENCODED = r"%[0-9A-Fa-f]{2}"
PCHAR = rf"(?:[{UNRESERVED}{SUB_DELIMS}:@]|{PCT_ENCODED})"
URI = re.compile(
    rf"(?P<scheme>[A-Za-z][A-Za-z0-9+\-.]*):"
    rf"(?://(?P<authority>[^/?#]*)(?P<path>(?:/{PCHAR}*)*)|(?P<opaque>(?:{PCHAR}|/)*))"
    rf"(?:\?(?P<query>(?:{PCHAR}|[/?])*))?(?:#(?:{PCHAR}|[/?])*)?\Z")
REG_NAME = re.compile(rf"(?:[{UNRESERVED}{SUB_DELIMS}]|{PCT_ENCODED})*\Z")
IPV_FUTURE = re.compile(rf"[vV][0-9A-Fa-f]+\.[{UNRESERVED}{SUB_DELIMS}:]+\Z")
NUMERIC_LABEL = re.compile(r"0[xX][0-9A-Fa-f]*|[0-9]+")


def iri_to_uri(text: str) -> str:
    """Raw characters outside ASCII as percent-encoded UTF-8 (RFC 3987)."""
    return "".join(c if ord(c) < 0x80 else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text)


def percent_decoded(text: str) -> bytes:
    """The bytes of ASCII text with its %XX escapes decoded."""
    return re.sub(rb"%([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), text.encode("ascii"))


def decodes_cleanly(part: str) -> bool:
    """Whether a percent-encoded part decodes to UTF-8 without a control character."""
    try:
        text = percent_decoded(part).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return not any(ord(c) < 0x20 or ord(c) == 0x7F for c in text)


def is_ip_literal(inner: str) -> bool:
    """RFC 3986's IPv6address or IPvFuture (no zone id: that is RFC 6874)."""
    if IPV_FUTURE.match(inner):
        return True
    if "%" in inner:
        return False
    try:
        ipaddress.IPv6Address(inner)
    except ValueError:
        return False
    return True


def refusal(text: str) -> Optional[str]:
    """Why docs/links.md's reading of RFC 3986 refuses `text`; None when it reads it."""
    if not text or any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        return "empty or a control character"
    match = URI.match(iri_to_uri(text))
    if not match:
        return "not RFC 3986 syntax"
    authority = match.group("authority")
    if authority is None or "@" in authority:
        return "no authority, or user info"
    host, port = authority, ""
    if authority.startswith("["):
        end = authority.find("]")
        if end < 0 or not is_ip_literal(authority[1:end]) or not re.match(r"(:[0-9]*)?\Z", authority[end + 1:]):
            return "not an IP literal"
        host, port = authority[:end + 1], authority[end + 2:]
    else:
        host, _, port = authority.partition(":")
        if not REG_NAME.match(host) or not decodes_cleanly(host):
            return "not a registered name"
    if not host:
        return "no host"
    if port and not (port.isdigit() and int(port) <= 65535):
        return "not a port"
    parts = match.group("path").split("/") + re.split("[&=]", (match.group("query") or "").replace("+", " "))
    return None if all(decodes_cleanly(part) for part in parts) else "a part does not decode"


def category(text: str) -> Optional[str]:
    """The category of docs/links.md ("Where RFC 3986 and the WHATWG URL Standard differ") of a URL
    RFC 3986 allows, or None."""
    scheme, _, rest = iri_to_uri(text).partition("://")
    host = re.match(r"[^/?#]*", rest).group(0)  # type: ignore[union-attr]
    host = "" if host.startswith("[") else host.partition(":")[0]
    decoded = percent_decoded(host).decode("utf-8", "replace")
    labels = (decoded[:-1] if decoded.endswith(".") else decoded).split(".")
    if scheme.lower() == "file":
        return "file"
    if not decoded.isascii():
        return "idna"
    if any(c in " #%/:<>?@[\\]^|" for c in decoded):
        return "forbidden host code point"
    if NUMERIC_LABEL.fullmatch(labels[-1]):
        return "ipv4-like"
    return None


def corpus() -> List[Tuple[str, bool]]:
    """Every input and parsed href of the data, once each, with whether the WHATWG parser fails on it."""
    seen: Dict[str, bool] = {}
    for case in json.loads(CORPUS.read_text(encoding="utf-8")):
        if isinstance(case, dict):
            seen.setdefault(case["input"], bool(case.get("failure")))
            if "href" in case:
                seen.setdefault(case["href"], False)
    return list(seen.items())


def library_refusal(nav: navcore.Navigator, text: str) -> Optional[str]:
    """The library's message when it refuses to read `text`; None when it reads it (and no link matches)."""
    try:
        nav.resolve_url(text)
    except navcore.NoMatchError as error:
        read = re.search(r': (no link has the scheme and host|closest is) ', error.message)
        return None if read else error.message
    except navcore.InvalidArgumentError as error:  # a NUL or a lone surrogate never reaches the library
        return str(error)
    raise AssertionError(f"{text!r} resolved on the links table")


@pytest.fixture(scope="module")
def links() -> navcore.Navigator:
    """One navigator over the links table for the whole module (resolving changes nothing)."""
    return navcore.Navigator(TABLES / "links.json")


def test_the_library_reads_exactly_what_rfc_3986_allows(links: navcore.Navigator) -> None:
    cases = corpus()
    assert len(cases) > 1000
    disagreements = [(text, refusal(text), library_refusal(links, text)) for text, _ in cases
                     if (refusal(text) is None) != (library_refusal(links, text) is None)]
    assert disagreements == []


def test_whatwg_failures_are_refused_unless_in_a_documented_category(links: navcore.Navigator) -> None:
    seen: Dict[str, List[str]] = {}
    for text, failure in corpus():
        if not failure:
            continue
        if refusal(text) is not None:
            assert library_refusal(links, text) is not None, text
            continue
        kind = category(text)
        assert kind is not None, f"{text!r}: the WHATWG parser refuses it, RFC 3986 allows it, and no documented category says why"
        assert library_refusal(links, text) is None, text  # the documented answer: read, the host as a registered name
        seen.setdefault(kind, []).append(text)
    assert sorted(seen) == ["file", "forbidden host code point", "idna", "ipv4-like"]


@pytest.mark.parametrize("url, kind", [
    ("http://256.256.256.256/x", "ipv4-like"), ("http://foo.0x/", "ipv4-like"),
    ("http://ho%3Cst/", "forbidden host code point"), ("http://%ef%bf%bd/", "idna"),
    ("http://xn--caf-dma.com\u00ad/", "idna"), ("file://host:99/", "file"),
])
def test_each_category_gets_the_documented_answer(url: str, kind: str) -> None:
    table = {"navcore": 1, "root": "home", "routes": {"home": {}, "x": {}}, "links": [{"url": url, "stack": ["x"]}]}
    assert refusal(url) is None and category(url) == kind
    with navcore.Navigator(table) as nav:  # a link may use such a host, and URLs that write it the same match it
        resolution = nav.resolve_url(url)
        assert resolution.routes == (navcore.Route("x", {}),)
        assert resolution.raw["routes"] == [{"name": "x", "params": {}}]
        assert resolution.link == url and resolution.reason is None
