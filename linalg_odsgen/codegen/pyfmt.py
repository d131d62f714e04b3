"""Emit Python source that is already in `ruff format` style.

The generated module must be stable under the formatter without running it, so
every construct is laid out by one rule: on one line when it fits in the line
length, otherwise exploded one item per line *with a trailing comma* (which the
formatter keeps exploded). Strings use the formatter's quote preference.
"""

from __future__ import annotations

import keyword
from collections.abc import Sequence

LINE_LENGTH = 100
INDENT = "    "


def pystr(text: str) -> str:
    """A string literal as the formatter writes it (double quotes unless more escapes)."""
    quote = "'" if text.count('"') > text.count("'") else '"'
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == quote:
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return quote + "".join(out) + quote


def fits(line: str) -> bool:
    return len(line) <= LINE_LENGTH


def bracketed(
    indent: str,
    head: str,
    items: Sequence[str],
    close: str,
    tail: str = "",
    one_tuple: bool = False,
) -> list[str]:
    """`head` + items + `close` + `tail`: one line if it fits, else one item per line.

    `items` are already-formatted single-line items; `one_tuple` adds the comma a
    one-element tuple needs on the single-line form.
    """
    inner = ", ".join(items) + ("," if one_tuple and len(items) == 1 else "")
    line = f"{indent}{head}{inner}{close}{tail}"
    if fits(line) or not items:
        return [line]
    lines = [f"{indent}{head}"]
    lines += [f"{indent}{INDENT}{item}," for item in items]
    lines.append(f"{indent}{close}{tail}")
    return lines


def call(indent: str, head: str, args: Sequence[str], tail: str = "") -> list[str]:
    """`head(args)tail`, where `head` ends without the parenthesis; exploded when too long."""
    return bracketed(indent, head + "(", args, ")", tail)


_RESERVED = {
    "builtins",
    "self",
    "operands",
    "body",
    "point",
    "loop_nest",
    "Any",
    "b",
    "_",
}


def local_name(name: str) -> str:
    """An operand name usable as a local variable in generated methods."""
    ident = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name) or "_"
    if ident[0].isdigit():
        ident = "_" + ident
    reserved_pattern = len(ident) > 1 and ident[0] in "dnsv" and ident[1:].isdigit()
    if keyword.iskeyword(ident) or ident in _RESERVED or reserved_pattern:
        ident += "_"
    return ident


def module_name(name: str, taken: set[str]) -> str:
    """An op or class name usable at module level (not a keyword or an imported name)."""
    ident = local_name(name) if not name.isidentifier() or keyword.iskeyword(name) else name
    while ident in taken:
        ident += "_"
    return ident


_SHELL_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_")


def shell_word(arg: str) -> str:
    """`arg` as one POSIX-shell word that survives being put in a comment line.

    Plain words stay bare, printable ones are single-quoted, and anything with
    control, non-ASCII or quote characters becomes a `$'...'` word with escapes,
    so no character of a user's path can end the comment or form a coding cookie.
    """
    if arg and all(ch in _SHELL_SAFE for ch in arg):
        return arg
    if arg.isascii() and arg.isprintable() and "'" not in arg and "\\" not in arg:
        return f"'{arg}'"
    out = []
    for ch in arg:
        if ch in "\\'":
            out.append("\\" + ch)
        elif ch.isascii() and ch.isprintable():
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "$'" + "".join(out) + "'"


def shell_command(args: Sequence[str]) -> str:
    """A command line of shell words (see `shell_word`)."""
    return " ".join(shell_word(a) for a in args)
