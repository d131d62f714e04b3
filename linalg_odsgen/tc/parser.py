"""Recursive-descent parser of TC files into `syntax.Def`s.

A syntax error ends the current comprehension (parsing resumes after its `;`)
or, outside a body, the current def (parsing resumes at the next `def` or
`ods_def`), so one run reports the defects of every def.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from linalg_odsgen.diagnostics import Diagnostic
from linalg_odsgen.tc.intrinsics import lookup
from linalg_odsgen.tc.lexer import Pos, Tok, Token, tokenize
from linalg_odsgen.tc.syntax import (
    Access,
    Affine,
    AttrElem,
    AttrParam,
    BinOp,
    Call,
    Comprehension,
    Def,
    Expr,
    Name,
    Neg,
    Num,
    TensorParam,
)

# Deeper nesting is refused with a diagnostic instead of overflowing the stack. Payload
# expressions stay within what their op-config YAML can be read back with (the YAML
# loader's nesting limit allows about 85 levels of scalar_fn).
MAX_EXPR_NESTING = 80
MAX_INDEX_NESTING = 100  # parentheses, unary minus and operator chains of an index

# Integer literals are 64-bit, as in MLIR's affine maps and index attributes.
INT64_MAX = 2**63 - 1
# Elements of one attribute: real strides/dilations have a handful; each element becomes
# a symbol of every map, so a huge count would only exhaust memory.
MAX_ATTR_ELEMENTS = 1024
# Affine operators spelled as words; they bind like `*` and need a constant divisor.
DIVISIONS = ("floordiv", "ceildiv", "mod")

_ATTR_TYPE = re.compile(r"(?P<shape>(?:[0-9]+x)*)(?P<elem>[A-Za-z_][A-Za-z0-9_]*)\Z")


class _SyntaxError(Exception):
    """A syntax error; `diagnostic` is None when the lexer already reported its cause."""

    def __init__(self, diagnostic: Diagnostic | None) -> None:
        super().__init__(diagnostic.message if diagnostic else "")
        self.diagnostic = diagnostic


@dataclass
class ParseResult:
    defs: list[Def]
    errors: list[Diagnostic] = field(default_factory=list)


class _Parser:
    def __init__(self, tokens: list[Token], file: str) -> None:
        self.toks = tokens
        self.i = 0
        self.file = file
        self.errors: list[Diagnostic] = []
        self.op: str | None = None  # name of the def being parsed, for `[op NAME]`
        self.tensors: frozenset[str] = frozenset()  # its tensor names: `X(...)` is an access
        self.body_failed = False  # a statement of the current body did not parse
        self.depth = 0  # current payload expression nesting
        self.index_depth = 0  # current index expression nesting

    # -- token helpers -------------------------------------------------------------------

    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Token:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def advance(self) -> Token:
        t = self.toks[self.i]
        if t.kind is not Tok.EOF:
            self.i += 1
        return t

    def error(self, message: str, pos: Pos | None = None) -> _SyntaxError:
        if pos is None and self.tok.kind is Tok.ERROR:
            return _SyntaxError(None)  # a bad character, reported by the lexer
        p = pos or self.tok.pos
        return _SyntaxError(Diagnostic(message, self.file, p.line, p.column, op=self.op))

    def integer(self, tok: Token, what: str) -> int:
        """The value of an integer token; a literal beyond int64 is a syntax error."""
        return self.int_text(tok.text, what, tok.pos)

    def int_text(self, text: str, what: str, pos: Pos) -> int:
        digits = text.lstrip("0") or "0"
        if len(digits) > len(str(INT64_MAX)) or int(digits) > INT64_MAX:
            shown = text if len(text) <= 24 else f"{text[:10]}...{text[-6:]} ({len(text)} digits)"
            raise self.error(
                f"integer {shown} as {what} is too large: the limit is 2^63-1 ({INT64_MAX})", pos
            )
        return int(digits)

    def report(self, err: _SyntaxError) -> None:
        if err.diagnostic is not None:
            self.errors.append(err.diagnostic)

    def expect_punct(self, text: str, context: str) -> Token:
        if not self.tok.is_punct(text):
            raise self.error(f"expected '{text}' {context}, found {self.tok.describe()}")
        return self.advance()

    def expect_ident(self, context: str) -> Token:
        if self.tok.kind is not Tok.IDENT:
            raise self.error(f"expected {context}, found {self.tok.describe()}")
        return self.advance()

    def accept_punct(self, text: str) -> bool:
        if self.tok.is_punct(text):
            self.advance()
            return True
        return False

    # -- file ----------------------------------------------------------------------------

    def parse_file(self) -> list[Def]:
        defs: list[Def] = []
        while self.tok.kind is not Tok.EOF:
            if not (self.tok.is_word("def") or self.tok.is_word("ods_def")):
                self.report(
                    self.error(
                        f"expected 'def' or 'ods_def' to start an op definition, found "
                        f"{self.tok.describe()}"
                    )
                )
                self.skip_to_def()
                continue
            self.depth = self.index_depth = 0
            try:
                d = self.parse_def()
            except _SyntaxError as err:
                self.report(err)
                self.skip_to_def()
                continue
            finally:
                self.op = None
            defs.append(d)
        return defs

    def skip_to_def(self) -> None:
        """Skip past the current token to the next `def`/`ods_def` (or the end)."""
        self.advance()
        while self.tok.kind is not Tok.EOF and not (
            self.tok.is_word("def") or self.tok.is_word("ods_def")
        ):
            self.advance()

    # -- def -----------------------------------------------------------------------------

    def parse_def(self) -> Def:
        start = self.tok.pos
        class_name: str | None = None
        interfaces: list[str] = []
        if self.tok.is_word("ods_def"):
            self.advance()
            self.expect_punct("<", "after 'ods_def' (ods_def<ClassName>)")
            class_name = self.expect_ident("the C++ class name in ods_def<...>").text
            self.expect_punct(">", "to close ods_def<...>")
            while self.tok.is_word("implements_interface"):
                self.advance()
                self.expect_punct("<", "after 'implements_interface'")
                interfaces.append(self.expect_ident("an interface name").text)
                while self.accept_punct(","):
                    interfaces.append(self.expect_ident("an interface name").text)
                self.expect_punct(">", "to close implements_interface<...>")
            self.expect_punct(":", "between ods_def<...> and 'def'")
        if not self.tok.is_word("def"):
            raise self.error(f"expected 'def', found {self.tok.describe()}")
        self.advance()
        name_tok = self.expect_ident("the op name after 'def'")
        self.op = name_tok.text
        self.expect_punct("(", "to open the input list of the def")
        inputs = self.parse_params(")", is_output=False)
        self.expect_punct(")", "to close the input list")
        self.expect_punct("->", "between the inputs and the outputs: (inputs) -> (outputs)")
        self.expect_punct("(", "to open the output list")
        outputs = self.parse_params(")", is_output=True)
        self.expect_punct(")", "to close the output list")
        self.tensors = frozenset(t.name for t in (*inputs, *outputs))
        doc: str | None = None
        doc_pos: Pos | None = None
        attrs: tuple[AttrParam, ...] | None = None
        while True:
            if self.tok.kind is Tok.DOC:
                if doc is not None:
                    raise self.error("a def takes one doc string; this is the second")
                doc_pos = self.tok.pos
                doc = self.advance().text
            elif self.tok.is_word("attr"):
                if attrs is not None:
                    raise self.error("a def takes one attr(...) list; this is the second")
                attrs = self.parse_attrs()
            else:
                break
        if not self.tok.is_punct("{"):
            raise self.error(
                f"expected '{{' to open the body of '{name_tok.text}' (or a doc string or "
                f"attr(...) before it), found {self.tok.describe()}"
            )
        self.body_failed = False
        comps = self.parse_body()
        return Def(
            name=name_tok.text,
            pos=name_tok.pos,
            class_name=class_name,
            interfaces=tuple(interfaces),
            doc=doc,
            doc_pos=doc_pos,
            inputs=inputs,
            outputs=outputs,
            attrs=attrs or (),
            comprehensions=comps,
            start=start,
            incomplete=self.body_failed,
        )

    def parse_params(self, close: str, *, is_output: bool) -> tuple[TensorParam, ...]:
        params: list[TensorParam] = []
        if self.tok.is_punct(close):
            return ()
        while True:
            params.append(self.parse_param(is_output))
            if not self.accept_punct(","):
                return tuple(params)

    def parse_param(self, is_output: bool) -> TensorParam:
        what = "an output" if is_output else "an input"
        name = self.expect_ident(f"{what} tensor name (NAME : TYPE(SHAPE))")
        self.expect_punct(":", f"after tensor name '{name.text}' (NAME : TYPE(SHAPE))")
        ty = self.expect_ident(f"the element type of '{name.text}' (e.g. f32)")
        self.expect_punct("(", f"after element type '{ty.text}': the shape of '{name.text}'")
        shape: list[Affine] = []
        if not self.tok.is_punct(")"):
            shape.append(self.parse_affine())
            while self.accept_punct(","):
                shape.append(self.parse_affine())
        self.expect_punct(")", f"to close the shape of '{name.text}'")
        return TensorParam(name.text, ty.text, tuple(shape), name.pos, ty.pos, is_output)

    def parse_attrs(self) -> tuple[AttrParam, ...]:
        self.advance()  # attr
        self.expect_punct("(", "after 'attr'")
        attrs: list[AttrParam] = []
        if not self.tok.is_punct(")"):
            attrs.append(self.parse_attr())
            while self.accept_punct(","):
                attrs.append(self.parse_attr())
        self.expect_punct(")", "to close attr(...)")
        return tuple(attrs)

    def parse_attr(self) -> AttrParam:
        name = self.expect_ident("an attribute name (NAME : TYPE)")
        optional = self.accept_punct("?")
        self.expect_punct(":", f"after attribute name '{name.text}' (NAME : TYPE)")
        type_pos = self.tok.pos
        if self.tok.kind not in (Tok.INT, Tok.IDENT):
            raise self.error(
                f"expected the type of attribute '{name.text}' (e.g. i64, 2xi64, f32[]), "
                f"found {self.tok.describe()}"
            )
        first = self.advance()
        text, end = first.text, first.end
        while self.tok.kind in (Tok.INT, Tok.IDENT) and self.tok.start == end:
            text += self.tok.text
            end = self.advance().end
        m = _ATTR_TYPE.match(text)
        if m is None:
            raise self.error(
                f"'{text}' is not an attribute type; expected an element type, a vector "
                "such as 2xi64, or an array such as f32[] or i32[2]",
                type_pos,
            )
        what = f"a dimension of attribute '{name.text}'"
        shape = tuple(self.int_text(x, what, type_pos) for x in m.group("shape").split("x")[:-1])
        array: int | None = None
        if self.accept_punct("["):
            array = -1
            if self.tok.kind is Tok.INT:
                array = self.integer(self.advance(), f"the array size of attribute '{name.text}'")
            self.expect_punct("]", f"to close the array type of attribute '{name.text}'")
        elements = math.prod(shape) * (array if array is not None and array > 0 else 1)
        if elements > MAX_ATTR_ELEMENTS:
            raise self.error(
                f"attribute '{name.text}' has {elements} elements; at most {MAX_ATTR_ELEMENTS} "
                "are supported (each element of an index attribute is a symbol of every map)",
                type_pos,
            )
        if self.accept_punct("?"):
            optional = True
        full = text + ("" if array is None else f"[{'' if array < 0 else array}]")
        return AttrParam(
            name.text, full, m.group("elem"), shape, array, optional, name.pos, type_pos
        )

    # -- body ----------------------------------------------------------------------------

    def parse_body(self) -> tuple[Comprehension, ...]:
        self.advance()  # {
        comps: list[Comprehension] = []
        while not self.tok.is_punct("}"):
            if self.tok.kind is Tok.EOF:
                raise self.error(f"expected '}}' to close the body of '{self.op}'")
            if self.tok.is_word("def") or self.tok.is_word("ods_def"):
                raise self.error(
                    f"expected '}}' to close the body of '{self.op}' before the next def"
                )
            self.depth = self.index_depth = 0
            try:
                comps.append(self.parse_comprehension())
            except _SyntaxError as err:
                self.report(err)
                self.body_failed = True
                self.skip_statement()
        self.advance()  # }
        return tuple(comps)

    def skip_statement(self) -> None:
        """Recover inside a body: skip to just after the next `;` (or up to the `}`)."""
        while self.tok.kind is not Tok.EOF:
            if self.tok.is_punct(";"):
                self.advance()
                return
            if self.tok.is_punct("}") or self.tok.is_word("def") or self.tok.is_word("ods_def"):
                return
            self.advance()

    def parse_comprehension(self) -> Comprehension:
        pos = self.tok.pos
        targets = [self.parse_target()]
        while self.accept_punct(","):
            targets.append(self.parse_target())
        self.expect_punct("=", "after the output(s) of the comprehension")
        values = [self.parse_expr()]
        while self.accept_punct(","):
            values.append(self.parse_expr())
        self.expect_punct(";", "to end the comprehension")
        return Comprehension(tuple(targets), tuple(values), pos)

    def parse_target(self) -> Access:
        name = self.expect_ident("an output tensor access such as C(m, n)")
        return self.parse_access(name)

    def parse_access(self, name: Token) -> Access:
        self.expect_punct("(", f"after '{name.text}': its indices")
        indices: list[Affine] = []
        if not self.tok.is_punct(")"):
            indices.append(self.parse_affine())
            while self.accept_punct(","):
                indices.append(self.parse_affine())
        self.expect_punct(")", f"to close the indices of '{name.text}'")
        return Access(name.text, tuple(indices), name.pos)

    def parse_expr(self) -> Expr:
        self.depth += 1
        if self.depth > MAX_EXPR_NESTING:
            raise self.error(f"expression nested more than {MAX_EXPR_NESTING} levels deep")
        try:
            return self._parse_expr()
        finally:
            self.depth -= 1

    def _parse_expr(self) -> Expr:
        name = self.expect_ident("a tensor access such as A(m, k) or an intrinsic call")
        if self.tok.is_punct("<"):
            self.advance()
            dims: list[Name] = []
            if not self.tok.is_punct(">"):
                while True:
                    d = self.expect_ident(f"a reduction dim name in {name.text}<...>")
                    dims.append(Name(d.text, d.pos))
                    if not self.accept_punct(","):
                        break
            self.expect_punct(">", f"to close the reduction dims of {name.text}<...>")
            args = self.parse_call_args(name)
            return Call(name.text, tuple(dims), args, name.pos, has_angle=True)
        if not self.tok.is_punct("("):
            raise self.error(
                f"expected '(' after '{name.text}' (a tensor access or an intrinsic call), "
                f"found {self.tok.describe()}"
            )
        if name.text in self.tensors or not _looks_like_intrinsic(name.text):
            return self.parse_access(name)  # an unknown tensor is reported by `lower`
        return Call(name.text, (), self.parse_call_args(name), name.pos)

    def parse_call_args(self, name: Token) -> tuple[Expr, ...]:
        self.expect_punct("(", f"after '{name.text}<...>': its operands")
        args: list[Expr] = []
        if not self.tok.is_punct(")"):
            args.append(self.parse_expr())
            while self.accept_punct(","):
                args.append(self.parse_expr())
        self.expect_punct(")", f"to close the operands of '{name.text}'")
        return tuple(args)

    # -- affine expressions --------------------------------------------------------------

    def enter_index(self, count: int = 1) -> None:
        self.index_depth += count
        if self.index_depth > MAX_INDEX_NESTING:
            raise self.error(f"index expression nested more than {MAX_INDEX_NESTING} levels deep")

    def parse_affine(self) -> Affine:
        saved = self.index_depth
        self.enter_index()
        try:
            return self._parse_affine()
        finally:
            self.index_depth = saved

    def _parse_affine(self) -> Affine:
        lhs = self.parse_term()
        while self.tok.is_punct("+") or self.tok.is_punct("-"):
            op = self.advance()
            self.enter_index()  # each operator deepens the (left-nested) tree
            rhs = self.parse_term()
            lhs = BinOp(op.text, lhs, rhs, op.pos)
        return lhs

    def parse_term(self) -> Affine:
        lhs = self.parse_unary()
        while self.tok.is_punct("*") or (self.tok.kind is Tok.IDENT and self.tok.text in DIVISIONS):
            op = self.advance()
            self.enter_index()
            rhs = self.parse_unary()
            lhs = BinOp(op.text, lhs, rhs, op.pos)
        return lhs

    def parse_unary(self) -> Affine:
        if self.tok.is_punct("-"):
            op = self.advance()
            saved = self.index_depth
            self.enter_index()
            try:
                return Neg(self.parse_unary(), op.pos)
            finally:
                self.index_depth = saved
        return self.parse_primary()

    def parse_primary(self) -> Affine:
        t = self.tok
        if t.kind is Tok.INT:
            self.advance()
            return Num(self.integer(t, "an index"), t.pos)
        if t.kind is Tok.IDENT:
            self.advance()
            if self.accept_punct("["):
                if self.tok.kind is not Tok.INT:
                    raise self.error(
                        f"expected an integer index in '{t.text}[...]', found {self.tok.describe()}"
                    )
                index = self.integer(self.advance(), f"an element index of '{t.text}'")
                self.expect_punct("]", f"to close '{t.text}[...]'")
                return AttrElem(t.text, index, t.pos)
            return Name(t.text, t.pos)
        if t.is_punct("("):
            self.advance()
            inner = self.parse_affine()
            self.expect_punct(")", "to close the parenthesized index expression")
            return inner
        raise self.error(
            f"expected an index expression (a name, an integer, attr[i] or '('), found "
            f"{t.describe()}"
        )


def _looks_like_intrinsic(name: str) -> bool:
    return name.startswith("std_") or lookup(name) is not None


def parse(text: str, file: str) -> ParseResult:
    """Every def of `text` and every lexical and syntax error (in source order)."""
    tokens, lex_errors = tokenize(text, file)
    p = _Parser(tokens, file)
    defs = p.parse_file()
    syntax = p.errors
    if lex_errors and tokens[-1].kind is Tok.EOF:
        # The lexer stops at an unterminated doc string: what the parser then says about the
        # cut-off end of the file repeats that error.
        eof = tokens[-1].pos
        syntax = [d for d in syntax if (d.line, d.column) != (eof.line, eof.column)]
    errors = sorted([*lex_errors, *syntax], key=lambda d: (d.line, d.column))
    return ParseResult(defs, errors)
