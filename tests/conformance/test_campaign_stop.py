"""Stopping a campaign: SIGINT/SIGTERM and the time budget end every worker and tool within
seconds, the state is saved, and --resume finishes what was left (no case run twice, no
finding lost)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main

psutil = pytest.importorskip("psutil")  # with the campaign extra (distributed brings it)

# Each test starts a real campaign and waits for workers and tools: ~30 s apiece.
pytestmark = pytest.mark.slow

# mlir-opt-22 behind a pause: every pipeline run takes long enough to be stopped mid-batch
SLOW = "import time; time.sleep(60)"
EXTUI_TO_EXTSI = "out = re.sub(r'arith\\.extui (%in\\w*)', r'arith.extsi \\1', out)"


def _start(tmp_path: Path, opt: str, *args: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "linalg_odsgen", "fuzz", "--mlir-opt", opt, "--out", str(tmp_path / "out"), "--format", "json", *args]  # fmt: skip
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_tools(proc: subprocess.Popen[str], count: int) -> list[int]:
    """The pids of the campaign's descendants once `count` of them run the slow tool."""
    parent = psutil.Process(proc.pid)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        kids = parent.children(recursive=True)
        # the pipeline's runs (not `TOOL --version`, asked before the campaign starts)
        tools = [k for k in kids if "slow" in (c := " ".join(_cmdline(k))) and "--version" not in c]  # fmt: skip
        if len(tools) >= count:
            return [k.pid for k in kids]
        time.sleep(0.2)
    raise AssertionError("the campaign never started its tools")


def _cmdline(p: psutil.Process) -> list[str]:
    try:
        return p.cmdline()
    except (psutil.NoSuchProcess, psutil.ZombieProcess):
        return []


def _alive(pids: list[int]) -> list[int]:
    out = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                out.append(pid)
        except psutil.NoSuchProcess:
            pass
    return out


@pytest.mark.parametrize(
    ("signum", "jobs"),
    [(signal.SIGTERM, "2"), (signal.SIGINT, "2"), (signal.SIGTERM, "1")],
    ids=["sigterm-2-workers", "sigint-2-workers", "sigterm-inline"],
)
def test_a_signal_stops_every_worker_and_tool_within_seconds(
    tmp_path: Path, make_wrapper, signum: int, jobs: str
) -> None:
    opt = make_wrapper("slow", SLOW)
    proc = _start(tmp_path, opt, "--cases", "400", "--batch-size", "10", "--jobs", jobs)
    try:
        pids = _wait_for_tools(proc, int(jobs))
        sent = time.monotonic()
        proc.send_signal(signum)
        proc.wait(timeout=15)
        assert time.monotonic() - sent < 10
        end = time.monotonic() + 5
        while _alive(pids) and time.monotonic() < end:
            time.sleep(0.1)
        left = _alive(pids)
        assert left == [], [_cmdline(psutil.Process(p)) for p in left]
    finally:
        if proc.poll() is None:
            proc.kill()
    state = json.loads((tmp_path / "out" / "state.json").read_text())
    assert state["done"] == [] and state["cases"] == 0  # nothing half-counted
    assert proc.stdout is not None
    assert json.loads(proc.stdout.read())["stopped"] is True


def test_the_time_budget_ends_a_slow_batch_instead_of_waiting_for_it(
    tmp_path: Path, make_wrapper
) -> None:
    opt = make_wrapper("slow", SLOW)
    start = time.monotonic()
    proc = _start(tmp_path, opt, "--time-budget", "3", "--jobs", "2")
    out, err = proc.communicate(timeout=60)
    assert time.monotonic() - start < 60, err  # interpreter start-up included
    data = json.loads(out)
    assert data["seconds"] < 3 + 5  # the budget, and at most a few seconds to stop
    assert data["cases"] == 0 and data["findings"] == [] and data["out_of_time"] is True
    left = [p for p in psutil.process_iter(["cmdline"]) if str(tmp_path) in " ".join(p.info["cmdline"] or [])]  # fmt: skip
    assert left == []


def test_resume_minimises_a_finding_whose_minimisation_was_stopped(
    tmp_path: Path, make_wrapper, monkeypatch: pytest.MonkeyPatch
) -> None:
    from linalg_odsgen.conformance import campaign

    opt = make_wrapper("extsi", EXTUI_TO_EXTSI)
    out = tmp_path / "out"
    args = ["fuzz", "--mlir-opt", opt, "--cases", "40", "--seed", "3", "--minimize-budget", "8", "--batch-size", "20", "--jobs", "1", "--format", "json", "--out", str(out)]  # fmt: skip

    def stopped(*a: object) -> None:
        raise campaign.CampaignStopped

    monkeypatch.setattr(campaign, "minimize_task", stopped)
    first = CliRunner().invoke(main, args)
    found = json.loads((out / "findings.json").read_text())
    assert found and not any(f["minimized"] for f in found), first.output
    state = json.loads((out / "state.json").read_text())
    assert state["unminimized"] and state["done"]
    cases = state["cases"]

    monkeypatch.undo()
    again = CliRunner().invoke(main, [*args, "--resume"])
    data = json.loads(again.stdout)
    after = json.loads((out / "findings.json").read_text())
    assert after and all(f["minimized"] for f in after), again.output
    assert data["cases"] == 40 and cases <= 40
    assert json.loads((out / "state.json").read_text())["unminimized"] == {}
    assert not os.listdir(out / ".pending")
    # every finding of the first run is still there (or merged into one of the same root cause)
    assert len(after) <= len(found)
