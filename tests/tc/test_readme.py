"""The README's TC section works as printed."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

from readme import readme_section

from linalg_odsgen.tc import intrinsics, read_tc

SECTION = readme_section("TC front end")
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", SECTION, re.S)


def test_the_three_commands_take_the_example_to_an_executed_op(tmp_path):
    example = next(body for lang, body in BLOCKS if "ods_def<MatmulOp>" in body)
    (tmp_path / "my_ops.tc").write_text(example)
    commands = next(body for lang, body in BLOCKS if lang == "sh").strip().splitlines()
    assert len(commands) == 3
    out = ""
    for line in commands:
        argv = shlex.split(line.split("  #")[0])
        if argv[0] == "linalg-ods-gen":
            argv = [sys.executable, "-m", "linalg_odsgen", *argv[1:]]
        elif argv[0] == "python":
            argv[0] = sys.executable
        out = subprocess.run(argv, cwd=tmp_path, check=True, capture_output=True, text=True).stdout
    assert (tmp_path / "my_ops.yaml").exists() and (tmp_path / "my_ops.py").exists()
    assert out.split() == ["[[3.", "3.", "3.", "3.]", "[3.", "3.", "3.", "3.]]"]


def test_every_intrinsic_the_readme_names_exists():
    names = set(re.findall(r"`(std_[a-z0-9]+)", SECTION))
    names |= {f"std_{m}" for m in re.findall(r"std_[a-z]+/([a-z]+)", SECTION)}
    names = {n for n in names if not n.startswith(("std_cmp", "std_select"))}
    assert len(names) > 25
    missing = [n for n in sorted(names) if intrinsics.lookup(n) is None]
    assert missing == []


def test_grammar_example_translates():
    example = next(body for _, body in BLOCKS if "ods_def<MatmulOp>" in body)
    (op,) = read_tc([(example, "readme.tc")]).library.ops
    assert op.metadata.cpp_class_name == "MatmulOp"
