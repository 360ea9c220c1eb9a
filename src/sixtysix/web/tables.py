"""The seat state of three- and four-handed matches (docs/web-api.md, "Three and four seats").

Standard library and the engine only, like :mod:`sixtysix.web.state` (which builds the
two-player state). Each function here builds what one table seat may see:

* three-handed, an active seat: its :func:`~sixtysix.core.view.three_handed_view` (the
  two-player view of the inner deal) with the inner seat numbers turned into table seats;
* three-handed, the dealer who sits out: a spectator's picture built from public facts
  only (:class:`Spectator`: counts, cards played, cards shown; no hand is read);
* four-handed: the seat's :class:`~sixtysix.core.view.PartnershipView`: its own hand, the
  trick, the cards shown (the dealer's trump card until he plays it), points per side.

>>> from sixtysix import Rules, create_match
>>> match = create_match(Rules.preset("four66"))
>>> deal = match.new_deal(seed=1)
>>> seats = {s: (f"P{s}", "human" if s == 1 else "computer", None if s == 1 else 1) for s in (1, 2, 3, 4)}
>>> public = PublicMatch("m1", 2, "playing", "computer", False, seats)
>>> state = table_state(public, match, 1)
>>> state["players"], len(state["deal"]["hand"]), [s["hand_size"] for s in state["deal"]["seats"]]
(4, 8, [8, 8, 8, 8])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sixtysix.core.actions import EXCHANGE, MARRIAGE_20, MARRIAGE_40, PASS, Action
from sixtysix.core.cards import BIT, CARD_NAMES, KING, QUEEN, SUIT_CHARS, CardMask
from sixtysix.core.game import Deal, Stage
from sixtysix.core.match import PartnershipMatch, ThreeHandedMatch
from sixtysix.core.partnership import FourHandedDeal, partner_of, side_of
from sixtysix.core.rules import Rules
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import PartnershipView, PlayerView, three_handed_view
from sixtysix.present.describe import Names, deal_headline, explain_scoring, tricks_of
from sixtysix.web.state import (
    API_VERSION,
    NEXT,
    STAGE_NAMES,
    PublicMatch,
    after_draw,
    cards,
    rules_json,
    win_kind,
)

TableMatch = ThreeHandedMatch | PartnershipMatch


def table_state(public: PublicMatch, match: TableMatch, seat: int) -> dict[str, object]:
    """The state of table ``seat`` of a three- or four-handed match (docs/web-api.md)."""
    deal = match.current if public.status != "waiting" else None
    players = match.rules.players
    legal: list[str] = []
    after: list[str] = []
    deal_json: dict[str, object] | None = None
    if isinstance(deal, ThreeHandedDeal) and isinstance(match, ThreeHandedMatch):
        deal_json = three_deal_json(public, match, deal, seat)
        legal = [str(a) for a in deal.legal_actions(seat)]
        inner = deal.inner_seat(seat)
        if inner:
            after = after_draw(deal.inner, inner)
    elif isinstance(deal, FourHandedDeal) and isinstance(match, PartnershipMatch):
        deal_json = four_deal_json(public, match, deal, seat)
        legal = [str(a) for a in deal.legal_actions(seat)]
    if deal is not None and deal.is_over and not match.is_over and public.seats[seat][1] == "human":
        legal.append(NEXT)
    rules = rules_json(match.rules)
    rules["players"] = players
    you: dict[str, object] = {"seat": seat, "name": public.seats[seat][0], "points": 0, "pending": 0, "tricks": 0}
    if players == 4:
        you.update(side=side_of(seat), partner=partner_of(seat))
    if isinstance(deal, ThreeHandedDeal) and deal.inner_seat(seat):
        inner = deal.inner_seat(seat)
        you.update(points=deal.inner.score[inner], pending=deal.inner.pending[inner], tricks=deal.inner.tricks[inner])
    elif isinstance(deal, FourHandedDeal):  # the side's: partners share their tricks
        side = side_of(seat)
        you.update(points=deal.score[side], pending=deal.pending[side], tricks=deal.tricks[side])
    invites = []
    if public.invites and public.host == seat:
        invites = [{"seat": s, "code": code, "path": f"/?join={code}"} for s, code in sorted(public.invites.items())]
    return {
        "api": API_VERSION,
        "match_id": public.match_id,
        "version": public.version,
        "seat": seat,
        "players": players,
        "status": public.status,
        "kind": public.kind,
        "hints": public.hints,
        "rules": rules,
        "you": you,
        "seats": seats_json(public, players, seat),
        "opponent": None,
        "match": table_match_json(match),
        "deal": deal_json,
        "legal": legal,
        "after_draw": after,
        "previous_deal": previous_table_deal(public, match, seat),
        "invite": invites[0] if invites else None,
        "invites": invites,
    }


def seats_json(public: PublicMatch, players: int, seat: int) -> list[dict[str, object]]:
    """Who sits where: name, person or computer (and its level), connected; side and partner in four-handed."""
    out = []
    for s in range(1, players + 1):
        name, kind, level = public.seats[s]
        entry: dict[str, object] = {
            "seat": s,
            "name": name,
            "kind": kind,
            "level": level,
            "connected": True if kind == "computer" else bool(public.connected.get(s)),
            "you": s == seat,
            "open": public.invites is not None and s in public.invites,
        }
        if players == 4:
            entry["side"] = side_of(s)
            entry["partner"] = s == partner_of(seat)
        out.append(entry)
    return out


def table_match_json(match: TableMatch) -> dict[str, object]:
    """The match score by seat (three-handed) or by side (four-handed), and each deal's result."""
    three = isinstance(match, ThreeHandedMatch)
    results = []
    for number, result in enumerate(match.results, start=1):
        deal = match.deals[number - 1]
        entry: dict[str, object] = {
            "deal": number,
            "dealer": deal.dealer,
            "winner": result.winner,
            "game_points": result.game_points,
            "carried_after": result.carried_after,
        }
        if isinstance(deal, ThreeHandedDeal):
            entry["dealer_points"] = result.dealer_points
            entry["sitting_out"] = deal.sitting_out
        else:
            entry["bonus"] = list(result.bonus or (0, 0))
        results.append(entry)
    return {
        "score": list(match.score),
        "by": "seat" if three else "side",
        "carried": match.carried,
        "target": match.rules.match_target,
        "winner": match.winner,
        "loser": match.loser if isinstance(match, ThreeHandedMatch) else None,
        "over": match.is_over,
        "deals": len(match.deals),
        "results": results,
    }


