"""Where kernels live: real source files (numba caches only functions it can find in a
file) in a per-user cache directory, with numba's compiled code beside them.

The directory is `LINALG_ODSGEN_CACHE_DIR`, else `$XDG_CACHE_HOME/linalg-ods-gen`, else
`~/.cache/linalg-ods-gen`, one subdirectory per numba and Python version. When it cannot
be written, kernels go to a private temporary directory and are compiled in memory only.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ENV_VAR = "LINALG_ODSGEN_CACHE_DIR"


@dataclass(frozen=True)
class KernelDir:
    path: Path
    persistent: bool  # False: a temporary directory, numba's on-disk cache disabled


def _configured_root() -> Path:
    explicit = os.environ.get(ENV_VAR, "").strip()
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "linalg-ods-gen"


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=path, prefix=".probe-")
        os.close(fd)
        os.unlink(probe)
        return True
    except OSError:
        return False


@cache
def kernel_dir() -> KernelDir:
    """The directory kernels are written to (decided once per process)."""
    import numba

    version = f"numba-{numba.__version__}-py{sys.version_info[0]}{sys.version_info[1]}"
    path = _configured_root() / "compiled" / version
    if _writable(path) and _writable(path / "__pycache__"):
        return KernelDir(path, persistent=True)
    return KernelDir(Path(tempfile.mkdtemp(prefix="linalg-ods-gen-kernels-")), persistent=False)


def write_atomically(path: Path, text: str) -> None:
    """Write `text` unless the file already holds it: rewriting would change its time
    stamp, which numba reads as "source changed" and recompiles."""
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return
    except OSError:
        pass
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load_kernel(name: str, source: Callable[[], str]) -> Any:
    """Import the kernel module `name` (its text made by `source` and written first when
    the file is not there yet; the name determines the text); return the module (its
    `kernel`, and a parallel nest's `chunks`)."""
    module_name = f"linalg_odsgen_kernels.{name}"
    module = sys.modules.get(module_name)
    if module is None:
        where = kernel_dir()
        path = where.path / f"{name}.py"
        if not path.is_file():
            write_atomically(path, source())
        spec = importlib.util.spec_from_file_location(module_name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        module.CACHE = where.persistent  # type: ignore[attr-defined]
        # In sys.modules before it runs: numba finds a cached kernel's globals by module name.
        sys.modules[module_name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[module_name]
            raise
    return module


__all__ = ["ENV_VAR", "KernelDir", "kernel_dir", "load_kernel", "write_atomically"]
