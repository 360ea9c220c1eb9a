"""The OpenSpiel game ``sixtysix``: one deal of two-player 66 as a Python game for ``pyspiel``.

Importing this module registers the game, so that ``pyspiel.load_game("sixtysix")`` (or
``"sixtysix(rules=schnapsen)"``) works and OpenSpiel's algorithms can run on it. With
``rules=four66`` (or any four-player rules) the game is four-handed partnership 66, a team game
of four players (:mod:`sixtysix.rl.partnership_spiel`); ``rules=three66`` is refused, a
three-handed deal being the two-player deal of its two active seats. The two-player game:

=====================  ==================================================================
players                0 (seat 1) and 1 (seat 2); with the default ``dealer=2`` player 0 leads
chance                 explicit: the deal card by card (the forehand's hand, the dealer's
                       hand, the trump card), then every face-down card of the talon as
                       it is drawn; outcome = card id 0-31, uniform over the cards left
actions                the engine's 46 action ids (:mod:`sixtysix.core.actions`)
utility                zero-sum, terminal: the deal's game points (+ winner, - loser)
information state      perfect recall: own hand as dealt, every public action, own draws
                       and own ``pass`` decisions (strings and tensors)
observation            the :mod:`sixtysix.rl.encoding` array of the seat's PlayerView
=====================  ==================================================================

Parameters: ``rules`` (a preset, default ``seed66``), ``options`` (rule options,
``"tie_rule:void closed_deal_double:true"``) and ``dealer`` (1 or 2, default 2).

The deck order is not fixed in advance: a face-down card gets its value when it is drawn,
so a closed talon keeps its cards undetermined. The seat not on lead that may exchange the
trump card right after a draw acts first (``X`` or ``pass``); the opponent's ``pass`` is
private (it would show that he holds the card). :meth:`SixtysixState.resample_from_infostate`
draws a state consistent with a player's information state, which OpenSpiel's Python
IS-MCTS bot (``open_spiel.python.algorithms.ismcts``) needs. :class:`PlayerBot` lets any
sixtysix computer player act as a ``pyspiel.Bot``.

>>> import pyspiel
>>> game = pyspiel.load_game("sixtysix")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 24)
>>> for card in [18, 19, 16, 29, 28, 1, 0, 2, 3, 4, 5, 9, 25]:  # Kh Qh Ah 9s Js Tc | Ac Kc Qc Jc 9c Td | Ts
...     state.apply_action(card)
>>> state.current_player(), [state.action_to_string(0, a) for a in state.legal_actions()]
(0, ['Tc', 'Ah', 'Kh', 'Qh', 'Js', '9s', '20h', 'C', '66'])
>>> state.information_state_string(0)
'p0 dealer:p1 hand:Tc Ah Kh Qh Js 9s trump:Ts |'
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from sixtysix.ai.levels import make_player, make_table_player
from sixtysix.ai.sampling import forbidden_cards
from sixtysix.core.actions import ACTIONS, EXCHANGE, NUM_ACTIONS, PASS, marriage_suit
from sixtysix.core.cards import BIT, CARD_NAMES, KING, QUEEN, cards_of, format_cards, make_card
from sixtysix.core.facts import max_game_points
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules, parse_option
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players.player import AnyPlayer, view_type_of
from sixtysix.rl.encoding import OBS_SIZE, PARTS, SLICES, encode, two_player_game

SHORT_NAME = "sixtysix"
DEFAULT_PARAMS: dict[str, Any] = {"rules": "seed66", "options": "", "dealer": 2}

MAX_EVENTS = 64
"""Rows of the event history in the information-state tensor (a deal has at most ~50)."""
EVENT_SIZE = 2 + NUM_ACTIONS + 32
"""One event: by me / by the opponent (2), the action (46, one-hot), or the card I drew (32)."""
INFO_EXTRA = 32 + MAX_EVENTS * EVENT_SIZE
"""The information-state tensor: the observation, the hand as dealt (32), the events."""

_DEAL, _DRAW, _ACT = 0, 1, 2  # kinds of events

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Sechsundsechzig (66) and Schnapsen, one deal",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def rules_from_params(params: dict[str, Any]) -> Rules:
    """The rules of the game parameters ``rules`` and ``options``.

    ``options`` lists rule options as ``name:value`` separated by blanks (``name=value`` and
    ``;`` or ``,`` as separators also work when the parameters are given as a dict; OpenSpiel's
    game strings reserve ``=`` and ``,``).
    """
    rules = Rules.preset(str(params.get("rules", "seed66")))
    options = {}
    for item in str(params.get("options", "")).replace(",", " ").replace(";", " ").split():
        name, _, value = item.replace("=", ":").partition(":")
        options[name] = parse_option(name, value)
    return rules.replace(**options) if options else rules


def table_size_refusal(rules: Rules) -> str:
    """Why the game ``sixtysix`` does not play ``rules`` (three-handed: it is the two-player deal)."""
    name = rules.preset_name
    if rules.cards_per_trick == 2:  # a deal of two seats that is not the two-player game: the three-handed one
        return (
            f"sixtysix(rules={name}): a three-handed deal is the two-player deal of its two active seats "
            "(the dealer sits out): load sixtysix (rules=seed66) for it"
        )
    return f"sixtysix(rules={name}): {rules.players} players are not a table of 66"


class make_game:  # a class, as pyspiel's game creators are: called as a function
    """The game of the parameters: :class:`SixtysixGame` for two players, the four-handed
    :class:`~sixtysix.rl.partnership_spiel.PartnershipGame` for four (what ``pyspiel.load_game`` calls)."""

    def __new__(cls, params: dict[str, Any] | None = None) -> pyspiel.Game:
        full = {**DEFAULT_PARAMS, **(params or {})}
        rules = rules_from_params(full)
        if view_type_of(rules) is not PartnershipView:
            return SixtysixGame(full)
        from sixtysix.rl.partnership_spiel import PartnershipGame, game_type

        return PartnershipGame(rules, int(full["dealer"]), game_type(SHORT_NAME, DEFAULT_PARAMS), full)


def max_game_length(rules: Rules) -> int:
    """An upper bound on the moves of a deal, chance included."""
    draws = rules.talon_size // 2
    # chance: every card; plays: every card; 4 marriages, X, C/CB, 66; draw and pass decisions
    return 2 * rules.deck + 4 + 3 + 2 * draws + 1


class SixtysixGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of 66 under the rules of the parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMS, **(params or {})}
        self.rules = rules_from_params(params)
        if not two_player_game(self.rules):
            raise ValueError(table_size_refusal(self.rules))
        self.dealer = int(params["dealer"])
        if self.dealer not in (1, 2):
            raise ValueError(f"dealer must be 1 or 2, not {self.dealer}")
        points = float(max_game_points(self.rules))
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=32,
            num_players=2,
            min_utility=-points,
            max_utility=points,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> SixtysixState:
        return SixtysixState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SixtysixObserver:
        return SixtysixObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Core:
    """The mutable part of a state, with a fast ``__deepcopy__`` (what OpenSpiel's clone uses)."""

    __slots__ = ("deal", "dealer", "dealt", "drawn", "events", "moves", "need", "pending", "rules", "winner")

    def __init__(self, rules: Rules, dealer: int) -> None:
        self.rules = rules
        """Shared, never copied (a frozen value)."""
        self.dealer = dealer
        self.dealt: list[int] = []
        """Cards dealt so far: the forehand's hand, the dealer's hand, the trump card."""
        self.deal: Deal | None = None
        self.pending: tuple[int, int] | None = None
        """(seat, action) whose draw waits for its chance outcomes."""
        self.need = 0
        self.drawn: list[int] = []
        self.winner = 0
        """The trick winner who draws first (while a draw is pending)."""
        self.events: list[tuple[int, int, int]] = []
        """(seat, kind, value): a card dealt (seat 0: the trump card) or drawn, or an action."""
        self.moves: list[tuple[int, int]] = []
        """(seat or 0 for chance, action): every move, for resampling."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        new = _Core.__new__(_Core)
        new.rules = self.rules
        new.dealer = self.dealer
        new.dealt = self.dealt[:]
        new.deal = self.deal.copy() if self.deal is not None else None
        new.pending = self.pending
        new.need = self.need
        new.drawn = self.drawn[:]
        new.winner = self.winner
        new.events = self.events[:]
        new.moves = self.moves[:]
        return new


class SixtysixState(pyspiel.State):  # type: ignore[misc]
    """A state of one deal: dealing, play, draws (chance) and the end."""

    def __init__(self, game: SixtysixGame) -> None:
        super().__init__(game)
        self.core = _Core(game.rules, game.dealer)
        """All the state (OpenSpiel's clone deep-copies the attributes: this one copies fast)."""

    # -- the OpenSpiel API ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.core.rules

    @property
    def dealer(self) -> int:
        """The seat that dealt (1 or 2)."""
        return self.core.dealer

    @property
    def deal(self) -> Deal | None:
        """The engine's deal (``None`` while the cards are dealt)."""
        return self.core.deal

    def current_player(self) -> int:
        core = self.core
        deal = core.deal
        if deal is None or core.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = deal.window or deal.to_act
        assert seat
        return seat - 1

    def _legal_actions(self, player: int) -> list[int]:
        deal = self.core.deal
        if deal is None or self.core.pending is not None or player != self.current_player():
            return []
        # sorted: the engine lists a 40 before a 20 of a lower suit
        return sorted(int(a) for a in deal.legal_actions(player + 1))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cards = self._chance_cards()
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def _chance_cards(self) -> list[int]:
        core = self.core
        if core.deal is None:
            dealt = 0
            for c in core.dealt:
                dealt |= BIT[c]
            return list(cards_of(self.rules.pack & ~dealt))
        assert core.pending is not None
        deal = core.deal
        return sorted(set(deal.stock[deal.stock_pos :]) - set(core.drawn))

    def _apply_action(self, action: int) -> None:
        core = self.core
        action = int(action)
        if core.deal is None:
            self._deal_card(action)
        elif core.pending is not None:
            self._draw_card(action)
        else:
            seat = self.current_player() + 1
            deal = core.deal
            probe = deal.copy()
            probe.apply(action, seat)
            core.moves.append((seat, action))
            core.events.append((seat, _ACT, action))
            drawn = probe.stock_pos - deal.stock_pos
            if drawn:  # the action ends a trick and the talon is drawn from: chance first
                core.pending = (seat, action)
                core.need = drawn
                core.drawn = []
                core.winner = probe.leader
            else:
                core.deal = probe

    def _deal_card(self, card: int) -> None:
        core = self.core
        h = self.rules.hand_size
        index = len(core.dealt)
        if not self.rules.pack >> card & 1 or card in core.dealt:
            raise ValueError(f"{card} is not a card left to deal")
        core.dealt.append(card)
        recipient = (3 - self.dealer) if index < h else self.dealer if index < 2 * h else 0
        core.moves.append((0, card))
        core.events.append((recipient, _DEAL, card))
        if len(core.dealt) == 2 * h + 1:
            rest = self.rules.pack
            for c in core.dealt:
                rest &= ~BIT[c]
            core.deal = Deal([*core.dealt, *cards_of(rest)], self.dealer, self.rules)

    def _draw_card(self, card: int) -> None:
        core = self.core
        deal = core.deal
        assert deal is not None and core.pending is not None
        recipient = core.winner if not core.drawn else 3 - core.winner
        core.drawn.append(card)
        core.moves.append((0, card))
        core.events.append((recipient, _DRAW, card))
        if len(core.drawn) < core.need:
            return
        pos = deal.stock_pos
        rest = [c for c in deal.stock[pos:] if c not in core.drawn]
        if len(rest) + len(core.drawn) != len(deal.stock) - pos:
            raise ValueError(f"{CARD_NAMES[card]} is not in the talon")
        deal.stock = (*deal.stock[:pos], *core.drawn, *rest)  # the chance outcome fixes the order
        seat, action = core.pending
        deal.apply(action, seat)
        core.pending = None
        core.drawn = []
        core.need = 0

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return CARD_NAMES[action]
        return ACTIONS[action].token

    def is_terminal(self) -> bool:
        deal = self.core.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        deal = self.core.deal
        if deal is None or deal.outcome is None or deal.outcome.winner is None:
            return [0.0, 0.0]
        points = float(deal.outcome.game_points)
        return [points, -points] if deal.outcome.winner == 1 else [-points, points]

    def __str__(self) -> str:
        core = self.core
        if core.deal is None:
            return f"dealing: {format_cards(core.dealt)}"
        deal = core.deal
        lines = [
            f"trump {CARD_NAMES[deal.trump_card]} talon {deal.talon_size} closer {deal.closer} stage {deal.stage.name}",
            f"seat 1: {format_cards(deal.hands[1])} points {deal.score[1]} tricks {deal.tricks[1]}",
            f"seat 2: {format_cards(deal.hands[2])} points {deal.score[2]} tricks {deal.tricks[2]}",
        ]
        if core.pending is not None:
            lines.append(f"drawing after {ACTIONS[core.pending[1]]}: {format_cards(core.drawn)}")
        if deal.outcome is not None:
            lines.append(deal.outcome.reason)
        return "\n".join(lines)

    # -- what a seat knows ---------------------------------------------------------------

    def player_view(self, seat: int) -> PlayerView | None:
        """The :class:`PlayerView` of ``seat`` (1 or 2); ``None`` while the cards are dealt.

        While a draw waits for its chance outcomes the view shows the trick taken and the
        talon after the draw, with the hands before it (plus the winner's card once drawn; at the
        last draw the loser's face-up card is already in his hand).
        """
        core = self.core
        deal = core.deal
        if deal is None:
            return None
        if core.pending is None:
            return PlayerView.of(deal, seat)
        probe = deal.copy()
        actor, action = core.pending
        probe.apply(action, actor)
        view = PlayerView.of(probe, seat)
        pos = deal.stock_pos
        winner = core.winner
        hand = view.hand
        if seat == winner:
            hand &= ~BIT[deal.stock[pos]]
            if core.drawn:
                hand |= BIT[core.drawn[0]]
        elif core.need == 2:
            hand &= ~BIT[deal.stock[pos + 1]]
        return dataclasses.replace(view, hand=hand, legal=(), window=0, to_act=None)

    def dealt_hand(self, seat: int) -> int:
        """The cards dealt to ``seat`` so far (a mask)."""
        mask = 0
        for s, kind, card in self.core.events:
            if kind == _DEAL and s == seat:
                mask |= BIT[card]
        return mask

    def visible_events(self, seat: int) -> list[tuple[int, int, int]]:
        """The events ``seat`` has seen after the deal, in order: actions (the opponent's ``pass``
        excluded) and its own draws, as (actor seat, kind, value)."""
        out = []
        for s, kind, value in self.core.events:
            if kind == _DEAL:
                continue
            if kind == _DRAW and s != seat:
                continue
            if kind == _ACT and value == PASS and s != seat:
                continue
            out.append((s, kind, value))
        return out

    # -- resampling ----------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> SixtysixState:
        """A state drawn among those ``player_id`` cannot tell from this one.

        The opponent's hidden cards (dealt and drawn) are redrawn so that every card he has
        shown was in his hand when he showed it and his phase-2 play stays legal; his
        hidden ``pass`` decisions are replayed as needed.
        """
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else None
        return resample(self, player_id + 1, random.Random(seed))


def seeded_resampler(seed: int | None = None) -> Callable[[SixtysixState, int], SixtysixState]:
    """A reproducible resampler for OpenSpiel's Python IS-MCTS bot: ``bot.set_resampler(seeded_resampler(1))``.

    (``resample_from_infostate`` draws from the sampler OpenSpiel passes, which is seeded
    from the clock.)
    """
    rng = random.Random(seed)

    def resampler(state: SixtysixState, player: int) -> SixtysixState:
        return resample(state, player + 1, rng)

    return resampler


def resample(state: SixtysixState, seat: int, rng: random.Random) -> SixtysixState:
    """A state consistent with everything ``seat`` knows in ``state``, at a decision of ``seat``
    (see :meth:`SixtysixState.resample_from_infostate`)."""
    core = state.core
    if core.deal is None or core.pending is not None or state.current_player() != seat - 1:
        raise ValueError(f"resample at a decision of seat {seat}")
    view = state.player_view(seat)
    assert view is not None
    opponent = 3 - seat
    deal = core.deal
    # The opponent's hidden slots: his dealt cards and his draws, in the order of the moves.
    slots: list[int] = []  # indexes into core.moves
    recipients = _chance_recipients(state)
    for index, recipient in recipients.items():
        if recipient == opponent:
            slots.append(index)
    # Cards he has shown since they came from a hidden slot, and when he first showed them.
    public = BIT[deal.trump_card]
    exchange_card = deal.exchange_card
    deadline: dict[int, int] = {}
    for index, (actor, action) in enumerate(core.moves):
        if actor == seat and action == EXCHANGE:
            public |= BIT[exchange_card]
        if actor != opponent:
            continue
        if ACTIONS[action].is_card():
            shown: tuple[int, ...] = (action,)
        elif ACTIONS[action].is_marriage():
            suit = marriage_suit(action)
            shown = (make_card(KING, suit), make_card(QUEEN, suit))
        elif action == EXCHANGE:
            shown = (exchange_card,)
        else:
            continue
        for card in shown:
            if not public & BIT[card]:
                deadline.setdefault(card, index)
    unknown = view.unseen & ~forbidden_cards(view)
    need = len(slots) - len(deadline)
    candidates = list(cards_of(unknown))
    if need > len(candidates):
        candidates = list(cards_of(view.unseen))
    if need < 0 or need > len(candidates):
        raise RuntimeError("inconsistent information state")  # cannot happen in a legal deal
    hidden_held = rng.sample(candidates, need)
    # Shown cards go to random slots before they were shown (earliest deadline first).
    assignment: dict[int, int] = {}
    free = sorted(slots)
    for card in sorted(deadline, key=deadline.__getitem__):
        eligible = [i for i in free if i < deadline[card]]
        choice = rng.choice(eligible)
        assignment[choice] = card
        free.remove(choice)
    rng.shuffle(hidden_held)
    for index, card in zip(free, hidden_held, strict=True):
        assignment[index] = card
    # Replay the moves with the new cards; the opponent's passes are replayed as needed.
    new = state.get_game().new_initial_state()
    for index, (actor, action) in enumerate(core.moves):
        if actor == 0:
            new.apply_action(assignment.get(index, action))
            continue
        if actor == opponent and action == PASS:
            continue
        _pass_windows(new, actor)
        new.apply_action(action)
    _pass_windows(new, seat)
    return new  # type: ignore[no-any-return]


def _pass_windows(state: SixtysixState, actor: int) -> None:
    """Let the other seat decline every exchange offered to it before ``actor`` acts."""
    while not state.is_terminal() and state.current_player() != actor - 1:
        deal = state.core.deal
        if deal is None or state.core.pending is not None or deal.window != 3 - actor:
            raise RuntimeError("resampling went astray")  # cannot happen in a legal deal
        state.apply_action(PASS)


def _chance_recipients(state: SixtysixState) -> dict[int, int]:
    """For each chance move (by index), the seat that received the card (0: the trump card)."""
    out: dict[int, int] = {}
    chance = [i for i, (actor, _) in enumerate(state.core.moves) if actor == 0]
    receivers = [s for s, kind, _ in state.core.events if kind in (_DEAL, _DRAW)]
    for index, seat in zip(chance, receivers, strict=True):
        out[index] = seat
    return out


# -- observations ------------------------------------------------------------------------


class SixtysixObserver:
    """Observation (``perfect_recall=False``) and information state (``True``) of one player.

    Both are for the observing player only (``private_info=SINGLE_PLAYER``, public information
    included): the tensor is :mod:`sixtysix.rl.encoding`'s array, plus, for the
    information state, the hand as dealt and the events the player has seen (:data:`MAX_EVENTS`
    rows of :data:`EVENT_SIZE`: by me, by the opponent, the action one-hot, the card I drew).
    """

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("sixtysix observes for a single player, public information included")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = OBS_SIZE + (INFO_EXTRA if self.perfect_recall else 0)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        for name, part_size, _, _ in PARTS:
            self.dict[name] = self.tensor[SLICES[name]]
            assert self.dict[name].size == part_size
        if self.perfect_recall:
            self.dict["dealt_hand"] = self.tensor[OBS_SIZE : OBS_SIZE + 32]
            self.dict["events"] = self.tensor[OBS_SIZE + 32 :].reshape(MAX_EVENTS, EVENT_SIZE)

    def set_from(self, state: SixtysixState, player: int) -> None:
        seat = player + 1
        self.tensor.fill(0.0)
        view = state.player_view(seat)
        if view is not None:
            encode(view, self.tensor[:OBS_SIZE])
        else:  # dealing: the cards received so far
            hand = state.dealt_hand(seat)
            for card in cards_of(hand):
                self.dict["hand"][card] = 1.0
            self.dict["dealer"][0] = float(state.dealer == seat)
        if not self.perfect_recall:
            return
        for card in cards_of(state.dealt_hand(seat)):
            self.dict["dealt_hand"][card] = 1.0
        events = self.dict["events"]
        for row, (actor, kind, value) in enumerate(state.visible_events(seat)):
            if row >= MAX_EVENTS:
                raise RuntimeError(f"more than {MAX_EVENTS} events in a deal")
            events[row, 0 if actor == seat else 1] = 1.0
            events[row, 2 + value if kind == _ACT else 2 + NUM_ACTIONS + value] = 1.0

    def string_from(self, state: SixtysixState, player: int) -> str:
        seat = player + 1
        if self.perfect_recall:
            return info_state_string(state, seat)
        return observation_string(state, seat)


def info_state_string(state: SixtysixState, seat: int) -> str:
    """``p0 dealer:p1 hand:... trump:Ts | me:20h me:Kh op:Ac +Qs ...`` (perfect recall)."""
    head = f"p{seat - 1} dealer:p{state.dealer - 1} hand:{format_cards(state.dealt_hand(seat))}"
    if len(state.core.dealt) == 2 * state.rules.hand_size + 1:
        head += f" trump:{CARD_NAMES[state.core.dealt[-1]]}"
    events = []
    for actor, kind, value in state.visible_events(seat):
        if kind == _DRAW:
            events.append(f"+{CARD_NAMES[value]}")
        else:
            events.append(f"{'me' if actor == seat else 'op'}:{ACTIONS[value].token}")
    return " ".join([head, "|", *events])


def observation_string(state: SixtysixState, seat: int) -> str:
    """A one-line summary of what ``seat`` sees now (not perfect recall)."""
    view = state.player_view(seat)
    if view is None:
        return f"p{seat - 1} dealing hand:{format_cards(state.dealt_hand(seat))}"
    own, other = seat - 1, 2 - seat
    talon = f"closed by p{view.closer - 1}" if view.closer else str(view.talon_size)
    return (
        f"p{seat - 1} stage:{view.stage.name} leader:p{view.leader - 1} trump:{CARD_NAMES[view.trump_card]} "
        f"face-up:{CARD_NAMES[view.face_up] if view.face_up is not None else '-'} talon:{talon} "
        f"hand:{format_cards(view.hand)} opponent-shows:{format_cards(view.opponent_known) or '-'} "
        f"led:{CARD_NAMES[view.led] if view.led is not None else '-'} "
        f"won:{format_cards(view.won[own]) or '-'}/{format_cards(view.won[other]) or '-'} "
        f"points:{view.score}+{view.pending}/{view.opponent_score}+{view.opponent_pending} "
        f"tricks:{view.tricks[own]}/{view.tricks[other]}" + (" window" if view.window == seat else "")
    )


# -- bots -------------------------------------------------------------------------------


class PlayerBot(pyspiel.Bot):  # type: ignore[misc]
    """A sixtysix computer player (a level, or any :class:`Player`) as an OpenSpiel bot.

    It reads only the seat's view of the ``sixtysix`` state it is asked about: a
    :class:`PlayerView`, or four-handed a ``PartnershipView`` (a level then plays as
    ``make_table_player(level, rules)``, its four-handed player).
    """

    def __init__(self, player: int | AnyPlayer, player_id: int, seed: int = 0, time_limit: float | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.level = player if isinstance(player, int) else None
        self.seed, self.time_limit = seed, time_limit
        self.player: AnyPlayer = make_player(player, seed, time_limit) if isinstance(player, int) else player
        self.player_id = player_id
        self._deal_key: tuple[int, ...] | None = None
        self._rules: Rules | None = None

    def restart_at(self, state: SixtysixState) -> None:
        self._deal_key = None

    def inform_action(self, state: SixtysixState, player_id: int, action: int) -> None:
        pass

    def step(self, state: Any) -> int:
        seat = state.current_player() + 1
        view = state.player_view(seat)
        if view is None:
            raise ValueError("no decision while the cards are dealt")
        if self._rules is not state.rules:
            self._rules = state.rules
            if self.level is not None and not self.player.plays(state.rules):
                self.player = make_table_player(self.level, state.rules, self.seed, self.time_limit)
            self.player.new_match(state.rules, seat)
        key = tuple(state.core.dealt)
        if key != self._deal_key:
            self._deal_key = key
            self.player.new_deal(view)
        return int(self.player.choose(view))


def play_deal(state: SixtysixState, bots: Sequence[Any], rng: random.Random) -> list[float]:
    """Play ``state`` to its end with ``bots`` (one per player), chance drawn from ``rng``.

    The loop of ``open_spiel.python.algorithms.evaluate_bots`` with a Python generator, and
    without requiring ``restart_at`` (OpenSpiel's Python IS-MCTS bot does not implement it).
    """
    for bot in bots:
        if type(bot).restart_at is not pyspiel.Bot.restart_at:
            bot.restart_at(state)
    while not state.is_terminal():
        if state.is_chance_node():
            cards, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, probs)[0])
        else:
            player = state.current_player()
            action = bots[player].step(state)
            for other, bot in enumerate(bots):
                if other != player:
                    bot.inform_action(state, player, action)
            state.apply_action(action)
    return list(state.returns())


def register() -> None:
    """Register the game with ``pyspiel`` (done on import; calling it again does nothing)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, make_game)


register()
