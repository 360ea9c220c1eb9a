"""Four-handed partnership 66 as an OpenSpiel game: ``pyspiel.load_game("sixtysix(rules=four66)")``.

The game ``sixtysix`` (:mod:`sixtysix.rl.openspiel`) plays this class when its rules are for four
players: a real imperfect-information team game, two sides of two partners who do not see
each other's cards.

=====================  ==================================================================
players                0-3 (seats 1-4, clockwise; partners opposite: 0 and 2 are side 1,
                       1 and 3 side 2); the seat left of the dealer (default ``dealer=2``:
                       player 2) leads the first trick
chance                 explicit: the deal card by card in the order of the deck (3-2-3 from
                       the dealer's left); the last card is the dealer's, turned up for trump;
                       outcome = card id, uniform over the cards left
actions                the 46 action ids of the two-player game: the 32 cards and, with the
                       option ``four_player_marriages``, the marriages (``20h``, ``40s``)
utility                zero-sum, terminal: the game points of the deal (and the ten-of-trumps
                       bonus) of one's side minus the other side's; partners share it
information state      perfect recall: own hand as dealt, the trump card, every action
observation            :func:`sixtysix.rl.partnership_encoding.encode_partnership` of the
                       seat's PartnershipView (426 floats): never a partner's card
=====================  ==================================================================

>>> import pyspiel
>>> import sixtysix.rl.openspiel
>>> game = pyspiel.load_game("sixtysix(rules=four66)")
>>> game.num_players(), game.get_type().utility.name, game.observation_tensor_size()
(4, 'ZERO_SUM', 426)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), len(state.legal_actions()), state.information_state_string(2)[:33]
(2, 8, 'p2 dealer:p1 hand:Ac Tc Kc Jd 9d ')
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from sixtysix.core.actions import ACTIONS, NUM_ACTIONS
from sixtysix.core.cards import CARD_NAMES, format_cards
from sixtysix.core.facts import side_of
from sixtysix.core.partnership import FourHandedDeal, deal_order
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView
from sixtysix.players.player import view_type_of
from sixtysix.rl.partnership_encoding import OBS4_SIZE, PARTS4, SLICES4, encode_partnership, relative

MAX_EVENTS4 = 40
"""Rows of the event history in the information-state tensor: 32 cards and at most 4 marriages."""
EVENT4_SIZE = 4 + NUM_ACTIONS
"""One event: who acted (me, left, partner, right) and the action, one-hot."""
INFO4_EXTRA = 32 + MAX_EVENTS4 * EVENT4_SIZE
MAX_UTILITY4 = 4.0
"""At most 3 game points for the deal's winners and 1 for the ten of trumps (option ``ten_of_trumps_bonus``)."""


