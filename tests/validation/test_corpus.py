"""Every file of tests/data/invalid has exactly one defect, announced in its first lines.

Headers are written by hand from where the defect sits in the file:
`# expect: LINE:COL: <message substring>`, or `# expect-line: LINE` followed
by `# expect: <message substring>` when the column is not pinned.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from linalg_odsgen.validation import validate_source

CORPUS = Path(__file__).resolve().parent.parent / "data" / "invalid"
FILES = sorted(CORPUS.glob("*.yaml"))

_FULL = re.compile(rb"# expect: (\d+):(\d+): (.+)")
_LINE = re.compile(rb"# expect-line: (\d+)")
_MSG = re.compile(rb"# expect: (.+)")


def _expectation(source: bytes) -> tuple[int, int | None, str]:
    first, second = source.split(b"\n", 2)[:2]
    m = _FULL.fullmatch(first)
    if m:
        return int(m[1]), int(m[2]), m[3].decode()
    line, msg = _LINE.fullmatch(first), _MSG.fullmatch(second)
    assert line and msg, "corpus file lacks an expectation header"
    return int(line[1]), None, msg[1].decode()


def test_corpus_is_large_enough() -> None:
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_invalid_file_reports_its_one_defect(path: Path) -> None:
    source = path.read_bytes()
    line, column, substring = _expectation(source)
    errors = [d for d in validate_source(source, path.name) if d.is_error]
    assert len(errors) == 1, "\n".join(map(str, errors))
    (error,) = errors
    assert error.file == path.name
    assert substring in error.message
    assert error.line == line, str(error)
    if column is not None:
        assert error.column == column, str(error)
