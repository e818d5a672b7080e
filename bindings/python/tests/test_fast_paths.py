"""The binding's fast paths against its general ones, over generated input: the compiled
decoder of each typed document (navcore._document) against the general decoder, and the
writer of flat params (navcore._marshal.dump) against json.dumps. A fast path may leave a
value to the general one, but whatever it builds must be what the general path builds."""

from __future__ import annotations

import collections.abc
import dataclasses
import json
from types import MappingProxyType
from typing import Any, Callable, Literal, Tuple, Type, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import scaled
from test_documents import CLASSES

import navcore
from navcore._document import Document, _decode, _Misshapen
from navcore._marshal import dump

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False), st.text(max_size=4))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                                 st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                           max_leaves=6)
#: A value of the wrong shape somewhere: any JSON value, or a Mapping that is not a dict.
junk = st.one_of(json_values, st.builds(MappingProxyType, st.dictionaries(st.text(max_size=3), json_values, max_size=2)))


def values_of(hint: Any, depth: int = 0) -> st.SearchStrategy[Any]:
    """JSON values for a field typed ``hint``: mostly of its shape, now and then not."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union and type(None) in args:
        proper = st.one_of(st.none(), values_of(next(arg for arg in args if arg is not type(None)), depth))
    elif origin is tuple:
        proper = st.lists(values_of(args[0], depth + 1), max_size=3)
    elif origin in (dict, collections.abc.Mapping):
        proper = st.dictionaries(st.text(max_size=3), values_of(args[1], depth + 1), max_size=3)
    elif origin is Literal:
        proper = st.sampled_from(args)
    elif isinstance(hint, type) and issubclass(hint, Document):
        proper = documents_of(hint, depth + 1) if depth < 3 else st.fixed_dictionaries({})
    else:
        proper = {str: st.text(max_size=4), int: st.integers(-(2**70), 2**70), bool: st.booleans()}.get(hint, json_values)
    return st.one_of(proper, proper, proper, proper, proper, proper, junk)


def documents_of(cls: type, depth: int = 0) -> st.SearchStrategy[Any]:
    """JSON objects for ``cls``: its keys (a required one now and then left out, an optional one
    often), unknown keys now and then, sometimes as a Mapping that is not a dict."""
    hints = get_type_hints(cls)
    keys = {field.metadata.get("key", field.name): values_of(hints[field.name], depth) for field in dataclasses.fields(cls)}

    @st.composite
    def document(draw: Callable[..., Any]) -> Any:
        made = {key: draw(strategy) for key, strategy in keys.items() if draw(st.integers(0, 9)) > 1}
        made.update(draw(st.dictionaries(st.sampled_from(["navcore", "later"]), json_values, max_size=1)))
        return MappingProxyType(made) if draw(st.integers(0, 19)) == 0 else made

    return document()


def general(cls: Type[Document], document: Any) -> Document:
    """``cls.from_json`` as the general decoder alone does it."""
    try:
        return _decode(cls, document)
    except _Misshapen as error:
        raise ValueError(f"{cls.__name__}{error.place}: {error.problem}") from None


def outcome(decode: Callable[[], Any]) -> Tuple[str, Any]:
    """What a decode gives: ("ok", the value) or ("error", its class and message)."""
    try:
        return "ok", decode()
    except Exception as error:  # the outcome is compared, whatever it is
        return "error", (type(error), str(error))


def assert_same(fast: Any, slow: Any, place: str) -> None:
    """``fast`` is built as ``slow`` is: the same classes, fields in the same order, the same raw
    document, the same objects where the general decoder takes a value as it is."""
    assert type(fast) is type(slow), place
    if isinstance(fast, Document):
        assert list(vars(fast)) == list(vars(slow)), place
        assert fast.raw is slow.raw, place
        for field in dataclasses.fields(fast):
            key = field.metadata.get("key", field.name)
            mine, theirs = vars(fast)[field.name], vars(slow)[field.name]
            assert (mine is fast.raw.get(key)) == (theirs is slow.raw.get(key)), f"{place}.{field.name} aliases raw"
            assert_same(mine, theirs, f"{place}.{field.name}")
    elif type(fast) is dict and fast is not slow:  # a converted object: a new dict on both sides
        assert list(fast) == list(slow), place
        for key in fast:
            assert_same(fast[key], slow[key], f"{place}[{key!r}]")
    elif type(fast) is tuple:
        assert len(fast) == len(slow), place
        for index, (mine, theirs) in enumerate(zip(fast, slow)):
            assert_same(mine, theirs, f"{place}[{index}]")
    else:
        assert fast is slow, place


@pytest.mark.parametrize("cls", [cls for cls, _ in CLASSES] + [navcore.Cause, navcore.Proposal],
                         ids=[cls.__name__ for cls, _ in CLASSES] + ["Cause", "Proposal"])
@settings(max_examples=scaled(40), deadline=None)
@given(data=st.data())
def test_the_fast_decoder_builds_what_the_general_one_builds(cls: Type[Document], data: st.DataObject) -> None:
    document = data.draw(documents_of(cls))
    fast, slow = outcome(lambda: cls.from_json(document)), outcome(lambda: general(cls, document))
    assert fast[0] == slow[0], (fast, slow)
    if fast[0] == "error":
        assert fast[1] == slow[1]
    else:
        assert_same(fast[1], slow[1], cls.__name__)
        assert fast[1] == slow[1] and repr(fast[1]) == repr(slow[1])


params_values = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(), st.floats(),
                          st.lists(st.integers(), max_size=2), st.sampled_from(["\ud800", "a\x00b", "é\"\\\n"]))
params = st.one_of(st.dictionaries(st.text(), params_values, max_size=4),
                   st.dictionaries(st.one_of(st.integers(), st.booleans(), st.none()), st.integers(), max_size=2),
                   json_values)


@settings(max_examples=scaled(200), deadline=None)
@given(value=params)
def test_dump_writes_what_json_dumps_writes(value: Any) -> None:
    expected = outcome(lambda: json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    written = outcome(lambda: dump(value, "params"))
    if expected[0] == "ok" and b"\0" not in expected[1]:
        assert written == expected
    else:  # a lone surrogate (or a NUL) is refused as encode() refuses it, json or not
        assert written[0] == "error" and written[1][0] is navcore.InvalidArgumentError, written


def test_the_documents_the_library_writes_take_the_fast_path() -> None:
    """A transition as the library writes it decodes without the general decoder (which would
    cost every call its time again): the compiled decoder takes it, and builds the same."""
    from navcore import _document

    with navcore.Navigator({"navcore": 1, "root": "home", "routes": {"home": {}, "product": {"params": {"id": "int"}}}}) as nav:
        transition = nav.push("product", id=4).raw
    assert_same(_document._fast_decoder(navcore.Transition)(transition), general(navcore.Transition, transition), "Transition")


def test_a_subclass_of_a_compiled_class_decodes_as_itself() -> None:
    """Each class compiles its own decoder on first use, also when the class it derives from has
    compiled one already; and the base class refuses as it always did."""
    entry = {"id": 2, "name": "product", "params": {"id": 4}, "title": "Product 4", "note": "kept"}
    assert type(navcore.Entry.from_json(entry)) is navcore.Entry  # compiles Entry's decoder

    @dataclasses.dataclass(frozen=True)
    class NotedEntry(navcore.Entry):
        note: str = ""

    noted = NotedEntry.from_json(entry)
    assert type(noted) is NotedEntry and noted.note == "kept" and noted.params == {"id": 4}
    assert type(navcore.Entry.from_json(entry)) is navcore.Entry
    with pytest.raises(TypeError):
        Document.from_json(entry)
