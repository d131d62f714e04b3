"""The call form: `foo(*ins, outs=[...], backend=None, **attrs)` on NumPy arrays.

An op instance (`structured_op`) knows its types, maps and region; this module runs it
on data: it binds call-form values to an instance (memoised per operand types and
attributes in the current `Runtime`), applies the operand rules every backend shares
(aliasing, byte order), dispatches to the backend and keeps, per call signature, the
runner a backend prepares so that repeated calls on plain arrays skip binding and
planning. It reads op classes and instances only through their documented attributes
(`runtime.protocol`), so it imports neither the op base class nor any backend.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.model import OperandKind
from linalg_odsgen.runtime.backends import get_backend, get_preparer
from linalg_odsgen.runtime.errors import OpError, count
from linalg_odsgen.runtime.operand_values import infer_types, normalise
from linalg_odsgen.runtime.protocol import Backend, OpInstance
from linalg_odsgen.runtime.settings import CURRENT_RUNTIME, current_runtime
from linalg_odsgen.types import ShapedType

# `cls` below is a generated op class (a `StructuredOp` subclass): it builds instances with
# `cls(types, attrs)` and states its operands in the class attributes `OP_NAME`,
# `_VALUE_OPERANDS`, `_NUM_INPUTS`, `_ALL_TENSORS` and `_INPUTS_FIRST`.
OpClass = Any


def bind_arrays(
    cls: OpClass, ins: Sequence[Any], outs: Sequence[Any] | None, attrs: Mapping[str, Any]
) -> tuple[Any, list[Any]]:
    """The verified instance for call-form values, and the normalised operands (arrays
    as given, scalars as NumPy scalars of their element type)."""
    defs = cls._VALUE_OPERANDS
    inputs = [d for d in defs if d.kind.is_input]
    outputs = [d for d in defs if not d.kind.is_input]
    if len(ins) != len(inputs):
        listed = ", ".join(d.name for d in inputs)
        raise OpError(
            cls.OP_NAME, f"expected {count(len(inputs), 'input')} ({listed}), got {len(ins)}"
        )
    if outs is None:
        outs = []
    if isinstance(outs, np.ndarray) or not isinstance(outs, (list, tuple)):
        raise OpError(cls.OP_NAME, "outs must be a list of arrays, e.g. outs=[C]")
    if len(outs) != len(outputs):
        listed = ", ".join(d.name for d in outputs)
        raise OpError(
            cls.OP_NAME,
            f"expected {count(len(outputs), 'output')} in outs=[...] ({listed}), got {len(outs)}",
        )
    by_def: dict[str, Any] = {}
    for d, v in zip(inputs, ins, strict=True):
        by_def[d.name] = v
    for d, v in zip(outputs, outs, strict=True):
        if not isinstance(v, np.ndarray):
            raise OpError(
                cls.OP_NAME,
                f"output {d.name!r} must be a NumPy array (updated in place), got {type(v).__name__}",
                d.name,
            )
        if not v.flags.writeable:
            raise OpError(cls.OP_NAME, f"output {d.name!r} is a read-only array", d.name)
        by_def[d.name] = v
    values = [by_def[d.name] for d in defs]
    rt = CURRENT_RUNTIME.get()
    # Plain arrays for every (tensor) operand: the instance follows from their dtypes
    # and shapes alone, so a repeated call skips type inference and normalisation.
    plain = cls._ALL_TENSORS and all(type(v) is np.ndarray for v in values)
    array_key = None
    if plain:
        array_key = instance_key(cls, [(v.dtype, v.shape) for v in values], attrs)
        hit = rt.array_instances.get(array_key) if array_key is not None else None
        if hit is not None:
            return hit, values
    types = infer_types(cls.OP_NAME, defs, values)
    # Instances are immutable once built: one per (class, operand types, attributes)
    # serves every call with those (verification and maps are per instance, not data).
    key = instance_key(cls, types, attrs)
    op = rt.instances.get(key) if key is not None else None
    if op is None:
        op = cls(types, attrs)
        if key is not None:
            rt.remember(rt.instances, key, op)
    operands = [
        normalise(cls.OP_NAME, d, v, t.element if isinstance(t, ShapedType) else t)
        for d, v, t in zip(defs, values, op.operand_types, strict=True)
    ]
    if array_key is not None:
        rt.remember(rt.array_instances, array_key, op)
    return op, operands


def call(
    cls: OpClass,
    ins: tuple[Any, ...],
    outs: Sequence[Any] | None,
    backend: str | None,
    attrs: Mapping[str, Any],
) -> Any:
    """Run the op on arrays, update `outs` in place and return them (the one output, or
    a tuple of them)."""
    rt = CURRENT_RUNTIME.get()
    if backend is None:
        name: Any = rt.default_backend
        if name is None:
            name = rt.env_backend
    else:
        name = backend
    if type(name) is not str:  # before it is used as a cache key
        backend_of(cls.OP_NAME, name)
    plain = _plain_call(cls, name, ins, outs, attrs)
    prepared = rt.prepared
    runner = prepared.get(plain[0]) if plain is not None else None
    if plain is not None and plain[2] and runner is not None and runner(plain[1]):
        results = plain[1][cls._NUM_INPUTS :]
        return results[0] if len(results) == 1 else tuple(results)
    op, operands = bind_arrays(cls, ins, outs, attrs)
    execute(op, backend_of(cls.OP_NAME, backend), operands)
    # Prepare once per signature: again only when a runner went stale (a setting
    # changed); a signature its backend prepares nothing for is remembered as such
    # (until a backend name is rebound), so its calls do not plan twice.
    if plain is not None and (runner is None or (plain[2] and runner is not _no_runner)):
        prepare = get_preparer(name)
        ready = prepare(op, operands) if prepare is not None else None
        if ready is None or not all(v.dtype.isnative for v in operands):
            ready = _no_runner
        rt.remember(prepared, plain[0], ready)
    results = operands[cls._NUM_INPUTS :]
    return results[0] if len(results) == 1 else tuple(results)


def execute(op: OpInstance, run: Backend, operands: Sequence[Any]) -> None:
    """Run a backend with the runtime's operand rules, the same for every backend:

    - an input that shares memory with an output is read as it was before the op
      (copied first), so `add(x, x[::-1], outs=[x])` means what it would on tensors;
    - two outputs that share memory are refused (which write wins is undefined);
    - arrays in non-native byte order are computed in native order and written back.
    """
    defs = op.value_operands
    outs = [i for i, d in enumerate(defs) if d.kind is OperandKind.OUTPUT_TENSOR]
    for a, b in itertools.combinations(outs, 2):
        if _may_overlap(operands[a], operands[b]):
            names = f"{defs[a].name!r} and {defs[b].name!r}"
            raise OpError(op.OP_NAME, f"outputs {names} share memory; give separate arrays")
    prepared = list(operands)
    for i, v in enumerate(operands):
        if i not in outs and any(_may_overlap(v, operands[o]) for o in outs):
            prepared[i] = v = v.copy()
        if isinstance(v, np.ndarray) and not v.dtype.isnative:
            prepared[i] = v.astype(v.dtype.newbyteorder("="))
    run(op, prepared)
    for o in outs:
        if prepared[o] is not operands[o]:
            operands[o][...] = prepared[o]


def backend_of(op_name: str, backend: Any) -> Backend:
    """The backend called `backend` (the current default for None); a bad name is an
    error naming the op, as every other runtime error does."""
    try:
        return get_backend(backend)
    except DiagnosticError as err:
        raise OpError(op_name, err.diagnostics[0].message) from None


def instance_key(
    cls: OpClass, types: Sequence[Any], attrs: Mapping[str, Any]
) -> tuple[Any, ...] | None:
    """A hashable key of an instance's inputs (None when an attribute value is unhashable)."""
    items = []
    for k in sorted(attrs):
        v = attrs[k]
        if isinstance(v, np.ndarray):
            v = ("ndarray", v.dtype.str, v.shape, v.tobytes())
        elif isinstance(v, list):
            v = ("list", *v)
        elif isinstance(v, tuple):
            v = ("tuple", *v)
        items.append((k, type(v).__name__, v))
    key = (cls, tuple(types), tuple(items))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _no_runner(values: list[np.ndarray]) -> bool:
    """The prepared entry of a signature its backend prepares no runner for."""
    return False


