"""The per-seat state object of the web API (docs/web-api.md, "The seat state").

Standard library and the engine only. :func:`seat_state` builds the JSON object that one
seat may see from that seat's :class:`~sixtysix.core.view.PlayerView` and public match data
(:class:`PublicMatch`: names, kinds, the match score and finished deals' results). A
finished deal's outcome and totals are public; the opponent's hand and the talon are not,
and nothing here reads them.

>>> from sixtysix import Match, Rules
>>> match = Match(Rules.preset("seed66"))
>>> deal = match.new_deal(seed=1)
>>> public = PublicMatch("m1", 3, "playing", "computer", True, {1: ("Ann", "human", None), 2: ("CPU", "computer", 1)})
>>> state = seat_state(public, match, 1)
>>> state["deal"]["talon"], len(state["deal"]["hand"]), state["opponent"]["points"]
(12, 6, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sixtysix.core.actions import DRAW, EXCHANGE, MARRIAGE_20, MARRIAGE_40, PASS, Action
from sixtysix.core.cards import BIT, CARD_NAMES, KING, QUEEN, SUIT_CHARS, CardMask
from sixtysix.core.game import BEFORE_DRAW, FOLLOW, Deal, Stage, Termination, scale_points
from sixtysix.core.match import Match
from sixtysix.core.rules import CHOICES, PRESETS, Rules
from sixtysix.core.view import PlayerView
from sixtysix.present.describe import Names, Trick, deal_headline, explain_scoring, tricks_of
from sixtysix.present.order import hand_order

API_VERSION = 1

STAGE_NAMES = {
    Stage.LEAD: "lead",
    Stage.MARRIAGE: "marriage",
    Stage.FOLLOW: "follow",
    Stage.BEFORE_DRAW: "before_draw",
    Stage.OVER: "over",
}

PRESET_TEXT = {
    "seed66": "Sechsundsechzig after the founding French text: 24 cards, exchange the trump nine, "
    "close before or after drawing, first to 66, 7 game points",
    "pagat66": "66 as pagat.com gives it: exchange only as leader with a trick, close scored at the end, "
    "ties void, the winner deals",
    "schnapsen": "Austrian Schnapsen: 20 cards, 5 each, exchange the trump jack, marriages after closing, "
    "close only after drawing, the last trick wins a played-out deal",
    "three66": "Three-handed 66: the dealer sits out and scores with the deal's winner, "
    "but never beyond one point short of the target",
    "four66": "Four-handed partnership 66: 32 cards, 8 each, partners opposite, follow suit and win the trick "
    "when you can, no marriages, 1, 2 or 3 game points",
}

LEVELS = {
    1: ("random", "a uniformly random legal action"),
    2: ("beginner", "rules of thumb; forgets which cards are out, rarely closes"),
    3: ("counter", "counts cards, closes and claims soundly"),
    4: ("pimc", "perfect-information Monte Carlo: samples the hidden cards, searches each world"),
    5: ("expert", "PIMC with inference from the opponent's play and a time budget"),
}

NEXT = "next"
"""The command token that starts the next deal."""


@dataclass
class PublicMatch:
    """What everybody at the table knows about a match besides the cards."""

    match_id: str
    version: int
    status: str
    """``waiting``, ``playing`` or ``over``."""
    kind: str
    """``computer`` or ``friend``."""
    hints: bool
    seats: Mapping[int, tuple[str, str, int | None]]
    """Per seat: (name, ``human``/``computer``, level)."""
    connected: Mapping[int, bool] = field(default_factory=dict)
    invite: tuple[int, str] | None = None
    """(creator seat, code) while the invitation is unused."""
    invites: Mapping[int, str] | None = None
    """Three- and four-handed: the open seats' invitation codes, by seat (shown to ``host`` only)."""
    host: int | None = None
    """Three- and four-handed: the seat that created the match."""


def levels_for(rules: Rules) -> list[int]:
    """The computer levels that play ``rules``' table size (1-5 where they all exist).

    >>> levels_for(Rules.preset("seed66"))
    [1, 2, 3, 4, 5]
    """
    from sixtysix.ai.levels import make_table_player

    found = []
    for level in LEVELS:
        try:
            make_table_player(level, rules, seed=0, time_limit=0.1)
        except (ValueError, KeyError, NotImplementedError):
            continue
        found.append(level)
    return found


