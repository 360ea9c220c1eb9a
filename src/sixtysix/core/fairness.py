"""Provably fair deals: the shuffle of a server seed and the players' client seeds (docs/fairness.md).

Scheme ``66F1``. Before the first card of a deal the server publishes a commitment,
``sha256:`` and the SHA-256 of its secret server seed; every seat has a client seed (its
own, or one the server chose for a computer seat), shown with the commitment. The deck is
a pure function of the server seed, the client seeds, the deal number and the pack
(:func:`fair_deck`): HMAC-SHA256 keyed with the server seed, as a counter-mode byte
stream, drives a Fisher-Yates shuffle with rejection sampling (no modulo bias). When the
deal ends the server seed is revealed, and anyone can check that it matches the
commitment and gives the deck that was played (:func:`verify_deal`).

>>> from sixtysix.core.cards import CARD_NAMES
>>> seeds = DealSeeds(commitment_of("example"), ("alice", "bob"), "example")
>>> deck = fair_deck("example", ("alice", "bob"), 1, FULL_PACKS[24])
>>> " ".join(CARD_NAMES[c] for c in deck[:6])
'Jc Tc Ks Qs Jh Kh'
>>> verify_deal(seeds, 1, FULL_PACKS[24], deck).status
'ok'
>>> verify_deal(seeds, 1, FULL_PACKS[24], deck[1:] + deck[:1]).reason
'the deck is not the shuffle of these seeds: card 1 is Tc, the seeds give Jc'

A record carries the data in free headers (``[Fairness "66F1"]``, ``[Deal1Commit "…"]``,
``[Deal1ClientSeed1 "…"]``, ``[Deal1ServerSeed "…"]``), which replaying ignores
(:func:`seed_headers`, :func:`read_seeds`, :func:`verify_record`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sixtysix.core.cards import CARD_NAMES, Card, cards_of, pack_mask
from sixtysix.core.record import Record, replay
from sixtysix.core.rules import Rules
from sixtysix.core.table import Table

SCHEME = "66F1"
"""The name of this scheme, the value of the ``Fairness`` header."""

COMMITMENT_PREFIX = "sha256:"

CLIENT_SEED = re.compile(r"^[A-Za-z0-9_-]{0,64}$")
"""What a client seed may be: up to 64 letters, digits, ``-`` and ``_`` (empty: none given)."""

COMPUTER_PREFIX = "computer-"
"""A client seed that starts so is a computer seat's, derived from the server seed (:func:`computer_seed`)."""

OK, FAIL, PENDING, UNVERIFIABLE = "ok", "fail", "pending", "not verifiable"
"""The verdicts of a deal: verified; refuted; unfinished, its seed not revealed yet; no data to check."""

FULL_PACKS: dict[int, tuple[Card, ...]] = {size: tuple(cards_of(pack_mask(size))) for size in (20, 24, 32)}
"""The packs in their starting order: clubs, diamonds, hearts, spades, each ace, ten, king, queen, jack, nine (8, 7)."""


def pack_of(rules: Rules) -> tuple[Card, ...]:
    """The pack of ``rules`` in its starting order (:data:`FULL_PACKS`).

    >>> len(pack_of(Rules.preset("schnapsen"))), len(pack_of(Rules.preset("four66")))
    (20, 32)
    """
    return FULL_PACKS[rules.deck]


def deal_deck(seeds: DealSeeds, deal_number: int, rules: Rules) -> tuple[Card, ...]:
    """The deck of deal ``deal_number`` under ``rules`` from seeds that hold their server seed."""
    if seeds.server_seed is None:
        raise ValueError("the deck needs the server seed")
    return fair_deck(seeds.server_seed, seeds.client_seeds, deal_number, pack_of(rules))


def commitment_of(server_seed: str) -> str:
    """The commitment to a server seed: ``sha256:`` and the hex SHA-256 of its UTF-8 text.

    >>> commitment_of("example")
    'sha256:50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c'
    """
    return COMMITMENT_PREFIX + hashlib.sha256(server_seed.encode("utf-8")).hexdigest()


