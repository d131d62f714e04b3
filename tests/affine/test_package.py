"""The package's surface: every public name importable from `linalg_odsgen.affine`, the
module doctests pass."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import linalg_odsgen.affine as affine

MODULES = sorted(f"{affine.__name__}.{info.name}" for info in pkgutil.iter_modules(affine.__path__))


def test_every_public_name_is_exported_from_the_package() -> None:
    for name in affine.__all__:
        obj = getattr(affine, name)
        home = getattr(obj, "__module__", None)
        # classes and functions come from one module of the package, the same object
        if home is not None:
            assert home.startswith(affine.__name__ + ".")
            assert getattr(importlib.import_module(home), name) is obj


@pytest.mark.parametrize("name", [affine.__name__, *MODULES])
def test_module_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    if name == affine.__name__:
        assert result.attempted > 0
