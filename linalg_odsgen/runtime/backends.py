"""Backend registry: how an op instance executes on NumPy operands.

A backend is `fn(op, operands) -> None` writing the outputs in place; it reads only
the instance (`op.region`, `op.indexing_maps`, `op.loop_ranges()`, ...) and never
special-cases an op by name. `loops` runs the generated loop nest (the reference
semantics); the vectorised `fast` backend registers itself from
`linalg_odsgen.runtime.fast` and becomes the default once present.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError

if TYPE_CHECKING:
    from linalg_odsgen.runtime.structured_op import StructuredOp

Backend = Callable[["StructuredOp", list[Any]], None]

_BACKENDS: dict[str, Backend] = {}
_fast_probed = False


def register_backend(name: str, fn: Backend) -> None:
    """Make `fn` available as `backend=name` (re-registering replaces it)."""
    _BACKENDS[name] = fn


def _probe_fast() -> None:
    """Import the fast backend once, if it exists, so it can register itself."""
    global _fast_probed
    if _fast_probed:
        return
    _fast_probed = True
    try:
        importlib.import_module("linalg_odsgen.runtime.fast")
    except ModuleNotFoundError as exc:
        if exc.name not in ("linalg_odsgen.runtime.fast",):
            raise


def available_backends() -> tuple[str, ...]:
    _probe_fast()
    return tuple(sorted(_BACKENDS))


def default_backend() -> str:
    """`fast` when registered, else `loops`."""
    _probe_fast()
    return "fast" if "fast" in _BACKENDS else "loops"


def get_backend(name: str | None = None) -> Backend:
    """The backend called `name` (the default one for None)."""
    _probe_fast()
    if name is not None and not isinstance(name, str):
        raise DiagnosticError(
            Diagnostic(
                f"backend must be a name such as 'fast' or 'loops', got {name!r}",
                file="<runtime>",
            )
        )
    key = default_backend() if name is None else name
    try:
        return _BACKENDS[key]
    except KeyError:
        known = ", ".join(sorted(_BACKENDS))
        raise DiagnosticError(
            Diagnostic(f"unknown backend {key!r}; available: {known}", file="<runtime>")
        ) from None


def __getattr__(name: str) -> Any:
    # `DEFAULT_BACKEND` is computed on first use: the fast backend may register late.
    if name == "DEFAULT_BACKEND":
        return default_backend()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def signless_view(value: Any) -> Any:
    """Unsigned integer arrays viewed as the signed dtype of their width (MLIR integers are
    signless: the bits are what matter); writes through the view land in the caller's array."""
    if isinstance(value, np.ndarray) and value.dtype.kind == "u":
        return value.view(f"i{value.dtype.itemsize}")
    if isinstance(value, np.generic) and value.dtype.kind == "u":
        return np.asarray(value).view(f"i{value.dtype.itemsize}")[()]
    return value


def run_loops(op: StructuredOp, operands: Sequence[Any]) -> None:
    """The `loops` backend: the op's generated loop nest, element by element."""
    views = [signless_view(v) for v in operands]
    with np.errstate(all="ignore"):
        if getattr(op, "user_indexing_maps", None) is not None:
            run_loops_by_maps(op, views)  # the generated nest assumes the op's own maps
        else:
            op.run_loops(views)


def run_loops_by_maps(op: StructuredOp, operands: Sequence[Any]) -> None:
    """The loop nest read from the instance's indexing maps, in the same order (MLIR's
    `convert-linalg-to-loops`): for ops given `indexing_maps` per instance."""
    from linalg_odsgen.runtime import loop_nest

    body = op.compiled_body
    maps = op.indexing_maps
    outs = [i for i, d in enumerate(op.value_operands) if d.kind.is_tensor and not d.kind.is_input]
    uses_index = getattr(op, "USES_INDEX", False)
    ranges = [int(n) for n in op.loop_ranges() if n is not None]  # all known: arrays given
    for point in loop_nest(*ranges):
        idx = [tuple(r.eval(point) for r in m.results) for m in maps]
        args = [
            v[i] if isinstance(v, np.ndarray) else v for v, i in zip(operands, idx, strict=True)
        ]
        results = body(*args, *point) if uses_index else body(*args)
        if len(outs) == 1:
            results = (results,)
        for o, r in zip(outs, results, strict=True):
            operands[o][idx[o]] = r


register_backend("loops", run_loops)


__all__ = [
    "Backend",
    "available_backends",
    "default_backend",
    "get_backend",
    "register_backend",
    "run_loops",
    "signless_view",
]
