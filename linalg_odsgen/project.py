"""Everything a project generates from its op specs, regenerated in memory.

A project is a directory whose `pyproject.toml` has a `[tool.linalg-ods-gen]`
table listing libraries: a source (an OpDSL `.py` file or a TC `.tc` file), the
op-config YAML made from it and, optionally, the Python module (`gen-impl`) and
the ODS/C++ pair (`gen-ods`) made from that YAML:

    [[tool.linalg-ods-gen.library]]
    source = "ops/my_ops.py"
    yaml = "ops/my_ops.yaml"
    module = "src/my_pkg/my_ops.py"
    stub = "src/my_pkg/my_ops.pyi"                # optional: the module's typed signatures
    ods-decl = "build/my_ops.yamlgen.td"          # optional
    ods-impl = "build/my_ops.yamlgen.cpp.inc"     # optional
    doc = "docs/ops"                               # optional: gen-doc's page (and pictures)

This repository is configured the same way. `linalg-ods-gen check` compares
the files on disk with what the code would produce now (`check --write` and
`scripts/regenerate.py` write them); both use `regenerate`, so they cannot
disagree.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.sources import FrontEnd, front_end_of

CONFIG_FILE = "pyproject.toml"
TABLE = "linalg-ods-gen"
_KEYS = ("source", "yaml", "module", "stub", "ods-decl", "ods-impl", "doc")


@dataclass(frozen=True)
class GeneratedFile:
    """One generated file: its path relative to the project root and its fresh text."""

    path: str
    text: str

    def current(self, root: Path) -> str | None:
        """The text on disk (None when the file does not exist)."""
        try:
            return (root / self.path).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None


@dataclass(frozen=True)
class Library:
    """One configured library: source -> YAML -> optional module and ODS/C++ pair
    (paths relative to the project root, with `/` separators)."""

    source: str
    yaml: str
    module: str | None = None
    ods_decl: str | None = None
    ods_impl: str | None = None
    doc: str | None = None  # directory of gen-doc's page, named after the YAML
    stub: str | None = None  # the module's `.pyi` stub (typed op signatures)


@dataclass(frozen=True)
class Project:
    """A directory with a `[tool.linalg-ods-gen]` configuration."""

    root: Path
    libraries: tuple[Library, ...]


def _error(message: str, config: Path, line: int = 0, column: int = 0) -> DiagnosticError:
    return DiagnosticError(Diagnostic(message, str(config), line, column))


def _key_line(text: str, key: str, index: int) -> int:
    """The line of the `index`-th `key =` in the config text (0 if not found)."""
    hits = [m.start() for m in re.finditer(rf"(?m)^\s*\"?{re.escape(key)}\"?\s*=", text)]
    if index < len(hits):
        return text.count("\n", 0, hits[index]) + 1
    return 0


def _relative(value: object, what: str, config: Path, line: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _error(f"{what} must be a non-empty path string", config, line)
    path = Path(value)
    if path.is_absolute() or ".." in path.parts:
        raise _error(f"{what} '{value}' must be a path inside the project", config, line)
    return path.as_posix()


def load_project(root: Path) -> Project:
    """The project configured in `root/pyproject.toml` (DiagnosticError if none or malformed)."""
    config = root / CONFIG_FILE
    try:
        text = config.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _error(
            f"no {CONFIG_FILE} here: nothing is configured for `linalg-ods-gen check`", config
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _error(f"cannot read file: {getattr(exc, 'strerror', None) or exc}", config) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        raise _error(f"invalid TOML: {str(exc).split(' (at line')[0]}", config, line, col) from None
    table: Any = data.get("tool", {}).get(TABLE)
    if table is None:
        raise _error(
            f"no [tool.{TABLE}] table: nothing is configured for `linalg-ods-gen check` "
            f"(add [[tool.{TABLE}.library]] entries naming source, yaml and module)",
            config,
        )
    if not isinstance(table, dict):
        raise _error(f"[tool.{TABLE}] must be a table", config)
    unknown = sorted(set(table) - {"library"})
    if unknown:
        raise _error(
            f"unknown key '{unknown[0]}' in [tool.{TABLE}]; expected [[tool.{TABLE}.library]]",
            config,
            _key_line(text, unknown[0], 0),
        )
    entries = table.get("library", [])
    if not isinstance(entries, list) or not entries:
        raise _error(f"[tool.{TABLE}] lists no library ([[tool.{TABLE}.library]])", config)
    libraries = []
    for i, entry in enumerate(entries):
        where = f"library {i + 1}"
        line = _key_line(text, "source", i)
        if not isinstance(entry, dict):
            raise _error(f"{where} of [tool.{TABLE}] must be a table", config)
        for key in entry:
            if key not in _KEYS:
                raise _error(
                    f"unknown key '{key}' in {where}; expected one of: {', '.join(_KEYS)}",
                    config,
                    line,
                )
        for key in ("source", "yaml"):
            if key not in entry:
                raise _error(f"{where} has no '{key}'", config, line)
        paths = {k: _relative(v, f"'{k}' of {where}", config, line) for k, v in entry.items()}
        if front_end_of(paths["source"]) is FrontEnd.YAML:
            raise _error(
                f"'source' of {where} must be an OpDSL .py file or a TC .tc file, "
                f"not '{paths['source']}'",
                config,
                line,
            )
        if "stub" in paths and "module" not in paths:
            raise _error(f"'stub' of {where} types a module: give 'module' too", config, line)
        libraries.append(
            Library(
                paths["source"],
                paths["yaml"],
                paths.get("module"),
                paths.get("ods-decl"),
                paths.get("ods-impl"),
                paths.get("doc"),
                paths.get("stub"),
            )
        )
    outputs = [
        p
        for lib in libraries
        for p in (lib.yaml, lib.module, lib.stub, lib.ods_decl, lib.ods_impl)
        if p
    ]
    twice = sorted({p for p in outputs if outputs.count(p) > 1})
    if twice:
        raise _error(f"'{twice[0]}' is generated by two entries", config)
    return Project(root, tuple(libraries))


def find_project(start: str | os.PathLike[str] | None = None) -> Project:
    """The project of `start` (exactly that directory) or, by default, of the nearest
    directory at or above the cwd holding a pyproject.toml. Never another tree."""
    if start is not None:
        return load_project(Path(start).resolve())
    cwd = Path.cwd().resolve()
    for path in (cwd, *cwd.parents):
        if (path / CONFIG_FILE).is_file():
            return load_project(path)
    raise _error(
        f"no {CONFIG_FILE} in this directory or above: nothing is configured for "
        "`linalg-ods-gen check`",
        cwd,
    )


def find_repo_root(start: str | os.PathLike[str] | None = None) -> Path:
    """The root of the project containing `start` (see `find_project`)."""
    return find_project(start).root


def regenerate(project: Project | Path) -> list[GeneratedFile]:
    """Fresh text of every generated file: source -> YAML -> module and ODS pair.

    Modules and ODS are generated from the fresh YAML (not the one on disk), so a
    stale YAML can never hide a stale module.
    """
    from linalg_odsgen.codegen import generate_module
    from linalg_odsgen.codegen.stub import generate_stub
    from linalg_odsgen.ods import generate as generate_ods
    from linalg_odsgen.ods.reading import read_library
    from linalg_odsgen.sources import read, read_source
    from linalg_odsgen.yaml_io import dump_library

    if isinstance(project, Path):
        project = load_project(project)
    root = project.root
    out: list[GeneratedFile] = []
    for lib in project.libraries:
        source = root / lib.source
        # TC diagnostics name the file as configured; OpDSL ones its path (frames carry it).
        name = lib.source if front_end_of(lib.source) is FrontEnd.TC else str(source)
        library, _ = read(read_source(str(source), allow_python=True), name)
        yaml_text = dump_library(library.ops)
        out.append(GeneratedFile(lib.yaml, yaml_text))
        if lib.module:
            text = generate_module(library, lib.yaml, lib.module, lib.stub)
            out.append(GeneratedFile(lib.module, text))
        if lib.module and lib.stub:
            out.append(
                GeneratedFile(lib.stub, generate_stub(library, lib.yaml, lib.module, lib.stub))
            )
        if lib.ods_decl or lib.ods_impl:
            ods = generate_ods(read_library(yaml_text, lib.yaml)[0], lib.yaml)
            if lib.ods_decl:
                out.append(GeneratedFile(lib.ods_decl, ods.decl))
            if lib.ods_impl:
                out.append(GeneratedFile(lib.ods_impl, ods.impl))
        if lib.doc:
            out += _doc_files(yaml_text, lib.yaml, lib.doc)
    return out


def _doc_files(yaml_text: str, yaml_path: str, doc_dir: str) -> list[GeneratedFile]:
    """gen-doc's Markdown page of the library and its pictures, as `gen-doc YAML -o DOC`
    run from the project root writes them."""
    from linalg_odsgen.docgen import page_title, render_library
    from linalg_odsgen.validation import load_valid_library

    library = load_valid_library(yaml_text, yaml_path)
    docs = render_library(library, page_title(yaml_path), yaml_path, "md")
    return [GeneratedFile(f"{doc_dir}/{d.path}", d.text) for d in docs]


def stale(project: Project | Path) -> list[tuple[GeneratedFile, str | None]]:
    """Generated files whose disk text differs from the fresh one, with the disk text."""
    root = project.root if isinstance(project, Project) else project
    result = []
    for f in regenerate(project):
        current = f.current(root)
        if current != f.text:
            result.append((f, current))
    return result


__all__ = [
    "GeneratedFile",
    "Library",
    "Project",
    "find_project",
    "find_repo_root",
    "load_project",
    "regenerate",
    "stale",
]
