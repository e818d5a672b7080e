"""Locating and loading libnavcore, and the one prototype table of every C function.

The library is looked up, first match wins, in:

1. the path in the ``NAVCORE_LIBRARY`` environment variable (when set, it must load);
2. a copy inside this package (``navcore/libnavcore.so*``): a wheel built by ``make wheel`` holds
   one, and the libjansson it needs in ``navcore.libs/``, found through the copy's RUNPATH;
3. in a checkout (``bindings/python/navcore`` beside ``Include/navcore.h``), its build output
   ``build/lib/libnavcore.so``;
4. the system: ``ctypes.util.find_library("navcore")``, then ``libnavcore.so.0``.

A package installed from the source directory holds no library; importing it then fails with
an ImportError that says what to run. Loading checks that the library's major version equals
:data:`navcore.constants.VERSION_MAJOR` and raises :class:`ImportError` otherwise.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import POINTER, c_char_p, c_int, c_size_t, c_void_p
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, cast

# The prototypes of every function of Include/navcore.h, generated from Include/navcore_api.json
# (scripts/gen_prototypes.py, docs/api-description.md); the callback types are re-exported from here.
from ._prototypes import DESTROY as DESTROY, GUARD as GUARD, LISTENER as LISTENER, VALIDATOR as VALIDATOR
from ._prototypes import PROTOTYPES as _HEADER_PROTOTYPES
from ._version import VERSION
from .constants import VERSION_MAJOR

#: The environment variable naming the library file to load.
ENV_VARIABLE: str = "NAVCORE_LIBRARY"

#: Every exported function: name -> (restype, argtypes): the header's, and navcore_debug.h's one function,
#: which the description leaves out (navcore_debug.h is not installed). Out-strings are ``c_void_p`` so the
#: pointer survives to be read with ``ctypes.string_at`` and released with ``navcore_string_free``.
PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    **_HEADER_PROTOTYPES,
    "navcore_match_segments": (c_int, [c_void_p, c_char_p, c_char_p, POINTER(c_char_p), c_size_t, POINTER(c_size_t)]),
}


def _package_dir() -> Path:
    """The directory of this package: where a wheel's copy of the library sits."""
    return Path(__file__).resolve().parent


def _checkout() -> Optional[Path]:
    """The checkout this package sits in (``<checkout>/bindings/python/navcore``), or None."""
    root = _package_dir().parent.parent.parent
    return root if (root / "Include" / "navcore.h").is_file() else None


def candidate_paths() -> List[str]:
    """The places tried, in order, when ``NAVCORE_LIBRARY`` is not set."""
    # libnavcore.so sorts before libnavcore.so.0 and libnavcore.so.0.1.0: the plainest name first.
    bundled = [str(path) for path in sorted(_package_dir().glob("libnavcore.so*"))]
    checkout = _checkout()
    build = [str(checkout / "build" / "lib" / "libnavcore.so")] if checkout else []
    system = ctypes.util.find_library("navcore")
    return bundled + build + ([system] if system else []) + ["libnavcore.so.0"]


def _not_found_advice() -> str:
    """What to run when no library loads: build it in a checkout, or replace a library-less install."""
    checkout = _checkout()
    if checkout:
        return f"Build it with `make lib` in {checkout}, or set {ENV_VARIABLE} to a libnavcore.so."
    return (
        f"This navcore package ({_package_dir()}) holds no library: it was installed from the source "
        "directory, which cannot build one. In a navcore checkout, run `make wheel`, then "
        f"`pip install --force-reinstall build/wheel/navcore-{VERSION}-*.whl`; or install the C library "
        f"with `make install`; or set {ENV_VARIABLE} to a libnavcore.so."
    )


def _open(path: str) -> Optional[ctypes.CDLL]:
    """The library at ``path``, or None when it cannot be loaded from there."""
    try:
        return ctypes.CDLL(path)
    except OSError:
        return None


def _check_version(lib: ctypes.CDLL, path: str) -> str:
    """The library's version string; raises ImportError if its major differs from the binding's."""
    try:
        version_fn = lib.navcore_version
    except AttributeError:
        raise ImportError(f"navcore: {path} has no navcore_version(); it is not libnavcore") from None
    version_fn.restype, version_fn.argtypes = PROTOTYPES["navcore_version"]
    version = cast(bytes, version_fn()).decode("ascii", "replace")
    major = version.split(".", 1)[0]
    if major != str(VERSION_MAJOR):
        raise ImportError(
            f"navcore: {path} is libnavcore {version}, but this binding needs major version "
            f"{VERSION_MAJOR} (a {VERSION_MAJOR}.x library); install a matching libnavcore "
            f"or point {ENV_VARIABLE} at one"
        )
    return version


def _declare(lib: ctypes.CDLL, path: str) -> None:
    """Sets restype and argtypes of every function of :data:`PROTOTYPES` on ``lib``."""
    for name, (restype, argtypes) in PROTOTYPES.items():
        try:
            function = getattr(lib, name)
        except AttributeError:
            raise ImportError(f"navcore: {path} does not export {name}()") from None
        function.restype = restype
        function.argtypes = argtypes


def load(env: Optional[str] = None, candidates: Optional[Sequence[str]] = None) -> Tuple[ctypes.CDLL, str]:
    """Finds, loads, checks and declares libnavcore; returns it with the path it came from.

    ``env`` is the value of ``NAVCORE_LIBRARY`` (read from the environment when None);
    ``candidates`` the fallback places (:func:`candidate_paths` when None).
    Raises ImportError with the places tried when none loads, or on a version mismatch.
    """
    env = os.environ.get(ENV_VARIABLE) if env is None else env
    if env:
        path, lib = env, _open(env)
        if lib is None:
            raise ImportError(f"navcore: cannot load {env} (from {ENV_VARIABLE})")
    else:
        places = list(candidate_paths() if candidates is None else candidates)
        for path in places:
            lib = _open(path)
            if lib is not None:
                break
        else:
            raise ImportError("navcore: libnavcore not found; tried " + ", ".join(places) + ". " + _not_found_advice())
    _check_version(lib, path)
    _declare(lib, path)
    return lib, path


LIB, PATH = load()
