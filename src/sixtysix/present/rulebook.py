"""The rule book: the one text of the rules, for the docs, the command line, the terminal and the web.

The text lives once, in ``rulebook.md`` next to this module (package data). Two markers in
it are filled from the code, so that they cannot drift from :class:`~sixtysix.core.rules.Rules`:
``<!-- options-table -->`` (every option, its values and the value of each preset) and
``<!-- options-summary -->`` (the presets; for one game, its options marked where they
differ). ``docs/rules.md`` is :func:`book_markdown` (a test keeps them equal: regenerate it
with ``sixtysix rules --book --markdown > docs/rules.md``).

One game's rules (:func:`game_document`) are the sections that apply to its table size, with
the game's options; :func:`to_text` renders them for a terminal and :func:`to_html` for the
web page. The full text is English; headings, option names and the preset summary are also
in German and French (``lang``).

>>> rules = Rules.preset("schnapsen")
>>> text = to_text(game_document(rules))
>>> "ace 11, ten 10, king 4, queen 3, jack 2" in text
True
>>> [(row.name, row.value, row.marks) for row in option_rows(rules) if row.name == "deck"]
[('deck', '20', '*')]
>>> to_text(game_document(rules, "de")).splitlines()[0]
'Die Regeln von 66: Schnapsen (20 Karten)'
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from sixtysix.core.rules import CHOICES, PRESETS, Rules
from sixtysix.present.presets import LANGUAGES, preset_description, preset_name

DEFAULT = Rules.preset("seed66")
"""The default game the marks compare with."""

SOURCE_NAME = "rulebook.md"
GENERATE = "sixtysix rules --book --markdown > docs/rules.md"
"""The command that writes docs/rules.md."""

ALL_TABLES = frozenset({2, 3, 4})
WIDTH = 88
"""Characters per line of the terminal text."""

# -- words in three languages ------------------------------------------------------------------

HEADINGS: dict[str, dict[str, str]] = {
    "": {"de": "Die Regeln von 66", "fr": "Les règles du 66"},
    "1": {"de": "Über dieses Buch", "fr": "À propos de ce livre"},
    "1.1": {"de": "Begriffe", "fr": "Vocabulaire"},
    "1.2": {"de": "Wie man es liest", "fr": "Comment le lire"},
    "2": {"de": "66 zu zweit", "fr": "Le 66 à deux"},
    "2.1": {"de": "Karten und Werte", "fr": "Cartes et valeurs"},
    "2.2": {"de": "Das Geben", "fr": "La donne"},
    "2.3": {"de": "Stiche bei offenem Talon", "fr": "Les levées tant que le talon est ouvert"},
    "2.4": {"de": "Ziehen", "fr": "La pioche"},
    "2.5": {"de": "Der Austausch des Atout-Neuners", "fr": "L'échange du neuf d'atout"},
    "2.6": {"de": "Melden (Paare)", "fr": "Les mariages"},
    "2.7": {"de": "Zweite Phase: Farb- und Stichzwang", "fr": "Deuxième phase : les règles strictes"},
    "2.8": {"de": "Der letzte Stich", "fr": "La dernière levée"},
    "2.9": {"de": "Zudrehen", "fr": "La clôture du talon"},
    "2.10": {"de": "66 ansagen", "fr": "Annoncer 66"},
    "2.11": {"de": "Die Wertung: Schneider, Schwarz, Gleichstand", "fr": "Le décompte : schneider, schwarz, égalité"},
    "2.12": {"de": "Die Partie", "fr": "La manche"},
    "2.13": {"de": "Der Ablauf eines Zuges", "fr": "L'ordre d'un tour"},
    "3": {"de": "Optionen: die offenen Fragen", "fr": "Options : les questions ouvertes"},
    "3.1": {"de": "Die Optionen und die Voreinstellungen", "fr": "Les options et les variantes"},
    "3.2": {"de": "Kartenspiel, Tisch und Anzeige", "fr": "Le jeu de cartes, la table et l'affichage"},
    "4": {"de": "Schnapsen", "fr": "Le Schnapsen"},
    "4.1": {"de": "Was Schnapsen von 66 unterscheidet", "fr": "Ce qui distingue le Schnapsen du 66"},
    "4.2": {"de": "Weiches Schnapsen", "fr": "Le Schnapsen « doux »"},
    "5": {"de": "Zu dritt und zu viert", "fr": "À trois et à quatre"},
    "5.1": {"de": "66 zu dritt", "fr": "Le 66 à trois"},
    "5.2": {"de": "66 zu viert mit Partnern", "fr": "Le 66 à quatre en équipes"},
    "6": {"de": "Beispiele", "fr": "Exemples"},
    "6.1": {"de": "Karten, Geben, Stiche", "fr": "Cartes, donne, levées"},
    "6.2": {"de": "Zweite Phase", "fr": "Deuxième phase"},
    "6.3": {"de": "Melden", "fr": "Mariages"},
    "6.4": {"de": "Austauschen", "fr": "L'échange"},
    "6.5": {"de": "Zudrehen", "fr": "La clôture"},
    "6.6": {"de": "Ansagen und Spielende", "fr": "Annonces et fin de donne"},
    "6.7": {"de": "Partie und Geben", "fr": "La manche et la donne"},
    "6.8": {"de": "Schnapsen", "fr": "Le Schnapsen"},
    "6.9": {"de": "Zu dritt und zu viert", "fr": "À trois et à quatre"},
}
"""German and French headings of the rule book, by section number (``""`` is the title)."""

OPTION_LABELS: dict[str, dict[str, str]] = {
    "players": {"en": "Players", "de": "Spieler", "fr": "Joueurs"},
    "deck": {"en": "Cards in the pack", "de": "Karten im Spiel", "fr": "Cartes du jeu"},
    "hand_size": {"en": "Cards in a hand", "de": "Karten auf der Hand", "fr": "Cartes en main"},
    "nine_points": {"en": "Points of a nine", "de": "Punkte eines Neuners", "fr": "Points d'un neuf"},
    "exchange_rank": {"en": "Card of the exchange", "de": "Austauschkarte", "fr": "Carte d'échange"},
    "nine_exchange_rule": {"en": "Who may exchange", "de": "Wer austauschen darf", "fr": "Qui peut échanger"},
    "first_lead_exchange": {
        "en": "Exchange on the first lead",
        "de": "Austauschen beim ersten Ausspiel",
        "fr": "Échange à la première entame",
    },
    "exchange_on_close": {"en": "Exchange at the close", "de": "Austauschen beim Zudrehen", "fr": "Échange à la clôture"},
    "exchange_min_talon": {
        "en": "Smallest talon for an exchange",
        "de": "Kleinster Talon zum Austauschen",
        "fr": "Talon minimal pour l'échange",
    },
    "first_lead_marriage": {
        "en": "Marriage on the first lead",
        "de": "Melden beim ersten Ausspiel",
        "fr": "Mariage à la première entame",
    },
    "marriage_in_phase2": {
        "en": "Marriages in phase two",
        "de": "Melden in der zweiten Phase",
        "fr": "Mariages en deuxième phase",
    },
    "marriage_credit": {"en": "When a marriage counts", "de": "Wann ein Paar zählt", "fr": "Quand un mariage compte"},
    "marriage_claim_without_lead": {
        "en": "Claim after a marriage without leading",
        "de": "Nach dem Melden ansagen ohne auszuspielen",
        "fr": "Annoncer après un mariage sans jouer",
    },
    "marriage_lead_card": {
        "en": "Card led with a marriage",
        "de": "Ausgespielte Karte beim Melden",
        "fr": "Carte jouée avec un mariage",
    },
    "close_allowed": {"en": "Closing allowed", "de": "Zudrehen erlaubt", "fr": "Clôture permise"},
    "first_lead_close": {
        "en": "Close on the first lead",
        "de": "Zudrehen beim ersten Ausspiel",
        "fr": "Clôture à la première entame",
    },
    "close_before_draw": {"en": "Close before the draw", "de": "Zudrehen vor dem Ziehen", "fr": "Clôture avant la pioche"},
    "close_min_talon": {
        "en": "Smallest talon for a close",
        "de": "Kleinster Talon zum Zudrehen",
        "fr": "Talon minimal pour la clôture",
    },
    "closer_win_basis": {
        "en": "The closer's win is measured",
        "de": "Wertung eines gelungenen Zudrehens",
        "fr": "Mesure du gain de celui qui clôt",
    },
    "failed_close_points": {
        "en": "Points of a failed close",
        "de": "Punkte bei misslungenem Zudrehen",
        "fr": "Points d'une clôture manquée",
    },
    "beaten_closer_points": {
        "en": "Points against a beaten closer",
        "de": "Punkte gegen einen überholten Zudreher",
        "fr": "Points contre celui qui a clos et se fait devancer",
    },
    "closer_false_claim": {
        "en": "The closer's wrong claim",
        "de": "Falsche Ansage des Zudrehers",
        "fr": "Fausse annonce de celui qui a clos",
    },
    "false_claim_points": {
        "en": "Points of a wrong claim",
        "de": "Punkte bei falscher Ansage",
        "fr": "Points d'une fausse annonce",
    },
    "auto_claim": {"en": "Claim automatically", "de": "Automatisch ansagen", "fr": "Annonce automatique"},
    "strict_claims": {"en": "A closer must claim", "de": "Der Zudreher muss ansagen", "fr": "Celui qui clôt doit annoncer"},
    "must_head_trick": {"en": "Must head the trick", "de": "Stichzwang", "fr": "Obligation de monter"},
    "must_trump_when_void": {"en": "Must trump when void", "de": "Trumpfzwang", "fr": "Obligation de couper"},
    "last_trick_rule": {"en": "The last trick", "de": "Der letzte Stich", "fr": "La dernière levée"},
    "tie_rule": {"en": "A tie", "de": "Gleichstand", "fr": "Égalité"},
    "next_dealer": {"en": "Who deals next", "de": "Wer als Nächster gibt", "fr": "Qui donne ensuite"},
    "match_target": {"en": "Game points to win", "de": "Punkte zum Sieg", "fr": "Points pour gagner"},
    "may_review_tricks": {"en": "Looking at tricks", "de": "Stiche ansehen", "fr": "Regarder les levées"},
    "closed_deal_double": {
        "en": "A closed deal counts double",
        "de": "Zugedrehtes Spiel zählt doppelt",
        "fr": "Donne close comptée double",
    },
    "three_player_form": {"en": "Three-handed form", "de": "Form zu dritt", "fr": "Forme à trois"},
    "three_player_play_for_loser": {
        "en": "Play on for the loser",
        "de": "Um den Verlierer weiterspielen",
        "fr": "Continuer pour désigner le perdant",
    },
    "four_player_undertrump_required": {
        "en": "Must trump under",
        "de": "Unterstechen ist Pflicht",
        "fr": "Obligation de sous-couper",
    },
    "four_player_marriages": {"en": "Marriages in the four-handed game", "de": "Melden zu viert", "fr": "Mariages à quatre"},
    "four_player_scale": {"en": "The four-handed scale", "de": "Wertung zu viert", "fr": "Barème à quatre"},
    "ten_of_trumps_bonus": {
        "en": "Bonus for the ten of trumps",
        "de": "Bonus für die Trumpf-Zehn",
        "fr": "Prime du dix d'atout",
    },
}
"""Every option of :data:`~sixtysix.core.rules.CHOICES` in words, by language."""

WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "The rules of 66: {name}", "de": "Die Regeln von 66: {name}", "fr": "Les règles du 66 : {name}"},
    "options": {"en": "The options of this game", "de": "Die Optionen dieses Spiels", "fr": "Les options de cette partie"},
    "option": {"en": "option", "de": "Option", "fr": "option"},
    "value": {"en": "value", "de": "Wert", "fr": "valeur"},
    "default": {"en": "default", "de": "Standard", "fr": "par défaut"},
    "words": {"en": "in words", "de": "Bezeichnung", "fr": "intitulé"},
    "legend": {
        "en": "* differs from the default game (seed66); + set for this game, differs from the preset {preset}.",
        "de": "* weicht vom Standardspiel (seed66) ab; + für dieses Spiel gesetzt, weicht von der Voreinstellung "
        "{preset} ab.",
        "fr": "* diffère du jeu par défaut (seed66) ; + choisi pour cette partie, diffère de la variante {preset}.",
    },
    "english": {
        "en": "",
        "de": "Der Regeltext liegt nur auf Englisch vor; übersetzt sind die Überschriften, die Namen der Optionen "
        "und die Beschreibung des Spiels.",
        "fr": "Le texte des règles n'existe qu'en anglais ; les titres, les noms des options et la description du "
        "jeu sont traduits.",
    },
}
"""The words of a game's rules around the book's text."""

OPTION_TABLES: dict[str, frozenset[int]] = {
    **{name: frozenset({2, 3}) for name in CHOICES},
    **{
        name: ALL_TABLES
        for name in ("players", "deck", "hand_size", "nine_points", "tie_rule", "next_dealer", "match_target")
    },
    "may_review_tricks": frozenset({2, 3}),
    "three_player_form": frozenset({3}),
    "three_player_play_for_loser": frozenset({3}),
    **{
        name: frozenset({4})
        for name in ("four_player_undertrump_required", "four_player_marriages", "four_player_scale")
    },
    "ten_of_trumps_bonus": frozenset({4}),
}
"""The table sizes at which an option means something (a game's rules list only those)."""


def word(key: str, lang: str, **values: str) -> str:
    """One of :data:`WORDS` in ``lang`` (English when the language has none)."""
    texts = WORDS[key]
    return (texts.get(lang) or texts["en"]).format(**values)


def option_label(name: str, lang: str = "en") -> str:
    """The option's name in words.

    >>> option_label("tie_rule", "de")
    'Gleichstand'
    """
    labels = OPTION_LABELS.get(name, {})
    return labels.get(lang) or labels.get("en") or name


# -- the document --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    """``## 2.1 Cards and values``: level 2, number ``2.1``; ``players`` from its marker (``None``: inherited)."""

    level: int
    number: str
    title: str
    players: frozenset[int] | None = None
    translated: bool = False
    """Whether ``title`` is already in the document's language (the headings the code adds)."""

    def text(self, lang: str = "en") -> str:
        """The heading in ``lang``: its number and its translated title."""
        title = self.title
        if lang != "en" and not self.translated:
            title = HEADINGS.get(self.number, {}).get(lang, title)
        return f"{self.number} {title}" if self.number else title


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
    title: str = field(default="")


@cache
def source() -> str:
    """The rule book's text as written (``rulebook.md``)."""
    return resources.files("sixtysix.present").joinpath(SOURCE_NAME).read_text(encoding="utf-8")


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
        blocks[-1] = Heading(heading.level, heading.number, heading.title, tables, heading.translated)
    elif name in ("options-table", "options-summary"):
        blocks.append(Marker(name))


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


# -- the book and one game's rules -----------------------------------------------------------------


def preset_table() -> Table:
    """Every option with its values and each preset's value (``*``: differs from seed66)."""
    header = ("option", "values", *PRESETS)
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
    """One option of a game: its name, words, value, the default's value and the marks (``*``, ``+``)."""

    name: str
    label: str
    value: str
    default: str
    marks: str


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
        rows.append(OptionRow(name, option_label(name, lang), _text(value), _text(default), marks))
    return rows


def game_table(rules: Rules, lang: str = "en") -> Table:
    """The options of one game as a table, the marked rows flagged."""
    rows = option_rows(rules, lang)
    header = ("", word("option", lang), word("value", lang), word("default", lang), word("words", lang))
    cells = tuple(
        (row.marks, f"`{row.name}`", row.value, row.default if row.default != row.value else "", row.label)
        for row in rows
    )
    return Table(header, cells, tuple(row.name for row in rows), tuple(bool(row.marks) for row in rows))


def book_markdown() -> str:
    """The whole book as Markdown, the markers filled in: the text of docs/rules.md."""
    out = [
        f"<!-- Generated from src/sixtysix/present/{SOURCE_NAME} by `{GENERATE}`: edit that file, not this one. -->",
        "",
    ]
    for line in source().splitlines():
        marker = _MARKER.fullmatch(line.strip())
        if marker and marker.group(1) == "options-table":
            out.extend(table_markdown(preset_table()))
        elif marker and marker.group(1) == "options-summary":
            out.extend(_presets_markdown())
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def _presets_markdown() -> list[str]:
    lines = ["The presets:", ""]
    for name in PRESETS:
        item = f"* {_preset_item(name)}"
        lines.extend(textwrap.wrap(item, 92, subsequent_indent="  ", break_on_hyphens=False))
    return lines


def book_document() -> Document:
    """The whole book, for the terminal or the web (English)."""
    blocks = []
    for block in parse(source()):
        if isinstance(block, Marker):
            blocks.extend(_presets_blocks() if block.name == "options-summary" else [preset_table()])
        else:
            blocks.append(block)
    title = next(block.title for block in blocks if isinstance(block, Heading))
    return Document(tuple(blocks), "en", title)


def _presets_blocks() -> list[Block]:
    return [
        Paragraph("The presets:"),
        Items(tuple(_preset_item(name) for name in PRESETS)),
    ]


def _preset_item(name: str) -> str:
    return f"`{name}` ({preset_name(name)}). {preset_description(name)}"


def game_document(rules: Rules, lang: str = "en") -> Document:
    """The rules of one game: its preset in words, its options (marked where they differ),
    then the sections of the book that apply to its table size (no option table, no examples)."""
    lang = lang if lang in LANGUAGES else "en"
    title = word("title", lang, name=preset_name(rules.preset_name, lang))
    blocks: list[Block] = [Heading(1, "", title, translated=True)]
    for block in _sections_for(parse(source()), rules.players):
        if isinstance(block, Heading) and block.level == 1:
            continue  # the game's own title stands instead
        if isinstance(block, Marker):
            if block.name == "options-summary":
                blocks.extend(_game_blocks(rules, lang))
            continue
        blocks.append(block)
    return Document(tuple(blocks), lang, title)


def _game_blocks(rules: Rules, lang: str) -> list[Block]:
    blocks: list[Block] = [Paragraph(preset_description(rules.preset_name, lang))]
    if word("english", lang):
        blocks.append(Paragraph(word("english", lang)))
    blocks.append(Heading(2, "", word("options", lang), translated=True))
    blocks.append(game_table(rules, lang))
    blocks.append(Paragraph(word("legend", lang, preset=rules.preset_name)))
    return blocks


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
            title = block.text(document.lang)
            rule = {1: "=", 2: "-"}.get(block.level)
            out.extend(["", title, *([rule * len(title)] if rule else [])])
        elif isinstance(block, Paragraph):
            out.extend(["", *textwrap.wrap(plain(block.text), width, break_on_hyphens=False)])
        elif isinstance(block, Items):
            out.append("")
            for item in block.items:
                out.extend(
                    textwrap.wrap(plain(item), width, initial_indent="* ", subsequent_indent="  ", break_on_hyphens=False)
                )
        elif isinstance(block, Table):
            out.extend(["", *_aligned(block)])
        elif isinstance(block, Code):
            out.extend(["", *("    " + line for line in block.text.splitlines())])
    return "\n".join(out).strip("\n") + "\n"


def to_markdown(document: Document) -> str:
    """The document as Markdown (one game's rules; the whole book is :func:`book_markdown`)."""
    out: list[str] = []
    for block in document.blocks:
        if isinstance(block, Heading):
            out.extend(["", "#" * block.level + " " + block.text(document.lang)])
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


def _aligned(table: Table) -> list[str]:
    rows = [[plain(cell) for cell in row] for row in (table.header, *table.rows)]
    widths = [max(len(row[col]) for row in rows) for col in range(len(table.header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()

    return [line(rows[0]), line(["-" * w for w in widths]), *(line(row) for row in rows[1:])]


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
            out.append(f"<h{block.level}{anchor}>{html.escape(block.text(document.lang))}</h{block.level}>")
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
