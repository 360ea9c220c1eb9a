"""The one player interface of every table size: ``Player[View]``, what it reads, where it may sit."""

from __future__ import annotations

from typing import Any

import pytest

from sixtysix import Rules
from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import Action
from sixtysix.core.rules import PRESETS as ALL_PRESETS
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players import (
    PartnershipPlayer,
    Player,
    RandomPartnershipPlayer,
    RandomPlayer,
    SeatView,
    view_type_of,
)
from sixtysix.players.player import ViewT

PRESETS = tuple(ALL_PRESETS)  # every preset of the rules, the VU platform's included


class TwoPlayerBot(Player):
    def choose(self, view: PlayerView) -> Action:
        return view.legal[0]


class FourHandedBot(Player[PartnershipView]):
    def choose(self, view: PartnershipView) -> Action:
        return view.legal[0]


class NamedFourHandedBot(PartnershipPlayer):
    def choose(self, view: PartnershipView) -> Action:
        return view.legal[0]


class EveryTableBot(Player[SeatView]):
    def choose(self, view: SeatView) -> Action:
        return view.legal[-1]


class EitherViewBot(Player[PlayerView | PartnershipView]):
    def choose(self, view: PlayerView | PartnershipView) -> Action:
        return view.legal[0]


class GenericBot(Player[ViewT]):
    """A generic player keeps the view of its base until a subclass names one."""

    def choose(self, view: ViewT) -> Action:
        return view.legal[0]


class FourHandedGeneric(GenericBot[PartnershipView]):
    pass


class SubclassOfFourHanded(FourHandedBot):
    pass


@pytest.mark.parametrize(
    ("player", "view_type"),
    [
        (TwoPlayerBot, PlayerView),
        (RandomPlayer, PlayerView),
        (GenericBot, PlayerView),
        (FourHandedBot, PartnershipView),
        (NamedFourHandedBot, PartnershipView),
        (RandomPartnershipPlayer, PartnershipView),
        (FourHandedGeneric, PartnershipView),
        (SubclassOfFourHanded, PartnershipView),
        (EveryTableBot, SeatView),
        (EitherViewBot, PlayerView | PartnershipView),
    ],
)
def test_the_view_a_player_reads_is_the_type_argument_of_its_class(player: type[Any], view_type: Any) -> None:
    assert player.view_type == view_type


@pytest.mark.parametrize("preset", PRESETS)
def test_a_player_plays_at_the_tables_that_show_its_view(preset: str) -> None:
    rules = Rules.preset(preset)
    four_handed = view_type_of(rules) is PartnershipView
    assert TwoPlayerBot().plays(rules) is not four_handed
    assert RandomPlayer().plays(rules) is not four_handed
    assert FourHandedBot().plays(rules) is four_handed
    assert NamedFourHandedBot().plays(rules) is four_handed
    assert RandomPartnershipPlayer().plays(rules) is four_handed
    assert EveryTableBot().plays(rules) and EitherViewBot().plays(rules)


def test_every_table_size_shows_the_view_its_deals_give() -> None:
    from sixtysix import create_match

    for preset in PRESETS:
        rules = Rules.preset(preset)
        deal = create_match(rules).new_deal(seed=1)
        assert type(deal.view(deal.active[0])) is view_type_of(rules)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_is_built_for_the_table_it_is_made_for(preset: str, level: int) -> None:
    rules = Rules.preset(preset)
    assert make_table_player(level, rules, seed=level, time_limit=0.01).plays(rules)


def test_the_named_four_handed_players_are_one_interface_with_player() -> None:
    assert issubclass(PartnershipPlayer, Player) and issubclass(RandomPartnershipPlayer, PartnershipPlayer)
    assert RandomPartnershipPlayer(seed=3).name == RandomPlayer(seed=3).name == "random"


def test_the_hooks_are_optional_and_choose_is_required() -> None:
    bot = TwoPlayerBot()
    bot.new_match(Rules.preset("seed66"), 1)  # does nothing, and raises nothing
    with pytest.raises(TypeError, match="abstract"):
        Player()  # type: ignore[abstract]
