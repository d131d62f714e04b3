"""Every `sh` and `python` block of README.md and of the docs site runs as printed.

The blocks of one page run in order in a scratch directory of their own (a copy of one
holding the files the documentation talks about), so a block may use what an earlier
block of its page wrote. Install steps are left to the packaging tests; commands that
need MLIR 22 or a C++ toolchain skip without them."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from doc_blocks import INSTALL, Block, all_blocks, blocks, runnable, shell_commands
from readme import README, REPO, doc_pages

MLIR_OPT = shutil.which("mlir-opt-22")
CAN_BUILD = (
    all(shutil.which(t) for t in ("cmake", "ninja", "g++", "mlir-opt-22"))
    and Path("/usr/lib/llvm-22/lib/cmake/mlir/MLIRConfig.cmake").exists()
)
HAS_NUMBA = importlib.util.find_spec("numba") is not None
# Pages written as one script (heredocs, state across blocks) that a test of their own
# runs whole: tests/test_your_own_ops_doc.py, tests/docs/test_getting_started.py.
WHOLE_SCRIPT_PAGES = {"your-own-ops.md", "getting-started.md"}
PAGES = [
    p
    for p in doc_pages()
    if p.name not in WHOLE_SCRIPT_PAGES and any(runnable(b) for b in blocks(p))
]
# Pages whose blocks take more than ~10 s on a small machine (kernels compiled, C++ built,
# campaigns run).
# Pages whose commands take seconds each (whole-library runs, many CLI processes): the
# slow profile runs them; README, the home page and the DSL guide stay in the default one.
SLOW_PAGES = {
    "backends.md",
    "gen-dialect.md",
    "testing-pipelines.md",
    "validate-and-format.md",
    "gen-ods-and-tc.md",
    "gen-doc.md",
    "mlir-interop.md",
}


def _block(lang: str, marker: str) -> str:
    return next(b.body for b in all_blocks() if b.lang == lang and marker in b.body)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the documentation's commands read: every `<!-- file: NAME -->` block,
    an op-config file ops.yaml, a package my_pkg and an extra.py, a configured project."""
    root = tmp_path_factory.mktemp("docs")
    for b in all_blocks():
        if b.file is not None:
            (root / b.file).write_text(b.body)
    my_ops = (root / "my_ops.py").read_text()
    shutil.copy(REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml", root / "ops.yaml")
    (root / "my_pkg").mkdir()
    (root / "my_pkg" / "__init__.py").write_text("")
    (root / "my_pkg" / "my_ops.py").write_text(my_ops)
    (root / "extra.py").write_text(
        "from linalg_odsgen.dsl import *\n\n@linalg_structured_op\n"
        "def copy_1d(I=TensorDef(T1, S.M), O=TensorDef(T1, S.M, output=True)):\n"
        '    """Copies I."""\n    O[D.m] = I[D.m]\n'
    )
    for d in ("ops", "src/my_pkg", "build"):
        (root / d).mkdir(parents=True)
    (root / "ops" / "my_ops.py").write_text(my_ops)
    # the gen-dialect page's input: the TC page's matmul in the dialect `my_ops`
    (root / "in.mlir").write_text(
        "func.func @f(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {\n"
        "  my_ops.matmul ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) "
        "outs(%c : memref<2x4xf32>)\n  return\n}\n"
    )
    # what Getting started makes of my_ops.py, which the guides take as given
    for command in ("check --write", "dump-oplib --file my_ops.py -o my_ops.yaml"):
        done = _run(f"linalg-ods-gen {command}", root)
        assert done.returncode == 0, done.stderr
    return root


def _run(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    exe = f"{sys.executable} -m linalg_odsgen"
    command = re.sub(r"(^|\| |&& )linalg-ods-gen\b", lambda m: m.group(1) + exe, command)
    command = re.sub(r"(^|&& )python\b", lambda m: m.group(1) + sys.executable, command)
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], cwd=cwd, capture_output=True, text=True,
        env=env, timeout=300,
    )  # fmt: skip


