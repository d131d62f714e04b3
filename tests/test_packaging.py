"""The wheel carries exactly the package as git tracks it: every subpackage, every data file."""

from __future__ import annotations

import pathlib

import pytest
from wheels import PACKAGE, build_wheel, tracked_files, wheel_names

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel_contents(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return wheel_names(build_wheel(tmp_path_factory.mktemp("wheel")))


def test_the_wheel_ships_every_tracked_file_of_the_package(wheel_contents: list[str]) -> None:
    shipped = {n for n in wheel_contents if n.startswith(PACKAGE + "/")}
    missing = sorted(set(tracked_files()) - shipped)
    assert not missing, f"not in the wheel (package-data in pyproject.toml?): {missing}"


def test_the_wheel_ships_nothing_git_does_not_track(wheel_contents: list[str]) -> None:
    # The metadata folder aside, every entry is a tracked file of the package.
    extra = sorted(
        n for n in wheel_contents if ".dist-info/" not in n and n not in set(tracked_files())
    )
    assert extra == []


def test_the_data_subpackages_are_inside_the_wheel(wheel_contents: list[str]) -> None:
    names = set(wheel_contents)
    for data in (
        "opspecs/core_named_ops.yaml",
        "opspecs/classic_ops.tc",
        "generated/core_named_ops.py",
        "generated/core_named_ops.yamlgen.td",
        "generated/core_named_ops.yamlgen.cpp.inc",
        "schemas/op_config.schema.json",
        "py.typed",
    ):
        assert f"{PACKAGE}/{data}" in names


def test_every_folder_with_python_code_is_a_package() -> None:
    # Automatic package discovery skips a folder without __init__.py (and its modules).
    folders = {pathlib.PurePosixPath(f).parent for f in tracked_files() if f.endswith(".py")}
    assert sorted(str(d) for d in folders if not (ROOT / d / "__init__.py").is_file()) == []


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start")[1].split("\n## ")[0]
    commands = [block.strip() for block in quick_start.split("```sh\n")[1:]]
    test_command = commands[1].split("```")[0].strip()
    assert "pytest" in test_command
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
