"""MLIR 22's vectorizing pipeline as a speed baseline: what `mlir-opt-22` makes of a named op
when asked to tile, vectorize and keep accumulators in registers, on one thread.

The op is written on tensors inside the timed `@kernel` (memrefs in, `to_tensor`, the named
op, `materialize_in_destination`), and a transform-dialect script schedules it:

1. tile the two innermost output dims by 8 x VEC (VEC = one AVX-512 register pair's worth:
   32 f32, 16 f64, 64 for 8/16-bit types), every other loop (reductions too) by 1, using
   divisors of the extents only (no masking); a 2-D window's first output dim stays 1;
2. decompose 2-D convolutions and poolings into 1-D ones (`structured.decompose`);
3. vectorize the tiled op (contractions as `vector.contract`), lower contractions to outer
   products and hoist the loop-invariant accumulator reads and writes out of the
   reduction loops (`loop.hoist_loop_invariant_subsets`);

then bufferize and lower to LLVM; `mlir-runner-22 -O3` JIT-compiles it for this CPU. If a
step fails the schedule is retried without named contractions, then without
decomposition; the returned note says which form ran.
"""

from __future__ import annotations

from typing import Any

import bench

from linalg_odsgen.affine import AffineDimExpr
from linalg_odsgen.model import OperandKind

# Everything the transform script leaves, down to LLVM (vectors unrolled to 1-D first).
_LOWER = (
    "--canonicalize",
    "--cse",
    "--one-shot-bufferize",
    "--canonicalize",
    "--cse",
    "--fold-memref-alias-ops",
    "--canonicalize",
    "--convert-vector-to-scf=full-unroll=true",
    "--convert-linalg-to-loops",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--convert-vector-to-llvm",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
)
PASSES = (
    "--transform-preload-library=transform-library-paths={dir}/schedule.mlir",
    "--transform-interpreter",
    *_LOWER,
)

# Register tile rows and the vector dim's width per element size in bytes.
ROWS = 8
_VECTOR = {1: 64, 2: 64, 4: 32, 8: 16}
_LANES = {1: 64, 2: 32, 4: 16, 8: 8}  # AVX-512


def _divisor(n: int, cap: int, lanes: int = 1) -> int:
    """The largest divisor of n up to cap: a multiple of `lanes` if any, else a power of
    two, else 1."""
    divisors = [d for d in range(1, min(n, cap) + 1) if n % d == 0]
    for good in (lambda d: d % lanes == 0, lambda d: d & (d - 1) == 0):
        picked = [d for d in divisors if good(d)]
        if picked:
            return max(picked)
    return 1


def tile_sizes(op: Any) -> tuple[list[int], bool]:
    """Per loop: its tile size (0: not tiled), and whether the op is a 2-D window."""
    ranges = [int(r) for r in op.loop_ranges()]
    n = op.num_loops
    maps = op.indexing_maps
    out_map = maps[-1]
    out_dims = [r.position for r in out_map.results if isinstance(r, AffineDimExpr)]
    windows = []  # (output dim, window dim) pairs of inputs' `o * s + w * d` components
    for m in maps[:-1]:
        for r in m.results:
            used = sorted(r.used_dims())
            if len(used) == 2:
                a, b = used
                if a in out_dims and b not in out_dims:
                    windows.append((a, b))
                elif b in out_dims and a not in out_dims:
                    windows.append((b, a))
    size = op.element_types[-1].dtype.itemsize
    tiles = [1] * n
    kept_whole = {windows[0][0]} if len(windows) >= 2 else set()
    candidates = [d for d in out_dims if d not in kept_whole and ranges[d] > 1]
    if candidates:
        vec = _VECTOR.get(size, 32)
        tiles[candidates[-1]] = _divisor(ranges[candidates[-1]], vec, min(_LANES[size], vec))
        if len(candidates) >= 2:
            tiles[candidates[-2]] = _divisor(ranges[candidates[-2]], ROWS)
    tiles = [0 if t >= r else t for t, r in zip(tiles, ranges, strict=True)]
    return tiles, len(windows) == 2