def meta() -> dict[str, object]:
    """The ``GET /api/meta`` answer."""
    from sixtysix import __version__

    return {
        "api": API_VERSION,
        "version": __version__,
        "presets": {
            name: {
                "description": PRESET_TEXT.get(name, name),
                "target": rules.match_target,
                "deck": rules.deck,
                "players": rules.players,
                "levels": levels_for(rules),
            }
            for name, rules in PRESETS.items()
        },
        "options": {name: [_text(v) for v in values] for name, values in CHOICES.items() if name != "match_target"},
        "levels": [{"level": lv, "name": name, "description": text} for lv, (name, text) in LEVELS.items()],
        "defaults": {"rules": "seed66", "level": 3, "target": 7},
    }


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_json(rules: Rules) -> dict[str, object]:
    options = rules.options()
    options.pop("match_target", None)
    return {
        "preset": rules.preset_name,
        "options": options,
        "target": rules.match_target,
        "deck": rules.deck,
        "hand_size": rules.hand_size,
        "exchange_rank": rules.exchange_rank,
        "may_review_tricks": rules.may_review_tricks,
        "tally": "countdown" if rules.preset_name == "schnapsen" else "strokes",
        "players": rules.players,
    }


def cards(mask: CardMask, trump: int | None = None) -> list[str]:
    """Card names of a mask: in hand order when ``trump`` is given, else by suit, high first."""
    if trump is not None:
        return [CARD_NAMES[c] for c in hand_order(mask, trump)]
    return [CARD_NAMES[c] for c in range(32) if mask >> c & 1]


def opponent_hand_size(view: PlayerView) -> int:
    mine = view.hand.bit_count()
    if view.led is None or view.stage != FOLLOW:
        return mine
    return mine + 1 if view.leader == view.seat else mine - 1


def names_of(public: PublicMatch, seat: int) -> Names:
    return Names(seat, public.seats[3 - seat][0])


def seat_state(public: PublicMatch, match: Match, seat: int) -> dict[str, object]:
    """The state of ``seat`` (docs/web-api.md)."""
    deal = match.current if public.status != "waiting" else None
    rules = match.rules
    name, _, _ = public.seats[seat]
    other_name, other_kind, other_level = public.seats[3 - seat]
    review = rules.may_review_tricks != "none"
    you: dict[str, object] = {"seat": seat, "name": name, "points": 0, "pending": 0, "tricks": 0}
    opponent: dict[str, object] = {
        "seat": 3 - seat,
        "name": other_name,
        "kind": other_kind,
        "level": other_level,
        "connected": True if other_kind == "computer" else bool(public.connected.get(3 - seat)),
        "points": 0 if review else None,
        "pending": 0 if review else None,
        "tricks": 0,
        "hand_size": 0,
        "known": [],
    }
    deal_json: dict[str, object] | None = None
    legal: list[str] = []
    after: list[str] = []
    if deal is not None:
        view = PlayerView.of(deal, seat, match.score, match.carried)
        you.update(points=view.score, pending=view.pending, tricks=view.tricks[seat - 1])
        opponent.update(
            tricks=view.tricks[2 - seat],
            hand_size=opponent_hand_size(view),
            known=cards(view.opponent_known, view.trump),
        )
        if review:
            opponent.update(points=view.opponent_score, pending=view.opponent_pending)
        deal_json = deal_state(public, match, deal, view)
        legal = [str(a) for a in view.legal]
        after = after_draw(deal, seat)
        if deal.is_over and not match.is_over and public.seats[seat][1] == "human":
            legal.append(NEXT)
    previous = None
    if deal is not None and len(match.deals) >= 2:
        previous = previous_deal(public, match, len(match.deals) - 1, seat)
    invite = None
    if public.invite is not None and public.invite[0] == seat:
        invite = {"code": public.invite[1], "path": f"/?join={public.invite[1]}"}
    return {
        "api": API_VERSION,
        "match_id": public.match_id,
        "version": public.version,
        "seat": seat,
        "players": 2,
        "status": public.status,
        "kind": public.kind,
        "hints": public.hints,
        "rules": rules_json(rules),
        "you": you,
        "opponent": opponent,
        "match": match_json(match),
        "deal": deal_json,
        "legal": legal,
        "after_draw": after,
        "previous_deal": previous,
        "invite": invite,
    }


