"""Everything the repository generates, regenerated in memory.

For each OpDSL library `opspecs/NAME.py` the repository checks in its dump
`opspecs/NAME.yaml`, the module generated from that dump, `generated/NAME.py`,
and the ODS/C++ pair MLIR's build would include, `generated/NAME.yamlgen.td`
and `generated/NAME.yamlgen.cpp.inc`. For each TC library `opspecs/NAME.tc` it
checks in the YAML translation `opspecs/NAME.yaml` and the module
`generated/NAME.py`. `linalg-ods-gen check` compares these with what the code
would produce now; `scripts/regenerate.py` writes them. Both use `regenerate`,
so they cannot disagree.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError


@dataclass(frozen=True)
class GeneratedFile:
    """One generated file: its path relative to the repository root and its fresh text."""

    path: str
    text: str

    def current(self, root: Path) -> str | None:
        """The text on disk (None when the file does not exist)."""
        try:
            return (root / self.path).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None


def _is_checkout(path: Path) -> bool:
    return (path / "pyproject.toml").is_file() and (path / "opspecs").is_dir()


def find_repo_root(start: str | os.PathLike[str] | None = None) -> Path:
    """The checkout containing `start` (default: the cwd, then this package's location)."""
    candidates = []
    if start is not None:
        candidates.append(Path(start).resolve())
    else:
        candidates.append(Path.cwd().resolve())
        candidates.append(Path(__file__).resolve().parent.parent.parent)
    for candidate in candidates:
        for path in (candidate, *candidate.parents):
            if _is_checkout(path):
                return path
        if start is not None:
            break
    where = Path(start) if start is not None else Path.cwd()
    raise DiagnosticError(
        Diagnostic(
            "not inside a linalg-ods-gen checkout (no pyproject.toml with an opspecs/ "
            "folder here or above); run from the repository or pass --root",
            file=str(where),
        )
    )


def dsl_sources(root: Path) -> list[Path]:
    """The OpDSL libraries of the repository: `opspecs/*.py` except `__init__.py`."""
    return sorted(p for p in (root / "opspecs").glob("*.py") if p.name != "__init__.py")


def tc_sources(root: Path) -> list[Path]:
    """The TC libraries of the repository: `opspecs/*.tc`."""
    return sorted((root / "opspecs").glob("*.tc"))


def regenerate(root: Path) -> list[GeneratedFile]:
    """Fresh text of every generated file: DSL -> YAML dump -> generated module.

    The module is generated from the fresh YAML (not the one on disk), so a stale
    YAML can never hide a stale module.
    """
    from linalg_odsgen.codegen import generate_from_yaml
    from linalg_odsgen.dsl.library import load_library
    from linalg_odsgen.ods import generate as generate_ods
    from linalg_odsgen.ods.reading import read_library
    from linalg_odsgen.tc import tc_to_yaml
    from linalg_odsgen.yaml_io import dump_library

    out: list[GeneratedFile] = []
    for source in dsl_sources(root):
        name = source.stem
        yaml_path = f"opspecs/{name}.yaml"
        library = load_library(files=[str(source)])
        yaml_text = dump_library(library.ops)
        out.append(GeneratedFile(yaml_path, yaml_text))
        module_text = generate_from_yaml(yaml_text, str(root / yaml_path), yaml_path)
        out.append(GeneratedFile(f"generated/{name}.py", module_text))
        ods = generate_ods(read_library(yaml_text, yaml_path)[0], yaml_path)
        out.append(GeneratedFile(f"generated/{name}.yamlgen.td", ods.decl))
        out.append(GeneratedFile(f"generated/{name}.yamlgen.cpp.inc", ods.impl))
    for source in tc_sources(root):
        name = source.stem
        yaml_path = f"opspecs/{name}.yaml"
        tc_path = f"opspecs/{source.name}"
        yaml_text, _ = tc_to_yaml([(source.read_bytes(), tc_path)])
        out.append(GeneratedFile(yaml_path, yaml_text))
        module_text = generate_from_yaml(yaml_text, str(root / yaml_path), yaml_path)
        out.append(GeneratedFile(f"generated/{name}.py", module_text))
    return out


def stale(root: Path) -> list[tuple[GeneratedFile, str | None]]:
    """Generated files whose disk text differs from the fresh one, with the disk text."""
    result = []
    for f in regenerate(root):
        current = f.current(root)
        if current != f.text:
            result.append((f, current))
    return result


__all__ = [
    "GeneratedFile",
    "dsl_sources",
    "find_repo_root",
    "regenerate",
    "stale",
    "tc_sources",
]