def shuffle_message(client_seeds: Sequence[str], deal_number: int, pack: Sequence[Card]) -> str:
    """The text the HMAC signs, before the block counter: scheme, deal, pack, a line per seat.

    >>> print(shuffle_message(("alice", ""), 2, FULL_PACKS[20]))
    66F1
    deal 2
    pack Ac Tc Kc Qc Jc Ad Td Kd Qd Jd Ah Th Kh Qh Jh As Ts Ks Qs Js
    seat 1 alice
    seat 2
    """
    lines = [SCHEME, f"deal {deal_number}", "pack " + " ".join(CARD_NAMES[c] for c in pack)]
    lines += [f"seat {seat} {seed}".rstrip() for seat, seed in enumerate(client_seeds, start=1)]
    return "\n".join(lines)


def byte_stream(server_seed: str, message: str) -> Iterator[int]:
    """The bytes of blocks 0, 1, 2, …: block ``i`` is HMAC-SHA256(server seed, message + ``"\\nblock i"``).

    >>> stream = byte_stream("example", "m")
    >>> bytes(next(stream) for _ in range(4)).hex()
    'bb7f4f47'
    """
    key = server_seed.encode("utf-8")
    block = 0
    while True:
        yield from hmac.new(key, f"{message}\nblock {block}".encode(), hashlib.sha256).digest()
        block += 1


def uniform_below(limit: int, stream: Iterator[int]) -> int:
    """A uniform number in ``0 .. limit-1`` from four bytes (big-endian), skipping values that would bias it.

    >>> uniform_below(10, iter([0, 0, 0, 23]))
    3
    >>> uniform_below(3, iter([255, 255, 255, 255, 0, 0, 0, 5]))  # 2**32-1 is rejected: 2**32 % 3 == 1
    2
    """
    accepted = 2**32 - 2**32 % limit
    while True:
        value = int.from_bytes(bytes(next(stream) for _ in range(4)), "big")
        if value < accepted:
            return value % limit


def fair_deck(
    server_seed: str, client_seeds: Sequence[str], deal_number: int, pack: Sequence[Card]
) -> tuple[Card, ...]:
    """The deck (top first) of deal ``deal_number``: ``pack`` shuffled by the seeds' byte stream.

    Fisher-Yates from the end: for ``i`` from ``len(pack) - 1`` down to 1, swap card ``i``
    with card ``uniform_below(i + 1)``.

    >>> from sixtysix.core.cards import format_cards
    >>> deck = fair_deck("example", ("alice", "bob"), 1, FULL_PACKS[24])
    >>> sorted(deck) == list(FULL_PACKS[24]), deck != fair_deck("example", ("alice", "bob"), 2, FULL_PACKS[24])
    (True, True)
    """
    deck = list(pack)
    stream = byte_stream(server_seed, shuffle_message(client_seeds, deal_number, pack))
    for i in range(len(deck) - 1, 0, -1):
        j = uniform_below(i + 1, stream)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@dataclass(frozen=True)
class DealSeeds:
    """What a deal's fairness rests on: the commitment, every seat's client seed, the server seed once revealed."""

    commitment: str
    client_seeds: tuple[str, ...]
    """Seat 1 first; ``""`` for a seat that gave none."""
    server_seed: str | None = None
    """``None`` until the deal has ended."""

    def revealed(self, server_seed: str) -> DealSeeds:
        return DealSeeds(self.commitment, self.client_seeds, server_seed)

    def hidden(self) -> DealSeeds:
        """The same without the server seed: what may be shown while the deal is played."""
        return DealSeeds(self.commitment, self.client_seeds)


def computer_seed(server_seed: str, seat: int) -> str:
    """The client seed of the computer at ``seat``: ``computer-`` and the first 32 hex digits of
    HMAC-SHA256(key = server seed, ``66F1 computer seed S``).

    It is fixed by the server seed, so the commitment to the server seed commits to it too, before
    any person's client seed is sent: the server cannot pick the computer's seed after seeing
    yours. It tells nothing of the server seed (shown from the first card on, as every client seed).

    >>> computer_seed("example", 2)
    'computer-bc6e4eef9edccdd87813d1c742b76b10'
    """
    text = f"{SCHEME} computer seed {seat}".encode()
    return COMPUTER_PREFIX + hmac.new(server_seed.encode("utf-8"), text, hashlib.sha256).hexdigest()[:32]


