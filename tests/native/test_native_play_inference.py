"""The tree search's reading of the opponent's last card play (``native/ismcts.c``'s play_weight).

The native weight of a world is held against the same reading done in Python with the card
counter (:class:`~sixtysix.ai.heuristic.CountingPlayer` without noise), on positions of deals
the counter plays against itself, so every kind of lead and follow the counter makes turns up.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from native_cases import native_search, require_native

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.expert import follow_view, lead_view, opponent_follow, opponent_lead
from sixtysix.ai.heuristic import CountingPlayer, _follow_options
from sixtysix.ai.native import TreeSettings
from sixtysix.ai.sampling import forbidden_cards, sample_world
from sixtysix.ai.tree import TreePlayer, play_evidence
from sixtysix.core.actions import ACTIONS
from sixtysix.core.cards import BIT, cards_of
from sixtysix.core.game import FOLLOW
from sixtysix.players.table import play_table_deal

PRESETS = ("seed66", "schnapsen", "pagat66")
FACTOR = 0.1


def _evidence_views(preset: str, count: int, seed: int = 11) -> list[tuple[PlayerView, Deal]]:
    """(view, true deal) where the seat to act has the opponent's lead or follow to read, from deals
    two noise-free counters play (the true deal as it stands at that view)."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    found: list[tuple[PlayerView, Deal]] = []
    counters = {1: CountingPlayer(1, jitter=False), 2: CountingPlayer(2, jitter=False)}
    while len(found) < count:
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        stop = rng.randrange(2, 16)
        for _ in range(stop):
            if deal.outcome is not None or deal.seat_to_ask is None:
                break
            seat = deal.seat_to_ask
            deal.apply(counters[seat].choose(PlayerView.of(deal, seat)), seat)
        seat = deal.seat_to_ask
        if deal.outcome is None and seat is not None:
            view = PlayerView.of(deal, seat)
            if view.unseen and (opponent_lead(view) is not None or opponent_follow(view) is not None):
                found.append((view, deal.copy()))
    return found


def _python_weight(view: PlayerView, world: Deal, factor: float) -> float:
    """play_weight read in Python: the share of the opponent's possible hands then with which the
    noise-free counter would have played his card (his unseen cards follow from the hand: those he
    has not seen then are the same in every world)."""
    counter = CountingPlayer(0, jitter=False)
    hand_now = world.hands[view.opponent]
    lead = opponent_lead(view)
    if lead is not None:
        then, card, drew = lead_view(view, world, lead), lead, False
    else:
        follow = opponent_follow(view)
        assert follow is not None
        then, card, drew = follow_view(view, world, follow), follow.card, follow.drew
    drawn = [BIT[c] for c in cards_of(hand_now & ~view.opponent_known)] if drew else [0]
    if not drawn:
        return 1.0
    fits = 0
    for d in drawn:
        hand = (hand_now & ~d) | BIT[card]
        follows = then.stage == FOLLOW and then.phase2
        legal = _follow_options(then, then.led, hand) if follows else cards_of(hand)  # type: ignore[arg-type]
        fits += counter.choose(dataclasses.replace(then, hand=hand, legal=tuple(ACTIONS[c] for c in legal))) == card
    return factor + (1.0 - factor) * fits / len(drawn)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_native_play_weight_is_the_counters_reading_in_python(preset: str) -> None:
    require_native()
    views = _evidence_views(preset, 30)
    search = native_search(views[0][0].rules)
    params = CountingPlayer(0, jitter=False).native_params(views[0][0].rules)
    rng = random.Random(5)
    weights = []
    for view, _ in views:
        forbidden = forbidden_cards(view)
        evidence = play_evidence(view, sample_world(view, rng, forbidden), params)
        assert evidence is not None
        for _ in range(6):
            world = sample_world(view, rng, forbidden)
            again = play_evidence(view, world, params)
            assert again == evidence  # his view then is the same in every world but for his hand
            hand = world.hands[view.opponent]
            weight = search.play_weight(evidence, FACTOR, view.opponent_known, hand)
            assert weight == pytest.approx(_python_weight(view, world, FACTOR), abs=1e-12)
            weights.append(weight)
    assert min(weights) == pytest.approx(FACTOR)  # some worlds do not explain his card ...
    assert max(weights) == 1.0  # ... and some explain it fully


@pytest.mark.parametrize("preset", PRESETS)
def test_a_noise_free_counters_true_hand_explains_its_card_play(preset: str) -> None:
    require_native()
    views = _evidence_views(preset, 30, seed=12)
    search = native_search(views[0][0].rules)
    params = CountingPlayer(0, jitter=False).native_params(views[0][0].rules)
    leads = 0
    for view, truth in views:
        evidence = play_evidence(view, truth, params)
        assert evidence is not None
        weight = search.play_weight(evidence, 0.0, view.opponent_known, truth.hands[view.opponent])
        if opponent_lead(view) is not None:  # his hand then is the true hand and the card led
            leads += 1
            assert weight == 1.0
        else:  # his hand then is the true one less one of the cards he may have drawn since
            assert weight > 0.0
    assert leads >= 5


def test_play_evidence_reads_only_a_lead_or_a_follow_to_our_won_lead() -> None:
    require_native()
    deal = Deal.shuffled(seed=4, rules=Rules.preset("schnapsen"))
    view = PlayerView.of(deal, deal.seat_to_ask or 1)
    params = CountingPlayer(0, jitter=False).native_params(deal.rules)
    assert play_evidence(view, sample_world(view, random.Random(1)), params) is None  # nothing played yet


@pytest.mark.parametrize("factor", [0.0, 0.1, 1.0])
def test_the_expert_reading_card_play_chooses_legal_actions_against_the_counter(factor: float) -> None:
    require_native()
    rules = Rules.preset("schnapsen")
    for seed in range(3):
        deal = Deal.shuffled(seed, rules=rules)
        expert = TreePlayer(seed, time_limit=None, iterations=200, play_factor=factor)
        assert expert.settings == TreeSettings(iterations=200, prune=True, play_factor=factor)
        outcome = play_table_deal(deal, {1: expert, 2: CountingPlayer(seed, jitter=False)})
        assert outcome.winner in (1, 2, None)
        assert deal.outcome is outcome


@pytest.mark.parametrize("preset", PRESETS)
def test_the_opponents_view_rebuilt_on_a_drawn_world_knows_the_cards_of_ours_he_has_seen(preset: str) -> None:
    """A drawn world has no history: his view then must still know the trump card we took in an exchange and
    the partner of a marriage we declared (else that card is nowhere, and a world drawn from his view lacks it)."""
    require_native()
    rng = random.Random(5)
    shown = 0
    for view, deal in _evidence_views(preset, 60, seed=23):
        world = sample_world(view, rng, forbidden_cards(view))
        lead, follow = opponent_lead(view), opponent_follow(view)
        then = lead_view(view, world, lead) if lead is not None else follow_view(view, world, follow)  # type: ignore[arg-type]
        assert then.opponent_known == PlayerView.of(deal, view.opponent).opponent_known
        shown += bool(then.opponent_known)
        if lead is not None:  # (his view as he followed keeps the talon of then, two cards more than now)
            his = sample_world(then, rng, forbidden_cards(then))
            assert his.hands[view.seat].bit_count() == then.opponent_hand_size
            assert len(his.stock) == len(deal.stock) - deal.stock_pos  # no card lost from the talon
    assert shown  # the case arose
