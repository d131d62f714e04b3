"""The op-config format reference, read from the JSON Schema the validator uses."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from linalg_odsgen.docgen.reference.text import cell, escape_html
from linalg_odsgen.docgen.templates_env import render


@dataclass(frozen=True)
class FieldRow:
    name: str
    type: str
    required: str
    notes: str


@dataclass(frozen=True)
class Definition:
    anchor: str
    title: str
    description: str
    fields: tuple[FieldRow, ...]
    rules: tuple[str, ...]
    plain: str  # for definitions that are not objects: what the value is


def load() -> dict[str, Any]:
    text = resources.files("linalg_odsgen.schemas").joinpath("op_config.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_text(node: dict[str, Any]) -> str:
    """A field's type in words, with links to the definitions it refers to."""
    if "$ref" in node:
        name = _ref_name(node["$ref"])
        return f"[{name}](#{name})"
    if "enum" in node:
        return "one of " + ", ".join(f"`{v}`" for v in node["enum"])
    if "const" in node:
        return f"`{node['const']}`"
    kind = node.get("type", "any")
    if kind == "array":
        return f"list of {type_text(node.get('items', {}))}"
    return str(kind)


def _notes(node: dict[str, Any]) -> str:
    notes = []
    if "description" in node:
        notes.append(node["description"])
    if "pattern" in node:
        notes.append(f"matches `{node['pattern']}`")
    for key, words in (("minItems", "at least {} item(s)"), ("minimum", "at least {}"),
                       ("minLength", "at least {} character(s)")):  # fmt: skip
        if key in node:
            notes.append(words.format(node[key]))
    return cell("; ".join(notes))


def _condition(node: dict[str, Any]) -> str:
    parts = []
    for name, test in node.get("properties", {}).items():
        if "enum" in test:
            parts.append(f"`{name}` is one of " + ", ".join(f"`{v}`" for v in test["enum"]))
        elif "const" in test:
            parts.append(f"`{name}` is `{test['const']}`")
    return " and ".join(parts)


def _rules(node: dict[str, Any]) -> list[str]:
    rules = []
    for group in ("oneOf", "anyOf"):
        if group in node and all(set(alt) == {"required"} for alt in node[group]):
            names = ", ".join(f"`{alt['required'][0]}`" for alt in node[group])
            rules.append(f"exactly one of {names}" if group == "oneOf" else f"one of {names}")
    for clause in node.get("allOf", []):
        if "if" not in clause:
            continue
        then = clause.get("then", {})
        says = []
        if then.get("required"):
            says.append("requires " + ", ".join(f"`{r}`" for r in then["required"]))
        banned = [k for k, v in then.get("properties", {}).items() if v == {"not": {}}]
        if banned:
            says.append("forbids " + ", ".join(f"`{b}`" for b in banned))
        if says:
            rules.append(f"when {_condition(clause['if'])}: {'; '.join(says)}")
    return rules


def definition(anchor: str, node: dict[str, Any]) -> Definition:
    required = set(node.get("required", []))
    fields = tuple(
        FieldRow(name, type_text(prop), "yes" if name in required else "", _notes(prop))
        for name, prop in node.get("properties", {}).items()
    )
    plain = ""
    if not fields:
        plain = type_text(node)
        if "pattern" in node:
            plain += f" matching `{node['pattern']}`"
    return Definition(
        anchor=anchor,
        title=node.get("title", anchor.replace("_", " ")),
        description=escape_html(node.get("description", "")),
        fields=fields,
        rules=tuple(escape_html(r) for r in _rules(node)),
        plain=plain,
    )


def schema_page() -> str:
    """Markdown of the op-config format: the document, then each definition it uses."""
    schema = load()
    top = definition("op_config", schema)
    defs = [definition(name, node) for name, node in schema.get("$defs", {}).items()]
    return render("reference_schema.md.j2", top=top, definitions=defs, schema_id=schema.get("$id"))
