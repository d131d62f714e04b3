"""Names a generated dialect cannot take, and why.

gen-dialect turns user names into C++ namespaces, classes and accessors and into
TableGen records, beside MLIR's own. A name that is a keyword, a macro, a record
of an included `.td`, a name the generated code looks up unqualified, or an
accessor the op class already has makes the project fail to build (or, for a
macro, compile into something else). Each `*_problem` function says why a name
cannot be used, or returns None.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from linalg_odsgen.validation.reserved import CPP_KEYWORDS

RESERVED_DIR = Path(__file__).resolve().parent / "reserved"
_TEMPLATE_DIRS = (
    Path(__file__).resolve().parents[1] / "dialect" / "templates",
    Path(__file__).resolve().parents[1] / "ods" / "templates",
)

# TableGen's keywords and type names: a def named like one does not parse.
TABLEGEN_KEYWORDS = frozenset(
    [
        "assert",
        "bit",
        "bits",
        "class",
        "code",
        "dag",
        "def",
        "defm",
        "defset",
        "defvar",
        "dump",
        "else",
        "false",
        "field",
        "foreach",
        "if",
        "in",
        "include",
        "int",
        "let",
        "list",
        "multiclass",
        "string",
        "then",
        "true",
    ]
)
# The op interfaces an op config may name in `implements` (what Linalg's ops declare).
LINALG_INTERFACES = frozenset(
    ["LinalgContractionOpInterface", "LinalgConvolutionOpInterface", "LinalgFillOpInterface"]
)
# The op's own ODS arguments, results, regions and properties, and the parameters of the
# builder gen-ods declares with one parameter per attribute: an attribute cannot share them.
ODS_OWN_NAMES = frozenset(
    [
        "inputs",
        "outputs",
        "region",
        "result_tensors",
        "attributes",
        "properties",
        "operands",
        "operandSegmentSizes",
        "operand_segment_sizes",
        "resultTensorTypes",
        "odsBuilder",
        "odsState",
        "buildStructuredOp",
        "Attribute",
        "TypeRange",
        "ValueRange",
        "ArrayRef",
        "NamedAttribute",
    ]
)
# Namespaces the generated code names unqualified, and what mlir-tblgen adds per op.
_GENERATED_NAMES = frozenset(["std", "detail", "mlir", "llvm", "Properties", "Adaptor"])
# Suffixes mlir-tblgen appends to an op's class name for the classes it generates beside it.
ADAPTOR_SUFFIXES = ("Adaptor", "GenericAdaptor", "GenericAdaptorBase")


def _read_list(file: str) -> frozenset[str]:
    lines = (RESERVED_DIR / file).read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


@cache
def tablegen_records() -> frozenset[str]:
    """Classes and defs of the `.td` files a generated dialect includes."""
    return _read_list("tablegen_records.txt")


@cache
def cpp_macros() -> frozenset[str]:
    """Macros the MLIR headers the generated C++ includes define (GNU C++17)."""
    return _read_list("cpp_macros.txt")


@cache
def op_methods() -> frozenset[str]:
    """Accessor-like methods every op class of a generated dialect already has."""
    return _read_list("op_methods.txt")


@cache
def mlir_opt_dialects() -> frozenset[str]:
    """Dialects mlir-opt-22 registers itself."""
    return _read_list("mlir_opt_dialects.txt")


@cache
def template_identifiers() -> frozenset[str]:
    """Names the generated C++ and TableGen look up unqualified: types and records
    (capitalized), and what is called, instantiated or qualified (`name(`, `name<`,
    `name::`). Read from the templates themselves, so the list follows them; members,
    comments, strings, placeholders and plain local variables do not count."""
    names: set[str] = set()
    for directory in _TEMPLATE_DIRS:
        for path in sorted(directory.glob("*.j2")):
            if path.name.startswith("CMake"):
                continue
            text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", " ", path.read_text(encoding="utf-8"))
            text = re.sub(r"//[^\n]*", " ", text)
            text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
            for m in re.finditer(r"(?<![\w.:>])(?<!->)([A-Za-z_]\w*)(\s*(?:::|<|\())?", text):
                if m.group(1)[0].isupper() or m.group(2):
                    names.add(m.group(1))
    return frozenset(names | _GENERATED_NAMES)


def cpp_identifier_problem(name: str) -> str | None:
    """Why `name` cannot be a C++ identifier of generated code (keyword, reserved, macro)."""
    if name in CPP_KEYWORDS:
        return "is a C++ keyword"
    if "__" in name or re.match(r"_[A-Z]", name):
        return "is reserved by C++ (it holds `__` or starts with `_` and a capital letter)"
    if name in cpp_macros():
        return "is a macro of the C++ headers the generated code includes"
    return None


def dialect_name_problem(name: str) -> str | None:
    """Why `--name NAME` cannot name a dialect (beyond its spelling)."""
    if name in mlir_opt_dialects():
        return "is a dialect mlir-opt-22 registers itself (loading the plugin would abort it)"
    return None


def namespace_part_problem(part: str) -> str | None:
    """Why one `::` component of the C++ namespace cannot be used."""
    problem = cpp_identifier_problem(part)
    if problem:
        return problem
    if part in template_identifiers():
        return "is a name the generated C++ uses (a namespace of that name would hide it)"
    return None


def class_name_problem(cls: str, prefix: str | None) -> str | None:
    """Why an op's `cpp_class_name` cannot be a class of dialect `prefix` (None: of MLIR's
    Linalg dialect, where gen-ods output goes)."""
    problem = cpp_identifier_problem(cls)
    if problem:
        return problem
    if cls in TABLEGEN_KEYWORDS:
        return "is a TableGen keyword"
    if prefix is None:
        if cls in tablegen_records():
            return "is already a TableGen class or def of the .td files MLIR's Linalg includes"
        return None
    if cls in (f"{prefix}_Dialect", f"{prefix}Dialect", "LinalgStructuredBase_Op"):
        return "is a class the generated dialect defines itself"
    if cls in tablegen_records():
        return "is already a TableGen class or def of the .td files MLIR's Linalg includes"
    if cls in template_identifiers():
        return "is a name the generated C++ or TableGen uses for something else"
    return None


def camel(attr: str) -> str:
    """The CamelCase ODS derives accessor names from (`my_strides` -> `MyStrides`)."""
    return "".join(part[:1].upper() + part[1:] for part in attr.split("_"))


def accessors(attr: str) -> tuple[str, ...]:
    """The methods ODS generates for attribute `attr`, and the getter upstream's C++ calls."""
    c = camel(attr)
    return (
        f"get{c}",
        f"get{c}Attr",
        f"set{c}",
        f"set{c}Attr",
        f"remove{c}Attr",
        f"get{c}AttrName",
        "get" + attr[:1].upper() + attr[1:],
    )


def attribute_name_problem(attr: str) -> str | None:
    """Why an attribute (index or function attribute) name cannot be used in the dialect."""
    problem = cpp_identifier_problem(attr)
    if problem:
        return problem
    if attr in ODS_OWN_NAMES:
        return "is the name of one of the op's own ODS arguments, regions or builder parameters"
    clash = sorted(set(accessors(attr)) & op_methods())
    if clash:
        return f"gives an accessor {clash[0]}() that every op of the dialect already has"
    return None
