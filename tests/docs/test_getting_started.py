"""Getting started runs verbatim: its command blocks, in page order, in an empty directory.

The page states the clone step once, with a placeholder for the reader's clone URL; the
test clones this checkout (its committed files) in that one place, then runs every
other line as printed: a fresh virtual environment, `pip install .` from the checkout,
the first op and the module it generates. The cheap rules (one clone step, no install
by package name, short lines) are checked in the default profile too."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from readme import REPO

PAGE = REPO / "docs" / "getting-started.md"
# The one placeholder of the page: the URL the reader clones from.
CLONE_URL = "<your clone URL of this repository>"

# Wider code lines scroll sideways in a 1280 px browser window (measured in chromium
# by tests/docs/test_site.py; this is the cheap check of the same rule).
MAX_CODE_LINE = 79
STARTING_PAGES = ("index.md", "getting-started.md", "your-own-ops.md")


def command_blocks() -> list[str]:
    """The page's `sh` blocks, in page order."""
    return re.findall(r"```sh\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def script(clone_from: str) -> str:
    """Every command block in order as one bash script stopping at the first failure, the
    clone URL replaced by `clone_from`."""
    blocks = command_blocks()
    assert sum(CLONE_URL in b for b in blocks) == 1, "the clone step is stated once"
    return "set -euo pipefail\n" + "\n".join(blocks).replace(CLONE_URL, clone_from)


def test_the_clone_step_is_stated_once_and_everything_installs_from_the_checkout() -> None:
    blocks = command_blocks()
    assert blocks[0].splitlines() == [
        f"git clone {CLONE_URL} linalg-ods-gen",
        "cd linalg-ods-gen",
    ]
    assert blocks[1].splitlines() == ["python3 -m venv .venv", ". .venv/bin/activate",
                                      "pip install ."]  # fmt: skip
    installs = [ln for b in blocks for ln in b.splitlines() if "pip install" in ln]
    assert installs == ["pip install ."]


def test_no_code_line_of_the_starting_pages_is_wider_than_the_page() -> None:
    wide = []
    for name in STARTING_PAGES:
        text = (REPO / "docs" / name).read_text(encoding="utf-8")
        for lang, body in re.findall(r"```(\w*)\n(.*?)```", text, re.S):
            if lang == "text":  # output blocks wrap (docs/stylesheets/extra.css)
                continue
            wide += [f"{name}: {ln}" for ln in body.splitlines() if len(ln) > MAX_CODE_LINE]
    assert wide == []


def test_the_commands_table_lists_every_command_and_the_extras_every_extra() -> None:
    import tomllib

    from click import Context

    from linalg_odsgen.cli import main

    text = PAGE.read_text(encoding="utf-8").split("\n## Commands\n")[1].split("\n## ")[0]
    listed = re.findall(r"^\| `([a-z-]+)` \|", text, re.M)
    assert sorted(listed) == sorted(main.list_commands(Context(main)))
    install = PAGE.read_text(encoding="utf-8").split("\n## Install\n")[1].split("\n## ")[0]
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    listed = re.findall(r"^\| `([a-z-]+)` \|", install, re.M)
    assert sorted(listed) == sorted(extras["optional-dependencies"])


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("git") is None or shutil.which("mlir-opt-22") is None,
    reason="git or mlir-opt-22 missing",
)
def test_every_command_block_runs_verbatim_in_an_empty_directory(tmp_path: Path) -> None:
    if not (REPO / ".git").exists():
        pytest.skip("not a git checkout: nothing to clone")
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    run = subprocess.run(["bash", "-c", script(str(REPO))], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=1500)  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    steps = tmp_path / "linalg-ods-gen" / "first-steps"
    assert "[16. 16. 16. 16.]" in run.stdout
    assert "[[3. 3. 3. 3.]" in run.stdout  # the install check's matmul
    page = (steps / "my_ops_docs" / "my_ops.md").read_text()
    assert "y[m] += cast_signed(U, alpha) * cast_signed(U, A[m, n])" in page
    assert (steps / "scaled_matvec.mlir").read_text().count("linalg.generic") == 1
