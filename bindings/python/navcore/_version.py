"""navcore's version, written by `make` from Include/navcore.h (docs/building.md, "One version")."""

#: The version of this package and of the library it was built with, "MAJOR.MINOR.PATCH".
VERSION: str = "0.19.0"
#: The major version of the C ABI this binding speaks; the loaded library must match it.
VERSION_MAJOR: int = 0
