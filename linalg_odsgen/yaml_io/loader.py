"""Safe, position-keeping loading of op-config YAML streams.

Op configs come from files people edit and from tools we do not control, so
loading never constructs arbitrary objects and stays bounded on hostile input:
the plain tree is built here from the parser's event stream (no recursion, a
depth limit), aliases are refused (no expansion bombs), and only the standard
scalar/collection tags plus the Linalg op-config tags are accepted. Every node
keeps its 1-based source position, keyed by its YAML path, so later stages
(converter, validator) can point at the exact line and column of a mistake.

Decisions for edge cases:

- A UTF-8 byte order mark at the start is accepted and stripped; bytes that are
  not UTF-8 are reported at the line/column of the first bad byte.
- An empty stream (nothing, or only comments) yields no documents; a document
  that is present but empty or null (e.g. a bare `---`) is an error.
- Mapping keys are taken as their source text (`1:` is the key `"1"`); complex
  keys (mappings or sequences as keys) and duplicate keys are errors.
- Implicitly typed scalars resolve as YAML 1.1 (PyYAML's safe resolver) to
  null/bool/int/float; anything else, timestamps included, stays a string.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import yaml
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, SourcePos
from linalg_odsgen.yaml_io.llvm_folding import llvm_folded_scalar

# Where a node sits in a document: the mapping keys and sequence indices from its root
# (`("structured_op", "args", 0)`); diagnostics print it as `structured_op.args[0]`.
NodePath = tuple[str | int, ...]

#: Deepest nesting of mappings/sequences accepted (the upstream core library needs < 40).
MAX_DEPTH = 256
#: Longest scalar text accepted as a number (YAML 1.1 sexagesimal ints cost quadratic time).
MAX_NUMBER_LENGTH = 200

YAML_TAG_PREFIX = "tag:yaml.org,2002:"
STR_TAG = YAML_TAG_PREFIX + "str"
INT_TAG = YAML_TAG_PREFIX + "int"
FLOAT_TAG = YAML_TAG_PREFIX + "float"
BOOL_TAG = YAML_TAG_PREFIX + "bool"
NULL_TAG = YAML_TAG_PREFIX + "null"
MAP_TAG = YAML_TAG_PREFIX + "map"
SEQ_TAG = YAML_TAG_PREFIX + "seq"

#: The tags of MLIR's op-config format, in document order.
LINALG_TAGS: tuple[str, ...] = (
    "!LinalgOpConfig",
    "!LinalgOpMetadata",
    "!LinalgStructuredOpConfig",
    "!LinalgOperandDefConfig",
    "!LinalgIndexingMapsConfig",
    "!ScalarAssign",
    "!ScalarExpression",
)

_SCALAR_TAGS = frozenset({STR_TAG, INT_TAG, FLOAT_TAG, BOOL_TAG, NULL_TAG})

# Characters YAML forbids in a stream (C0/C1 controls except TAB/LF/CR/NEL, surrogates, FFFE/FFFF).
_FORBIDDEN_CHAR = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)

_RESOLVER = Resolver()
_CONSTRUCTOR = SafeConstructor()
# Resolved values of short plain scalars; op configs repeat the same few words a lot.
_PLAIN_CACHE: dict[str, object] = {}
_PLAIN_CACHE_LIMIT = 4096

try:  # libyaml's parser is ~15x faster; the pure-Python one yields the same events.
    _ParserLoader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _ParserLoader = yaml.SafeLoader


def expected_tag(path: NodePath) -> str | None:
    """The Linalg tag the node at `path` carries in a well-formed op config (None: no tag)."""
    n = len(path)
    if n == 0:
        return "!LinalgOpConfig"
    if path == ("metadata",):
        return "!LinalgOpMetadata"
    if path[0] != "structured_op":
        return None
    if n == 1:
        return "!LinalgStructuredOpConfig"
    if n == 2:
        return "!LinalgIndexingMapsConfig" if path[1] == "indexing_maps" else None
    if not isinstance(path[2], int):
        return None
    if path[1] == "args":
        return "!LinalgOperandDefConfig" if n == 3 else None
    if path[1] != "assignments":
        return None
    if n == 3:
        return "!ScalarAssign"
    if path[3] != "value":
        return None
    # value, then (scalar_fn, operands, i) repeated
    rest = path[4:]
    if len(rest) % 3:
        return None
    for i in range(0, len(rest), 3):
        if rest[i] != "scalar_fn" or rest[i + 1] != "operands" or not isinstance(rest[i + 2], int):
            return None
    return "!ScalarExpression"


def format_path(path: NodePath) -> str:
    """Dotted form of a YAML path for diagnostics: `structured_op.args[2].kind`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def display_tag(tag: str) -> str:
    """A tag as a user writes it (`!!int` for the standard ones)."""
    if tag.startswith(YAML_TAG_PREFIX):
        return "!!" + tag[len(YAML_TAG_PREFIX) :]
    return tag


