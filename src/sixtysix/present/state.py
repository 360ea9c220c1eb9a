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

from collections.abc import Callable, Sequence

from sixtysix.core.actions import ACTIONS, TOKENS, Action, marriage_suit
from sixtysix.core.cards import BIT, CARD_NAMES, KING, QUEEN, SUIT_CHARS, CardMask, make_card
from sixtysix.core.facts import Trick, marriage_value, partner_of, side_of
from sixtysix.core.match import AnyMatch
from sixtysix.core.outcome import Stage
from sixtysix.core.rules import Rules
from sixtysix.core.table import Table
from sixtysix.core.view import SpectatorView
from sixtysix.present.order import hand_order
from sixtysix.present.outcome import outcome_json
from sixtysix.present.picture import SeatPicture, picture
from sixtysix.present.refusals import card_refusals
from sixtysix.present.table import PublicMatch

API_VERSION = 1

STAGE_NAMES = {
    Stage.LEAD: "lead",
    Stage.MARRIAGE: "marriage",
    Stage.FOLLOW: "follow",
    Stage.BEFORE_DRAW: "before_draw",
    Stage.OVER: "over",
}

MARRIAGES = frozenset(action for action in ACTIONS if action.is_marriage())

NEXT = "next"
"""The command token that starts the next deal."""


class StateMemo:
    """What the seat states of one match share, so that each is built once.

    * The current deal's public part: its spectator view and completed tricks are the same
      for every seat; they are kept while the deal has the same actions (a deal changes
      only by adding to its history).
    * A finished deal's end (its outcome and last trick, per seat): a finished deal never
      changes, nor does the match's result for it, nor (once a deal is played) the names
      at the table. Only the two latest deals are kept.
    * The match's score and results (``match``): they change only when a deal is dealt or ends.

    Every entry holds the deal it was built from (and the names) and is rebuilt when they
    differ. Give one memo to every state of one match object (the web's ``Game`` holds it).

    >>> from sixtysix import Rules, create_match
    >>> match = create_match(Rules.preset("seed66"))
    >>> deal = match.new_deal(seed=4)
    >>> while not deal.is_over:
    ...     deal.apply(deal.legal_actions()[0])
    >>> seats = {1: ("Ann", "human", None), 2: ("CPU", "computer", 1)}
    >>> public, memo = PublicMatch("m1", 9, "playing", "computer", True, seats), StateMemo()
    >>> first = seat_state(public, match, 1, memo)["deal"]
    >>> first["outcome"] is seat_state(public, match, 1, memo)["deal"]["outcome"]
    True
    >>> first["tricks"] is seat_state(public, match, 2, memo)["deal"]["tricks"]
    True
    """

    def __init__(self) -> None:
        self._public: tuple[Table, int, SpectatorView, list[dict[str, object]]] | None = None
        self._match: tuple[AnyMatch, tuple[int, int, bool], dict[str, object]] | None = None
        self._finished: dict[tuple[str, int, int], tuple[Table, object, dict[str, object] | None]] = {}

    def public(self, deal: Table) -> tuple[SpectatorView, list[dict[str, object]]]:
        """The spectator view of ``deal`` and its completed tricks as JSON: kept, or built now."""
        # a forfeit ends a deal without an action: the end counts as one more
        actions = len(deal.history) + (deal.outcome is not None)
        kept = self._public
        if kept is not None and kept[0] is deal and kept[1] == actions:
            return kept[2], kept[3]
        seen = deal.spectator_view()
        tricks = tricks_json(seen.completed_tricks())
        self._public = (deal, actions, seen, tricks)
        return seen, tricks

    def match(self, match: AnyMatch) -> dict[str, object]:
        """The ``match`` object of the states (:func:`match_json`): kept while the match has the same
        deals and results (the score, the winner and the results change only with them)."""
        key = (len(match.deals), len(match.results), match.is_over)
        kept = self._match
        if kept is not None and kept[0] is match and kept[1] == key:
            return kept[2]
        value = match_json(match)
        self._match = (match, key, value)
        return value

    def finished(
        self,
        key: tuple[str, int, int],
        deal: Table,
        public: PublicMatch,
        build: Callable[[], dict[str, object] | None],
    ) -> dict[str, object] | None:
        """The part ``key`` (what, deal number, seat) of finished ``deal``: kept, or built now."""
        names = tuple(public.seats.items())
        kept = self._finished.get(key)
        if kept is not None and kept[0] is deal and kept[1] == names:
            return kept[2]
        value = build()
        number = key[1]
        for old in [k for k in self._finished if k[1] < number - 1]:
            del self._finished[old]
        self._finished[key] = (deal, names, value)
        return value


# -- the state -------------------------------------------------------------------------------