# -- three-handed -------------------------------------------------------------------------


@dataclass(frozen=True)
class Spectator:
    """What everybody at a three-handed table sees of the inner deal: no card of any hand.

    Built from public facts only (cards played, cards shown, counts); the dealer who sits
    out receives this, and the active seats' views agree with it on every public fact.
    """

    known: tuple[CardMask, CardMask]
    """Cards inner seats 1 and 2 are publicly known to hold."""
    hand_sizes: tuple[int, int]
    history: tuple[tuple[int, Action], ...]

    @classmethod
    def of(cls, deal: Deal) -> Spectator:
        return cls(
            known=(deal.known[1], deal.known[2]),
            hand_sizes=(deal.hands[1].bit_count(), deal.hands[2].bit_count()),
            history=tuple(h for h in deal.history if h[1] != PASS),
        )

    def visible_cards(self, deal: Deal) -> CardMask:
        """Every card the spectator's picture names (to prove that it leaks nothing)."""
        mask = self.known[0] | self.known[1] | deal.won[1] | deal.won[2] | BIT[deal.trump_card]
        if deal.face_up >= 0:
            mask |= BIT[deal.face_up]
        if deal.led >= 0:
            mask |= BIT[deal.led]
        for _, action in self.history:
            if action < 32:
                mask |= BIT[action]
        return mask


