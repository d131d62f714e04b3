"""The reserved-name lists: current with the installed MLIR 22 tools, and no obstacle to the
names real op libraries use."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from linalg_odsgen.safety import names
from linalg_odsgen.safety.checks import OpOrigin, dialect_problems
from linalg_odsgen.validation import load_valid_library

ROOT = Path(__file__).resolve().parents[2]
HAVE_TOOLS = (
    all(shutil.which(t) for t in ("mlir-tblgen-22", "mlir-opt-22", "g++"))
    and Path("/usr/lib/llvm-22/include/mlir/IR/OpBase.td").exists()
)


@pytest.mark.skipif(not HAVE_TOOLS, reason="mlir-tblgen-22, mlir-opt-22, g++ or headers absent")
def test_checked_in_lists_are_what_the_installed_tools_define() -> None:
    spec = importlib.util.spec_from_file_location(
        "harvest_reserved_names", ROOT / "scripts" / "harvest_reserved_names.py"
    )
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for file, harvested in script.harvest().items():
        checked_in = getattr(names, file.removesuffix(".txt"))()
        assert sorted(checked_in) == harvested, (
            f"{file} is stale: run scripts/harvest_reserved_names.py"
        )


def test_lists_hold_the_names_that_break_a_build() -> None:
    assert {"AnyType", "I32", "F32", "Variadic", "Linalg_Dialect"} <= names.tablegen_records()
    assert {"assert", "linux", "unix", "errno", "stdin"} <= names.cpp_macros()
    assert {"getOperation", "getRank", "getInputs", "getRegion"} <= names.op_methods()
    assert {"tosa", "transform", "index", "complex", "linalg", "test"} <= names.mlir_opt_dialects()
    # names the generated C++ looks up unqualified, read from the templates
    assert {"Value", "Type", "Block", "IndexOp", "YieldOp", "mlir", "llvm", "utils"} <= (
        names.template_identifiers()
    )


@pytest.mark.parametrize(
    "path", sorted((ROOT / "linalg_odsgen" / "opspecs").glob("*.yaml")), ids=lambda p: p.name
)
def test_real_libraries_pass_every_name_rule(path: Path) -> None:
    library = load_valid_library(path.read_bytes(), str(path))
    assert dialect_problems(library, [OpOrigin(str(path))] * len(library.ops), "MyOps") == []


@pytest.mark.parametrize(
    ("attr", "fragment"),
    [
        ("inputs", "own ODS arguments"),
        ("result_tensors", "own ODS arguments"),
        ("properties", "own ODS arguments"),
        ("operation", "getOperation()"),
        ("rank", "getRank()"),
        ("NULL", "macro"),
        ("a__b", "reserved by C++"),
    ],
)
def test_attribute_names_that_clash_say_with_what(attr: str, fragment: str) -> None:
    problem = names.attribute_name_problem(attr)
    assert problem is not None and fragment in problem
    assert names.attribute_name_problem("strides") is None
