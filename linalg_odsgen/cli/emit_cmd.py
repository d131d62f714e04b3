"""`linalg-ods-gen emit`: print one op instance as an MLIR module (named or generic form)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import click

from linalg_odsgen.cli.common import (
    diagnostics_to_exit,
    read_op_file,
    write_output,
)
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError

if TYPE_CHECKING:
    from linalg_odsgen.runtime import OperandType, StructuredOp


_DIALECT_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


def _main_text(
    op: StructuredOp,
    form: Any,
    dialect: str,
    seed: int,
    expected: bool,
    data: bool,
    backend: str,
    output: str,
) -> str:
    """The runnable module (its run command as leading comments), our runtime's output, or
    the module's data."""
    from linalg_odsgen.mlir import driver

    operands = driver.sample_operands(op, seed)
    if data:
        return driver.format_operands(op, operands)
    if expected:
        from linalg_odsgen.runtime.backends import available_backends

        if backend not in available_backends():
            raise _fail(
                f"--backend {backend!r}: not available; choose one of "
                f"{', '.join(available_backends())}",
                op=op.OP_NAME,
            )
        return driver.expected_output(op, operands, backend)
    kinds = {getattr(t, "kind", None) for t in op.operand_types} - {None}
    kind = "tensor" if "tensor" in kinds else "memref"
    plugin = None if dialect == "linalg" else f"DIR/build/{dialect}-plugin.so"
    command = driver.run_command(op, kind, "main.mlir" if output == "-" else output, plugin)
    header = [
        f"A runnable module: {op.OP_NAME} on deterministic data (seed {seed}). Run it with",
        f"  {command}",
        "Our runtime's results for the same data: this emit command with --expected added.",
    ]
    if plugin is not None:
        header.insert(2, "(DIR: the directory `gen-dialect --name " + dialect + " -o DIR` wrote)")
    return driver.main_module(op, operands, form, kind=kind, dialect=dialect, header=header)


def _fail(message: str, *, op: str | None = None, file: str = "<command line>") -> DiagnosticError:
    return DiagnosticError(Diagnostic(message, file=file, op=op))


def load_ops(lib: str | None) -> dict[str, type[StructuredOp]]:
    """Op name -> class: the built-in core library, or the classes of FILE's ops (built in
    memory, as `gen-impl` would write them)."""
    if lib is None:
        from linalg_odsgen import ops

        return ops.library()
    from linalg_odsgen.runtime.opclass import op_classes

    return op_classes(read_op_file(lib, lib).ops)


def parse_types(op_name: str, texts: tuple[str, ...]) -> list[OperandType]:
    """Each `--type` into an operand type; all bad ones reported together."""
    from linalg_odsgen.mlir.type_syntax import TypeSyntaxError, parse_operand_type

    out: list[OperandType] = []
    diags: list[Diagnostic] = []
    for i, text in enumerate(texts, start=1):
        try:
            out.append(parse_operand_type(text))
        except TypeSyntaxError as exc:
            diags.append(
                Diagnostic(
                    f"--type #{i} {text!r}: {exc.bare_message} (column {exc.column})",
                    file="<command line>",
                    op=op_name,
                )
            )
    if diags:
        raise DiagnosticError(diags)
    return out


def parse_attrs(op_name: str, cls: type[StructuredOp], texts: tuple[str, ...]) -> dict[str, Any]:
    """`NAME=VALUE` pairs: index attributes as `2,2`, function attributes as a name."""
    from linalg_odsgen.model import OperandKind

    defs = {d.name: d for d in cls.OPERANDS if not d.kind.is_value}
    takes_maps = cls.MAPS.takes_indexing_maps()
    known = ", ".join([*defs, *(["indexing_maps"] if takes_maps else [])]) or "none"
    out: dict[str, Any] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            raise _fail(f"--attr {text!r}: expected NAME=VALUE (e.g. strides=2,2)", op=op_name)
        if name == "kind" and cls.OP_NAME == "elementwise":
            out[name] = value
            continue
        if name == "indexing_maps" and takes_maps:
            from linalg_odsgen.runtime.instance_maps import parse_maps

            try:
                out[name] = parse_maps(value)
            except ValueError as exc:
                raise _fail(f"--attr {text!r}: {exc}", op=op_name) from None
            continue
        d = defs.get(name)
        if d is None:
            raise _fail(
                f"--attr {text!r}: unknown attribute {name!r}; this op takes: {known}", op=op_name
            )
        if name in out:
            raise _fail(f"--attr {text!r}: attribute {name!r} given twice", op=op_name)
        if d.kind is OperandKind.INDEX_ATTR:
            try:
                out[name] = tuple(int(v) for v in value.split(","))
            except ValueError:
                raise _fail(
                    f"--attr {text!r}: {name!r} takes comma-separated integers (e.g. 2,2)",
                    op=op_name,
                ) from None
        else:
            out[name] = value
    return out


