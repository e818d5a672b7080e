"""The base of navcore's typed documents, and the decoder that builds them from JSON.

Every document the library writes (a transition, the state, a resolution, ...) reaches Python
as a frozen dataclass: fields for attribute access (``t.after.top.title``) and a type checker,
and :attr:`Document.raw` for the document itself. A subclass declares only its fields; the
decoder reads each from the JSON key of the same name (or ``field(metadata=key("from"))``),
converting by the field's type: a ``Document`` subclass is decoded, ``Tuple[X, ...]`` from a
JSON array, ``Mapping[str, X]`` from an object, ``Optional[X]`` also takes a missing key or
null. Anything else (``str``, ``int``, ``bool``, a ``Literal``, ``Any``) is taken as it is.
A key the library adds in a later minor version is kept in ``raw`` and ignored by the fields,
and so is the format key ``navcore`` of a top-level document.

What "frozen" means here: a field cannot be rebound, and equal fields make equal documents
(``raw`` is not compared, so ``true`` and ``1`` in params, or a key left out and the same key
at its default, compare equal: compare ``raw`` for the exact JSON). The JSON values inside
(params, saved state, actions) are the very dicts and lists of ``raw``: copy one before
changing it. A document holding a dict is not hashable; hash an entry's ``id`` instead.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import json
from typing import Any, Callable, ClassVar, Dict, List, Mapping, Optional, Tuple, Type, TypeVar, Union, get_args, get_origin, get_type_hints

D = TypeVar("D", bound="Document")

#: Converts the JSON value of one field; None where the value is taken as it is.
Converter = Optional[Callable[[Any], Any]]
#: How one field is decoded: its name, JSON key, converter, and its default's maker (None when
#: the key is required).
Step = Tuple[str, str, Converter, Optional[Callable[[], Any]]]


def key(name: str) -> Dict[str, str]:
    """The field metadata that reads a field from JSON key ``name`` (for keys such as ``from``)."""
    return {"key": name}


class Document:
    """A typed view of one JSON document written by the library: a frozen dataclass plus ``raw``.

    The base of every typed result (:class:`~navcore.transitions.Transition`,
    :class:`~navcore.entries.State`, ...), for code that takes any of them.
    """

    #: The dataclass fields of the subclass (declared here so that type checkers see a dataclass).
    __dataclass_fields__: ClassVar[Dict[str, Any]]
    #: What from_json does with a parsed document: at first a method that compiles the class's
    #: decoder, which then takes its place in the class (see :func:`_first_parse`).
    _from_parsed: ClassVar[Callable[[Any], Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Gives every subclass its own ``_from_parsed``, so that none inherits the decoder of
        the class it derives from."""
        super().__init_subclass__(**kwargs)
        cls._from_parsed = classmethod(_first_parse)  # type: ignore[assignment]

    @classmethod
    def from_json(cls: Type[D], document: Union[Mapping[str, Any], str, bytes]) -> D:
        """Decodes ``document`` (parsed, or JSON text). Raises ValueError naming the first key
        that is missing or of the wrong shape."""
        parsed = document if type(document) is dict else json.loads(document) if isinstance(document, (str, bytes)) else document
        return cls._from_parsed(parsed)  # type: ignore[no-any-return]

    @property
    def raw(self) -> Mapping[str, Any]:
        """The document as the library wrote it (parsed JSON), keys the fields omit included.

        Only decoded documents have one: an instance built by calling the class raises
        AttributeError."""
        try:
            return self.__dict__["_raw"]  # type: ignore[no-any-return]
        except KeyError:
            raise AttributeError(f"this {type(self).__name__} was built by hand, not decoded: it has no raw document") from None

    def to_json(self) -> str:
        """:attr:`raw` as JSON text."""
        return json.dumps(self.raw)


class _Misshapen(Exception):
    """A document that does not fit its class: ``problem``, at ``place`` (``.after.top``,
    ``.entries[1]``), which grows as the error leaves each level of the decoding."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem, self.place = problem, ""

    def under(self, step: str) -> _Misshapen:
        """This error, placed under ``step`` (a key or an index)."""
        self.place = step + self.place
        return self


def _general(cls: Type[D], document: Any) -> D:
    """``cls`` decoded from ``document`` by the general decoder; raises ValueError naming the
    first key that is missing or of the wrong shape."""
    try:
        return _decode(cls, document)
    except _Misshapen as error:
        raise ValueError(f"{cls.__name__}{error.place}: {error.problem}") from None


def _decode(cls: Type[D], document: Any) -> D:
    """``cls`` decoded from ``document``. The instance is filled in place, without the dataclass
    constructor's frozen-attribute calls: decoding is on the path of every call."""
    if not _is_object(document):
        raise _Misshapen(f"expected a JSON object, got {type(document).__name__}")
    instance = object.__new__(cls)
    fields = instance.__dict__
    for name, json_key, convert, default in _plan(cls):
        if json_key in document:
            value = document[json_key]
            if convert is not None:
                try:
                    value = convert(value)
                except _Misshapen as error:
                    raise error.under(f".{json_key}") from None
            fields[name] = value
        elif default is None:
            raise _Misshapen(f"missing key {json_key!r}")
        else:
            fields[name] = default()
    fields["_raw"] = document
    return instance