def match_json(match: Match) -> dict[str, object]:
    return {
        "score": list(match.score),
        "carried": match.carried,
        "target": match.rules.match_target,
        "winner": match.winner,
        "over": match.is_over,
        "deals": len(match.deals),
        "results": [
            {"deal": i, "winner": r.winner, "game_points": r.game_points, "carried_after": r.carried_after}
            for i, r in enumerate(match.results, start=1)
        ],
    }


def deal_state(public: PublicMatch, match: Match, deal: Deal, view: PlayerView) -> dict[str, object]:
    """The ``deal`` object of a state: from the view, plus the outcome once the deal is over."""
    history = [{"seat": s, "action": str(a)} for s, a in view.history]
    completed = tricks_of(view.history, view.trump)
    last_trick = None
    if completed:
        t = completed[-1]
        last_trick = trick_json(t, view.rules)
    trick = [] if view.led is None else [{"seat": view.leader, "card": CARD_NAMES[view.led]}]
    outcome = outcome_json(public, match, len(match.deals), view.seat) if deal.outcome is not None else None
    return {
        "number": len(match.deals),
        "dealer": view.dealer,
        "trump": SUIT_CHARS[view.trump],
        "trump_card": CARD_NAMES[view.trump_card],
        "face_up": CARD_NAMES[view.face_up] if view.face_up is not None else None,
        "talon": view.talon_size,
        "closed": bool(view.closer),
        "closer": view.closer or None,
        "exhausted": view.face_up is None and not view.closer,
        "stage": STAGE_NAMES[view.stage],
        "to_act": view.to_act,
        "leader": view.leader,
        "hand": cards(view.hand, view.trump),
        "trick": trick,
        "last_trick": last_trick,
        "marriages": marriages(view.history, view.trump),
        "marriage_suit": SUIT_CHARS[view.marriage_suit] if view.marriage_suit >= 0 else None,
        "exchange_window": view.window == view.seat,
        "history": history,
        "last_action": history[-1] if history else None,
        "outcome": outcome,
    }


def trick_json(trick: Trick, rules: Rules) -> dict[str, object]:
    """A completed trick: who led, both cards, the winner and the card points."""
    return {
        "leader": trick.leader,
        "cards": [
            {"seat": trick.leader, "card": CARD_NAMES[trick.lead]},
            {"seat": trick.follower, "card": CARD_NAMES[trick.follow]},
        ],
        "winner": trick.winner,
        "points": rules.points[trick.lead] + rules.points[trick.follow],
    }


