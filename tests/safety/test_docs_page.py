"""docs/generator-safety.md: its shell examples run as printed and print what the page says."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from doc_blocks import blocks

PAGE = Path(__file__).resolve().parents[2] / "docs" / "generator-safety.md"


@pytest.mark.skipif(shutil.which("linalg-ods-gen") is None, reason="console script not installed")
def test_every_example_prints_what_the_page_shows(tmp_path: Path) -> None:
    page = blocks(PAGE)
    for block in page:
        if block.file is not None:  # the page's input files
            (tmp_path / block.file).write_text(block.body)
    script = "".join(b.body for b in page if b.lang == "sh" and b.file is None)
    shown = "".join(b.body for b in page if b.lang == "text" and b.file is None)
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    # stderr and stdout interleave in the page; compare them line by line as sets per stream
    printed = done.stdout.splitlines() + done.stderr.splitlines()
    assert sorted(printed) == sorted(shown.splitlines())