def new_seeds(server_seed: str, client_seeds: Sequence[str]) -> DealSeeds:
    """The seeds of a new deal, committed (the server seed kept for the reveal).

    >>> new_seeds("example", ("a", "b")).hidden().server_seed is None
    True
    """
    return DealSeeds(commitment_of(server_seed), tuple(client_seeds), server_seed)


REASONS = {
    "not_revealed": "the server seed has not been revealed",
    "commitment_mismatch": "the server seed does not match the commitment",
    "not_the_pack": "the deck is not the pack of the rules",
    "computer_seed": "seat {seat}'s computer seed is not the one the server seed commits to",
    "not_the_shuffle": "the deck is not the shuffle of these seeds: card {position} is {shown}, the seeds give "
    "{wanted}",
    "ok": "the server seed matches the commitment and the seeds give this deck",
    "ok_without_seed": "the server seed matches the commitment and the seeds give this deck; seat {seats} gave no "
    "client seed",
    "no_scheme": "no Fairness header",
    "unknown_scheme": "unknown fairness scheme {scheme!r}",
    "no_commitment": "no commitment (no Deal{number}Commit header)",
    "pending": "the deal has not ended: its server seed is still secret",
}
"""Why a deal has its verdict, by code, in English (``code`` and ``values`` of a :class:`Verdict` let a front end
word it in another language)."""


@dataclass(frozen=True)
class Verdict:
    """The verification of one deal: ``ok``, ``fail``, ``pending`` or ``not verifiable``, and why.

    ``reason`` is the English sentence; ``code`` its key in :data:`REASONS` and ``values`` the values of its
    placeholders (``()`` for a verdict made by hand with a reason only).
    """

    deal: int
    status: str
    reason: str
    code: str = ""
    values: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, deal: int, status: str, code: str, **values: object) -> Verdict:
        """The verdict whose reason is :data:`REASONS` ``[code]`` with ``values``.

        >>> Verdict.of(2, PENDING, "no_commitment", number=2).reason
        'no commitment (no Deal2Commit header)'
        """
        words = tuple((name, str(value)) for name, value in values.items())
        return cls(deal, status, REASONS[code].format(**values), code, words)

    def to_json(self) -> dict[str, object]:
        return {"deal": self.deal, "status": self.status, "reason": self.reason}

    def text(self) -> str:
        """``deal 1: OK (…)``, as ``sixtysix verify`` prints it."""
        return f"deal {self.deal}: {self.status.upper()} ({self.reason})"


def verify_deal(seeds: DealSeeds, deal_number: int, pack: Sequence[Card], deck: Sequence[Card]) -> Verdict:
    """Whether ``deck`` is the shuffle of ``seeds`` and the revealed server seed matches the commitment."""
    if seeds.server_seed is None:
        return Verdict.of(deal_number, UNVERIFIABLE, "not_revealed")
    if not hmac.compare_digest(commitment_of(seeds.server_seed), seeds.commitment):
        return Verdict.of(deal_number, FAIL, "commitment_mismatch")
    for seat, seed in enumerate(seeds.client_seeds, start=1):
        if seed.startswith(COMPUTER_PREFIX) and not hmac.compare_digest(seed, computer_seed(seeds.server_seed, seat)):
            return Verdict.of(deal_number, FAIL, "computer_seed", seat=seat)
    expected = fair_deck(seeds.server_seed, seeds.client_seeds, deal_number, pack)
    if tuple(deck) != expected:
        if sorted(deck) != sorted(pack):
            return Verdict.of(deal_number, FAIL, "not_the_pack")
        first = next(i for i, (got, want) in enumerate(zip(deck, expected, strict=True)) if got != want)
        shown, wanted = CARD_NAMES[deck[first]], CARD_NAMES[expected[first]]
        return Verdict.of(deal_number, FAIL, "not_the_shuffle", position=first + 1, shown=shown, wanted=wanted)
    missing = [str(seat) for seat, seed in enumerate(seeds.client_seeds, start=1) if not seed]
    if missing:
        return Verdict.of(deal_number, OK, "ok_without_seed", seats=", ".join(missing))
    return Verdict.of(deal_number, OK, "ok")


