"""The pre-commit snippet of the docs, verbatim, against a real `pre-commit` in a fresh repository.

The snippet is a `repo: local` hook over the installed `linalg-ods-gen` command, so it
works as written wherever the package is installed: no URL, no tag to pin. A fresh
user project gets it as its `.pre-commit-config.yaml`, unchanged, and `pre-commit`
runs it with the `linalg-ods-gen` of this test's environment.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PRE_COMMIT = shutil.which("pre-commit")


def snippets() -> list[tuple[str, str]]:
    """(file, text) of every documented `.pre-commit-config.yaml` snippet using our hooks."""
    found = []
    for doc in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        for block in re.findall(r"```yaml\n(.*?)```", doc.read_text(), re.S):
            if "id: linalg-ods-gen-check" in block:
                found.append((doc.name, block))
    return found


def test_one_snippet_a_local_hook_that_pins_no_url_or_tag() -> None:
    found = snippets()
    assert [name for name, _ in found] == ["check-and-pre-commit.md"]
    text = found[0][1]
    assert re.findall(r"^\s*- repo:\s*(\S+)", text, re.M) == ["local"]
    assert "rev:" not in text and "your-org" not in text
    assert all(e.startswith("linalg-ods-gen ") for e in re.findall(r"entry:\s*(.+)", text))


def test_hooks_file_lists_the_hooks_the_snippet_uses_with_the_same_entries() -> None:
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text()
    for _, text in snippets():
        for hook, entry in re.findall(r"id:\s*(\S+).*?entry:\s*(.+?)\n", text, re.S):
            assert f"- id: {hook}\n" in hooks, hook
            assert f"entry: {entry}\n" in hooks, (hook, entry)


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}  # fmt: skip
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True,
                          text=True, timeout=300).stdout  # fmt: skip


USER_DSL = textwrap.dedent(
    '''\
    from linalg_odsgen.dsl import *


    @linalg_structured_op
    def row_sum(I=TensorDef(T1, S.M, S.K), O=TensorDef(U, S.M, output=True)):
        """Sums the rows of I."""
        O[D.m] += TypeFn.cast_signed(U, I[D.m, D.k])
    '''
)
USER_CONFIG = textwrap.dedent(
    """\
    [project]
    name = "user-ops"

    [[tool.linalg-ods-gen.library]]
    source = "ops/my_ops.py"
    yaml = "ops/my_ops.yaml"
    """
)


@pytest.mark.slow
@pytest.mark.skipif(
    PRE_COMMIT is None or shutil.which("git") is None, reason="pre-commit/git missing"
)
def test_snippet_verbatim_runs_our_hooks_in_a_fresh_repository(tmp_path: Path) -> None:
    user = tmp_path / "user"
    (user / "ops").mkdir(parents=True)
    (user / "ops" / "my_ops.py").write_text(USER_DSL)
    (user / "pyproject.toml").write_text(USER_CONFIG)
    _, snippet = snippets()[0]
    (user / ".pre-commit-config.yaml").write_text(snippet)  # verbatim
    git(user, "init", "-q")
    git(user, "add", "-A")
    # the installed command first on PATH, as in the environment the docs install into
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "PATH": path}
    run = ["pre-commit", "run", "--all-files"]

    first = subprocess.run(run, cwd=user, env=env, capture_output=True, text=True, timeout=600)
    assert first.returncode == 1, first.stdout + first.stderr
    assert "ops/my_ops.yaml: missing" in first.stdout

    subprocess.run(["linalg-ods-gen", "check", "--write"], cwd=user, env=env, check=True,
                   timeout=300)  # fmt: skip
    (user / "ops" / "extra.yaml").write_text((user / "ops" / "my_ops.yaml").read_text()
                                             .replace("row_sum", "row_sum2").replace("  - parallel\n", "  - parallel\n\n", 1))  # fmt: skip
    git(user, "add", "-A")
    second = subprocess.run(run, cwd=user, env=env, capture_output=True, text=True, timeout=600)
    # check passes now; format rewrites the non-canonical extra.yaml (and so fails once)
    assert re.search(r"linalg-ods-gen check\.+Passed", second.stdout), second.stdout
    assert re.search(r"linalg-ods-gen validate\.+Passed", second.stdout), second.stdout
    assert re.search(r"linalg-ods-gen format\.+Failed", second.stdout), second.stdout
    git(user, "add", "-A")
    third = subprocess.run(run, cwd=user, env=env, capture_output=True, text=True, timeout=600)
    assert third.returncode == 0, third.stdout + third.stderr
