"""docs/fairness.md is a complete specification: a verifier written from its text alone
(``fairness_verifier.py``, no import of sixtysix) agrees with the package on records of 20-, 24- and
32-card games and of two, three and four seats, made by the package with the web app's seeds."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from sixtysix import Rules, create_match
from sixtysix.core.errors import RecordError
from sixtysix.core.fairness import (
    DealSeeds,
    computer_seed,
    deal_deck,
    new_seeds,
    record_headers,
    verify_record,
)
from sixtysix.core.record import Record

from .fairness_verifier import verify

PRESETS = {"schnapsen": (20, 2), "seed66": (24, 2), "three66": (24, 3), "four66": (32, 4)}


def fair_record(preset: str, seed: int) -> str:
    """A whole match under ``preset``, every deal dealt from committed seeds as the web app deals them
    (a person's seed at seat 1, none at seat 3, the computer's at the others), played at random."""
    rng = random.Random(seed)
    rules = Rules.preset(preset)
    match = create_match(rules)
    seeds: list[DealSeeds] = []
    while not match.is_over:
        server = f"{rng.getrandbits(256):064x}"
        clients = ["person-" + str(rng.getrandbits(32))]
        clients += ["" if seat == 3 else computer_seed(server, seat) for seat in range(2, rules.players + 1)]
        dealt = new_seeds(server, clients)
        deal = match.new_deal(deck=deal_deck(dealt, len(match.deals) + 1, rules))
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        seeds.append(dealt)
        match.settle()
    headers = [("Seat1", 'Ann "the ace"'), *record_headers(seeds)]
    return Record.from_match(match, headers).text()


def test_the_verifier_imports_nothing_of_the_package() -> None:
    tree = ast.parse((Path(__file__).parent / "fairness_verifier.py").read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "hashlib", "hmac", "re"}


@pytest.mark.parametrize("preset", PRESETS)
def test_a_verifier_from_the_document_alone_confirms_the_packages_records(preset: str) -> None:
    size, seats = PRESETS[preset]
    for seed in range(3):
        text = fair_record(preset, seed)
        assert 'deck="' in text and len(text.split('deck="')[1].split('"')[0].split()) == size
        assert f"ClientSeed{seats}" in text and f"ClientSeed{seats + 1}" not in text
        ours = verify(text)
        package = verify_record(text)
        assert len(ours) == len(package) >= 1
        assert [status for _, status, _ in ours] == ["ok"] * len(ours)
        assert [v.status for v in package] == ["ok"] * len(package)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_verifier_and_the_package_refuse_the_same_forgeries(preset: str) -> None:
    text = fair_record(preset, 7)
    header = next(line for line in text.splitlines() if line.startswith("[Deal1ServerSeed "))
    seed = header.split('"')[1]
    deal_line = next(line for line in text.splitlines() if line.startswith("deal "))
    cards = deal_line.split('deck="')[1].split('"')[0].split()
    swapped = " ".join([cards[1], cards[0], *cards[2:]])
    computer = next(line for line in text.splitlines() if line.startswith("[Deal1ClientSeed2 ")).split('"')[1]
    forgeries = {
        "another server seed": text.replace(header, f'[Deal1ServerSeed "{seed[::-1]}"]'),
        "another deck": text.replace(deal_line, deal_line.replace(" ".join(cards), swapped)),
        "another client seed": text.replace('[Deal1ClientSeed1 "person-', '[Deal1ClientSeed1 "someone-'),
        "another computer seed": text.replace(computer, "computer-" + "0" * 32),
    }
    for what, forged in forgeries.items():
        ours = verify(forged)[0][1]
        package = verify_record(forged)[0].status if _replays(forged) else "fail"
        assert ours == package == "fail", what


def _replays(text: str) -> bool:
    """Whether the record still replays (a swapped deck may make an action illegal: then it is no record)."""
    try:
        verify_record(text)
    except RecordError:
        return False
    return True


def test_a_record_without_fairness_data_is_not_verifiable_for_both() -> None:
    text = "\n".join(line for line in fair_record("seed66", 1).splitlines() if not line.startswith("[Deal1Commit"))
    assert verify(text)[0][1] == verify_record(text)[0].status == "not verifiable"
