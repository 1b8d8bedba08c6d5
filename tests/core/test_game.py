"""core/game.py: load_game refuses an option the game does not have, naming it and listing the game's."""

from __future__ import annotations

import dataclasses

import pytest

import rometools
from rometools.core.errors import OptionError
from rometools.core.game import config_options, game_spec
from rometools.core.options import GENERIC_OPTIONS
from rometools.core.simulate import simulate
from rometools.testing import check_options

CAESARS_EMPIRE_OPTIONS = ["board", "players", "all_tokens_variant", "sum_complete_colours", "no_move",
                          "route_policy", "max_chain_paths", "roads_per_player", "components", "handicap"]


def test_options_are_the_config_fields_without_private_ones():
    assert config_options("caesars_empire") == CAESARS_EMPIRE_OPTIONS
    for game in rometools.games():  # declared once: each says what it does and takes (rometools.testing)
        check_options(game, checks=["declared"])
    for game in rometools.games():
        fields = [f.name for f in dataclasses.fields(game_spec(game).config) if f.init]
        # the game's own options in their order, then the generic ones every config has (the handicap)
        assert config_options(game) == [f for f in fields if not f.startswith("_") and f not in GENERIC_OPTIONS] + [
            *GENERIC_OPTIONS]


@pytest.mark.parametrize("game", rometools.games())
def test_an_unknown_option_names_it_and_lists_the_games_options(game):
    """load_game, simulate(config=...) and a private field alike (``rometools.testing.check_options``)."""
    check_options(game, checks=["unknown_option"])


@pytest.mark.parametrize("game", rometools.games())
def test_another_games_config_is_refused_naming_both_games(game):
    """fix55b: ``load_game("augustus", config=via_romana.GameConfig(...))`` said "config must be a GameConfig,
    got GameConfig" (every game's config class may be called GameConfig). load_game, play_game and simulate
    name the two games now; a value that is no game's config is named by its type."""
    spec = game_spec(game)
    others = [other for other in rometools.games() if other != game]
    assert others
    for other in others:
        theirs = game_spec(other)
        config = theirs.config(**theirs.sample_configs[0])
        said = f"config is {theirs.title}'s {type(config).__name__}, not {spec.title}'s"
        for call, kwargs in ((rometools.load_game, {}), (spec.play_game, None), (simulate, {"n_games": 1})):
            with pytest.raises(TypeError) as err:
                call(config=config) if kwargs is None else call(game, config=config, **kwargs)
            assert str(err.value) == said
    with pytest.raises(TypeError) as err:
        rometools.load_game(game, config={"players": 2})
    assert str(err.value) == f"config must be {spec.title}'s {spec.config.__name__}, got dict"
    own = spec.config(**spec.sample_configs[0])
    assert rometools.load_game(game, config=own).config is own


def test_the_trials_config_of_via_romana_given_to_augustus():
    from rometools import via_romana

    with pytest.raises(TypeError) as err:
        rometools.load_game("augustus", config=via_romana.GameConfig(players=3, hand=5))
    assert str(err.value) == "config is Via Romana's GameConfig, not Augustus's"


def test_the_caesars_empire_message_in_full_and_known_options_still_load():
    with pytest.raises(OptionError) as err:
        rometools.load_game("caesars_empire", route_polcy="first")
    assert str(err.value) == ("Caesar's Empire has no option 'route_polcy'; its options are board, players, "
                              "all_tokens_variant, sum_complete_colours, no_move, route_policy, max_chain_paths, "
                              "roads_per_player, components, handicap")
    assert rometools.load_game("caesars_empire", players=3, route_policy="first").config.route_policy == "first"