@dataclass(frozen=True)
class LoadedDocument:
    """One YAML document as a plain tree plus where each node came from."""

    file: str
    index: int
    data: Any
    tags: Mapping[NodePath, str]
    positions: Mapping[NodePath, SourcePos]
    key_positions: Mapping[NodePath, SourcePos]
    #: Scalars whose value is not a verbatim slice of their first source line
    #: (quoted, block or folded over several lines): text offsets do not map to columns.
    reflowed: frozenset[NodePath] = field(default_factory=frozenset)

    def pos(self, path: NodePath) -> SourcePos:
        """Position of the node at `path`, or of its nearest known ancestor."""
        for cut in range(len(path), -1, -1):
            found = self.positions.get(path[:cut])
            if found is not None:
                return found
        return SourcePos(self.file, 1, 1)

    def key_pos(self, path: NodePath) -> SourcePos:
        """Position of the key holding `path` (falls back to the node's position)."""
        found = self.key_positions.get(path)
        return found if found is not None else self.pos(path)

    def offset_pos(self, path: NodePath, offset: int) -> SourcePos:
        """Position of character `offset` of the scalar at `path` (its start when unmappable)."""
        start = self.pos(path)
        if path in self.positions and path not in self.reflowed and offset >= 0:
            return SourcePos(start.file, start.line, start.column + offset)
        return start

    def op_name(self) -> str | None:
        """`metadata.name` when it is a string: lets every diagnostic name its op."""
        data = self.data
        if isinstance(data, dict):
            meta = data.get("metadata")
            if isinstance(meta, dict):
                name = meta.get("name")
                if isinstance(name, str):
                    return name
        return None


def decode_source(source: bytes | str, file: str) -> str:
    """UTF-8 text without a leading BOM; bad bytes and forbidden characters are diagnosed."""
    if isinstance(source, bytes):
        if source.startswith(b"\xef\xbb\xbf"):
            source = source[3:]
        try:
            text = source.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = source.count(b"\n", 0, exc.start) + 1
            line_start = source.rfind(b"\n", 0, exc.start) + 1
            prefix = source[line_start : exc.start].decode("utf-8", errors="replace")
            raise DiagnosticError(
                Diagnostic(
                    f"file is not valid UTF-8: byte 0x{source[exc.start]:02x} "
                    f"cannot start or continue a character (op configs are UTF-8 text)",
                    file,
                    line,
                    len(prefix) + 1,
                )
            ) from None
    else:
        text = source
        if text.startswith("\ufeff"):
            text = text[1:]
    bad = _FORBIDDEN_CHAR.search(text)
    if bad is not None:
        line, column = _line_col(text, bad.start())
        raise DiagnosticError(
            Diagnostic(
                f"character U+{ord(bad.group()):04X} is not allowed in YAML "
                "(control characters must be escaped in a double-quoted string)",
                file,
                line,
                column,
            )
        )
    return text


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _type_name(value: object) -> str:
    if isinstance(value, dict):
        return "mapping"
    if isinstance(value, list):
        return "sequence"
    return "scalar"


class PositionMap(Mapping[NodePath, SourcePos]):
    """Node positions packed as `line << 32 | column` ints: a 20 MB stream has ~1M nodes."""

    __slots__ = ("_file", "_packed")

    def __init__(self, file: str, packed: dict[NodePath, int]) -> None:
        self._file = file
        self._packed = packed

    def __getitem__(self, path: NodePath) -> SourcePos:
        packed = self._packed[path]
        return SourcePos(self._file, packed >> 32, packed & 0xFFFFFFFF)

    def get(self, path: NodePath, default: Any = None) -> Any:
        packed = self._packed.get(path)
        if packed is None:
            return default
        return SourcePos(self._file, packed >> 32, packed & 0xFFFFFFFF)

    def __contains__(self, path: object) -> bool:
        return path in self._packed

    def __iter__(self) -> Iterator[NodePath]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)

    def __repr__(self) -> str:
        return f"PositionMap({dict(self)!r})"


