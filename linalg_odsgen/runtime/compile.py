"""Compile a payload region into one Python function, once per region.

The loop backend calls the body at every point of the iteration space; building
it as straight-line Python source (one call per payload op, each bound to the
exact scalar function of `scalar_semantics`) keeps op names and types out of
the inner loop.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from linalg_odsgen.payload import OpCategory, Region
from linalg_odsgen.runtime.scalar_semantics import constant_value, scalar_function


def region_source(region: Region, num_dims: int = 0) -> tuple[str, dict[str, Any]]:
    """Python source of `body(a0, .., d0, .., d{num_dims-1})` and the globals it needs."""
    env: dict[str, Any] = {}
    params = [f"a{a.id}" for a in region.args]
    used = [int(op.attr("dim")) for op in region.ops if op.category is OpCategory.INDEX]
    if used and max(used) >= num_dims:
        raise ValueError(f"the payload reads linalg.index {max(used)} but gets {num_dims} indices")
    lines: list[str] = []
    for a in region.args:
        # Loaded elements become canonical: Python ints (i1 true = -1), float scalars as is.
        if a.type.is_bool:
            lines.append(f"    a{a.id} = -int(a{a.id})")
        elif not a.type.is_float:
            lines.append(f"    a{a.id} = int(a{a.id})")
    names = {a.id: f"a{a.id}" for a in region.args}
    for op in region.ops:
        res = f"v{op.result.id}"
        names[op.result.id] = res
        if op.category is OpCategory.CONSTANT:
            env[f"c{op.result.id}"] = constant_value(op)
            lines.append(f"    {res} = c{op.result.id}")
        elif op.category is OpCategory.INDEX:
            lines.append(f"    {res} = d{int(op.attr('dim'))}")
        else:
            fn = f"f{op.result.id}"
            env[fn] = scalar_function(op)
            args = ", ".join(names[v.id] for v in op.operands)
            lines.append(f"    {res} = {fn}({args})")
    yields = [names[v.id] for v in region.yields]
    ret = yields[0] if len(yields) == 1 else "(" + ", ".join(yields) + ",)"
    lines.append(f"    return {ret}")
    header = "def body(" + ", ".join(params + [f"d{i}" for i in range(num_dims)]) + "):"
    return "\n".join([header, *lines]) + "\n", env


@lru_cache(maxsize=1024)
def compile_region(region: Region, num_dims: int = 0) -> Callable[..., Any]:
    """`body(*block_args, *loop_indices)` returning the yielded value (a tuple if several);
    `num_dims` loop indices are passed when the payload reads `linalg.index`.

    Block arguments are loaded elements (NumPy scalars); results are canonical values
    (see `scalar_semantics`) that NumPy stores into arrays of the output dtype.
    """
    source, env = region_source(region, num_dims)
    code = compile(source, f"<payload of {len(region.ops)} ops>", "exec")
    exec(code, env)
    body: Callable[..., Any] = env["body"]
    return body
