"""A person's action: read, checked against the engine on a copy of the deal, then committed.

The server is authoritative: a refused action raises :class:`~sixtysix.web.errors.WebError`
and changes nothing. The reasons given are the engine's own (in table seats). A card (or
``X``, ``C``, ``66``, a marriage) sent right after winning a trick, instead of ``draw``,
is taken after the draw the server makes first (``after_draw`` in the seat state).

**The exchange window.** The computer's exchange decisions (``X``/``pass`` when not on
lead) are taken at once, in the same change as the person's action that offered the
exchange: the person never sees a state that the computer's answer makes stale. Between
two people the engine's rule holds: the leader's next action ends the offer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sixtysix.core.actions import DRAW, Action
from sixtysix.core.errors import IllegalActionError, InvalidActionError
from sixtysix.core.table import Table
from sixtysix.present.describe import Names, refusal_words
from sixtysix.present.picture import after_draw
from sixtysix.present.state import NEXT
from sixtysix.present.words import LANGUAGES
from sixtysix.web import fairness
from sixtysix.web.clock import CLAIMS, claim
from sixtysix.web.errors import WebError, malformed, not_your_turn
from sixtysix.web.game import Game, decide_windows
from sixtysix.web.matches import Matches
from sixtysix.web.messages import Message, Worded, sentence
from sixtysix.web.play import NO_REPLY, Reply, commit_actions, commit_deal


def read_action(token: object) -> Action | None:
    """The action a request names; ``None`` for ``next`` (the next deal)."""
    if not isinstance(token, str) or not token.strip() or len(token) > 16:
        raise malformed(sentence("server.action_help"))
    text = token.strip()
    if text.lower() == NEXT:
        return None
    try:
        return Action.parse(text)
    except InvalidActionError:
        raise malformed(sentence("server.not_an_action", text=text)) from None


def check_request(body: Mapping[str, Any], seat: int) -> None:
    """Refuse an action request (``POST .../actions`` or the WebSocket's ``action`` message) that names a
    ``seat`` not the token's (403 ``other_seat``) or has no ``action`` (400 ``malformed``)."""
    named = body.get("seat")
    if named is not None and named != seat:
        raise WebError(403, "other_seat", sentence("server.other_seat", seat=seat, named=named))
    if "action" not in body:
        raise malformed(sentence("server.action_required"))


def act(
    matches: Matches,
    game: Game,
    seat: int,
    token: object,
    version: object = None,
    client_seed: object = None,
    reply: Reply = NO_REPLY,
) -> int:
    """Take a person's action (validated, stored, broadcast); the match's new version.

    ``client_seed`` may come with ``next``: the seat's client seed from the next deal on (docs/fairness.md).
    """
    action = None if token in CLAIMS else read_action(token)
    if client_seed is not None and (action is not None or token in CLAIMS):
        raise malformed(sentence("server.seed_with_next"))
    seed = fairness.client_seed({"client_seed": client_seed}) if client_seed is not None else None
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise malformed(sentence("server.version_number"))
    if version is not None and version != game.version:
        raise WebError(409, "stale_version", sentence("server.stale_version", version=game.version, sent=version))
    if game.seats[seat].kind != "human":
        raise WebError(403, "other_seat", sentence("server.computer_seat"))
    if token in CLAIMS:
        _check_playing(game)
        claim(matches, game, seat, str(token), reply)
        return game.version
    if action is None:
        _next_deal(matches, game, None if seed is None else (seat, seed), reply)
        return game.version
    _check_playing(game)
    deal = game.match.current
    assert deal is not None
    if deal.is_over:
        raise not_your_turn(sentence("server.match_over" if game.match.is_over else "server.deal_over"))
    work = deal.copy()
    steps: list[tuple[int, Action]] = []
    decide_windows(game, work, steps)
    if action in work.legal_actions(seat):
        work.apply(action, seat)
        steps.append((seat, action))
    elif action in after_draw(work, seat):
        work.apply(DRAW, seat)
        steps.append((seat, Action(DRAW)))
        decide_windows(game, work, steps)
        work.apply(action, seat)  # legal: after_draw lists legal actions only
        steps.append((seat, action))
    else:
        raise refusal(work, action, seat, {other: info.name for other, info in game.seats.items()})
    # an exchange offer this action opened for the computer is decided in the same change
    decide_windows(game, work, steps)
    commit_actions(matches, game, steps, reply)
    return game.version


def refusal(deal: Table, action: Action, seat: int, names: Mapping[int, str] | None = None) -> WebError:
    """Why ``seat`` may not take ``action`` now: in English the engine's reason, in table seats (what
    programs read); in German and French the same refusal said to the player
    (:func:`~sixtysix.present.describe.refusal_words`), the other seats called by ``names``.

    >>> from sixtysix import Deal
    >>> message = refusal(Deal.shuffled(seed=1), Action.parse("Ac"), 1, {2: "Bob"}).message  # Bob holds Ac
    >>> message.text("en"), message.text("de")
    ('Ac: seat 1 does not hold Ac', 'Nicht erlaubt: Du hast A♣ nicht')
    """
    if deal.window == seat:
        return WebError(409, "illegal_action", sentence("server.exchange_or_pass", action=action))
    try:
        deal.verify(action, seat)
    except IllegalActionError as error:
        reason = str(error)
    else:  # not expected: the action was found illegal
        reason = f"{action}: not allowed now"
    others = tuple((other, name) for other, name in sorted((names or {}).items()) if other != seat)
    why = Worded({lang: refusal_words(reason, Names(human=seat, others=others, lang=lang)) for lang in LANGUAGES})
    words = sentence("server.illegal", reason=reason, action=action, why=why)
    if not deal.legal_actions(seat):
        return not_your_turn(words)
    return WebError(409, "illegal_action", words)


def _check_playing(game: Game) -> None:
    if game.status == "waiting":
        raise not_your_turn(_waiting_for(game))


def _waiting_for(game: Game) -> Message:
    open_seats = sorted(game.open_seats())
    if open_seats:
        return sentence("server.waiting_seats", seats=", ".join(map(str, open_seats)))
    return sentence("server.waiting_friends")


def _next_deal(matches: Matches, game: Game, seed_update: tuple[int, str] | None, reply: Reply) -> None:
    _check_playing(game)
    if game.match.is_over:
        raise not_your_turn(sentence("server.match_over"))
    deal = game.match.current
    if deal is not None and not deal.is_over:
        raise not_your_turn(sentence("server.deal_not_over"))
    commit_deal(matches, game, seed_update, reply)
