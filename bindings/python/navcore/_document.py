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
import json
from typing import Any, Callable, ClassVar, Dict, List, Mapping, Tuple, Type, TypeVar, Union, get_args, get_origin, get_type_hints

D = TypeVar("D", bound="Document")

#: Converts the JSON value of one field, given the value and where it is (for errors).
Converter = Callable[[Any, str], Any]
#: How one field is decoded: its name, JSON key, converter, and whether the key is required.
Step = Tuple[str, str, Converter, bool]


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

    @classmethod
    def from_json(cls: Type[D], document: Union[Mapping[str, Any], str, bytes]) -> D:
        """Decodes ``document`` (parsed, or JSON text). Raises ValueError naming the first key
        that is missing or of the wrong shape."""
        parsed = json.loads(document) if isinstance(document, (str, bytes)) else document
        return _decode(cls, parsed, cls.__name__)

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


def _decode(cls: Type[D], document: Any, where: str) -> D:
    """``cls`` decoded from ``document``; ``where`` names it in errors."""
    if not isinstance(document, Mapping):
        raise ValueError(f"{where}: expected a JSON object, got {type(document).__name__}")
    values: Dict[str, Any] = {}
    for name, json_key, convert, required in _plan(cls):
        if json_key in document:
            values[name] = convert(document[json_key], f"{where}.{json_key}")
        elif required:
            raise ValueError(f"{where}: missing key {json_key!r}")
    instance = cls(**values)
    object.__setattr__(instance, "_raw", document)
    return instance


_PLANS: Dict[type, List[Step]] = {}


def _plan(cls: type) -> List[Step]:
    """For each field of ``cls``: its name, JSON key, converter, and whether the key is required
    (the field has no default). Computed once per class."""
    plan = _PLANS.get(cls)
    if plan is None:
        hints = get_type_hints(cls)
        plan = [
            (
                field.name,
                field.metadata.get("key", field.name),
                _converter(hints[field.name]),
                field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING,
            )
            for field in dataclasses.fields(cls)
        ]
        _PLANS[cls] = plan
    return plan


def _converter(hint: Any) -> Converter:
    """The function that converts a JSON value to a field typed ``hint``."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union and type(None) in args:
        inner = _converter(next(arg for arg in args if arg is not type(None)))
        return lambda value, where: None if value is None else inner(value, where)
    if origin is tuple:
        item = _converter(args[0])
        return lambda value, where: tuple(item(element, f"{where}[{index}]") for index, element in enumerate(_array(value, where)))
    if origin in (dict, collections.abc.Mapping):
        entry = _converter(args[1]) if args else _as_is
        return lambda value, where: {name: entry(element, f"{where}.{name}") for name, element in _object(value, where).items()}
    if isinstance(hint, type) and issubclass(hint, Document):
        return lambda value, where: _decode(hint, value, where)
    return _as_is


def _as_is(value: Any, _where: str) -> Any:
    """A scalar, a Literal or ``Any``: taken as it is."""
    return value


def _array(value: Any, where: str) -> List[Any]:
    """``value``, which must be a JSON array."""
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a JSON array, got {type(value).__name__}")
    return value


def _object(value: Any, where: str) -> Mapping[str, Any]:
    """``value``, which must be a JSON object."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{where}: expected a JSON object, got {type(value).__name__}")
    return value