@click.command("emit")
@click.argument("op_name", metavar="OP")
@click.option(
    "--type",
    "type_texts",
    multiple=True,
    metavar="T",
    help="Type of one value operand, in declaration order (inputs, scalars, outputs): "
    "memref<4x?xf32>, tensor<2x3xi8>, or a bare element type such as i32 for a scalar.",
)
@click.option(
    "--lib",
    metavar="FILE.yaml|FILE.tc",
    default=None,
    help="Op-config YAML (or a TC file) to take OP from (default: the built-in core library).",
)
@click.option(
    "--attr",
    "attr_texts",
    multiple=True,
    metavar="NAME=VALUE",
    help="An attribute: index attributes as strides=2,2; function attributes as "
    "cast=cast_unsigned or fun=mul; for matmul, batch_matmul and batch_reduce_matmul "
    "indexing_maps=[affine_map<...>, affine_map<...>, affine_map<...>] as MLIR 22 takes it. "
    "Unset attributes take their defaults.",
)
@click.option("--generic", is_flag=True, help="Print the linalg.generic form.")
@click.option(
    "--dialect",
    metavar="NAME",
    default="linalg",
    show_default=True,
    help="Dialect of the named form: the --name of a gen-dialect plugin holding the op "
    "(prints NAME.OP; function attributes keep their #linalg spelling).",
)
@click.option(
    "--main",
    "with_main",
    is_flag=True,
    help="Print a runnable module: the op's function plus a `main` that calls it on "
    "deterministic data and prints every output (needs static sizes); its first lines "
    "are the mlir-opt-22 and mlir-runner-22 commands that run it.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the --main data (small integers, the same for a given seed).",
)
@click.option(
    "--expected",
    is_flag=True,
    help="With --main: print instead what our runtime computes on the same data, in the "
    "format the module prints (diff it with mlir-runner-22's output).",
)
@click.option(
    "--data",
    is_flag=True,
    help="With --main: print instead the module's data, every operand (outputs as they "
    "start) headed NAME: TYPE, in the format the module prints.",
)
@click.option(
    "--backend",
    default="loops",
    show_default=True,
    metavar="NAME",
    help="Runtime backend of --expected (loops, fast, compiled).",
)
@click.option(
    "-o",
    "--output",
    "output",
    default="-",
    metavar="FILE",
    help="Where to write the module (atomically; default '-' is stdout).",
)
@diagnostics_to_exit
def emit_cmd(
    op_name: str,
    type_texts: tuple[str, ...],
    lib: str | None,
    attr_texts: tuple[str, ...],
    generic: bool,
    dialect: str,
    with_main: bool,
    seed: int,
    expected: bool,
    data: bool,
    backend: str,
    output: str,
) -> None:
    """Print OP with the given operand types as an MLIR module.

    The module holds one func.func named after the op whose arguments have the
    given types; its body is `linalg.OP` (or, with --generic, the equivalent
    linalg.generic with the payload region). Tensor outputs are returned.
    Feed it to mlir-opt, e.g. `linalg-ods-gen emit matmul --type ... | mlir-opt-22`.
    With --main the module also fills the operands and prints the outputs;
    --main --expected prints our runtime's outputs for the same data.
    """
    from linalg_odsgen.mlir import Form, print_module

    if not _DIALECT_NAME.match(dialect):
        raise _fail(
            f"--dialect {dialect!r}: a dialect name is lower-case letters, digits and "
            "underscores, starting with a letter (as gen-dialect --name takes it)",
            op=op_name,
        )
    if generic and dialect != "linalg":
        raise _fail(
            "--dialect names the named form's dialect; --generic prints linalg.generic", op=op_name
        )
    if (expected or data or seed != 0) and not with_main:
        flag = "--expected" if expected else "--data" if data else "--seed"
        raise _fail(f"{flag} goes with --main (the runnable module's data)", op=op_name)
    if expected and data:
        raise _fail("--expected and --data print different things; give one", op=op_name)

    ops = load_ops(lib)
    if lib is None and op_name == "elementwise":  # the library has one class per kind
        kinds = [t.partition("=")[2].strip() for t in attr_texts if t.strip().startswith("kind=")]
        if not kinds:
            raise _fail("elementwise needs --attr kind=KIND (e.g. kind=add)", op=op_name)
        if f"elementwise_{kinds[0]}" not in ops:
            known = ", ".join(
                n.removeprefix("elementwise_") for n in ops if n.startswith("elementwise_")
            )
            raise _fail(
                f"unknown elementwise kind {kinds[0]!r}; expected one of: {known}", op=op_name
            )
        ops["elementwise"] = ops[f"elementwise_{kinds[0]}"]
    cls = ops.get(op_name)
    if cls is None:
        where = lib or "the core library"
        close = sorted(n for n in ops if op_name in n or n in op_name)[:5]
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise _fail(f"unknown op {op_name!r} in {where}{hint}", op=op_name)
    value_defs = [d for d in cls.OPERANDS if d.kind.is_value]
    if len(type_texts) != len(value_defs):
        listed = ", ".join(f"{d.name} ({d.kind.value})" for d in value_defs)
        raise _fail(
            f"expected {len(value_defs)} --type options, one per value operand in order: "
            f"{listed}; got {len(type_texts)}",
            op=op_name,
        )
    operand_types = parse_types(op_name, type_texts)
    attrs = parse_attrs(op_name, cls, attr_texts)
    form = Form.GENERIC if generic else Form.NAMED
    try:
        op = cls.from_types(operand_types, **attrs)
        if with_main:
            text = _main_text(op, form, dialect, seed, expected, data, backend, output)
        else:
            text = print_module(op, form, dialect=dialect)
    except DiagnosticError as err:
        # Instance errors concern what the command line asked for.
        raise DiagnosticError([d.with_file("<command line>") for d in err.diagnostics]) from None
    write_output(output, text)