def three_deal_json(
    public: PublicMatch, match: ThreeHandedMatch, deal: ThreeHandedDeal, seat: int
) -> dict[str, object]:
    """The ``deal`` object of a three-handed state, in table seats."""
    inner = deal.inner
    me = deal.inner_seat(seat)
    table = deal.table_seat
    spectator = Spectator.of(inner)
    view: PlayerView | None = three_handed_view(deal, seat, match.score, match.carried) if me else None
    history = view.history if view is not None else spectator.history
    review = match.rules.may_review_tricks != "none"
    seats = []
    for s in (1, 2, 3):
        i = deal.inner_seat(s)
        entry: dict[str, object] = {"seat": s, "active": bool(i), "hand_size": 0, "known": [], "tricks": 0}
        if i:
            entry.update(
                hand_size=spectator.hand_sizes[i - 1],
                known=[] if i == me else cards(spectator.known[i - 1], inner.trump),
                tricks=inner.tricks[i],
            )
            shown = i == me or review
            entry["points"] = inner.score[i] if shown else None
            entry["pending"] = inner.pending[i] if shown else None
        seats.append(entry)
    completed = tricks_of(history, inner.trump)
    last_trick = None
    if completed:
        t = completed[-1]
        last_trick = {
            "leader": table(t.leader),
            "cards": [
                {"seat": table(t.leader), "card": CARD_NAMES[t.lead]},
                {"seat": table(t.follower), "card": CARD_NAMES[t.follow]},
            ],
            "winner": table(t.winner),
            "points": inner.rules.points[t.lead] + inner.rules.points[t.follow],
        }
    trick = [] if inner.led < 0 else [{"seat": table(inner.leader), "card": CARD_NAMES[inner.led]}]
    hist = [{"seat": table(s), "action": str(a)} for s, a in history]
    return {
        "number": len(match.deals),
        "players": 3,
        "dealer": deal.dealer,
        "sitting_out": deal.sitting_out,
        "active": list(deal.active),
        "forehand": deal.active[0],
        "trump": SUIT_CHARS[inner.trump],
        "trump_card": CARD_NAMES[inner.trump_card],
        "face_up": CARD_NAMES[inner.face_up] if inner.face_up >= 0 else None,
        "talon": inner.talon_size,
        "closed": bool(inner.closer),
        "closer": table(inner.closer) or None,
        "exhausted": inner.face_up < 0 and not inner.closer,
        "stage": STAGE_NAMES[inner.stage],
        "to_act": deal.to_act,
        "leader": table(inner.leader),
        "hand": cards(view.hand, inner.trump) if view is not None else [],
        "seats": seats,
        "trick": trick,
        "last_trick": last_trick,
        "marriages": marriages_json(history, inner.trump, table),
        "marriage_suit": SUIT_CHARS[inner.marriage_suit] if inner.stage == Stage.MARRIAGE else None,
        "exchange_window": view is not None and view.window == me,
        "history": hist,
        "last_action": hist[-1] if hist else None,
        "outcome": three_outcome_json(public, match, len(match.deals), seat) if deal.outcome is not None else None,
    }


def marriages_json(
    history: Sequence[tuple[int, Action]], trump: int, table: Callable[[int], int] | None = None
) -> list[dict[str, object]]:
    """Marriages declared so far, by table seat (``table`` maps a history seat to a table seat)."""
    out: list[dict[str, object]] = []
    for seat, action in history:
        if MARRIAGE_20 <= action < EXCHANGE:
            suit = (action - MARRIAGE_20) & 3
            out.append(
                {
                    "seat": table(seat) if table is not None else seat,
                    "suit": SUIT_CHARS[suit],
                    "points": 40 if action >= MARRIAGE_40 else 20,
                    "cards": [CARD_NAMES[suit * 8 + KING], CARD_NAMES[suit * 8 + QUEEN]],
                }
            )
    return out


