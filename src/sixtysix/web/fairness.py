"""Provably fair deals in the web app: the seeds of each deal, what may be shown of them, and verifying.

Every deal the server deals is the shuffle of the core's scheme (:mod:`sixtysix.core.fairness`,
docs/fairness.md) of a server seed and the client seed of every seat: the one its browser
sent last (with the create, the join or a ``next``), or none; a computer's derived from the
server seed (committed with it).

**Committed before the client seeds.** Each match has a secret (:func:`new_secret`); the
server seed of deal N is derived from it (:func:`server_seed`), so the commitment to the
next deal is known, and shown (``next_commitment``), before the seed that the ``next``
brings; the first deal's, before the match exists (:class:`Commitments`, ``POST
/api/commitments``). The state shows a deal's commitment and client seeds from its first
card on, its server seed only once it has ended (:func:`deal_json`), and so do the record
(:func:`finished_headers`) and the review. ``POST /api/verify`` checks a pasted record
(:func:`verify_body`).

>>> hidden = deal_json(new_seeds("s3cret", ("a", "")), 1, over=False)
>>> hidden["server_seed"], hidden["verdict"], "s3cret" in str(hidden)
(None, None, False)
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import random
import secrets
import time
from typing import Any

from sixtysix.core.cards import Card
from sixtysix.core.errors import RecordError
from sixtysix.core.fairness import (
    CLIENT_SEED,
    COMPUTER_PREFIX,
    SCHEME,
    DealSeeds,
    Verdict,
    commitment_of,
    computer_seed,
    deal_deck,
    exit_status,
    new_seeds,
    pack_of,
    record_headers,
    verify_deal,
    verify_record,
)
from sixtysix.core.match import AnyMatch
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.messages import record_fault, sentence, verdict_reasons

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
        raise malformed(sentence("server.client_seed"))
    if value.startswith(COMPUTER_PREFIX):
        raise malformed(sentence("server.client_seed_computer"))
    return value


TICKET_SECONDS = 15 * 60
"""How long a commitment offered before a match exists may be used to create one."""


def new_secret(rng: random.Random) -> str:
    """A match's secret: 256 random bits in hex."""
    return f"{rng.getrandbits(256):064x}"


def server_seed(secret: str, number: int) -> str:
    """The server seed of deal ``number``: HMAC-SHA256(secret, ``66F1 server seed N``) in hex.

    Revealing it tells nothing of the secret, nor of any other deal's seed.

    >>> server_seed("s", 1) == server_seed("s", 1) != server_seed("s", 2)
    True
    """
    text = f"{SCHEME} server seed {number}".encode()
    return hmac.new(secret.encode("utf-8"), text, hashlib.sha256).hexdigest()


def next_commitment(secret: str | None, match: AnyMatch) -> str | None:
    """The commitment to the server seed of ``match``'s next deal (``None`` without a secret or a next deal)."""
    if secret is None or match.is_over:
        return None
    return deal_commitment(secret, len(match.deals) + 1)


@functools.lru_cache(maxsize=4096)
def deal_commitment(secret: str, number: int) -> str:
    """The commitment to deal ``number``'s server seed (computed once: every state shows it)."""
    return commitment_of(server_seed(secret, number))


