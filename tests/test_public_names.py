"""One public name, one meaning: no two public modules export different things by one name."""

from __future__ import annotations

import importlib
from collections import defaultdict

from linalg_odsgen.docgen.reference.api import MODULES

# (module, names): the documented modules (with the names the API page lists, or all of
# `__all__` when it lists none) and the other modules users import. `sources` is behind the
# facade (`linalg_odsgen.read`), which is why its `read` may differ from the facade's.
PUBLIC: list[tuple[str, tuple[str, ...]]] = [
    *MODULES,
    ("linalg_odsgen", ()),
    ("linalg_odsgen.api", ()),
    ("linalg_odsgen.ops", ()),
    ("linalg_odsgen.model", ()),
    ("linalg_odsgen.payloads", ()),
]
# The backend protocol: each backend module implements the same functions on purpose.
BACKEND_PROTOCOL = {"run", "explain"}


def _exports() -> dict[str, list[tuple[str, object]]]:
    found: dict[str, list[tuple[str, object]]] = defaultdict(list)
    for name, listed in PUBLIC:
        module = importlib.import_module(name)
        for attr in listed or getattr(module, "__all__", ()):
            found[attr].append((name, getattr(module, attr)))
    return found


def test_every_public_module_declares_what_it_exports() -> None:
    for name, _ in PUBLIC:
        assert hasattr(importlib.import_module(name), "__all__"), name


def test_no_public_name_means_two_things() -> None:
    clashes = {
        attr: sorted(module for module, _ in owners)
        for attr, owners in _exports().items()
        if attr not in BACKEND_PROTOCOL and len({id(obj) for _, obj in owners}) > 1
    }
    assert clashes == {}
