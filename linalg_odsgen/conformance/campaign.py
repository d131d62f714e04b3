"""A campaign: batches of cases run in parallel (processes or a Dask cluster), findings
deduplicated, minimised and streamed to the output directory, progress kept for `--resume`.

Work is cut into numbered batches whose cases depend only on the campaign's
seed and the batch number, so any number of workers, or a Dask cluster, finds
the same findings; among duplicates the one of the lowest case number is kept.
Each finding is written at once as found, then replaced by its minimised form.
`state.json` records the finished batches: a stopped campaign resumes where
it stopped, its findings kept.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import json
import os
import pickle
import shutil
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from linalg_odsgen.conformance.engine import Outcome, run_batch
from linalg_odsgen.conformance.findings import (
    Finding,
    _atomic_write,
    _atomic_write_bytes,
    read_index,
    signature,
    write_index,
    write_reproducer,
)
from linalg_odsgen.conformance.pipeline import Kind, Pipeline
from linalg_odsgen.conformance.spec import CaseSpec


@dataclass(frozen=True)
class Batch:
    """Batch `number`: explicit cases (conform) or fuzz cases `first..first+count-1`."""

    number: int
    first: int
    specs: tuple[CaseSpec, ...] = ()
    count: int = 0
    seed: int = 0
    ops: int = 1  # fuzz: programs of up to this many ops


def run_task(pipe: Pipeline, batch: Batch) -> list[tuple[int, Outcome, str]]:
    """(case number, outcome, root-cause signature of a finding) of every case of a batch
    (run in a worker)."""
    from linalg_odsgen.conformance.fuzz import draw_case

    specs = list(batch.specs) or [draw_case(batch.seed, batch.first + i, batch.ops) for i in range(batch.count)]  # fmt: skip
    outs = run_batch(pipe, specs)
    return [
        (batch.first + i, o, signature(o, o.stderr, pipe) if o.kind.is_finding else "")
        for i, o in enumerate(outs)
    ]


def minimize_task(
    pipe: Pipeline, outcome: Outcome, budget: int, until: float | None
) -> tuple[Outcome, str]:
    """The minimised finding and its signature (taken again: what the pipeline changes in
    the minimised IR names the root cause)."""
    from linalg_odsgen.conformance.minimize import minimize

    small = minimize(pipe, outcome, budget=budget, until=until)
    return small, signature(small, small.stderr, pipe)


class _Inline:
    """Runs each task when submitted (one job): no processes, same results."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> cf.Future[Any]:
        fut: cf.Future[Any] = cf.Future()
        try:
            fut.set_result(fn(*args))
        except BaseException as exc:
            fut.set_exception(exc)
        return fut

    def wait_any(self, futs: set[Any], timeout: float | None = None) -> tuple[set[Any], set[Any]]:
        return set(futs), set()

    def close(self, stop: bool = False) -> None:
        if stop:  # a tool interrupted mid-run may have left children of its own
            _kill_descendants()