def forget_prepared_calls() -> None:
    """Drop the current runtime's prepared runners (a setting they do not watch changed)."""
    current_runtime().forget_prepared()


def _plain_call(
    cls: OpClass, backend: str, ins: tuple[Any, ...], outs: Any, attrs: Mapping[str, Any]
) -> tuple[tuple[Any, ...], list[np.ndarray], bool] | None:
    """For a call whose operands are all plain arrays given in declaration order (inputs,
    then outputs): its prepared-runner key, the operands, and whether a prepared runner
    may take them as they are — outputs writable and sharing memory with no other
    operand (else the full path runs, which copies such inputs or reports the problem).
    None for any other call."""
    if not cls._INPUTS_FIRST or type(outs) not in (list, tuple) or type(backend) is not str:
        return None
    values = [*ins, *outs]
    if len(ins) != cls._NUM_INPUTS or len(values) != len(cls._VALUE_OPERANDS):
        return None
    signature = []
    for v in values:
        if type(v) is not np.ndarray:
            return None
        signature.append((v.dtype, v.shape, v.strides))
    if not attrs:
        key: tuple[Any, ...] = (cls, backend, tuple(signature))
    else:
        instance = instance_key(cls, (), attrs)
        if instance is None:
            return None
        key = (cls, backend, tuple(signature), instance[2])
    fits = True
    for j in range(cls._NUM_INPUTS, len(values)):
        out = values[j]
        if not out.flags.writeable or any(
            i != j and np.may_share_memory(v, out) for i, v in enumerate(values)
        ):
            fits = False
    return key, values, fits


def _may_overlap(a: Any, b: Any) -> bool:
    """Whether two operands share memory (when that is too costly to decide: assume so)."""
    if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
        return False
    if not np.may_share_memory(a, b):
        return False
    try:
        # (NumPy accepts any work bound; its stubs list only -1 and 0)
        return bool(np.shares_memory(a, b, max_work=10_000))  # type: ignore[arg-type]
    except np.exceptions.TooHardError:
        return True


__all__ = ["backend_of", "bind_arrays", "call", "execute", "forget_prepared_calls", "instance_key"]