class Commitments:
    """The first deal's commitments offered before their match exists (``POST /api/commitments``).

    A browser asks for one, then creates its match with the ``ticket`` and its client seed:
    the server had fixed its seed before it saw the client seed.

    At most ``limit`` are kept (:attr:`~sixtysix.web.limits.Limits.pending_commitments`): a new
    one drops the oldest.

    >>> offers = Commitments(limit=10)
    >>> offer = offers.offer(random.Random(1))
    >>> secret = offers.take(offer["ticket"])
    >>> offer["commitment"] == commitment_of(server_seed(secret, 1))
    True
    >>> offers.take(offer["ticket"])
    Traceback (most recent call last):
    ...
    sixtysix.web.errors.WebError: unknown or expired commitment ticket: ask for a new commitment
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pending: dict[str, tuple[str, float]] = {}
        """ticket -> (the match secret, when it expires), oldest first (so the first to expire)."""

    def offer(self, rng: random.Random) -> dict[str, object]:
        """A new ticket and the commitment to its first deal's server seed."""
        now = time.monotonic()
        while self.pending and (
            len(self.pending) >= self.limit or self.pending[next(iter(self.pending))][1] < now
        ):  # the oldest: past its time, or making room
            del self.pending[next(iter(self.pending))]
        ticket, secret = secrets.token_urlsafe(18), new_secret(rng)
        self.pending[ticket] = (secret, now + TICKET_SECONDS)
        return {"ticket": ticket, "commitment": deal_commitment(secret, 1), "scheme": SCHEME}

    def take(self, ticket: object) -> str:
        """The secret of an offered ``ticket``, once (409 ``stale_commitment`` if unknown or expired)."""
        found = self.pending.pop(ticket, None) if isinstance(ticket, str) else None
        if found is None or found[1] < time.monotonic():
            raise WebError(409, "stale_commitment", sentence("server.stale_commitment"))
        return found[0]


def next_deal(
    rng: random.Random, match: AnyMatch, secret: str | None, human_seeds: dict[int, str | None]
) -> tuple[DealSeeds, tuple[Card, ...]]:
    """The seeds and the deck of ``match``'s next deal.

    The server seed is the match ``secret``'s (:func:`server_seed`; 256 random bits for a match
    of an older server without one). ``human_seeds``: every seat, with the client seed of a
    person's seat, ``None`` for a computer's, which gets :func:`~sixtysix.core.fairness.computer_seed`:
    fixed by the server seed, so committed with it before any person's seed arrives.
    """
    number = len(match.deals) + 1
    chosen = server_seed(secret, number) if secret is not None else new_secret(rng)
    client = tuple(
        seed if seed is not None else computer_seed(chosen, seat) for seat, seed in sorted(human_seeds.items())
    )
    seeds = new_seeds(chosen, client)
    return seeds, deal_deck(seeds, number, match.rules)


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


def match_json(match: AnyMatch, seeds: list[DealSeeds | None], secret: str | None) -> dict[str, object] | None:
    """The ``fairness`` object of a seat state: the previous deal (revealed, verified), the current one,
    and the commitment to the next deal's server seed."""
    deals = []
    for number in (len(match.deals) - 1, len(match.deals)):
        if number >= 1 and number <= len(seeds) and seeds[number - 1] is not None:
            deals.append(revealed_json(match, seeds, number))
    if not deals and secret is None:
        return None
    return {"scheme": SCHEME, "deals": deals, "next_commitment": next_commitment(secret, match)}


def revealed_json(match: AnyMatch, seeds: list[DealSeeds | None], number: int) -> dict[str, object]:
    """Deal ``number``'s fairness: committed, and once it has ended revealed and verified."""
    deal_seeds = seeds[number - 1]
    assert deal_seeds is not None
    deal = match.deals[number - 1]
    entry = deal_json(deal_seeds, number, deal.is_over)
    if deal.is_over:
        entry["verdict"] = verdict_json(deal_seeds, number, pack_of(match.rules), tuple(deal.deck))
    return entry


@functools.lru_cache(maxsize=4096)
def verdict_json(seeds: DealSeeds, number: int, pack: tuple[Card, ...], deck: tuple[Card, ...]) -> dict[str, object]:
    """The verdict of a finished deal, computed once: every state of the next deal shows it again."""
    return verdict_entry(verify_deal(seeds, number, pack, deck))


def verdict_entry(verdict: Verdict) -> dict[str, object]:
    """A verdict as the page shows it: its status, its English ``reason`` and ``reasons`` in every language."""
    return {**verdict.to_json(), "reasons": verdict_reasons(verdict)}


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
        raise malformed(sentence("server.record_required"))
    if len(text) > MAX_RECORD:
        raise malformed(sentence("server.record_too_long", limit=MAX_RECORD))
    try:
        verdicts = verify_record(text)
    except RecordError as error:
        raise malformed(record_fault(error), detail=str(error)) from None
    return {"deals": [verdict_entry(v) for v in verdicts], "status": exit_status(verdicts)}