def marriages(history: tuple[tuple[int, Action], ...], trump: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for seat, action in history:
        if MARRIAGE_20 <= action < EXCHANGE:
            suit = (action - MARRIAGE_20) & 3
            out.append(
                {
                    "seat": seat,
                    "suit": SUIT_CHARS[suit],
                    "points": 40 if action >= MARRIAGE_40 else 20,
                    "cards": [CARD_NAMES[suit * 8 + KING], CARD_NAMES[suit * 8 + QUEEN]],
                }
            )
    return out


def after_draw(deal: Deal, seat: int) -> list[str]:
    """Actions the server takes after an implicit draw, none depending on the card drawn.

    Right after winning a phase-1 trick (stage ``before_draw``) the winner may send a card
    (or ``X``, ``C``, ``66``, a marriage) instead of ``draw``: the server draws, then applies
    it. Only actions whose cards the seat holds before the draw are listed (and accepted),
    so neither the list nor a refusal tells anything about the card to be drawn.
    """
    if deal.stage != BEFORE_DRAW or deal.leader != seat or DRAW not in deal.legal_actions(seat):
        return []
    hand = deal.hands[seat]
    work = deal.copy()
    work.apply(DRAW)
    out = []
    for action in work.legal_actions(seat):
        if action in (DRAW, PASS):
            continue
        if needs_cards(action, deal) & ~hand:
            continue
        out.append(str(action))
    return out


def needs_cards(action: int, deal: Deal) -> CardMask:
    """The cards a seat must hold to take ``action`` (0 for close and claim)."""
    if action < 32:
        return BIT[action]
    if MARRIAGE_20 <= action < EXCHANGE:
        suit = (action - MARRIAGE_20) & 3
        return BIT[suit * 8 + KING] | BIT[suit * 8 + QUEEN]
    if action == EXCHANGE:
        return BIT[deal.exchange_card]
    return 0


def win_kind(deal: Deal) -> str | None:
    """``simple``, ``schneider`` or ``schwarz`` for a deal won on the cards; ``None`` for a tie
    or a penalty (false claim, failed close, beaten closer)."""
    outcome = deal.outcome
    if outcome is None or outcome.winner is None:
        return None
    rules = deal.rules
    winner, loser = outcome.winner, 3 - outcome.winner
    closer = deal.closer
    termination = outcome.termination
    if termination in (Termination.FALSE_CLAIM, Termination.CLOSER_FAILED):
        return None
    if closer and closer != winner:
        return None  # the closer was beaten: a penalty
    if closer:
        if rules.closer_win_basis == "at_close":
            value = scale_points(deal.close_score, deal.close_tricks)
        else:
            value = scale_points(deal.score[loser], deal.tricks[loser])
    elif termination == Termination.PLAYED_OUT and rules.last_trick_rule == "wins_deal_one_point":
        value = 1
    else:
        value = scale_points(deal.score[loser], deal.tricks[loser])
    return {1: "simple", 2: "schneider", 3: "schwarz"}[value]


def outcome_json(public: PublicMatch, match: Match, number: int, seat: int) -> dict[str, object] | None:
    """The outcome of finished deal ``number`` (1-based) from ``seat``'s side."""
    deal = match.deals[number - 1]
    outcome = deal.outcome
    if outcome is None:
        return None
    match.settle()
    result = match.results[number - 1] if number - 1 < len(match.results) else None
    credited = result.game_points if result else outcome.game_points
    names = names_of(public, seat)
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "game_points": outcome.game_points,
        "credited": credited if outcome.winner is not None else 0,
        "carried": max(0, credited - outcome.game_points) if outcome.winner is not None else 0,
        "points": list(outcome.points),
        "tricks": list(outcome.tricks),
        "claimant": outcome.claimant,
        "closer": deal.closer or None,
        "win_kind": win_kind(deal),
        "reason": outcome.reason,
        "headline": deal_headline(deal, names, credited),
        "explanation": explain_scoring(deal, names),
    }


def result_columns(match: Match, number: int) -> dict[str, object]:
    """The ``deals`` table's result columns of finished deal ``number``."""
    deal = match.deals[number - 1]
    outcome = deal.outcome
    assert outcome is not None
    match.settle()
    result = match.results[number - 1]
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "game_points": outcome.game_points,
        "credited": result.game_points,
        "closer": deal.closer or None,
        "claimant": outcome.claimant,
        "win_kind": win_kind(deal),
        "points1": outcome.points[0],
        "points2": outcome.points[1],
        "tricks1": outcome.tricks[0],
        "tricks2": outcome.tricks[1],
    }


def previous_deal(public: PublicMatch, match: Match, number: int, seat: int) -> dict[str, object] | None:
    deal = match.deals[number - 1]
    if deal.outcome is None:
        return None
    completed = tricks_of(
        tuple(h for h in deal.history if h[1] != PASS or h[0] == seat),
        deal.trump,
    )
    last = None
    if completed:
        t = completed[-1]
        last = trick_json(t, deal.rules)
    return {
        "number": number,
        "outcome": outcome_json(public, match, number, seat),
        "last_trick": last,
        "points": list(deal.outcome.points),
        "tricks": list(deal.outcome.tricks),
    }


def parse_action_token(text: str) -> Action | str:
    """An engine action, or ``"next"``; raises ``ValueError`` for anything else."""
    token = text.strip()
    if token.lower() == NEXT:
        return NEXT
    return Action.parse(token)
