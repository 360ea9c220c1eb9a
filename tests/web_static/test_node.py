"""Run the unit tests of the web page's JavaScript modules with ``node --test``.

The tests (``tests/web_static/*.test.mjs``) check the SVG card renderer, the
words of the three languages as the page says them (the server's catalogue), card and
keyboard parsing, the tally, the evaluation chart, the deal descriptions and the page's
files; a second test checks that the page's ``t()`` says every key as the server's ``say()``.
They need only node (18 or later); the tests are skipped without it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from sixtysix.present.words import LANGUAGES, catalogue, placeholders, say

HERE = Path(__file__).parent
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_javascript_modules() -> None:
    assert NODE is not None
    files = sorted(str(p) for p in HERE.glob("*.test.mjs"))
    assert files, "no JavaScript tests found"
    result = subprocess.run(
        [NODE, "--test", *files],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if result.returncode != 0:
        failures = "\n".join(
            line for line in result.stdout.splitlines() if line.startswith(("not ok", "# fail", "# pass"))
        )
        pytest.fail(f"node --test failed:\n{failures}\n\n{result.stdout[-6000:]}\n{result.stderr[-2000:]}")


SAY_ALL = """
import fs from "node:fs";
import { WORDS } from "./helpers.mjs";
const i18n = await import("../../src/sixtysix/web/static/js/i18n.js");
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
console.log(JSON.stringify(cases.map(([key, lang, vars]) => i18n.t(key, vars, lang))));
"""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_says_every_word_as_the_server_does() -> None:
    """One ``say()``: the page's ``t()`` fills the same placeholders, picks the same plural form (French
    singular below two) and elides the same French "de" as ``sixtysix.present.words.say``, for every key."""
    assert NODE is not None
    cases: list[tuple[str, str, dict[str, object]]] = []
    for key, value in catalogue("en").items():
        names = sorted(set().union(*(placeholders(catalogue(lang)[key]) for lang in LANGUAGES)))
        for lang in LANGUAGES:
            for n in (0, 1, 1.5, 2) if isinstance(value, dict) else (1,):
                values: dict[str, object] = {name: f"Anna<{name}>" for name in names}
                values["n"] = n
                cases.append((key, lang, values))
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", SAY_ALL],
        input=json.dumps(cases),
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    page = json.loads(result.stdout)
    server = [say(key, lang, **values) for key, lang, values in cases]
    differ = [(case, mine, theirs) for case, mine, theirs in zip(cases, server, page, strict=True) if mine != theirs]
    assert len(cases) > 2500 and differ == []