def three_outcome_json(
    public: PublicMatch, match: ThreeHandedMatch, number: int, seat: int
) -> dict[str, object] | None:
    """The outcome of finished three-handed deal ``number`` as ``seat`` sees it."""
    deal = match.deals[number - 1]
    outcome = deal.outcome
    if outcome is None:
        return None
    match.settle()
    result = match.results[number - 1] if number - 1 < len(match.results) else None
    credited = result.game_points if result else outcome.game_points
    dealer_points = result.dealer_points if result else 0
    me = deal.inner_seat(seat)
    name = {s: ("you" if s == seat else public.seats[s][0]) for s in (1, 2, 3)}
    if outcome.winner is None:
        headline = f"A tie: nobody scores ({outcome.reason})"
    else:
        verb = "win" if outcome.winner == seat else "wins"
        headline = f"{name[outcome.winner].capitalize()} {verb} {credited} game point{'s' if credited != 1 else ''}"
        if dealer_points:
            headline += f"; {name[deal.dealer]} (the dealer) score{'' if deal.dealer == seat else 's'} {dealer_points}"
    if me:
        other = deal.active[2 - me]
        explanation = explain_scoring(deal.inner, Names(me, public.seats[other][0]))
        headline_two = deal_headline(deal.inner, Names(me, public.seats[other][0]), credited)
    else:
        explanation, headline_two = [outcome.reason], headline
    inner_closer = deal.inner.closer
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "game_points": outcome.game_points,
        "credited": credited if outcome.winner is not None else 0,
        "carried": max(0, credited - outcome.game_points) if outcome.winner is not None else 0,
        "dealer": deal.dealer,
        "dealer_points": dealer_points,
        "points": list(outcome.points),
        "tricks": list(outcome.tricks),
        "claimant": outcome.claimant,
        "closer": deal.table_seat(inner_closer) or None,
        "win_kind": win_kind(deal.inner),
        "reason": outcome.reason,
        "headline": headline,
        "deal_headline": headline_two,
        "explanation": explanation,
    }


# -- four-handed ---------------------------------------------------------------------------


def four_tricks(history: Sequence[tuple[int, Action]], trump: int, rules: Rules) -> list[dict[str, object]]:
    """The completed tricks of a four-handed history: cards by seat, the winner, the card points."""
    out: list[dict[str, object]] = []
    current: list[tuple[int, int]] = []
    for seat, action in history:
        if action >= 32:
            continue
        current.append((seat, int(action)))
        if len(current) == 4:
            best = current[0]
            for entry in current[1:]:
                card, top = entry[1], best[1]
                if (card >> 3 == top >> 3 and card < top) or (card >> 3 == trump and top >> 3 != trump):
                    best = entry
            out.append(
                {
                    "leader": current[0][0],
                    "cards": [{"seat": s, "card": CARD_NAMES[c]} for s, c in current],
                    "winner": best[0],
                    "points": sum(rules.points[c] for _, c in current),
                }
            )
            current = []
    return out


def four_deal_json(public: PublicMatch, match: PartnershipMatch, deal: FourHandedDeal, seat: int) -> dict[str, object]:
    """The ``deal`` object of a four-handed state: the seat's :class:`PartnershipView` only."""
    view = PartnershipView.of(deal, seat, match.score, match.carried)
    review = match.rules.may_review_tricks != "none"
    played = {s: 0 for s in (1, 2, 3, 4)}
    for s, action in view.history:
        if action < 32:
            played[s] += 1
    size = view.rules.hand_size
    seats = [
        {
            "seat": s,
            "side": side_of(s),
            "hand_size": size - played[s],
            "known": [] if s == seat else cards(view.known[s - 1], view.trump),
        }
        for s in (1, 2, 3, 4)
    ]
    sides = []
    for side in (1, 2):
        shown = side == view.side or review
        sides.append(
            {
                "side": side,
                "seats": [side, side + 2],
                "points": view.score[side - 1] if shown else None,
                "pending": view.pending[side - 1] if shown else None,
                "tricks": view.tricks[side - 1],
            }
        )
    completed = four_tricks(view.history, view.trump, view.rules)
    hist = [{"seat": s, "action": str(a)} for s, a in view.history]
    held = bool(view.known[view.dealer - 1] & BIT[view.trump_card])
    return {
        "number": len(match.deals),
        "players": 4,
        "dealer": view.dealer,
        "trump": SUIT_CHARS[view.trump],
        "trump_card": CARD_NAMES[view.trump_card],
        "trump_card_held": held,
        "stage": STAGE_NAMES[view.stage],
        "to_act": view.to_act,
        "leader": view.leader,
        "hand": cards(view.hand, view.trump),
        "seats": seats,
        "sides": sides,
        "trick": [{"seat": s, "card": CARD_NAMES[c]} for s, c in view.trick],
        "winning": CARD_NAMES[deal.winning] if view.trick else None,
        "last_trick": completed[-1] if completed else None,
        "tricks_played": len(completed),
        "marriages": marriages_json(view.history, view.trump),
        "marriage_suit": SUIT_CHARS[view.marriage_suit] if view.marriage_suit >= 0 else None,
        "history": hist,
        "last_action": hist[-1] if hist else None,
        "outcome": four_outcome_json(public, match, len(match.deals), seat) if deal.outcome is not None else None,
    }


