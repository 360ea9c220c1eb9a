"""Every word the player reads comes from the catalogue (``present/words/*.json``), never from a front end.

The rule, checked on the source (docs/architecture.md, "Where do the words come from"):

- **No translation table in the code**: no Python dict literal and no JavaScript object keyed by two or
  more of the languages (``"en"``, ``"de"``, ``"fr"``) anywhere in the package; the page's ``LANG_NAMES``
  (each language's name in itself) is the one exception.
- **The terminal game prints no words of its own** (``tui/``: ``sixtysix play``, ``sixtysix puzzles``):
  a string literal, or the literal parts of an f-string, handed to what shows text (``say``, ``print``, ``add_row``,
  ``ask``, ``input``, ``Text``, ``Text.from_markup``, ``append``, ``Panel``, ``Rule``) holds no word of two
  letters or more once its ``rich`` markup (``[bold]``, ``[/]``) is taken out, unless it is a key of the
  catalogue. A diagnostic printed to ``stderr`` (``print(..., file=sys.stderr)``) or after the program's
  name (``sixtysix puzzles: {error}``) is the command line's,
  in English like argparse's own, and so are the tools that have no ``--lang`` (``analyze``, ``serve``,
  ``tournament``: ``cli.py``, ``web/serve_command.py``, ``tournament/``); ``sixtysix rules --lang`` prints the
  rule book of ``present/rulebook.{de,fr}.md`` and its option table from the catalogue.
- **The page writes no words of its own** (``web/static/js``): the text of an ``html`...``` template (its
  ``${...}`` taken out, tags and entities stripped) and its ``title``, ``aria-label``, ``placeholder`` and
  ``alt`` attributes hold no word, nor does a string assigned to ``textContent`` or ``innerText`` or
  shown by ``alert``/``confirm``/``prompt``; ``t(key)`` says it all.

- **The words build no sentence of their own** (``present/``: what the terminal and the server say, the
  explanation of a deal's score among them): no f-string holds a word in its literal parts, and a string
  handed to what shows text holds none, unless it is a key of the catalogue (``f"tui.scoring.{step}"``) or
  no word a player reads: an error raised for a programmer, the engine's English matched by a pattern
  (``REFUSALS``, ``REASONS``), the English fallback for a refusal no engine gives (``_engine_english``).
  ``present/rulebook.py`` renders the rule books (``rulebook.*.md``, one per language) and
  ``present/cliargs.py`` raises argparse's errors; :data:`FOR_PROGRAMS` names the English a program reads
  (the web API's documented English fields; the page and the terminal word the same values from the catalogue).

Every file of ``tui/`` is covered, the three- and four-handed tables too (they speak ``--lang`` as the
two-player table does).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import sixtysix
from sixtysix.present.words import catalogue

SRC = Path(sixtysix.__file__).parent
JS = SRC / "web" / "static" / "js"
LANGS = {"en", "de", "fr"}
MARKUP = re.compile(r"\[/?[a-z0-9 #._-]*\]")
"""``rich`` markup: ``[bold]``, ``[/]``, ``[dim]``, ``[red]``."""
WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
KEYLIKE = re.compile(r"^\w+(\.\w+)*\.?$")
KEYTAIL = re.compile(r"^(\.|_)\w+(\.\w+)*$")
"""The end of a key an f-string completes: ``f"{key}.you"``, ``f"tui.scoring.{step}_at_close"``."""
DIAGNOSTIC = re.compile(r"^sixtysix \w+: $")
"""The program's name before a diagnostic (``sixtysix puzzles: {error}``)."""
SINKS = {
    "say",
    "print",
    "ask",
    "input",
    "Text",
    "from_markup",
    "append",
    "add_row",
    "Panel",
    "Rule",
    "rule",
    "HeaderRule",
}
ATTRIBUTES = {"selected", "checked", "disabled", "hidden", "open", "multiple"}
"""Boolean attributes a template adds on its own (``${on ? html`checked` : ""}``)."""


def is_key(text: str) -> bool:
    """Whether ``text`` is a key of the catalogue, the head of some (``tui.input.`` in an f-string) or the
    tail of some (``.you``, ``_at_close``)."""
    keys = catalogue("en")
    if KEYTAIL.match(text):
        return any(key.endswith(text) or f"{text}." in key for key in keys)
    return bool(KEYLIKE.match(text)) and (text in keys or any(key.startswith(text) for key in keys))