def seat_state(public: PublicMatch, match: AnyMatch, seat: int, memo: StateMemo | None = None) -> dict[str, object]:
    """The state of ``seat`` (docs/web-api.md): the same shape for every table size.

    ``memo`` keeps what the states of the match share (:class:`StateMemo`; give the same one
    to every state of one match object). The states share those parts (and the rules' object):
    read a state, never change it.
    """
    memo = memo if memo is not None else StateMemo()
    deal = match.current if public.status != "waiting" else None
    seen = picture(deal, seat, memo.public(deal)[0]) if deal is not None else None
    legal = [TOKENS[a] for a in seen.legal] if seen is not None else []
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
        "rules": _rules_json(match.rules),
        "you": you_json(public, match, seat, seen),
        "seats": seats,
        "opponent": opponent_json(seats, seen, match.rules),
        "match": memo.match(match),
        "deal": deal_json(public, match, seen, memo) if seen is not None else None,
        "legal": legal,
        "after_draw": [TOKENS[a] for a in seen.after_draw] if seen is not None else [],
        "previous_deal": previous_deal(public, match, seat, memo) if deal is not None else None,
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
    if len(seats) != 2:  # why: the API's two-player shape; three and four seats read "seats"
        return None
    other = seats[1] if seats[0]["you"] else seats[0]
    number = other["seat"]
    assert isinstance(number, int)
    shown = rules.may_review_tricks != "none"
    opponent: dict[str, object] = {
        "seat": number,
        "name": other["name"],
        "kind": other["kind"],
        "level": other["level"],
        "connected": other["connected"],
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
    """The unused invitations, for the seat that made them: one per open seat, ``{"seat": 2}``.

    The code itself was shown once, when the match was created (:func:`invitation_json`); only a
    match stored by an older server, which kept the plain code, still shows it here.
    """
    codes: list[tuple[int, str | None]] = []
    if public.invite is not None and public.invite[0] == seat:
        codes = [(3 - seat, public.invite[1])]
    elif public.invites and public.host == seat:
        codes = sorted(public.invites.items())
    return [{"seat": s} if code is None else invitation_json(s, code) for s, code in codes]


def invitation_json(seat: int, code: str) -> dict[str, object]:
    """One invitation as the page shows it: ``{"seat": 2, "code": "…", "path": "/?join=…"}``."""
    return {"seat": seat, "code": code, "path": f"/?join={code}"}


def match_json(match: AnyMatch) -> dict[str, object]:
    """The match score by seat (or by side: ``by``), the target, and each finished deal's result."""
    results = []
    for number, result in enumerate(match.results, start=1):
        deal = match.deals[number - 1]
        results.append(
            {
                "deal": number,
                "dealer": deal.dealer,
                "sitting_out": deal.sitting_out or None,
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
        "loser": match.loser,  # three-handed play for the loser (R-3P-4), else None
        "forfeited_by": match.forfeited_by,  # the seat that forfeited the match (it left), else None
        "over": match.is_over,
        "deals": len(match.deals),
        "results": results,
    }


def deal_json(public: PublicMatch, match: AnyMatch, seen: SeatPicture, memo: StateMemo) -> dict[str, object]:
    """The ``deal`` object of a state: the seat's picture, plus the outcome once the deal is over."""
    number = len(match.deals)
    current = match.deals[-1]
    tricks = memo.public(current)[1]
    history = [{"seat": s, "action": TOKENS[a]} for s, a in seen.history]
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
        "refusals": card_refusals(seen),
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
        "outcome": _outcome(public, match, number, seen, memo) if current.outcome is not None else None,
        "revealed": revealed_json(current, seen) if current.outcome is not None else None,
    }


def revealed_json(deal: Table, seen: SeatPicture) -> dict[str, object]:
    """A finished deal has no secrets: every other seat's remaining cards, and the talon that was left.

    ``hands``: per other seat that played (table seats), its cards in hand order; ``talon``:
    the cards nobody drew, in the order they lay (the face-up card among them, if still there).
    """
    trump = seen.trump
    hands = {s: deal.hand(s) for s in deal.seats}
    held = 0
    for mask in hands.values():
        held |= mask
    played = 0
    for trick in seen.public.completed_tricks():
        for _, card in trick.cards:
            played |= BIT[card]
    for _, card in seen.trick:
        played |= BIT[card]
    left = [c for c in deal.deck if not (held | played) & BIT[c]]
    return {
        "hands": [{"seat": s, "cards": cards(hands[s], trump)} for s in seen.playing if s != seen.seat],
        "talon": [CARD_NAMES[c] for c in left],
    }


def _outcome(
    public: PublicMatch, match: AnyMatch, number: int, seen: SeatPicture, memo: StateMemo
) -> dict[str, object] | None:
    """The outcome of the finished current deal, as :func:`outcome_json` (once per seat and deal)."""

    def build() -> dict[str, object] | None:
        return outcome_json(public, match, number, seen.seat, seen.public)

    return memo.finished(("outcome", number, seen.seat), match.deals[number - 1], public, build)


def previous_deal(public: PublicMatch, match: AnyMatch, seat: int, memo: StateMemo) -> dict[str, object] | None:
    """The deal before the current one, finished: its outcome and last trick (a page that missed its end)."""
    number = len(match.deals) - 1
    if number < 1:
        return None
    deal = match.deals[number - 1]
    if deal.outcome is None:
        return None
    return memo.finished(("previous", number, seat), deal, public, lambda: _previous(public, match, number, seat))


def _previous(public: PublicMatch, match: AnyMatch, number: int, seat: int) -> dict[str, object]:
    deal: Table = match.deals[number - 1]
    assert deal.outcome is not None
    seen = deal.spectator_view()
    tricks = seen.completed_tricks()
    return {
        "number": number,
        "outcome": outcome_json(public, match, number, seat, seen),
        "last_trick": trick_json(len(tricks), tricks[-1]) if tricks else None,
        "points": list(deal.outcome.points),
        "tricks": list(deal.outcome.tricks),
    }


def deal_seats_json(match: AnyMatch, seen: SeatPicture) -> list[dict[str, object]]:
    """Every table seat in this deal: whether it plays, its hand size, its public cards, its counts."""
    out = []
    by_side = match.scorer == "side"
    for s in match.seats:
        active = s in seen.playing
        count = seen.counts.get(s) if active and not by_side else None
        entry: dict[str, object] = {
            "seat": s,
            "active": active,
            "hand_size": seen.hand_sizes.get(s, 0),
            "known": cards(seen.known.get(s, 0), seen.trump),
            "tricks": count.tricks if count is not None else None,
            "points": count.points if count is not None else None,
            "pending": count.pending if count is not None else None,
        }
        if by_side:
            entry["side"] = side_of(s)
        out.append(entry)
    return out


def sides_json(match: AnyMatch, seen: SeatPicture) -> list[dict[str, object]] | None:
    """Where partners score together: each side's seats, tricks and card points; else ``None``."""
    if match.scorer != "side":
        return None
    seats = match.seats
    return [
        {
            "side": side,
            "seats": [s for s in seats if side_of(s) == side],
            "points": count.points,
            "pending": count.pending,
            "tricks": count.tricks,
        }
        for side, count in sorted(seen.counts.items())
    ]


def tricks_json(tricks: Sequence[Trick]) -> list[dict[str, object]]:
    """The completed tricks as the core counts them: who led, the cards, the winner, the card points."""
    return [trick_json(number, trick) for number, trick in enumerate(tricks, start=1)]


def trick_json(number: int, trick: Trick) -> dict[str, object]:
    """One completed trick (``number`` 1 = the first): leader, cards by seat in order, winner, card points."""
    return {
        "number": number,
        "leader": trick.leader,
        "cards": [{"seat": s, "card": CARD_NAMES[c]} for s, c in trick.cards],
        "winner": trick.winner,
        "points": trick.points,
    }


def marriages_json(history: Sequence[tuple[int, Action]]) -> list[dict[str, object]]:
    """Every marriage declared so far: who, the suit, its value and both cards."""
    out: list[dict[str, object]] = []
    for seat, action in history:
        if action in MARRIAGES:
            suit = marriage_suit(action)
            out.append(
                {
                    "seat": seat,
                    "suit": SUIT_CHARS[suit],
                    "points": marriage_value(action),
                    "cards": [CARD_NAMES[make_card(KING, suit)], CARD_NAMES[make_card(QUEEN, suit)]],
                }
            )
    return out


def rules_json(rules: Rules) -> dict[str, object]:
    """The preset, the options that differ from it, and the facts the page draws with."""
    cached = _rules_json(rules)
    options = cached["options"]
    assert isinstance(options, dict)
    return {**cached, "options": dict(options)}  # a copy: the caller may change it


_RULES_JSON: dict[int, tuple[Rules, dict[str, object]]] = {}
"""The rules JSON of each ``Rules`` object (by identity: hashing a ``Rules`` costs more than the
lookup). A ``Rules`` never changes, and each entry keeps its object, so its id is not reused."""


def _rules_json(rules: Rules) -> dict[str, object]:  # a match's rules never change: once per object
    kept = _RULES_JSON.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    if len(_RULES_JSON) >= 1024:
        _RULES_JSON.clear()
    options = rules.options()
    options.pop("match_target", None)
    value: dict[str, object] = {
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
    _RULES_JSON[id(rules)] = (rules, value)
    return value


def cards(mask: CardMask, trump: int | None = None) -> list[str]:
    """Card names of a mask: in hand order when ``trump`` is given, else by suit, high first."""
    if not mask:
        return []
    if trump is not None:
        return [CARD_NAMES[c] for c in hand_order(mask, trump)]
    return [CARD_NAMES[c] for c in range(32) if mask & BIT[c]]
