"""Shared fixtures of the MLIR printer tests: the `mlir` marker skips without MLIR 22."""

from __future__ import annotations

import shutil

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if shutil.which("mlir-opt-22") is not None:
        return
    skip = pytest.mark.skip(reason="mlir-opt-22 not installed")
    for item in items:
        if item.get_closest_marker("mlir") is not None:  # not `keywords`: it holds dir names
            item.add_marker(skip)
