"""JSON Schema and tag checks of one op-config document, with human messages.

The schema (`linalg_odsgen/schemas/op_config.schema.json`, shipped as `linalg_odsgen.schemas`)
is the declarative contract; this module runs it and turns jsonschema's
errors into diagnostics a compiler engineer can act on ("unknown field
'kindd' in operand definition"), positioned through the document's source
positions. Scalar expression trees are validated node by node with a memo, so
validating a whole op library stays fast.
"""

from __future__ import annotations

import copy
import difflib
import functools
import importlib.resources
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import jsonschema

from linalg_odsgen.diagnostics import Diagnostic, SourcePos
from linalg_odsgen.yaml_io.loader import NodePath, display_tag, expected_tag, format_path

if TYPE_CHECKING:
    from linalg_odsgen.yaml_io import LoadedDocument


SCHEMA_PACKAGE = "linalg_odsgen.schemas"
SCHEMA_FILE = "op_config.schema.json"

# Definitions that are recursive; every other `$ref` is inlined for speed.
_RECURSIVE_DEFS = frozenset({"scalar_expression", "scalar_fn"})
_IDENTIFIER_DEF = "identifier"
_AFFINE_MAP_DEF = "affine_map"

_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "a boolean",
    "null": "null",
}

# The nodes `describe` names by their role rather than as "field 'x'".
_NODE_NAMES = frozenset(
    {
        "op config",
        "op metadata",
        "structured op config",
        "operand definition",
        "indexing maps config",
        "scalar assignment",
        "scalar expression",
        "scalar function",
    }
)

# What an enum-valued field holds, for "'x' is not a valid <noun>" messages.
_ENUM_NOUNS = {
    ("operand definition", "kind"): "operand kind",
    ("scalar function", "kind"): "function kind",
    ("structured op config", "iterator_types"): "iterator type",
}


@dataclass(frozen=True)
class SchemaFinding:
    """One schema violation: the YAML path it concerns and a human message.

    `at_key` says the position is that of the mapping key at `path` (unknown
    and forbidden fields), not of its value.
    """

    path: NodePath
    message: str
    at_key: bool = False


@functools.cache
def load_schema() -> dict[str, Any]:
    """The op-config JSON Schema as shipped in the package."""
    text = importlib.resources.files(SCHEMA_PACKAGE).joinpath(SCHEMA_FILE).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """Replace non-recursive `$ref`s by their targets: jsonschema's ref lookup is slow."""
    defs = schema["$defs"]

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and len(node) == 1:
                name = ref.rsplit("/", 1)[-1]
                if name not in _RECURSIVE_DEFS:
                    return walk(defs[name])
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return walk(schema)


@dataclass(frozen=True)
class _Validators:
    document: jsonschema.protocols.Validator
    operand: jsonschema.protocols.Validator
    expression: jsonschema.protocols.Validator
    identifier_pattern: str
    affine_pattern: str


@functools.cache
def _validators() -> _Validators:
    """Compiled validators: the document with operands and expressions stubbed out,
    one operand definition, and one expression node.

    Validating operands and expression nodes on their own (an expression's
    operands only checked to be mappings) lets identical ones, which abound in
    op libraries, be checked once.
    """
    schema = load_schema()
    cls = jsonschema.validators.validator_for(schema)
    defs = schema["$defs"]

    doc_schema = copy.deepcopy(schema)
    doc_schema["$defs"]["scalar_expression"] = {"type": "object"}
    doc_schema["$defs"]["scalar_fn"] = {"type": "object"}
    doc_schema["$defs"]["operand_def"] = {"type": "object"}
    operand_schema = {"$defs": schema["$defs"], **copy.deepcopy(defs["operand_def"])}

    node_schema = copy.deepcopy(defs["scalar_expression"])
    fn_schema = copy.deepcopy(defs["scalar_fn"])
    fn_schema["properties"]["operands"]["items"] = {"type": "object"}
    node_schema["properties"]["scalar_fn"] = fn_schema
    node_schema = {"$defs": schema["$defs"], **node_schema}

    return _Validators(
        document=cls(_inline_refs(doc_schema)),
        operand=cls(_inline_refs(operand_schema)),
        expression=cls(_inline_refs(node_schema)),
        identifier_pattern=defs[_IDENTIFIER_DEF]["pattern"],
        affine_pattern=defs[_AFFINE_MAP_DEF]["pattern"],
    )


