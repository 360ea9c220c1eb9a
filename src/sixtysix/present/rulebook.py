"""The rule book: the one text of the rules, for the docs, the command line, the terminal and the web.

The text lives next to this module (package data), once in each language: ``rulebook.md``
(English), ``rulebook.de.md`` and ``rulebook.fr.md``, with the same sections, rule IDs and
option names in the same places (a test keeps them in step). Two markers in each are filled
from the code, so that they cannot drift from :class:`~sixtysix.core.rules.Rules`:
``<!-- options-table -->`` (every option, its values and the value of each preset) and
``<!-- options-summary -->`` (the presets; for one game, its options marked where they
differ). ``docs/rules.md`` is :func:`book_markdown` (a test keeps them equal: regenerate it
with ``sixtysix rules --book --markdown > docs/rules.md``).

One game's rules (:func:`game_document`) are the sections that apply to its table size, with
the game's options, for players: in their language, and every option the text names (the
code's ``nine_points``, ``exchange_rank=J``, ``at_close``) put in words (:func:`for_players`).
:func:`to_text` renders them for a terminal and :func:`to_html` for the web page.

>>> rules = Rules.preset("schnapsen")
>>> text = to_text(game_document(rules))
>>> "ace 11, ten 10, king 4, queen 3, jack 2" in text
True
>>> [(row.name, row.value, row.value_words, row.marks) for row in option_rows(rules) if row.name == "deck"]
[('deck', '20', '20', '*')]
>>> to_text(game_document(rules, "de")).splitlines()[0]
'Die Regeln von 66: Schnapsen (20 Karten)'
>>> "Die Augen: Ass 11, Zehner 10, König 4, Dame 3, Bube 2" in to_text(game_document(rules, "de"))
True
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from sixtysix.core.rules import CHOICES, PRESETS, Rules
from sixtysix.present.presets import preset_description, preset_name
from sixtysix.present.rulewords import option_label, setting_words, value_words, word
from sixtysix.present.words import language

DEFAULT = Rules.preset("seed66")
"""The default game the marks compare with."""

SOURCE_NAME = "rulebook.md"
"""The book's text in English; ``rulebook.{lang}.md`` in another language (:func:`source_name`)."""
GENERATE = "sixtysix rules --book --markdown > docs/rules.md"
"""The command that writes docs/rules.md."""

ALL_TABLES = frozenset({2, 3, 4})
WIDTH = 88
"""Characters per line of the terminal text."""
MIN_COLUMN = 8
"""The narrowest a table's column is made to fit the line."""

OPTION_TABLES: dict[str, frozenset[int]] = {
    **{name: frozenset({2, 3}) for name in CHOICES},
    **{
        name: ALL_TABLES
        for name in ("players", "deck", "hand_size", "nine_points", "tie_rule", "next_dealer", "match_target")
    },
    "three_player_form": frozenset({3}),
    "three_player_play_for_loser": frozenset({3}),
    **{
        name: frozenset({4})
        for name in ("four_player_undertrump_required", "four_player_marriages", "four_player_scale")
    },
    "ten_of_trumps_bonus": frozenset({4}),
}
"""The table sizes at which an option means something (a game's rules list only those)."""


# -- the document --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    """``## 2.1 Cards and values``: level 2, number ``2.1``; ``players`` from its marker (``None``: inherited)."""

    level: int
    number: str
    title: str
    players: frozenset[int] | None = None

    def text(self) -> str:
        """The heading as shown: its number and its title."""
        return f"{self.number} {self.title}" if self.number else self.title


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Items:
    """A bullet list; each item's text, its lines joined."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """A table; ``options`` names the option of each row (for marking it on the web page), if any."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    options: tuple[str, ...] = ()
    marked: tuple[bool, ...] = ()


@dataclass(frozen=True)
class Code:
    text: str


@dataclass(frozen=True)
class Marker:
    """A place the code fills in: ``options-table`` or ``options-summary``."""

    name: str


Block = Heading | Paragraph | Items | Table | Code | Marker