def _literal_parts(node: ast.expr) -> list[str]:
    """The literal text of an argument: a string, the constant parts of an f-string, of a ``+`` or of a choice."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [part.value for part in node.values if isinstance(part, ast.Constant) and isinstance(part.value, str)]
    if isinstance(node, ast.BinOp):
        return _literal_parts(node.left) + _literal_parts(node.right)
    if isinstance(node, ast.IfExp):
        return _literal_parts(node.body) + _literal_parts(node.orelse)
    return []


def python_words(source: str) -> Iterator[tuple[int, str]]:
    """The words a Python source hands to what shows text, by line (the rule in the module's docstring)."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name not in SINKS or any(keyword.arg == "file" for keyword in node.keywords):
            continue
        for text in _literal_parts(node.args[0]):
            if WORD.search(MARKUP.sub("", text)) and not is_key(text) and not DIAGNOSTIC.match(text):
                yield node.lineno, text


ADDRESS = re.compile(r"^[\w?=#-]*(/|\.json$|\.md$)[\w./?=#-]*$")
"""A path, a file's name or an address in an f-string (``/?join={code}``, ``{lang}.json``): no words."""
PRESENT_NOT_WORDS = {"present/rulebook.py", "present/cliargs.py"}
"""The rule book's renderer (its words are the books, ``rulebook.*.md``) and argparse's errors."""
FOR_PROGRAMS = {
    "present/outcome.py": "the web API's English `headline` of a deal (docs/web-api.md); the page words it",
    "present/botview.py": "the malformed field of a bot's view, for the program that reads it (sixtysix connect)",
}
"""Modules of ``present/`` that build English for programs only (no player reads it), and which."""
ENGINE_TEXTS = {"REFUSALS", "REASONS", "SEAT", "CARD"}
"""Module-level tables of the engines' English, matched by patterns to find the catalogue's key."""
ENGLISH_FALLBACKS = {"_engine_english"}
"""Functions that say, in the engine's English, what no engine gives (a test checks it never happens)."""


def built_words(source: str) -> Iterator[tuple[int, str]]:
    """The words a ``present/`` module builds itself, by line (the rule in the module's docstring)."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        raised = isinstance(node, ast.Raise)
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        engine = any(isinstance(target, ast.Name) and target.id in ENGINE_TEXTS for target in targets)
        fallback = isinstance(node, ast.FunctionDef) and node.name in ENGLISH_FALLBACKS
        if raised or engine or fallback:
            skipped.update(id(inner) for inner in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skipped or not isinstance(node, ast.JoinedStr):
            continue
        for text in _literal_parts(node):
            if WORD.search(MARKUP.sub("", text)) and not is_key(text) and not ADDRESS.match(text):
                yield node.lineno, text
    yield from python_words(source)


def python_tables(source: str) -> Iterator[int]:
    """The lines of dict literals keyed by two languages or more."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            keys = {key.value for key in node.keys if isinstance(key, ast.Constant)}
            if len(keys & LANGS) >= 2:
                yield node.lineno


def _skip_string(src: str, i: int, quote: str) -> int:
    i += 1
    while src[i] != quote:
        i += 2 if src[i] == "\\" else 1
    return i + 1


def _template(src: str, i: int) -> tuple[str, int]:
    """The literal text of the template literal opening before ``i`` (its ``${...}`` as a space), and its end."""
    text = []
    while src[i] != "`":
        if src[i] == "\\":
            text.append(src[i : i + 2])
            i += 2
        elif src.startswith("${", i):
            i = _expression(src, i + 2)
            text.append(" ")
        else:
            text.append(src[i])
            i += 1
    return "".join(text), i + 1


def _expression(src: str, i: int) -> int:
    """The end of the ``${...}`` expression starting at ``i`` (nested templates and strings skipped)."""
    depth = 1
    while depth:
        char = src[i]
        if char == "`":
            i = _template(src, i + 1)[1]
            continue
        if char in "\"'":
            i = _skip_string(src, i, char)
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        i += 1
    return i


def page_words(src: str) -> Iterator[tuple[int, str]]:
    """The words a page module writes itself, by line (the rule in the module's docstring)."""
    for match in re.finditer(r"\bhtml`", src):
        body = _template(src, match.end())[0]
        if body.strip() in ATTRIBUTES:
            continue
        attributes = re.findall(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"', body)
        text = re.sub(r"&#?\w+;", " ", re.sub(r"<[^>]*>", " ", body))
        for found in [text, *attributes]:
            if WORD.search(found):
                yield src[: match.start()].count("\n") + 1, " ".join(found.split())
    shown = r"(?:\.(?:textContent|innerText)\s*=|\b(?:alert|confirm|prompt)\()\s*([\"'`])((?:(?!\1).)*)\1"
    for match in re.finditer(shown, src):
        text = re.sub(r"\$\{[^}]*\}", " ", match[2])
        if WORD.search(text):
            yield src[: match.start()].count("\n") + 1, match[2]


def page_tables(src: str) -> Iterator[int]:
    """The lines of JavaScript objects keyed by two languages or more (``{ en: …, de: … }``)."""
    for match in re.finditer(r"\{[^{}]*\}", src):
        if len(set(re.findall(r"\b(en|de|fr)\s*:", match[0]))) >= 2:
            yield src[: match.start()].count("\n") + 1


def test_no_translation_table_is_left_in_the_code() -> None:
    found = [
        f"{path.relative_to(SRC)}:{line}"
        for path in sorted(SRC.rglob("*.py"))
        for line in python_tables(path.read_text(encoding="utf-8"))
    ]
    found += [
        f"{path.relative_to(SRC)}:{line}"
        for path in sorted(JS.rglob("*.js"))
        for line in page_tables(path.read_text(encoding="utf-8"))
        if "LANG_NAMES" not in path.read_text(encoding="utf-8").splitlines()[line - 1]
    ]
    assert found == []


def test_the_terminal_game_prints_no_words_of_its_own() -> None:
    files = sorted((SRC / "tui").glob("*.py"))
    assert len(files) > 10
    found = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for path in files
        for line, text in python_words(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_words_of_present_build_no_sentence_of_their_own() -> None:
    files = sorted((SRC / "present").rglob("*.py"))
    assert len(files) > 15
    found = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for path in files
        if path.relative_to(SRC).as_posix() not in PRESENT_NOT_WORDS | FOR_PROGRAMS.keys()
        for line, text in built_words(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_page_writes_no_words_of_its_own() -> None:
    files = sorted(JS.rglob("*.js"))
    assert len(files) > 15
    found = [
        f"{path.relative_to(JS)}:{line}: {text!r}"
        for path in files
        for line, text in page_words(path.read_text(encoding="utf-8"))
    ]
    assert found == []


PLANTED_PYTHON = "\n".join(
    [
        'self.say("[red]It is not your turn[/]")',
        'console.print(f"{name} wins the deal")',
        'text.append("Talon: " if closed else "")',
        'WORDS = {"en": "Rules", "de": "Regeln"}',
        'self.say(say("tui.ask.move", lang))',
        'self.say(f"[red]{escape(text)}[/]")',
        'print(f"sixtysix play: {message}", file=sys.stderr)',
        'names.of(f"tui.act.{kind}", seat)',
    ]
)
"""Lines 1-3 show words of their own, line 4 is a translation table; lines 5-8 are clean."""
PLANTED_PAGE = "\n".join(
    [
        "render(root, html`<h2>${t('lobby.title')}</h2><p>Choose a level</p>`);",
        'const b = html`<button title="Close">${t("x")}</button>`;',
        'status.textContent = "Connecting…";',
        "const names = { en: 'Rules', de: 'Regeln' };",
        'render(root, html`<h2>${t("lobby.title")}</h2><p class="x">${n} · ${on ? html`checked` : ""}</p>`);',
        "status.textContent = t(`conn.${state}`);",
    ]
)
"""Lines 1-3 write words of their own, line 4 is a translation table; lines 5-6 are clean."""


PLANTED_PRESENT = "\n".join(
    [
        'return f"{who} had no trick{when} (Schwarz): {points}."',
        'return f"The talon was closed, so {names.possessive(seat)} points count."',
        'return names.of(f"tui.scoring.{step.value}_at_close", loser)',
        'raise ValueError(f"no words for {key}")',
        'REASONS = ((rf"seat {SEAT} won the last trick", "last_trick"),)',
        "def _engine_english(text):",
        '    return f"{text}, not yours"',
        'return say(f"{key}.you", lang)',
        'return {"path": f"/?join={code}", "file": f"{lang}.json"}',
    ]
)
"""Lines 1-2 build English sentences; lines 3-9 are keys, an error, the engine's English, its fallback, paths."""


def test_the_scans_are_not_vacuous_a_planted_word_is_found() -> None:
    assert sorted({line for line, _ in built_words(PLANTED_PRESENT)}) == [1, 2]
    assert [line for line, _ in python_words(PLANTED_PYTHON)] == [1, 2, 3]
    assert list(python_tables(PLANTED_PYTHON)) == [4]
    assert [line for line, _ in page_words(PLANTED_PAGE)] == [1, 2, 3]
    assert list(page_tables(PLANTED_PAGE)) == [4]
