"""Provably fair deals (docs/fairness.md): the shuffle of committed seeds, its record headers, and
``sixtysix verify``: a fair record verifies, and every change (deck, server seed, client seed,
commitment) fails with its own reason."""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from sixtysix import Rules, create_match
from sixtysix.cli import format_replay, main
from sixtysix.core.cards import CARD_NAMES, Card
from sixtysix.core.fairness import (
    FAIL,
    FULL_PACKS,
    OK,
    PENDING,
    UNVERIFIABLE,
    DealSeeds,
    commitment_of,
    deal_deck,
    exit_status,
    fair_deck,
    new_seeds,
    pack_of,
    record_headers,
    shuffle_message,
    verify_record,
)
from sixtysix.core.record import Record, replay

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"


def fair_record(
    preset: str = "seed66",
    deals: int = 2,
    *,
    finish_last: bool = True,
    tamper: dict[int, Sequence[Card]] | None = None,
    client: tuple[str, ...] | None = None,
) -> tuple[Record, list[DealSeeds]]:
    """A match whose deals are the shuffles of their seeds (deal N of ``tamper``: that deck instead),
    played with the first legal action; the last deal left unfinished unless ``finish_last``."""
    rules = Rules.preset(preset)
    match = create_match(rules)
    seeds = []
    for number in range(1, deals + 1):
        given = client if client is not None else tuple(f"seat{s}-{number}" for s in rules.seats)
        deal_seeds = new_seeds(f"server-{preset}-{number}", given)
        deck = (tamper or {}).get(number) or deal_deck(deal_seeds, number, rules)
        deal = match.new_deal(deck)
        seeds.append(deal_seeds)
        while not deal.is_over and (finish_last or number < deals or len(deal.history) < 3):
            deal.apply(deal.legal_actions()[0])
        if match.is_over:
            break
    shown = [s if match.deals[i].is_over else s.hidden() for i, s in enumerate(seeds)]
    return Record.from_match(match, record_headers(shown)), seeds


def with_header(record: Record, name: str, value: str | None) -> str:
    """The record's text with header ``name`` set to ``value`` (``None``: left out)."""
    headers = [(k, v) for k, v in record.headers if k != name]
    if value is not None:
        headers.append((name, value))
    return Record(headers, record.deals).text()


@pytest.mark.parametrize("preset", ["seed66", "schnapsen", "three66", "four66"])
def test_a_fair_record_verifies_at_every_table_size(preset: str) -> None:
    record, _ = fair_record(preset, deals=3)
    verdicts = verify_record(record)
    assert [v.status for v in verdicts] == [OK] * len(record.deals)
    assert exit_status(verdicts) == 0
    assert "gave no client seed" not in verdicts[0].reason


@pytest.mark.parametrize("preset", ["seed66", "three66", "four66"])
def test_the_headers_do_not_change_the_replay(preset: str) -> None:
    record, _ = fair_record(preset, deals=2)
    bare = Record([(k, v) for k, v in record.headers if k != "Fairness" and not k.startswith("Deal")], record.deals)
    assert any(k.startswith("Deal1") for k, _ in record.headers)
    assert replay(record).to_json() == replay(bare).to_json()
    assert format_replay(replay(record)) == format_replay(replay(bare))
    assert Record.parse(record.text()).text() == record.text()


def test_a_changed_deck_fails_naming_the_first_wrong_card() -> None:
    _, seeds = fair_record(deals=2)
    true_deck = deal_deck(seeds[1], 2, Rules.preset("seed66"))
    forged = (true_deck[1], true_deck[0], *true_deck[2:])
    record, _ = fair_record(deals=2, tamper={2: forged})
    verdicts = verify_record(record)
    assert [v.status for v in verdicts] == [OK, FAIL]
    assert verdicts[1].reason == (
        f"the deck is not the shuffle of these seeds: card 1 is {CARD_NAMES[forged[0]]}, "
        f"the seeds give {CARD_NAMES[true_deck[0]]}"
    )
    assert exit_status(verdicts) == 1