@dataclass(frozen=True)
class Document:
    """Blocks to render, and the language of their words."""

    blocks: tuple[Block, ...]
    lang: str = "en"
    title: str = ""


def source_name(lang: str = "en") -> str:
    """The file of the book's text in ``lang`` (English for a language it is not written in).

    >>> source_name("en"), source_name("de"), source_name("it")
    ('rulebook.md', 'rulebook.de.md', 'rulebook.md')
    """
    lang = language(lang)
    return SOURCE_NAME if lang == "en" else f"rulebook.{lang}.md"


@cache
def source(lang: str = "en") -> str:
    """The rule book's text as written in ``lang`` (``rulebook.md``, ``rulebook.de.md``, ...; English
    for a language it is not written in)."""
    name = source_name(lang)
    return resources.files("sixtysix.present").joinpath(name).read_text(encoding="utf-8")


@cache
def source_blocks(lang: str = "en") -> tuple[Block, ...]:
    """The rule book's blocks in ``lang`` (read once)."""
    return tuple(parse(source(lang)))


_MARKER = re.compile(r"<!--\s*([\w-]+)(?::\s*([\w ]*))?\s*-->")


def parse(text: str) -> list[Block]:
    """The blocks of a rule-book text; comments are dropped, except the markers."""
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            i += 1
        elif stripped.startswith("<!--"):
            end = i
            while "-->" not in lines[end]:
                end += 1
            _comment(" ".join(lines[i : end + 1]), blocks)
            i = end + 1
        elif stripped.startswith("#"):
            level = len(stripped) - len(stripped.lstrip("#"))
            title = stripped[level:].strip()
            number, _, rest = title.partition(" ")
            if re.fullmatch(r"\d+(\.\d+)*", number):
                blocks.append(Heading(level, number, rest))
            else:
                blocks.append(Heading(level, "", title))
            i += 1
        elif stripped.startswith("```"):
            end = i + 1
            while not lines[end].strip().startswith("```"):
                end += 1
            blocks.append(Code("\n".join(lines[i + 1 : end])))
            i = end + 1
        elif stripped.startswith("|"):
            end = i
            while end < len(lines) and lines[end].strip().startswith("|"):
                end += 1
            rows = [_cells(row) for row in lines[i:end]]
            blocks.append(Table(tuple(rows[0]), tuple(tuple(row) for row in rows[2:])))
            i = end
        elif stripped.startswith("* "):
            items: list[str] = []
            while i < len(lines) and (lines[i].startswith("* ") or lines[i].startswith("  ")):
                if lines[i].startswith("* "):
                    items.append(lines[i][2:].strip())
                else:
                    items[-1] += " " + lines[i].strip()
                i += 1
            blocks.append(Items(tuple(items)))
        else:
            end = i
            while end < len(lines) and lines[end].strip() and not lines[end].lstrip().startswith(("<!--", "|", "#")):
                end += 1
            blocks.append(Paragraph(" ".join(part.strip() for part in lines[i:end])))
            i = end
    return blocks


def _comment(comment: str, blocks: list[Block]) -> None:
    found = _MARKER.fullmatch(comment.strip())
    if found is None:
        return  # a note for the maintainers (a TODO), not for readers
    name, value = found.group(1), found.group(2)
    if name == "players" and blocks and isinstance(blocks[-1], Heading):
        heading = blocks[-1]
        words = (value or "").split()
        tables = ALL_TABLES if words == ["all"] else frozenset(int(w) for w in words if w.isdigit())
        blocks[-1] = Heading(heading.level, heading.number, heading.title, tables)
    elif name in ("options-table", "options-summary"):
        blocks.append(Marker(name))


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


# -- the book and one game's rules -----------------------------------------------------------------