# ---------------------------------------------------------------------------
# Describing paths


def describe(path: NodePath) -> str:
    """What the node at `path` of an op-config document is, in words."""
    n = len(path)
    if n == 0:
        return "op config"
    if path == ("metadata",):
        return "op metadata"
    if path == ("structured_op",):
        return "structured op config"
    if n == 3 and path[:2] == ("structured_op", "args") and isinstance(path[2], int):
        return "operand definition"
    if path == ("structured_op", "indexing_maps"):
        return "indexing maps config"
    if n == 3 and path[:2] == ("structured_op", "assignments") and isinstance(path[2], int):
        return "scalar assignment"
    if n >= 4 and path[:2] == ("structured_op", "assignments"):
        if path[-1] == "value" or (isinstance(path[-1], int) and path[-2] == "operands"):
            return "scalar expression"
        if path[-1] == "scalar_fn":
            return "scalar function"
    return "field " + repr(path[-1]) if not isinstance(path[-1], int) else "list element"


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    if value is None:
        return "null"
    return type(value).__name__


def _get(data: object, path: NodePath) -> object:
    node = data
    for part in path:
        in_list = isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node)
        if not (in_list or (isinstance(node, Mapping) and part in node)):
            return None
        node = node[part]  # type: ignore[index]
    return node


def _short(value: object, limit: int = 60) -> str:
    text = repr(value) if not isinstance(value, str) else "'" + value + "'"
    return text if len(text) <= limit else text[: limit - 4] + "...'"


# ---------------------------------------------------------------------------
# Humanizing jsonschema errors


def _field_owner(path: NodePath) -> tuple[NodePath, str | int | None]:
    """Split a path to a value into the path of the mapping that holds it and its key.

    List elements (e.g. one iterator type) belong to the list's field.
    """
    if not path:
        return (), None
    if isinstance(path[-1], int) and len(path) >= 2 and not isinstance(path[-2], int):
        return path[:-2], path[-2]
    return path[:-1], path[-1]


def _kind_suffix(data: object, mapping_path: NodePath, schema_path: list[object]) -> str:
    if "then" not in schema_path:
        return ""
    kind = _get(data, (*mapping_path, "kind"))
    return f" of kind '{kind}'" if isinstance(kind, str) else ""


