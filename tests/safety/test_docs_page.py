"""docs/generator-safety.md: its shell examples run as printed and print what the page says."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "generator-safety.md"


@pytest.mark.skipif(shutil.which("linalg-ods-gen") is None, reason="console script not installed")
def test_every_example_prints_what_the_page_shows(tmp_path: Path) -> None:
    text = PAGE.read_text(encoding="utf-8")
    script = "".join(re.findall(r"```sh\n(.*?)```", text, re.S))
    shown = "".join(re.findall(r"```text\n(.*?)```", text, re.S))
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    # stderr and stdout interleave in the page; compare them line by line as sets per stream
    printed = done.stdout.splitlines() + done.stderr.splitlines()
    assert sorted(printed) == sorted(shown.splitlines())
