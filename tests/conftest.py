"""Test-session settings shared by every test directory."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from slow_marks import sample_slow

# Property tests draw the same examples on every run and machine, so a red CI run is
# reproducible from its log. `HYPOTHESIS_PROFILE=explore` draws fresh examples instead.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


@pytest.hookimpl(tryfirst=True)  # before `-m 'not slow'` deselects by marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Central slow marks (`slow_marks`): what the default profile leaves to `-m slow`."""
    sample_slow(items)
