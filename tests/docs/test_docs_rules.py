"""docs/rules.md is the project's rule book: generated from the package's text, its option table
true to ``Rules`` and the presets, and every rule ID and section the code and tests cite is in it."""

from __future__ import annotations

import pathlib
import re
import subprocess

from sixtysix.core.rules import CHOICES, PRESETS
from sixtysix.present import rulebook
from sixtysix.present.rulewords import option_names
from sixtysix.present.words import LANGUAGES, catalogue

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules.md"

# A rule ID as the code and the tests cite it: R-P2-2, R-3P-3, TC-17, TC-S1, TC-4P2, or an open question A1..A20.
RULE_ID = re.compile(r"\b(R-[A-Z0-9]+-[0-9]+|TC-(?:[0-9]{2}|S[0-9]|V[0-9]|3P[0-9]|4P[0-9])|A(?:[1-9]|1[0-9]|20))\b")
SECTION_REF = re.compile(r"rules\.md ?§ ?([0-9]+(?:\.[0-9]+)*)")


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _cited_files() -> dict[str, str]:
    """The tracked sources, tests, benchmarks and docs (other than the rule book itself)."""
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    own = {"docs/rules.md", "src/sixtysix/present/rulebook.md"}
    wanted = [n for n in names if n not in own and n.endswith((".py", ".md")) and (ROOT / n).exists()]
    return {name: (ROOT / name).read_text(encoding="utf-8") for name in wanted}


def test_docs_rules_is_the_generated_rule_book() -> None:
    assert _doc() == rulebook.book_markdown(), f"docs/rules.md is out of date: run `{rulebook.GENERATE}`"


def _option_table(text: str) -> list[list[str]]:
    """The rows of the table under "### 3.1": option, values, then one cell per preset."""
    section = text.split("### 3.1 ", 1)[1].split("\n### ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    assert header == ["option", "values", *PRESETS]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def _table_errors(rows: list[list[str]]) -> list[str]:
    """Where the doc's option table disagrees with ``CHOICES`` and ``PRESETS``."""
    errors = []
    if [row[0] for row in rows] != [f"`{name}`" for name in CHOICES]:
        errors.append("the options are not those of Rules, in its order")
    default = PRESETS["seed66"]
    for row in rows:
        name = row[0].strip("`")
        if name not in CHOICES:
            continue
        choices = [rulebook._text(value) for value in CHOICES[name]]
        if row[1] != ("1 to 1000" if name == "match_target" else ", ".join(choices)):
            errors.append(f"{name}: values {row[1]!r}")
        if choices and choices[0] != rulebook._text(getattr(default, name)):
            errors.append(f"{name}: the first value listed is not the default")
        for cell, rules in zip(row[2:], PRESETS.values(), strict=True):
            value = getattr(rules, name)
            if cell != rulebook._text(value) + (" *" if value != getattr(default, name) else ""):
                errors.append(f"{name}: {rules.preset_name} has {rulebook._text(value)}, the doc {cell!r}")
    return errors


def test_the_option_table_of_the_doc_is_rules_and_its_presets() -> None:
    rows = _option_table(_doc())
    assert len(rows) == len(CHOICES)
    assert _table_errors(rows) == []


def test_the_option_table_check_finds_a_wrong_value() -> None:
    planted = _doc().replace(
        "| `tie_rule` | carry_one, void | carry_one | void * |", "| `tie_rule` | carry_one, void | void | void |"
    )
    assert _table_errors(_option_table(planted)) == [
        "tie_rule: seed66 has carry_one, the doc 'void'",
        "tie_rule: pagat66 has void, the doc 'void'",
    ]


def test_every_option_is_explained_and_named_in_three_languages() -> None:
    text = rulebook.source()
    explained = text.split("## 3 ", 1)[1].split("\n## 4 ", 1)[0]
    for name in CHOICES:
        assert f"`{name}`" in explained, f"section 3 does not explain {name}"
    assert set(option_names()) == set(CHOICES)
    for name in CHOICES:
        assert all(catalogue(lang).get(f"rulebook.option.{name}") for lang in LANGUAGES), name


def test_every_rule_id_cited_in_the_code_and_the_tests_is_in_the_rule_book() -> None:
    defined = rulebook.rule_ids(_doc())
    cited: dict[str, set[str]] = {}
    for name, text in _cited_files().items():
        for found in RULE_ID.findall(text):
            cited.setdefault(found, set()).add(name)
    assert len(cited) > 80, "the scan found too few citations"
    missing = {rule: sorted(files) for rule, files in cited.items() if rule not in defined}
    assert missing == {}


def test_the_rule_book_defines_the_rules_of_every_part_of_the_game() -> None:
    defined = rulebook.rule_ids(_doc())
    expected = {
        "R-CARD": 3, "R-DEAL": 3, "R-PLAY": 4, "R-DRAW": 3, "R-NINE": 5, "R-MAR": 7, "R-P2": 4, "R-LAST": 3,
        "R-CLOSE": 7, "R-CLAIM": 6, "R-SCORE": 8, "R-MATCH": 3, "R-3P": 5, "R-4P": 10,
    }  # fmt: skip
    for family, count in expected.items():
        assert {f"{family}-{n}" for n in range(1, count + 1)} <= defined, family
    assert {f"TC-{n:02d}" for n in range(1, 57)} <= defined
    assert {f"A{n}" for n in range(1, 21)} <= defined


def test_the_scan_finds_an_unknown_rule_id() -> None:
    unknown, case = "R-P2-" + "9", "TC-" + "99"  # in parts, so that this file cites no unknown rule
    assert RULE_ID.findall(f"see {unknown} and {case}, not R-P2-2") == [unknown, case, "R-P2-2"]
    assert unknown not in rulebook.rule_ids(_doc()) and "R-P2-2" in rulebook.rule_ids(_doc())


def test_every_section_cited_as_rules_md_exists() -> None:
    numbers = {heading.number for heading in rulebook.headings(rulebook.book_document())}
    cited = {
        (number, name) for name, text in _cited_files().items() for number in SECTION_REF.findall(text)
    }  # fmt: skip
    assert len(cited) > 10
    assert sorted((number, name) for number, name in cited if number not in numbers) == []
