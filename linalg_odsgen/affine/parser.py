"""Parsing affine map text (`affine_map<(d0)[s0] -> (d0 + s0)>` or the bare form) as MLIR does.

Errors carry the character offset of the problem and MLIR's wording. Input is bounded
(text length, nesting depth) and parsed without recursion, so hostile or broken text
fails fast with an `AffineParseError` instead of exhausting time or the stack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from linalg_odsgen.affine.arith import INT64_MAX, AffineExprKind
from linalg_odsgen.affine.expr import (
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    build,
)

# Limits that keep hostile or broken input from exhausting time or the stack.
MAX_NESTING_DEPTH = 500
MAX_TEXT_LENGTH = 1 << 20


class ParsedMap(NamedTuple):
    """What a map's text says: its dim and symbol counts and result expressions."""

    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]


def parse_map(text: str) -> ParsedMap:
    """Parse `affine_map<...>` or the bare `(..)[..] -> (..)` form; AffineParseError if bad."""
    return _Parser(text).parse_map_text()


class AffineParseError(Exception):
    """Malformed affine map text; `offset` is the 0-based character offset of the problem."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(f"{message} (at offset {offset})")
        self.message = message
        self.offset = offset


_TOKEN_RE = re.compile(
    r"""
    (?P<ws>(?:\s+|//[^\n]*)+)
  | (?P<id>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<int>0x[0-9A-Fa-f]+|[0-9]+)
  | (?P<arrow>->)
  | (?P<punct>[-+*(),\[\]<>])
    """,
    re.VERBOSE,
)

_KEYWORDS = {
    "floordiv": AffineExprKind.FLOORDIV,
    "ceildiv": AffineExprKind.CEILDIV,
    "mod": AffineExprKind.MOD,
}


class _Tok(NamedTuple):
    """One token (a tuple: maps are tokenized on every load, and tuples build fast)."""

    kind: str  # "id", "int", "kw", one of the punctuation strings, "->" or "eof"
    text: str
    offset: int


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    append = toks.append
    match = _TOKEN_RE.match
    pos, n = 0, len(text)
    while pos < n:
        m = match(text, pos)
        if m is None:
            raise AffineParseError(f"unexpected character {text[pos]!r}", pos)
        group = m.lastgroup
        s = m.group()
        if group == "id":
            append(_Tok("kw" if s in _KEYWORDS else "id", s, pos))
        elif group == "int":
            append(_Tok("int", s, pos))
        elif group != "ws":  # "->" and punctuation are their own kinds
            append(_Tok(s, s, pos))
        pos = m.end()
    toks.append(_Tok("eof", "", n))
    return toks


@dataclass
class _Frame:
    """Partial state of one parenthesised (or top-level) expression."""

    open_offset: int
    negs: list[int] = field(default_factory=list)  # pending unary minuses for the next operand
    total: AffineExpr | None = None  # finished low-precedence (+/-) part
    total_op: str = "+"
    total_op_offset: int = 0
    prod: AffineExpr | None = None  # current high-precedence chain
    prod_op: AffineExprKind | None = None
    prod_op_offset: int = 0


class _Parser:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_TEXT_LENGTH:
            raise AffineParseError(
                f"affine map text too long ({len(text)} characters, limit {MAX_TEXT_LENGTH})", 0
            )
        self.text = text
        self.toks = _tokenize(text)
        self.i = 0
        self.dims: dict[str, int] = {}
        self.syms: dict[str, int] = {}

    # -- token helpers ------------------------------------------------------------------

    @property
    def tok(self) -> _Tok:
        return self.toks[self.i]

    def next(self) -> _Tok:
        t = self.toks[self.i]
        if t.kind != "eof":
            self.i += 1
        return t

    def expect(self, kind: str, what: str) -> _Tok:
        if self.tok.kind != kind:
            raise AffineParseError(f"expected {what}", self.tok.offset)
        return self.next()

    # -- grammar ------------------------------------------------------------------------

    def parse_map_text(self) -> ParsedMap:
        wrapped = self.tok.kind == "id" and self.tok.text == "affine_map"
        if wrapped:
            self.next()
            self.expect("<", "'<' after 'affine_map'")
        self.parse_id_list("(", ")", self.dims, "dimension")
        if self.tok.kind == "[":
            self.parse_id_list("[", "]", self.syms, "symbol")
        self.expect("->", "'->' after the dimension and symbol lists")
        self.expect("(", "'(' to start the result list")
        results: list[AffineExpr] = []
        if self.tok.kind == ")":
            self.next()
        else:
            while True:
                results.append(self.parse_expr())
                t = self.next()
                if t.kind == ")":
                    break
                if t.kind != ",":
                    raise AffineParseError("expected ',' or ')' in the result list", t.offset)
        if wrapped:
            self.expect(">", "'>' to close 'affine_map<'")
        if self.tok.kind != "eof":
            raise AffineParseError("unexpected text after the affine map", self.tok.offset)
        return ParsedMap(len(self.dims), len(self.syms), tuple(results))

    def parse_id_list(self, open_: str, close: str, into: dict[str, int], what: str) -> None:
        self.expect(open_, f"'{open_}' to start the {what} list")
        if self.tok.kind == close:
            self.next()
            return
        while True:
            t = self.tok
            if t.kind != "id":
                raise AffineParseError(f"expected {what} identifier", t.offset)
            if t.text in self.dims or t.text in self.syms:
                raise AffineParseError(f"redefinition of identifier '{t.text}'", t.offset)
            self.next()
            into[t.text] = len(into)
            t = self.next()
            if t.kind == close:
                return
            if t.kind != ",":
                raise AffineParseError(f"expected ',' or '{close}' in the {what} list", t.offset)

    def operand(self, t: _Tok) -> AffineExpr:
        if t.kind == "int":
            v = int(t.text, 0)
            if v > INT64_MAX:
                raise AffineParseError("constant too large for index", t.offset)
            return AffineConstantExpr(v)
        if t.text in self.dims:
            return AffineDimExpr(self.dims[t.text])
        if t.text in self.syms:
            return AffineSymbolExpr(self.syms[t.text])
        raise AffineParseError(f"use of undeclared identifier '{t.text}'", t.offset)

    def check_depth(self, e: AffineExpr, offset: int) -> AffineExpr:
        if e.depth > MAX_NESTING_DEPTH:
            raise AffineParseError(
                f"affine expression nested too deeply (limit {MAX_NESTING_DEPTH})", offset
            )
        return e

    def parse_expr(self) -> AffineExpr:
        """One affine expression; an explicit frame stack replaces recursion on '('."""
        frames: list[_Frame] = [_Frame(self.tok.offset)]
        nesting = 0  # open parentheses plus pending unary minuses
        while True:
            f = frames[-1]
            # ---- operand position
            t = self.next()
            if t.kind in ("-", "("):
                nesting += 1
                if nesting > MAX_NESTING_DEPTH:
                    raise AffineParseError(
                        f"affine expression nested too deeply (limit {MAX_NESTING_DEPTH})",
                        t.offset,
                    )
                if t.kind == "-":
                    f.negs.append(t.offset)
                else:
                    frames.append(_Frame(t.offset))
                continue
            if t.kind not in ("id", "int"):
                raise self.missing_operand(t, f)
            value = self.operand(t)
            # ---- operator position: reduce, closing parentheses as they come
            while True:
                nesting -= len(f.negs)
                value = self.apply_negations(f, value)
                self.push_operand(f, value)
                op = self.tok
                if op.kind in ("*", "kw"):
                    self.next()
                    f.prod_op = AffineExprKind.MUL if op.kind == "*" else _KEYWORDS[op.text]
                    f.prod_op_offset = op.offset
                    break
                if op.kind in ("+", "-"):
                    self.next()
                    self.flush_product(f)
                    f.total_op, f.total_op_offset = op.kind, op.offset
                    break
                # End of this (parenthesised) expression.
                value = self.flush_product(f)
                if len(frames) == 1:
                    return value
                if op.kind != ")":
                    if op.kind == "eof":
                        raise AffineParseError("unbalanced '(' in affine expression", f.open_offset)
                    raise AffineParseError(
                        f"unexpected {op.text!r} in affine expression; expected ')'", op.offset
                    )
                self.next()
                nesting -= 1
                frames.pop()
                f = frames[-1]

    def missing_operand(self, t: _Tok, f: _Frame) -> AffineParseError:
        if f.negs:
            return AffineParseError("missing operand of negation", t.offset)
        after_op = f.prod_op is not None or f.total is not None
        if t.kind in ("kw", "+", "*"):
            side = "right" if after_op else "left"
            return AffineParseError(f"missing {side} operand of binary operator", t.offset)
        if after_op:
            return AffineParseError("missing right operand of binary operator", t.offset)
        return AffineParseError("expected affine expression", t.offset)

    def apply_negations(self, f: _Frame, value: AffineExpr) -> AffineExpr:
        while f.negs:
            offset = f.negs.pop()
            value = self.check_depth(value * -1, offset)
        return value

    def push_operand(self, f: _Frame, value: AffineExpr) -> None:
        if f.prod is None:
            f.prod = value
            return
        kind, lhs = f.prod_op, f.prod
        assert kind is not None
        if kind is AffineExprKind.MUL:
            if not lhs.is_symbolic_or_constant() and not value.is_symbolic_or_constant():
                raise AffineParseError(
                    "non-affine expression: at least one of the multiply operands has to be "
                    "either a constant or symbolic",
                    f.prod_op_offset,
                )
        elif not value.is_symbolic_or_constant():
            raise AffineParseError(
                f"non-affine expression: right operand of {kind.value} has to be either a "
                "constant or symbolic",
                f.prod_op_offset,
            )
        f.prod = self.check_depth(build(kind, lhs, value), f.prod_op_offset)
        f.prod_op = None

    def flush_product(self, f: _Frame) -> AffineExpr:
        """Fold the pending product into the running sum and return the sum."""
        prod = f.prod
        assert prod is not None
        if f.total is None:
            f.total = prod
        elif f.total_op == "+":
            f.total = self.check_depth(f.total + prod, f.total_op_offset)
        else:
            f.total = self.check_depth(f.total - prod, f.total_op_offset)
        f.prod = None
        f.prod_op = None
        return f.total