def _humanize(
    error: jsonschema.ValidationError, data: object, prefix: NodePath
) -> list[SchemaFinding]:
    v = _validators()
    path: NodePath = prefix + tuple(error.absolute_path)
    instance = error.instance
    validator = error.validator
    schema_path = list(error.schema_path)

    if validator == "required":
        owner = describe(path)
        missing_key = _missing_key_of(error)
        if missing_key is None:
            missing = [
                k
                for k in error.validator_value
                if not (isinstance(instance, Mapping) and k in instance)
            ]
            missing_key = missing[0] if missing else "?"
        suffix = _kind_suffix(data, path, schema_path)
        return [SchemaFinding(path, f"missing required field '{missing_key}' in {owner}{suffix}")]

    if validator == "additionalProperties" and isinstance(instance, Mapping):
        allowed = sorted(error.schema.get("properties", {}))
        owner = describe(path)
        findings = []
        for key in instance:
            if key in allowed:
                continue
            msg = f"unknown field '{key}' in {owner}"
            close = difflib.get_close_matches(str(key), allowed, n=1)
            msg += (
                f"; did you mean '{close[0]}'?"
                if close
                else f"; expected one of: {', '.join(allowed)}"
            )
            findings.append(SchemaFinding((*path, key), msg, at_key=True))
        return findings

    if validator == "not":
        mapping_path, key = _field_owner(path)
        owner = describe(mapping_path)
        kind = _get(data, (*mapping_path, "kind"))
        if owner == "scalar function":
            msg = f"field '{key}' is only allowed in type functions, not in a '{kind}' function"
        else:
            msg = f"field '{key}' is not allowed in an {owner} of kind '{kind}'"
        return [SchemaFinding(path, msg, at_key=True)]

    if validator == "oneOf" and all(
        isinstance(s, Mapping) and list(s) == ["required"] for s in error.validator_value
    ):
        keys = [s["required"][0] for s in error.validator_value]
        # In source order (mappings keep it), so a second key is the one to point at.
        present = [k for k in instance if k in keys] if isinstance(instance, Mapping) else []
        owner = describe(path)
        choices = ", ".join(f"'{k}'" for k in keys)
        if not present:
            return [SchemaFinding(path, f"{owner} needs exactly one of {choices}; found none")]
        found = " and ".join(f"'{k}'" for k in present)
        return [
            SchemaFinding(
                (*path, present[1]),
                f"{owner} needs exactly one of {choices}; found {found}",
                at_key=True,
            )
        ]

    mapping_path, key = _field_owner(path)
    owner = describe(mapping_path)
    if path and isinstance(path[-1], int) and key is not None:
        subject = f"element {path[-1]} of '{key}' in {owner}"
    elif key is not None:
        subject = f"field '{key}' in {owner}"
    else:
        subject = owner

    if validator == "type":
        types = error.validator_value
        names = [types] if isinstance(types, str) else list(types)
        want = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
        if describe(path) in _NODE_NAMES:
            subject = describe(path)  # "operand definition must be a mapping"
        return [SchemaFinding(path, f"{subject} must be {want}, got {_json_type(instance)}")]

    if validator in ("enum", "const"):
        allowed_values = error.validator_value if validator == "enum" else [error.validator_value]
        noun = _ENUM_NOUNS.get((owner, str(key)))
        expected = ", ".join(str(c) for c in allowed_values)
        if noun:
            msg = f"{_short(instance)} is not a valid {noun}; expected one of: {expected}"
        else:
            msg = f"{_short(instance)} is not a valid value for {subject}; expected one of: {expected}"
        return [SchemaFinding(path, msg)]

    if validator == "pattern":
        if error.validator_value == v.identifier_pattern:
            msg = f"{subject} must be an identifier (letters, digits, '_'; not starting with a digit), got {_short(instance)}"
        elif error.validator_value == v.affine_pattern:
            msg = f"{subject} must be an affine map 'affine_map<(d0, ...)[s0, ...] -> (...)>', got {_short(instance)}"
        else:
            msg = f"{subject} does not match '{error.validator_value}', got {_short(instance)}"
        return [SchemaFinding(path, msg)]

    if validator == "minItems":
        n = error.validator_value
        want = "must not be empty" if n == 1 else f"must have at least {n} elements"
        return [SchemaFinding(path, f"{subject} {want}")]
    if validator == "minLength":
        return [SchemaFinding(path, f"{subject} must not be empty")]
    if validator == "minimum":
        return [
            SchemaFinding(
                path, f"{subject} must be at least {error.validator_value}, got {instance!r}"
            )
        ]
    return [SchemaFinding(path, f"{subject}: {error.message}")]


def _missing_key_of(error: jsonschema.ValidationError) -> str | None:
    """The key a `required` error is about (jsonschema reports one key per error)."""
    msg = error.message
    if msg.endswith(" is a required property"):
        lit = msg[: -len(" is a required property")]
        if len(lit) >= 2 and lit[0] == lit[-1] and lit[0] in "'\"":
            return lit[1:-1]
    return None


# ---------------------------------------------------------------------------
# Running the schema


def _iter_expressions(data: object) -> Iterator[tuple[NodePath, dict[str, Any]]]:
    """Every scalar expression node of a document tree, with its path (pre-order)."""
    if not isinstance(data, Mapping):
        return
    op = data.get("structured_op")
    if not isinstance(op, Mapping):
        return
    assignments = op.get("assignments")
    if not isinstance(assignments, list):
        return
    stack: list[tuple[NodePath, object]] = []
    for i, assign in reversed(list(enumerate(assignments))):
        if isinstance(assign, Mapping) and "value" in assign:
            stack.append((("structured_op", "assignments", i, "value"), assign["value"]))
    while stack:
        path, node = stack.pop()
        if not isinstance(node, dict):
            continue  # the parent's schema reports a non-mapping operand
        yield path, node
        fn = node.get("scalar_fn")
        if isinstance(fn, Mapping) and isinstance(fn.get("operands"), list):
            operands = fn["operands"]
            for j in range(len(operands) - 1, -1, -1):
                stack.append(((*path, "scalar_fn", "operands", j), operands[j]))


