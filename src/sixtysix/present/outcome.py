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

from sixtysix.core.facts import DEAL_TARGET, HUNDRED, SCHNEIDER, last_trick_bonus, side_of
from sixtysix.core.forfeit import parse_forfeit_header
from sixtysix.core.match import AnyMatch, DealResult
from sixtysix.core.outcome import Reason
from sixtysix.core.table import Table
from sixtysix.core.view import SpectatorView
from sixtysix.present.describe import Line, Names, deal_headline, scoring_sentences
from sixtysix.present.table import PublicMatch, is_duel
from sixtysix.present.words import catalogue, say

WIN_KINDS = (Reason.SIMPLE, Reason.SCHNEIDER, Reason.SCHWARZ)
"""The reasons that name a win kind (the step of the scale) of a deal won on the cards."""

SIDE_SCALES = {
    "schwarz": ("deal.side_scale.all_tricks", 0),
    "hundred": ("deal.side_scale.at_least", HUNDRED),
    "simple": ("deal.side_scale.at_least", DEAL_TARGET),
    "schneider": ("deal.side_scale.under", SCHNEIDER),
}
"""Why a side won what it won: the core's scale reason (:func:`~sixtysix.core.facts.partnership_game_points`),
as the catalogue's key and the core's number it names."""


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
        "base_points": outcome.base_points,
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
        "reasons": [reason.value for reason in outcome.reasons],
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
    first = outcome.reasons[0]
    winner = outcome.winner or 0
    values: dict[str, object] = {"winner": winner, "points": outcome.points[0]}
    how = ""
    if first == Reason.PLAYED_OUT and winner:
        values.update(won=outcome.points[winner - 1], lost=outcome.points[2 - winner])
        how = outcome.reasons[1].value
    elif first == Reason.FORFEIT:
        values["seat"] = parse_forfeit_header(outcome.reason)[1]
    key = f"deal.side.{first.value}"
    for lang in ("de", "fr"):
        words = say(SIDE_SCALES[how][0], lang, points=SIDE_SCALES[how][1]) if how else ""
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
    outcome = seen.outcome
    if is_duel(seen.rules) and outcome is not None:
        out["scale"] = outcome.base_points if win_kind(seen) else None
        if seen.closer and outcome.winner == seen.closer:
            out["closed_basis"] = "at_close" if Reason.AT_CLOSE in outcome.reasons else "at_end"
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
        "decides": outcome.reasons[0] == Reason.LAST_TRICK,
    }


def win_kind(seen: SpectatorView) -> str | None:
    """``simple``, ``schneider`` or ``schwarz`` for a finished deal of two seats won on the cards;
    ``None`` for a tie or a penalty (false claim, failed close, beaten closer): the engine's reason."""
    outcome = seen.outcome
    if outcome is None:
        return None
    return next((reason.value for reason in outcome.reasons if reason in WIN_KINDS), None)


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
    (words for the same reason codes: :func:`deal_lines`). ``carried``: tie points waiting after it.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=1)
    >>> while not deal.is_over:
    ...     deal.apply(deal.legal_actions()[0])
    >>> for line in deal_sentences(deal.spectator_view(), Names(human=1, lang="de")):
    ...     print(line)
    Computer hat zugedreht und 66 nicht erreicht.
    Misslungenes Zudrehen bringt dem Gegner 3 Punkte.
    Der Gegner des Zudrehers hatte beim Zudrehen keinen Stich: das Höchste.
    """
    if names.lang == "en":
        return scoring_sentences(seen, names)
    return [text for _, text in deal_lines(seen, names, carried)]


_PENALTY_WHY = (Reason.FLAT, Reason.NO_TRICK, Reason.NO_TRICK_AT_CLOSE, Reason.ALWAYS_THREE, Reason.HOYLE)
"""The reasons that say why a penalty costs what it costs (each has its sentence ``outcome.why.CODE``)."""


def deal_lines(seen: SpectatorView, names: Names, carried: int = 0) -> list[Line]:
    """The sentences of :func:`deal_sentences` from the catalogue (``outcome.*``, any language) with the
    reason codes each words: together exactly the engine's reasons (what the web page says too)."""
    outcome = seen.outcome
    if outcome is None:
        return []
    reasons = outcome.reasons
    how = reasons[0]
    facts = scoring_json(seen, None, carried)
    winner, closer, claimant = outcome.winner, seen.closer, outcome.claimant
    n, points = outcome.base_points, outcome.points
    if how == Reason.TIE:
        after = int(str(facts["carried_next"] or 0))
        then = names.count("tui.outcome.tie_carry", after) if after else names.say("outcome.tie_void")
        return [((how,), names.say("tui.outcome.tie", p=max(points))), ((), then)]
    assert winner is not None
    loser = _opponent(seen, winner)
    failed = names.count("tui.outcome.failed_close_points", n)
    lines: list[Line]
    if how == Reason.FORFEIT:
        return [((how,), names.of("tui.outcome.forfeit", loser, n=outcome.game_points))]
    if how in (Reason.FALSE_CLAIM, Reason.FALSE_CLAIM_FAILED_CLOSE):
        who = claimant or loser
        said = names.of("tui.outcome.false_claim", who, p=points[who - 1])
        cost = failed if how == Reason.FALSE_CLAIM_FAILED_CLOSE else names.count("tui.outcome.false_claim_points", n)
        lines = [((how,), said), ((), cost)]
    elif how == Reason.FAILED_CLOSE:
        lines = [((how,), names.of("tui.outcome.closer_failed", closer)), ((), failed)]
    elif how == Reason.BEATEN_CLOSER:
        said = names.say("tui.outcome.beaten_closer", closer=names.subject(closer), winner=names.subject(winner), n=n)
        lines = [((how,), said)]
    elif how == Reason.NEVER_CLAIMED:
        lines = [((how,), names.of("tui.outcome.closer_never_claimed", closer)), ((), failed)]
    elif how == Reason.LAST_TRICK:
        return [((how, Reason.SIMPLE), names.of_count("tui.outcome.last_trick_decides", winner, n))]
    else:
        if how == Reason.CLAIM or how == Reason.CLOSER_CLAIM:
            said = names.of("tui.outcome.claimed", claimant or winner, p=points[(claimant or winner) - 1])
        elif how == Reason.CLOSER_PLAYED_OUT:
            said = names.of("tui.outcome.closer_made_it", closer)
        elif how == Reason.LAST_TRICK_TARGET:
            said = names.of("tui.outcome.last_trick_target", winner)
        else:
            last = facts["last_trick"]
            said = names.say("tui.outcome.played_out", bonus=last["bonus"] if isinstance(last, dict) else 0)
        lines = [((how,), said)]
        if Reason.AT_CLOSE in reasons:
            lines.append(((Reason.AT_CLOSE,), names.say("tui.outcome.closed_basis")))
        kind = win_kind(seen)
        if kind is not None:
            said = names.count(f"tui.outcome.kind.{kind}", n, loser=names.subject(loser), line=SCHNEIDER)
            lines.append(((Reason(kind),), said))
    whys = [why for why in _PENALTY_WHY if why in reasons]
    lines += [((why,), names.say(f"tui.outcome.why.{why.value}", line=SCHNEIDER)) for why in whys]
    if Reason.DOUBLED in reasons:
        lines.append(((Reason.DOUBLED,), names.say("tui.outcome.why.doubled")))
    return lines
