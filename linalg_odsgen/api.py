"""The Python API in three calls: read an op library, generate files from it, run its ops.

```python
import linalg_odsgen as lo

library = lo.read("my_ops.yaml")           # op-config YAML, TC (.tc) or OpDSL (.py)
text = lo.generate(library, "python")      # what `gen-impl` writes; also "pyi", "yaml",
                                           # "td" and "cpp" (what `gen-ods` writes)
MyOp = lo.op_class(library.ops[0])         # a runnable class, built in memory
```

These are the supported entry points; the modules behind them (`sources`, `codegen`,
`ods`, `yaml_io`, `runtime.opclass`) may change shape between releases. Errors in the
user's files raise `DiagnosticError` with file, line and column; front-end warnings
are issued as `FrontEndWarning`s (Python's `warnings`).
"""

from __future__ import annotations

import os
import warnings
from typing import TYPE_CHECKING, Literal, get_args

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError

if TYPE_CHECKING:
    from linalg_odsgen.model import OpConfig, OpLibrary
    from linalg_odsgen.runtime.structured_op import StructuredOp

# What `generate` writes: the gen-impl module and its stub, canonical YAML, gen-ods's pair.
Target = Literal["python", "pyi", "yaml", "td", "cpp"]
TARGETS: tuple[str, ...] = get_args(Target)


class FrontEndWarning(UserWarning):
    """A front end's warning about a library it read (the text is the GNU-style diagnostic)."""


def read(path: str | os.PathLike[str]) -> OpLibrary:
    """The validated op library of the file at `path`, its front end chosen by suffix:
    `.tc` is TC syntax, `.py` an OpDSL module (executed), anything else op-config YAML."""
    from linalg_odsgen import sources

    library, found = sources.read_file(os.fspath(path), run_python=True)
    for d in found:
        warnings.warn(d.format_gnu(), FrontEndWarning, stacklevel=2)
    return library


def generate(library: OpLibrary, target: Target, *, name: str = "library.yaml") -> str:
    """The text one back end writes for `library`: `"python"` (the gen-impl module),
    `"pyi"` (its typed stub), `"yaml"` (canonical op configs), `"td"` or `"cpp"` (the ODS
    declarations or C++ definitions gen-ods writes). `name` is the source file named in
    headers and diagnostics."""
    if target == "python":
        from linalg_odsgen.codegen import generate_module

        return generate_module(library, name)
    if target == "pyi":
        from linalg_odsgen.codegen.stub import generate_stub

        return generate_stub(library, name, "OUT.py", "OUT.pyi")
    from linalg_odsgen.yaml_io import dump_library

    yaml_text = dump_library(library.ops)
    if target == "yaml":
        return yaml_text
    if target in ("td", "cpp"):
        from linalg_odsgen.ods import generate as generate_ods
        from linalg_odsgen.ods.reading import read_library

        # gen-ods reads the YAML as upstream's generator does: the same text either way.
        ods = generate_ods(read_library(yaml_text, name)[0], name)
        for d in ods.warnings:
            warnings.warn(d.format_gnu(), FrontEndWarning, stacklevel=2)
        return ods.decl if target == "td" else ods.impl
    raise DiagnosticError(
        Diagnostic(
            f"unknown target {target!r}; expected one of: {', '.join(TARGETS)}", file="<api>"
        )
    )


def op_class(config: OpConfig) -> type[StructuredOp]:
    """The runnable class of one op config (verify, run on NumPy arrays, print as MLIR),
    built in memory: the same op `gen-impl` writes out as code."""
    from linalg_odsgen import build

    return build.op_class(config)


# `Target` and `TARGETS` spell the choices of `generate`, whose docstring lists them.
__all__ = ["FrontEndWarning", "generate", "op_class", "read"]
