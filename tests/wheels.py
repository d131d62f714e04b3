"""Building this project's wheel from the files git tracks (tests of what a user installs).

The wheel is built from a copy holding only the tracked files of the package and the
project metadata, so local leftovers (caches, an egg-info, a scratch module) can neither
hide a file missing from the package data nor sneak into the wheel.
"""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "linalg_odsgen"


def tracked_files(under: str = PACKAGE) -> list[str]:
    """Repository-relative paths git tracks below `under` (skip outside a git checkout)."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--", under],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    files = [f for f in out.decode().split("\0") if f]
    # A file deleted in the working tree but not yet in the index is not shipped.
    return sorted(f for f in files if (ROOT / f).is_file())


def build_wheel(tmp: Path) -> Path:
    """Build the wheel with `python -m build`'s isolated environment from a tracked-files copy.

    Skips when the build backend cannot be installed (no index reachable); a backend
    that fails on the project itself fails the test.
    """
    from build import ProjectBuilder
    from build.env import DefaultIsolatedEnv

    src = tmp / "src"
    for rel in [*tracked_files(), "pyproject.toml", "README.md"]:
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, src / rel)
    dist = tmp / "dist"
    with DefaultIsolatedEnv() as env:
        builder = ProjectBuilder.from_isolated_env(env, src)
        try:
            env.install(builder.build_system_requires)
        except Exception as exc:  # the installer's own error types vary by version
            pytest.skip(f"cannot install the build backend: {exc}")
        env.install(builder.get_requires_for_build("wheel"))
        return Path(builder.build("wheel", dist))


def wheel_names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        return sorted(zf.namelist())
