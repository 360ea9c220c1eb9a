"""The seat state: what one seat of a match may see, as the JSON object the web app sends.

One builder for every table size (docs/web-api.md, "The seat state"). :func:`seat_state`
takes the public facts of a match (:class:`PublicMatch`: names, kinds, who is connected,
open invitations) and the match itself, and reads the current deal only through a
:class:`~sixtysix.present.picture.SeatPicture`: what that seat may know, in table seats
(:mod:`sixtysix.present.picture` is where the table sizes differ); the rest is the same
code for two, three and four seats.

Every game fact a page shows comes from here and is the engine's: legal actions, each
completed trick with its winner and card points, the scores, the outcome and the numbers
that explain it. The browser holds no rule.

>>> from sixtysix import Rules, create_match
>>> match = create_match(Rules.preset("seed66"))
>>> deal = match.new_deal(seed=1)
>>> public = PublicMatch("m1", 3, "playing", "computer", True, {1: ("Ann", "human", None), 2: ("CPU", "computer", 1)})
>>> state = seat_state(public, match, 1)
>>> state["players"], state["deal"]["talon"], len(state["deal"]["hand"]), state["opponent"]["points"]
(2, 12, 6, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from sixtysix.core.actions import Action, marriage_suit
from sixtysix.core.cards import CARD_NAMES, KING, QUEEN, SUIT_CHARS, CardMask
from sixtysix.core.game import Stage
from sixtysix.core.match import AnyMatch
from sixtysix.core.partnership import partner_of, side_of
from sixtysix.core.rules import Rules
from sixtysix.present.describe import marriage_value, trick_points
from sixtysix.present.order import hand_order
from sixtysix.present.outcome import outcome_json
from sixtysix.present.picture import SeatPicture, picture
from sixtysix.present.table import PublicMatch, duel_of

API_VERSION = 1

STAGE_NAMES = {
    Stage.LEAD: "lead",
    Stage.MARRIAGE: "marriage",
    Stage.FOLLOW: "follow",
    Stage.BEFORE_DRAW: "before_draw",
    Stage.OVER: "over",
}

NEXT = "next"
"""The command token that starts the next deal."""


# -- the state -------------------------------------------------------------------------------


def seat_state(public: PublicMatch, match: AnyMatch, seat: int) -> dict[str, object]:
    """The state of ``seat`` (docs/web-api.md): the same shape for every table size."""
    deal = match.current if public.status != "waiting" else None
    seen = picture(deal, seat) if deal is not None else None
    legal = [str(a) for a in seen.legal] if seen is not None else []
    if deal is not None and deal.is_over and not match.is_over and public.seats[seat][1] == "human":
        legal.append(NEXT)
    seats = seats_json(public, match, seat)
    invites = invites_json(public, seat)
    return {
        "api": API_VERSION,
        "match_id": public.match_id,
        "version": public.version,
        "seat": seat,
        "players": match.rules.players,
        "status": public.status,
        "kind": public.kind,
        "hints": public.hints,
        "reviews": public.reviews,
        "rules": rules_json(match.rules),
        "you": you_json(public, match, seat, seen),
        "seats": seats,
        "opponent": opponent_json(seats, seen, match.rules),
        "match": match_json(match),
        "deal": deal_json(public, match, seen) if seen is not None else None,
        "legal": legal,
        "after_draw": [str(a) for a in seen.after_draw] if seen is not None else [],
        "previous_deal": previous_deal(public, match, seat) if deal is not None else None,
        "invite": invites[0] if invites else None,
        "invites": invites,
    }


def you_json(public: PublicMatch, match: AnyMatch, seat: int, seen: SeatPicture | None) -> dict[str, object]:
    """Own name and counts (the side's where partners score together), and a claim's verdict."""
    you: dict[str, object] = {"seat": seat, "name": public.seats[seat][0], "points": 0, "pending": 0, "tricks": 0}
    if match.scorer == "side":
        you.update(side=side_of(seat), partner=partner_of(seat))
    if seen is not None:
        own = seen.counts.get(seen.own_scorer)
        if own is not None:
            you.update(points=own.points, pending=own.pending, tricks=own.tricks)
        you["claim_holds"] = seen.claim_holds
    return you


def seats_json(public: PublicMatch, match: AnyMatch, seat: int) -> list[dict[str, object]]:
    """Who sits where: name, person or computer (and its level), connected, open; side and partner."""
    out = []
    for s in match.seats:
        name, kind, level = public.seats[s]
        entry: dict[str, object] = {
            "seat": s,
            "name": name,
            "kind": kind,
            "level": level,
            # the computer is always there, and so is the seat that asks
            "connected": kind == "computer" or s == seat or bool(public.connected.get(s)),
            "you": s == seat,
            "open": s in public.open_seats,
        }
        if match.scorer == "side":
            entry.update(side=side_of(s), partner=s == partner_of(seat))
        out.append(entry)
    return out


def opponent_json(seats: list[dict[str, object]], seen: SeatPicture | None, rules: Rules) -> dict[str, object] | None:
    """The one other seat of a two-seat table with its counts (API version 1 names it); else ``None``."""
    others = [entry for entry in seats if not entry["you"]]
    if len(others) != 1:  # the API's two-player shape: three and four seats read "seats"
        return None
    other = others[0]
    number = int(str(other["seat"]))
    shown = rules.may_review_tricks != "none"
    opponent: dict[str, object] = {
        **{key: other[key] for key in ("seat", "name", "kind", "level", "connected")},
        "points": 0 if shown else None,
        "pending": 0 if shown else None,
        "tricks": 0,
        "hand_size": 0,
        "known": [],
    }
    if seen is not None:
        count = seen.counts[number]
        opponent.update(
            points=count.points,
            pending=count.pending,
            tricks=count.tricks,
            hand_size=seen.hand_sizes.get(number, 0),
            known=cards(seen.known.get(number, 0), seen.trump),
        )
    return opponent


def invites_json(public: PublicMatch, seat: int) -> list[dict[str, object]]:
    """The unused invitations, for the seat that made them: one per open seat."""
    codes: list[tuple[int, str]] = []
    if public.invite is not None and public.invite[0] == seat:
        codes = [(3 - seat, public.invite[1])]
    elif public.invites and public.host == seat:
        codes = sorted(public.invites.items())
    return [{"seat": s, "code": code, "path": f"/?join={code}"} for s, code in codes]


def match_json(match: AnyMatch) -> dict[str, object]:
    """The match score by seat (or by side: ``by``), the target, and each finished deal's result."""
    results = []
    for number, result in enumerate(match.results, start=1):
        deal = match.deals[number - 1]
        duel = duel_of(deal)
        results.append(
            {
                "deal": number,
                "dealer": deal.dealer,
                "sitting_out": duel.sitting_out if duel is not None else None,
                "winner": result.winner,
                "game_points": result.game_points,
                "carried_after": result.carried_after,
                "dealer_points": result.dealer_points,
                "bonus": list(result.bonus),
            }
        )
    return {
        "score": list(match.score),
        "by": match.scorer,
        "carried": match.carried,
        "target": match.rules.match_target,
        "winner": match.winner,
        "loser": getattr(match, "loser", None),  # three-handed play for the loser (R-3P-4)
        "over": match.is_over,
        "deals": len(match.deals),
        "results": results,
    }


def deal_json(public: PublicMatch, match: AnyMatch, seen: SeatPicture) -> dict[str, object]:
    """The ``deal`` object of a state: the seat's picture, plus the outcome once the deal is over."""
    number = len(match.deals)
    tricks = completed_tricks(seen)
    history = [{"seat": s, "action": str(a)} for s, a in seen.history]
    current = match.deals[-1]
    return {
        "number": number,
        "players": match.rules.players,
        "dealer": seen.dealer,
        "sitting_out": seen.sitting_out,
        "active": list(seen.playing),
        "forehand": seen.forehand,
        "trump": SUIT_CHARS[seen.trump],
        "trump_card": CARD_NAMES[seen.trump_card],
        "trump_card_held": seen.trump_card_held,
        "face_up": CARD_NAMES[seen.face_up] if seen.face_up is not None else None,
        "talon": seen.talon,
        "closed": bool(seen.closer),
        "closer": seen.closer or None,
        "exhausted": seen.exhausted,
        "strict": seen.strict,
        "stage": STAGE_NAMES[seen.stage],
        "to_act": seen.to_act or None,
        "leader": seen.leader,
        "hand": cards(seen.hand, seen.trump),
        "seats": deal_seats_json(match, seen),
        "sides": sides_json(match, seen),
        "trick": [{"seat": s, "card": CARD_NAMES[c]} for s, c in seen.trick],
        "winning": CARD_NAMES[seen.winning] if seen.winning is not None else None,
        "tricks": tricks,
        "tricks_played": len(tricks),
        "last_trick": tricks[-1] if tricks else None,
        "marriages": marriages_json(seen.history),
        "marriage_suit": SUIT_CHARS[seen.marriage_suit] if seen.marriage_suit >= 0 else None,
        "exchange_window": seen.exchange_window,
        "history": history,
        "last_action": history[-1] if history else None,
        "outcome": outcome_json(public, match, number, seen.seat) if current.outcome is not None else None,
    }


def previous_deal(public: PublicMatch, match: AnyMatch, seat: int) -> dict[str, object] | None:
    """The deal before the current one, finished: its outcome and last trick (a page that missed its end)."""
    number = len(match.deals) - 1
    if number < 1:
        return None
    deal = match.deals[number - 1]
    if deal.outcome is None:
        return None
    tricks = completed_tricks(picture(deal, seat))
    return {
        "number": number,
        "outcome": outcome_json(public, match, number, seat),
        "last_trick": tricks[-1] if tricks else None,
        "points": list(deal.outcome.points),
        "tricks": list(deal.outcome.tricks),
    }


def deal_seats_json(match: AnyMatch, seen: SeatPicture) -> list[dict[str, object]]:
    """Every table seat in this deal: whether it plays, its hand size, its public cards, its counts."""
    out = []
    for s in match.seats:
        active = s in seen.playing
        count = seen.counts.get(s) if seen.scorer == "seat" and active else None
        entry: dict[str, object] = {
            "seat": s,
            "active": active,
            "hand_size": seen.hand_sizes.get(s, 0),
            "known": cards(seen.known.get(s, 0), seen.trump),
            "tricks": count.tricks if count is not None else None,
            "points": count.points if count is not None else None,
            "pending": count.pending if count is not None else None,
        }
        if seen.scorer == "side":
            entry["side"] = side_of(s)
        out.append(entry)
    return out


def sides_json(match: AnyMatch, seen: SeatPicture) -> list[dict[str, object]] | None:
    """Where partners score together: each side's seats, tricks and card points; else ``None``."""
    if seen.scorer != "side":
        return None
    return [
        {
            "side": side,
            "seats": [s for s in match.seats if side_of(s) == side],
            "points": count.points,
            "pending": count.pending,
            "tricks": count.tricks,
        }
        for side, count in sorted(seen.counts.items())
    ]


def completed_tricks(seen: SeatPicture) -> list[dict[str, object]]:
    """The completed tricks of the seat's history: who led, the cards, the winner, the card points.

    A trick has one card from each seat that plays. Its winner is read from the engine,
    not decided again: it is the seat that leads the next trick, or, for the last one,
    the deal's leader now (every table size gives the lead to the trick's winner). The
    points are the rules' card points (:func:`~sixtysix.present.describe.trick_points`).
    """
    played = [(s, int(a)) for s, a in seen.history if a.is_card()]
    size = len(seen.playing)
    full = len(played) - len(played) % size
    out: list[dict[str, object]] = []
    for start in range(0, full, size):
        trick = played[start : start + size]
        winner = played[start + size][0] if start + size < len(played) else seen.leader
        out.append(
            {
                "number": start // size + 1,
                "leader": trick[0][0],
                "cards": [{"seat": s, "card": CARD_NAMES[c]} for s, c in trick],
                "winner": winner,
                "points": trick_points(seen.rules, (c for _, c in trick)),
            }
        )
    return out


def marriages_json(history: Sequence[tuple[int, Action]]) -> list[dict[str, object]]:
    """Every marriage declared so far: who, the suit, its value and both cards."""
    out: list[dict[str, object]] = []
    for seat, action in history:
        if action.is_marriage():
            suit = marriage_suit(action)
            out.append(
                {
                    "seat": seat,
                    "suit": SUIT_CHARS[suit],
                    "points": marriage_value(action),
                    "cards": [CARD_NAMES[suit * 8 + KING], CARD_NAMES[suit * 8 + QUEEN]],
                }
            )
    return out


def rules_json(rules: Rules) -> dict[str, object]:
    """The preset, the options that differ from it, and the facts the page draws with."""
    cached = _rules_json(rules)
    options = cached["options"]
    assert isinstance(options, dict)
    return {**cached, "options": dict(options)}  # a copy: the caller may change it


@cache
def _rules_json(rules: Rules) -> dict[str, object]:  # a match's rules never change: once per value
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
    if not mask:
        return []
    if trump is not None:
        return [CARD_NAMES[c] for c in hand_order(mask, trump)]
    return [CARD_NAMES[c] for c in range(32) if mask >> c & 1]