def _skip_reason(command: str) -> str | None:
    if INSTALL in command or command in ("python3 -m venv .venv", ". .venv/bin/activate"):
        return "an install step"
    if command.startswith("mkdocs "):
        return "the site build: tests/docs/test_site.py builds it"
    if "mlir-opt-22" in command and MLIR_OPT is None:
        return "mlir-opt-22 not installed"
    if (command.startswith("cmake") or "load-dialect-plugin" in command) and not CAN_BUILD:
        return "MLIR 22 dev files, cmake, ninja or g++ missing"
    return None


def _run_block(block: Block, scratch: Path) -> list[str]:
    """Failures of one block (empty when it ran as printed)."""
    failures = []
    if block.lang == "python":
        if "backends import compiled" in block.body and not HAS_NUMBA:
            return []
        script = scratch / f"_doc_block_{block.line}.py"
        script.write_text(block.body)
        done = _run(f"python {script.name}", scratch)
        if done.returncode != 0 or "Traceback" in done.stderr:
            failures.append(f"{block.where}: python block failed\n{done.stderr}")
        return failures
    for line, command in shell_commands(block):
        if _skip_reason(command):
            continue
        done = _run(command, scratch)
        if done.returncode != 0 or "Traceback" in done.stderr:
            where = f"{block.page.relative_to(REPO)}:{line}"
            failures.append(f"{where}: {command}\n{done.stderr}")
    return failures


@pytest.mark.parametrize(
    "page",
    [pytest.param(p, marks=[pytest.mark.slow] if p.name in SLOW_PAGES else []) for p in PAGES],
    ids=[str(p.relative_to(REPO)) for p in PAGES],
)
def test_every_block_of_the_page_runs_as_printed(base: Path, page: Path, tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    shutil.copytree(base, scratch)
    failures = []
    for block in blocks(page):
        if runnable(block):
            failures += _run_block(block, scratch)
    assert not failures, "\n".join(failures)


def test_the_documentation_shows_commands_of_every_guide() -> None:
    commands = [c for b in all_blocks() if b.lang == "sh" for _, c in shell_commands(b)]
    assert len(commands) >= 30
    for name in ("from-tc", "check", "gen-doc", "gen-ods", "gen-dialect", "format", "emit"):
        assert any(f"linalg-ods-gen {name}" in c for c in commands), name
    assert sum(b.lang == "python" and runnable(b) for b in all_blocks()) >= 8


def test_readme_install_commands_come_first_and_getting_started_has_them_one_per_line() -> None:
    readme_blocks = blocks(README)
    quick, tests = readme_blocks[0].body, readme_blocks[1].body
    assert README.read_text().index(quick) < README.read_text().index("## Example")
    steps = quick.strip().split(" && ")
    assert steps[:3] == ["python3 -m venv .venv", ". .venv/bin/activate", "pip install ."]
    assert steps[3] == 'cd "$(mktemp -d)"'  # everything after writes into a temp dir
    assert any("dump-oplib -o core.yaml" in s for s in steps[4:])
    assert tests.strip().endswith("python -m pytest")
    # the site states the same install, one command per line, after the one clone step
    lines = [b.body.splitlines() for b in blocks(REPO / "docs" / "getting-started.md")]
    assert steps[:3] in lines


def test_every_install_line_of_the_site_installs_from_the_checkout() -> None:
    by_name = re.compile(r"pip install( -\S+)* ['\"]?linalg-ods-gen\b")
    found = [
        f"{page.relative_to(REPO)}:{n}: {line.strip()}"
        for page in doc_pages()
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        # README keeps its two fresh-machine one-liners (CI runs them verbatim); the
        # site's pages install one command per line
        if by_name.search(line)
        or (page != README and re.search(r"\S+ && \S+ && pip install", line))
    ]
    assert found == []
    clones = [p.name for p in doc_pages() if "git clone" in p.read_text(encoding="utf-8")]
    assert clones == ["getting-started.md"]


INTERNAL = re.compile(
    r"\bissue \d+|\bwaves?\b|\bthe seeds\b|\bseeds'|this session|\.\./shared|/work/", re.I
)


def test_no_internal_wording_in_readme_or_docs() -> None:
    found = [
        f"{page.relative_to(REPO)}:{n}: {line.strip()}"
        for page in doc_pages()
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if INTERNAL.search(line)
    ]
    assert found == []
