"""The teaching positions of ``data/teaching.txt``: positions written by hand, each with the reason a teacher gives.

A position is a block of ``key: value`` lines (``#`` starts a comment); seat 1 is to act
and seat 2 is the opponent:

========== ========================================================================
name       a short unique name
tag        the kind of reason (:attr:`sixtysix.ai.explain.Fact.tag`) the explanation must name
reason     the teacher's reason, in words
hand       seat 1's hand; ``his``: seat 2's hand
trump      the trump card: face up under the talon while ``talon`` is above 0, else in play
talon      face-down cards left (0: exhausted; the face-up trump card is not counted)
won1       the cards in seat 1's tricks; every card not placed elsewhere is in seat 2's tricks
           (the ``talon`` of them worth the fewest points form the stock instead)
marriages  points declared by seats 1 and 2 (``20 0``), added to their card points
stage      ``lead`` (default), ``before_draw`` (seat 1 just took a trick), ``follow`` (seat 2
           led ``led``)
closed     ``1`` or ``2``: that seat closed the talon (now, with the scores as they are)
shown      cards seat 2 is known to hold (shown in a marriage)
best       the action the teacher recommends (``any``: any but ``played``); ``played`` the tempting worse one
========== ========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sixtysix.core.actions import Action
from sixtysix.core.cards import BIT, Card, CardMask, cards_of, parse_card, parse_cards
from sixtysix.core.facts import trick_points
from sixtysix.core.game import Deal
from sixtysix.core.outcome import Stage
from sixtysix.core.rules import Rules

DATA = Path(__file__).parent / "data" / "teaching.txt"
STAGES = {"lead": Stage.LEAD, "before_draw": Stage.BEFORE_DRAW, "follow": Stage.FOLLOW}


@dataclass(frozen=True)
class Teaching:
    """One teaching position: the deal (seat 1 to act), the recommended and the tempting action, the reason."""

    name: str
    tag: str
    reason: str
    deal: Deal
    best: Action | None
    """``None``: any action but :attr:`played`."""
    played: Action


def load(path: Path = DATA) -> list[Teaching]:
    """Every position of the file, in order (``ValueError`` naming the position if one is inconsistent)."""
    blocks = [b for b in path.read_text(encoding="utf-8").split("\n\n") if _fields(b)]
    return [_position(_fields(block)) for block in blocks]


def _fields(block: str) -> dict[str, str]:
    lines = (line.split("#", 1)[0].strip() for line in block.splitlines())
    return dict((k.strip(), v.strip()) for k, _, v in (line.partition(":") for line in lines if line))


def _position(f: dict[str, str]) -> Teaching:
    rules = Rules.preset(f.get("rules", "seed66"))
    name = f["name"]
    hand, his, won1 = parse_cards(f["hand"]), parse_cards(f.get("his", "")), parse_cards(f.get("won1", ""))
    trump_card = parse_card(f["trump"])
    talon = int(f.get("talon", "0"))
    stage = STAGES[f.get("stage", "lead")]
    led = parse_card(f["led"]) if stage == Stage.FOLLOW else None
    parts = (hand, his, won1, BIT[led] if led is not None else 0, BIT[trump_card] if talon else 0)
    placed = hand | his | won1 | parts[3] | parts[4]
    if sum(p.bit_count() for p in parts) != placed.bit_count():
        raise ValueError(f"{name}: a card is placed twice")
    rest = sorted(cards_of(rules.pack & ~placed), key=lambda c: (rules.points[c], c))
    stock, won2 = rest[:talon], _mask(rest[talon:])  # the stock: the cards of fewest points
    if len(stock) != talon or won1.bit_count() % 2 or won2.bit_count() % 2:
        raise ValueError(
            f"{name}: the cards do not add up (stock {len(stock)}, won {won1.bit_count()}/{won2.bit_count()})"
        )
    marriages = [int(x) for x in f.get("marriages", "0 0").split()]
    scores = (trick_points(rules, cards_of(won1)) + marriages[0], trick_points(rules, cards_of(won2)) + marriages[1])
    closer = int(f.get("closed", "0"))
    deal = Deal.from_position(
        rules,
        dealer=2,
        trump_card=trump_card,
        hands=(hand, his),
        stock=stock,
        face_up=trump_card if talon else None,
        won=(won1, won2),
        scores=scores,
        pending=(0, 0),
        tricks=(won1.bit_count() // 2, won2.bit_count() // 2),
        stage=stage,
        leader=2 if led is not None else 1,
        led=led,
        closer=closer,
        close_score=scores[2 - closer] if closer else 0,
        close_tricks=(won2 if closer == 1 else won1).bit_count() // 2 if closer else 0,
        known=(0, parse_cards(f.get("shown", ""))),
    )
    best = None if f["best"] == "any" else Action.parse(f["best"])
    played = Action.parse(f["played"])
    for action in (best, played):
        if action is not None and action not in deal.legal_actions(1):
            raise ValueError(f"{name}: {action} is not legal for seat 1 here")
    return Teaching(name, f["tag"], f["reason"], deal, best, played)


def _mask(cards: list[Card]) -> CardMask:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask
