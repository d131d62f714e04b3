"""Test-session settings shared by every test directory."""

from __future__ import annotations

import os

from hypothesis import settings

# Property tests draw the same examples on every run and machine, so a red CI run is
# reproducible from its log. `HYPOTHESIS_PROFILE=explore` draws fresh examples instead.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))
