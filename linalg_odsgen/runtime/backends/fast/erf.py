"""Vectorised erf: kept here for existing importers; it lives in `payloads.erf`."""

from __future__ import annotations

from linalg_odsgen.payloads.erf import REL_BOUND, erf_f64, erf_rounded

__all__ = ["REL_BOUND", "erf_f64", "erf_rounded"]