def test_a_board_option_takes_a_bundled_board_name_or_a_board_file(tmp_path):
    """``board`` is read through the registry's ``file_options`` for every game with a board:
    a bundled board by its data-file name (with or without ``.toml``) or any board file's path."""
    from rometools.caesars_empire import GameConfig, load_board
    from rometools.core.data import data_dir

    for name in ("board_2_3", "board_2_3.toml", data_dir() / "caesars_empire" / "board_2_3.toml",
                 str(data_dir() / "caesars_empire" / "board_2_3.toml")):
        config = rometools.load_game("caesars_empire", players=3, board=name).config
        assert config == GameConfig(players=3) and config.board == load_board("2-3")
        assert config.to_dict()["board"]["bundled"] == "board_2_3.toml"  # a saved game says it is bundled
    mine = tmp_path / "my_board.toml"
    mine.write_text((data_dir() / "caesars_empire" / "board_2_3.toml").read_text()
                    .replace('id = "rhegium"\nname = "Rhegium"\ncolour = "red"\nvalue = 2',
                             'id = "rhegium"\nname = "Rhegium"\ncolour = "red"\nvalue = 7'))
    board = rometools.load_game("caesars_empire", players=3, board=str(mine)).config.board
    assert board.city("rhegium").value == 7 and load_board("2-3").city("rhegium").value == 2
    df = simulate("caesars_empire", 2, config={"players": 3, "board": str(mine)}, bots="greedy", progress=False)
    assert len(df) == 6  # simulate(config=...) reads it the same way
    from rometools.imperator import load_board as imperator_board

    assert rometools.load_game("imperator", board="board").config.board == imperator_board()
    assert game_spec("caesars_empire").file_options["board"] == game_spec("caesars_empire").file_kinds["board"]
    assert {g: set(game_spec(g).file_options) for g in ("caesars_empire", "imperator", "augustus")} == {
        "caesars_empire": {"board", "components"}, "imperator": {"board", "components"},
        "augustus": {"components", "objectives"}}


@pytest.mark.parametrize("game,value,message", [
    ("caesars_empire", "board_9_9", "board_9_9: no such file; give the path of a board file or a bundled board: "
                                    "board_2_3, board_4_5"),
    ("imperator", "nowhere/board.yaml", "nowhere/board.yaml: no such file; give the path of a board file or a "
                                        "bundled board: board"),
    ("caesars_empire", "x" * 600, "'" + "x" * 299 + "...' (600 characters): no such file; "),
    ("caesars_empire", "a\0b", "'a\\x00b': no such file; "),
])
def test_a_board_option_that_names_no_file_says_so(game, value, message):
    from rometools.core.errors import DataFileError

    with pytest.raises(DataFileError) as err:
        rometools.load_game(game, board=value)
    assert str(err.value).startswith(message)


def test_a_broken_board_file_names_the_file_and_the_entry(tmp_path):
    from rometools.core.data import data_dir
    from rometools.core.errors import DataFileError

    broken = tmp_path / "broken.toml"
    broken.write_text((data_dir() / "caesars_empire" / "board_2_3.toml").read_text()
                      .replace("value = 2", "value = 9", 1))
    with pytest.raises(DataFileError) as err:
        rometools.load_game("caesars_empire", players=3, board=broken)
    assert str(err.value) == f"{broken}: city[2] (id='rhegium').value: must be 1 to 8, got 9"


def test_a_config_must_derive_from_the_config_base():
    spec = game_spec("caesars_empire")

    @dataclasses.dataclass(frozen=True)
    class Plain:
        players: int = 2

    with pytest.raises(TypeError, match="its config must derive from rometools.core.options.Config"):
        dataclasses.replace(spec, config=Plain)


def test_every_seat_option_says_its_count_from_0_beside_the_results_names():
    """A fresh-user trial: Via Romana's ``start_player`` counted seats from 0 while the results say
    P1..Pn and the handicap counts from 1, and nothing said so. Every game's seat-valued options (Via
    Romana's ``start_player``, Augustus' ``first_caller``; the others have none) keep the saved games'
    count from 0 and say both counts wherever a designer meets them: what the option takes, its
    refusal, and a run's headline (``rules-decisions.md``, VR-14)."""
    from rometools.core.describe import describe, option_short

    seats = {(gid, o.name) for gid in rometools.games() for o in game_spec(gid).config.options() if o.seat}
    assert seats == {("via_romana", "start_player"), ("augustus", "first_caller")}
    for gid, name in sorted(seats):
        spec = game_spec(gid)
        row = next(r for r in describe(gid).options if r["option"] == name)
        assert row["takes"] == "a seat counted from 0: 0 is P1, 1 is P2, as the results name them"
        with pytest.raises(OptionError, match=f"^{name} must be a seat 0 to 2 \\(P1 to P3\\), got 3$"):
            spec.config(players=3, **{name: 3})
        assert getattr(spec.config(players=3, **{name: 2}), name) == 2   # the saved value is the 0-based one
        assert option_short(gid, name, 2) == f"{name.replace('_', ' ')} P3"