def _iter_operands(data: object) -> Iterator[tuple[NodePath, dict[str, Any]]]:
    """Every operand definition mapping of a document tree, with its path."""
    if not isinstance(data, Mapping):
        return
    op = data.get("structured_op")
    if not isinstance(op, Mapping) or not isinstance(op.get("args"), list):
        return
    for i, arg in enumerate(op["args"]):
        if isinstance(arg, dict):
            yield ("structured_op", "args", i), arg


def _node_key(node: dict[str, Any]) -> str | None:
    """A hashable key of a node without its operand subtrees (None: don't memo)."""
    try:
        shallow: dict[str, Any] = dict(node)
        fn = shallow.get("scalar_fn")
        if isinstance(fn, dict) and isinstance(fn.get("operands"), list):
            fn = dict(fn)
            fn["operands"] = ["<expr>" if isinstance(o, dict) else o for o in fn["operands"]]
            shallow["scalar_fn"] = fn
        return json.dumps(shallow, sort_keys=True, default=repr)
    except (TypeError, ValueError):
        return None


# Keys of operand definitions and expression nodes known to be valid (bounded memo).
_VALID_NODES: set[str] = set()
_MEMO_LIMIT = 100_000


def _memo_findings(
    validator: jsonschema.protocols.Validator,
    nodes: Iterator[tuple[NodePath, dict[str, Any]]],
    data: object,
    tag: str,
) -> list[SchemaFinding]:
    findings: list[SchemaFinding] = []
    for path, node in nodes:
        key = _node_key(node)
        if key is not None:
            key = tag + key
            if key in _VALID_NODES:
                continue
        errors = list(validator.iter_errors(node))
        if not errors and key is not None and len(_VALID_NODES) < _MEMO_LIMIT:
            _VALID_NODES.add(key)
        for error in errors:
            findings.extend(_humanize(error, data, path))
    return findings


def schema_findings(data: object) -> list[SchemaFinding]:
    """All schema violations of one document tree, deduplicated (callers sort by position)."""
    v = _validators()
    findings: list[SchemaFinding] = []
    for error in v.document.iter_errors(data):
        findings.extend(_humanize(error, data, ()))
    findings += _memo_findings(v.operand, _iter_operands(data), data, "operand:")
    findings += _memo_findings(v.expression, _iter_expressions(data), data, "expr:")
    seen: set[tuple[NodePath, str]] = set()
    unique = []
    for f in findings:
        if (f.path, f.message) not in seen:
            seen.add((f.path, f.message))
            unique.append(f)
    return unique


# ---------------------------------------------------------------------------
# Tags


def _tagged_paths(data: object, path: NodePath = ()) -> Iterator[NodePath]:
    """Every path of `data` whose node must carry a tag."""
    if isinstance(data, Mapping) and expected_tag(path) is not None:
        yield path  # a non-mapping there is the schema's to report
    if isinstance(data, Mapping):
        for k, v in data.items():
            if isinstance(k, str | int) and isinstance(v, Mapping | list):
                yield from _tagged_paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            if isinstance(v, Mapping | list):
                yield from _tagged_paths(v, (*path, i))


def tag_findings(data: object, tags: Mapping[NodePath, str]) -> list[SchemaFinding]:
    """Missing and wrong YAML tags of one document.

    The loader already refuses foreign tags and Linalg tags in the wrong place;
    what is left is a node that should carry its tag and does not.
    """
    findings = []
    for path in _tagged_paths(data):
        want = expected_tag(path)
        got = tags.get(path)
        if got is None:
            findings.append(SchemaFinding(path, f"{describe(path)} must be tagged '{want}'"))
        elif got != want:
            findings.append(
                SchemaFinding(
                    path, f"{describe(path)} must be tagged '{want}', not '{display_tag(got)}'"
                )
            )
    return findings


# ---------------------------------------------------------------------------
# Diagnostics


def finding_pos(doc: LoadedDocument, finding: SchemaFinding) -> SourcePos | None:
    if finding.at_key:
        pos = doc.key_positions.get(finding.path)
        if pos is not None:
            return pos
    return doc.pos(finding.path)


def check_document(doc: LoadedDocument) -> list[Diagnostic]:
    """Tag and schema diagnostics of one loaded document."""
    op = doc.op_name()
    out = []
    for finding in [*tag_findings(doc.data, doc.tags), *schema_findings(doc.data)]:
        out.append(
            Diagnostic.at(
                finding_pos(doc, finding),
                finding.message,
                op=op,
                path=format_path(finding.path),
                file=doc.file,
            )
        )
    return out
