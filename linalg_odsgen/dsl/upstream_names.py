"""Files written for MLIR's own OpDSL, run unchanged: `from mlir.dialects.linalg.opdsl.lang import *`.

Upstream op files import the language from the MLIR Python bindings. When
`dump-oplib --file` runs such a file, its imports of
`mlir.dialects.linalg.opdsl[.lang[.*]]` are answered with our DSL, and only the
file's: the answer comes from an `__import__` in that file's own builtins, so
`sys.modules` is never touched and a real `mlir` package installed beside us
keeps serving every other import (`from mlir import ir` in the same file too).

Two more spellings of upstream's files are answered, because files are shipped with them:
the relative `from ..lang import *` of upstream's own `ops/core_named_ops.py` (our file
module has no package, so Python alone would refuse it), and boilerplate such as
`from mlir.ir import *` when no MLIR bindings are installed: a star or bare import of a
missing `mlir` module gets an empty stand-in, so a file that uses nothing from it runs.
"""

from __future__ import annotations

import builtins
import itertools
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

PREFIX = "mlir.dialects.linalg.opdsl"
_PARTS = PREFIX.split(".")


def _is_ours(name: str) -> bool:
    return name == PREFIX or name.startswith(PREFIX + ".") or PREFIX.startswith(name + ".")


def _package_tree() -> dict[str, ModuleType]:
    """Stand-in modules `mlir`, `mlir.dialects`, ... `mlir.dialects.linalg.opdsl.lang`."""
    from linalg_odsgen import dsl

    tree: dict[str, ModuleType] = {}
    for i in range(1, len(_PARTS) + 1):
        name = ".".join(_PARTS[:i])
        tree[name] = ModuleType(name, "stand-in for MLIR's OpDSL package (linalg-ods-gen)")
    for i in range(1, len(_PARTS)):
        parent, child = ".".join(_PARTS[:i]), _PARTS[i]
        setattr(tree[parent], child, tree[".".join(_PARTS[: i + 1])])
    tree[PREFIX].lang = dsl  # type: ignore[attr-defined]
    tree[PREFIX + ".lang"] = dsl
    return tree


def _resolve(tree: Mapping[str, ModuleType], name: str) -> ModuleType | None:
    if name in tree:
        return tree[name]
    if name.startswith(PREFIX + ".lang."):  # lang.dsl, lang.types, ...: all one module here
        return tree[PREFIX + ".lang"]
    return None


def _relative(tree: Mapping[str, ModuleType], name: str, fromlist: Sequence[str] | None) -> Any:
    """`from ..lang import *` / `from .. import lang` of a file without a package: our DSL."""
    if not name:
        wanted = tuple(fromlist or ())
        return tree[PREFIX] if wanted and all(f == "lang" for f in wanted) else None
    if name == "lang" or name.startswith("lang."):
        return tree[PREFIX + ".lang"]
    return None


class _MissingBindings(ModuleType):
    """Stand-in for an MLIR bindings module that is not installed: any use names the cause."""

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        raise AttributeError(
            f"{self.__name__}.{attr}: the MLIR Python bindings are not installed "
            "(linalg-ods-gen answers only their OpDSL imports)"
        )


def _stand_in(name: str, fromlist: Sequence[str] | None) -> ModuleType:
    """An empty `mlir[.x[.y]]` for a star or bare import; `import a.b` returns the top one."""
    parts = name.split(".")
    modules = [_MissingBindings(".".join(parts[: i + 1])) for i in range(len(parts))]
    for parent, child in itertools.pairwise(modules):
        parent.__dict__[child.__name__.rpartition(".")[2]] = child
    for m in modules:
        m.__all__ = []  # type: ignore[attr-defined]  # `import *` brings in nothing
    return modules[-1] if fromlist else modules[0]


def importing_opdsl_from_us() -> dict[str, Any]:
    """Builtins for a user file whose `import`s of MLIR's OpDSL get our DSL."""
    tree = _package_tree()
    real: Callable[..., Any] = builtins.__import__

    def _import(
        name: str,
        globals: Mapping[str, object] | None = None,
        locals: Mapping[str, object] | None = None,
        fromlist: Sequence[str] | None = (),
        level: int = 0,
    ) -> Any:
        if level > 0 and not (globals or {}).get("__package__"):
            found = _relative(tree, name, fromlist)
            if found is not None:
                return found
        target = _resolve(tree, name) if level == 0 and _is_ours(name) else None
        if target is not None:
            below = name == PREFIX or name.startswith(PREFIX + ".")
            if below and not fromlist:
                return tree["mlir"]  # `import mlir.dialects.linalg.opdsl.lang as lang`
            # An ancestor (`from mlir.dialects.linalg import opdsl`) only for names we have:
            # anything else under `mlir` is the real package's.
            if below or (fromlist and all(hasattr(target, f) for f in fromlist)):
                return target
        try:
            return real(name, globals, locals, fromlist, level)
        except ModuleNotFoundError:
            boilerplate = not fromlist or tuple(fromlist) == ("*",)
            if level == 0 and boilerplate and (name == "mlir" or name.startswith("mlir.")):
                return _stand_in(name, fromlist)
            raise

    table = dict(vars(builtins))
    table["__import__"] = _import
    return table


__all__ = ["PREFIX", "importing_opdsl_from_us"]
