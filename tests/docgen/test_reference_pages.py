"""The site's reference pages say what the sources say: every command and option of the
click group, every definition and field of the JSON Schema, every public name of the API."""

from __future__ import annotations

import importlib
import json
import re
import types
from pathlib import Path

import click
import pytest

from linalg_odsgen.cli import main
from linalg_odsgen.docgen.reference import api_page, cli_page, schema_page
from linalg_odsgen.docgen.reference.api import MODULES, VALUE_DOCS, module_doc
from linalg_odsgen.docgen.reference.text import escape_html, markdown_of_help

REPO = Path(__file__).resolve().parents[2]


def sections(page: str) -> dict[str, str]:
    return {p.split("\n", 1)[0]: p for p in page.split("\n## ")[1:]}


def test_cli_page_has_every_command_with_every_option() -> None:
    page = sections(cli_page())
    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        cmd = main.get_command(ctx, name)
        assert cmd is not None
        text = page[name]
        assert f"linalg-ods-gen {name} [OPTIONS]" in text
        for param in cmd.params:
            if isinstance(param, click.Option):
                for opt in param.opts:
                    assert f"`{opt}`" in text, (name, opt)
    assert "| `--format` | `md` \\| `html` | `md` |" in page["gen-doc"]


def test_schema_page_has_every_definition_and_field_and_the_kind_rules() -> None:
    schema = json.loads((REPO / "linalg_odsgen" / "schemas" / "op_config.schema.json").read_text())
    page = sections(schema_page())
    for name, node in schema["$defs"].items():
        assert name in page, name
        for field, _ in node.get("properties", {}).items():
            required = "yes" if field in node.get("required", []) else ""
            assert re.search(rf"^\| `{field}` \| .* \| {required} \|", page[name], re.M), field
    operand = page["operand_def"]
    assert (
        "when `kind` is `index_attr`: requires `index_attr_map`, `default_indices`; "
        "forbids `type_var`, `shape_map`, `default_fn`" in operand
    )
    assert "exactly one of `fn_name`, `attr_name`" in page["scalar_fn"]


def test_api_page_leads_with_the_dsl_and_documents_each_public_object_once() -> None:
    pytest.importorskip("numba")  # the page documents the compiled backend
    text = api_page()
    headings = re.findall(r"^### (\S+)$", text, re.M)
    assert headings[:4] == ["dsl.linalg_structured_op", "dsl.TensorDef", "dsl.ScalarDef",
                            "dsl.IndexAttrDef"]  # fmt: skip
    assert text.index("## Start here") < text.index("## linalg_odsgen.dsl")
    assert "`linalg_odsgen.ops`" in text.split("## linalg_odsgen.dsl")[0]
    assert len(headings) == len(set(headings))
    for module_name, listed in MODULES:
        module = importlib.import_module(module_name)
        short = module_name.rsplit(".", 1)[-1]
        for name in listed or module.__all__:
            obj = getattr(module, name)
            shown = f"### {short}.{name}\n" in text or f"### dsl.{name}\n" in text
            home = getattr(obj, "__module__", "") or ""
            reexport = home.startswith("linalg_odsgen") and not home.startswith(module_name)
            reexport = reexport and any(
                home == m or home.startswith(m + ".") for m, _ in MODULES if m != module_name
            )
            alias = isinstance(obj, (types.GenericAlias, types.UnionType))
            assert shown == (not reexport and not alias), (module_name, name)
    assert "### runtime.ShapedType" not in text and "### yaml_io.Path" not in text
    assert " at 0x" not in text
    assert text == api_page()


def test_every_api_entry_has_a_docstring_of_its_own() -> None:
    pytest.importorskip("numba")
    entries = [e for n, names in MODULES for e in module_doc(n, names).entries]
    assert [e.name for e in entries if not e.doc.strip()] == []
    tuple_doc = (tuple.__doc__ or "").splitlines()[0]
    assert [e.name for e in entries if tuple_doc in e.doc] == []


def test_every_constant_description_names_a_documented_constant() -> None:
    """A description outliving its constant would document nothing, silently."""
    pytest.importorskip("numba")
    listed = {f"{n}.{e.name}" for n, names in MODULES for e in module_doc(n, names).entries}
    assert sorted(set(VALUE_DOCS) - listed) == []


def test_help_text_keeps_literal_blocks_and_escapes_stray_tags() -> None:
    text = markdown_of_help("Reads <stdin>.\n\n\b\n    a  b\n    c\n\nSee `a<b>`.")
    assert text == "Reads &lt;stdin>.\n\n```text\na  b\nc\n```\n\nSee `a<b>`."
    assert escape_html("x < y and `p<q>`") == "x &lt; y and `p<q>`"
    bullets = markdown_of_help("Picks:\n\n- `gemm`: a\n  library call;\n- `ordered`: loops.")
    assert bullets == "Picks:\n\n- `gemm`: a library call;\n- `ordered`: loops."


def test_generated_pages_use_no_internal_wording() -> None:
    pages = [cli_page(), schema_page()]
    try:
        import numba  # noqa: F401  (the API page documents the compiled backend)

        pages.append(api_page())
    except ImportError:
        pass
    internal = re.compile(r"\bissue \d+|\bwaves?\b|\bthe seeds\b|\bseeds'|this session", re.I)
    assert [m.group(0) for page in pages for m in internal.finditer(page)] == []


ANNOTATED_OP = '''\
from linalg_odsgen.dsl import *


@linalg_structured_op
def scaled_window_sum(
    I=TensorDef(T1, S.N, S.OW * S.SW + S.KW),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    alpha=ScalarDef(T1),
    O=TensorDef(U, S.N, S.OW, output=True),
    strides=IndexAttrDef(S.SW, default=[1]),
    cast=TypeFnAttrDef(default=TypeFn.cast_signed),
):
    """Sums windows of KW elements of I, scaled by alpha, into O.

    Windows start every `strides[0]` elements; K gives only the window size."""
    domain(D.n, D.ow, D.kw)
    implements(ConvolutionOpInterface)
    O[D.n, D.ow] += cast(U, I[D.n, D.ow * S.SW + D.kw]) * cast(U, alpha)
'''


def test_schema_page_opens_with_an_annotated_document_dump_oplib_writes() -> None:
    from linalg_odsgen.dsl.library import dsl_library_of_source
    from linalg_odsgen.yaml_io import dump_library

    page = schema_page()
    assert page.index("## An annotated document") < page.index("## Document")
    annotated = re.search(r"```yaml\n(.*?)```", page, re.S)
    assert annotated is not None
    lines = annotated.group(1).splitlines()
    plain = [re.sub(r"\s+#.*$", "", ln) for ln in lines if not ln.lstrip().startswith("#")]
    dumped = dump_library(dsl_library_of_source(ANNOTATED_OP, "ann.py")[0].ops)
    assert [ln for ln in plain if ln.strip()] == [ln for ln in dumped.splitlines() if ln.strip()]
    # a comment for every field the document has, and a row for every tag it uses
    fields = {m.group(1) for ln in lines if (m := re.match(r"\s*(?:- )?(\w+):", ln))}
    commented = {m.group(1) for ln in lines if (m := re.match(r"\s*(?:- )?(\w+):.*#", ln))}
    commented |= {"shape_map"}  # its comment is on the line above (the line is long)
    assert fields - commented == set()
    for tag in set(re.findall(r"!\w+", annotated.group(1))):
        assert f"| `{tag}` |" in page, tag