def preset_table(lang: str = "en") -> Table:
    """Every option with its values and each preset's value (``*``: differs from seed66), under the
    code's names: the book's reference table (section 3.1), for those who write records and options."""
    header = (word("option", lang), word("values", lang), *PRESETS)
    rows = []
    for name, values in CHOICES.items():
        choices = "1 to 1000" if name == "match_target" else ", ".join(_text(v) for v in values)
        cells = [f"`{name}`", choices]
        for rules in PRESETS.values():
            value = getattr(rules, name)
            cells.append(_text(value) + (" *" if value != getattr(DEFAULT, name) else ""))
        rows.append(tuple(cells))
    return Table(header, tuple(rows), tuple(CHOICES))


@dataclass(frozen=True)
class OptionRow:
    """One option of a game: its name, its name in words, its value and the default's value (as
    record text and in words), and the marks (``*``, ``+``)."""

    name: str
    label: str
    value: str
    default: str
    marks: str
    value_words: str
    default_words: str


def option_rows(rules: Rules, lang: str = "en") -> list[OptionRow]:
    """The options that mean something at ``rules``' table, marked: ``*`` where the value differs
    from the default game (seed66), ``+`` where it was set for this game, apart from its preset."""
    preset = Rules.preset(rules.preset_name)
    rows = []
    for name in CHOICES:
        if rules.players not in OPTION_TABLES[name]:
            continue
        value, default = getattr(rules, name), getattr(DEFAULT, name)
        marks = ("*" if value != default else "") + ("+" if value != getattr(preset, name) else "")
        label = option_label(name, lang)
        words = value_words(name, value, lang), value_words(name, default, lang)
        rows.append(OptionRow(name, label, _text(value), _text(default), marks, *words))
    return rows


def game_table(rules: Rules, lang: str = "en") -> Table:
    """The options of one game in words (no name of the code), the marked rows flagged."""
    rows = option_rows(rules, lang)
    header = ("", word("option", lang), word("value", lang), word("default", lang))
    cells = tuple(
        (row.marks, row.label, row.value_words, row.default_words if row.default != row.value else "") for row in rows
    )
    return Table(header, cells, tuple(row.name for row in rows), tuple(bool(row.marks) for row in rows))


def book_markdown(lang: str = "en") -> str:
    """The whole book as Markdown, the markers filled in: in English, the text of docs/rules.md."""
    lang = language(lang)
    command = GENERATE if lang == "en" else f"sixtysix rules --book --markdown --lang {lang}"
    source_path = f"src/sixtysix/present/{source_name(lang)}"
    out = [f"<!-- Generated from {source_path} by `{command}`: edit that file, not this one. -->", ""]
    for line in source(lang).splitlines():
        marker = _MARKER.fullmatch(line.strip())
        if marker and marker.group(1) == "options-table":
            out.extend(table_markdown(preset_table(lang)))
        elif marker and marker.group(1) == "options-summary":
            out.extend(_presets_markdown(lang))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def _presets_markdown(lang: str) -> list[str]:
    lines = [word("presets", lang), ""]
    for name in PRESETS:
        item = f"* {_preset_item(name, lang)}"
        lines.extend(textwrap.wrap(item, 92, subsequent_indent="  ", break_on_hyphens=False))
    return lines


def book_document(lang: str = "en") -> Document:
    """The whole book in ``lang``, for the terminal or the web: every section and the examples,
    under the code's names (a reference; a game's rules for players are :func:`game_document`)."""
    lang = language(lang)
    blocks: list[Block] = []
    for block in source_blocks(lang):
        if isinstance(block, Marker):
            filled: list[Block] = _presets_blocks(lang) if block.name == "options-summary" else [preset_table(lang)]
            blocks.extend(filled)
        else:
            blocks.append(block)
    title = next(block.title for block in blocks if isinstance(block, Heading))
    return Document(tuple(blocks), lang, title)


def _presets_blocks(lang: str) -> list[Block]:
    return [
        Paragraph(word("presets", lang)),
        Items(tuple(_preset_item(name, lang) for name in PRESETS)),
    ]


def _preset_item(name: str, lang: str) -> str:
    return f"`{name}` ({preset_name(name, lang)}). {preset_description(name, lang)}"


