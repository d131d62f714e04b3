"""Files written for MLIR's OpDSL, unchanged: `from mlir.dialects.linalg.opdsl.lang import *`.

`opdsl_lit/` holds lit tests in the style of MLIR's own dump_oplib tests (a `RUN:`
line piping the dump into FileCheck, `CHECK:` lines beside each op). They run here
as lit would, with our `dump-oplib` in place of upstream's module and FileCheck-22.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

LIT_DIR = Path(__file__).parent / "opdsl_lit"
FILECHECK = shutil.which("FileCheck-22")


def run_line(test: Path) -> str:
    """The test's `RUN:` command with lit's substitutions and our dump-oplib for upstream's."""
    lines = [ln for ln in test.read_text().splitlines() if ln.startswith("# RUN:")]
    assert len(lines) == 1, test
    cmd = lines[0].removeprefix("# RUN:").strip()
    cmd = cmd.replace("-m mlir.dialects.linalg.opdsl.dump_oplib", "-m linalg_odsgen dump-oplib")
    cmd = cmd.replace("%PYTHON", sys.executable).replace("%s", str(test))
    return cmd.replace("FileCheck ", f"{FILECHECK} ")


@pytest.mark.skipif(FILECHECK is None, reason="FileCheck-22 missing")
@pytest.mark.parametrize("test", sorted(LIT_DIR.glob("*.py")), ids=lambda p: p.name)
def test_lit_file_passes_filecheck(test: Path) -> None:
    done = subprocess.run(run_line(test), shell=True, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_filecheck_would_notice_a_wrong_expectation(tmp_path: Path) -> None:
    if FILECHECK is None:
        pytest.skip("FileCheck-22 missing")
    text = (LIT_DIR / "indexing_maps.py").read_text().replace("(d0, d2)>", "(d2, d0)>", 1)
    broken = tmp_path / "broken.py"
    broken.write_text(text)
    done = subprocess.run(run_line(broken), shell=True, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0


FAKE_MLIR = {
    "mlir/__init__.py": "REAL = True\n",
    "mlir/ir.py": "CONTEXT = 'the real bindings'\n",
    "mlir/dialects/__init__.py": "",
}

USER_FILE = textwrap.dedent(
    """\
    from mlir.dialects.linalg.opdsl.lang import *
    from mlir.dialects.linalg.opdsl import lang
    import mlir.dialects.linalg.opdsl.lang as lang2
    from mlir import ir
    import mlir

    assert ir.CONTEXT == "the real bindings" and mlir.REAL, "the real package must answer"
    assert lang.TensorDef is TensorDef and lang2.TensorDef is TensorDef

    @linalg_structured_op
    def twice(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
        O[D.m] = I[D.m] + I[D.m]
    """
)


def test_real_mlir_package_keeps_serving_its_own_imports(tmp_path: Path) -> None:
    for rel, text in FAKE_MLIR.items():
        (tmp_path / "site" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "site" / rel).write_text(text)
    ops = tmp_path / "ops.py"
    ops.write_text(USER_FILE)
    check = textwrap.dedent(
        f"""\
        import sys
        from linalg_odsgen.dsl.library import load_dsl_library
        lib = load_dsl_library(files=[{str(ops)!r}])
        assert [op.name for op in lib.ops] == ["twice"]
        import mlir, mlir.ir
        assert mlir.REAL and mlir.ir.CONTEXT == "the real bindings"
        assert not any(m.startswith("mlir.dialects.linalg") for m in sys.modules), sorted(sys.modules)
        print("ok")
        """
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    done = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_without_any_mlir_package_the_file_still_dumps(tmp_path: Path) -> None:
    ops = tmp_path / "ops.py"
    ops.write_text(
        "from mlir.dialects.linalg.opdsl.lang import *\n\n@linalg_structured_op\n"
        "def neg_copy(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):\n"
        "    O[D.m] = UnaryFn.negf(I[D.m])\n"
    )
    done = subprocess.run([sys.executable, "-m", "linalg_odsgen", "dump-oplib", "--file", str(ops)],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "name: neg_copy" in done.stdout and "fn_name: negf" in done.stdout


def test_other_mlir_imports_are_not_answered_by_us(tmp_path: Path) -> None:
    ops = tmp_path / "ops.py"
    ops.write_text(
        "from mlir.dialects.linalg.opdsl.lang import *\nfrom mlir.dialects import arith\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-m", "linalg_odsgen", "dump-oplib", "--file", str(ops)],
                          capture_output=True, text=True, timeout=120, env=env)  # fmt: skip
    assert done.returncode == 1
    assert "No module named 'mlir'" in done.stderr and "ops.py:2:" in done.stderr
