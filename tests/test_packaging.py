"""The wheel must carry every subpackage: pyproject lists them by hand, so pin the list."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _declared_packages() -> set[str]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return set(tomllib.load(fh)["tool"]["setuptools"]["packages"])


def test_every_subpackage_is_declared_in_pyproject() -> None:
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "linalg_odsgen").rglob("__init__.py")
    }
    missing = found - _declared_packages()
    assert not missing, f"add to [tool.setuptools] packages: {sorted(missing)}"


def test_mapped_top_level_folders_are_packages() -> None:
    for folder in ("opspecs", "generated", "schemas"):
        assert (ROOT / folder / "__init__.py").is_file()
        assert f"linalg_odsgen.{folder}" in _declared_packages()


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start")[1].split("\n## ")[0]
    commands = [block.strip() for block in quick_start.split("```sh\n")[1:]]
    test_command = commands[1].split("```")[0].strip()
    assert "pytest" in test_command
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_a_source_checkout_serves_the_mapped_folders_as_subpackages() -> None:
    # -S: no site-packages, so neither an install nor the editable finder can help.
    code = (
        "import linalg_odsgen.generated as g, linalg_odsgen.schemas as s;"
        "print(g.__file__); print(s.__file__)"
    )
    out = subprocess.run(
        [sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == [str(ROOT / "generated" / "__init__.py"), str(ROOT / "schemas" / "__init__.py")]