def game_document(rules: Rules, lang: str = "en") -> Document:
    """The rules of one game for its players, in ``lang``: its preset in words, its options (marked
    where they differ), then the sections of the book that apply to its table size (no option
    table, no examples), every name of the code in them put in words (:func:`for_players`)."""
    lang = language(lang)
    title = word("title", lang, name=preset_name(rules.preset_name, lang))
    blocks: list[Block] = [Heading(1, "", title)]
    for block in _sections_for(source_blocks(lang), rules.players):
        if isinstance(block, Heading) and block.level == 1:
            continue  # the game's own title stands instead
        if isinstance(block, Marker):
            if block.name == "options-summary":
                blocks.extend(_game_blocks(rules, lang))
            continue
        blocks.append(_for_players_block(block, lang))
    return Document(tuple(blocks), lang, title)


def _game_blocks(rules: Rules, lang: str) -> list[Block]:
    names = {"default": preset_name(DEFAULT.preset_name, lang), "preset": preset_name(rules.preset_name, lang)}
    return [
        Paragraph(preset_description(rules.preset_name, lang)),
        Heading(2, "", word("options", lang)),
        game_table(rules, lang),
        Paragraph(word("legend", lang, **names)),
    ]


def _for_players_block(block: Block, lang: str) -> Block:
    if isinstance(block, Paragraph):
        return Paragraph(for_players(block.text, lang))
    if isinstance(block, Items):
        return Items(tuple(for_players(item, lang) for item in block.items))
    if isinstance(block, Table):
        return Table(
            tuple(for_players(cell, lang) for cell in block.header),
            tuple(tuple(for_players(cell, lang) for cell in row) for row in block.rows),
            block.options,
            block.marked,
        )
    return block


_VALUES = {value: name for name, values in reversed(CHOICES.items()) for value in values if isinstance(value, str)}
"""Each value of the code (``at_close``, ``J``) and the first option that has it."""


def for_players(text: str, lang: str = "en") -> str:
    """A rule's text with every name of the code in it (in backquotes) put in words: an option
    (``nine_points``) by its label, a setting (``exchange_rank=J``) by its label and value, a value
    (``at_end``) by its words as a value of the option named last before it, a preset (``schnapsen``) by its
    name; other code (a card, a rule ID) stays.

    >>> print(for_players("(option `tie_rule`: `carry_one` or `void`)"))
    (option “A tie”: “1 point to the next deal's winner” or “nothing carried”)
    >>> print(for_players("`schnapsen` has `deck=20`"))
    Schnapsen (20 cards) has “Cards in the pack: 20”
    >>> print(for_players("`first_lead_exchange=true`, `Ah`", "fr").replace("\xa0", "~"))
    «~Échange à la première entame~: oui~», `Ah`
    """
    last: list[str] = []

    def words(found: re.Match[str]) -> str:
        code = found.group(1)
        name, equals, value = code.partition("=")
        if name in CHOICES:
            last.append(name)
            if not equals:
                return word("quoted", lang, text=option_label(name, lang))
            return setting_words(name, _value(name, value), lang)
        if code in PRESETS:
            return preset_name(code, lang)
        if code in _VALUES:
            option = next((name for name in reversed(last) if code in map(_text, CHOICES[name])), _VALUES[code])
            return word("quoted", lang, text=value_words(option, _value(option, code), lang))
        return found.group(0)

    return _CODE.sub(words, text)


def _value(name: str, text: str) -> object:
    """A value of option ``name`` written as in a record (``true``, ``20``, ``at_end``)."""
    return next((value for value in CHOICES[name] if _text(value) == text), text)


def _sections_for(blocks: Iterable[Block], players: int) -> Iterator[Block]:
    """The blocks of the sections that apply at a table of ``players`` (a heading's marker holds for
    its subsections unless they have their own)."""
    scopes: dict[int, frozenset[int]] = {}
    keep = True
    for block in blocks:
        if isinstance(block, Heading):
            inherited = next((scopes[level] for level in sorted(scopes, reverse=True) if level < block.level), None)
            scope = block.players if block.players is not None else inherited
            for level in [lv for lv in scopes if lv >= block.level]:
                del scopes[level]
            if scope is not None:
                scopes[block.level] = scope
            keep = scope is None or players in scope
        if keep:
            yield block


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# -- rendering -----------------------------------------------------------------------------------------


