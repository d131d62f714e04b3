"""The README's OpDSL example dumps, validates and produces the excerpt it shows."""

from __future__ import annotations

import re

from click.testing import CliRunner
from readme import readme_section

from linalg_odsgen.cli import main
from linalg_odsgen.validation import validate_source


def dsl_section() -> str:
    return readme_section("Writing ops in the OpDSL")


def block(lang: str) -> str:
    found = re.findall(rf"```{lang}\n(.*?)```", dsl_section(), re.S)
    assert found, lang
    return found[0]


def test_readme_example_dumps_validates_and_matches_the_excerpt(tmp_path):
    source = tmp_path / "my_ops.py"
    source.write_text(block("python"))
    out = tmp_path / "my_ops.yaml"
    result = CliRunner().invoke(main, ["dump-oplib", "--file", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert re.findall(r"^  name: (\S+)$", text, re.M) == ["scaled_matvec", "strided_max_pool_1d"]
    assert validate_source(text.encode(), str(out)) == []
    first_op = text.split("--- !LinalgOpConfig")[1]
    assert block("yaml") in first_op


def test_readme_commands_use_existing_options():
    for line in block("sh").splitlines():
        args = line.split("#")[0].split()[1:]
        assert args[0] == "dump-oplib" or args[0] == "validate"


def test_readme_calls_a_decorated_op_on_arrays(tmp_path, monkeypatch):
    (tmp_path / "my_ops.py").write_text(block("python"))
    snippets = re.findall(r"```python\n(.*?)```", dsl_section(), re.S)
    call = next(s for s in snippets if "from my_ops import scaled_matvec" in s)
    monkeypatch.syspath_prepend(str(tmp_path))
    scope: dict[str, object] = {}
    exec(compile(call, "README.md", "exec"), scope)
    assert scope["y"].tolist() == [16.0] * 4  # type: ignore[attr-defined]
