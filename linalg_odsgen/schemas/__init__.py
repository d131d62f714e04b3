"""JSON Schemas of the op-config format, shipped as package data."""
