"""The seat handicap (core/handicap.py): every game's config option, applied before the ranking.

Held over the registry: each game's scores, score parts, bounds and ranks see the points; a
game's own tiebreaks still break ties between handicapped scores; a bonus is refused where the
game declares none, and saved games keep the handicap.
"""

from __future__ import annotations

import re

import pytest

import rometools
from rometools.core.errors import DataFileError, OptionError
from rometools.core.game import game_spec
from rometools.core.handicap import Handicap
from rometools.core.playout import from_json, play, to_json
from rometools.core.protocol import ranks_by_keys

GAMES = rometools.games()


def test_forms_a_designer_types():
    assert Handicap.parse({4: 2}) == Handicap.parse({"4": 2}) == Handicap.parse([0, 0, 0, 2])
    assert Handicap.parse({4: {"points": 2, "bonus": 1}}).bonus(3) == 1
    assert Handicap.parse([[0, 1], 0]).entries == ((1, 0, 1),)
    assert not Handicap.parse({1: 0, 2: {"points": 0}})          # all zero: no handicap
    assert Handicap.parse({2: -3}).points(1) == -3                 # a penalty
    assert Handicap.parse(None) == Handicap.parse({}) == Handicap()


@pytest.mark.parametrize("value, words", [
    ({0: 1}, "seats are numbered from 1"),
    ({1: 1.5}, "handicap.1: must be a whole number, got 1.5"),
    ({1: True}, "must be a whole number, got True"),
    ({1: 10**7}, "must be a whole number -1,000,000 to 1,000,000"),
    ({1: {"points": 1, "extra": 2}}, "'extra' is not points or bonus"),
    ({1: {"bonus": -1}}, "handicap.1.bonus: must be a whole number 0 to"),
    ({"x": 1}, "a seat is a whole number from 1"),
    ({"9" * 500: 1}, "a seat is a whole number from 1"),
    ("four", "must be a table of seats"),
    ("4:two", "handicap: '4:two' is not seat:points (seats from 1, e.g. 4:2 1:-1, or 4:2/1 with a start bonus)"),
    ("4:2 4:3", "handicap.4: seat 4 is given twice"),
    ("0:2", "seats are numbered from 1"),
    ("4:2/-1", "'4:2/-1' is not seat:points"),
    ("4:2:1", "'4:2:1' is not seat:points"),
    ("4:10000000", "handicap.4: must be a whole number -1,000,000 to 1,000,000, got 10000000"),
    ("99999:1", "no game has seat 99,999"),
    ("4:2;1:-1", "'4:2;1:-1' is not seat:points"),
    (list(range(100)), "names 100 seats"),
    ({1: [1, 2]}, "handicap.1: must be a whole number"),
])
def test_a_bad_handicap_is_refused_naming_the_seat(value, words):
    with pytest.raises(OptionError, match="handicap") as err:
        Handicap.parse(value)
    assert words in str(err.value)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_option_last_and_checks_its_seats(game):
    spec = game_spec(game)
    assert spec.config.options()[-1].name == "handicap"
    players = spec.config().players
    with pytest.raises(OptionError, match=f"seat {players + 1} is not a seat of a {players}-player game"):
        rometools.load_game(game, handicap={players + 1: 1})
    if spec.start_bonus is None:
        with pytest.raises(OptionError, match="declares no start bonus"):
            rometools.load_game(game, handicap={1: {"bonus": 1}})
    else:
        most = spec.start_bonus.most
        assert rometools.load_game(game, handicap={1: {"bonus": most}}).config.handicap.bonus(0) == most
        with pytest.raises(OptionError, match=f"bonus: at most {most}"):
            rometools.load_game(game, handicap={1: {"bonus": most + 1}})


@pytest.mark.parametrize("game", GAMES)
def test_points_enter_scores_parts_bounds_and_ranks_of_every_game(game):
    plain = rometools.load_game(game)
    last = plain.players
    end = play(plain, "random", 5)
    scores = plain.scores(end)
    ranks = plain.spec.ranks(end)
    # give the seat ranked last enough points to win outright, the others nothing
    seat = max(range(last), key=lambda s: (ranks[s], s))
    extra = max(scores) - scores[seat] + 1
    game = rometools.load_game(game, handicap={seat + 1: extra})
    again = play(game, "random", 5)   # the handicap's points change no move of random bots
    assert plain.action_history(end) == game.action_history(again)
    assert game.scores(again) == tuple(s + (extra if k == seat else 0) for k, s in enumerate(scores))
    parts = game.spec.score_parts(again)
    assert [p["handicap"] for p in parts] == [extra if k == seat else 0 for k in range(last)]
    assert [p["total"] for p in parts] == list(game.scores(again))
    assert game.spec.ranks(again)[seat] == 1 and list(game.spec.ranks(again)).count(1) == 1
    low, high = game.score_bounds
    assert (low, high) == (plain.score_bounds[0], plain.score_bounds[1] + extra)
    # a penalty lowers the floor
    assert rometools.load_game(game.id, handicap={1: -7}).score_bounds[0] == plain.score_bounds[0] - 7


