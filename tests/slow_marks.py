"""What the default test profile leaves out, decided in one place (`tests/conftest.py`
applies the tables below at collection; `deep_nests_slow` marks parameters).

The loops backend walks every point in Python, and numba compiles one kernel per op, so
ops with six loops or more (2-D/3-D convolutions and poolings, 4-D matmuls) take seconds
each; compiled-backend cases cost a kernel compilation each on an empty kernel cache.
What is marked here runs under `pytest -m slow` (and in CI), the rest by default.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import pytest

DEEP_NEST = 6


def deep_nests_slow(classes: Iterable[Any], key: Any = None) -> list[Any]:
    """`classes` (op classes, or items `key` maps to one) as parameters, deep nests marked slow."""
    params = []
    for item in classes:
        cls = key(item) if key else item
        if len(getattr(cls, "ITERATOR_TYPES", ())) >= DEEP_NEST:
            params.append(pytest.param(item, marks=pytest.mark.slow))
        else:
            params.append(item)
    return params


# Cases that run once per backend: the compiled backend's variant of each compiles a numba
# kernel of its own (0.5-1 s of CPU each on a cold kernel cache, as on a fresh
# machine), while `loops` and `fast` run the same case in milliseconds. The default
# profile keeps about one compiled variant in `COMPILED_SAMPLE[file]` of each test function
# (picked by a hash of its id, at least one; 0: none); the rest are marked slow, so `pytest -m
# slow` (and CI, which runs both profiles) still runs every case on every backend. Keys
# are files or test functions.
COMPILED_SAMPLE: dict[str, int] = {
    "tests/test_ops.py": 64,
    "tests/runtime/test_exactness.py": 64,
    # every op of the core library compiled in one test (~100 kernels, over a minute cold)
    "tests/codegen/test_generator.py::test_every_op_runs": 0,
}

# Test functions whose every case compiles kernels (one case: one op, several dtypes):
# the default profile keeps about one case in N of each, the rest run under `-m slow`.
CASE_SAMPLE: dict[str, int] = {
    # 2-4 s CPU per op on a cold cache (four dtype instances each)
    "tests/runtime/backends/compiled/test_backend.py::test_core_instances_equal_loops": 48,
    # register-tiled kernels, compiled again for the threaded variant: 3-12 s CPU per case
    "tests/runtime/backends/compiled/test_tiles.py::test_tiled_kernels_give_the_loops_bits": 16,
}

# Single tests over ~10 s of CPU (children included) on two cores, with what they cost:
# marked slow here rather than in files other work is editing.
SLOW: dict[str, str] = {
    **{
        f"tests/mlir/test_conformance.py::{name}": (
            "every core op checked against MLIR 22 in one batch (the module's fixture): "
            "~80 s CPU, mostly mlir-opt-22 and mlir-runner-22"
        )
        for name in (
            "test_mlir22_lacks_exactly_the_removed_ops",
            "test_op_conforms_to_mlir22",
            "test_coverage_includes_types_and_attributes",
        )
    },
    "tests/conformance/test_campaigns.py::"
    "test_fuzz_finds_and_minimises_a_pipeline_that_sign_extends_unsigned_bytes": (
        "a 40-case fuzz campaign with minimisation: ~23 s CPU, mostly mlir-opt-22"
    ),
    "tests/cli/test_gen_impl.py::test_hostile_file_names_give_a_module_that_imports_and_runs_nothing": (
        "gen-impl of the whole core library under six hostile paths, each imported: ~12 s CPU"
    ),
    "tests/runtime/backends/compiled/test_backend.py::test_narrow_shadows_and_threads_keep_every_bit": (
        "f16 and bf16 kernels, shadowed and threaded, compiled cold: 10-14 s CPU each"
    ),
    "tests/runtime/backends/compiled/test_readme.py::test_readme_example_runs": (
        "the compiled backend's README example, kernels compiled cold: ~12 s CPU"
    ),
    **{
        f"tests/runtime/backends/compiled/test_backend.py::{name}": (
            "numba's worker threads or a second Python process, kernels compiled cold: "
            "4-6 s CPU each"
        )
        for name in (
            "test_numbas_workers_are_kept_off_the_calling_threads_cpu",
            "test_parallel_nests_hand_their_chunks_to_numbas_workers",
            "test_a_second_process_loads_the_kernel_from_the_disk_cache",
        )
    },
    **{
        f"tests/runtime/backends/test_auto.py::{name}": (
            "nests handed to the compiled backend, kernels compiled cold: 4-6 s CPU each"
        )
        for name in (
            "test_large_sequential_loops_are_handed_off_and_equal_loops",
            "test_narrow_matmul_is_handed_to_compiled_and_equals_loops",
            "test_handoffs_run_with_parallel_loops_unless_the_setting_says_no",
        )
    },
    "tests/runtime/test_instance_maps.py::test_our_rule_agrees_with_mlir_opt_on_every_input_map_pair": (
        "every pair of input maps of a matmul through mlir-opt-22: ~9 s CPU"
    ),
    "tests/tc/test_diagnostics.py::test_mutated_library_never_raises_anything_but_diagnostics": (
        "every mutation of a TC library parsed and diagnosed: ~12 s CPU"
    ),
}


def _sample_size(item: Any) -> int | None:
    """One in how many of this item's group the default profile keeps (None: not sampled)."""
    function = item.nodeid.partition("[")[0]
    if function in CASE_SAMPLE:
        return CASE_SAMPLE[function]
    every = COMPILED_SAMPLE.get(function, COMPILED_SAMPLE.get(item.nodeid.partition("::")[0]))
    callspec = getattr(item, "callspec", None)
    if every is None or callspec is None or callspec.params.get("backend") != "compiled":
        return None
    return every


def _hash(nodeid: str) -> int:
    """A stable hash of a test id (CRC-32's low bits follow the id's last characters too
    closely to spread cases that differ in one parameter)."""
    return int.from_bytes(hashlib.sha256(nodeid.encode()).digest()[:8], "little")


def sample_slow(items: Iterable[Any]) -> None:
    """Mark slow the tests in `SLOW` and the cases of `COMPILED_SAMPLE` and `CASE_SAMPLE`
    beyond their samples."""
    groups: dict[str, list[tuple[Any, int]]] = {}
    for item in items:
        if item.nodeid.partition("[")[0] in SLOW:
            item.add_marker(pytest.mark.slow)
            continue
        every = _sample_size(item)
        if every is not None:
            groups.setdefault(item.nodeid.partition("[")[0], []).append((item, every))
    for group in groups.values():
        # A case is kept when its id hashes to 0 mod N: spread over every parameter (not
        # the first N cases of the first parameter), and the same cases on every run.
        kept = [every > 0 and _hash(item.nodeid) % every == 0 for item, every in group]
        if not any(kept) and group[0][1] > 0:
            kept[0] = True
        for (item, _), keep in zip(group, kept, strict=True):
            if not keep:
                item.add_marker(pytest.mark.slow)