def four_outcome_json(public: PublicMatch, match: PartnershipMatch, number: int, seat: int) -> dict[str, object] | None:
    """The outcome of finished four-handed deal ``number`` as ``seat`` sees it."""
    deal = match.deals[number - 1]
    outcome = deal.outcome
    if outcome is None:
        return None
    match.settle()
    result = match.results[number - 1] if number - 1 < len(match.results) else None
    credited = result.game_points if result else outcome.game_points
    mine = side_of(seat)
    if outcome.winner is None:
        headline = f"A tie at {outcome.points[0]} each: nobody scores"
    else:
        who = "Your side wins" if outcome.winner == mine else "The other side wins"
        score = f"{outcome.points[outcome.winner - 1]} to {outcome.points[2 - outcome.winner]}"
        headline = f"{who} {credited} game point{'s' if credited != 1 else ''} ({score})"
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "winner_side": outcome.winner,
        "game_points": outcome.game_points,
        "credited": credited if outcome.winner is not None else 0,
        "carried": max(0, credited - outcome.game_points) if outcome.winner is not None else 0,
        "bonus": list(outcome.bonus or (0, 0)),
        "points": list(outcome.points),
        "tricks": list(outcome.tricks),
        "reason": outcome.reason,
        "headline": headline,
        "explanation": [outcome.reason],
    }


def previous_table_deal(public: PublicMatch, match: TableMatch, seat: int) -> dict[str, object] | None:
    """The last finished deal's outcome while the next one is being played."""
    if len(match.deals) < 2:
        return None
    number = len(match.deals) - 1
    if isinstance(match, ThreeHandedMatch):
        outcome = three_outcome_json(public, match, number, seat)
    else:
        outcome = four_outcome_json(public, match, number, seat)
    if outcome is None:
        return None
    return {"number": number, "outcome": outcome, "points": outcome["points"], "tricks": outcome["tricks"]}


def visible_cards(match: TableMatch, seat: int) -> CardMask:
    """Every card ``seat`` may see now (the tests' oracle for the leak scan uses its own)."""
    deal = match.current
    if isinstance(deal, ThreeHandedDeal):
        if deal.inner_seat(seat):
            return three_handed_view(deal, seat).visible_cards()
        return Spectator.of(deal.inner).visible_cards(deal.inner)
    assert isinstance(deal, FourHandedDeal)
    return PartnershipView.of(deal, seat).visible_cards()


def table_result_columns(match: TableMatch, number: int) -> dict[str, object]:
    """The ``deals`` table's result columns of finished deal ``number`` (points of seats or sides 1 and 2)."""
    deal = match.deals[number - 1]
    outcome = deal.outcome
    assert outcome is not None
    match.settle()
    result = match.results[number - 1]
    closer = kind = None
    if isinstance(deal, ThreeHandedDeal):
        closer, kind = deal.table_seat(deal.inner.closer) or None, win_kind(deal.inner)
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "game_points": outcome.game_points,
        "credited": result.game_points,
        "closer": closer,
        "claimant": outcome.claimant,
        "win_kind": kind,
        "points1": outcome.points[0],
        "points2": outcome.points[1],
        "tricks1": outcome.tricks[0],
        "tricks2": outcome.tricks[1],
    }
