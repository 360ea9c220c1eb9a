"""A 66F1 verifier written from the text of docs/fairness.md alone, with Python's standard library.

It imports nothing of ``sixtysix`` on purpose: it is the outside verifier that the document
promises is possible ("Verifying a record from this page alone", "The scheme", "The computer's
seed"). ``verify(text)`` gives ``(deal number, status, reason)`` for every deal line.

>>> verify('[Format "66R 1"]\\n')
[]
"""

from __future__ import annotations

import hashlib
import hmac
import re

HEADER = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')
RANK_ORDER = "ATKQJ987"
PER_SUIT = {20: 5, 24: 6, 32: 8}


def unescape(value: str) -> str:
    r"""A header value: ``\"`` stands for ``"`` and ``\\`` for ``\``."""
    return re.sub(r"\\(.)", r"\1", value)


def card(text: str) -> str:
    """A card in its canonical form: rank upper case (``10`` is ``T``), suit lower case."""
    rank, suit = text[:-1].upper(), text[-1].lower()
    return ("T" if rank == "10" else rank) + suit


def starting_pack(size: int) -> list[str]:
    return [rank + suit for suit in "cdhs" for rank in RANK_ORDER[: PER_SUIT[size]]]


def read(text: str) -> tuple[dict[str, str], list[str], list[list[str]]]:
    """The headers (name -> value, the last of a name), the ``Option`` values in order, and each deal's deck."""
    headers: dict[str, str] = {}
    options: list[str] = []
    decks: list[list[str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        found = HEADER.match(line)
        if found:
            value = unescape(found.group(2))
            headers[found.group(1)] = value
            if found.group(1) == "Option":
                options.append(value)
            continue
        line = line.split("#", 1)[0].strip()
        if line.split()[:1] and line.split()[0].lower() == "deal":
            deck = re.search(r'deck="([^"]*)"', line)
            assert deck is not None, line
            decks.append([card(c) for c in deck.group(1).split()])
    return headers, options, decks


def seats_of(headers: dict[str, str], options: list[str]) -> int:
    """3 for three66, 4 for four66, else 2; an ``Option "players=N"`` sets it (the last one wins)."""
    seats = {"three66": 3, "four66": 4}.get(headers.get("Rules", "seed66").lower(), 2)
    for option in options:
        name, _, value = option.partition("=")
        if name.strip() == "players":
            seats = int(value)
    return seats


def block(server_seed: str, message: str, index: int) -> bytes:
    text = f"{message}\nblock {index}".encode()
    return hmac.new(server_seed.encode("utf-8"), text, hashlib.sha256).digest()


def shuffle(server_seed: str, client_seeds: list[str], number: int, pack: list[str]) -> list[str]:
    """The message, the byte stream, the uniform numbers and Fisher-Yates of "The scheme"."""
    lines = ["66F1", f"deal {number}", "pack " + " ".join(pack)]
    for seat, seed in enumerate(client_seeds, start=1):
        lines.append(f"seat {seat} {seed}" if seed else f"seat {seat}")
    message = "\n".join(lines)
    stream = b""
    used = 0
    index = 0
    cards = list(pack)
    for i in range(len(cards) - 1, 0, -1):
        m = i + 1
        while True:
            while len(stream) - used < 4:
                stream += block(server_seed, message, index)
                index += 1
            x = int.from_bytes(stream[used : used + 4], "big")
            used += 4
            if x < 2**32 - (2**32 % m):
                break
        j = x % m
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def computer_seed(server_seed: str, seat: int) -> str:
    digest = hmac.new(server_seed.encode("utf-8"), f"66F1 computer seed {seat}".encode(), hashlib.sha256)
    return "computer-" + digest.hexdigest()[:32]


def verify(text: str) -> list[tuple[int, str, str]]:
    """Each deal's verdict, in the order of "The verdict of deal N" (the last deal may be unfinished)."""
    headers, options, decks = read(text)
    seats = seats_of(headers, options)
    verdicts = []
    for number, deck in enumerate(decks, start=1):
        commit = headers.get(f"Deal{number}Commit")
        server = headers.get(f"Deal{number}ServerSeed")
        clients = [headers.get(f"Deal{number}ClientSeed{seat}", "") for seat in range(1, seats + 1)]
        if "Fairness" not in headers:
            verdicts.append((number, "not verifiable", "no Fairness header"))
        elif headers["Fairness"] != "66F1":
            verdicts.append((number, "not verifiable", "unknown scheme"))
        elif commit is None:
            verdicts.append((number, "not verifiable", "no commitment"))
        elif server is None:
            status = "pending" if number == len(decks) else "not verifiable"
            verdicts.append((number, status, "the server seed has not been revealed"))
        elif commit != "sha256:" + hashlib.sha256(server.encode("utf-8")).hexdigest():
            verdicts.append((number, "fail", "the server seed does not match the commitment"))
        elif any(c.startswith("computer-") and c != computer_seed(server, s) for s, c in enumerate(clients, 1)):
            verdicts.append((number, "fail", "a computer seed is not the server seed's"))
        elif len(deck) not in PER_SUIT or sorted(deck) != sorted(starting_pack(len(deck))):
            verdicts.append((number, "fail", "the deck is not the pack of the rules"))
        elif deck != shuffle(server, clients, number, starting_pack(len(deck))):
            verdicts.append((number, "fail", "the deck is not the shuffle of these seeds"))
        else:
            verdicts.append((number, "ok", "the server seed matches the commitment and the seeds give this deck"))
    return verdicts
