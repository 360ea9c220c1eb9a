"""Provably fair deals in the web app: the seeds of each deal, what may be shown of them, and verifying.

Every deal the server deals is the shuffle of the core's scheme (:mod:`sixtysix.core.fairness`,
docs/fairness.md): a new secret server seed, and the client seed of every seat, the one
its browser sent when it created or joined the match (or none), a computer's chosen by the
server. The state shows the commitment and the client seeds from the first card on; the
server seed only once the deal has ended (:func:`deal_json`), and so do the record
(:func:`record_headers`) and the review. ``POST /api/verify`` checks a pasted record
(:func:`verify_body`).

>>> hidden = deal_json(new_seeds("s3cret", ("a", "")), 1, over=False)
>>> hidden["server_seed"], hidden["verdict"], "s3cret" in str(hidden)
(None, None, False)
"""

from __future__ import annotations

import random
from typing import Any

from sixtysix.core.cards import Card
from sixtysix.core.errors import RecordError
from sixtysix.core.fairness import (
    CLIENT_SEED,
    SCHEME,
    DealSeeds,
    deal_deck,
    exit_status,
    new_seeds,
    pack_of,
    record_headers,
    verify_deal,
    verify_record,
)
from sixtysix.core.match import AnyMatch
from sixtysix.web.errors import malformed

MAX_RECORD = 60 * 1024
"""The longest record ``POST /api/verify`` reads (the body limit is 64 KiB)."""


def client_seed(body: dict[str, Any]) -> str:
    """The ``client_seed`` of a create or join body: up to 64 letters, digits, ``-``, ``_``; ``""`` if absent.

    >>> client_seed({"client_seed": "q7-Zx_1"}), client_seed({})
    ('q7-Zx_1', '')
    >>> client_seed({"client_seed": "a b"})
    Traceback (most recent call last):
    ...
    sixtysix.web.errors.WebError: client_seed: up to 64 letters, digits, - and _ (docs/fairness.md)
    """
    value = body.get("client_seed")
    if value is None:
        return ""
    if not isinstance(value, str) or not CLIENT_SEED.match(value):
        raise malformed("client_seed: up to 64 letters, digits, - and _ (docs/fairness.md)")
    return value


def next_deal(
    rng: random.Random, match: AnyMatch, human_seeds: dict[int, str | None]
) -> tuple[DealSeeds, tuple[Card, ...]]:
    """The seeds and the deck of ``match``'s next deal.

    ``human_seeds``: every seat, with the client seed of a person's seat, ``None`` for a
    computer's, which gets one of the server's. The server seed is 256 random bits in hex.
    """
    server_seed = f"{rng.getrandbits(256):064x}"
    client = tuple(
        seed if seed is not None else f"{rng.getrandbits(128):032x}" for _, seed in sorted(human_seeds.items())
    )
    seeds = new_seeds(server_seed, client)
    return seeds, deal_deck(seeds, len(match.deals) + 1, match.rules)


def deal_json(seeds: DealSeeds, number: int, over: bool) -> dict[str, object]:
    """What everybody may see of deal ``number``'s fairness: the server seed only once it is ``over``."""
    return {
        "deal": number,
        "scheme": SCHEME,
        "commitment": seeds.commitment,
        "client_seeds": list(seeds.client_seeds),
        "server_seed": seeds.server_seed if over else None,
        "verdict": None,
    }


def match_json(match: AnyMatch, seeds: list[DealSeeds | None]) -> dict[str, object] | None:
    """The ``fairness`` object of a seat state: the previous deal (revealed, verified) and the current one."""
    deals = []
    for number in (len(match.deals) - 1, len(match.deals)):
        if number >= 1 and number <= len(seeds) and seeds[number - 1] is not None:
            deals.append(revealed_json(match, seeds, number))
    return {"scheme": SCHEME, "deals": deals} if deals else None


def revealed_json(match: AnyMatch, seeds: list[DealSeeds | None], number: int) -> dict[str, object]:
    """Deal ``number``'s fairness: committed, and once it has ended revealed and verified."""
    deal_seeds = seeds[number - 1]
    assert deal_seeds is not None
    deal = match.deals[number - 1]
    entry = deal_json(deal_seeds, number, deal.is_over)
    if deal.is_over:
        entry["verdict"] = verify_deal(deal_seeds, number, pack_of(match.rules), deal.deck).to_json()
    return entry


def finished_headers(match: AnyMatch, seeds: list[DealSeeds | None], finished: int) -> list[tuple[str, str]]:
    """The record headers of the first ``finished`` deals (all ended): every seed revealed."""
    kept = [s for s in seeds[:finished] if s is not None]
    if len(kept) != finished:  # a deal stored before deals were committed: no fairness data at all
        return []
    return record_headers(kept)


def verify_body(body: dict[str, Any]) -> dict[str, object]:
    """``POST /api/verify``: the verdict of every deal of the ``record`` given, and the exit status."""
    text = body.get("record")
    if not isinstance(text, str) or not text.strip():
        raise malformed("record (the text of a 66R record) is required")
    if len(text) > MAX_RECORD:
        raise malformed(f"the record is longer than {MAX_RECORD} characters")
    try:
        verdicts = verify_record(text)
    except RecordError as error:
        raise malformed(f"invalid record: {error}") from None
    return {"deals": [v.to_json() for v in verdicts], "status": exit_status(verdicts)}