@pytest.mark.parametrize("game", GAMES)
def test_saved_games_keep_the_handicap(game):
    g = rometools.load_game(game, handicap={1: 3})
    end = play(g, "random", 2)
    text = to_json(end)
    back = from_json(text)
    assert back == end and back.config.handicap == Handicap.parse({1: 3})
    import json

    from rometools.testing.saved_games import _reseal

    data = json.loads(text)
    assert data["config"]["handicap"] == {"1": 3}
    for junk, words in (({"1": "3"}, "handicap.1: must be a whole number, got '3'"), ([3], "must be an object"),
                        ({"9": 1}, "seat 9 is not a seat")):
        with pytest.raises(DataFileError, match=r"config\.handicap") as err:
            from_json(json.dumps(_reseal({**data, "config": {**data["config"], "handicap": junk}})))
        assert words in str(err.value)


def test_ties_on_handicapped_scores_go_to_the_rulebook_tiebreaks():
    """Caesar's Empire: P2 scores 2 more than P1; P1's 2 handicap points make them level, and the
    first tiebreaker (Cities of different colours) decides, as the rulebook's tiebreakers do."""
    game = rometools.load_game("caesars_empire", players=2)
    for seed in range(40):
        end = play(game, "greedy", seed)
        raw = game.scores(end)
        if raw[1] > raw[0]:
            break
    gap = raw[1] - raw[0]
    level = rometools.load_game("caesars_empire", players=2, handicap={1: gap})
    again = play(level, "greedy", seed)
    assert level.scores(again)[0] == level.scores(again)[1]
    tb = level.spec.tiebreaks(again)
    assert level.spec.ranks(again) == ranks_by_keys([(level.scores(again)[s], *tb[s]) for s in range(2)])
    from rometools.caesars_empire import final_ranks

    assert final_ranks(again) == level.spec.ranks(again)    # the game's own view agrees


def test_via_romana_tie_goes_clockwise_from_the_standard():
    from rometools.via_romana import ranks

    game = rometools.load_game("via_romana", players=3)
    end = play(game, "greedy", 1)
    scores = game.scores(end)
    top = max(scores)
    # every seat brought level with the leader: the standard's holder wins, then clockwise
    h = {s + 1: top - scores[s] for s in range(3) if top - scores[s]}
    level = rometools.load_game("via_romana", players=3, handicap=h)
    again = play(level, "greedy", 1)
    ref = again.standard if again.standard is not None else again.config.start_player
    expected = tuple(1 + (s - ref) % 3 for s in range(3))
    assert level.spec.ranks(again) == expected == ranks(again)


@pytest.mark.parametrize("game", GAMES)
def test_a_declared_start_bonus_changes_that_seats_start_only(game):
    """Each unit of a game's declared start bonus changes the initial state for the seat given it
    (its Roads, hand, legions, influence), and the game still plays to its end and saves."""
    import dataclasses

    spec = game_spec(game)
    if spec.start_bonus is None:
        assert "declares no start bonus" in " ".join(str(rometools.describe(game)).split())
        return
    assert spec.start_bonus.meaning in " ".join(str(rometools.describe(game)).split())
    plain = rometools.load_game(game, players=3)
    bonus = rometools.load_game(game, players=3, handicap={2: {"bonus": 1}})
    a, b = plain.new_game(), bonus.new_game()
    differ = [f.name for f in dataclasses.fields(a)
              if f.compare and f.name not in ("config", "history") and getattr(a, f.name) != getattr(b, f.name)]
    assert differ, f"{game}: the start bonus changed nothing at the start"
    end = play(bonus, "random", 11)
    assert bonus.is_over(end) and from_json(to_json(end)) == end


def test_the_start_bonuses_do_what_they_say():
    ce = rometools.load_game("caesars_empire", handicap={4: {"bonus": 3}})
    assert ce.new_game(rng=1).roads_left == (25, 25, 25, 28)
    au = rometools.load_game("augustus", handicap={2: {"bonus": 2}})
    assert au.new_game().reserve == (7, 9, 7, 7) == au.new_game().legions
    imp = rometools.load_game("imperator", players=3, political_influence=(1, 0, 0), handicap={1: {"bonus": 2}})
    assert imp.new_game().political == (3, 0, 0)
    vr = rometools.load_game("via_romana", players=2, handicap={1: {"bonus": 1}})
    end_of_deal = play(vr, "random", 1)   # the first seat was dealt one more card: 5 and 4
    from rometools.core.playout import states

    first_turn = next(s for s in states(end_of_deal) if s.agenda and s.agenda[0][0] == "goal")
    assert [sum(h) for h in first_turn.hands] == [5, 4]


