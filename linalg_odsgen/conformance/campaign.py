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
import json
import os
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from linalg_odsgen.conformance.engine import Outcome, run_batch
from linalg_odsgen.conformance.findings import (
    Finding,
    _atomic_write,
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


def run_task(pipe: Pipeline, batch: Batch) -> list[tuple[int, Outcome]]:
    """(case number, outcome) of every case of a batch (run in a worker)."""
    from linalg_odsgen.conformance.fuzz import draw_case

    specs = list(batch.specs) or [draw_case(batch.seed, batch.first + i) for i in range(batch.count)]  # fmt: skip
    outs = run_batch(pipe, specs)
    return [(batch.first + i, o) for i, o in enumerate(outs)]


def minimize_task(pipe: Pipeline, outcome: Outcome, budget: int, until: float | None) -> Outcome:
    from linalg_odsgen.conformance.minimize import minimize

    return minimize(pipe, outcome, budget=budget, until=until)


class _Inline:
    """Runs each task when submitted (one job): no processes, same results."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> cf.Future[Any]:
        fut: cf.Future[Any] = cf.Future()
        try:
            fut.set_result(fn(*args))
        except BaseException as exc:
            fut.set_exception(exc)
        return fut

    def wait_any(self, futs: set[Any]) -> tuple[set[Any], set[Any]]:
        return set(futs), set()

    def close(self) -> None:
        pass


class _Processes(_Inline):
    def __init__(self, jobs: int) -> None:
        self.pool = cf.ProcessPoolExecutor(max_workers=jobs)

    def submit(self, fn: Callable[..., Any], *args: Any) -> cf.Future[Any]:
        return self.pool.submit(fn, *args)

    def wait_any(self, futs: set[Any]) -> tuple[set[Any], set[Any]]:
        done, pending = cf.wait(futs, return_when=cf.FIRST_COMPLETED)
        return set(done), set(pending)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class _Dask(_Inline):
    def __init__(self, address: str) -> None:
        from distributed import Client

        self.client = Client(address)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.client.submit(fn, *args, pure=False)

    def wait_any(self, futs: set[Any]) -> tuple[set[Any], set[Any]]:
        from distributed import wait

        done, pending = wait(list(futs), return_when="FIRST_COMPLETED")
        return set(done), set(pending)

    def close(self) -> None:
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
        self.done: set[int] = set()
        self.by_sig: dict[str, Finding] = {}
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
        for f in read_index(self.out):
            self.by_sig[f.signature] = f

    def _save_state(self) -> None:
        state = {
            "settings": self.settings,
            "done": sorted(self.done),
            "cases": self.summary.cases,
            "kinds": dict(self.summary.kinds),
            "seconds": round(self.summary.seconds, 2),
        }
        _atomic_write(self._state_path(), json.dumps(state, indent=2) + "\n")

    # -- findings -------------------------------------------------------------------------

    def _found(self, index: int, outcome: Outcome) -> Outcome | None:
        """Record a finding; the outcome to minimise when it is new (or replaces a later one)."""
        sig = signature(outcome, outcome.stderr)
        old = self.by_sig.get(sig)
        if old is not None and old.index <= index:
            self.summary.duplicates += 1
            return None
        if old is not None:
            self.summary.duplicates += 1
        finding = write_reproducer(self.out, outcome, self.pipe, index, sig=sig, minimized=False)
        self.by_sig[sig] = finding
        write_index(self.out, list(self.by_sig.values()))
        return outcome

    def _minimized(self, index: int, sig: str, outcome: Outcome) -> None:
        current = self.by_sig.get(sig)
        if current is None or current.index != index:
            return  # replaced by an earlier case meanwhile
        self.by_sig[sig] = write_reproducer(self.out, outcome, self.pipe, index, sig=sig)
        write_index(self.out, list(self.by_sig.values()))

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
        start = time.monotonic()
        # minimisation stops at the deadline too (wall-clock time: workers may be elsewhere)
        self.until = time.time() + (deadline - start) if deadline is not None else None
        base_seconds = self.summary.seconds
        pool = self._executor()
        pending: dict[Any, tuple[str, Any]] = {}
        old_term = None
        if threading.current_thread() is threading.main_thread():
            # stopped by SIGTERM as by Ctrl-C: state saved, findings kept
            old_term = signal.signal(signal.SIGTERM, _interrupt)
        limit = 2 * self.jobs if not self.scheduler else 4 * self.jobs
        exhausted = False
        try:
            while True:
                now = time.monotonic()
                late = deadline is not None and now >= deadline
                while not exhausted and not late and sum(1 for k, _ in pending.values() if k == "batch") < limit:  # fmt: skip
                    batch = next(batches, None)
                    if batch is None:
                        exhausted = True
                        break
                    if batch.number in self.done:
                        continue
                    pending[pool.submit(run_task, self.pipe, batch)] = ("batch", batch)
                if not pending:
                    break
                done, _ = pool.wait_any(set(pending))
                for fut in done:
                    what, info = pending.pop(fut)
                    try:
                        result = fut.result()
                    except (KeyboardInterrupt, cf.process.BrokenProcessPool):
                        raise
                    except Exception as exc:  # a worker failed: say so, keep going
                        self.summary.errors.append(f"{what} {info!r:.80}: {type(exc).__name__}: {exc}")  # fmt: skip
                        if what == "batch":
                            self.done.discard(info.number)
                        continue
                    if what == "batch":
                        self._batch_done(info, result, pool, pending, late)
                    else:
                        self._minimized(info[0], info[1], result)
                self.summary.seconds = base_seconds + time.monotonic() - start
                self._show(total)
        except (KeyboardInterrupt, cf.process.BrokenProcessPool):
            self.stopped = True  # what is written stays; --resume continues
        finally:
            if old_term is not None:
                signal.signal(signal.SIGTERM, old_term)
            pool.close()
            self.summary.seconds = base_seconds + time.monotonic() - start
            self._save_state()
            if self.progress:
                sys.stderr.write("\n")
        self.summary.findings = list(self.by_sig.values())
        return self.summary

    def _batch_done(
        self,
        batch: Batch,
        results: Sequence[tuple[int, Outcome]],
        pool: _Inline,
        pending: dict[Any, tuple[str, Any]],
        late: bool,
    ) -> None:
        for index, outcome in results:
            self.summary.cases += 1
            self.summary.kinds[outcome.kind.value] += 1
            per = self.summary.per_op.setdefault(outcome.spec.source.name, Counter())
            per[outcome.kind.value] += 1
            if outcome.kind in (Kind.SKIPPED, Kind.NOT_APPLICABLE):
                self.summary.examples.setdefault(outcome.kind.value, outcome.detail)
                if outcome.detail.startswith("MLIR 22 without the pipeline") and len(self.summary.disagreements) < 20:  # fmt: skip
                    self.summary.disagreements.append(f"case {index}: {outcome.spec.describe()}: {outcome.detail}")  # fmt: skip
            if not outcome.kind.is_finding:
                continue
            fresh = self._found(index, outcome)
            if fresh is not None and not late and self.budget > 0:
                sig = signature(outcome, outcome.stderr)
                fut = pool.submit(minimize_task, self.pipe, fresh, self.budget, self.until)
                pending[fut] = ("minimize", (index, sig))
        self.done.add(batch.number)
        self._save_state()

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


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def fuzz_batches(seed: int, batch_size: int, cases: int | None) -> Iterator[Batch]:
    number = 0
    while cases is None or number * batch_size < cases:
        first = number * batch_size
        count = batch_size if cases is None else min(batch_size, cases - first)
        yield Batch(number, first, count=count, seed=seed)
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
