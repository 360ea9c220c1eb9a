"""A finished deal's result as the web app sends it: the engine's numbers and English words.

:func:`outcome_json` is the ``outcome`` of a seat state (docs/web-api.md) for every table
size: the termination, the winner, the game points credited, both totals, and the
sentences that explain the scoring from the asking seat's side (a page builds its own
wording of a two-seat deal in another language from the same numbers; where partners
score together :func:`side_explanations` gives the engine's reason in every language).
:func:`result_columns` are the columns of the web app's ``deals`` table, from which the
statistics are counted.

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

from sixtysix.core.facts import SCHNEIDER, last_trick_bonus, partnership_game_points, win_scale
from sixtysix.core.forfeit import parse_forfeit_header
from sixtysix.core.game import Termination
from sixtysix.core.match import AnyMatch, DealResult
from sixtysix.core.partnership import side_of
from sixtysix.core.table import Table
from sixtysix.core.view import SpectatorView
from sixtysix.present.describe import Names, deal_headline, scoring_sentences
from sixtysix.present.table import PublicMatch, is_duel
from sixtysix.present.words import catalogue, say

WIN_KINDS = {1: "simple", 2: "schneider", 3: "schwarz"}
"""The win kinds by the game points of their scale (before any doubling)."""

SIDE_SCALES = {
    "all the tricks": "deal.side_scale.all_tricks",
    "100 or more": "deal.side_scale.at_least",
    "66 or more": "deal.side_scale.at_least",
    "the losers under 33": "deal.side_scale.under",
}
"""Why a side won what it won: the core's words (:func:`~sixtysix.core.facts.partnership_game_points`) and their
keys in the catalogue (``deal.side.*`` words the engine's reason of a four-handed deal in German and French)."""


def outcome_json(
    public: PublicMatch, match: AnyMatch, number: int, seat: int, seen: SpectatorView | None = None
) -> dict[str, object] | None:
    """The outcome of finished deal ``number`` (1-based) as ``seat`` sees it; ``None`` before its end.

    ``seen`` is the deal's spectator view when the caller has it already.
    """
    deal: Table = match.deals[number - 1]
    outcome = deal.outcome
    if outcome is None:
        return None
    seen = seen or deal.spectator_view()
    match.settle()
    result = match.results[number - 1] if number - 1 < len(match.results) else None
    credited = result.game_points if result else outcome.game_points
    won = outcome.winner is not None
    duel = is_duel(deal.rules)
    headline, duel_headline, explanation = _words(public, match, deal, seen, seat, credited, result)
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "loser": _opponent(seen, outcome.winner) if duel and outcome.winner else None,
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
        "closer": seen.closer or None,
        "win_kind": win_kind(seen) if duel else None,
        "reason": outcome.reason,
        "scoring": scoring_json(seen, result, match.carried),
        "headline": headline,
        "deal_headline": duel_headline,
        "explanation": explanation,
        "explanations": side_explanations(seen) if match.scorer == "side" else None,
    }


def side_explanations(seen: SpectatorView) -> dict[str, list[str]]:
    """Where partners score together: the engine's reason of the finished deal in every language.

    >>> from sixtysix import Rules, create_match
    >>> match = create_match(Rules.preset("four66"))
    >>> deal = match.new_deal(seed=3)
    >>> while not deal.is_over:
    ...     deal.apply(deal.legal_actions()[0])
    >>> words = side_explanations(deal.spectator_view())
    >>> words["en"] == [deal.outcome.reason], words["de"][0].startswith("Partei"), words["fr"][0].startswith("L'équipe")
    (True, True, True)
    """
    outcome = seen.outcome
    assert outcome is not None
    found: dict[str, list[str]] = {"en": [outcome.reason]}
    termination = outcome.termination
    winner = outcome.winner or 0
    values: dict[str, object] = {"winner": winner, "points": outcome.points[0]}
    how = ""
    if termination == Termination.PLAYED_OUT and winner:
        won, lost = outcome.points[winner - 1], outcome.points[2 - winner]
        how = partnership_game_points(seen.rules, won, lost, outcome.tricks[2 - winner])[1]
        values.update(won=won, lost=lost)
    elif termination == Termination.FORFEIT:
        values["seat"] = parse_forfeit_header(outcome.reason)[1]
    key = f"deal.side.{termination.value}"
    for lang in ("de", "fr"):
        # the scale's number is the core's, read from its words: the catalogue holds no rule's number
        words = say(SIDE_SCALES[how], lang, points="".join(filter(str.isdigit, how))) if how else ""
        found[lang] = [say(key, lang, how=words, **values)] if key in catalogue("en") else [outcome.reason]
    return found


