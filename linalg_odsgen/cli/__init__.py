"""The `linalg-ods-gen` command group.

Each subcommand lives in its own module and is imported only when invoked, so
`--help` and small commands stay fast. This edge is the only place that turns
`DiagnosticError`s into printed diagnostics and exit codes.
"""

from __future__ import annotations

import importlib

import click

# command name -> "module:attribute" of its click command
_COMMANDS: dict[str, tuple[str, str]] = {
    "format": (
        "linalg_odsgen.cli.format_cmd:format_cmd",
        "Re-emit op-config YAML in canonical form.",
    ),
    "validate": ("linalg_odsgen.cli.validate_cmd:validate_cmd", "Validate op-config YAML files."),
    "dump-oplib": (
        "linalg_odsgen.cli.dump_oplib_cmd:dump_oplib_cmd",
        "Dump OpDSL op libraries as op-config YAML.",
    ),
    "gen-impl": (
        "linalg_odsgen.cli.gen_impl_cmd:gen_impl_cmd",
        "Generate the Python op module of an op-config file.",
    ),
    "gen-ods": (
        "linalg_odsgen.cli.gen_ods_cmd:gen_ods_cmd",
        "Generate ODS (.td) and C++ (.cpp.inc) as mlir-linalg-ods-yaml-gen does.",
    ),
    "from-tc": (
        "linalg_odsgen.cli.from_tc_cmd:from_tc_cmd",
        "Translate TC op specs (MLIR's original mlir-linalg-ods-gen syntax) into op-config YAML.",
    ),
    "gen-dialect": (
        "linalg_odsgen.cli.gen_dialect_cmd:gen_dialect_cmd",
        "Generate an out-of-tree MLIR dialect (mlir-opt plugin) of op configs.",
    ),
    "check": (
        "linalg_odsgen.cli.check_cmd:check_cmd",
        "Fail if any generated file of the repository is stale.",
    ),
    "emit": ("linalg_odsgen.cli.emit_cmd:emit_cmd", "Print an op instance as an MLIR module."),
    "conform": (
        "linalg_odsgen.cli.conform_cmd:conform_cmd",
        "Test an MLIR pipeline on every op of a library against our semantics.",
    ),
    "fuzz": (
        "linalg_odsgen.cli.fuzz_cmd:fuzz_cmd",
        "Test an MLIR pipeline on random structured ops against our semantics.",
    ),
    "gen-doc": (
        "linalg_odsgen.cli.gen_doc_cmd:gen_doc_cmd",
        "Write a reference page (Markdown or HTML) per op library.",
    ),
}


class _LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = _COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module_name, attr = entry[0].split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # a command not built yet
            if exc.name != module_name:
                raise
            return None
        return getattr(module, attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Short help comes from the table, so `--help` imports no subcommand.
        rows = [(name, _COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="linalg-ods-gen")
def main() -> None:
    """Author, validate, generate and run MLIR Linalg named structured ops."""
