"""The C library's math functions: kept here for existing importers; see `payloads.libm`."""

from __future__ import annotations

from linalg_odsgen.payloads.libm import c_function, c_pow

__all__ = ["c_function", "c_pow"]