def _opponent(seen: SpectatorView, seat: int) -> int:
    """The other seat of a deal two seats play."""
    first, second = seen.active
    return second if seat == first else first


def _words(
    public: PublicMatch,
    match: AnyMatch,
    deal: Table,
    seen: SpectatorView,
    seat: int,
    credited: int,
    result: DealResult | None,
) -> tuple[str, str, list[str]]:
    """(headline, the two-player deal's headline, explanation), in English from ``seat``'s side."""
    outcome = seen.outcome
    assert outcome is not None
    plays = is_duel(deal.rules) and seat in seen.active
    if plays:  # a seat that played a deal of two seats: its scoring in full
        names = Names(seat, public.name(_opponent(seen, seat)))
        own = deal_headline(deal, names, credited)
        explanation = scoring_sentences(seen, names)
        if not seen.sitting_out:
            return own, own, explanation
    else:
        explanation = [outcome.reason]
    if match.scorer == "side":
        headline = _sides_headline(seat, outcome.winner, credited, outcome.points)
    else:
        headline = _seats_headline(public, deal.dealer, seat, outcome.winner, credited, result, outcome.reason)
    return headline, own if plays else headline, explanation


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


def scoring_json(seen: SpectatorView, result: DealResult | None, carried: int) -> dict[str, object]:
    """The numbers the sentences of a deal's scoring name, from the engine (a page words them).

    ``schneider``: the card points below which a loser pays double; ``scale``: the game
    points of the win kind (1, 2, 3) before any doubling; ``closed_basis``: whose points
    counted when the closer won (``at_close`` or ``at_end``); ``carried_next``: tie points
    waiting for the next deal's winner; ``last_trick``: when the deal was played to its
    last card, its winner, card points, the bonus it gave and whether it decided the deal.
    The last three only for a deal of two seats.
    """
    out: dict[str, object] = {
        "schneider": SCHNEIDER,
        "scale": None,
        "closed_basis": None,
        "carried_next": result.carried_after if result else carried,
        "last_trick": None,
    }
    if is_duel(seen.rules):
        out["scale"] = _win_scale(seen)
        if seen.closer and seen.outcome is not None and seen.outcome.winner == seen.closer:
            out["closed_basis"] = seen.rules.closer_win_basis
        out["last_trick"] = _last_trick(seen)
    return out


def _last_trick(seen: SpectatorView) -> dict[str, object] | None:
    """The last trick of a deal played to its last card: who won it, its card points, the bonus
    it gave, and whether it decided the deal."""
    outcome = seen.outcome
    if outcome is None or any(seen.hand_sizes):
        return None  # ended before its last trick
    last = seen.completed_tricks()[-1]
    rules = seen.rules
    return {
        "winner": last.winner,
        "points": last.points,
        "bonus": last_trick_bonus(rules, closed=bool(seen.closer)),
        "decides": outcome.termination == Termination.PLAYED_OUT
        and not seen.closer
        and rules.last_trick_rule == "wins_deal_one_point",
    }


def win_kind(seen: SpectatorView) -> str | None:
    """``simple``, ``schneider`` or ``schwarz`` for a finished deal of two seats won on the cards;
    ``None`` for a tie or a penalty (false claim, failed close, beaten closer)."""
    scale = _win_scale(seen)
    return WIN_KINDS[scale] if scale else None


def _win_scale(seen: SpectatorView) -> int | None:
    """The scale (1, 2 or 3 game points) of a deal of two seats won on the cards, before any
    doubling, as the core scores it; else ``None``."""
    outcome = seen.outcome
    if outcome is None or outcome.winner is None:
        return None
    loser = _opponent(seen, outcome.winner)
    return win_scale(
        seen.rules,
        outcome.termination.value,
        outcome.winner,
        seen.closer,
        (seen.scores[loser - 1], seen.trick_counts[loser - 1]),
        (seen.close_score, seen.close_tricks),
        seen.scores[outcome.winner - 1],
    )