# -- the record headers ------------------------------------------------------------------------


def seed_headers(number: int, seeds: DealSeeds) -> list[tuple[str, str]]:
    """The headers of deal ``number``: the commitment, each seat's client seed, the server seed if revealed.

    >>> seed_headers(2, DealSeeds("sha256:ab", ("x", "")))
    [('Deal2Commit', 'sha256:ab'), ('Deal2ClientSeed1', 'x'), ('Deal2ClientSeed2', '')]
    """
    headers = [(f"Deal{number}Commit", seeds.commitment)]
    headers += [(f"Deal{number}ClientSeed{seat}", seed) for seat, seed in enumerate(seeds.client_seeds, start=1)]
    if seeds.server_seed is not None:
        headers.append((f"Deal{number}ServerSeed", seeds.server_seed))
    return headers


def record_headers(seeds: Sequence[DealSeeds]) -> list[tuple[str, str]]:
    """The ``Fairness`` header and the headers of every deal (deal 1 first); none without deals."""
    if not seeds:
        return []
    headers = [("Fairness", SCHEME)]
    for number, deal_seeds in enumerate(seeds, start=1):
        headers += seed_headers(number, deal_seeds)
    return headers


def read_seeds(record: Record, number: int, seats: int) -> DealSeeds | None:
    """The seeds of deal ``number`` from the record's headers; ``None`` without a commitment.

    A seat without a ``DealNClientSeedS`` header gave no client seed (``""``).
    """
    commitment = record.header(f"Deal{number}Commit")
    if commitment is None:
        return None
    client = tuple(record.header(f"Deal{number}ClientSeed{seat}") or "" for seat in range(1, seats + 1))
    return DealSeeds(commitment, client, record.header(f"Deal{number}ServerSeed"))


def verify_record(record: Record | str) -> list[Verdict]:
    """A verdict for every deal of a record (or its text); raises :class:`RecordError` if it is invalid.

    >>> [v.status for v in verify_record('[Format "66R 1"]\\n')]
    []
    """
    result = replay(record)
    record = result.record
    rules = record.rules()
    scheme = record.header("Fairness")
    pack = pack_of(rules)
    played: Sequence[Table] = result.match.deals
    verdicts = []
    for number, (deal, table) in enumerate(zip(record.deals, played, strict=True), start=1):
        seeds = read_seeds(record, number, rules.players)
        if scheme is None:
            verdicts.append(Verdict.of(number, UNVERIFIABLE, "no_scheme"))
        elif scheme != SCHEME:
            verdicts.append(Verdict.of(number, UNVERIFIABLE, "unknown_scheme", scheme=scheme))
        elif seeds is None:
            verdicts.append(Verdict.of(number, UNVERIFIABLE, "no_commitment", number=number))
        elif seeds.server_seed is None and not table.is_over:
            verdicts.append(Verdict.of(number, PENDING, "pending"))
        else:
            verdicts.append(verify_deal(seeds, number, pack, deal.deck))
    return verdicts


def exit_status(verdicts: Sequence[Verdict]) -> int:
    """``sixtysix verify``'s exit status: 1 if a deal fails, else 3 if one is not verifiable, else 0.

    >>> exit_status([Verdict(1, OK, ""), Verdict(2, PENDING, "")]), exit_status([Verdict(1, UNVERIFIABLE, "")])
    (0, 3)
    """
    statuses = {verdict.status for verdict in verdicts}
    if FAIL in statuses:
        return 1
    return 3 if UNVERIFIABLE in statuses else 0
