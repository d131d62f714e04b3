#!/usr/bin/env python3
"""Rewrite linalg_odsgen/safety/reserved/*.txt from the installed MLIR 22 tools.

Run after moving to another MLIR version: `python scripts/harvest_reserved_names.py`.

The names a generated dialect must not take come from MLIR itself: the TableGen
records its `.td` includes, the macros the C++ headers it includes define, the
methods every op class of the dialect already has, the dialects mlir-opt-22
registers. They are read from the installed tools once and checked in, so that
gen-dialect needs no MLIR to refuse a clash; a test compares them with the tools
when they are present. The harvest runs the dialect generator on a sample op, so
it lives here, above both the generator and the lists it feeds (`safety`, which
the generator itself consults).
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

from linalg_odsgen.dialect import generate_dialect
from linalg_odsgen.safety.names import RESERVED_DIR
from linalg_odsgen.validation import load_valid_library

MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
TBLGEN = "mlir-tblgen-22"
MLIR_OPT = "mlir-opt-22"

# One op without attributes: the methods of its class are those every op of a dialect has.
_SAMPLE = """\
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: sample
  cpp_class_name: SampleOp
  doc: A sample.
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0)[s0] -> (d0)>
    - affine_map<(d0)[s0] -> (d0)>
  iterator_types:
  - parallel
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_arg: I
"""

# Headers declaring the interface methods the op classes inherit (through traits).
_INTERFACE_HEADERS = (
    "mlir/Dialect/Linalg/IR/LinalgInterfaces.h.inc",
    "mlir/Interfaces/DestinationStyleOpInterface.h.inc",
    "mlir/Interfaces/SideEffectInterfaces.h.inc",
    "mlir/Interfaces/InferTypeOpInterface.h.inc",
    "mlir/Bytecode/BytecodeOpInterface.h.inc",
    "mlir/IR/OpDefinition.h",
)
_ACCESSOR = re.compile(r"\b((?:get|set|has|is|remove)[A-Z]\w*)\s*\(")


def _run(cmd: list[str]) -> str:
    return subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=300).stdout


def _project(tmp: Path) -> dict[str, str]:
    files, _ = generate_dialect(
        load_valid_library(_SAMPLE, "sample.yaml"), "harvest", None, ["sample.yaml"], str(tmp)
    )
    for f in files:
        (tmp / f.path).parent.mkdir(parents=True, exist_ok=True)
        (tmp / f.path).write_text(f.text)
    return {f.path: f.text for f in files}


def tablegen_records(tmp: Path, files: dict[str, str]) -> list[str]:
    """Classes and defs visible to the dialect's `.td`, minus what the dialect defines itself."""
    td = files["include/harvest/HarvestOps.td"]
    skeleton = tmp / "Skeleton.td"
    skeleton.write_text(re.sub(r'(?m)^include "harvest/.*$', "", td))
    out = _run([TBLGEN, "--print-records", "-I", str(MLIR_INCLUDE), str(skeleton)])
    names = set(re.findall(r"(?m)^(?:class|def) ([A-Za-z_0-9]+)", out))
    return sorted(names - {"Harvest_Dialect", "LinalgStructuredBase_Op"})


def cpp_macros(tmp: Path, files: dict[str, str]) -> list[str]:
    """Macros defined once the generated C++ has included its headers (GNU C++17, as CMake
    compiles it), except the reserved `_X` ones."""
    includes = sorted(
        {
            line
            for text in files.values()
            for line in text.splitlines()
            if re.match(r'#include "(mlir|llvm)/', line)
        }
    )
    source = tmp / "includes.cpp"
    source.write_text("\n".join(includes) + "\n")
    out = _run(["g++", "-std=gnu++17", "-dM", "-E", "-I", str(MLIR_INCLUDE), str(source)])
    names = {m.group(1) for m in re.finditer(r"(?m)^#define ([A-Za-z_]\w*)", out)}
    return sorted(n for n in names if not n.startswith("_"))


def op_methods(tmp: Path) -> list[str]:
    """Accessor-like methods (get/set/has/is/remove...) an op class of the dialect has."""
    decls = _run(
        [
            TBLGEN,
            "-gen-op-decls",
            "-dialect=harvest",
            "-I",
            str(tmp / "include"),
            "-I",
            str(MLIR_INCLUDE),
            str(tmp / "include/harvest/HarvestOps.td"),
        ]
    )
    texts = [decls, *((MLIR_INCLUDE / h).read_text() for h in _INTERFACE_HEADERS)]
    return sorted({m for text in texts for m in _ACCESSOR.findall(text)})


def mlir_opt_dialects() -> list[str]:
    """The dialects mlir-opt-22 registers (a plugin registering one of them aborts it)."""
    out = _run([MLIR_OPT, "--show-dialects"])
    listed = out.split(":", 1)[1] if ":" in out else out
    return sorted(d.strip() for d in re.split(r"[,\s]+", listed) if d.strip())


def harvest() -> dict[str, list[str]]:
    """Every list, keyed by its file name in `reserved/`."""
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        files = _project(tmp)
        return {
            "tablegen_records.txt": tablegen_records(tmp, files),
            "cpp_macros.txt": cpp_macros(tmp, files),
            "op_methods.txt": op_methods(tmp),
            "mlir_opt_dialects.txt": mlir_opt_dialects(),
        }


def write(lists: dict[str, list[str]], directory: Path = RESERVED_DIR) -> None:
    for file, names in lists.items():
        (directory / file).write_text(
            f"# Harvested from the MLIR 22 tools by scripts/harvest_reserved_names.py; "
            f"do not edit.\n{chr(10).join(names)}\n"
        )


def main() -> None:
    lists = harvest()
    write(lists)
    for file, names in lists.items():
        print(f"{file}: {len(names)} names")


if __name__ == "__main__":
    main()
