"""Helpers for the terminal game's tests: a session driven by scripted input, in-process."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console

from sixtysix import Action, Match, PlayerView, Rules
from sixtysix.core.actions import CLAIM
from sixtysix.players.base import Player
from sixtysix.present.order import hand_order
from sixtysix.present.words import LANGUAGES, say
from sixtysix.tui.console import Settings
from sixtysix.tui.session import Session

NEXT_DEAL = {say("tui.ask.next_deal", lang) for lang in LANGUAGES}
"""The prompt after a deal, in every language: Enter answers it."""
README_DECK = "Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"


class ScriptedPlayer(Player):
    """Plays the given tokens while they are legal, then the first legal action."""

    name = "scripted"

    def __init__(self, tokens: Iterable[str] = ()) -> None:
        self.tokens = [Action.parse(t) for t in tokens]

    def choose(self, view: PlayerView) -> Action:
        if self.tokens and self.tokens[0] in view.legal:
            return self.tokens.pop(0)
        return view.legal[0]


def legal_answer(session: Session, rng: random.Random) -> str:
    """A legal answer for the player, as a person might type it: a card number or a token."""
    deal = session.match.current
    assert deal is not None
    return view_answer(PlayerView.of(deal, session.human), rng)


def view_answer(view: PlayerView, rng: random.Random) -> str:
    """A legal answer to ``view``'s decision, typed as a card number or a token."""
    legal = list(view.legal)
    if CLAIM in legal:
        if view.score >= 66:
            return "66"
        legal.remove(CLAIM)
    action = rng.choice(legal)
    if action < 32 and rng.random() < 0.5:
        return str(hand_order(view.hand, view.trump).index(action) + 1)
    token = str(action)
    return token.lower() if rng.random() < 0.3 else token


def recording_console() -> Console:
    """A console that keeps what is printed (100 columns, no colours), for the tests to read."""
    return Console(record=True, width=100, file=io.StringIO(), color_system=None)


def scripted(prompt: str, prompts: list[str], answers: list[str], limit: int) -> str | None:
    """Note ``prompt``; the next of ``answers`` (``EOF`` ends the input), ``None`` when they are used up."""
    prompts.append(prompt)
    assert len(prompts) < limit, "the session does not end"
    if not answers:
        return None
    answer = answers.pop(0)
    if answer == "EOF":
        raise EOFError
    return answer


def scripted_ask(
    play: Callable[[], str], answers: Iterable[str] = (), prompts: list[str] | None = None, limit: int = 3000
) -> Callable[[str], str]:
    """An ``ask`` that gives ``answers`` first, then Enter after a deal and ``play()`` for a move;
    each prompt is noted in ``prompts``."""
    left = list(answers)
    noted = prompts if prompts is not None else []

    def ask(prompt: str) -> str:
        answer = scripted(prompt, noted, left, limit)
        if answer is not None:
            return answer
        if prompt in NEXT_DEAL:
            return ""
        return play()

    return ask


class Transcribed:
    """A session mixin that keeps everything it printed, screen by screen."""

    console: Console
    transcript: list[str]

    def _flush(self) -> str:
        text: str = self.console.export_text(clear=True)
        self.transcript.append(text)
        return text

    def output(self) -> str:
        self._flush()
        return "".join(self.transcript)


class Driver:
    """Answers a session's prompts: scripted answers first, then ``policy`` (default: legal moves)."""

    def __init__(
        self, answers: Iterable[str] = (), policy: Callable[[Session, str], str] | None = None, seed: int = 0
    ) -> None:
        self.answers = list(answers)
        self.policy = policy
        self.rng = random.Random(seed)
        self.session: Session | None = None
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        answer = scripted(prompt, self.prompts, self.answers, 5000)
        if answer is not None:
            return answer
        assert self.session is not None
        if self.policy is not None:
            return self.policy(self.session, prompt)
        if prompt.startswith("Press Enter"):
            return ""
        return legal_answer(self.session, self.rng)


def make_session(
    tmp_path: Path,
    driver: Driver,
    rules: Rules | None = None,
    computer: Player | None = None,
    match: Match | None = None,
    **settings: object,
) -> tuple[Session, Console]:
    console = recording_console()
    options = {"save_path": tmp_path / "game.66r", "seed": 1, "level": 2, **settings}
    session = Session(
        match or Match(rules or Rules(), first_dealer=2),
        Settings(**options),  # type: ignore[arg-type]
        console,
        ask=driver,
        computer=computer,
    )
    driver.session = session
    return session, console


@pytest.fixture
def deck_cards() -> tuple[int, ...]:
    from sixtysix.core.cards import parse_card

    return tuple(parse_card(t) for t in README_DECK.split())