def table_markdown(table: Table) -> list[str]:
    """A table as Markdown lines."""
    lines = ["| " + " | ".join(table.header) + " |", "|" + "---|" * len(table.header)]
    lines.extend("| " + " | ".join(row) + " |" for row in table.rows)
    return lines


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def plain(text: str) -> str:
    """Inline Markdown as plain text: bold and code marks and link targets dropped.

    >>> plain("**R-CARD-2** Card points (`nine_points`), see [the deal](#the-deal).")
    'R-CARD-2 Card points (nine_points), see the deal.'
    """
    return _LINK.sub(r"\1", _CODE.sub(r"\1", _BOLD.sub(r"\1", text)))


def to_text(document: Document, width: int = WIDTH) -> str:
    """The document as plain text for a terminal: headings underlined, paragraphs wrapped, tables aligned."""
    out: list[str] = []
    for block in document.blocks:
        if isinstance(block, Heading):
            title = block.text()
            rule = {1: "=", 2: "-"}.get(block.level)
            out.extend(["", title, *([rule * len(title)] if rule else [])])
        elif isinstance(block, Paragraph):
            out.extend(["", *textwrap.wrap(plain(block.text), width, break_on_hyphens=False)])
        elif isinstance(block, Items):
            out.append("")
            for item in block.items:
                out.extend(
                    textwrap.wrap(
                        plain(item), width, initial_indent="* ", subsequent_indent="  ", break_on_hyphens=False
                    )
                )
        elif isinstance(block, Table):
            out.extend(["", *_aligned(block, width)])
        elif isinstance(block, Code):
            out.extend(["", *("    " + line for line in block.text.splitlines())])
    return "\n".join(out).strip("\n") + "\n"


def to_markdown(document: Document) -> str:
    """The document as Markdown (one game's rules; the whole book is :func:`book_markdown`)."""
    out: list[str] = []
    for block in document.blocks:
        if isinstance(block, Heading):
            out.extend(["", "#" * block.level + " " + block.text()])
        elif isinstance(block, Paragraph):
            out.extend(["", *textwrap.wrap(block.text, WIDTH, break_on_hyphens=False)])
        elif isinstance(block, Items):
            out.append("")
            for item in block.items:
                out.extend(
                    textwrap.wrap(item, WIDTH, initial_indent="* ", subsequent_indent="  ", break_on_hyphens=False)
                )
        elif isinstance(block, Table):
            out.extend(["", *table_markdown(block)])
        elif isinstance(block, Code):
            out.extend(["", "```", block.text, "```"])
    return "\n".join(out).strip("\n") + "\n"


def _aligned(table: Table, width: int = WIDTH) -> list[str]:
    """A table as aligned columns; the widest columns wrap when the table is wider than ``width``.

    >>> for line in _aligned(Table(("a", "b"), (("x", "one two three four"),)), width=12):
    ...     print(line)
    a  b
    -  ---------
    x  one two
       three
       four
    """
    rows = [[plain(cell) for cell in row] for row in (table.header, *table.rows)]
    columns = range(len(table.header))
    widths = [max(1, *(len(row[col]) for row in rows)) for col in columns]
    # the narrowest a column may get: its longest word (names are never cut), and MIN_COLUMN
    floors = [min(widths[col], max(MIN_COLUMN, _longest_word(row[col] for row in rows))) for col in columns]
    while sum(widths) + 2 * (len(widths) - 1) > width:
        shrinkable = [col for col in columns if widths[col] > floors[col]]
        if not shrinkable:
            break  # wider than the line: the terminal wraps it
        widths[max(shrinkable, key=lambda col: widths[col])] -= 1

    def lines(cells: Sequence[str]) -> list[str]:
        wrapped = [
            textwrap.wrap(cell, w, break_on_hyphens=False) or [""] for cell, w in zip(cells, widths, strict=True)
        ]
        height = max(len(parts) for parts in wrapped)
        return [
            "  ".join(
                (parts[i] if i < len(parts) else "").ljust(w) for parts, w in zip(wrapped, widths, strict=True)
            ).rstrip()
            for i in range(height)
        ]

    return [*lines(rows[0]), "  ".join("-" * w for w in widths), *(line for row in rows[1:] for line in lines(row))]