def test_a_changed_server_seed_fails_on_the_commitment() -> None:
    record, _ = fair_record(deals=2)
    verdict = verify_record(with_header(record, "Deal1ServerSeed", "server-seed66-9"))[0]
    assert (verdict.status, verdict.reason) == (FAIL, "the server seed does not match the commitment")


def test_a_commitment_that_does_not_match_fails() -> None:
    record, _ = fair_record(deals=2)
    verdict = verify_record(with_header(record, "Deal2Commit", commitment_of("another seed")))[1]
    assert (verdict.status, verdict.reason) == (FAIL, "the server seed does not match the commitment")


def test_a_changed_client_seed_fails_on_the_deck() -> None:
    record, _ = fair_record(deals=2)
    verdict = verify_record(with_header(record, "Deal1ClientSeed2", "seat2-X"))[0]
    assert verdict.status == FAIL
    assert re.fullmatch(
        r"the deck is not the shuffle of these seeds: card \d+ is \w\w, the seeds give \w\w", verdict.reason
    )


def test_a_new_seed_with_its_own_commitment_still_fails_on_the_deck() -> None:
    """A forger who replaces both the seed and the commitment still has to match the deck played."""
    record, _ = fair_record(deals=1)
    text = with_header(
        Record.parse(with_header(record, "Deal1ServerSeed", "forged")), "Deal1Commit", commitment_of("forged")
    )
    verdict = verify_record(text)[0]
    assert verdict.status == FAIL and verdict.reason.startswith("the deck is not the shuffle of these seeds")


def test_an_unfinished_deal_is_pending_and_a_finished_one_without_its_seed_is_not_verifiable() -> None:
    record, _ = fair_record(deals=2, finish_last=False)
    assert record.header("Deal2ServerSeed") is None and record.header("Deal2Commit") is not None
    verdicts = verify_record(record)
    assert [v.status for v in verdicts] == [OK, PENDING]
    assert exit_status(verdicts) == 0
    hidden = verify_record(with_header(record, "Deal1ServerSeed", None))[0]
    assert (hidden.status, hidden.reason) == (UNVERIFIABLE, "the server seed has not been revealed")


def test_a_record_without_fairness_data_is_not_verifiable() -> None:
    record, _ = fair_record(deals=1)
    verdicts = verify_record(with_header(record, "Fairness", None))
    assert [(v.status, v.reason) for v in verdicts] == [(UNVERIFIABLE, "no Fairness header")]
    assert exit_status(verdicts) == 3
    no_commit = verify_record(with_header(record, "Deal1Commit", None))[0]
    assert no_commit.reason == "no commitment (no Deal1Commit header)"


def test_a_seat_without_a_client_seed_is_named() -> None:
    record, _ = fair_record(deals=1, client=("mine", ""))
    assert record.header("Deal1ClientSeed2") == ""
    verdict = verify_record(with_header(record, "Deal1ClientSeed2", None))[0]
    assert verdict.status == OK and verdict.reason.endswith("; seat 2 gave no client seed")


def test_each_input_changes_the_deck() -> None:
    pack = FULL_PACKS[24]
    base = fair_deck("s", ("a", "b"), 1, pack)
    assert sorted(base) == list(pack)
    assert base != fair_deck("t", ("a", "b"), 1, pack)
    assert base != fair_deck("s", ("a", "c"), 1, pack)
    assert base != fair_deck("s", ("b", "a"), 1, pack)
    assert base != fair_deck("s", ("a", "b"), 2, pack)
    assert base == fair_deck("s", ("a", "b"), 1, pack)


def test_every_card_lands_everywhere_equally_often() -> None:
    """Over 4800 shuffles each of the 24 cards takes each of the 24 places about 200 times."""
    pack = FULL_PACKS[24]
    counts: Counter[tuple[int, int]] = Counter()
    for n in range(4800):
        for place, card in enumerate(fair_deck(f"seed {n}", ("x",), 1, pack)):
            counts[card, place] += 1
    chi2 = sum((counts[c, p] - 200) ** 2 / 200 for c in pack for p in range(24))
    assert 400 < chi2 < 680  # 529 degrees of freedom: beyond 5 standard deviations either way is a bias


