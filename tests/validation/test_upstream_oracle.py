"""Upstream's `mlir-linalg-ods-yaml-gen-22` as a black-box oracle for positions.

Upstream checks far less than we do, but where it rejects a corpus file with a
`YAML:LINE:COL: error`, our one diagnostic must sit at the same place.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from reference_corpus import REFERENCE

from linalg_odsgen.validation import validate_source
from linalg_odsgen.validation.checker import UPSTREAM_ACCEPTS

TOOL = "mlir-linalg-ods-yaml-gen-22"
CORPUS = Path(__file__).resolve().parent.parent / "data" / "invalid"

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(shutil.which(TOOL) is None, reason=f"{TOOL} not installed"),
]

# Upstream reports an alias where it fails to map the aliased node, not at the alias.
_NOT_COMPARABLE = {"yaml_alias"}
_UPSTREAM_POS = re.compile(r"YAML:(\d+):(\d+): error: (.*)")


def _upstream(path: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [TOOL, str(path), f"-o-impl={tmp_path / 'o.cpp'}", f"-o-ods-decl={tmp_path / 'o.td'}"],
        capture_output=True,
        text=True,
        errors="replace",  # upstream echoes source lines, some of them not UTF-8
        check=False,
        timeout=60,
    )


def test_upstream_accepts_the_reference(tmp_path: Path) -> None:
    assert _upstream(REFERENCE, tmp_path).returncode == 0


def test_our_positions_match_upstream_where_it_reports_one(tmp_path: Path) -> None:
    compared = 0
    for path in sorted(CORPUS.glob("*.yaml")):
        if path.stem in _NOT_COMPARABLE:
            continue
        m = _UPSTREAM_POS.search(_upstream(path, tmp_path).stderr)
        if m is None:
            continue
        line, column, message = int(m[1]), int(m[2]), m[3]
        (ours,) = [d for d in validate_source(path.read_bytes(), path.name) if d.is_error]
        key = re.match(r"missing required key '(\w+)'", message)
        if key:
            # Upstream points at the mapping's first key, we at the mapping itself.
            assert f"missing required field '{key[1]}'" in ours.message, path.name
            assert ours.line <= line, (path.name, ours)
        elif message == "could not parse as an affine map attribute":
            # Upstream points at the map, we at the offending character inside it.
            assert ours.line == line and ours.column >= column, (path.name, ours)
        elif message == "unexpected scalar":
            # Upstream points inside the offending node, we at its start.
            assert ours.line == line, (path.name, ours)
        else:
            assert (ours.line, ours.column) == (line, column), (path.name, message, str(ours))
        compared += 1
    assert compared >= 15


# Not identifiers: refused whatever upstream does (they reach generated code unquoted).
# YAML-level refusals (foreign tags, aliases, ...) are about safe loading, not the format.
_REFUSED_ON_PURPOSE = {"schema_cpp_class_name_not_identifier", "schema_op_name_not_identifier"}
# Upstream accepts the finding itself, but refuses the cast to the type variable it
# removes, which validate's semantic stage (skipped after this schema error) would report.
_CONSEQUENCE_REFUSED = {"schema_output_missing_type_var"}


def test_errors_say_upstream_accepts_the_file_exactly_when_it_does(tmp_path: Path) -> None:
    checked = 0
    for path in sorted(CORPUS.glob("*.yaml")):
        if path.stem in _REFUSED_ON_PURPOSE | _CONSEQUENCE_REFUSED or path.stem.startswith("yaml_"):
            continue
        proc = _upstream(path, tmp_path)
        if proc.returncode < 0:
            continue  # upstream crashed: it neither accepts nor rejects
        accepted = proc.returncode == 0 and "error" not in proc.stderr
        errors = [d for d in validate_source(path.read_bytes(), path.name) if d.is_error]
        said = [UPSTREAM_ACCEPTS in d.message for d in errors]
        assert errors, path.name
        assert all(said) if accepted else not all(said), (path.name, [str(d) for d in errors])
        checked += 1
    assert checked >= 60
