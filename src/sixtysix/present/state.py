"""The seat state: what one seat of a match may see, as the JSON object the web app sends.

One builder for every table size (docs/web-api.md, "The seat state"). :func:`seat_state`
takes the public facts of a match (:class:`PublicMatch`: names, kinds, who is connected,
open invitations) and the match itself, and reads the current deal only through a
:class:`SeatPicture`: what that seat may know, in table seats. :func:`picture` is the one
place where the table sizes differ (a two-player deal, played at a table of two or of
three, or the four-handed partnership deal); the rest is the same code for every size.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sixtysix.core.actions import CLAIM, DRAW, EXCHANGE, MARRIAGE_40, PASS, Action, marriage_suit
from sixtysix.core.cards import BIT, CARD_NAMES, KING, QUEEN, SUIT_CHARS, Card, CardMask
from sixtysix.core.game import BEFORE_DRAW, Deal, Stage, Termination
from sixtysix.core.match import AnyMatch
from sixtysix.core.partnership import FourHandedDeal, left_of, partner_of, side_of
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.present.order import hand_order
from sixtysix.present.outcome import outcome_json
from sixtysix.present.table import AnyDeal, Duel, PublicMatch, duel_of

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


@dataclass(frozen=True)
class Count:
    """Tricks and card points of one scorer (a seat, or a side of partners); ``None`` when hidden."""

    tricks: int
    points: int | None
    pending: int | None


@dataclass(frozen=True)
class SeatPicture:
    """What one seat may know of the current deal, in table seats, for every table size."""

    seat: int
    rules: Rules
    dealer: int
    sitting_out: int | None
    playing: tuple[int, ...]
    """The seats that play this deal."""
    forehand: int
    """The seat that leads the deal's first trick."""
    trump: int
    trump_card: Card
    trump_card_held: bool
    """The dealer holds the turned-up trump card, for all to see (four-handed)."""
    face_up: Card | None
    talon: int | None
    """Face-down cards and the face-up card; ``None`` in a game without a talon."""
    exhausted: bool
    closer: int
    strict: bool
    """Whether the strict rules of play hold (follow suit, head the trick)."""
    stage: Stage
    to_act: int | None
    leader: int
    hand: CardMask
    trick: tuple[tuple[int, Card], ...]
    winning: Card | None
    history: tuple[tuple[int, Action], ...]
    hand_sizes: Mapping[int, int]
    known: Mapping[int, CardMask]
    """The cards the other seats that play are publicly known to hold."""
    scorer: str
    """``seat``, or ``side`` where partners score together."""
    counts: Mapping[int, Count]
    """By seat, or by side."""
    exchange_window: bool
    marriage_suit: int
    legal: tuple[Action, ...]
    after_draw: tuple[Action, ...]
    claim_holds: bool | None
    """Whether a claim (``66``) now would be correct; ``None`` when this seat may not claim."""

    @property
    def own_scorer(self) -> int:
        """This seat's entry in :attr:`counts`: its seat, or its side."""
        return side_of(self.seat) if self.scorer == "side" else self.seat


def picture(deal: AnyDeal, seat: int) -> SeatPicture:
    """What ``seat`` may know of ``deal``: its own view's private facts and the public ones."""
    if isinstance(deal, FourHandedDeal):
        return _partnership_picture(deal, seat)
    duel = duel_of(deal)
    assert duel is not None
    return _duel_picture(duel, seat)


def _duel_picture(duel: Duel, seat: int) -> SeatPicture:
    """A two-player deal: public facts from the deal, private ones from the seat's own view.

    The seat that sits out (three-handed) has no view: it sees the public facts only,
    and never a ``pass`` (which would tell who holds the exchange card).
    """
    deal, table = duel.deal, duel.table
    me = duel.inner(seat)
    view = PlayerView.of(deal, me) if me else None
    shown = deal.rules.may_review_tricks != "none"
    history = view.history if view is not None else tuple(h for h in deal.history if h[1] != PASS)
    counts = {
        table(i): Count(
            deal.tricks[i],
            deal.score[i] if i == me or shown else None,
            deal.pending[i] if i == me or shown else None,
        )
        for i in (1, 2)
    }
    return SeatPicture(
        seat=seat,
        rules=deal.rules,
        dealer=duel.dealer,
        sitting_out=duel.sitting_out,
        playing=duel.seats,
        forehand=table(deal.forehand),
        trump=deal.trump,
        trump_card=deal.trump_card,
        trump_card_held=False,
        face_up=deal.face_up if deal.face_up >= 0 else None,
        talon=deal.talon_size,
        exhausted=deal.face_up < 0 and not deal.closer,
        closer=table(deal.closer),
        strict=deal.phase2,
        stage=deal.stage,
        to_act=table(deal.to_act),
        leader=table(deal.leader),
        hand=view.hand if view is not None else 0,
        trick=((table(deal.leader), deal.led),) if deal.led >= 0 else (),
        winning=deal.led if deal.led >= 0 else None,
        history=tuple((table(s), a) for s, a in history),
        hand_sizes={table(i): deal.hands[i].bit_count() for i in (1, 2)},
        known={table(i): deal.known[i] for i in (1, 2) if i != me},
        scorer="seat",
        counts=counts,
        exchange_window=view is not None and view.window == me,
        marriage_suit=deal.marriage_suit if deal.stage == Stage.MARRIAGE else -1,
        legal=view.legal if view is not None else (),
        after_draw=tuple(after_draw(deal, me)) if me else (),
        claim_holds=_claim_holds(deal, me) if view is not None and CLAIM in view.legal else None,
    )


