"""Every op of the core library (`linalg_odsgen.ops`) against an independent NumPy reference,
in several element types, on the `loops` backend and on the default backend."""

from __future__ import annotations

import os
import re
import sys
import zlib
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import numpy_reference as ref
import pytest
from readme import readme_section

from linalg_odsgen import ops
from linalg_odsgen.runtime import available_backends

BACKENDS = [b for b in ("loops", "fast", "compiled") if b in available_backends()]
BF16 = np.dtype(ml_dtypes.bfloat16)


def _seed(*parts: object) -> int:
    """A stable per-case seed (str hashes vary between runs)."""
    return zlib.crc32(repr(parts).encode())


def rand(rng: np.random.Generator, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo, hi = max(info.min, -100), min(info.max, 100)
        return rng.integers(lo, hi + 1, shape).astype(dtype)
    return rng.uniform(-2, 2, shape).astype(dtype)


def assert_matches(got: np.ndarray, want: np.ndarray) -> None:
    assert got.dtype == want.dtype
    assert got.shape == want.shape
    if got.dtype.kind in "iub":
        np.testing.assert_array_equal(got, want)
    else:
        tol = {2: 2e-2, 4: 1e-5, 8: 1e-12}[got.dtype.itemsize]
        np.testing.assert_allclose(
            got.astype(np.float64), want.astype(np.float64), rtol=tol, atol=tol
        )


# -- contractions ---------------------------------------------------------------------------

CONTRACTION_TYPES = [
    (np.float32, np.float32, np.float32, "cast_signed"),
    (np.int8, np.int8, np.int32, "cast_signed"),
    (np.int8, np.int8, np.int32, "cast_unsigned"),
    (np.float16, np.float16, np.float32, "cast_signed"),
    (np.int16, np.float32, np.float64, "cast_signed"),
    (np.float16, np.float16, np.float16, "cast_signed"),
]

CONTRACTIONS = sorted(ref.EINSUM)


def _einsum_shapes(spec: str, rng: np.random.Generator) -> list[tuple[int, ...]]:
    sizes: dict[str, int] = {}
    terms = re.split(r",|->", spec)
    for letter in sorted(set("".join(terms))):
        sizes[letter] = int(rng.integers(2, 5))
    return [tuple(sizes[c] for c in term) for term in terms]


def _has_cast_attr(name: str) -> bool:
    return any(d.name == "cast" for d in ops.OPS[name].OPERANDS)


# cast_unsigned only where the op has a `cast` attribute to set.
CONTRACTION_CASES = [
    pytest.param(name, types, id=f"{name}-{'-'.join(map(str, types))}")
    for name in CONTRACTIONS
    for types in CONTRACTION_TYPES
    if types[3] == "cast_signed" or _has_cast_attr(name)
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("name", "types"), CONTRACTION_CASES)
def test_contraction_matches_einsum(name: str, types: tuple, backend: str) -> None:
    ta, tb, tc, cast_fn = types
    rng = np.random.default_rng(_seed((name, str(types))))
    sa, sb, sc = _einsum_shapes(ref.EINSUM[name], rng)
    a, b = rand(rng, sa, ta), rand(rng, sb, tb)
    c = rand(rng, sc, tc)
    attrs = {"cast": cast_fn} if _has_cast_attr(name) else {}
    if name.startswith("quantized"):
        zps = (1, -2) if np.dtype(tc).kind == "f" and np.dtype(ta).kind == "f" else (3, -2)
        want = ref.contraction(name, a, b, c, zps=zps)
        got = getattr(ops, name)(
            a, b, np.int32(zps[0]), np.int32(zps[1]), outs=[c], backend=backend
        )
    else:
        want = ref.contraction(name, a, b, c, unsigned=cast_fn == "cast_unsigned")
        got = getattr(ops, name)(a, b, outs=[c], backend=backend, **attrs)
    assert got is c
    assert_matches(got, want)


# -- convolutions ---------------------------------------------------------------------------

CONVS = sorted(n for n in ops.OPS if re.fullmatch(r"conv_\dd_[a-z]+_[a-z]+(_q)?", n))
DEPTHWISE = sorted(n for n in ops.OPS if n.startswith("depthwise_conv_"))
POOLINGS = sorted(n for n in ops.OPS if n.startswith("pooling_"))

CONV_TYPES = [
    (np.float32, np.float32, np.float32),
    (np.int8, np.int8, np.int32),
    (np.float16, np.float16, np.float32),
]


def _layout_shape(layout: str, sizes: dict[str, int]) -> tuple[int, ...]:
    return tuple(sizes[c] for c in layout)


def _conv_geometry(
    rng: np.random.Generator, spatial: str, strided: bool
) -> tuple[dict[str, int], dict[str, int], dict[str, int], tuple[int, ...], tuple[int, ...]]:
    """Sizes of in/kernel/out spatial dims for random strides and dilations."""
    strides = tuple(int(rng.integers(1, 3)) if strided else 1 for _ in spatial)
    dilations = tuple(int(rng.integers(1, 3)) if strided else 1 for _ in spatial)
    k = {c: int(rng.integers(1, 3)) for c in spatial}
    o = {c: int(rng.integers(1, 3)) for c in spatial}
    i = {
        c: (o[c] - 1) * s + (k[c] - 1) * d + 1
        for c, s, d in zip(spatial, strides, dilations, strict=True)
    }
    return i, k, o, strides, dilations


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("types", CONV_TYPES, ids=lambda t: "-".join(map(str, t)))
@pytest.mark.parametrize("strided", [False, True], ids=["unit", "strided"])
@pytest.mark.parametrize("name", CONVS)
def test_convolution_matches_tap_loop(name: str, strided: bool, types: tuple, backend: str) -> None:
    rng = np.random.default_rng(_seed((name, strided, str(types))))
    m = re.fullmatch(r"conv_(\d)d_([a-z]+)_([a-z]+)(_q)?", name)
    assert m
    in_layout, ker_layout = m.group(2), m.group(3)
    quantized = m.group(4) is not None
    spatial = "".join(c for c in in_layout if c in "dhw")
    i, k, o, strides, dilations = _conv_geometry(rng, spatial, strided)
    base = {"n": 2, "c": 2, "f": 3, "g": 2}
    x = rand(rng, _layout_shape(in_layout, {**base, **i}), types[0])
    w = rand(rng, _layout_shape(ker_layout, {**base, **k}), types[1])
    out = rand(rng, _layout_shape(in_layout.replace("c", "f"), {**base, **o}), types[2])
    zps = (2, -1) if quantized else None
    want = ref.conv(name, x, w, out, strides, dilations, zps=zps)
    fn = getattr(ops, name)
    ins = [x, w] + ([np.int32(zps[0]), np.int32(zps[1])] if zps else [])
    got = fn(*ins, outs=[out], strides=strides, dilations=dilations, backend=backend)
    assert_matches(got, want)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("types", CONV_TYPES[:2], ids=lambda t: "-".join(map(str, t)))
@pytest.mark.parametrize("name", ["conv_1d", "conv_2d", "conv_3d"])
def test_plain_convolution_matches_tap_loop(name: str, types: tuple, backend: str) -> None:
    rank = int(name[5])
    rng = np.random.default_rng(rank)
    k = tuple(int(rng.integers(1, 3)) for _ in range(rank))
    o = tuple(int(rng.integers(1, 4)) for _ in range(rank))
    x = rand(rng, tuple(a + b - 1 for a, b in zip(o, k, strict=True)), types[0])
    w = rand(rng, k, types[1])
    out = rand(rng, o, types[2])
    want = ref.conv_plain(x, w, out)
    assert_matches(getattr(ops, name)(x, w, outs=[out], backend=backend), want)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("types", CONV_TYPES[:2], ids=lambda t: "-".join(map(str, t)))
@pytest.mark.parametrize("strided", [False, True], ids=["unit", "strided"])
@pytest.mark.parametrize("name", DEPTHWISE)
def test_depthwise_convolution_matches_tap_loop(
    name: str, strided: bool, types: tuple, backend: str
) -> None:
    rng = np.random.default_rng(_seed((name, strided, str(types))))
    m = re.fullmatch(r"depthwise_conv_(\d)d_([a-z]+)_([a-z]+)(_q)?", name)
    assert m
    in_layout, ker_layout = m.group(2), m.group(3)
    spatial = "".join(c for c in in_layout if c in "dhw")
    i, k, o, strides, dilations = _conv_geometry(rng, spatial, strided)
    base = {"n": 2, "c": 3, "m": 2}
    x = rand(rng, _layout_shape(in_layout, {**base, **i}), types[0])
    w = rand(rng, _layout_shape(ker_layout, {**base, **k}), types[1])
    out_layout = in_layout + ("m" if "m" in ker_layout else "")
    out = rand(rng, _layout_shape(out_layout, {**base, **o}), types[2])
    zps = (1, -3) if m.group(4) else None
    want = ref.depthwise(name, x, w, out, strides, dilations, zps=zps)
    ins = [x, w] + ([np.int32(zps[0]), np.int32(zps[1])] if zps else [])
    got = getattr(ops, name)(
        *ins, outs=[out], strides=strides, dilations=dilations, backend=backend
    )
    assert_matches(got, want)


POOL_TYPES = [
    (np.float32, np.float32),
    (np.int8, np.int8),
    (np.int8, np.int32),
    (np.float16, np.float32),
]


# MLIR rejects unsigned max/min on floats (pinned in tests/runtime/test_region_builder.py).
POOL_CASES = [
    pytest.param(name, types, id=f"{name}-{'-'.join(map(str, types))}")
    for name in POOLINGS
    for types in POOL_TYPES
    if not (name.endswith("_unsigned") and np.dtype(types[1]).kind == "f")
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("strided", [False, True], ids=["unit", "strided"])
@pytest.mark.parametrize(("name", "types"), POOL_CASES)
def test_pooling_matches_sliding_window(
    name: str, strided: bool, types: tuple, backend: str
) -> None:
    rng = np.random.default_rng(_seed((name, strided, str(types))))
    layout = name.split("_")[1]
    spatial = "".join(c for c in layout if c in "dhw")
    i, k, o, strides, dilations = _conv_geometry(rng, spatial, strided)
    base = {"n": 2, "c": 3}
    x = rand(rng, _layout_shape(layout, {**base, **i}), types[0])
    window = tuple(k[c] for c in spatial)
    out = rand(rng, _layout_shape(layout, {**base, **o}), types[1])
    want = ref.pooling(name, x, window, out, strides, dilations)
    shape_only = np.empty(window, dtype=np.float32)
    got = getattr(ops, name)(
        x, shape_only, outs=[out], strides=strides, dilations=dilations, backend=backend
    )
    assert_matches(got, want)


# -- elementwise ----------------------------------------------------------------------------

UNARY_INPUT = {
    "log": lambda x: np.abs(x) + 0.25,
    "sqrt": lambda x: np.abs(x) + 0.25,
    "rsqrt": lambda x: np.abs(x) + 0.25,
    "reciprocal": lambda x: np.where(np.abs(x) < 0.1, 0.5, x),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", [np.float32, np.float16, BF16, np.float64], ids=str)
@pytest.mark.parametrize("name", sorted(ref.UNARY))
def test_elementwise_unary_matches_numpy(name: str, dtype: Any, backend: str) -> None:
    rng = np.random.default_rng(7)
    x = rand(rng, (3, 4), np.float64)
    x[0, :4] = [-2.5, -0.5, 0.5, 2.5]  # ties for round
    x = UNARY_INPUT.get(name, lambda v: v)(x).astype(dtype)
    out = np.zeros((3, 4), dtype)
    want = ref.UNARY[name](x.astype(np.float32) if dtype == BF16 else x).astype(dtype)
    assert_matches(getattr(ops, name)(x, outs=[out], backend=backend), want)
    # elemwise_unary computes the same function through its `fun` attribute (with a cast).
    out2 = np.zeros((3, 4), np.float64)
    want2 = ref.UNARY[name](x.astype(np.float64))
    got2 = ops.elemwise_unary(x, outs=[out2], fun=name, backend=backend)
    assert_matches(got2, want2)


BINARY_CASES = [
    ("add", np.float32),
    ("add", np.int8),
    ("add", np.bool_),
    ("sub", np.float16),
    ("sub", np.int16),
    ("mul", np.int8),
    ("mul", np.bool_),
    ("mul", np.float64),
    ("div", np.float32),
    ("div", np.int32),
    ("div_unsigned", np.int8),
    ("max", np.float32),
    ("max", np.int8),
    ("min", np.int16),
    ("min", np.float16),
    ("powf", np.float32),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("name", "dtype"), BINARY_CASES, ids=lambda v: str(getattr(v, "__name__", v))
)
def test_elementwise_binary_matches_numpy(name: str, dtype: Any, backend: str) -> None:
    rng = np.random.default_rng(11)
    a, b = rand(rng, (3, 5), dtype), rand(rng, (3, 5), dtype)
    if name.startswith("div") and np.dtype(dtype).kind == "i":
        b = np.where(b == 0, 3, b).astype(dtype)
    if name == "powf":
        a = np.abs(a) + np.float32(0.5)
    out = np.zeros((3, 5), dtype)
    want = ref.binary(name, a, b)
    assert_matches(getattr(ops, name)(a, b, outs=[out], backend=backend), want)


@pytest.mark.parametrize("backend", BACKENDS)
def test_elementwise_binary_broadcasts_a_zero_d_operand(backend: str) -> None:
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array(10, dtype=np.float32)
    out = np.zeros((2, 3), np.float32)
    np.testing.assert_array_equal(ops.add(a, b, outs=[out], backend=backend), a + 10)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("fun", ["add", "mul", "max_unsigned", "sub"])
@pytest.mark.parametrize("cast_fn", ["cast_signed", "cast_unsigned"])
def test_elemwise_binary_casts_then_applies_fun(fun: str, cast_fn: str, backend: str) -> None:
    rng = np.random.default_rng(5)
    a, b = rand(rng, (4, 3), np.int8), rand(rng, (4, 3), np.int8)
    out = np.zeros((4, 3), np.int32)
    unsigned = cast_fn == "cast_unsigned"
    want = ref.binary(fun, ref.cast(a, np.int32, unsigned), ref.cast(b, np.int32, unsigned))
    got = ops.elemwise_binary(a, b, outs=[out], fun=fun, cast=cast_fn, backend=backend)
    assert_matches(got, want)


@pytest.mark.parametrize("backend", BACKENDS)
def test_select_picks_lhs_where_condition_holds(backend: str) -> None:
    rng = np.random.default_rng(3)
    cond = rand(rng, (3, 4), np.bool_)
    a, b = rand(rng, (3, 4), np.float32), rand(rng, (3, 4), np.float32)
    out = np.zeros((3, 4), np.float32)
    assert_matches(ops.select(cond, a, b, outs=[out], backend=backend), np.where(cond, a, b))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("src", "dst", "cast_fn"),
    [
        (np.int8, np.int32, "cast_signed"),
        (np.int8, np.int32, "cast_unsigned"),
        (np.float32, np.float16, "cast_signed"),
        (np.int32, np.int8, "cast_signed"),
        (np.int16, np.float32, "cast_unsigned"),
        (np.bool_, np.int32, "cast_signed"),
        (np.bool_, np.float32, "cast_unsigned"),
    ],
    ids=str,
)
def test_copy_casts_like_mlir(src: Any, dst: Any, cast_fn: str, backend: str) -> None:
    rng = np.random.default_rng(2)
    x = rand(rng, (2, 3, 2), src)
    out = np.zeros((2, 3, 2), dst)
    want = ref.cast(x, dst, unsigned=cast_fn == "cast_unsigned")
    assert_matches(ops.copy(x, outs=[out], cast=cast_fn, backend=backend), want)


@pytest.mark.parametrize("backend", BACKENDS)
def test_fill_writes_the_scalar_everywhere(backend: str) -> None:
    out = np.zeros((2, 3), np.float32)
    assert_matches(ops.fill(1.5, outs=[out], backend=backend), np.full((2, 3), 1.5, np.float32))
    out8 = np.zeros((4,), np.int8)
    assert_matches(ops.fill(np.int8(-7), outs=[out8], backend=backend), np.full(4, -7, np.int8))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_fill_rng_2d_follows_the_documented_generator(dtype: Any, backend: str) -> None:
    out = np.zeros((3, 5), dtype)
    got = ops.fill_rng_2d(-1.0, 3.0, np.int32(42), outs=[out], backend=backend)
    assert_matches(got, ref.fill_rng_2d(-1.0, 3.0, 42, (3, 5), dtype))
    assert np.all((got >= -1.0) & (got <= 3.0))


def test_every_core_op_is_covered_by_a_reference_test() -> None:
    covered = (
        set(CONTRACTIONS)
        | set(CONVS)
        | set(DEPTHWISE)
        | set(POOLINGS)
        | set(ref.UNARY)
        | {n for n, _ in BINARY_CASES}
        | {"conv_1d", "conv_2d", "conv_3d", "select", "copy", "fill", "fill_rng_2d"}
        | {"elemwise_unary", "elemwise_binary"}
    )
    assert set(ops.OPS) - covered == set()


def test_readme_example_runs() -> None:
    a = np.ones((2, 3), np.float32)
    b = np.ones((3, 4), np.float32)
    c = np.zeros((2, 4), np.float32)
    np.testing.assert_array_equal(ops.matmul(a, b, outs=[c]), np.full((2, 4), 3, np.float32))


@pytest.mark.slow
def test_ops_import_and_run_from_an_installed_wheel(tmp_path: Path) -> None:
    """Build a wheel from the tracked sources, install it into a fresh venv (dependencies
    come from this interpreter's site-packages, nothing is downloaded) and run matmul from it."""
    import site
    import subprocess
    import venv

    from wheels import build_wheel

    repo = Path(__file__).resolve().parents[1]
    wheel = build_wheel(tmp_path)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=False)
    python = env_dir / "bin" / "python"
    # Dependencies come from wherever this interpreter finds them (its venv, the system
    # or the user site): a path file appends those folders after the new venv's own.
    # Only their modules are visible: their .pth files (an editable install of this
    # project among them) are not run, so the wheel is what gets imported.
    (env_site,) = (env_dir / "lib").glob("python*/site-packages")
    dep_dirs = [*site.getsitepackages(), site.getusersitepackages()]
    (env_site / "_test_deps.pth").write_text("\n".join(dep_dirs) + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "--no-index",
            "-q",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    script = (
        "import numpy as np\n"
        "from linalg_odsgen import ops\n"
        "a = np.arange(6, dtype=np.float32).reshape(2, 3)\n"
        "c = np.zeros((2, 2), np.float32)\n"
        "print(ops.matmul(a, a.T.copy(), outs=[c], backend='loops').tolist())\n"
        "print(ops.__file__)\n"
    )
    run = subprocess.run(
        [str(python), "-c", script], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    result, location = run.stdout.splitlines()
    assert result == "[[5.0, 14.0], [14.0, 50.0]]"
    # The README's quick start after its install steps, with this venv's commands first
    # on PATH: it runs in a fresh temporary directory and leaves the checkout alone.
    quick = readme_section("Quick start").split("```sh\n")[1].split("```")[0].strip()
    steps = quick.split(" && ")
    assert steps[2] == "pip install ."
    before = sorted(p.name for p in repo.iterdir())
    env = {**os.environ, "PATH": f"{env_dir / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", " && ".join(steps[3:])],
        cwd=repo, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "[[3. 3. 3. 3.]" in done.stdout
    assert sorted(p.name for p in repo.iterdir()) == before
    assert location.startswith(str(env_dir))


def test_readme_runtime_section_example_runs() -> None:
    section = readme_section("Runtime: calling ops from Python")
    code = section.split("```python\n")[1].split("```")[0]
    scope: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), scope)
    # signed pass: a @ -1 = row sums negated; unsigned pass adds row sums * 255 on top
    np.testing.assert_array_equal(scope["c"], [[-3 + 3 * 255] * 2, [-12 + 12 * 255] * 2])
    np.testing.assert_array_equal(scope["o"], np.full((1, 2, 2, 1), 4, np.float32))


def test_star_import_gives_exactly_the_ops_and_their_functions() -> None:
    namespace: dict[str, object] = {}
    exec("from linalg_odsgen.ops import *", namespace)
    public = {name for name in namespace if name != "__builtins__"}
    want = {"OPS", "ContractOp", "ElementwiseOp", "contract", "elementwise", "library"}
    for name, cls in ops.OPS.items():
        want |= {cls.__name__, name}
    assert public == want
