"""Op libraries written in the OpDSL: the built-in core library lives here."""