_PLANS: Dict[type, List[Step]] = {}


def _plan(cls: type) -> List[Step]:
    """For each field of ``cls``: its name, JSON key, converter and default. Computed once per class."""
    plan = _PLANS.get(cls)
    if plan is None:
        hints = get_type_hints(cls)
        plan = [
            (field.name, field.metadata.get("key", field.name), _converter(hints[field.name]), _default(field))
            for field in dataclasses.fields(cls)
        ]
        _PLANS[cls] = plan
    return plan


def _default(field: dataclasses.Field[Any]) -> Optional[Callable[[], Any]]:
    """What makes ``field``'s default (a new one each time, from a factory); None without one."""
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory
    if field.default is not dataclasses.MISSING:
        value = field.default
        return lambda: value
    return None


def _converter(hint: Any) -> Converter:
    """The function that converts a JSON value to a field typed ``hint``; None for a scalar, a
    Literal or ``Any``, which are taken as they are."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union and type(None) in args:
        inner = _converter(next(arg for arg in args if arg is not type(None)))
        return None if inner is None else lambda value: None if value is None else inner(value)
    if origin is tuple:
        return _tuple_of(_converter(args[0]))
    if origin in (dict, collections.abc.Mapping):
        return _object_of(_converter(args[1]))
    if isinstance(hint, type) and issubclass(hint, Document):
        return lambda value: _decode(hint, value)
    return None


def _tuple_of(item: Converter) -> Callable[[Any], Tuple[Any, ...]]:
    """The converter of a JSON array to a tuple of what ``item`` makes of each element."""

    def convert(value: Any) -> Tuple[Any, ...]:
        if not isinstance(value, list):
            raise _Misshapen(f"expected a JSON array, got {type(value).__name__}")
        if item is None:
            return tuple(value)
        converted = []
        for index, element in enumerate(value):
            try:
                converted.append(item(element))
            except _Misshapen as error:
                raise error.under(f"[{index}]") from None
        return tuple(converted)

    return convert


def _object_of(member: Converter) -> Callable[[Any], Dict[str, Any]]:
    """The converter of a JSON object to a dict of what ``member`` makes of each value."""

    def convert(value: Any) -> Dict[str, Any]:
        if not _is_object(value):
            raise _Misshapen(f"expected a JSON object, got {type(value).__name__}")
        if member is None:
            return dict(value)
        converted = {}
        for name, element in value.items():
            try:
                converted[name] = member(element)
            except _Misshapen as error:
                raise error.under(f".{name}") from None
        return converted

    return convert


# -- the fast path --------------------------------------------------------------------------------
#
# Decoding is on the path of every call, and the general decoder above pays for its generality
# at each field (a loop over the plan, a converter call per level, a try per field). The fast
# path decodes the documents the library writes, as the json module parses them (dicts and
# lists), with one function per class compiled from the same plan, straight-line code as the
# dataclasses module writes its __init__. It refuses everything else by raising (a missing key,
# a value of another shape, a Mapping that is not a dict, ...), and from_json then runs the
# general decoder, which gives the same result or the error that names the place. On what it
# takes it builds exactly what the general decoder builds (tests/test_fast_paths.py).

_FAST: Dict[type, Callable[[Any], Any]] = {}
#: What ``dict.get`` gives for a missing key in the fast decoders (no JSON value is this object).
_MISSING = object()


class _Refused(Exception):
    """What the fast path raises for a value it leaves to the general decoder."""


def _refuse(*_: Any) -> Any:
    """Raises _Refused: a value of a shape the fast path does not take (and, with the document as
    its argument, the placeholder decoder of a class being compiled)."""
    raise _Refused


def _first_parse(cls: Type[D], document: Any) -> D:
    """``cls._from_parsed`` until the first call: compiles the class's entry (the fast decoder's
    code with the general decoder for what it refuses, in one function, a call less on every
    call), makes it ``cls._from_parsed`` and decodes ``document`` with it."""
    try:
        _compile(cls)
    except Exception:  # a class the fast path cannot take at all: the general decoder alone
        cls._from_parsed = staticmethod(functools.partial(_general, cls))
    return cls._from_parsed(document)  # type: ignore[no-any-return]


def _fast_decoder(cls: type) -> Callable[[Any], Any]:
    """The fast decoder of ``cls``, compiled on first use (with those of the classes it holds)."""
    fast = _FAST.get(cls)
    if fast is None:
        fast = _compile(cls)
    return fast


def _compile(cls: type) -> Callable[[Any], Any]:
    """Compiles the fast decoder of ``cls``: for each field in the order of the plan, the value
    of its key converted by its type, or its default when the key is missing and it has one;
    and its entry, the same code with the general decoder for whatever it refuses."""
    namespace: Dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_refuse": _refuse, "_missing": _MISSING,
                                 "_general": _general}
    _FAST[cls] = _refuse  # a class that holds itself gets the general decoder there, not endless compiling
    hints = get_type_hints(cls)
    body = ["if type(document) is not dict: _refuse()", "instance = _new(_cls)", "fields = instance.__dict__"]
    for index, field in enumerate(dataclasses.fields(cls)):
        json_key = field.metadata.get("key", field.name)
        convert = _expression(hints[field.name], "value", namespace, 0)
        # The general decoder's default: the factory's new value, or the one default value.
        has_factory = field.default_factory is not dataclasses.MISSING
        namespace[f"_default{index}"] = field.default_factory if has_factory else field.default
        if field.default is dataclasses.MISSING and not has_factory:
            read = f"document[{json_key!r}]"
        elif convert == "value" and not has_factory:
            read, convert = f"document.get({json_key!r}, _default{index})", "value"
        else:
            read = f"document.get({json_key!r}, _missing)"
            convert = f"_default{index}{'()' if has_factory else ''} if value is _missing else {convert}"
        if convert == "value":
            body.append(f"fields[{field.name!r}] = {read}")
        else:
            body += [f"value = {read}", f"fields[{field.name!r}] = {convert}"]
    body += ["fields['_raw'] = document", "return instance"]
    lines = ["def decode(document):"] + ["    " + line for line in body]
    lines += ["def entry(document):", "    try:"] + ["        " + line for line in body]
    lines += ["    except Exception:  # anything the fast path does not take: the general decoder decides",
              "        pass", "    return _general(_cls, document)"]
    exec("\n".join(lines), namespace)  # noqa: S102 - the text is built above from the class's own fields
    fast: Callable[[Any], Any] = namespace["decode"]
    _FAST[cls] = fast
    cls._from_parsed = staticmethod(namespace["entry"])  # type: ignore[attr-defined]
    return fast


def _expression(hint: Any, value: str, namespace: Dict[str, Any], depth: int) -> str:
    """The Python expression that converts the JSON value named ``value`` to a field typed
    ``hint`` as the general decoder's converter does, refusing what is not a dict or list where
    one belongs; ``depth`` names the variables of nested comprehensions apart."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union and type(None) in args:
        inner = _expression(next(arg for arg in args if arg is not type(None)), value, namespace, depth)
        return value if inner == value else f"(None if {value} is None else {inner})"
    if origin is tuple:
        item = f"item{depth}"
        convert = _expression(args[0], item, namespace, depth + 1)
        if convert == item:
            made = f"tuple({value})"
        elif convert == f"{_decoder_name(args[0])}({item})":
            # One document (a resolution's route, a transition's entry) is the common case: a
            # call from this frame costs less than map(), whose call per item costs less than a
            # comprehension's.
            decoder = _decoder_name(args[0])
            made = f"(({decoder}({value}[0]),) if len({value}) == 1 else tuple(map({decoder}, {value})))"
        else:
            made = f"tuple([{convert} for {item} in {value}])"
        return f"({made} if type({value}) is list else _refuse())"
    if origin in (dict, collections.abc.Mapping):
        name, member = f"name{depth}", f"member{depth}"
        convert = _expression(args[1], member, namespace, depth + 1)
        made = f"dict({value})" if convert == member else f"{{{name}: {convert} for {name}, {member} in {value}.items()}}"
        return f"({made} if type({value}) is dict else _refuse())"
    if isinstance(hint, type) and issubclass(hint, Document):
        namespace[_decoder_name(hint)] = _fast_decoder(hint)
        return f"{_decoder_name(hint)}({value})"
    return value


def _decoder_name(hint: Any) -> str:
    """The name a compiled decoder calls the fast decoder of class ``hint`` by."""
    return f"_decode_{getattr(hint, '__name__', '')}"


def _is_object(value: Any) -> bool:
    """Whether ``value`` is a JSON object: a dict (tested first: it is what ``json.loads`` makes,
    and the cheaper test), or another mapping."""
    return isinstance(value, dict) or isinstance(value, collections.abc.Mapping)


Document._from_parsed = classmethod(_first_parse)  # type: ignore[assignment]  # the base's own, as a subclass's