def game_type(short_name: str, parameters: dict[str, Any]) -> pyspiel.GameType:
    """The OpenSpiel type of the four-handed game (registered under ``short_name`` with the two-player one)."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name="Sechsundsechzig (66), four-handed partnership, one deal",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=4,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class PartnershipGame(pyspiel.Game):  # type: ignore[misc]
    """One four-handed deal under ``rules`` (built by the ``sixtysix`` game's factory)."""

    def __init__(self, rules: Rules, dealer: int, kind: pyspiel.GameType, params: dict[str, Any]) -> None:
        if view_type_of(rules) is not PartnershipView:
            raise ValueError(f"{rules.preset_name} is not a four-handed game")
        if dealer not in (1, 2, 3, 4):
            raise ValueError(f"dealer must be 1-4, not {dealer}")
        self.rules = rules
        self.dealer = dealer
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=rules.deck,
            num_players=4,
            min_utility=-MAX_UTILITY4,
            max_utility=MAX_UTILITY4,
            utility_sum=0.0,
            max_game_length=2 * rules.deck + 4,  # the deal, every card, at most 4 marriages
        )
        super().__init__(kind, info, params)

    def new_initial_state(self) -> PartnershipState:
        return PartnershipState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PartnershipObserver:
        return PartnershipObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Core:
    """The mutable part of a state, copied fast (what OpenSpiel's clone deep-copies)."""

    __slots__ = ("deal", "dealer", "dealt", "moves", "order", "rules")

    def __init__(self, rules: Rules, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.order = deal_order(dealer)
        """The seat that receives each card of the deck."""
        self.dealt: list[int] = []
        self.deal: FourHandedDeal | None = None
        self.moves: list[tuple[int, int]] = []
        """(seat, action) of every player move."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        new = _Core.__new__(_Core)
        new.rules, new.dealer, new.order = self.rules, self.dealer, self.order
        new.dealt = self.dealt[:]
        new.deal = self.deal.copy() if self.deal is not None else None
        new.moves = self.moves[:]
        return new


class PartnershipState(pyspiel.State):  # type: ignore[misc]
    """A state of one four-handed deal: the deal card by card (chance), then the play."""

    def __init__(self, game: PartnershipGame) -> None:
        super().__init__(game)
        self.core = _Core(game.rules, game.dealer)

    @property
    def rules(self) -> Rules:
        return self.core.rules

    @property
    def deal(self) -> FourHandedDeal | None:
        """The engine's deal (``None`` while the cards are dealt)."""
        return self.core.deal

    def current_player(self) -> int:
        deal = self.core.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert deal.to_act
        return deal.to_act - 1

    def _legal_actions(self, player: int) -> list[int]:
        deal = self.core.deal
        if deal is None or deal.is_over or player != self.current_player():
            return []
        return sorted(int(a) for a in deal.legal_actions(player + 1))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = set(self.core.dealt)
        left = [card for card in range(32) if self.rules.pack >> card & 1 and card not in dealt]
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        core = self.core
        action = int(action)
        if core.deal is None:
            if not self.rules.pack >> action & 1 or action in core.dealt:
                raise ValueError(f"{action} is not a card left to deal")
            core.dealt.append(action)
            if len(core.dealt) == self.rules.deck:
                core.deal = FourHandedDeal(core.dealt, core.dealer, self.rules)
            return
        seat = self.current_player() + 1
        core.deal.apply(action, seat)
        core.moves.append((seat, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return CARD_NAMES[action]
        return ACTIONS[action].token

    def is_terminal(self) -> bool:
        deal = self.core.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        deal = self.core.deal
        if deal is None or deal.outcome is None:
            return [0.0] * 4
        outcome = deal.outcome
        sides = [float(bonus) for bonus in outcome.bonus] if outcome.bonus else [0.0, 0.0]
        if outcome.winner is not None:
            sides[outcome.winner - 1] += outcome.game_points
        return [sides[side_of(seat) - 1] - sides[2 - side_of(seat)] for seat in (1, 2, 3, 4)]

    def __str__(self) -> str:
        deal = self.core.deal
        if deal is None:
            return f"dealing: {format_cards(self.core.dealt)}"
        lines = [f"trump {CARD_NAMES[deal.trump_card]} (dealer seat {deal.dealer}) stage {deal.stage.name}"]
        lines += [f"seat {seat}: {format_cards(deal.hands[seat])}" for seat in (1, 2, 3, 4)]
        lines.append(f"points {deal.score[1]}-{deal.score[2]} tricks {deal.tricks[1]}-{deal.tricks[2]}")
        if deal.outcome is not None:
            lines.append(deal.outcome.reason)
        return "\n".join(lines)

    # -- what a seat knows -----------------------------------------------------------------

    def player_view(self, seat: int) -> PartnershipView | None:
        """The :class:`PartnershipView` of ``seat`` (1-4); ``None`` while the cards are dealt."""
        deal = self.core.deal
        return PartnershipView.of(deal, seat) if deal is not None else None

    def dealt_hand(self, seat: int) -> int:
        """The cards dealt to ``seat`` so far (a mask)."""
        mask = 0
        for card, receiver in zip(self.core.dealt, self.core.order, strict=False):
            if receiver == seat:
                mask |= 1 << card
        return mask

    def trump_card(self) -> int | None:
        """The turned-up card, once the deal is complete (every seat sees it)."""
        deal = self.core.deal
        return deal.trump_card if deal is not None else None


class PartnershipObserver:
    """Observation (``perfect_recall=False``) and information state (``True``) of one seat.

    The tensor is :func:`~sixtysix.rl.partnership_encoding.encode_partnership`'s array; the
    information state adds the hand as dealt (32) and one row per action so far
    (:data:`MAX_EVENTS4` rows of :data:`EVENT4_SIZE`: who acted, as me, left, partner or right,
    and the action).
    """

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("sixtysix observes for a single player, public information included")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = OBS4_SIZE + (INFO4_EXTRA if self.perfect_recall else 0)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {name: self.tensor[SLICES4[name]] for name, *_ in PARTS4}
        if self.perfect_recall:
            self.dict["dealt_hand"] = self.tensor[OBS4_SIZE : OBS4_SIZE + 32]
            self.dict["events"] = self.tensor[OBS4_SIZE + 32 :].reshape(MAX_EVENTS4, EVENT4_SIZE)

    def set_from(self, state: PartnershipState, player: int) -> None:
        seat = player + 1
        self.tensor.fill(0.0)
        view = state.player_view(seat)
        if view is not None:
            encode_partnership(view, self.tensor[:OBS4_SIZE])
        else:  # dealing: the cards received so far
            for card in range(32):
                if state.dealt_hand(seat) >> card & 1:
                    self.dict["hand"][card] = 1.0
            self.dict["dealer"][relative(state.core.dealer, seat)] = 1.0
        if not self.perfect_recall:
            return
        dealt = state.dealt_hand(seat)
        for card in range(32):
            if dealt >> card & 1:
                self.dict["dealt_hand"][card] = 1.0
        events = self.dict["events"]
        for row, (actor, action) in enumerate(state.core.moves):
            events[row, relative(actor, seat)] = 1.0
            events[row, 4 + action] = 1.0

    def string_from(self, state: PartnershipState, player: int) -> str:
        seat = player + 1
        if self.perfect_recall:
            return info_state_string4(state, seat)
        return observation_string4(state, seat)


def info_state_string4(state: PartnershipState, seat: int) -> str:
    """``p0 dealer:p3 hand:... trump:Tc | p0:7h p1:Th p2:Qh p3:Ah ...`` (perfect recall)."""
    head = f"p{seat - 1} dealer:p{state.core.dealer - 1} hand:{format_cards(state.dealt_hand(seat))}"
    trump = state.trump_card()
    if trump is not None:
        head += f" trump:{CARD_NAMES[trump]}"
    events = [f"p{actor - 1}:{ACTIONS[action].token}" for actor, action in state.core.moves]
    return " ".join([head, "|", *events])


def observation_string4(state: PartnershipState, seat: int) -> str:
    """A one-line summary of what ``seat`` sees now (not perfect recall)."""
    view = state.player_view(seat)
    if view is None:
        return f"p{seat - 1} dealing hand:{format_cards(state.dealt_hand(seat))}"
    side = view.side - 1
    trick = " ".join(f"p{s - 1}:{CARD_NAMES[c]}" for s, c in view.trick) or "-"
    known = " ".join(f"p{s}:{format_cards(mask)}" for s, mask in enumerate(view.known) if mask) or "-"
    return (
        f"p{seat - 1} stage:{view.stage.name} leader:p{view.leader - 1} trump:{CARD_NAMES[view.trump_card]} "
        f"hand:{format_cards(view.hand)} known:{known} trick:{trick} "
        f"points:{view.score[side]}+{view.pending[side]}/{view.score[1 - side]}+{view.pending[1 - side]} "
        f"tricks:{view.tricks[side]}/{view.tricks[1 - side]}"
    )
