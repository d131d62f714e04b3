"""`linalg-ods-gen gen-doc`: pages per library, deterministic, `--check`, errors write nothing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.docgen.mlir22 import NOT_IN_MLIR22
from linalg_odsgen.docgen.page import GROUPS
from linalg_odsgen.validation import load_valid_library

REPO = Path(__file__).resolve().parents[2]
CORE_YAML = REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"
CLASSIC_TC = REPO / "linalg_odsgen" / "opspecs" / "classic_ops.tc"
CORE_DSL = REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.py"
MLIR_OPT = shutil.which("mlir-opt-22")


def gen_doc(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["gen-doc", *args])
    return result.exit_code, result.stdout, result.stderr


def tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.fixture(scope="module")
def core_pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pages")
    code, _, err = gen_doc(str(CORE_YAML), str(CLASSIC_TC), "-o", str(out))
    assert code == 0, err
    return out


def test_one_section_per_op_and_a_picture_per_windowed_op(core_pages: Path) -> None:
    text = (core_pages / "core_named_ops.md").read_text()
    names = [op.name for op in load_valid_library(CORE_YAML.read_bytes(), "c").ops]
    assert sorted(re.findall(r"^### (\S+)$", text, re.M)) == sorted(names)
    assert re.findall(r"^## (.+)$", text, re.M) == list(GROUPS)
    for name in ("conv_2d_nhwc_hwcf", "matmul", "pooling_nhwc_max"):
        assert f"]({'core_named_ops'}/{name}.svg)" in text
        assert (core_pages / "core_named_ops" / f"{name}.svg").read_text().startswith("<svg")
    assert not (core_pages / "core_named_ops" / "add.svg").exists()
    section = text.split("\n### conv_2d_nhwc_hwcf\n")[1].split("\n### ")[0]
    assert "implements `LinalgConvolutionOpInterface`" in section
    assert "| `strides` | index attribute | <code>[1, 1]</code> |" in section
    assert "d1 * strides[0] + d4 * dilations[0]" in section
    assert "Loops: d0 (O axis 0), d1 (O axis 1), d2 (O axis 2), d3 (O axis 3) parallel; " in section
    assert "d4 (K axis 0), d5 (K axis 1), d6 (I axis 3) reduction." in section
    assert "linalg.generic" in section
    # the TC front end feeds the same generator
    assert "### batch_matmul" in (core_pages / "classic_ops.md").read_text()


def test_groups_put_an_op_before_its_variants_and_say_what_mlir22_lacks(
    core_pages: Path, tmp_path: Path
) -> None:
    text = (core_pages / "core_named_ops.md").read_text()
    order = re.findall(r"^### (\S+)$", text, re.M)
    assert order.index("matmul") < order.index("matmul_transpose_a")
    assert order.index("conv_2d_nhwc_hwcf") > order.index("dot")  # contractions first
    # the YAML carries no MLIR 22 facts; the site's page does (tests/docgen/test_mlir22_table.py)
    code, _, err = gen_doc(str(CORE_DSL), "-o", str(tmp_path))
    assert code == 0, err
    dsl = (tmp_path / "core_named_ops.md").read_text()
    assert "MLIR 22" not in dsl


def test_dsl_and_tc_sources_keep_their_names_and_yaml_falls_back_to_d_and_s(
    core_pages: Path, tmp_path: Path
) -> None:
    code, _, err = gen_doc(str(CORE_DSL), "-o", str(tmp_path))
    assert code == 0, err
    dsl = (tmp_path / "core_named_ops.md").read_text()
    assert "C[m, n] += cast(U, A[m, k]) * cast(U, B[k, n])" in dsl
    assert "Loops: m (C axis 0), n (C axis 1) parallel; k (A axis 1) reduction." in dsl
    classic = (core_pages / "classic_ops.md").read_text()
    assert "C[m, n] += A[m, k] * B[k, n]" in classic  # from the .tc file's names
    yaml = (core_pages / "core_named_ops.md").read_text()
    assert "C[d0, d1] += cast(U, A[d0, d2]) * cast(U, B[d2, d1])" in yaml


def test_output_is_deterministic_and_check_passes_on_it(core_pages: Path, tmp_path: Path) -> None:
    code, _, err = gen_doc(str(CORE_YAML), str(CLASSIC_TC), "-o", str(tmp_path))
    assert code == 0, err
    assert tree(tmp_path) == tree(core_pages)
    code, out, err = gen_doc(str(CORE_YAML), str(CLASSIC_TC), "-o", str(tmp_path), "--check")
    assert (code, out, err) == (0, "", "")


def test_check_reports_a_stale_page_and_an_obsolete_picture_and_writes_nothing(
    tmp_path: Path,
) -> None:
    assert gen_doc(str(CORE_YAML), "-o", str(tmp_path))[0] == 0
    page = tmp_path / "core_named_ops.md"
    page.write_text(page.read_text().replace("### matmul\n", "### matmul (edited)\n"))
    (tmp_path / "core_named_ops" / "gone_op.svg").write_text("<svg/>")
    before = tree(tmp_path)
    code, out, err = gen_doc(str(CORE_YAML), "-o", str(tmp_path), "--check")
    assert code == 1
    assert "-### matmul (edited)" in out and "+### matmul" in out
    assert "core_named_ops.md: stale" in err and "gone_op.svg: obsolete" in err
    assert tree(tmp_path) == before
    # a real run rewrites the page and removes the picture of the op that is gone
    assert gen_doc(str(CORE_YAML), "-o", str(tmp_path))[0] == 0
    assert not (tmp_path / "core_named_ops" / "gone_op.svg").exists()
    assert gen_doc(str(CORE_YAML), "-o", str(tmp_path), "--check")[0] == 0


def test_html_format_is_one_self_contained_file_with_inline_pictures(tmp_path: Path) -> None:
    code, _, err = gen_doc(str(CORE_YAML), "-o", str(tmp_path), "--format", "html")
    assert code == 0, err
    assert sorted(tree(tmp_path)) == ["core_named_ops.html"]
    html = (tmp_path / "core_named_ops.html").read_text()
    assert html.count("<svg") == html.count("</svg>") > 40
    assert 'id="conv_2d_nhwc_hwcf"' in html
    assert "src=" not in html and 'href="http' not in html


def test_bad_input_is_a_diagnostic_and_nothing_is_written(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = CORE_YAML.read_text().replace("fn_name: mul", "fn_name: multiply", 1)
    bad.write_text(text)
    out = tmp_path / "out"
    code, _, err = gen_doc(str(CORE_YAML), str(bad), "-o", str(out))
    assert code == 1
    assert re.search(
        r"bad\.yaml:\d+:\d+: error: \[op \w+\] unknown binary function 'multiply'", err
    )
    assert "Traceback" not in err
    assert not out.exists()


def test_two_inputs_with_one_page_name_are_refused(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    shutil.copy(CORE_YAML, tmp_path / "a" / "ops.yaml")
    shutil.copy(CORE_YAML, tmp_path / "ops.yaml")
    code, _, err = gen_doc(str(tmp_path / "ops.yaml"), str(tmp_path / "a" / "ops.yaml"),
                           "-o", str(tmp_path / "out"))  # fmt: skip
    assert code == 1 and "page 'ops' would also be written" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 not installed")
def test_every_example_verifies_in_mlir_opt_and_the_generic_form_prints_as_it_does(
    core_pages: Path,
) -> None:
    text = (core_pages / "core_named_ops.md").read_text()
    modules = re.findall(r"```mlir\n(.*?)```", text, re.S)
    generic = [m for m in modules if "linalg.generic" in m]
    named = [m for m in modules if "linalg.generic" not in m]
    assert len(generic) == len(named) == text.count("\n### ")
    known = [m for m in named if not any(f"linalg.{n} " in m for n in NOT_IN_MLIR22)]
    assert len(known) == len(named) - len(NOT_IN_MLIR22)
    split = "// -----\n".join(generic + known)
    run = subprocess.run([MLIR_OPT, "--split-input-file"], input=split,
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert run.returncode == 0, run.stderr
    # mlir-opt reprints each generic form unchanged: `#map` aliases as it prints them
    printed = [m.strip() for m in run.stdout.split("// -----")][: len(generic)]
    assert printed == [m.strip() for m in generic]


def test_stdin_is_read_and_its_page_is_called_stdin(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["gen-doc", "-", "-o", str(tmp_path)], input=CORE_YAML.read_text()
    )
    assert result.exit_code == 0, result.stderr
    assert (
        (tmp_path / "stdin.md")
        .read_text()
        .startswith("# Op library `stdin`\n\n90 ops from `<stdin>`")
    )