# A block scalar header with an indentation indicator (`|2`, `>-1`, `|+3`).
_INDENT_INDICATOR = re.compile(r"[|>][+-]?[1-9]")


class _Frame:
    """An open mapping or sequence while its events stream in."""

    __slots__ = ("container", "discard", "is_map", "key", "key_pos", "path")

    def __init__(
        self, container: dict[str, Any] | list[Any], path: NodePath, discard: bool, is_map: bool
    ) -> None:
        self.container = container
        self.path = path
        self.is_map = is_map
        self.discard = discard  # inside the value of a duplicate key: parsed, then dropped
        self.key: str | None = None
        self.key_pos = 0  # packed position of `key`; 0 for the value of a duplicate key


class _DocumentBuilder:
    """Turns one document's events into a `LoadedDocument`, collecting soft errors."""

    def __init__(
        self, file: str, index: int, start: SourcePos, *, llvm_source: str | None = None
    ) -> None:
        self.llvm_source = llvm_source  # the stream's text when reading as LLVM does
        self.file = file
        self.index = index
        self.start = start
        self.tags: dict[NodePath, str] = {}
        self.positions: dict[NodePath, int] = {}
        self.key_positions: dict[NodePath, int] = {}
        self.reflowed: set[NodePath] = set()
        self.errors: list[Diagnostic] = []

    def _error(self, packed: int, message: str) -> None:
        self.errors.append(Diagnostic(message, self.file, packed >> 32, packed & 0xFFFFFFFF))

    def _fatal(self, packed: int, message: str) -> DiagnosticError:
        self._error(packed, message)
        return DiagnosticError(self.errors)

    def _check_tag(self, tag: str, path: NodePath, pos: int, kind: str, *, record: bool) -> None:
        """Record an explicit tag, refusing anything outside the op-config vocabulary."""
        if tag == "!":
            return
        if record:
            self.tags[path] = tag
        if self.llvm_source is not None:
            return  # LLVM's reader ignores tags; the schema stage reports Linalg tag mismatches
        allowed = {"scalar": _SCALAR_TAGS, "mapping": {MAP_TAG}, "sequence": {SEQ_TAG}}[kind]
        if tag in allowed:
            return
        expected = expected_tag(path)
        if kind == "mapping" and tag == expected:
            return
        where = format_path(path) or "the document root"
        if tag in LINALG_TAGS:
            if kind != "mapping":
                self._error(pos, f"tag {tag} is not allowed on a {kind}; it tags a mapping")
            elif expected is None:
                self._error(pos, f"tag {tag} is not allowed at {where}; expected no tag here")
            else:
                self._error(pos, f"tag {tag} is not allowed at {where}; expected {expected}")
            return
        hint = f"expected {expected}" if expected else "op configs use no tag here"
        self._error(
            pos,
            f"tag {display_tag(tag)} is refused: only the Linalg op-config tags and the "
            f"standard YAML tags are allowed ({hint})",
        )

    def _scalar_value(self, event: Any, pos: int) -> object:
        value: str = event.value
        if self.llvm_source is not None:
            if event.style in ("|", ">"):
                raw = self.llvm_source[event.start_mark.index : event.end_mark.index]
                if _INDENT_INDICATOR.match(raw):
                    self._error(
                        pos,
                        "block scalar with an indentation indicator: LLVM's YAML reader (and "
                        "so mlir-linalg-ods-yaml-gen) misreads it; write the scalar without one",
                    )
                if event.style == ">":
                    return llvm_folded_scalar(raw, value)
            elif not event.style and value == "":
                return None  # an empty value: a list reader takes it as [], others refuse it
            return value
        tag = event.tag
        if tag is None and event.implicit[0]:
            short = len(value) <= 32
            if short:
                cached = _PLAIN_CACHE.get(value, _PLAIN_CACHE)
                if cached is not _PLAIN_CACHE:
                    return cached
            tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))
            result = self._construct(tag, value, pos, explicit=False)
            if short and len(_PLAIN_CACHE) < _PLAIN_CACHE_LIMIT and not self.errors:
                _PLAIN_CACHE[value] = result
            return result
        if tag is None or tag == "!" or tag == STR_TAG:
            return value
        if tag in _SCALAR_TAGS:
            return self._construct(tag, value, pos, explicit=True)
        return value  # refused tag, reported by _check_tag; keep the text

    def _construct(self, tag: str, value: str, pos: int, *, explicit: bool) -> object:
        if tag not in (NULL_TAG, BOOL_TAG, INT_TAG, FLOAT_TAG):
            return value  # str, and timestamps/merge/value keys which op configs never use
        if tag in (INT_TAG, FLOAT_TAG) and len(value) > MAX_NUMBER_LENGTH:
            self._error(
                pos,
                f"number literal is too long ({len(value)} characters; at most "
                f"{MAX_NUMBER_LENGTH}); quote it if it is meant as a string",
            )
            return value
        node = yaml.ScalarNode(tag, value)
        try:
            if tag == NULL_TAG:
                if explicit and value not in ("", "~", "null", "Null", "NULL"):
                    raise ValueError(value)
                return None
            if tag == BOOL_TAG:
                return _CONSTRUCTOR.construct_yaml_bool(node)
            if tag == INT_TAG:
                return _CONSTRUCTOR.construct_yaml_int(node)
            return _CONSTRUCTOR.construct_yaml_float(node)
        except (ValueError, KeyError, TypeError, OverflowError):
            self._error(pos, f"{value!r} is not a valid {display_tag(tag)} value")
            return value

    def _key(self, frame: _Frame, event: Any, pos: int) -> None:
        """A scalar in key position of a mapping: check it and wait for its value."""
        if not isinstance(event, yaml.ScalarEvent):
            raise self._fatal(pos, "mapping keys must be plain scalars, not mappings or sequences")
        if event.tag not in (None, "!", STR_TAG):
            self._error(pos, f"tag {display_tag(event.tag)} is not allowed on a key")
        key = event.value
        frame.key = key
        if key in frame.container:
            where = format_path(frame.path) or "the document root"
            first = self.key_positions.get((*frame.path, key))
            first_at = f" (first at line {first >> 32})" if first else ""
            self._error(pos, f"duplicate key '{key}' in {where}{first_at}")
            frame.key_pos = 0
        else:
            frame.key_pos = pos

    def build(self, get_event: Callable[[], Any]) -> LoadedDocument:
        """Consume events up to and including the DocumentEndEvent."""
        stack: list[_Frame] = []
        positions = self.positions
        key_positions = self.key_positions
        root: Any = None
        while True:
            event = get_event()
            cls = type(event)
            if cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
                stack.pop()
                continue
            if cls is yaml.DocumentEndEvent:
                break
            mark = event.start_mark
            pos = (mark.line + 1) << 32 | (mark.column + 1)
            if cls is yaml.AliasEvent:
                raise self._fatal(
                    pos,
                    f"aliases are not allowed in op configs (*{event.anchor}); "
                    "write the value out in full",
                )
            frame = stack[-1] if stack else None
            if frame is not None and frame.is_map and frame.key is None:
                self._key(frame, event, pos)
                continue
            # A value: work out its path and whether it is kept.
            if frame is None:
                path: NodePath = ()
                discard = False
            elif frame.is_map:
                path = (*frame.path, frame.key)  # type: ignore[arg-type]
                discard = frame.discard or not frame.key_pos
            else:
                path = (*frame.path, len(frame.container))
                discard = frame.discard
            tag = event.tag
            if cls is yaml.ScalarEvent:
                if tag is not None:
                    self._check_tag(tag, path, pos, "scalar", record=not discard)
                value: Any = _PLAIN_CACHE.get(event.value, _PLAIN_CACHE)
                if (
                    value is _PLAIN_CACHE
                    or tag is not None
                    or not event.implicit[0]
                    or self.llvm_source is not None
                ):
                    value = self._scalar_value(event, pos)
                if not discard:
                    positions[path] = pos
                    if event.style or event.end_mark.line != mark.line:
                        self.reflowed.add(path)
            elif cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent:
                if len(stack) >= MAX_DEPTH:
                    raise self._fatal(
                        pos, f"nesting is deeper than {MAX_DEPTH} levels; op configs are shallower"
                    )
                is_map = cls is yaml.MappingStartEvent
                value = {} if is_map else []
                if tag is not None:
                    kind = "mapping" if is_map else "sequence"
                    self._check_tag(tag, path, pos, kind, record=not discard)
                if not discard:
                    positions[path] = pos
            else:  # the parser emits nothing else inside a document
                raise self._fatal(pos, f"unexpected YAML event {cls.__name__}")
            if frame is None:
                root = value
            elif frame.is_map:
                if frame.key_pos:
                    # A map frame holds a dict, and `_key` set its key.
                    cast("dict[str, Any]", frame.container)[cast(str, frame.key)] = value
                    if not discard:
                        key_positions[path] = frame.key_pos
                frame.key = None
            else:
                frame.container.append(value)  # type: ignore[union-attr]
            if cls is not yaml.ScalarEvent:
                stack.append(_Frame(value, path, discard, cls is yaml.MappingStartEvent))
        if root is None and self.llvm_source is None:  # LLVM's reader skips it
            start = self.start
            self._error(
                start.line << 32 | start.column,
                "empty document: expected a `--- !LinalgOpConfig` mapping",
            )
        return LoadedDocument(
            file=self.file,
            index=self.index,
            data=root,
            tags=self.tags,
            positions=PositionMap(self.file, positions),
            key_positions=PositionMap(self.file, key_positions),
            reflowed=frozenset(self.reflowed),
        )


