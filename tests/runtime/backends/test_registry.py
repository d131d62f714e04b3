"""The backend registry: lazy loading, the default and its configuration, bad names."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.ops import matmul
from linalg_odsgen.runtime import backends, current_runtime


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_importing_the_runtime_and_ops_loads_no_backend() -> None:
    loaded = _modules_after("import linalg_odsgen.runtime, linalg_odsgen.ops")
    assert not {m for m in loaded if m.startswith("linalg_odsgen.runtime.backends.")}
    assert "numba" not in loaded


def test_a_call_loads_only_the_backend_it_uses() -> None:
    code = (
        "import numpy as np\nfrom linalg_odsgen.ops import fill\n"
        "fill(np.float32(1), outs=[np.zeros(3, np.float32)], backend='loops')"
    )
    loaded = _modules_after(code)
    assert "linalg_odsgen.runtime.backends.loops" in loaded
    assert "linalg_odsgen.runtime.backends.fast" not in loaded
    assert "numba" not in loaded


def test_default_is_auto_and_the_environment_variable_changes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rt = current_runtime()
    monkeypatch.setattr(rt, "env_backend", "auto")
    assert backends.default_backend() == "auto"
    monkeypatch.setattr(rt, "env_backend", "loops")
    assert backends.default_backend() == "loops"
    assert backends.get_backend() is backends.get_backend("loops")
    monkeypatch.setenv(backends.ENV_VAR, " loops ")
    assert backends.backend_from_env() == "loops"
    monkeypatch.delenv(backends.ENV_VAR)
    assert backends.backend_from_env() == "auto"


def test_the_environment_variable_is_read_at_import() -> None:
    """A process started with LINALG_ODSGEN_BACKEND=loops runs calls on loops."""
    code = (
        "import numpy as np\n"
        "from linalg_odsgen.runtime import backends\n"
        "from linalg_odsgen import ops\n"
        "seen = []\n"
        "loops = backends.get_backend('loops')\n"
        "backends.register_backend('loops', lambda op, xs: (seen.append(1), loops(op, xs)))\n"
        "a = np.ones((2, 2), np.float32)\n"
        "for _ in range(2):\n"
        "    ops.matmul(a, a, outs=[np.zeros((2, 2), np.float32)])\n"
        "assert backends.default_backend() == 'loops' and seen == [1, 1], seen\n"
    )
    env = {**os.environ, backends.ENV_VAR: "loops"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def test_set_default_backend_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(current_runtime(), "env_backend", "auto")
    calls: list[str] = []

    def spy(op: object, operands: list[object]) -> None:
        calls.append(type(op).__name__)
        backends.get_backend("loops")(op, operands)  # type: ignore[arg-type]

    backends.register_backend("spy", spy)
    with backends.default_backend_set_to("spy"):
        a = np.ones((2, 2), np.float32)
        out = matmul(a, a, outs=[np.zeros((2, 2), np.float32)])
        np.testing.assert_array_equal(out, 2 * a)
    assert calls == ["MatmulOp"]
    assert backends.default_backend() == "auto"


def test_unknown_backend_names_the_available_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(DiagnosticError, match=r"unknown backend 'gpu'; available: .*fast.*loops"):
        backends.get_backend("gpu")
    with pytest.raises(DiagnosticError, match="unknown backend"):
        backends.set_default_backend("gpu")
    monkeypatch.setattr(current_runtime(), "env_backend", "nope")
    with pytest.raises(DiagnosticError, match=r"'nope' \(from LINALG_ODSGEN_BACKEND\)"):
        backends.get_backend()
    with pytest.raises(DiagnosticError, match="must be a name"):
        backends.get_backend(3)  # type: ignore[arg-type]


def test_the_fast_backend_loads_without_numba() -> None:
    loaded = _modules_after("from linalg_odsgen.runtime.backends import fast\nassert fast.run")
    assert "linalg_odsgen.runtime.backends.fast" in loaded
    assert "numba" not in loaded


def test_conformance_script_refuses_an_unknown_backend_without_a_traceback() -> None:
    from pathlib import Path

    script = Path(__file__).resolve().parents[3] / "scripts" / "conformance_table.py"
    done = subprocess.run(
        [sys.executable, str(script), "fill", "--backend", "gpu"], capture_output=True, text=True
    )
    assert done.returncode == 1
    assert "error: unknown backend 'gpu'" in done.stderr
    assert "Traceback" not in done.stderr


def test_rebinding_a_backend_name_drops_the_runners_it_prepared() -> None:
    """Calls prepared by the built-in `fast` go to a backend registered under that name later."""
    from linalg_odsgen.runtime.backends import fast as fast_module

    fast = backends.get_backend("fast")
    a = np.ones((3, 3), np.float32)
    for _ in range(2):
        matmul(a, a, outs=[np.zeros((3, 3), np.float32)], backend="fast")
    seen: list[str] = []

    def spy(op: object, operands: list[object]) -> None:
        seen.append(type(op).__name__)
        fast(op, operands)  # type: ignore[arg-type]

    try:
        backends.register_backend("fast", spy)
        out = matmul(a, a, outs=[np.zeros((3, 3), np.float32)], backend="fast")
    finally:
        backends.register_backend("fast", fast, fast_module.prepare)
    assert seen == ["MatmulOp"]
    np.testing.assert_array_equal(out, 3 * a)


def test_a_signature_without_a_runner_is_prepared_once() -> None:
    """A backend whose prepare gives nothing for a call is not asked again on every call."""
    asked: list[str] = []

    def prepare(op: object, operands: list[object]) -> None:
        asked.append(type(op).__name__)

    try:
        backends.register_backend("nothing_prepared", backends.get_backend("loops"), prepare)
        a = np.ones((2, 2), np.float32)
        for _ in range(3):
            out = matmul(a, a, outs=[np.zeros((2, 2), np.float32)], backend="nothing_prepared")
            np.testing.assert_array_equal(out, 2 * a)
    finally:
        backends.unregister_backend("nothing_prepared")
    assert asked == ["MatmulOp"]
