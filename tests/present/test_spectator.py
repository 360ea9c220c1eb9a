"""The spectator's state (present/spectator.py): only public facts at every moment of whole matches of
every table size, the same with the memo as without, and a delay that shows the match as it stood."""

from __future__ import annotations

import json
import random

import pytest

from sixtysix import Rules, create_match
from sixtysix.core.cards import CARD_NAMES
from sixtysix.core.forfeit import forfeit_deal
from sixtysix.core.match import AnyMatch
from sixtysix.core.table import Table
from sixtysix.present.spectator import public_actions, rewound, spectator_state
from sixtysix.present.state import StateMemo
from sixtysix.present.table import PublicMatch

PRESETS = ("seed66", "pagat66", "schnapsen", "vu_schnapsen", "vu_schnapsen24", "three66", "four66")


def choose(deal: Table, rng: random.Random) -> int:
    """A random legal action, a card when there is one (claims and closes would end deals at once)."""
    legal = deal.legal_actions()
    return rng.choice([a for a in legal if a.is_card() or a.is_marriage()] or legal)


def public_of(match: AnyMatch, version: int) -> PublicMatch:
    return PublicMatch("m1", version, "playing", "friend", False, {s: (f"P{s}", "human", None) for s in match.seats})


def hidden(deal: Table) -> set[str]:
    """The cards nobody at the table may see now: every card of the pack the spectator view does not name."""
    if deal.is_over:
        return set()
    visible = deal.spectator_view().visible_cards()
    return {CARD_NAMES[c] for c in range(32) if deal.rules.pack >> c & 1 and not visible >> c & 1}


def named(state: dict[str, object]) -> str:
    """The state as text, without the deal before (it is over: nothing of it is hidden)."""
    return json.dumps({k: v for k, v in state.items() if k != "previous_deal"})


def played_matches(preset: str, seed: int) -> list[tuple[AnyMatch, Table]]:
    """A whole match played with random legal actions: (the match, its current deal) at every step."""
    rng = random.Random(seed)
    match = create_match(Rules.preset(preset).replace(match_target=3))
    steps = []
    while not match.is_over:
        deal = match.new_deal(seed=rng.randrange(1 << 30))
        steps.append((match, deal))
        while not deal.is_over:
            deal.apply(choose(deal, rng))
            steps.append((match, deal))
        match.settle()
    return steps


@pytest.mark.parametrize("preset", PRESETS)
def test_a_spectator_state_names_no_card_nobody_may_see_at_any_moment(preset: str) -> None:
    rng = random.Random(preset)
    memo = StateMemo()
    checked = 0
    match = create_match(Rules.preset(preset).replace(match_target=3))
    while not match.is_over:
        deal = match.new_deal(seed=rng.randrange(1 << 30))
        while True:
            match.settle()  # as the server's match is after every change
            state = spectator_state(public_of(match, checked), match, memo)
            text = named(state)
            leaked = {card for card in hidden(deal) if f'"{card}"' in text}
            assert not leaked, (deal.text(), leaked)
            assert state["deal"]["hand"] == [] and state["deal"]["refusals"] == {}  # type: ignore[index]
            assert state == spectator_state(public_of(match, checked), match)  # the memo changes nothing
            checked += 1
            if deal.is_over:
                assert state["deal"]["revealed"] is not None  # type: ignore[index]
                break
            deal.apply(choose(deal, rng))
        match.settle()
    assert checked > 10


def test_the_scan_finds_a_card_of_a_hand() -> None:
    match = create_match(Rules.preset("seed66"))
    deal = match.new_deal(seed=3)
    state = spectator_state(public_of(match, 1), match)
    card = CARD_NAMES[next(c for c in range(32) if deal.hand(1) >> c & 1)]
    assert card in hidden(deal) and f'"{card}"' not in named(state)
    state["deal"]["seats"][0]["known"].append(card)  # type: ignore[index]
    assert f'"{card}"' in named(state)


@pytest.mark.parametrize("preset", ["seed66", "three66", "four66"])
def test_a_delayed_state_is_the_state_of_the_match_as_it_stood(preset: str) -> None:
    """Delay N: the state a spectator is shown equals the state of the match replayed to N actions before."""
    rng = random.Random(preset)
    match = create_match(Rules.preset(preset).replace(match_target=3))
    texts: list[str] = []  # the match at every moment
    while not match.is_over:
        deal = match.new_deal(seed=rng.randrange(1 << 30))
        texts.append(match.text())
        while not deal.is_over:
            deal.apply(choose(deal, rng))
            texts.append(match.text())
        match.settle()
    total = public_actions(match)
    for delay in (1, 4):
        earlier = rewound(match, delay)
        assert public_actions(earlier) == total - delay
        assert earlier.text() in texts
    assert rewound(match, total + 5).text() == texts[0]


def test_a_deal_forfeited_is_rewound_with_its_forfeit() -> None:
    match = create_match(Rules.preset("seed66"))
    deal = match.new_deal(seed=8)
    deal.apply(deal.legal_actions()[0])
    forfeit_deal(deal, 2, "timeout: the move clock ran out")
    match.settle()
    second = match.new_deal(seed=9)
    second.apply(second.legal_actions()[0])
    assert public_actions(match) == 1 + 1 + 1
    again = rewound(match, 1)  # the second deal just dealt: the first one's forfeit shown, and the score it gave
    assert len(again.deals) == 2 and not again.deals[1].history
    assert again.deals[0].outcome is not None and deal.outcome is not None
    assert again.deals[0].outcome.reason == deal.outcome.reason
    assert again.score == match.score != (0, 0)
    before = rewound(match, 2)  # before the forfeit: one action, no end
    assert len(before.deals) == 1 and len(before.deals[0].history) == 1 and before.deals[0].outcome is None


def test_a_match_that_is_over_is_shown_as_it_ended() -> None:
    steps = played_matches("schnapsen", 11)
    match = steps[-1][0]
    assert match.is_over
    state = spectator_state(public_of(match, 99), match, delay=5)
    assert state["behind"] == 0 and state["match"]["over"]  # type: ignore[index]


def test_where_tricks_may_not_be_looked_at_again_a_spectator_sees_no_card_points() -> None:
    rules = Rules.preset("seed66").replace(may_review_tricks="none")
    match = create_match(rules)
    deal = match.new_deal(seed=5)
    rng = random.Random(5)
    for _ in range(6):
        deal.apply(choose(deal, rng))
    seats = spectator_state(public_of(match, 7), match)["deal"]["seats"]  # type: ignore[index]
    assert [s["points"] for s in seats] == [None, None] and sum(s["tricks"] for s in seats) >= 2
    open_rules = spectator_state(public_of(match, 7), create_match(Rules.preset("seed66")))
    assert open_rules["deal"] is None  # no deal dealt yet: nothing to show
