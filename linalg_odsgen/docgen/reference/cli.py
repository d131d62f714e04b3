"""The command-line reference: every `linalg-ods-gen` command, from click's own objects."""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import click

from linalg_odsgen.docgen.reference.text import cell, markdown_of_help
from linalg_odsgen.docgen.templates_env import render


@dataclass(frozen=True)
class ParamRow:
    names: str
    takes: str
    default: str
    help: str


@dataclass(frozen=True)
class CommandDoc:
    name: str
    usage: str
    help: str
    arguments: tuple[str, ...]
    options: tuple[ParamRow, ...]


def _option_row(opt: click.Option) -> ParamRow:
    names = ", ".join(f"`{n}`" for n in [*opt.opts, *opt.secondary_opts])
    if opt.is_flag:
        takes = "flag"
    elif isinstance(opt.type, click.Choice):
        takes = " \\| ".join(f"`{c}`" for c in opt.type.choices)
    else:
        takes = f"`{opt.metavar or opt.type.name.upper()}`"
    if opt.multiple:
        takes += " (repeatable)"
    default = ""
    unset = opt.default is getattr(click.core, "UNSET", None)  # click >= 8.3's "no default"
    if not unset and opt.default not in (None, False, (), []) and not callable(opt.default):
        default = f"`{opt.default}`"
    if opt.required:
        default = "required"
    return ParamRow(names, takes, default, cell(opt.help or ""))


def command_doc(group: click.Group, name: str) -> CommandDoc | None:
    """What the page says about one command (None when it cannot be loaded)."""
    ctx = click.Context(group, info_name="linalg-ods-gen")
    cmd = group.get_command(ctx, name)
    if cmd is None:
        return None
    sub = click.Context(cmd, info_name=name, parent=ctx)
    usage = " ".join(["linalg-ods-gen", name, *cmd.collect_usage_pieces(sub)])
    arguments = tuple(
        p.metavar or p.human_readable_name for p in cmd.params if isinstance(p, click.Argument)
    )
    options = tuple(
        _option_row(p) for p in cmd.params if isinstance(p, click.Option) and not p.hidden
    )
    help_text = markdown_of_help(inspect.cleandoc(cmd.help or ""))
    return CommandDoc(name, usage, help_text, arguments, options)


def cli_page() -> str:
    """Markdown of the whole command line."""
    from linalg_odsgen.cli import main

    ctx = click.Context(main, info_name="linalg-ods-gen")
    names = main.list_commands(ctx)
    docs = [d for d in (command_doc(main, n) for n in names) if d is not None]
    group_help = markdown_of_help(inspect.cleandoc(main.help or ""))
    return render("reference_cli.md.j2", group_help=group_help, commands=docs)
