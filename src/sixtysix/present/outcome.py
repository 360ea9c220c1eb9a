"""A finished deal's result as the web app sends it: the engine's numbers and English words.

:func:`outcome_json` is the ``outcome`` of a seat state (docs/web-api.md) for every table
size: the termination, the winner, the game points credited, both totals, and the
sentences that explain the scoring from the asking seat's side (a page may build its own
wording in another language from the same numbers). :func:`result_columns` are the
columns of the web app's ``deals`` table, from which the statistics are counted.

>>> from sixtysix import Rules, create_match
>>> match = create_match(Rules.preset("seed66"))
>>> deal = match.new_deal(seed=4)
>>> while not deal.is_over:
...     deal.apply(deal.legal_actions()[0])
>>> public = PublicMatch("m1", 9, "playing", "computer", True, {1: ("Ann", "human", None), 2: ("CPU", "computer", 1)})
>>> out = outcome_json(public, match, 1, 1)
>>> out["termination"] in ("claim", "false_claim", "played_out", "closer_failed", "tie"), bool(out["explanation"])
(True, True)
"""

from __future__ import annotations

from functools import cache

from sixtysix.core.game import Deal, Termination, scale_points
from sixtysix.core.match import AnyMatch, DealResult
from sixtysix.core.partnership import side_of
from sixtysix.present.describe import Names, deal_headline, explain_scoring, last_trick_bonus, trick_points
from sixtysix.present.table import AnyDeal, Duel, PublicMatch, duel_of


def outcome_json(public: PublicMatch, match: AnyMatch, number: int, seat: int) -> dict[str, object] | None:
    """The outcome of finished deal ``number`` (1-based) as ``seat`` sees it; ``None`` before its end."""
    deal = match.deals[number - 1]
    outcome = deal.outcome
    if outcome is None:
        return None
    match.settle()
    result = match.results[number - 1] if number - 1 < len(match.results) else None
    credited = result.game_points if result else outcome.game_points
    won = outcome.winner is not None
    duel = duel_of(deal)
    headline, duel_headline, explanation = _words(public, match, deal, duel, seat, credited, result)
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "loser": duel.other(outcome.winner) if duel is not None and outcome.winner else None,
        "game_points": outcome.game_points,
        "credited": credited if won else 0,
        "carried": max(0, credited - outcome.game_points) if won else 0,
        "carried_after": result.carried_after if result else match.carried,
        "dealer": deal.dealer,
        "dealer_points": result.dealer_points if result else 0,
        "bonus": list(outcome.bonus),
        "points": list(outcome.points),
        "tricks": list(outcome.tricks),
        "claimant": outcome.claimant,
        "closer": duel.table(duel.deal.closer) or None if duel is not None else None,
        "win_kind": win_kind(duel.deal) if duel is not None else None,
        "reason": outcome.reason,
        "scoring": scoring_json(duel, result, match.carried),
        "headline": headline,
        "deal_headline": duel_headline,
        "explanation": explanation,
    }


def _words(
    public: PublicMatch,
    match: AnyMatch,
    deal: AnyDeal,
    duel: Duel | None,
    seat: int,
    credited: int,
    result: DealResult | None,
) -> tuple[str, str, list[str]]:
    """(headline, the two-player deal's headline, explanation), in English from ``seat``'s side."""
    outcome = deal.outcome
    assert outcome is not None
    me = duel.inner(seat) if duel is not None else 0
    if duel is not None and me:  # a seat that played a two-player deal: its scoring in full
        names = Names(me, public.name(duel.other(seat)))
        own = deal_headline(duel.deal, names, credited)
        explanation = explain_scoring(duel.deal, names)
        if duel.sitting_out is None:
            return own, own, explanation
    else:
        explanation = [outcome.reason]
    if match.scorer == "side":
        headline = _sides_headline(seat, outcome.winner, credited, outcome.points)
    else:
        headline = _seats_headline(public, deal.dealer, seat, outcome.winner, credited, result, outcome.reason)
    return headline, own if me else headline, explanation


def _game_points(n: int) -> str:
    return f"{n} game point{'s' if n != 1 else ''}"


def _seats_headline(
    public: PublicMatch,
    dealer: int,
    seat: int,
    winner: int | None,
    credited: int,
    result: DealResult | None,
    reason: str,
) -> str:
    """``Ann wins 2 game points; you (the dealer) score 2``: a table where the dealer sits out."""
    if winner is None:
        return f"A tie: nobody scores ({reason})"

    def name(s: int) -> str:
        return "you" if s == seat else public.name(s)

    headline = f"{name(winner).capitalize()} {'win' if winner == seat else 'wins'} {_game_points(credited)}"
    dealer_points = result.dealer_points if result else 0
    if dealer_points:
        headline += f"; {name(dealer)} (the dealer) score{'' if dealer == seat else 's'} {dealer_points}"
    return headline


