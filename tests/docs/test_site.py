"""The docs site builds from the checkout with warnings as errors, and a real browser
(Debian's headless chromium) renders its pages with their pictures and no console errors.
Both skip without the `docs` extra; the browser test skips without chromium."""

from __future__ import annotations

import functools
import html
import http.server
import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
import urllib.parse
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from readme import REPO

from linalg_odsgen.validation import load_valid_library

CHROMIUM = "/usr/bin/chromium"
# The `docs` extra: MkDocs, its Material theme, numba (the API page imports the compiled
# backend) and the MLIR lexer for Pygments.
HAS_DOCS_EXTRA = all(
    importlib.util.find_spec(m) is not None
    for m in ("mkdocs", "material", "numba", "mlir_pygments")
)
pytestmark = pytest.mark.skipif(not HAS_DOCS_EXTRA, reason="the docs extra is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    assert not re.search(r"^(WARNING|ERROR)", build.stderr, re.M), build.stderr
    return out


@pytest.mark.slow  # a whole site build, with the docs extra (CI's slow run installs it)
def test_site_builds_strict_with_every_op_of_the_core_library(site: Path) -> None:
    page = (site / "reference" / "ops" / "core_named_ops" / "index.html").read_text()
    core = load_valid_library(
        (REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_bytes(), "c"
    )
    missing = [op.name for op in core.ops if f'id="{op.name}"' not in page]
    assert missing == []
    assert (site / "reference" / "ops" / "core_named_ops" / "conv_2d_nhwc_hwcf.svg").is_file()
    cli = (site / "reference" / "cli" / "index.html").read_text()
    assert 'id="gen-doc"' in cli and "--format" in cli
    assert (site / "getting-started" / "index.html").is_file()


class _Recorder(http.server.SimpleHTTPRequestHandler):
    """Serves the built site and remembers each request's path and status."""

    requests: list[tuple[str, int]]

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.requests.append((self.path, int(code) if str(code).isdigit() else 0))


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    requests: list[tuple[str, int]] = []
    handler = type("Handler", (_Recorder,), {"requests": requests})
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", requests
    finally:
        httpd.shutdown()
        httpd.server_close()


def _png_rows(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, decompressed scanlines) of a PNG file."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        chunk = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", chunk[:8])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    return width, height, zlib.decompress(idat)


def _screenshot(url: str, out: Path, profile: Path) -> str:
    """Open `url` in headless chromium, write a screenshot; returns chromium's log."""
    run = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
         "--window-size=1280,1800", f"--screenshot={out}", url],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    return run.stderr


@pytest.mark.slow
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason="chromium not installed")
@pytest.mark.parametrize(
    ("path", "picture"),
    [
        ("getting-started/", "/reference/ops/core_named_ops/conv_2d_nhwc_hwcf.svg"),
        ("reference/ops/core_named_ops/", "/reference/ops/core_named_ops/pooling_nhwc_max.svg"),
    ],
)
def test_browser_renders_the_page_with_its_pictures_and_no_console_errors(
    server: tuple[str, list[tuple[str, int]]], tmp_path: Path, path: str, picture: str
) -> None:
    base, requests = server
    requests.clear()
    shot = tmp_path / "page.png"
    log = _screenshot(f"{base}/{path}", shot, tmp_path / "profile")
    console = [line for line in log.splitlines() if ":CONSOLE" in line]
    assert console == []
    assert (picture, 200) in requests  # the browser fetched the picture...
    assert [r for r in requests if r[1] >= 400] == []  # ...and nothing the page needs failed
    width, height, rows = _png_rows(shot.read_bytes())
    assert (width, height) == (1280, 1800)
    assert len(set(rows)) > 16  # a rendered page, not a blank screen
    shutil.rmtree(tmp_path / "profile", ignore_errors=True)


PROBE = Path(__file__).with_name("probe.html")
# Pages a new reader starts on: no code line may be wider than the page.
GETTING_STARTED_PAGES = ("", "getting-started/", "your-own-ops/")
_LOOP_NAME = re.compile(r"\b[ds]\d+\b")


def _site_pages(site: Path) -> list[str]:
    """Every page of the built site, as the path a browser asks for (`getting-started/`)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        pages.append("" if rel == "." else rel + "/")
    return pages


@pytest.fixture(scope="module")
def measured(
    site: Path, server: tuple[str, list[tuple[str, int]]], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict[str, object]]:
    """What chromium shows on every page of the site: stray `\\|`, code blocks wider than
    the page, pictures with their legends, formula and MLIR blocks (tests/docs/probe.html)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("chromium not installed")
    shutil.copy(PROBE, site / "probe.html")
    base, _ = server
    pages = _site_pages(site)
    profile = tmp_path_factory.mktemp("profile")
    url = f"{base}/probe.html#{urllib.parse.quote(json.dumps(pages))}"
    run = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--window-size=1400,1900",
         "--virtual-time-budget=600000", "--dump-dom", url],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1), run.stdout[-2000:]
    results: dict[str, dict[str, object]] = json.loads(html.unescape(found.group(1)))
    assert sorted(results) == sorted(pages)
    assert [p for p, r in results.items() if "error" in r] == []
    return results


@pytest.mark.slow
def test_browser_shows_no_stray_backslash_on_any_page(
    measured: dict[str, dict[str, object]],
) -> None:
    found = {page: r["backslashes"] for page, r in measured.items() if r["backslashes"]}
    assert found == {}


@pytest.mark.slow
def test_browser_shows_no_code_line_wider_than_the_getting_started_pages(
    measured: dict[str, dict[str, object]],
) -> None:
    found = {page: measured[page]["overflow"] for page in GETTING_STARTED_PAGES}
    assert found == {page: [] for page in GETTING_STARTED_PAGES}


@pytest.mark.slow
def test_browser_shows_every_op_picture_loaded_with_its_legend(
    measured: dict[str, dict[str, object]],
) -> None:
    for page in ("reference/ops/core_named_ops/", "reference/ops/classic_ops/"):
        pictures = measured[page]["pictures"]
        assert isinstance(pictures, list) and len(pictures) > 10, page
        for p in pictures:
            assert p["loaded"], p
            assert p["legend"].startswith("Orange: the output element drawn"), p
    pooling = next(p for p in measured["reference/ops/core_named_ops/"]["pictures"]  # type: ignore[attr-defined]
                   if p["src"].rsplit("/", 1)[-1] == "pooling_nhwc_max.svg")  # fmt: skip
    assert "grey: a shape-only operand" in pooling["legend"]


@pytest.mark.slow
def test_browser_shows_formulas_in_the_sources_names(
    measured: dict[str, dict[str, object]],
) -> None:
    core = measured["reference/ops/core_named_ops/"]["formulas"]
    classic = measured["reference/ops/classic_ops/"]["formulas"]
    assert isinstance(core, list) and isinstance(classic, list)
    assert len(core) == 90 and len(classic) == 17
    assert [f for f in core + classic if _LOOP_NAME.search(f)] == []
    assert any(f.startswith("C[m, n] += cast(U, A[m, k])") for f in core)
    assert "C[m, n] += A[m, k] * B[k, n]\n" in classic


@pytest.mark.slow
def test_browser_shows_mlir_blocks_highlighted(measured: dict[str, dict[str, object]]) -> None:
    core = measured["reference/ops/core_named_ops/"]
    assert core["mlir_blocks"] == 180  # each op named and generic
    assert core["mlir_highlighted"] == core["mlir_blocks"]
