"""The computer's seats: their players, the deals they are told about, and their decisions.

A computer seat plays through :mod:`sixtysix.players` with what its seat may know (its
view) and nothing else. Its exchange decisions out of turn are taken at once, in the same
change as the action that offered the exchange (:func:`decide_windows`), so that a person
never sees a state that the computer's answer makes stale; its turns are scheduled by
:mod:`sixtysix.web.scheduler`.
"""

from __future__ import annotations

import logging
import random

from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import Action
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.table import Table
from sixtysix.core.view import AnyView
from sixtysix.players.player import AnyPlayer
from sixtysix.players.table import ask
from sixtysix.present.table import is_duel
from sixtysix.web.game import Game

log = logging.getLogger("sixtysix.web")


def seat_players(game: Game, rng: random.Random, think: float) -> None:
    """Give every computer seat of ``game`` its player (at its level, ``think`` seconds a decision)."""
    rules = game.match.rules
    game.players = {}
    game.levels = {}
    for seat, info in game.seats.items():
        if info.kind == "computer" and info.level is not None:
            player = make_table_player(info.level, rules, seed=rng.getrandbits(32), time_limit=think)
            player.new_match(rules, seat)
            game.players[seat] = player
            game.levels[seat] = info.level


def decide(game: Game, player: AnyPlayer, view: AnyView, fallback: int = 0) -> Action:
    """One decision of a computer seat; an illegal answer is logged and replaced by ``view.legal[fallback]``."""
    try:
        return ask(player, view)
    except IllegalActionError:
        action = view.legal[fallback]
        log.error("the computer of match %s chose an illegal action; it plays %s", game.id, action)
        return action


def start_deal(game: Game) -> None:
    """Tell each computer that plays the new current deal its first view."""
    deal = game.match.current
    assert deal is not None
    for seat in deal.active:
        player = game.players.get(seat)
        if player is not None:
            player.new_deal(game.view(seat))


def decide_windows(game: Game, work: Table, steps: list[tuple[int, Action]]) -> None:
    """A computer's exchange decision, if it may exchange now: taken at once, before the leader acts.

    ``work`` is the copy of the deal being changed; each decision is applied to it and
    added to ``steps``.
    """
    while work.window in game.players and not work.is_over:
        seat = work.window
        view = work.view(seat, game.match.score, game.match.carried)
        action = decide(game, game.players[seat], view, fallback=-1)  # an illegal answer passes
        work.apply(action, seat)
        steps.append((seat, action))


def thinks_long(game: Game, seat: int) -> bool:
    """Whether the seat's decisions search (then they run in a worker thread)."""
    level = game.levels[seat]
    # the partnership levels 2-3 search the deal of sides; the two-player ones are rules of thumb
    return level >= 4 or (not is_duel(game.match.rules) and level >= 2)