@pytest.mark.parametrize("text", ["{3: 2}", "{3:2}", " {3 = 2} ", '{"3": 2}', "[0, 0, 2]"])
def test_text_typed_on_the_command_line_reads_as_the_table(text):
    """A trial's ``--set 'handicap={3: 2}'`` was refused with a message whose own example was
    ``{4: 2}``: text in the forms the docs, JSON and a saved variant file (TOML) write now reads."""
    assert Handicap.parse(text) == Handicap.parse({3: 2}) == Handicap(((3, 2, 0),))


@pytest.mark.parametrize(("text", "table"), [
    ("3:2", {3: 2}),
    (" 3 : 2 ", {3: 2}),
    ("4:2 1:-1", {4: 2, 1: -1}),
    ("4:2, 1:-1", {4: 2, 1: -1}),
    ("4:+2", {4: 2}),
    ("4:0/1", {4: {"points": 0, "bonus": 1}}),
    ("2:7 1:-1/1", {2: 7, 1: {"points": -1, "bonus": 1}}),
    ("", {}),
    ("   ", {}),
])
def test_the_openspiel_parameters_spelling_reads_as_the_table(text, table):
    """The command line wrote ``{4: 2}`` where the OpenSpiel bridge's ``handicap`` parameter writes
    ``"4:2"`` (trial F7): one parser takes both, blank text being no handicap (the parameter's
    default), and the bridge's own text reads back through it."""
    assert Handicap.parse(text) == Handicap.parse(table)
    assert Handicap.parse(" ".join(f"{s}:{p}" + (f"/{b}" if b else "") for s, p, b in Handicap.parse(table).entries)) \
        == Handicap.parse(table)


def test_the_openspiel_spelling_is_an_option_value_of_every_game():
    """``load_game(..., handicap="4:2")``, as the command line passes ``--option handicap=4:2``."""
    for gid in GAMES:
        players = game_spec(gid).config().players
        game = rometools.load_game(gid, handicap=f"{players}:2 1:-1")
        assert game.config == rometools.load_game(gid, handicap={players: 2, 1: -1}).config
        with pytest.raises(OptionError, match=f"seat {players + 1} is not a seat of a {players}-player game"):
            rometools.load_game(gid, handicap=f"{players + 1}:2")


def test_nested_text_forms_read_and_the_refusals_example_parses():
    both = Handicap.parse({3: {"points": 2, "bonus": 1}})
    assert Handicap.parse("{3: {points: 2, bonus: 1}}") == Handicap.parse("{3 = {points = 2, bonus = 1}}") == both
    for bad in ("four", "{3: }", "{3 = two}", "x" * 5000):
        with pytest.raises(OptionError, match=r"e\.g\. (\{.*?\}), or a list") as err:
            Handicap.parse(bad)
        assert len(str(err.value)) < 300
    example = re.search(r"e\.g\. (\{.*?\}), or a list", str(err.value)).group(1)
    assert Handicap.parse(example) == Handicap.parse({4: 2})


def test_a_start_bonus_is_said_in_the_games_words_in_every_verdict(capsys):
    """What-if verdicts read "handicap seat 4: start bonus 1" where Caesar's Empire's start bonus is
    one more Road (``START_BONUS``, in the rulebook's word): the headline of compare, the studio's
    verdict and a variant's description now say it so."""
    from rometools import Variant
    from rometools.cli import main
    from rometools.core.describe import option_short, option_words

    assert option_short("caesars_empire", "handicap", {4: {"bonus": 1}}) == "handicap seat 4: one more Road"
    assert option_short("via_romana", "handicap", {2: {"points": 3, "bonus": 2}}) == \
        "handicap seat 2: +3 points and 2 more cards"
    assert option_words("augustus", "handicap", {1: {"bonus": 1}}) == \
        "a seat handicap (a design tool, not a rule): seat 1: one more legion"
    assert Variant("caesars_empire", options={"handicap": {4: {"bonus": 3}}}).describe().splitlines()[1] == \
        "  handicap = seat 4: 3 more Roads"
    assert main(["compare", "caesars_empire", "--set", "handicap.4.bonus=1", "--max-games", "2"]) == 0
    assert capsys.readouterr().out.startswith("Caesar's Empire, 4 players, greedy: as published against handicap "
                                              "seat 4: one more Road. Paired games: 2;")
    from rometools.widgets.what_if import VariantStudio

    studio = VariantStudio("caesars_empire", changes={"handicap.4.bonus": 1}, max_games=10, batch=10)
    assert studio.compare(wait=True)
    assert studio.verdict.startswith("Verdict after 10 paired games: Caesar's Empire, 4 players, greedy: as published "
                                     "against variant 'handicap.4.bonus = 1' with handicap seat 4: one more Road. ")
