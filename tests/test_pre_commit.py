"""The pre-commit snippet of the docs, verbatim, against a real `pre-commit` in a fresh repository.

This repository is copied into a temporary git repository (its committed files),
tagged as a release is (`v` + the version in pyproject.toml); a fresh user project
gets the snippet as its `.pre-commit-config.yaml`, with only the placeholder URL
replaced by that repository's path. `pre-commit` then installs our hooks from it
with pip, as it would from a host.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import textwrap
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PLACEHOLDER = "https://github.com/your-org/linalg-ods-gen"
PRE_COMMIT = shutil.which("pre-commit")


def version() -> str:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]


def snippets() -> list[tuple[str, str]]:
    """(file, text) of every documented `.pre-commit-config.yaml` snippet using our hooks."""
    found = []
    for doc in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        for block in re.findall(r"```yaml\n(.*?)```", doc.read_text(), re.S):
            if "id: linalg-ods-gen-check" in block:
                found.append((doc.name, block))
    return found


def test_every_snippet_pins_the_release_tag_of_this_version() -> None:
    found = snippets()
    assert found, "no pre-commit snippet documented"
    for name, text in found:
        revs = re.findall(r"^\s*rev:\s*(\S+)", text, re.M)
        assert revs == [f"v{version()}"], (name, revs)
        assert PLACEHOLDER in text, name


def test_hooks_file_lists_the_hooks_the_snippets_use() -> None:
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text()
    for _, text in snippets():
        for hook in re.findall(r"id:\s*(\S+)", text):
            assert f"- id: {hook}\n" in hooks, hook


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
    host = tmp_path / "host"
    host.mkdir()
    files = git(REPO, "ls-files", "-z").split("\0")
    for rel in filter(None, files):
        src = REPO / rel
        if src.is_file():
            (host / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, host / rel)
    git(host, "init", "-q")
    git(host, "add", "-A")
    git(host, "commit", "-qm", "release")
    git(host, "tag", "-a", f"v{version()}", "-m", f"linalg-ods-gen {version()}")

    user = tmp_path / "user"
    (user / "ops").mkdir(parents=True)
    (user / "ops" / "my_ops.py").write_text(USER_DSL)
    (user / "pyproject.toml").write_text(USER_CONFIG)
    _, snippet = snippets()[0]
    (user / ".pre-commit-config.yaml").write_text(snippet.replace(PLACEHOLDER, str(host)))
    git(user, "init", "-q")
    git(user, "add", "-A")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")}
    run = ["pre-commit", "run", "--all-files"]

    first = subprocess.run(run, cwd=user, env=env, capture_output=True, text=True, timeout=1800)
    assert first.returncode == 1, first.stdout + first.stderr
    assert "ops/my_ops.yaml: missing" in first.stdout

    subprocess.run(["linalg-ods-gen", "check", "--write"], cwd=user, check=True, timeout=300)
    (user / "ops" / "extra.yaml").write_text((user / "ops" / "my_ops.yaml").read_text()
                                             .replace("row_sum", "row_sum2").replace("  - parallel\n", "  - parallel\n\n", 1))  # fmt: skip
    git(user, "add", "-A")
    second = subprocess.run(run, cwd=user, env=env, capture_output=True, text=True, timeout=1800)
    # check passes now; format rewrites the non-canonical extra.yaml (and so fails once)
    assert re.search(r"linalg-ods-gen check\.+Passed", second.stdout), second.stdout
    assert re.search(r"linalg-ods-gen validate\.+Passed", second.stdout), second.stdout
    assert re.search(r"linalg-ods-gen format\.+Failed", second.stdout), second.stdout
    git(user, "add", "-A")
    third = subprocess.run(run, cwd=user, env=env, capture_output=True, text=True, timeout=1800)
    assert third.returncode == 0, third.stdout + third.stderr
