"""`linalg-ods-gen dump-oplib`: run OpDSL op definitions and dump their op configs."""

from __future__ import annotations

import dataclasses
import enum

import click

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.cli.common import diagnostics_to_exit, report, report_if_stale, write_output
from linalg_odsgen.dsl.library import read_dsl_library
from linalg_odsgen.model import OpLibrary
from linalg_odsgen.yaml_io import dump_library


@click.command("dump-oplib")
@click.argument("modules", metavar="[MODULE]...", nargs=-1)
@click.option(
    "--file",
    "files",
    metavar="PY",
    multiple=True,
    help="Load ops from the Python file PY ('-' is stdin; repeatable). "
    "It should `from linalg_odsgen.dsl import *`.",
)
@click.option(
    "-o",
    "--output",
    "output",
    metavar="OUT",
    default="-",
    show_default=True,
    help="Write to OUT atomically; '-' is stdout.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["yaml", "repr"]),
    default="yaml",
    show_default=True,
    help="yaml: op-config documents; repr: the typed model as readable Python.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 0 if OUT is up to date, else print a unified diff and exit 1.",
)
@diagnostics_to_exit
def dump_oplib_cmd(
    modules: tuple[str, ...], files: tuple[str, ...], output: str, fmt: str, check: bool
) -> None:
    """Dump the ops defined in MODULEs (dotted names) and --file PY files.

    Ops come out in definition order, module by module, then file by file.
    With neither, the built-in core library (linalg_odsgen.opspecs.core_named_ops)
    is dumped. Any error (import failure, DSL mistake, duplicate op name) is
    reported as FILE:LINE:COL diagnostics and nothing is written.
    """
    if check and output == "-":
        raise click.UsageError("--check compares against OUT; give -o OUT")
    library, warnings = read_dsl_library(modules, files)
    report(warnings)
    # Like upstream's OpDSL, an op without docstring is written `doc: null`.
    text = dump_library(library.ops, null_doc=True) if fmt == "yaml" else format_repr(library)
    if check:
        if report_if_stale(output, text, _command(modules, files, output)):
            raise SystemExit(1)
        return
    write_output(output, text)


def _command(modules: tuple[str, ...], files: tuple[str, ...], output: str) -> str:
    """The dump-oplib command line that regenerates OUT, for the stale message."""
    parts = ["dump-oplib", *modules]
    for f in files:
        parts += ["--file", f]
    return " ".join([*parts, "-o", output])


def format_repr(library: OpLibrary) -> str:
    """The model objects as indented Python-like text, one op after another."""
    return "".join(_fmt(op, 0) + "\n" for op in library.ops)


def _fmt(value: object, indent: int) -> str:
    pad = "    " * (indent + 1)
    if isinstance(value, AffineMap):
        return f"AffineMap.parse({str(value)!r})"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = []
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and v == f.default_factory():
                continue
            parts.append(f"{f.name}={_fmt(v, indent + 1)}")
        flat = f"{type(value).__name__}({', '.join(parts)})"
        if len(flat) + 4 * indent <= 96 and "\n" not in flat:
            return flat
        inner = "".join(f"{pad}{p},\n" for p in parts)
        return f"{type(value).__name__}(\n{inner}{'    ' * indent})"
    if isinstance(value, tuple):
        items = [_fmt(v, indent + 1) for v in value]
        flat = "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        if len(flat) + 4 * indent <= 96 and "\n" not in flat:
            return flat
        inner = "".join(f"{pad}{i},\n" for i in items)
        return f"(\n{inner}{'    ' * indent})"
    return repr(value)