def _too_deep_flow(text: str) -> tuple[int, int]:
    """Line and column of the first flow bracket that opens level MAX_DEPTH + 1."""
    depth = 0
    quote = ""
    line, column = 1, 0
    for ch in text:
        column += 1
        if ch == "\n":
            line, column = line + 1, 0
        elif quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line, column
        elif ch in "]}":
            depth -= 1
    return 0, 0


def _yaml_error(exc: yaml.YAMLError, file: str, text: str) -> Diagnostic:
    """A diagnostic from a PyYAML/libyaml error, positioned at its problem mark."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "invalid YAML"
        if "maximum nesting depth" in problem:  # libyaml's own limit, hit while scanning ahead
            line, column = _too_deep_flow(text)
            return Diagnostic(
                f"nesting is deeper than {MAX_DEPTH} levels; op configs are shallower",
                file,
                line,
                column,
            )
        message = f"invalid YAML: {problem}"
        if exc.context:
            message += f" ({exc.context})"
        if mark is None:
            return Diagnostic(message, file)
        line, column = mark.line + 1, mark.column + 1
        if "\t" in _source_line(text, mark.index, mark.column)[: column + 1]:
            message += "; tabs cannot indent YAML, use spaces"
        return Diagnostic(message, file, line, column)
    if isinstance(exc, yaml.reader.ReaderError):
        return Diagnostic(f"invalid YAML input: {exc.reason}", file)
    return Diagnostic(f"invalid YAML: {exc}", file)


def _source_line(text: str, index: int, column: int) -> str:
    """The source line holding character `index` (libyaml counts characters)."""
    start = max(index - column, 0)
    end = text.find("\n", start)
    return text[start : end if end >= 0 else len(text)]


def load_documents(
    source: bytes | str, file: str = "<input>", *, llvm_scalars: bool = False
) -> list[LoadedDocument]:
    """Every document of a YAML stream as a plain tree with positions and tags.

    With `llvm_scalars` every scalar stays its text and tags are recorded but
    never refused, as LLVM's YAML reader (and so `mlir-linalg-ods-yaml-gen`)
    treats them; the caller then reads numbers the way LLVM does.

    Raises `DiagnosticError` with all problems found when the stream is not
    loadable (syntax, encoding, refused tags, aliases, duplicate keys, depth).
    """
    text = decode_source(source, file)
    loader = _ParserLoader(text)
    docs: list[LoadedDocument] = []
    errors: list[Diagnostic] = []
    try:
        get_event = loader.get_event
        while loader.check_event():
            event = get_event()
            if not isinstance(event, yaml.DocumentStartEvent):
                continue  # stream start/end
            start = SourcePos(file, event.start_mark.line + 1, event.start_mark.column + 1)
            builder = _DocumentBuilder(
                file, len(docs), start, llvm_source=text if llvm_scalars else None
            )
            doc = builder.build(get_event)
            errors.extend(builder.errors)
            docs.append(doc)
    except DiagnosticError as err:
        raise DiagnosticError([*errors, *err.diagnostics]) from None
    except yaml.YAMLError as exc:
        raise DiagnosticError([*errors, _yaml_error(exc, file, text)]) from None
    except RecursionError:  # pragma: no cover - the builder does not recurse
        raise DiagnosticError([*errors, Diagnostic("YAML nesting is too deep", file)]) from None
    finally:
        loader.dispose()
    if errors:
        raise DiagnosticError(errors)
    return docs


def describe(value: object) -> str:
    """A YAML-ish name of a plain-tree value's type, for 'expected X, got Y' messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    return _type_name(value)