def _sides_headline(seat: int, winner: int | None, credited: int, points: tuple[int, ...]) -> str:
    """``Your side wins 2 game points (70 to 50)``: partners score together."""
    if winner is None:
        return f"A tie at {points[0]} each: nobody scores"
    who = "Your side wins" if winner == side_of(seat) else "The other side wins"
    return f"{who} {_game_points(credited)} ({points[winner - 1]} to {points[2 - winner]})"


def scoring_json(duel: Duel | None, result: DealResult | None, carried: int) -> dict[str, object]:
    """The numbers the sentences of a deal's scoring name, from the engine (a page words them).

    ``schneider``: the card points below which a loser pays double; ``scale``: the game
    points of the win kind (1, 2, 3) before any doubling; ``closed_basis``: whose points
    counted when the closer won (``at_close`` or ``at_end``); ``carried_next``: tie points
    waiting for the next deal's winner; ``last_trick``: when the deal was played to its
    last card, its winner, card points, the bonus it gave and whether it decided the deal.
    """
    out: dict[str, object] = {
        "schneider": schneider_line(),
        "scale": None,
        "closed_basis": None,
        "carried_next": result.carried_after if result else carried,
        "last_trick": None,
    }
    if duel is not None:
        deal = duel.deal
        out["scale"] = _win_scale(deal)
        if deal.closer and deal.outcome is not None and deal.outcome.winner == deal.closer:
            out["closed_basis"] = deal.rules.closer_win_basis
        out["last_trick"] = _last_trick(duel)
    return out


@cache
def schneider_line() -> int:
    """The fewest card points a loser may have without paying double, as the engine scales.

    >>> schneider_line()
    33
    """
    return next(points for points in range(200) if scale_points(points, 1) == 1)


def _last_trick(duel: Duel) -> dict[str, object] | None:
    """The last trick of a deal played to its last card: who won it (the engine's leader at the
    end), its card points, the bonus it gave, and whether it decided the deal."""
    deal = duel.deal
    outcome = deal.outcome
    if outcome is None or deal.hands[1] or deal.hands[2]:
        return None  # ended before its last trick
    cards = [int(a) for _, a in deal.history if a.is_card()][-2:]
    return {
        "winner": duel.table(deal.leader),
        "points": trick_points(deal.rules, cards),
        "bonus": last_trick_bonus(deal.rules, closed=bool(deal.closer)),
        "decides": outcome.termination == Termination.PLAYED_OUT
        and not deal.closer
        and deal.rules.last_trick_rule == "wins_deal_one_point",
    }


def win_kind(deal: Deal) -> str | None:
    """``simple``, ``schneider`` or ``schwarz`` for a two-player deal won on the cards; ``None``
    for a tie or a penalty (false claim, failed close, beaten closer)."""
    scale = _win_scale(deal)
    return {1: "simple", 2: "schneider", 3: "schwarz"}[scale] if scale else None


def _win_scale(deal: Deal) -> int | None:
    """The scale (1, 2 or 3 game points) of a deal won on the cards, before any doubling; else ``None``."""
    outcome = deal.outcome
    if outcome is None or outcome.winner is None:
        return None
    rules = deal.rules
    loser = 3 - outcome.winner
    closer = deal.closer
    termination = outcome.termination
    if termination in (Termination.FALSE_CLAIM, Termination.CLOSER_FAILED):
        return None
    if closer and closer != outcome.winner:
        return None  # the closer was beaten: a penalty
    if closer and rules.closer_win_basis == "at_close":
        value = scale_points(deal.close_score, deal.close_tricks)
    elif not closer and termination == Termination.PLAYED_OUT and rules.last_trick_rule == "wins_deal_one_point":
        value = 1
    else:
        value = scale_points(deal.score[loser], deal.tricks[loser])
    return value


def result_columns(match: AnyMatch, number: int) -> dict[str, object]:
    """The ``deals`` table's result columns of finished deal ``number`` (seats or sides 1 and 2)."""
    deal = match.deals[number - 1]
    outcome = deal.outcome
    assert outcome is not None
    match.settle()
    result = match.results[number - 1]
    duel = duel_of(deal)
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "game_points": outcome.game_points,
        "credited": result.game_points,
        "closer": duel.table(duel.deal.closer) or None if duel is not None else None,
        "claimant": outcome.claimant,
        "win_kind": win_kind(duel.deal) if duel is not None else None,
        "points1": outcome.points[0],
        "points2": outcome.points[1],
        "tricks1": outcome.tricks[0],
        "tricks2": outcome.tricks[1],
    }
