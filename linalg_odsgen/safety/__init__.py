"""Generator safety: user text made inert where it lands, and names a dialect cannot take."""

from __future__ import annotations