def _partnership_picture(deal: FourHandedDeal, seat: int) -> SeatPicture:
    """The four-handed deal: the seat's :class:`PartnershipView` (hand sizes are public counts)."""
    view = PartnershipView.of(deal, seat)
    shown = deal.rules.may_review_tricks != "none"
    counts = {
        side: Count(
            view.tricks[side - 1],
            view.score[side - 1] if side == view.side or shown else None,
            view.pending[side - 1] if side == view.side or shown else None,
        )
        for side in (1, 2)
    }
    seats = deal.rules.seats
    return SeatPicture(
        seat=seat,
        rules=deal.rules,
        dealer=deal.dealer,
        sitting_out=None,
        playing=seats,
        forehand=left_of(deal.dealer),
        trump=view.trump,
        trump_card=view.trump_card,
        trump_card_held=bool(view.known[deal.dealer - 1] & BIT[view.trump_card]),
        face_up=None,
        talon=None,
        exhausted=False,
        closer=0,
        strict=True,
        stage=view.stage,
        to_act=view.to_act,
        leader=view.leader,
        hand=view.hand,
        trick=view.trick,
        winning=deal.winning if view.trick else None,
        history=view.history,
        hand_sizes={s: deal.hands[s].bit_count() for s in seats},
        known={s: view.known[s - 1] for s in seats if s != seat},
        scorer="side",
        counts=counts,
        exchange_window=False,
        marriage_suit=view.marriage_suit,
        legal=view.legal,
        after_draw=(),
        claim_holds=None,
    )


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
    points are the rules' card points (:attr:`Rules.points`).
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
                "points": sum(seen.rules.points[c] for _, c in trick),
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
                    "points": 40 if action >= MARRIAGE_40 else 20,  # the value is in the action (20h, 40s)
                    "cards": [CARD_NAMES[suit * 8 + KING], CARD_NAMES[suit * 8 + QUEEN]],
                }
            )
    return out


def rules_json(rules: Rules) -> dict[str, object]:
    """The preset, the options that differ from it, and the facts the page draws with."""
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


# -- the draw a card click implies --------------------------------------------------------


def after_draw(deal: Deal, seat: int) -> list[Action]:
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
    return [a for a in work.legal_actions(seat) if a not in (DRAW, PASS) and not needs_cards(a, deal) & ~hand]


def after_draw_at(deal: AnyDeal, seat: int) -> list[Action]:
    """:func:`after_draw` at any table, in table seats (none in the four-handed game)."""
    duel = duel_of(deal)
    me = duel.inner(seat) if duel is not None else 0
    return after_draw(duel.deal, me) if duel is not None and me else []


def needs_cards(action: int, deal: Deal) -> CardMask:
    """The cards a seat must hold to take ``action`` (0 for close and claim)."""
    if Action(action).is_card():
        return BIT[action]
    if Action(action).is_marriage():
        suit = marriage_suit(action)
        return BIT[suit * 8 + KING] | BIT[suit * 8 + QUEEN]
    if action == EXCHANGE:
        return BIT[deal.exchange_card]
    return 0


def _claim_holds(deal: Deal, seat: int) -> bool:
    """Whether ``seat``'s claim now would be correct: the engine scores it on a copy.

    The verdict depends on the claimant's own points only (rules.md §2.11), so it tells
    the seat nothing it does not know.
    """
    work = deal.copy()
    work.apply(CLAIM, seat)
    return work.outcome is not None and work.outcome.termination == Termination.CLAIM