def schedule(tiles: list[int], decompose: bool, named_contraction: bool) -> str:
    """The transform script (applied to `@kernel` only)."""
    any_op = "!transform.any_op"
    lines = [
        "module attributes {transform.with_named_sequence} {",
        f"  transform.named_sequence @__transform_main(%root: {any_op} {{transform.readonly}}) {{",
        '    %k = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} '
        f"in %root : ({any_op}) -> {any_op}",
        f"    %op = transform.structured.match interface{{LinalgOp}} in %k : ({any_op}) -> {any_op}",
    ]
    cur = "%op"
    loops = sum(1 for t in tiles if t)
    if loops:
        names = ", ".join(f"%l{i}" for i in range(loops))
        results = ", ".join([any_op] * (loops + 1))
        lines.append(
            f"    %t, {names} = transform.structured.tile_using_for %op tile_sizes "
            f"[{', '.join(map(str, tiles))}] : ({any_op}) -> ({results})"
        )
        cur = "%t"
    if decompose:
        lines.append(f"    %d = transform.structured.decompose {cur} : ({any_op}) -> {any_op}")
        cur = "%d"
    attr = " {create_named_contraction}" if named_contraction else ""
    lines += [
        f"    transform.structured.vectorize {cur}{attr} : {any_op}",
        "    transform.apply_patterns to %k {",
        "      transform.apply_patterns.vector.transfer_permutation_patterns",
        "      transform.apply_patterns.vector.reduction_to_contract",
        "      transform.apply_patterns.vector.sink_ops",
        "      transform.apply_patterns.canonicalization",
        f"    }} : {any_op}",
        "    transform.apply_patterns to %k {",
        "      transform.apply_patterns.vector.cast_away_vector_leading_one_dim",
        '      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"',
        "      transform.apply_patterns.vector.transfer_permutation_patterns",
        "      transform.apply_patterns.vector.lower_multi_reduction "
        'lowering_strategy = "innerparallel"',
        "      transform.apply_patterns.vector.lower_outerproduct",
        "      transform.apply_patterns.canonicalization",
        f"    }} : {any_op}",
        f"    transform.apply_cse to %k : {any_op}",
        '    %loops = transform.structured.match ops{["scf.for"]} in %k '
        f": ({any_op}) -> {any_op}",
        f"    transform.foreach %loops : {any_op} {{",
        f"    ^bb0(%lp: {any_op}):",
        f"      transform.loop.hoist_loop_invariant_subsets %lp : {any_op}",
        "    }",
        "    transform.yield",
        "  }",
        "}",
        "",
    ]
    return "\n".join(lines)


def tensor_kernel(op: Any) -> str:
    """`@kernel` on memrefs whose body runs the named op on tensors."""
    from linalg_odsgen.mlir.printer import Form, operand_signature, print_op
    from linalg_odsgen.mlir.region_printer import NameScope

    mems = operand_signature(op, "memref")
    tens = operand_signature(op, "tensor")
    scope = NameScope()
    params, names, body = [], [], []
    out = None
    for j, (odef, mem, ten) in enumerate(zip(op.value_operands, mems, tens, strict=True)):
        arg = scope.named(f"a{j}")
        params.append(f"{arg}: {mem if mem.kind is not None else mem.element}")
        if mem.kind is None:
            names.append(arg)
            continue
        value = scope.named(f"t{j}")
        writable = " writable" if odef.kind is OperandKind.OUTPUT_TENSOR else ""
        body.append(
            f"    {value} = bufferization.to_tensor {arg} restrict{writable} : {mem} to {ten}"
        )
        names.append(value)
        if odef.kind is OperandKind.OUTPUT_TENSOR:
            out = (arg, mem, ten)
    lines, results = print_op(op, Form.NAMED, names, tens, scope, "    ")
    assert out is not None and len(results) == 1
    arg, mem, ten = out
    body += lines
    body.append(
        f"    bufferization.materialize_in_destination {results[0]} in restrict writable "
        f"{arg} : ({ten}, {mem}) -> ()"
    )
    return (
        "  func.func @kernel("
        + ", ".join(params)
        + ') attributes {passthrough = ["noinline"]} {\n'
        + "\n".join(body)
        + "\n    return\n  }\n"
    )


def vector_time(op: Any, iterations: int = 10, timeout: float = 600.0) -> tuple[float | str, str]:
    """Seconds of the best of `iterations` runs of the op through the vectorizing pipeline
    (or why it failed), and the form that ran ("tiles [..]", with what was dropped)."""
    if op.num_outputs != 1:
        return "one output only", "-"
    tiles, window = tile_sizes(op)
    text = bench.mlir_program(op, iterations, kernel=tensor_kernel(op))
    failure: float | str = "not run"
    for decompose, named in ((window, True), (window, False), (False, False)):
        if decompose != window and not window:
            continue
        script = schedule(tiles, decompose, named)
        t = bench.run_timed_module(text, PASSES, timeout, {"schedule.mlir": script})
        form = f"tiles {tiles}" + ("" if named else ", no named contraction")
        form += ", decomposed" if decompose else ""
        if isinstance(t, float):
            return t, form
        failure = t
    return failure, "-"


__all__ = ["PASSES", "schedule", "tensor_kernel", "tile_sizes", "vector_time"]
