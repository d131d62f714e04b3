"""The cases `conform` runs for an op library: conformance's instances of every op, each in
the generic and (when MLIR 22 has the op) the named form, with static and dynamic sizes.

Instances come from `library.cases_for`: every element-type combination
(i1, i4/i8 with the high bit set, f16/bf16, ...), the function attributes'
alternatives, index attributes and MLIR 22's per-instance `indexing_maps`,
sizes 3, 2, 4 (which tile sizes seldom divide); the data adds NaN, infinities,
-0 and subnormals (`data`).
"""

from __future__ import annotations

from typing import Any

from linalg_odsgen.conformance.engine import spec_seed
from linalg_odsgen.conformance.library import EXPECTED_NOT_IN_MLIR22, _name, cases_for
from linalg_odsgen.conformance.spec import CaseSpec, OpSource
from linalg_odsgen.types import ShapedType


def conform_specs(
    classes: dict[str, Any],
    library: str | None,
    *,
    instances: int | None = None,
    seed: int = 0,
    kind: str = "tensor",
    dialect: str | None = None,
) -> list[CaseSpec]:
    """Cases of every op in `classes` (report name -> class); at most `instances` instances
    per op (spread over its list), each in both forms, every other one with dynamic sizes.
    With `dialect` (a gen-dialect plugin's), named forms are spelled in it, for every op
    of the library."""
    specs: list[CaseSpec] = []
    for name, cls in classes.items():
        cases = [c for c in cases_for(cls) if c.execute]
        if instances is not None and len(cases) > instances:
            cases = _select(cases, instances)
        in_plugin = dialect is not None and not cls.__module__.endswith("mlir22_ops")
        named = in_plugin or library is not None or name not in EXPECTED_NOT_IN_MLIR22
        for i, case in enumerate(cases):
            types = tuple(
                ShapedType(kind, t.shape, t.element) if isinstance(t, ShapedType) else t
                for t in case.types
            )
            # a plugin's ops take no per-instance `indexing_maps` (MLIR 22's matmul family does)
            maps = in_plugin and any(k == "indexing_maps" for k, _ in case.attrs)
            forms = ["generic"] + (["named"] if named and not case.divergence and not maps else [])
            for form in forms:
                specs.append(
                    CaseSpec(
                        OpSource(_name(cls), library),
                        types,
                        case.attrs,
                        form=form,
                        kind=kind,
                        dynamic=i % 2 == 1,
                        seed=spec_seed(seed, name, case.label),
                        label=case.label,
                        dialect=dialect if in_plugin else None,
                    )
                )
    return specs


def _spread(xs: list[Any], n: int) -> list[Any]:
    if len(xs) <= n:
        return list(xs)
    step = len(xs) / n
    return [xs[int(i * step)] for i in range(n)]


def _select(cases: list[Any], n: int) -> list[Any]:
    """At most `n` cases: attribute variants (casts, strides) first, spread over the list,
    then element-type combinations and maps, in their order."""
    attrs = [c for c in cases if "=" in c.label and "maps" not in c.label]
    chosen = _spread(attrs, max(1, n // 2))
    rest = [c for c in cases if c not in chosen]
    chosen += _spread(rest, n - len(chosen))
    return [c for c in cases if c in chosen]


__all__ = ["conform_specs"]