def _kill_descendants() -> None:
    """SIGKILL every process descended from this one (read from /proc; nothing elsewhere)."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as fh:
                stat = fh.read()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(name))
    todo = list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def _worker_init() -> None:
    """A pool worker leads its own process group, so that stopping the campaign can kill the
    worker together with the tool it is running; Ctrl-C at the terminal reaches only the
    parent, which then stops the workers."""
    os.setpgrp()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class _Processes(_Inline):
    def __init__(self, jobs: int) -> None:
        self.pool = cf.ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init)

    def submit(self, fn: Callable[..., Any], *args: Any) -> cf.Future[Any]:
        return self.pool.submit(fn, *args)

    def wait_any(self, futs: set[Any], timeout: float | None = None) -> tuple[set[Any], set[Any]]:
        done, pending = cf.wait(futs, timeout=timeout, return_when=cf.FIRST_COMPLETED)
        return set(done), set(pending)

    def close(self, stop: bool = False) -> None:
        if not stop:
            self.pool.shutdown(wait=True)
            return
        # kill each worker's process group (the worker and the tool it runs): their batches
        # are not recorded as done, so --resume runs them again
        procs = list(getattr(self.pool, "_processes", {}).values())
        for proc in procs:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
        self.pool.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            proc.join(timeout=5)


class _Dask(_Inline):
    def __init__(self, address: str) -> None:
        from distributed import Client

        self.client = Client(address)
        self.futs: list[Any] = []

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        fut = self.client.submit(fn, *args, pure=False)
        self.futs.append(fut)
        return fut

    def wait_any(self, futs: set[Any], timeout: float | None = None) -> tuple[set[Any], set[Any]]:
        from distributed import wait

        try:
            done, pending = wait(list(futs), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return set(), set(futs)
        return set(done), set(pending)

    def close(self, stop: bool = False) -> None:
        if stop:
            self.client.cancel(self.futs, force=True)
        self.client.close()


def have_dask() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass
class Summary:
    """What a campaign did: cases per kind (and per op), findings, time."""

    cases: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    per_op: dict[str, Counter[str]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    duplicates: int = 0
    seconds: float = 0.0
    examples: dict[str, str] = field(default_factory=dict)  # kind -> one detail (skipped, n/a)
    errors: list[str] = field(default_factory=list)  # tasks that raised (their cases not run)
    # cases where MLIR 22 without the pipeline disagrees with our semantics (first 20)
    disagreements: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.cases / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "cases": self.cases,
            "seconds": round(self.seconds, 2),
            "kinds": dict(sorted(self.kinds.items())),
            "per_op": {k: dict(sorted(v.items())) for k, v in sorted(self.per_op.items())},
            "duplicates": self.duplicates,
            "errors": self.errors,
            "disagreements": self.disagreements,
            "findings": [f.to_json() for f in sorted(self.findings, key=lambda f: f.index)],
        }


class Campaign:
    """Runs batches through one pipeline, writing findings under `out`."""

    def __init__(
        self,
        pipe: Pipeline,
        out: str,
        *,
        settings: dict[str, Any],
        jobs: int = 1,
        scheduler: str | None = None,
        minimize_budget: int = 40,
        resume: bool = False,
        progress: bool = False,
    ) -> None:
        self.pipe = pipe
        self.out = out
        self.settings = settings
        self.jobs = max(1, jobs)
        self.scheduler = scheduler
        self.budget = minimize_budget
        self.progress = progress
        self.summary = Summary()
        self.stopped = False
        self.out_of_time = False
        self.guard = _Signals(None)
        self.done: set[int] = set()
        self.by_sig: dict[str, Finding] = {}
        # signature as found -> signature after minimisation (findings merged by root cause)
        self.alias: dict[str, str] = {}
        # findings still to minimise: signature -> case number (outcomes kept under .pending/)
        self.unminimized: dict[str, int] = {}
        os.makedirs(out, exist_ok=True)
        if resume:
            self._load_state()

    # -- state ----------------------------------------------------------------------------

    def _state_path(self) -> str:
        return os.path.join(self.out, "state.json")

    def _load_state(self) -> None:
        path = self._state_path()
        if not os.path.exists(path):
            return
        with open(path) as fh:
            state = json.load(fh)
        if state.get("settings") != self.settings:
            raise ValueError(
                f"{path} belongs to another campaign ({state.get('settings')}); "
                "resume with the same pipeline, seed and options"
            )
        self.done = set(state.get("done", []))
        self.summary.cases = state.get("cases", 0)
        self.summary.kinds.update(state.get("kinds", {}))
        self.summary.seconds = state.get("seconds", 0.0)
        self.summary.duplicates = state.get("duplicates", 0)
        self.alias = dict(state.get("aliases", {}))
        self.unminimized = {sig: int(i) for sig, i in state.get("unminimized", {}).items()}
        for f in read_index(self.out):
            self.by_sig[f.signature] = f

    def _save_state(self) -> None:
        state = {
            "settings": self.settings,
            "done": sorted(self.done),
            "cases": self.summary.cases,
            "kinds": dict(self.summary.kinds),
            "seconds": round(self.summary.seconds, 2),
            "duplicates": self.summary.duplicates,
            "aliases": dict(sorted(self.alias.items())),
            "unminimized": dict(sorted(self.unminimized.items())),
        }
        _atomic_write(self._state_path(), json.dumps(state, indent=2) + "\n")

    # -- findings -------------------------------------------------------------------------

    def _pending_path(self, sig: str) -> str:
        return os.path.join(self.out, ".pending", f"{sig}.pickle")

    def _found(self, index: int, outcome: Outcome, sig: str) -> bool:
        """Record a finding; True when it is new (or replaces a later case's) and is to be
        minimised."""
        sig = self.alias.get(sig, sig)
        old = self.by_sig.get(sig)
        if old is not None:
            self.summary.duplicates += 1
            if old.index <= index:
                return False
        finding = write_reproducer(self.out, outcome, self.pipe, index, sig=sig, minimized=False)
        self.by_sig[sig] = finding
        write_index(self.out, list(self.by_sig.values()))
        if self.budget > 0:
            # the outcome is kept until minimised, so that --resume can finish the job
            os.makedirs(os.path.dirname(self._pending_path(sig)), exist_ok=True)
            _atomic_write_bytes(self._pending_path(sig), pickle.dumps(outcome))
            self.unminimized[sig] = index
        return True

    def _drop_pending(self, sig: str) -> None:
        self.unminimized.pop(sig, None)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._pending_path(sig))

    def _resumed_minimisations(self) -> list[tuple[int, str, Outcome]]:
        """Findings a stopped campaign had not minimised yet (with their outcomes)."""
        out = []
        if self.budget <= 0:
            return []
        for sig, index in sorted(self.unminimized.items(), key=lambda kv: kv[1]):
            current = self.by_sig.get(sig)
            path = self._pending_path(sig)
            if current is None or current.index != index or not os.path.exists(path):
                self._drop_pending(sig)
                continue
            with open(path, "rb") as fh:
                out.append((index, sig, pickle.load(fh)))
        return out

    def _minimized(self, index: int, sig: str, result: tuple[Outcome, str]) -> None:
        outcome, root = result
        current = self.by_sig.get(sig)
        if current is None or current.index != index:
            self._drop_pending(sig)
            return  # replaced by an earlier case meanwhile
        self._drop_pending(sig)
        other = self.by_sig.get(root) if root != sig else None
        if other is not None and other.index < index:
            # the same root cause as an earlier finding: merge into it
            self.summary.duplicates += 1
            self._remove(sig)
            self.alias[sig] = root
        else:
            if root != sig:
                if other is not None:
                    self.summary.duplicates += 1
                    self._remove(root)
                self._remove(sig)
                self.alias[sig] = root
            self.by_sig[root] = write_reproducer(self.out, outcome, self.pipe, index, sig=root)
        write_index(self.out, list(self.by_sig.values()))

    def _remove(self, sig: str) -> None:
        gone = self.by_sig.pop(sig, None)
        if gone is not None:
            shutil.rmtree(os.path.join(self.out, gone.path), ignore_errors=True)

    # -- running --------------------------------------------------------------------------

    def _executor(self) -> _Inline:
        if self.scheduler:
            return _Dask(self.scheduler)
        return _Processes(self.jobs) if self.jobs > 1 else _Inline()

    def run(
        self,
        batches: Iterator[Batch],
        *,
        deadline: float | None = None,
        total: int | None = None,
    ) -> Summary:
        """Run the batches until they are exhausted, the deadline (`time.monotonic()`) passes
        or SIGINT/SIGTERM arrives; stopping kills the workers at once, and batches not
        finished then are left for --resume."""
        start = time.monotonic()
        # minimisation stops at the deadline too (wall-clock time: workers may be elsewhere)
        self.until = time.time() + (deadline - start) if deadline is not None else None
        base_seconds = self.summary.seconds
        pool = self._executor()
        pending: dict[Any, tuple[str, Any]] = {}
        guard = self.guard = _Signals(deadline if type(pool) is _Inline else None)
        limit = 2 * self.jobs if not self.scheduler else 4 * self.jobs
        exhausted = False
        stop = False
        try:
            with guard:
                for index, sig, outcome in self._resumed_minimisations():
                    fut = guard.call(pool.submit, minimize_task, self.pipe, outcome, self.budget, self.until)  # fmt: skip
                    pending[fut] = ("minimize", (index, sig))
                while not guard.stopped:
                    now = time.monotonic()
                    late = deadline is not None and now >= deadline
                    if late and any(k == "batch" for k, _ in pending.values()):
                        stop = True  # the budget is spent: unfinished batches wait for --resume
                        self.out_of_time = True
                        break
                    while not exhausted and not late and sum(1 for k, _ in pending.values() if k == "batch") < limit:  # fmt: skip
                        batch = next(batches, None)
                        if batch is None:
                            exhausted = True
                            break
                        if batch.number in self.done:
                            continue
                        fut = guard.call(pool.submit, run_task, self.pipe, batch)
                        if guard.stopped:
                            break
                        pending[fut] = ("batch", batch)
                    if not pending or guard.stopped:
                        break
                    # wake at the deadline to stop running batches; after it, only
                    # minimisations are left, and they stop by themselves
                    timeout = max(0.0, deadline - time.monotonic()) + 0.05 if deadline is not None and not late else None  # fmt: skip
                    done, _ = guard.call(pool.wait_any, set(pending), timeout)
                    for fut in done:
                        self._collect(fut, pending, pool, late)
                    self.summary.seconds = base_seconds + time.monotonic() - start
                    self._show(total)
        except (CampaignStopped, KeyboardInterrupt, BrokenProcessPool):
            stop = True
            self.out_of_time = guard.expired and not guard.stopped
        finally:
            stop = stop or guard.stopped
            self.stopped = self.stopped or ((guard.stopped or stop) and not self.out_of_time)
            pool.close(stop=stop)
            self.summary.seconds = base_seconds + time.monotonic() - start
            self._save_state()
            if self.progress:
                sys.stderr.write("\n")
        self.summary.findings = list(self.by_sig.values())
        return self.summary

    def _collect(
        self, fut: Any, pending: dict[Any, tuple[str, Any]], pool: _Inline, late: bool
    ) -> None:
        what, info = pending.pop(fut)
        try:
            result = fut.result()
        except (CampaignStopped, KeyboardInterrupt, BrokenProcessPool):
            raise
        except Exception as exc:  # a worker failed: say so, keep going
            self.summary.errors.append(f"{what} {info!r:.80}: {type(exc).__name__}: {exc}")
            if what == "batch":
                self.done.discard(info.number)
            else:
                self._drop_pending(info[1])
            return
        if what == "batch":
            self._batch_done(info, result, pool, pending, late)
        else:
            self._minimized(info[0], info[1], result)

    def _batch_done(
        self,
        batch: Batch,
        results: Sequence[tuple[int, Outcome, str]],
        pool: _Inline,
        pending: dict[Any, tuple[str, Any]],
        late: bool,
    ) -> None:
        fresh: list[tuple[int, str, Outcome]] = []
        for index, outcome, sig in results:
            self.summary.cases += 1
            self.summary.kinds[outcome.kind.value] += 1
            per = self.summary.per_op.setdefault(outcome.spec.source.name, Counter())
            per[outcome.kind.value] += 1
            if outcome.kind in (Kind.SKIPPED, Kind.NOT_APPLICABLE):
                self.summary.examples.setdefault(outcome.kind.value, outcome.detail)
                if outcome.detail.startswith("MLIR 22 without the pipeline") and len(self.summary.disagreements) < 20:  # fmt: skip
                    self.summary.disagreements.append(f"case {index}: {outcome.spec.describe()}: {outcome.detail}")  # fmt: skip
            if outcome.kind.is_finding and self._found(index, outcome, sig):
                fresh.append((index, self.alias.get(sig, sig), outcome))
        self.done.add(batch.number)
        self._save_state()
        if late or self.budget <= 0:
            return
        for index, sig, outcome in fresh:
            # through the guard: without workers the minimisation runs here, and a stop
            # must interrupt it too (the finding stays listed for --resume)
            fut = self.guard.call(pool.submit, minimize_task, self.pipe, outcome, self.budget, self.until)  # fmt: skip
            pending[fut] = ("minimize", (index, sig))

    def _show(self, total: int | None) -> None:
        if not self.progress:
            return
        s = self.summary
        n = len(self.by_sig)
        if total:
            width = 30
            filled = int(width * min(s.cases, total) / total)
            bar = "[" + "#" * filled + "." * (width - filled) + f"] {s.cases}/{total}"
        else:
            bar = f"{s.cases} cases"
        sys.stderr.write(f"\r{bar}  {s.rate:5.1f} cases/s  {n} finding{'s' if n != 1 else ''}  ")
        sys.stderr.flush()


class CampaignStopped(Exception):
    """Raised into a running task when the campaign is stopped or out of time."""


class _Signals:
    """SIGINT and SIGTERM stop the campaign, and so does the deadline of a run without
    workers (a SIGALRM timer). A task in progress (`call`) is interrupted at once; between
    tasks only `stopped` is set, so a finished batch is never recorded by halves."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.stopped = False
        self.expired = False
        self._inside = False
        self._old: dict[int, Any] = {}

    def __enter__(self) -> _Signals:
        if threading.current_thread() is not threading.main_thread():
            return self
        for sig in (signal.SIGINT, signal.SIGTERM):
            self._old[sig] = signal.signal(sig, self._on_stop)
        if self.deadline is not None:
            self._old[signal.SIGALRM] = signal.signal(signal.SIGALRM, self._on_alarm)
            signal.setitimer(signal.ITIMER_REAL, max(0.01, self.deadline - time.monotonic()))
        return self

    def __exit__(self, *exc: object) -> None:
        if signal.SIGALRM in self._old:
            signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in self._old.items():
            signal.signal(sig, handler)
        self._old.clear()

    def _on_stop(self, signum: int, frame: Any) -> None:
        self.stopped = True
        if self._inside:
            raise CampaignStopped

    def _on_alarm(self, signum: int, frame: Any) -> None:
        self.expired = True
        if self._inside:
            raise CampaignStopped

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        self._inside = True
        try:
            if self.stopped or self.expired:
                raise CampaignStopped
            return fn(*args)
        finally:
            self._inside = False


def fuzz_batches(seed: int, batch_size: int, cases: int | None, ops: int = 1) -> Iterator[Batch]:
    number = 0
    while cases is None or number * batch_size < cases:
        first = number * batch_size
        count = batch_size if cases is None else min(batch_size, cases - first)
        yield Batch(number, first, count=count, seed=seed, ops=ops)
        number += 1


def spec_batches(specs: Sequence[CaseSpec], batch_size: int) -> Iterator[Batch]:
    for number, first in enumerate(range(0, len(specs), batch_size)):
        yield Batch(number, first, specs=tuple(specs[first : first + batch_size]))


__all__ = [
    "Batch",
    "Campaign",
    "Summary",
    "fuzz_batches",
    "have_dask",
    "minimize_task",
    "run_task",
    "spec_batches",
]
