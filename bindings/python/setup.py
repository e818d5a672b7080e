"""Builds a platform wheel when a libnavcore.so* sits in navcore/ (as `make wheel` arranges),
else a pure one (`pip install .` from the source directory, whose import then says what to run).

The library is loaded with ctypes, not imported as an extension module, so the wheel fits any
Python 3 on its platform: its tag is py3-none-<platform>, which `make wheel` hands to auditwheel
to bundle libjansson and to turn the platform into a manylinux tag. Everything else is in
pyproject.toml.
"""

from pathlib import Path

from setuptools import Distribution, setup


class LibraryDistribution(Distribution):
    """A distribution holding a shared library: its files go to platlib, its wheel is not pure."""

    def has_ext_modules(self) -> bool:
        return True


def platform_wheel() -> type:
    """The bdist_wheel command tagging a wheel py3-none-<platform>: platform files, no Python ABI."""
    try:
        from setuptools.command.bdist_wheel import bdist_wheel
    except ImportError:  # setuptools before 70.1 takes it from the wheel package
        from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

    class PlatformWheel(bdist_wheel):  # type: ignore[misc,valid-type]
        def get_tag(self) -> tuple:
            _python, _abi, platform = super().get_tag()
            return "py3", "none", platform

    return PlatformWheel


if any((Path(__file__).resolve().parent / "navcore").glob("libnavcore.so*")):
    setup(distclass=LibraryDistribution, cmdclass={"bdist_wheel": platform_wheel()})
else:
    setup()
