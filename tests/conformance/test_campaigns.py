"""`fuzz` and `conform` end to end: deliberately wrong pipelines are found and minimised,
clean ones give no findings, findings.json and reproducers are complete, --resume continues."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main

EXTUI_TO_EXTSI = "out = re.sub(r'arith\\.extui (%in\\w*)', r'arith.extsi \\1', out)"
SWAP_INPUTS = "out = re.sub(r'ins\\((%\\w+), (%\\w+) :', r'ins(\\2, \\1 :', out)"
DROP_TILE_OFFSET = (
    "out = out.replace('affine_map<(d0)[s0] -> (d0 + s0)>', 'affine_map<(d0)[s0] -> (s0)>')"
)
TILE_FIRST_LOOP_BY_2 = """module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %m tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
"""
FLIP_MAX = "out = out.replace('arith.maxsi', 'arith.minsi').replace('arith.maximumf', 'arith.minimumf')"  # fmt: skip


def _run(*args: str) -> tuple[int, dict, str]:
    res = CliRunner().invoke(main, [*args, "--jobs", "1", "--format", "json"])
    data = json.loads(res.stdout) if res.stdout.strip().startswith("{") else {}
    return res.exit_code, data, res.output


def _findings(out: Path) -> list[dict]:
    return json.loads((out / "findings.json").read_text())


def test_fuzz_finds_and_minimises_a_pipeline_that_sign_extends_unsigned_bytes(
    tmp_path: Path, make_wrapper
) -> None:
    opt = make_wrapper("extsi", EXTUI_TO_EXTSI)
    out = tmp_path / "out"
    code, _, text = _run("fuzz", "--mlir-opt", opt, "--cases", "40", "--seed", "3", "--minimize-budget", "12", "--out", str(out))  # fmt: skip
    assert code == 1, text
    found = _findings(out)
    assert found and {f["kind"] for f in found} == {"miscompile"}
    f = found[0]
    repro = out / f["path"]
    for name in ("input.mlir", "pipeline.txt", "expected.txt", "actual.txt", "reproduce.sh", "case.json"):  # fmt: skip
        assert (repro / name).exists(), name
    assert "arith.extui" in (repro / "input.mlir").read_text()
    assert f["minimized"] is True
    # the reproducer reproduces: its commands print what actual.txt says MLIR printed
    run = subprocess.run(["sh", str(repro / "reproduce.sh")], capture_output=True, text=True, timeout=120)  # fmt: skip
    printed = [line.strip() for line in run.stdout.splitlines()]
    actual = [line.split("as printed:")[1].strip() for line in (repro / "actual.txt").read_text().splitlines() if "as printed:" in line]  # fmt: skip
    expected = [line.split("as printed:")[1].strip() for line in (repro / "expected.txt").read_text().splitlines() if "as printed:" in line]  # fmt: skip
    assert printed == actual != expected


@pytest.mark.parametrize("flags", ["--linalg-generalize-named-ops", "--canonicalize --cse", ""])
def test_clean_pipelines_give_no_findings(tmp_path: Path, flags: str) -> None:
    code, data, text = _run("fuzz", "--pipeline", flags, "--cases", "30", "--out", str(tmp_path))
    assert code == 0, text
    assert data["findings"] == [] and data["kinds"].get("ok", 0) >= 25, data["kinds"]


@pytest.mark.slow
@pytest.mark.parametrize("flags", ["--linalg-generalize-named-ops", "--canonicalize --cse", ""])
def test_clean_pipelines_give_no_findings_over_hundreds_of_cases(tmp_path: Path, flags: str) -> None:  # fmt: skip
    code, data, text = _run("fuzz", "--pipeline", flags, "--cases", "400", "--seed", "11", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, text
    assert data["findings"] == [] and data["kinds"].get("ok", 0) >= 350, data["kinds"]


@pytest.mark.slow
@pytest.mark.parametrize("rewrite", [SWAP_INPUTS, FLIP_MAX], ids=["swap-inputs", "flip-max"])
def test_fuzz_finds_other_injected_faults(tmp_path: Path, make_wrapper, rewrite: str) -> None:
    opt = make_wrapper("fault", rewrite)
    code, _, text = _run("fuzz", "--mlir-opt", opt, "--cases", "80", "--minimize-budget", "2", "--out", str(tmp_path))  # fmt: skip
    assert code == 1, text
    assert {f["kind"] for f in _findings(tmp_path)} <= {"miscompile", "invalid-ir"}


def test_conform_reports_the_unsigned_matmul_under_specialization(tmp_path: Path) -> None:
    code, data, text = _run("conform", "--op", "matmul", "--instances", "12", "--pipeline", "--linalg-specialize-generic-ops", "--minimize-budget", "0", "--out", str(tmp_path))  # fmt: skip
    assert code == 1, text
    found = _findings(tmp_path)
    assert any(f["kind"] == "miscompile" and "cast=cast_unsigned" in f["case"] for f in found)
    assert all(f["pipeline"] == "--linalg-specialize-generic-ops" for f in found)
    assert data["per_op"]["matmul"]["ok"] > 0


def test_conform_is_clean_under_generalization(tmp_path: Path) -> None:
    code, data, text = _run("conform", "--op", "matmul", "--op", "conv_2d_nhwc_hwcf", "--instances", "6", "--pipeline", "--linalg-generalize-named-ops", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, text
    assert data["findings"] == [] and data["kinds"]["ok"] >= 20


def test_resume_continues_a_campaign_and_keeps_its_findings(tmp_path: Path, make_wrapper) -> None:
    opt = make_wrapper("extsi", EXTUI_TO_EXTSI)
    common = ["--mlir-opt", opt, "--seed", "3", "--minimize-budget", "0", "--batch-size", "20", "--out", str(tmp_path)]  # fmt: skip
    _run("fuzz", "--cases", "20", *common)
    first = _findings(tmp_path)
    state = json.loads((tmp_path / "state.json").read_text())
    assert state["done"] == [0] and state["cases"] == 20
    code, data, _ = _run("fuzz", "--cases", "40", "--resume", *common)
    assert data["cases"] == 40
    assert json.loads((tmp_path / "state.json").read_text())["done"] == [0, 1]
    assert {f["signature"] for f in first} <= {f["signature"] for f in _findings(tmp_path)}
    # a different campaign in the same directory is refused
    code, _, text = _run("fuzz", "--cases", "40", "--resume", *common[:-2], "--seed", "4", "--out", str(tmp_path))  # fmt: skip
    assert code == 1 and "--resume" in text


def test_bad_options_are_diagnosed_without_a_traceback(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["fuzz", "--transform", str(tmp_path / "missing.mlir"), "--out", str(tmp_path / "o")])  # fmt: skip
    assert res.exit_code == 1
    assert "--transform: no such file" in res.output and "Traceback" not in res.output
    assert not (tmp_path / "o").exists()


@pytest.mark.slow
def test_fuzz_finds_a_tiling_that_forgets_the_tile_offset_of_linalg_index(
    tmp_path: Path, make_wrapper
) -> None:
    script = tmp_path / "tile.mlir"
    script.write_text(TILE_FIRST_LOOP_BY_2)
    opt = make_wrapper("fault", DROP_TILE_OFFSET)
    out = tmp_path / "out"
    code, data, text = _run("fuzz", "--transform", str(script), "--mlir-opt", opt, "--cases", "200", "--minimize-budget", "5", "--out", str(out))  # fmt: skip
    assert code == 1, text
    found = _findings(out)
    assert {f["kind"] for f in found} == {"miscompile"}
    assert all("linalg.index" in (out / f["path"] / "input.mlir").read_text() for f in found)
    assert all((out / f["path"] / "transform.mlir").read_text() == TILE_FIRST_LOOP_BY_2 for f in found)  # fmt: skip
    # the same tiling through the real mlir-opt-22 is clean on these cases
    code, data, text = _run("fuzz", "--transform", str(script), "--cases", "200", "--out", str(tmp_path / "clean"))  # fmt: skip
    assert code == 0 and data["findings"] == [], text


@pytest.mark.slow
def test_a_dask_cluster_finds_what_local_processes_find(tmp_path: Path, make_wrapper) -> None:
    distributed = pytest.importorskip("distributed")
    opt = make_wrapper("extsi", EXTUI_TO_EXTSI)
    common = ["fuzz", "--mlir-opt", opt, "--cases", "60", "--seed", "3", "--minimize-budget", "6"]
    code, local, _ = _run(*common, "--out", str(tmp_path / "local"))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        code2, remote, text = _run(*common, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "dask"))  # fmt: skip
    assert code == code2 == 1, text
    strip = lambda fs: [(f["kind"], f["signature"], f["index"], f["case"]) for f in fs]  # noqa: E731
    assert strip(_findings(tmp_path / "local")) == strip(_findings(tmp_path / "dask"))
    assert local["kinds"] == remote["kinds"]


def test_conform_reads_tc_and_dsl_libraries(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2] / "linalg_odsgen" / "opspecs"
    tc = str(root / "classic_ops.tc")
    dsl = str(root / "core_named_ops.py")
    code, data, text = _run("conform", tc, dsl, "--op", "matmul", "--instances", "2", "--pipeline", "--linalg-generalize-named-ops", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, text
    assert data["per_op"]["matmul"]["ok"] >= 4


def test_a_bad_library_is_a_diagnostic(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("--- !LinalgOpConfig\nmetadata: {name: x}\n")
    res = CliRunner().invoke(main, ["conform", str(bad), "--out", str(tmp_path / "o")])
    assert res.exit_code == 1
    assert "bad.yaml:" in res.output and "error:" in res.output and "Traceback" not in res.output
    assert not (tmp_path / "o").exists()