def result_columns(match: AnyMatch, number: int) -> dict[str, object]:
    """The ``deals`` table's result columns of finished deal ``number`` (seats or sides 1 and 2)."""
    deal: Table = match.deals[number - 1]
    outcome = deal.outcome
    assert outcome is not None
    match.settle()
    result = match.results[number - 1]
    seen = deal.spectator_view()
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "game_points": outcome.game_points,
        "credited": result.game_points,
        "closer": seen.closer or None,
        "claimant": outcome.claimant,
        "win_kind": win_kind(seen) if is_duel(deal.rules) else None,
        "points1": outcome.points[0],
        "points2": outcome.points[1],
        "tricks1": outcome.tricks[0],
        "tricks2": outcome.tricks[1],
    }


def deal_sentences(seen: SpectatorView, names: Names, carried: int = 0) -> list[str]:
    """How a finished deal of two seats scored, said to ``names.human``: in English the engine's full
    sentences (:func:`~sixtysix.present.describe.scoring_sentences`), in German and French the web page's
    (the same words, from the same numbers: :func:`scoring_json`). ``carried``: tie points waiting after it.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=1)
    >>> while not deal.is_over:
    ...     deal.apply(deal.legal_actions()[0])
    >>> deal_sentences(deal.spectator_view(), Names(human=1, lang="de"))
    ['Computer hat zugedreht und 66 nicht erreicht.', 'Misslungenes Zudrehen bringt dem Gegner 3 Punkte.']
    """
    if names.lang == "en":
        return scoring_sentences(seen, names)
    outcome = seen.outcome
    if outcome is None:
        return []
    facts = scoring_json(seen, None, carried)
    winner, closer, claimant = outcome.winner, seen.closer, outcome.claimant
    n, points = outcome.game_points, outcome.points
    termination = outcome.termination
    if termination == Termination.TIE:
        after = int(str(facts["carried_next"] or 0))
        then = names.count("tui.outcome.tie_carry", after) if after else names.say("tui.outcome.tie_void")
        return [names.say("tui.outcome.tie", p=max(points)), then]
    assert winner is not None
    loser = _opponent(seen, winner)
    failed = names.count("tui.outcome.failed_close_points", n)
    if termination == Termination.FORFEIT:
        return [names.of("tui.outcome.forfeit", loser, n=n)]
    if termination == Termination.FALSE_CLAIM:
        who = claimant or loser
        said = names.of("tui.outcome.false_claim", who, p=points[who - 1])
        return [said, failed if closer and closer == claimant else names.count("tui.outcome.false_claim_points", n)]
    if termination == Termination.CLOSER_FAILED:
        return [names.of("tui.outcome.closer_failed", closer), failed]
    if termination == Termination.CLAIM and closer and claimant != closer:
        return [names.say("tui.outcome.beaten_closer", closer=names.subject(closer), winner=names.subject(winner), n=n)]
    if termination == Termination.PLAYED_OUT and closer and winner != closer:
        return [names.of("tui.outcome.closer_never_claimed", closer), failed]
    last = facts["last_trick"]
    if termination == Termination.CLAIM:
        lines = [names.of("tui.outcome.claimed", claimant or winner, p=points[(claimant or winner) - 1])]
    elif closer:
        lines = [names.of("tui.outcome.closer_made_it", closer)]
    elif isinstance(last, dict) and last["decides"]:
        return [names.of_count("tui.outcome.last_trick_decides", int(last["winner"]), n)]
    else:
        lines = [names.say("tui.outcome.played_out", bonus=last["bonus"] if isinstance(last, dict) else 0)]
    if closer and facts["closed_basis"] == "at_close":
        lines.append(names.say("tui.outcome.closed_basis"))
    kind = win_kind(seen)
    if kind is not None:
        scale = int(str(facts["scale"]))
        lines.append(
            names.count(f"tui.outcome.kind.{kind}", scale, loser=names.subject(loser), line=facts["schneider"])
        )
    return lines