def _longest_word(cells: Iterable[str]) -> int:
    return max((len(word) for cell in cells for word in cell.split()), default=0)


_ID = re.compile(r"^\*\*((?:R|TC)-[A-Z0-9]+(?:-[0-9]+)?|A[0-9]+)\b")


def inline_html(text: str) -> str:
    """Inline Markdown as HTML, the text escaped; only links within the site are kept as links.

    >>> inline_html("**R-P2-2** follow `suit` <b> [x](#y)")
    '<strong>R-P2-2</strong> follow <code>suit</code> &lt;b&gt; <a href="#y">x</a>'
    """
    escaped = html.escape(text, quote=False)
    escaped = _BOLD.sub(r"<strong>\1</strong>", escaped)
    escaped = _CODE.sub(r"<code>\1</code>", escaped)

    def link(found: re.Match[str]) -> str:
        target = found.group(2)
        if target.startswith(("#", "/")) and not target.startswith("//"):
            return f'<a href="{html.escape(target)}">{found.group(1)}</a>'
        return found.group(1)

    return _LINK.sub(link, escaped)


def to_html(document: Document) -> str:
    """The document as an HTML fragment: sections get ids (``s2-1``), rules get their ID as id,
    and the rows of a game's options table carry ``data-option`` and, when marked, ``class="marked"``."""
    out: list[str] = []
    for block in document.blocks:
        if isinstance(block, Heading):
            anchor = f' id="s{block.number.replace(".", "-")}"' if block.number else ""
            out.append(f"<h{block.level}{anchor}>{html.escape(block.text())}</h{block.level}>")
        elif isinstance(block, Paragraph):
            out.append(f"<p>{inline_html(block.text)}</p>")
        elif isinstance(block, Items):
            out.append("<ul>")
            for item in block.items:
                found = _ID.match(item)
                anchor = f' id="{found.group(1)}"' if found else ""
                out.append(f"<li{anchor}>{inline_html(item)}</li>")
            out.append("</ul>")
        elif isinstance(block, Table):
            out.extend(_table_html(block))
        elif isinstance(block, Code):
            out.append(f"<pre><code>{html.escape(block.text)}</code></pre>")
    return "\n".join(out) + "\n"


def _table_html(table: Table) -> list[str]:
    head = "".join(f"<th>{inline_html(cell)}</th>" for cell in table.header)
    out = ["<table>", f"<thead><tr>{head}</tr></thead>", "<tbody>"]
    for index, row in enumerate(table.rows):
        attributes = ""
        if table.options:
            attributes = f' data-option="{table.options[index]}"'
        if table.marked and table.marked[index]:
            attributes += ' class="marked"'
        cells = "".join(f"<td>{inline_html(cell)}</td>" for cell in row)
        out.append(f"<tr{attributes}>{cells}</tr>")
    out.extend(["</tbody>", "</table>"])
    return out


def headings(document: Document) -> list[Heading]:
    """The document's headings (for tests and tables of contents)."""
    return [block for block in document.blocks if isinstance(block, Heading)]


def rule_ids(text: str) -> set[str]:
    """The rule IDs a rule-book text defines: ``**R-P2-2**``, ``**TC-17**``, ``**A1 ...**``.

    >>> sorted(rule_ids("* **R-P2-2** follow. * **TC-S1** deal. * **A5 How small** ..."))
    ['A5', 'R-P2-2', 'TC-S1']
    """
    return set(re.findall(r"\*\*((?:R|TC)-[A-Z0-9]+(?:-[0-9]+)?|A[0-9]+)\b", text))
