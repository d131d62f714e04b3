"""Lowering phase 3: the right-hand sides, intrinsic calls -> scalar expressions.

Intrinsics are resolved and type-checked against their operands' element types;
the select idioms of the historical syntax become their scalar functions.
"""

from __future__ import annotations

from linalg_odsgen.model import FIXED_TYPES, FnKind, ScalarArg, ScalarExpr, ScalarFn
from linalg_odsgen.tc import intrinsics
from linalg_odsgen.tc.intrinsics import WIDTH, Intrinsic, type_class
from linalg_odsgen.tc.state import LoweringState, choices, type_var
from linalg_odsgen.tc.syntax import Access, Call, Expr, TensorParam
from linalg_odsgen.tc.walk import expr_pos, same_access, same_expr, show_access


class Values(LoweringState):
    """Lowers the assigned values to the model's scalar expressions."""

    def lower_value(
        self, value: Expr, target: Access, out: TensorParam, tensors: dict[str, TensorParam]
    ) -> ScalarExpr | None:
        if isinstance(value, Call) and value.has_angle:
            intr = self.intrinsic(value)
            if intr is None:
                return None
            if not intr.can_reduce:
                self.error(
                    value.pos,
                    f"'{value.fn}' cannot take reduction dims: only binary arithmetic and "
                    "std_select combine a value with an accumulator",
                )
                return None
            acc = Access(target.tensor, target.indices, value.pos)
            if len(value.args) == intr.arity - 1 and intr.kind is FnKind.BINARY:
                # Seed form: the accumulator (the output) is implicit and comes first.
                value = Call(value.fn, value.reduction_dims, (acc, *value.args), value.pos, True)
            elif len(value.args) == intr.arity and not any(
                same_access(a, target) for a in value.args
            ):
                self.warn(
                    value.pos,
                    f"the reduction '{value.fn}<...>' never reads output "
                    f"'{target.tensor}': each iteration overwrites it (write "
                    f"{show_access(target)} as an operand to accumulate)",
                )
        typed = self.lower_expr(value, tensors)
        if typed is None:
            return None
        expr, elem = typed
        if elem != out.elem_type:
            self.error(
                value.pos,
                f"the expression has element type {elem} but output '{out.name}' is "
                f"{out.elem_type}; convert it (e.g. std_sexti32, std_sitofpf32)",
            )
            return None
        return expr

    def intrinsic(self, call: Call) -> Intrinsic | None:
        intr = intrinsics.lookup(call.fn)
        if intr is None:
            if call.fn.startswith("std_"):
                self.error(
                    call.pos,
                    f"unknown intrinsic '{call.fn}'; expected one of: {intrinsics.known_names()}",
                )
            else:
                self.error(
                    call.pos,
                    f"'{call.fn}' is neither a tensor of '{self.d.name}' nor an intrinsic "
                    f"(intrinsics are named std_*, e.g. std_addf){choices(self.all_tensors())}",
                )
        return intr

    def lower_expr(self, e: Expr, tensors: dict[str, TensorParam]) -> tuple[ScalarExpr, str] | None:
        if isinstance(e, Access):
            return ScalarArg(e.tensor), tensors[e.tensor].elem_type
        if intrinsics.comparison(e.fn)[1]:
            self.error(
                e.pos,
                f"'{e.fn}' cannot be used on its own: op configs have no comparison function; "
                f"a comparison is accepted only in the max/min idiom "
                f"std_select({e.fn}(a, b), a, b)",
            )
            return None
        if (
            e.fn == "std_select"
            and len(e.args) == 3
            and isinstance(e.args[0], Call)
            and intrinsics.comparison(e.args[0].fn)[1]
        ):
            return self.lower_select_idiom(e, e.args[0], tensors)
        intr = self.intrinsic(e)
        if intr is None:
            return None
        if len(e.args) != intr.arity:
            self.error(
                e.pos,
                f"'{e.fn}' takes {intr.arity} operand{'s' if intr.arity != 1 else ''}, "
                f"got {len(e.args)}",
            )
            return None
        lowered = [self.lower_expr(a, tensors) for a in e.args]
        if any(x is None for x in lowered):
            return None
        operands = tuple(x[0] for x in lowered if x is not None)
        types = [x[1] for x in lowered if x is not None]
        if intr.kind is FnKind.TERNARY:
            if types[0] != "i1":
                self.error(
                    expr_pos(e.args[0]),
                    f"the condition of '{e.fn}' must have element type i1, found {types[0]}",
                )
                return None
            if types[1] != types[2]:
                self.error(
                    e.pos,
                    f"the two values of '{e.fn}' have different element types {types[1]} and "
                    f"{types[2]}",
                )
                return None
            return ScalarFn(FnKind.TERNARY, operands, fn_name=intr.fn), types[1]
        for arg, t in zip(e.args, types, strict=True):
            if type_class(t) != intr.operands:
                self.error(
                    expr_pos(arg),
                    f"'{e.fn}' takes {intr.operands} operands, but this one has element type "
                    f"{t}" + _suggest(intr, t),
                )
                return None
        if intr.kind is FnKind.TYPE:
            assert intr.target is not None
            src, dst = types[0], intr.target
            if intr.width_rule == "wider" and not WIDTH[dst] > WIDTH[src]:
                self.error(e.pos, f"'{e.fn}' extends to {dst}, which is not wider than {src}")
                return None
            if intr.width_rule == "narrower" and not WIDTH[dst] < WIDTH[src]:
                self.error(e.pos, f"'{e.fn}' truncates to {dst}, which is not narrower than {src}")
                return None
            tv = self.cast_target(dst, e)
            if tv is None:
                return None
            return ScalarFn(FnKind.TYPE, operands, fn_name=intr.fn, type_var=tv), dst
        if len(set(types)) > 1:
            self.error(
                e.pos,
                f"the operands of '{e.fn}' have different element types "
                f"{' and '.join(types)}; convert one first",
            )
            return None
        return ScalarFn(intr.kind, operands, fn_name=intr.fn), types[0]

    def lower_select_idiom(
        self, e: Call, cond: Call, tensors: dict[str, TensorParam]
    ) -> tuple[ScalarExpr, str] | None:
        """`std_select(cmp(a, b), a, b)`: the max or min of a and b, as the old pooling
        specs wrote it."""
        cmp, _ = intrinsics.comparison(cond.fn)
        if cmp is None:
            self.error(
                cond.pos,
                f"'{cond.fn}' in std_select has no max/min reading; only the gt/ge/lt/le "
                "predicates select the larger or smaller value",
            )
            return None
        if len(cond.args) != 2:
            self.error(cond.pos, f"'{cond.fn}' takes 2 operands, got {len(cond.args)}")
            return None
        (p, q), (x, y) = cond.args, e.args[1:]
        if same_expr(p, x) and same_expr(q, y):
            greater = cmp.greater
        elif same_expr(p, y) and same_expr(q, x):
            greater = not cmp.greater
        else:
            self.error(
                cond.pos,
                f"std_select({cond.fn}(a, b), ...) must select between the compared values "
                "a and b (the max/min idiom); op configs have no comparison function",
            )
            return None
        lowered = [self.lower_expr(v, tensors) for v in (x, y)]
        if lowered[0] is None or lowered[1] is None:
            return None
        (xe, xt), (ye, yt) = lowered[0], lowered[1]
        if xt != yt:
            self.error(
                e.pos, f"the two values of 'std_select' have different element types {xt} and {yt}"
            )
            return None
        if type_class(xt) != cmp.operands:
            self.error(
                cond.pos,
                f"'{cond.fn}' compares {cmp.operands} values, but they have element type {xt}",
            )
            return None
        kind = "max" if greater else "min"
        fn_name = f"{kind}_{'unsigned' if cmp.unsigned else 'signed'}"
        if cmp.operands == "float":
            self.warn(
                e.pos,
                f"std_select({cond.fn}(a, b), a, b) is read as the float {kind} "
                f"({fn_name}, arith.{kind}imumf): equal except when an operand is NaN "
                "(the result is NaN) or both are zeros of opposite sign",
            )
        return ScalarFn(FnKind.BINARY, (xe, ye), fn_name=fn_name), xt

    def cast_target(self, elem: str, call: Call) -> str | None:
        """The type variable a conversion to `elem` produces: that of the tensors declared
        `elem`, else MLIR's fixed type of that name."""
        if any(t.elem_type == elem for t in self.all_tensors()):
            return type_var(elem)
        fixed = elem.upper()
        if fixed in FIXED_TYPES:
            return fixed
        self.error(
            call.pos,
            f"'{call.fn}' converts to {elem}, but no tensor of the op has element type {elem}; "
            f"an op config can only name a conversion target through an operand's type or "
            f"one of {', '.join(t.lower() for t in FIXED_TYPES)}",
        )
        return None


def _suggest(intr: Intrinsic, elem: str) -> str:
    if intr.kind is FnKind.TYPE:
        return ""
    alt = {
        "std_addf": "std_addi",
        "std_addi": "std_addf",
        "std_subf": "std_subi",
        "std_subi": "std_subf",
        "std_mulf": "std_muli",
        "std_muli": "std_mulf",
        "std_divf": "std_divis",
        "std_divis": "std_divf",
    }.get(intr.name)
    return f" (use {alt} for {type_class(elem)} arithmetic)" if alt else ""