# -- the document ---------------------------------------------------------------------------------


def _doc_blocks() -> list[str]:
    return DOC.read_text(encoding="utf-8").split("```")[1::2]


def test_the_worked_example_is_what_the_code_computes() -> None:
    block = next(b for b in _doc_blocks() if "server seed:" in b)
    values = dict(line.split(":", 1) for line in block.strip().splitlines())
    example = {key.strip(): value.strip() for key, value in values.items()}
    client = (example["client seed 1"], example["client seed 2"])
    pack = FULL_PACKS[24]
    server_seed = example["server seed"]
    assert example["pack"] == " ".join(CARD_NAMES[c] for c in pack)
    assert example["commitment"] == commitment_of(server_seed)
    import hashlib
    import hmac

    message = shuffle_message(client, int(example["deal"]), pack)
    block0 = hmac.new(server_seed.encode(), (message + "\nblock 0").encode(), hashlib.sha256).hexdigest()
    assert example["block 0"] == block0
    deck = fair_deck(server_seed, client, int(example["deal"]), pack)
    assert example["deck"] == " ".join(CARD_NAMES[c] for c in deck)


def test_the_reference_implementation_agrees_with_the_core() -> None:
    code = next(b for b in _doc_blocks() if b.startswith("python"))[len("python") :]
    namespace: dict[str, object] = {}
    exec(compile(code, str(DOC), "exec"), namespace)
    rng = random.Random(5)
    for size in (20, 24, 32):
        for _ in range(20):
            seed = f"{rng.getrandbits(256):064x}"
            client = tuple(rng.choice(["", "abc", "Z-9_q"]) for _ in range(rng.choice((2, 3, 4))))
            number = rng.randint(1, 30)
            pack = FULL_PACKS[size]
            names = namespace["starting_pack"](size)  # type: ignore[operator]
            assert names == [CARD_NAMES[c] for c in pack]
            reference = namespace["deck"](seed, client, number, names)  # type: ignore[operator]
            assert reference == [CARD_NAMES[c] for c in fair_deck(seed, client, number, pack)]
            assert namespace["commitment"](seed) == commitment_of(seed)  # type: ignore[operator]


def test_the_pack_of_each_preset_is_in_the_documented_order() -> None:
    for preset, size in (("seed66", 24), ("schnapsen", 20), ("three66", 24), ("four66", 32)):
        assert pack_of(Rules.preset(preset)) == FULL_PACKS[size]


# -- sixtysix verify ------------------------------------------------------------------------------


def run_verify(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["verify", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_verify_prints_a_line_per_deal_and_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = fair_record(deals=2)
    path = tmp_path / "match.66r"
    path.write_text(record.text(), encoding="utf-8")
    status, out, _ = run_verify([str(path)], capsys)
    assert status == 0
    assert out.splitlines() == [
        "deal 1: OK (the server seed matches the commitment and the seeds give this deck)",
        "deal 2: OK (the server seed matches the commitment and the seeds give this deck)",
    ]


def test_verify_reads_standard_input_and_reports_a_failure(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = fair_record(deals=2)
    monkeypatch.setattr("sys.stdin", io.StringIO(with_header(record, "Deal2ServerSeed", "nope")))
    status, out, _ = run_verify(["--json", "-"], capsys)
    assert status == 1
    answer = json.loads(out)
    assert answer["status"] == 1
    assert answer["deals"][1] == {
        "deal": 2,
        "status": "fail",
        "reason": "the server seed does not match the commitment",
    }


def test_verify_exit_status_3_without_fairness_data_and_2_for_an_invalid_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = fair_record(deals=1)
    path = tmp_path / "plain.66r"
    path.write_text(with_header(record, "Fairness", None), encoding="utf-8")
    status, out, _ = run_verify([str(path)], capsys)
    assert (status, out.strip()) == (3, "deal 1: NOT VERIFIABLE (no Fairness header)")
    path.write_text(record.text() + "1:Zz\n", encoding="utf-8")
    status, _, err = run_verify([str(path)], capsys)
    assert status == 2 and err.startswith("invalid record: ")
