"""Bots over real pipes: ``sixtysix bot --level 1`` run as a child process and played through
:class:`ProtocolPlayer` and :func:`run_match`. The games are move for move those of the same
player in process, and no line the host sends names a card its seat has not seen.

The information check follows tests/core/test_views.py: at each ``go``, the cards the seat has
not seen are the opponent's cards that are not publicly known and the face-down stock. No
card of those may appear in the line; and the line must be exactly the one the seat would
get in any other deal that differs only in those cards and agrees with the history (the
hidden cards are shuffled among their places in the deck and the actions replayed).
"""

from __future__ import annotations

import random
import re
import sys

import pytest

from sixtysix import Deal, IllegalActionError, Match, PlayerView, Rules, Stage
from sixtysix.ai.levels import make_player
from sixtysix.core.actions import PASS, Action
from sixtysix.core.cards import BIT, CARD_NAMES, mask_of
from sixtysix.players.base import Player, play_match
from sixtysix.protocol import ProtocolPlayer, run_deal, run_match
from sixtysix.protocol.messages import encode_go, fields_of

BOT = [sys.executable, "-m", "sixtysix.cli", "bot", "--level", "1"]
CARD = re.compile(r"(?<![A-Za-z0-9])([ATKQJ98][cdhs])(?![A-Za-z0-9])")
RULES = (
    Rules.preset("seed66"),
    Rules.preset("pagat66"),
    Rules.preset("schnapsen"),
    Rules.preset("seed66").replace(nine_exchange_rule="trick_anytime", exchange_on_close=True),
    Rules.preset("schnapsen").replace(auto_claim=True, first_lead_exchange=False),
)


def hidden_cards(deal: Deal, seat: int) -> int:
    """The cards ``seat`` has not seen: the opponent's not publicly known, and the face-down stock."""
    other = 3 - seat
    return (deal.hands[other] & ~deal.known[other]) | mask_of(deal.stock[deal.stock_pos :])


def replay(deal: Deal, history: list[tuple[int, Action]], seat: int) -> bool:
    """Replay ``history`` on another deck; False if the opponent's play rules that deck out."""
    for actor, action in history:
        try:
            deal.apply(action, actor)
        except IllegalActionError:
            if actor != seat and action == PASS:
                continue  # with this deck he had no exchange to decline: a private decision
            assert action < 32 and deal.stage == Stage.FOLLOW, f"the history shows {actor}:{action}"
            return False
    return True


class Watcher:
    """Checks every line sent to one seat's bot against the deal being played."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.deal: Deal | None = None
        self.match: Match | None = None
        self.gos = 0

    def __call__(self, direction: str, line: str) -> None:
        if direction != ">":
            return
        words = line.split()
        if words[0] != "go":
            assert not CARD.findall(line), f"a card in {line!r}"  # handshake, newmatch, newdeal: no cards
            return
        deal, match = self.deal, self.match
        assert deal is not None and match is not None
        self.gos += 1
        fields = fields_of(words)
        assert int(fields["seat"]) == self.seat
        hidden = hidden_cards(deal, self.seat)
        named = {CARD_NAMES.index(name) for name in CARD.findall(line)}
        leaked = [CARD_NAMES[c] for c in named if BIT[c] & hidden]
        assert not leaked, f"seat {self.seat} was sent the hidden {leaked}: {line}"
        view = PlayerView.of(deal, self.seat, match.score, match.carried)
        assert line == encode_go(view, int(fields["deal"]), int(words[2]))
        if self.rng.random() < 0.3:
            self.check_indistinguishable(deal, hidden, line)

    def check_indistinguishable(self, deal: Deal, hidden: int, line: str) -> None:
        positions = [i for i, card in enumerate(deal.deck) if hidden >> card & 1]
        if len(positions) < 2:
            return
        match = self.match
        assert match is not None
        fields = fields_of(line.split())
        cards = [deal.deck[i] for i in positions]
        self.rng.shuffle(cards)
        deck = list(deal.deck)
        for i, card in zip(positions, cards, strict=True):
            deck[i] = card
        other = Deal(deck, deal.dealer, deal.rules)
        if replay(other, deal.history, self.seat):
            view = PlayerView.of(other, self.seat, match.score, match.carried)
            assert encode_go(view, int(fields["deal"]), int(line.split()[2])) == line


def test_a_served_level_plays_as_it_does_in_process() -> None:
    """Same seeds, same shuffles: the match over the protocol is the in-process match, move for move."""
    for rules in RULES:
        expected = play_match(Match(rules), {1: make_player(1, 5), 2: make_player(2, 6)}, seed=3)
        with ProtocolPlayer([*BOT, "--seed", "5"], time_limit=5.0) as bot:
            match = Match(rules)
            results = run_match(match, {1: bot, 2: make_player(2, 6)}, seed=3)
            assert bot.starts == 1 and not bot.failures and bot.bot_name == "sixtysix level 1 (random)"
        assert [d.history for d in match.deals] == [d.history for d in expected.deals]
        assert match.score == expected.score and all(r.forfeit is None for r in results)


def test_no_hidden_card_in_any_message() -> None:
    rng = random.Random(2026)
    deals = 0
    watchers = {seat: Watcher(seat, rng) for seat in (1, 2)}
    levels = {1: "1", 2: "2"}  # the random bot claims wrongly early; the beginner plays deals out
    bots = {
        seat: ProtocolPlayer([*BOT[:-1], levels[seat], "--seed", str(seat)], time_limit=5.0, log=watchers[seat])
        for seat in (1, 2)
    }
    try:
        for number in range(60):
            rules = RULES[number % len(RULES)]
            match = Match(rules, first_dealer=1 + number % 2)
            players: dict[int, Player] = dict(bots)
            if number % 3 == 2:  # an in-process opponent now and then
                players[1] = make_player(3, number)
            for seat in (1, 2):
                players[seat].new_match(rules, seat)
                watchers[seat].match = match
            while not match.is_over:
                deal = match.new_deal(seed=rng.getrandbits(32))
                for watcher in watchers.values():
                    watcher.deal = deal
                result = run_deal(deal, players, match)
                assert result.forfeit is None
                deals += 1
    finally:
        for bot in bots.values():
            bot.close()
    assert deals > 200 and watchers[1].gos > 600 and watchers[2].gos > 1500
    assert all(bot.starts == 1 for bot in bots.values())


def test_the_watcher_catches_a_leak() -> None:
    """The check above is not vacuous: a line naming one hidden card, or differing at all, fails it."""
    deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
    watcher = Watcher(1, random.Random(1))
    watcher.deal, watcher.match = deal, Match()
    line = encode_go(PlayerView.of(deal, 1), 1, 100)
    watcher(">", line)
    with pytest.raises(AssertionError, match="hidden"):
        watcher(">", line + " x-peek=Ac")  # Ac is in seat 2's hand
    with pytest.raises(AssertionError, match="hidden"):
        watcher(">", line + " x-peek=As")  # As is in the stock
    with pytest.raises(AssertionError):
        watcher(">", line + " x-note=1")
