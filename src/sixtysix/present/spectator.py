"""The spectator's state: what someone who watches a match may see, as the JSON object the web app sends.

A spectator holds no seat. Its state is built from the deal's
:class:`~sixtysix.core.view.SpectatorView` (through :func:`~sixtysix.present.picture.picture`
with the seat :data:`~sixtysix.present.picture.SPECTATOR`) and the public facts of the match:
the names, the match score, the tricks as the table shows them, the trump card, the talon's
size, the marriages declared and the cards a seat is known to hold; never a hand nor the
talon. A finished deal shows every card that was left, as it does to the players.

``delay`` shows the match as it stood that many actions ago (:func:`rewound`): the current
deal's last actions, and the end of a deal, reach the spectator only as later actions are
taken; a match that is over is shown as it ended.

>>> from sixtysix import Rules, create_match
>>> match = create_match(Rules.preset("seed66"))
>>> deal = match.new_deal(seed=1)
>>> public = PublicMatch("m1", 3, "playing", "computer", True, {1: ("Ann", "human", None), 2: ("CPU", "computer", 1)})
>>> state = spectator_state(public, match)
>>> state["spectator"], state["deal"]["hand"], state["deal"]["talon"], [s["hand_size"] for s in state["deal"]["seats"]]
(True, [], 12, [6, 6])
"""

from __future__ import annotations

from sixtysix.core.forfeit import forfeit_deal, parse_forfeit_header
from sixtysix.core.match import AnyMatch, create_match
from sixtysix.core.outcome import Reason
from sixtysix.core.table import Table
from sixtysix.present.picture import SPECTATOR, picture
from sixtysix.present.state import (
    API_VERSION,
    StateMemo,
    deal_json,
    previous_deal,
    rules_json,
    seats_json,
)
from sixtysix.present.table import PublicMatch

MAX_DELAY = 40
"""The longest delay a match's creator may ask for, in actions."""


def spectator_state(
    public: PublicMatch,
    match: AnyMatch,
    memo: StateMemo | None = None,
    delay: int = 0,
    shown: AnyMatch | None = None,
) -> dict[str, object]:
    """The state a spectator of the match receives (docs/web-api.md, "Watching a match").

    ``memo``: shared by the spectator states of one match object (:class:`StateMemo`); ``delay``:
    the match is shown as it stood that many actions ago (:func:`shown_match`); ``shown``: that
    match, when the caller has it already.
    """
    shown = shown if shown is not None else shown_match(match, delay)
    if shown is not match:
        memo = StateMemo()  # the rewound match is a new object: what the live states share is not its
    memo = memo if memo is not None else StateMemo()
    deal = shown.current if public.status != "waiting" else None
    seen = picture(deal, SPECTATOR, memo.public(deal)[0]) if deal is not None else None
    seats = seats_json(public, shown, SPECTATOR)
    for entry in seats:
        entry.pop("you", None)
        if "partner" in entry:
            entry["partner"] = False
    state: dict[str, object] = {
        "api": API_VERSION,
        "spectator": True,
        "match_id": public.match_id,
        "version": public.version,
        "delay": delay,
        "behind": public_actions(match) - public_actions(shown),
        "players": shown.rules.players,
        "status": public.status,
        "kind": public.kind,
        "rules": rules_json(shown.rules),
        "seats": seats,
        "match": memo.match(shown),
        "deal": deal_json(public, shown, seen, memo) if seen is not None else None,
        "previous_deal": previous_deal(public, shown, SPECTATOR, memo) if deal is not None else None,
    }
    return state


def shown_match(match: AnyMatch, delay: int) -> AnyMatch:
    """The match a spectator with ``delay`` is shown: ``match`` rewound by it (:func:`rewound`), or
    ``match`` itself without a delay and once it is over."""
    return rewound(match, delay) if delay > 0 and not match.is_over else match


def public_actions(match: AnyMatch) -> int:
    """How many actions the match's deals hold (a deal forfeited, which ends without an action, counts one more)."""
    return sum(len(deal.history) + forfeited(deal) for deal in match.deals)


def forfeited(deal: Table) -> bool:
    """Whether ``deal`` ended by a forfeit (:func:`~sixtysix.core.forfeit.forfeit_deal`: no action ends it)."""
    return deal.outcome is not None and deal.outcome.reasons[0] == Reason.FORFEIT


def rewound(match: AnyMatch, actions: int) -> AnyMatch:
    """``match`` as it stood ``actions`` actions ago: a new match, every deal replayed from its cards.

    A deal forfeited (it ends without an action) counts one action more; dealing one counts
    none. A match that is over is never rewound by :func:`spectator_state` (its end, a forfeit
    of the match too, is shown as it is).

    >>> from sixtysix import Rules, create_match
    >>> match = create_match(Rules.preset("schnapsen"))
    >>> deal = match.new_deal(seed=2)
    >>> for _ in range(5):
    ...     deal.apply(deal.legal_actions()[0])
    >>> len(rewound(match, 2).current.history), len(rewound(match, 9).current.history), len(match.current.history)
    (3, 0, 5)
    """
    left = max(0, public_actions(match) - actions)
    out = create_match(match.rules, match.first_dealer)
    for deal in match.deals:
        if out.is_over:
            break
        copy = out.new_deal(deal.deck, dealer=deal.dealer)
        for seat, action in deal.history:
            if left <= 0:
                return out
            copy.apply(action, seat)
            left -= 1
        if forfeited(deal) and deal.outcome is not None:
            if left <= 0:
                return out
            left -= 1
            _, seat, why = parse_forfeit_header(deal.outcome.reason)
            forfeit_deal(copy, seat, why)
        out.settle()
    return out
