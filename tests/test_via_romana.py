"""Via Romana: data, rulebook examples, builds, road scoring, the end, odds against simulation."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from rometools.core.errors import DataFileError, IllegalActionError, InvalidActionError, OptionError
from rometools.core.stats import proportion_estimate
from rometools.testing import check_game
from rometools.via_romana import (
    CHANCE,
    END,
    GAME,
    GameConfig,
    apply,
    current_player,
    deck,
    information_state,
    legal_actions,
    load_board,
    load_components,
    new_game,
    prob_at_least,
    prob_card,
    prob_same_colour_pair,
    resample,
    score_parts,
    score_road,
)
from rometools.via_romana.rules import _t

BOARD = load_board()


# ----------------------------------------------------------------- data
def test_deck_is_five_colours_of_two_temples_and_three_of_each_other_symbol():
    d = deck()
    assert sum(d.values()) == 55
    assert {c for c, _ in d} == set(load_components().colours) and len({c for c, _ in d}) == 5
    assert all(n == (2 if s == "temple" else 3) for (_, s), n in d.items())


def test_bundled_board_matches_the_component_facts():
    assert (len(BOARD.cities), len(BOARD.roads)) == (20, 30)
    assert sum(len(c.tiles) for c in BOARD.cities) == 40
    assert (len(BOARD.blocked(2)), len(BOARD.blocked(3))) == (10, 5)
    assert {c.symbol: c.max_value for c in BOARD.cities} == {"temple": 4, "helmet": 2, "laurel": 3, "eagle": 3}
    assert all(len(BOARD.roads_at[c.id]) == c.max_value for c in BOARD.cities)
    assert BOARD.provenance["city.roma.max_value"].kind == "illustrative"
    assert load_components().provenance["supply.road_signs"].kind == "rulebook"


@pytest.mark.parametrize("old,new,entry", [
    ('b = "tibur"', 'b = "rome"', "road.r01.b"),
    ('province = "purple"', 'province = "violet"', "city.roma.province"),
    ('spaces = [["purple"], ["purple"]]', 'spaces = [["purple"], ["pink"]]', "road.r01.spaces[1]"),
])
def test_a_broken_board_names_the_entry(tmp_path, old, new, entry):
    text = BOARD.path.read_text().replace(old, new, 1)
    path = tmp_path / "board.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match=entry.replace("[", r"\[").replace("]", r"\]")):
        load_board(path)


@pytest.mark.parametrize("old,new,entry,words", [
    # issue 47, item 4: a road id with "." was accepted, then game_log and the road board raised
    # "invalid literal for int()" ("r01.0" is also road r01's first space)
    ('id = "r01"', 'id = "r0.1"', "road.r0.1.id", "a road id may not contain '.'"),
    # item 6: positions are 0 to 1 (NaN, infinity, 1e308 and negatives were accepted)
    ("position = [0.44, 0.90]", "position = [nan, 0.90]", r"city\[0\] \(id='roma'\)\.position\[0\]", "finite"),
    ("position = [0.44, 0.90]", "position = [inf, 0.90]", r"position\[0\]", "finite"),
    ("position = [0.44, 0.90]", "position = [1e308, 0.90]", r"position\[0\]", "less than or equal to 1"),
    ("position = [0.44, 0.90]", "position = [0.44, -0.1]", r"position\[1\]", "greater than or equal to 0"),
    ("blocked_with = [2]", "blocked_with = [7]", r"blocked_with\[0\]", "less than or equal to 4"),
])
def test_a_board_that_cannot_be_drawn_or_played_is_refused_at_load(tmp_path, old, new, entry, words):
    text = BOARD.path.read_text()
    assert old in text
    path = tmp_path / "board.toml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataFileError, match=f"{entry}.*{words}"):
        load_board(path)


def test_a_board_with_every_road_blocked_or_over_the_size_bounds_is_refused(tmp_path):
    """Item 4: every road blocked at set-up left nothing to build; item 9: a board of 500 roads and
    25,500 road spaces took 28 s to open in the road board and 17-34 s a turn: the format is bounded
    (``benchmarks/bench_via_romana.py`` times the largest board it takes)."""
    from rometools.via_romana.board import MAX_ROAD_SPACES, MAX_ROADS, MAX_SPACES_PER_ROAD

    text = BOARD.path.read_text()
    roads = text.count("[[road]]")
    path = tmp_path / "board.toml"

    def refused(content: str, words: str) -> None:
        path.write_text(content)
        with pytest.raises(DataFileError, match=words):
            load_board(path)

    def more_roads(n: int, spaces: int) -> str:
        cells = ", ".join(['["purple"]'] * spaces)
        return "".join(f'\n[[road]]\nid = "x{k}"\na = "roma"\nb = "ostia"\nspaces = [{cells}]\n' for k in range(n))

    unblocked = re.sub(r"blocked_with = \[[\d, ]*\]\n", "", text)
    refused(re.sub(r"(spaces = .*\n)", r"\1blocked_with = [2, 3]\n", unblocked),
            "road.blocked_with: every road is blocked with 2 players")
    refused(text + more_roads(MAX_ROADS + 1 - roads, 1), rf"road: .*at most {MAX_ROADS}")
    refused(text.replace('spaces = [["purple"], ["purple"]]', "spaces = [" + ", ".join(['["purple"]'] * (
        MAX_SPACES_PER_ROAD + 1)) + "]", 1), rf"road\[0\] \(id='r01'\)\.spaces: .*at most {MAX_SPACES_PER_ROAD}")
    spaces = sum(len(r.spaces) for r in BOARD.roads)
    fill = (MAX_ROAD_SPACES - spaces) // MAX_SPACES_PER_ROAD   # roads of 10 spaces up to 1,000 in all: taken
    path.write_text(text + more_roads(fill, MAX_SPACES_PER_ROAD))
    assert sum(len(r.spaces) for r in load_board(path).roads) == spaces + fill * MAX_SPACES_PER_ROAD
    refused(text + more_roads(fill + 1, MAX_SPACES_PER_ROAD),   # one more: refused
            f"road: {spaces + (fill + 1) * MAX_SPACES_PER_ROAD:,} road spaces in all; a board has at most "
            f"{MAX_ROAD_SPACES:,}")


@pytest.mark.parametrize("old,new,entry", [
    ('id = "g2"', None, "goals.tile: 1 goal tile; each player is dealt one, and Via Romana is for 2 to 4 players"),
    ("forts_per_player = 4", "forts_per_player = 0", "supply.forts_per_player: 0 forts; the set-up places a fort"),
    ("milestones_per_player = 20", "milestones_per_player = 0", "supply.milestones_per_player: 0 milestones; "),
])
def test_a_component_file_that_cannot_give_a_game_is_refused_at_load(tmp_path, old, new, entry):
    """Issue 47, item 4: fewer goal tiles than players crashed every game at the deal with a bare
    ValueError; 0 forts and 0 milestones ran every game to the 300-turn safeguard."""
    text = load_components().path.read_text()
    if new is None:   # keep the first goal tile only
        start = text.index("[[goals.tile]]", text.index("[[goals.tile]]") + 1)
        text = text[:start] + text[text.index("[supply]"):]
    else:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "components.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match=re.escape(f"{path}: {entry}")):
        load_components(path)


@pytest.mark.parametrize("players,board_edit,components_edit,words", [
    (4, None, ("goals.tile", 3), "goals.tile: 3 goal tiles for 4 players; each player is dealt one"),
    (2, None, ("forts_per_player = 4", "forts_per_player = 1"),
     "supply.forts_per_player: 1 fort each, but the set-up places 2 for each of 2 players"),
    (2, None, ("road_signs = 20", "road_signs = 10"),
     "supply.road_signs: 10 road signs, and the board blocks 10 roads at set-up with 2 players: no sign would "
     "be left to end the game (it needs 11 or more)"),
    (4, None, ("road_signs = 20", "road_signs = 31"),
     "supply.road_signs: 31 road signs, but the board has 30 roads: the last sign"),
    (4, None, ("colours = { value = [\"purple\", \"blue\", \"yellow\", \"red\", \"green\"]",
               "colours = { value = [\"purple\", \"blue\", \"yellow\", \"red\", \"green\", \"pink\"]"),
     "deck.colours: 'pink' is no province of the board"),
    (4, ('symbol = "temple"', 'symbol = "templ"'), None, "city.roma.symbol: 'templ' is no card symbol"),
])
def test_a_board_and_components_that_cannot_give_a_game_are_refused_when_set_up(tmp_path, players, board_edit,
                                                                                  components_edit, words):
    """Item 4: road_signs below the roads blocked at set-up started a game with -10 signs; item 6: a deck
    colour no province uses, or a city symbol no card has, was accepted silently. What only the board, the
    component file and the player count together tell is refused when the game is set up, naming the file
    and the entry."""
    import rometools
    from rometools.core.errors import OptionError

    options = {}
    if board_edit:
        text = BOARD.path.read_text()
        assert board_edit[0] in text
        options["board"] = tmp_path / "board.toml"
        options["board"].write_text(text.replace(*board_edit, 1))
    if components_edit:
        text = load_components().path.read_text()
        if components_edit[0] == "goals.tile":   # keep the first n goal tiles
            starts = [i for i in range(len(text)) if text.startswith("[[goals.tile]]", i)]
            text = text[:starts[components_edit[1]]] + text[text.index("[supply]"):]
        else:
            assert components_edit[0] in text
            text = text.replace(*components_edit, 1)
            if "pink" in components_edit[1]:   # six colours of 11 cards
                text = text.replace("cards = 55", "cards = 66")
        options["components"] = tmp_path / "components.toml"
        options["components"].write_text(text)
    with pytest.raises(OptionError, match=re.escape(words)):
        rometools.load_game("via_romana", players=players, **{k: str(v) for k, v in options.items()})


def test_a_deck_total_that_does_not_add_up_is_refused(tmp_path):
    path = tmp_path / "components.toml"
    path.write_text(load_components().path.read_text().replace("cards = 55", "cards = 56"))
    with pytest.raises(DataFileError, match="deck.cards.*56.*55 cards"):
        load_components(path)


# ----------------------------------------------------------------- score_road
SEATS = ["blue", "yellow", "red"]


@pytest.mark.parametrize("pieces,completer,dangerous,winner,given", [
    # the rulebook's example (Scoring Roads): Blue 3 beats Yellow 2 and Red 2
    ({"blue": 3, "yellow": 2, "red": 2}, "blue", False, "blue", {"yellow": 2, "red": 2}),
    # a tie with the completing player in it: the completer wins
    ({"blue": 2, "yellow": 2, "red": 1}, "yellow", False, "yellow", {"red": 1, "blue": 2}),
    # a tie without the completer: the next tied player clockwise from the completer
    ({"blue": 2, "yellow": 2, "red": 1}, "red", False, "blue", {"yellow": 2, "red": 1}),
    # Dangerous Ties: nobody takes a tile or cards
    ({"blue": 2, "yellow": 2, "red": 1}, "red", True, None, {}),
    # Dangerous Ties changes nothing when the completer is in the tie
    ({"blue": 2, "yellow": 2}, "blue", True, "blue", {"yellow": 2}),
])
def test_score_road(pieces, completer, dangerous, winner, given):
    r = score_road(pieces, completer=completer, seat_order=SEATS, dangerous_ties=dangerous)
    assert r.winner == winner
    assert r.cards == given
    assert list(r.cards) == list(given)  # the order cards are taken in: from the winner's left


# ----------------------------------------------------------------- positions
def at_build(players=2, hand=(), pieces=None, display=("green:helmet",) * 4, options=None, **changes):
    """A position at seat 0's build phase with this hand and these pieces ({space: (seat, 'fort'|'m')})
    (``options``: the config's other options)."""
    s = new_game(players=players, **(options or {}))
    t = _t(s.config)
    counts = [0] * len(t.cards)
    for c in hand:
        counts[t.card_index[c]] += 1
    disp = [0] * len(t.cards)
    for c in display:
        disp[t.card_index[c]] += 1
    deck_ = tuple(d - h - x for d, h, x in zip(s.deck, counts, disp, strict=False))
    occ = list(s.pieces)
    forts, ms = list(s.forts), list(s.milestones)
    for space, (seat, kind) in (pieces or {}).items():
        occ[t.index[space]] = 2 * seat + (kind == "fort")
        if kind == "fort":
            forts[seat] -= 1
        else:
            ms[seat] -= 1
    hands = (tuple(counts),) + s.hands[1:]
    return replace(s, hands=hands, deck=deck_, display=tuple(disp), pieces=tuple(occ), forts=tuple(forts),
                   milestones=tuple(ms), agenda=(("build",),), turn=1, goals=("g1",) * players, **changes)


def builds(state, kind):
    return sorted(a for a in legal_actions(state) if isinstance(a, tuple) and a[0] == kind)


def test_a_fort_takes_two_cards_of_a_colour_on_a_vacant_city_of_that_colour():
    s = at_build(hand=("blue:temple", "blue:helmet", "red:laurel"), pieces={"ravenna": (1, "fort")})
    forts = builds(s, "fort")
    assert {a[1] for a in forts} == {"ariminum", "ancona", "pisaurum"}  # blue cities but the occupied one
    assert all(a[2:] == ("blue:temple", "blue:helmet") for a in forts)
    assert builds(at_build(hand=("blue:temple", "red:helmet")), "fort") == []


def test_a_milestone_needs_a_card_of_the_space_colour_and_an_adjacent_piece():
    s = at_build(hand=("purple:laurel",), pieces={"roma": (1, "fort")})
    assert builds(s, "milestone") == [("milestone", "r01.0", "purple:laurel"), ("milestone", "r02.0", "purple:laurel"),
                                      ("milestone", "r16.0", "purple:laurel"), ("milestone", "r26.2", "purple:laurel")]
    # a blue card reaches only the two-coloured spaces next to nothing: none
    assert builds(at_build(hand=("blue:laurel",), pieces={"roma": (1, "fort")}), "milestone") == []
    # a city milestone: a card of the city's colour, next to a piece on a road space
    s = at_build(hand=("purple:laurel",), pieces={"r01.0": (1, "m"), "r01.1": (1, "m"), "roma": (0, "fort")})
    assert ("milestone", "tibur", "purple:laurel") in builds(s, "milestone")


def test_a_road_milestone_card_matches_the_spaces_own_edge_colour():
    """VR-13, milestone_colour="space" (the default): road r16 (Roma to Ariminum) is edged purple,
    purple and blue, then blue. A blue card takes its two-coloured space but not its purple one,
    though blue is one of the road's colours; the refusal says which colour the space takes."""
    assert GameConfig().milestone_colour == "space"
    s = at_build(hand=("blue:laurel",), pieces={"roma": (1, "fort"), "r16.0": (1, "m")})
    assert builds(s, "milestone") == [("milestone", "r16.1", "blue:laurel")]
    s = at_build(hand=("blue:laurel",), pieces={"roma": (1, "fort")})
    assert builds(s, "milestone") == []
    with pytest.raises(IllegalActionError) as info:
        apply(s, ("milestone", "r16.0", "blue:laurel"))
    assert str(info.value) == ("('milestone', 'r16.0', 'blue:laurel') is not allowed now: a milestone on r16.0 "
                               "takes a purple card (its own edges' colour; milestone_colour='space', VR-13)")
    assert ("milestone", "r16.0", "purple:laurel") in builds(at_build(hand=("purple:laurel",),
                                                                      pieces={"roma": (1, "fort")}), "milestone")


def test_a_road_milestone_card_matches_any_colour_of_the_road_when_read_so():
    """VR-13, milestone_colour="road" ("Play 1 card matching one of the road's colors"): the same
    blue card goes on r16's purple space next to Roma, and a purple card on its blue space next to
    Ariminum; a card of neither colour is refused, naming the road's colours; a city still takes
    its province's colour only, and a joker any space next to a piece."""
    road = {"milestone_colour": "road"}
    s = at_build(hand=("blue:laurel",), pieces={"roma": (1, "fort")}, options=road)
    assert builds(s, "milestone") == [("milestone", "r16.0", "blue:laurel")]   # r01, r02, r26 are not blue
    after = apply(s, ("milestone", "r16.0", "blue:laurel"))
    assert after.pieces[_t(s.config).index["r16.0"]] == 0 and after.history[-1] == ("milestone", "r16.0", "blue:laurel")
    s = at_build(hand=("purple:laurel",), pieces={"ariminum": (1, "fort")}, options=road)
    assert ("milestone", "r16.2", "purple:laurel") in builds(s, "milestone")
    assert ("milestone", "r16.2", "purple:laurel") not in builds(
        at_build(hand=("purple:laurel",), pieces={"ariminum": (1, "fort")}), "milestone")
    s = at_build(hand=("red:laurel",), pieces={"roma": (1, "fort")}, options=road)
    with pytest.raises(IllegalActionError) as info:
        apply(s, ("milestone", "r16.0", "red:laurel"))
    assert str(info.value) == ("('milestone', 'r16.0', 'red:laurel') is not allowed now: a milestone on r16.0 "
                               "takes a purple or blue card (its road's colours; milestone_colour='road', VR-13)")
    # a city milestone: its province's colour under either reading
    s = at_build(hand=("blue:laurel",), pieces={"r16.0": (1, "m"), "r16.1": (1, "m"), "r16.2": (0, "m"),
                                                "ariminum": (0, "fort")}, options=road)
    assert "roma" not in {a[1] for a in builds(s, "milestone")}
    with pytest.raises(IllegalActionError, match=r"a milestone on roma takes a purple card \(its province's colour;"):
        apply(s, ("milestone", "roma", "blue:laurel"))
    assert {a[1] for a in builds(at_build(hand=("blue:temple", "red:helmet"), pieces={"roma": (1, "fort")},
                                          options=road), "joker")} == {"r01.0", "r02.0", "r16.0", "r26.2"}


def test_the_milestone_colour_option_is_refused_in_the_designers_words():
    with pytest.raises(OptionError) as info:
        GameConfig(milestone_colour="edges")
    assert str(info.value) == "milestone_colour must be one of space, road; got 'edges'"
    assert GameConfig.from_dict(GameConfig(milestone_colour="road").to_dict()).milestone_colour == "road"


def test_the_road_board_names_the_card_colours_each_vacant_space_takes():
    """The chart's hover text for a vacant road space gives the colours a card may have to build
    there under the config's reading (VR-13), and its caption says which reading."""
    from rometools.charts.via_romana import road_board_figure

    road = load_board().road_name("r16")   # the Roma–Ariminum road, named by the cities it joins
    for options, expected, caption in [({}, f"the {road}, space 1: purple", "in the colour\na card must have"),
                                       ({"milestone_colour": "road"}, f"the {road}, space 1: purple or blue",
                                        "any colour of the road builds there")]:
        fig = road_board_figure(at_build(options=options))
        spaces = next(t for t in fig.data if t.meta == "vr-board-spaces")
        assert expected in spaces.text
        assert caption in next(a.text for a in fig.layout.annotations if a.name == "caption").replace("<br>", "\n")


def test_a_double_milestone_needs_the_city_card_a_piece_there_and_a_connected_pair():
    hand = ("purple:temple", "purple:laurel")
    s = at_build(hand=hand, pieces={"roma": (1, "fort"), "r02.0": (0, "m")})
    assert builds(s, "double") == [("double", "roma", "r01.0", "r01.1", "purple:temple"),
                                   ("double", "roma", "r16.0", "r16.1", "purple:temple"),
                                   ("double", "roma", "r26.2", "r26.1", "purple:temple")]  # r26 ends at roma
    # r02 has one free space left after the milestone: no pair; no piece in the city: no double
    assert builds(at_build(hand=("purple:temple",), pieces={"tibur": (1, "fort")}), "double") == []


def test_a_joker_is_two_cards_of_different_colours_for_one_milestone_of_any_colour():
    s = at_build(hand=("blue:temple", "red:helmet"), pieces={"roma": (1, "fort")})
    assert {a[1] for a in builds(s, "joker")} == {"r01.0", "r02.0", "r16.0", "r26.2"}
    assert builds(at_build(hand=("blue:temple", "blue:helmet"), pieces={"roma": (1, "fort")}), "joker") == []


def test_a_fort_or_a_joker_takes_its_two_cards_in_either_order():
    """VR-6: the same build, recorded in the order legal_actions lists it; a pair that is no build
    in either order is still refused."""
    s = at_build(hand=("blue:temple", "blue:helmet", "red:laurel"), pieces={"roma": (1, "fort")})
    fort = ("fort", "ancona", "blue:temple", "blue:helmet")
    assert fort in legal_actions(s) and ("fort", "ancona", "blue:helmet", "blue:temple") not in legal_actions(s)
    built = apply(s, ("fort", "ancona", "blue:helmet", "blue:temple"))
    assert built == apply(s, fort) and built.history[-1] == fort
    joker = ("joker", "r01.0", "blue:temple", "red:laurel")
    assert joker in legal_actions(s)
    built = apply(s, ("joker", "r01.0", "red:laurel", "blue:temple"))
    assert built == apply(s, joker) and built.history[-1] == joker
    with pytest.raises(IllegalActionError, match="is not allowed now"):
        apply(s, ("fort", "ancona", "red:laurel", "blue:temple"))   # two colours: no fort either way
    with pytest.raises(InvalidActionError):
        apply(s, ("fort", "ancona", "blue:helmet", "pink:temple"))
    with pytest.raises(IllegalActionError):
        apply(s, ("joker", "r01.1", "red:laurel", "blue:temple"))   # not next to a piece, either way


@pytest.mark.parametrize("players,start", [(2, 1), (3, 2), (4, 0), (4, 3)])
def test_the_start_player_places_the_first_fort_and_plays_the_first_turn(players, start):
    """VR-14: option start_player; set-up forts and turns go clockwise from it."""
    import rometools
    from rometools.core.playout import play, states
    from rometools.via_romana import ranks

    game = rometools.load_game("via_romana", players=players, start_player=start)
    every = states(play(game, "random", rng=3))
    setup = [current_player(s) for s in every if current_player(s) >= 0 and s.agenda[0][0] == "setup"]
    rounds = 2 if players == 2 else 1
    assert setup == [(start + k) % players for _ in range(rounds) for k in range(players)]
    turns = []
    for s in every:
        if current_player(s) >= 0 and s.agenda[0][0] in ("build", "discard") and (s.turn, s.seat) not in turns:
            turns.append((s.turn, s.seat))
    assert turns[:players + 1] == [(k + 1, (start + k) % players) for k in range(players + 1)]
    # a tie with nobody holding the standard goes clockwise from the start player (VR-9)
    assert ranks(new_game(players=players, start_player=start)) == tuple((k - start) % players + 1
                                                                         for k in range(players))


def test_the_start_player_must_be_a_seat():
    from rometools.core.errors import OptionError

    with pytest.raises(OptionError, match="start_player must be a seat 0 to 1 \\(P1 to P2\\), got 2"):
        GameConfig(players=2, start_player=2)
    with pytest.raises(OptionError, match="start_player"):
        GameConfig(start_player=-1)


def test_completing_a_road_scores_it_at_once():
    # r01 roma (purple temple) - tibur (purple laurel); seat 0 completes it with 3 pieces to seat 1's 1
    s = at_build(hand=("purple:laurel",), pieces={"roma": (0, "fort"), "r01.0": (0, "m"), "tibur": (1, "fort")})
    s = apply(s, ("milestone", "r01.1", "purple:laurel"))
    assert s.agenda[0] == ("tile", 0, "r01", ("roma", "tibur"))
    s = apply(s, ("tile", "roma"))
    assert s.won[0] == ("roma=4",) and s.tiles[0] == 2
    assert current_player(s) == 1 and s.agenda[0] == ("take", 1, 1)  # seat 1 takes 1 card from the display
    s = apply(s, ("take", "green:helmet"))
    assert sum(s.hands[1]) == 1 and sum(s.display) == 3
    assert current_player(s) == CHANCE  # the display refilled
    assert "r01" in s.signed and s.pieces[_t(s.config).index["r01.0"]] == -1 and s.milestones[0] == 20
    assert s.signs == 9


def test_one_build_completing_two_roads_lets_the_completer_choose_the_order():
    pieces = {"r01.0": (0, "m"), "r01.1": (0, "m"), "tibur": (1, "fort"),
              "r02.0": (0, "m"), "r02.1": (0, "m"), "praeneste": (1, "fort")}
    s = at_build(hand=("purple:laurel",), pieces=pieces)
    s = apply(s, ("milestone", "roma", "purple:laurel"))
    assert legal_actions(s) == [("score", "r01"), ("score", "r02")]
    s = apply(s, ("score", "r02"))
    assert s.scored == {"r02"}


@pytest.mark.parametrize("dangerous", [False, True])
def test_a_tie_without_the_completer(dangerous):
    # r16 roma - ariminum, 3 spaces: seats 1 and 2 tie at 2, seat 0 completes it with 1
    pieces = {"roma": (1, "fort"), "r16.0": (1, "m"), "ariminum": (2, "fort"), "r16.2": (2, "m")}
    s = at_build(players=4, hand=("purple:laurel",), pieces=pieces,
                 config=GameConfig(players=4, dangerous_ties=dangerous))
    s = apply(s, ("milestone", "r16.1", "purple:laurel"))
    assert "r16" in s.scored
    if dangerous:  # no tile, no cards
        assert s.won == ((), (), (), ()) and not [x for x in s.agenda if x[0] in ("take", "tile")]
    else:  # the next tied player clockwise from the completer wins; the others take from its left
        assert s.agenda[0] == ("tile", 1, "r16", ("roma", "ariminum"))
        assert [x for x in s.agenda if x[0] == "take"] == [("take", 2, 2), ("take", 0, 1)]


def test_obstinate_hands_gives_no_card_to_a_full_hand():
    hand1 = ("red:helmet",) * 3 + ("red:laurel",) * 3 + ("red:eagle",)
    for obstinate, got in ((False, 1), (True, 0)):
        s = at_build(hand=("purple:laurel",), pieces={"roma": (0, "fort"), "r01.0": (0, "m"), "tibur": (1, "fort")},
                     config=GameConfig(players=2, obstinate_hands=obstinate))
        t = _t(s.config)
        h = [0] * len(t.cards)
        for c in hand1:
            h[t.card_index[c]] += 1
        s = replace(s, hands=(s.hands[0], tuple(h)))
        s = apply(apply(s, ("milestone", "r01.1", "purple:laurel")), ("tile", "roma"))
        if got:
            s = apply(s, ("take", "green:helmet"))
        assert sum(s.hands[1]) == 7 + got


def test_the_last_sign_gives_the_standard_and_one_more_turn_to_the_others():
    s = at_build(players=3, hand=("purple:laurel",), pieces={"roma": (0, "fort"), "r01.0": (0, "m"), "tibur": (1, "fort")},
                 signs=1)
    s = apply(apply(s, ("milestone", "r01.1", "purple:laurel")), ("tile", "roma"))
    assert s.standard == 0 and s.signs == 0 and s.last_turns == 2
    rng = np.random.default_rng(0)
    turns = [(s.turn, s.seat)]
    while not s.over:
        legal = legal_actions(s)
        s = apply(s, END if END in legal else legal[int(rng.integers(len(legal)))])
        if (s.turn, s.seat) != turns[-1] and not s.over:
            turns.append((s.turn, s.seat))
    assert [seat for _, seat in turns] == [0, 1, 2]  # seats 1 and 2 play once more; seat 0 does not
    assert score_parts(s)[0]["standard"] == 2


def test_final_scoring_forts_tiles_and_the_goal_tile():
    s = at_build(pieces={"roma": (0, "fort"), "ostia": (1, "fort")})
    s = replace(s, won=(("ravenna=4", "capua=4", "brundisium=4", "mediolanum=4"), ("roma=4",)), goals=("g1", "g2"),
                tiles=(0,) + s.tiles[1:])
    p0, p1 = score_parts(s)
    assert p0 == {"tiles": 16, "forts": 1, "standard": 0, "goal": 5, "total": 22}  # roma's stack is empty: 1
    assert p1 == {"tiles": 4, "forts": 2, "standard": 0, "goal": 0, "total": 6}


def test_apply_refuses_junk_and_illegal_moves():
    s = at_build(hand=("purple:laurel",), pieces={"roma": (1, "fort")})
    with pytest.raises(InvalidActionError):
        apply(s, ("milestone", "nowhere", "purple:laurel"))
    with pytest.raises(IllegalActionError):
        apply(s, ("milestone", "r01.1", "purple:laurel"))  # not adjacent to a piece
    assert legal_actions(s)  # unchanged


# ----------------------------------------------------------------- hidden information
def test_information_state_hides_the_other_hands_and_resample_keeps_it():
    s = GAME.play_game(GAME.config(players=3), bots="random", rng=5)
    from rometools.core.playout import states

    mid = list(states(s))[200]
    for seat in range(3):
        info = information_state(mid, seat)
        r = resample(mid, seat, 1)
        assert information_state(r, seat) == info
        assert sum(map(sum, r.hands)) + sum(r.deck) == sum(map(sum, mid.hands)) + sum(mid.deck)
    other = replace(mid, hands=(mid.hands[0], mid.hands[2], mid.hands[1]))
    assert information_state(other, 0) == information_state(mid, 0) or mid.hands[1] != mid.hands[2]


# ----------------------------------------------------------------- odds against a simulation
def _simulated(event, hand_size, trials=20_000, seed=7):
    d = deck()
    cards_ = [k for k, n in d.items() for _ in range(n)]
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(trials):
        idx = rng.choice(len(cards_), size=hand_size, replace=False)
        hits += event([cards_[i] for i in idx])
    return proportion_estimate(hits, trials, confidence=0.999)


@pytest.mark.parametrize("hand_size", [2, 4, 7])
def test_card_odds_match_a_seeded_simulation(hand_size):
    def pair(h):
        cols = [c for c, _ in h]
        return any(cols.count(c) >= 2 for c in cols)

    checks = [
        (prob_same_colour_pair(hand_size), pair),
        (prob_at_least(2, "blue", hand_size), lambda h: sum(c == "blue" for c, _ in h) >= 2),
        (prob_card("blue", "temple", hand_size), lambda h: ("blue", "temple") in h),
    ]
    for exact, event in checks:
        est = _simulated(event, hand_size, trials=6000)
        assert est.low <= float(exact) <= est.high, (hand_size, exact, est)


def test_odds_given_seen_cards():
    both_temples = {("blue", "temple"): 2}
    assert prob_card("blue", "temple", 4, seen=both_temples) == 0
    assert prob_at_least(1, "blue", 53, seen={("blue", "temple"): 2}) == 1
    assert prob_same_colour_pair(6) == 1  # 6 cards, 5 colours
    assert prob_card("blue", "temple", 1) == Fraction(2, 55)


# ----------------------------------------------------------------- whole games
def test_seeded_random_playthroughs_hold_the_invariants():
    for seed in range(60):
        players = 2 + seed % 3
        end = GAME.play_game(GAME.config(players=players), bots="random", rng=seed)
        from rometools.core.playout import states

        for s in list(states(end))[::7] + [end]:
            total = sum(s.deck) + sum(s.discard) + sum(s.display) + sum(map(sum, s.hands))
            assert total == 55
            for seat in range(players):
                ms = sum(1 for p in s.pieces if p == 2 * seat)
                fs = sum(1 for p in s.pieces if p == 2 * seat + 1)
                assert ms + s.milestones[seat] == 20 and fs + s.forts[seat] == 4
            assert len(s.signed) <= 20 and s.signs >= 0
        assert end.over and end.standard is not None


def test_via_romana_passes_the_data_file_and_tampered_save_checks():
    check_game("via_romana", n_games=2, checks=["data_files", "tampered_saves"])


def test_the_deck_is_a_bag_of_the_draw_odds_explorer():
    from rometools.widgets.draws import GAME_BAGS, DrawOddsExplorer

    bag = next(b for b in GAME_BAGS if b.label.startswith("Via Romana"))
    assert sum(bag.counts().values()) == 55 and bag.counts()["blue temple"] == 2
    assert DrawOddsExplorer(game_bag=bag.label, trials=0).probability == prob_card("blue", "temple", 4)


@pytest.mark.parametrize("options", GAME.sample_configs,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_a_scoring_leaves_the_same_scores_whatever_cards_built_it(options):
    """The greedy bot rates each road-completing build once per pieces placed (a fort, or
    milestones on these spaces): a milestone and a joker on the same space, with any cards,
    must leave the same scores once applied and scored. Checked on every completing build of
    seeded greedy games, for each sample config (Obstinate Hands and Dangerous Ties included)."""
    import rometools
    from rometools.core.playout import play, states
    from rometools.via_romana import scores
    from rometools.via_romana.rules import apply_legal, completes_a_road

    game = rometools.load_game("via_romana", **options)
    groups: dict = {}
    for seed in range(3):
        for k, s in enumerate(states(play(game, "greedy", rng=seed))):
            if current_player(s) < 0 or s.agenda[0][0] != "build":
                continue
            for a in legal_actions(s):
                if a != END and completes_a_road(s, a):
                    key = (seed, k, a[0] == "fort", a[2:4] if a[0] == "double" else a[1])
                    groups.setdefault(key, []).append(scores(apply_legal(s, a)))
    assert sum(len(found) > 1 for found in groups.values()) > 10   # builds that share their pieces
    assert all(len(set(found)) == 1 for found in groups.values())


@pytest.mark.parametrize("options", GAME.sample_configs,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_the_greedy_bots_gains_are_the_rules_scores_after_the_build(options):
    """The greedy bot works out what a build changes in the scores without applying it
    (``_greedy.gains``). At every build decision of seeded games (2 to 4 players, each sample
    config), every legal build's gains must equal the rules' scores after ``apply_legal`` less
    the scores before: a fort's points, a road won, the tile taken at once or left to choose, a
    fort's city losing its top tile, a goal tile completed, the standard for the last sign."""
    import rometools
    from rometools.core.playout import play, states
    from rometools.via_romana import _greedy, scores
    from rometools.via_romana.rules import apply_legal

    seen = {"tile": 0, "fort dropped": 0, "goal": 0, "standard": 0, "several roads": 0}
    checked = 0
    for players in (2, 3, 4):
        game = rometools.load_game("via_romana", **{**options, "players": players})
        for seed in range(3):   # one chance stream (by_source=False): these seeds reach every case below
            for s in states(play(game, (["greedy", "random"] * 2)[:players], rng=seed, by_source=False)):
                if current_player(s) < 0 or s.agenda[0][0] != "build":
                    continue
                before = scores(s)
                for a in legal_actions(s):
                    if a == END:
                        continue
                    after = apply_legal(s, a)
                    full = tuple(x - y for x, y in zip(scores(after), before, strict=True))
                    assert _greedy.gains(s, a) == full, (players, seed, a)
                    checked += 1
                    seen["tile"] += len(after.won[s.seat]) > len(s.won[s.seat])
                    seen["fort dropped"] += min(full) < 0
                    seen["goal"] += max(full) >= 5
                    seen["standard"] += after.standard is not None and s.standard is None
                    seen["several roads"] += after.agenda[0][0] == "order"
    assert checked > 10_000
    assert all(seen.values()), seen


@pytest.mark.parametrize(("hand", "message"), [
    (["pink:temple"], "unknown card 'pink:temple'; a card is colour:symbol, e.g. 'purple:temple'"),
    ("purple:temple", "a hand is a list of card ids .* got the text 'purple:temple'; for one card write "
                      r"\['purple:temple'\]"),
    ({"purple:temple": -1}, "the count of 'purple:temple' must be a whole number 0 or more, got -1"),
])
def test_builds_with_names_what_is_wrong_with_a_hand(hand, message):
    """A designer's hand that is not one: the error says what a hand is, in the game's words."""
    from rometools.core.errors import ArgumentError
    from rometools.via_romana import builds_with

    with pytest.raises(ArgumentError, match=message):
        builds_with(new_game(players=2), hand)


@pytest.mark.parametrize("options", GAME.sample_configs,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_the_board_facts_kept_through_a_game_equal_them_found_from_scratch(options):
    """``rules.board_facts`` (the milestone spaces, the roads one and two places short) is kept
    with the state as the game goes: a build updates it for the places it fills, a scoring carries
    it on (a complete road's scoring changes neither fact). After every move of seeded games (greedy and random, 2 to 4 players), the kept facts
    equal the facts found from the board alone, and the milestone spaces equal a scan of every
    space's neighbours; the states' scores and legal actions are those of the copy found afresh."""
    import rometools
    from rometools.core.playout import play, states
    from rometools.via_romana import rules

    kept_builds = kept_scorings = 0
    for players in (2, 3, 4):
        game = rometools.load_game("via_romana", **{**options, "players": players})
        board = game.config.the_board()
        for seed in range(3):
            scored = frozenset()
            for s in states(play(game, (["greedy", "random"] * 2)[:players], rng=seed)):
                carried = s.facts is not None and s.facts[0] is s.pieces
                kept_scorings += carried and s.scored != scored   # carried through the scoring just done
                scored = s.scored
                kept = rules.board_facts(s)
                fresh = rules.replace(s, facts=None)
                assert kept == rules.board_facts(fresh)
                closed = s.signed | s.scored
                scan = tuple(x for x in board.spaces if s.pieces[board.spaces.index(x)] == -1
                             and any(s.pieces[board.spaces.index(n)] != -1 for n in board.neighbours[x])
                             and (x not in board.space_road or board.space_road[x].id not in closed))
                assert kept[0] == scan
                kept_builds += carried and bool(kept[0])
                if rules.current_player(s) >= 0:
                    assert rules.legal_actions(s) == rules.legal_actions(rules.replace(s, facts=None))
    assert kept_builds > 100   # facts carried, not found again, at most moves
    assert kept_scorings > 10   # and through the scorings


def test_a_history_shared_as_a_log_reads_as_each_states_own():
    """A state keeps its history as a log shared with the states before it (``state.py``): the
    successor of the last state to extend the log appends to it, any other copies its part. Two
    branches from one state, and the branches' own successors, each read their own history;
    ``replace`` and ``dataclasses.replace`` give a history of their own; a replayed game equals the
    one played."""
    import dataclasses

    import rometools
    from rometools.core.playout import play
    from rometools.via_romana import rules

    s = new_game(players=2)
    a, b = legal_actions(s)[:2]
    x = apply(s, a)   # appends to s's log
    y = apply(s, b)   # s's log already holds a: copies
    assert (s.history, x.history, y.history) == ((), (a,), (b,))
    x2, y2 = apply(x, legal_actions(x)[0]), apply(y, legal_actions(y)[-1])
    assert x2.history == (a, legal_actions(x)[0]) and y2.history == (b, legal_actions(y)[-1])
    assert apply(x, legal_actions(x)[-1]).history == (a, legal_actions(x)[-1])   # x's log extended by x2
    assert type(x2.history) is tuple and x.history == (a,)
    assert rules.replace(x2, history=(b,)).history == (b,) and x2.history[0] == a
    assert dataclasses.replace(x2, seat=1).history == x2.history
    assert dataclasses.replace(x2, history=()).history == ()
    end = play(rometools.load_game("via_romana", players=3), "greedy", rng=4)
    again = new_game(end.config)
    for action in end.history:
        again = apply(again, action)
    assert again == end and again.history == end.history and len(end.history) > 100


@pytest.mark.parametrize("twin", ["compiled", "plain"])
@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4},
                                     {"players": 3, "milestone_colour": "road", "obstinate_hands": True}],
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_greedy_build_is_the_draw_among_ties_of_every_legal_build_rated(options, twin):
    """``_greedy._choose_build`` rates each list of places once (the groups of a colour share one,
    every joker group the milestone spaces), walks the groups by card kind and colour number
    without listing them, reads a milestone's or a joker's spaces from the milestone spaces with
    its colour's mask, and walks the ratings in three passes. At every build decision of seeded
    games it must draw what the plain rule draws from the same generator: every legal action
    rated (``END`` at 0, a build at its points, kind bonus and a fort's 0.2 per tile), the best
    the first rated more than 1e-9 above all before it, and one of the builds from there within
    1e-9 of it, uniformly (the compiled twin where it was built, and the plain module)."""
    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states
    from rometools.core.rng import integer_below
    from rometools.via_romana import _greedy, rules

    if twin == "compiled":
        _greedy = compiled_or_plain("rometools.via_romana._greedy")

    def reference(s, rng):
        t = rules._t(s.config)
        short = rules._facts(s, t)[4]
        actions = legal_actions(s)
        values = [0.0]
        for act in actions[1:]:
            placed = (t.index[act[2]], t.index[act[3]]) if act[0] == "double" else (t.index[act[1]],)
            fort = placed[0] if act[0] == "fort" else -1
            value = _greedy._points(s, t, s.seat, fort, placed, short) + _greedy.KIND_BONUS[act[0]]
            values.append(value + 0.2 * s.tiles[fort] if fort >= 0 else value)
        best, start = 0.0, 0
        for k, v in enumerate(values):
            if v > best + 1e-9:
                best, start = v, k
        ties = [k for k in range(start, len(values)) if values[k] >= best - 1e-9]
        return actions[ties[integer_below(rng, len(ties))]], len(ties)

    game = rometools.load_game("via_romana", **options)
    decisions = several = 0
    kinds = set()
    for seed in range(4):
        for s in states(play(game, "greedy", rng=seed)):
            if current_player(s) < 0 or s.agenda[0][0] != "build":
                continue
            for draw in range(3):
                want, n_ties = reference(s, np.random.default_rng(draw))
                assert _greedy.choose(s, np.random.default_rng(draw)) == want, (seed, s.turn)
                several += n_ties > 1
                kinds.add(want if want == "end" else want[0])
            decisions += 1
    assert decisions > 100 and several > 30
    assert kinds == {"end", "fort", "milestone", "double", "joker"}, kinds   # every kind drawn


@pytest.mark.parametrize("options", GAME.sample_configs,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_the_greedy_rating_without_the_gains_table_is_the_rating_from_it(options):
    """``_greedy._rated`` works out a road-completing build's rating from ``_gains``' table only
    when one end city of a single road completed has tiles and the other none (that tile taken at
    once); otherwise from the seat's own gain. At every build decision of seeded games (2 to 4
    players, each sample config) every legal build's rating must equal the definition: the seat's
    gain in ``_gains`` less half the most another seat gains; both kinds of build must be met (the
    compiled twin where it was built, else the plain module)."""
    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states

    greedy = compiled_or_plain("rometools.via_romana._greedy")
    rules = greedy.rules
    seen = {"tile at once": 0, "no tile at once": 0, "several roads": 0, "none": 0}
    for players in (2, 3, 4):
        game = rometools.load_game("via_romana", **{**options, "players": players})
        for seed in range(3):
            for s in states(play(game, (["greedy", "random"] * 2)[:players], rng=seed, by_source=False)):
                if current_player(s) < 0 or s.agenda[0][0] != "build":
                    continue
                t = rules._t(s.config)
                short = rules._facts(s, t)[4]
                for a in legal_actions(s)[1:]:
                    placed = (t.index[a[2]], t.index[a[3]]) if a[0] == "double" else (t.index[a[1]],)
                    fort = placed[0] if a[0] == "fort" else -1
                    roads = greedy._completed(t, short, placed)
                    got = greedy._gains(s, t, s.seat, fort, placed, roads, False, {})
                    want = got[s.seat] - 0.5 * max(g for k, g in enumerate(got) if k != s.seat)
                    assert greedy._rated(s, t, s.seat, fort, placed, roads, {}) == want, (players, seed, a)
                    assert greedy._points(s, t, s.seat, fort, placed, short, {}) == want, (players, seed, a)
                    if len(roads) == 1:
                        ends = t.road_ends[roads[0]]
                        seen["tile at once" if (s.tiles[ends[0]] > 0) != (s.tiles[ends[1]] > 0)
                             else "no tile at once"] += 1
                    else:
                        seen["several roads" if roads else "none"] += 1
    assert all(seen.values()), seen


@pytest.mark.parametrize("options", GAME.sample_configs,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_the_legal_forts_and_doubles_are_every_pair_and_road_of_the_rulebook_in_order(options):
    """``moves._builds_but_jokers`` walks a fort's second card from the first's place in the held
    kinds on (not every pair of them) and reads the state's closed roads and pieces once for every
    double. At every build decision of seeded games (2 to 4 players, each sample config) the forts
    and doubles ``legal_actions`` lists (the compiled twin where it was built) must be, in order,
    every pair of held card kinds of one colour in deck order (one kind: two cards of it) on each
    vacant city of that colour, and every held card whose city holds a piece on the first two
    vacant spaces past the pieces of each open road from that city (Detailed Building Rules; VR-5)."""
    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states

    moves = compiled_or_plain("rometools.via_romana.moves")
    met = {"fort": 0, "double": 0, "pair of one kind": 0}
    for players in (2, 3, 4):
        game = rometools.load_game("via_romana", **{**options, "players": players})
        t = _t(game.config)
        for seed in range(3):
            for s in states(play(game, (["greedy", "random"] * 2)[:players], rng=seed, by_source=False)):
                if current_player(s) < 0 or s.agenda[0][0] != "build":
                    continue
                hand, seat = s.hands[s.seat], s.seat
                held = [i for i, k in enumerate(hand) if k]
                left = game.config.the_components().cards_per_turn - s.played
                forts = [("fort", t.spaces[c], t.cards[a], t.cards[b])
                         for a in held for b in held
                         if s.forts[seat] and left >= 2 and a <= b and t.card_colour[a] == t.card_colour[b]
                         and (a < b or hand[a] >= 2)
                         for c in range(t.ncities) if t.card_colour[a] in t.colours[c] and s.pieces[c] == -1]
                doubles = []
                for a in held:
                    city = t.card_city[a]
                    if s.milestones[seat] < 2 or left < 1 or city < 0 or s.pieces[city] == -1:
                        continue
                    for road, spaces in t.roads_from[city]:
                        if road in s.signed or road in s.scored:
                            continue
                        vacant = [j for j in spaces if s.pieces[j] == -1]
                        k = spaces.index(vacant[0]) if vacant else len(spaces)
                        if all(s.pieces[j] != -1 for j in spaces[:k]) and k + 1 < len(spaces) \
                                and s.pieces[spaces[k + 1]] == -1:
                            doubles.append(("double", t.spaces[city], t.spaces[spaces[k]], t.spaces[spaces[k + 1]],
                                            t.cards[a]))
                legal = moves.legal_actions(s)
                assert [x for x in legal if x[0] == "fort"] == forts, (players, seed, s.turn)
                assert [x for x in legal if x[0] == "double"] == doubles, (players, seed, s.turn)
                met["fort"] += bool(forts)
                met["double"] += bool(doubles)
                met["pair of one kind"] += any(x[2] == x[3] for x in forts)
    assert all(met.values()), met


def test_games_of_several_configs_applied_in_turn_are_the_games_applied_alone():
    """``rules.apply_legal`` reads a config's tables, components and options through a working copy
    kept for the last config asked (``_rules_of``). Seeded games of every sample config (player
    counts, Obstinate Hands, the start player, a hand of 5, a seat handicap), with a short
    ``max_turns`` for one, advanced one action each in turn must end as each played alone, action
    by action (the compiled twin where it was built, else the plain module)."""
    from rometools.core._cython import compiled_or_plain
    from rometools.via_romana.rules import new_game

    rules = compiled_or_plain("rometools.via_romana.rules")
    configs = [GAME.config(**options) for options in GAME.sample_configs]
    configs.append(GAME.config(players=3, max_turns=9, obstinate_hands=True))

    def step(s, rng):
        legal = rules.legal_actions(s)
        return rules.apply_legal(s, legal[int(rng.integers(len(legal)))])

    alone = []
    for k, config in enumerate(configs):
        s, rng = new_game(config), np.random.default_rng(k)
        while not s.over:
            s = step(s, rng)
        alone.append(s)
    states = [new_game(config) for config in configs]
    rngs = [np.random.default_rng(k) for k in range(len(configs))]
    while not all(s.over for s in states):
        for k in range(len(states)):
            if not states[k].over:
                states[k] = step(states[k], rngs[k])
    assert states == alone
    assert [s.history for s in states] == [s.history for s in alone]
    assert alone[-1].turn == 9 and len({s.config.players for s in alone}) == 3


def test_the_draws_weights_and_whose_move_are_their_definitions_at_every_node():
    """``moves.chance_weights`` reads the state's fields from its dict, the card ids from a working
    copy kept for the last config asked, and fills its two lists by index; ``current_player`` is
    worked out by one ``_player_of``. At every node of seeded games of every sample config, visited
    in turn (so the kept copy changes config at every step), the weights must be the cards left of
    each kind in the deck (the discard pile when the deck is empty: a reshuffle), or 1 for each goal
    tile left, in deck order, with nothing where no card is left; and whose move it is the agenda's
    (the compiled twin where it was built, else the plain module)."""
    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states
    from rometools.via_romana import TERMINAL

    moves = compiled_or_plain("rometools.via_romana.moves")
    games = [list(states(play(rometools.load_game("via_romana", **options), "greedy", rng=k, by_source=False)))
             for k, options in enumerate(GAME.sample_configs)]
    seen = {"card": 0, "goal": 0, "reshuffle": 0, "decision": 0}
    for step in range(max(len(g) for g in games)):
        for g in games:
            if step >= len(g):
                continue
            s = g[step]
            t = _t(s.config)
            item = s.agenda[0] if s.agenda else None
            whose = (TERMINAL if s.over else CHANCE if item[0] in ("deal", "goal", "draw", "refill")
                     or item[0] == "take" and not any(s.display) else s.seat if item[0] in ("build", "discard")
                     else item[1])
            assert moves.current_player(s) == whose
            kinds, weights = moves.chance_weights(s)
            if whose != CHANCE:
                assert (kinds, weights) == ([], [])
                seen["decision"] += 1
            elif item[0] == "goal":
                assert (kinds, weights) == (list(s.goals_left), [1] * len(s.goals_left))
                seen["goal"] += 1
            else:
                pool = s.deck if any(s.deck) else s.discard
                assert kinds == [c for c, k in zip(t.cards, pool, strict=True) if k]
                assert weights == [k for k in pool if k]
                seen["card"] += 1
                seen["reshuffle"] += not any(s.deck)
    assert all(seen.values()), seen


def test_the_rules_count_sums_are_sum_and_any_of_every_count_tuple_of_a_game():
    """``rules._total`` and ``rules._some`` (C loops over a count tuple, each count read as a C
    integer) must be ``sum`` and ``any`` of every hand, deck, discard pile, display and known
    cards of every state of seeded games (the compiled twin where it was built)."""
    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states

    rules = compiled_or_plain("rometools.via_romana.rules")
    checked = set()
    for options in GAME.sample_configs:
        for s in states(play(rometools.load_game("via_romana", **options), "greedy", rng=3)):
            for counts in (*s.hands, *s.known_cards, s.deck, s.discard, s.display):
                assert rules._total(counts) == sum(counts)
                assert rules._some(counts) == any(counts)
                checked.add(sum(counts))
    assert {0, 1, 7, 55} <= checked


def test_the_greedy_take_and_discard_are_the_draw_among_the_legal_actions():
    """``_greedy._take`` picks a card kind of the display without listing the legal actions, and
    ``_greedy._discard`` a card kind held; at every take and discard of seeded games of every sample
    config (the compiled twin where it was built) each must be what the plain rule draws from the
    same generator: ``legal_actions(state)[integer_below(rng, n)]`` over the ``n`` legal actions (no
    draw when there is one; with Obstinate Hands a discard keeps with 5 cards or fewer, else draws
    among the cards alone)."""
    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states
    from rometools.core.rng import integer_below
    from rometools.via_romana import KEEP

    greedy = compiled_or_plain("rometools.via_romana._greedy")
    met = {"take": 0, "take of several": 0, "discard": 0}
    for k, options in enumerate(GAME.sample_configs):
        game = rometools.load_game("via_romana", **options)
        for s in states(play(game, (["greedy", "random"] * 2)[:game.config.players], rng=k)):
            if current_player(s) < 0 or s.agenda[0][0] not in ("take", "discard"):
                continue
            kind = s.agenda[0][0]
            legal = legal_actions(s)
            for draw in range(3):
                rng = np.random.default_rng(draw)
                cards = [a for a in legal if a != KEEP]   # a discard draws among the cards, never KEEP
                if len(legal) == 1:
                    want = legal[0]
                elif KEEP in legal and sum(s.hands[s.seat]) <= 5:
                    want = KEEP
                else:
                    want = cards[integer_below(rng, len(cards))]
                assert greedy.choose(s, np.random.default_rng(draw)) == want, (k, s.turn, kind)
            met[kind] += 1
            met["take of several"] += kind == "take" and len(legal) > 1
    assert all(met.values()), met


@pytest.mark.parametrize("twin", ["compiled", "plain"])
def test_the_greedy_goal_check_and_provinces_won_are_their_set_definitions(twin):
    """``_greedy._completes`` decides by membership tests what ``not need <= have and need <= have |
    {province}`` says, for every goal need, provinces held and province of the bundled colours;
    ``_provinces_won`` reads each won tile's province once per config, and equals the board's
    ``tile_entry`` of every tile won at every tile choice of seeded games (the compiled twin where
    it was built, and the plain module)."""
    from itertools import combinations

    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states
    from rometools.via_romana import _greedy

    if twin == "compiled":
        _greedy = compiled_or_plain("rometools.via_romana._greedy")
    colours = GameConfig().the_components().colours
    subsets = [set(c) for k in range(len(colours) + 1) for c in combinations(colours, k)]
    hits = 0
    for need in subsets:
        for have in subsets:
            for province in colours:
                want = not need <= have and need <= have | {province}
                assert _greedy._completes(frozenset(need), have, province) == want, (need, have, province)
                hits += want
    assert hits > 50
    game = rometools.load_game("via_romana", players=3)
    board, t = game.config.the_board(), _greedy.rules._t(game.config)
    seen = 0
    for seed in range(3):
        for s in states(play(game, "greedy", rng=seed)):
            for seat in range(3):
                assert _greedy._provinces_won(s, t, seat) == {board.tile_entry(w)[0] for w in s.won[seat]}
                seen += len(s.won[seat])
    assert seen > 100


@pytest.mark.parametrize("twin", ["compiled", "plain"])
def test_whose_move_kept_for_the_last_state_asked_is_each_states_own(twin):
    """``moves._player_of`` keeps its answer for the last state's fields asked (the play loop asks
    whose move it is, the draw's source and at a draw its weights of one state). Asked of every
    state of seeded games forwards, backwards and each twice in a row, with the draw's source and
    weights between, ``current_player`` must be the agenda's answer for that state, never the
    state asked before (the compiled twin where it was built, and the plain module)."""
    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states
    from rometools.via_romana import TERMINAL, moves

    if twin == "compiled":
        moves = compiled_or_plain("rometools.via_romana.moves")

    def whose(s):
        item = s.agenda[0] if s.agenda else None
        return (TERMINAL if s.over else CHANCE if item[0] in ("deal", "goal", "draw", "refill")
                or item[0] == "take" and not any(s.display) else s.seat if item[0] in ("build", "discard")
                else item[1])

    changes = 0
    for options in ({"players": 2}, {"players": 4}):
        game = list(states(play(rometools.load_game("via_romana", **options), "greedy", rng=3)))
        for order in (game, game[::-1]):
            for before, s in zip([None, *order], order, strict=False):
                want = whose(s)
                changes += before is not None and whose(before) != want
                assert moves.current_player(s) == want
                if want != TERMINAL:
                    moves.random_source(s)
                assert (moves.chance_weights(s) == ([], [])) == (want != CHANCE)
                assert moves.current_player(s) == want
    assert changes > 400


def test_the_rules_reading_states_from_their_dicts_leave_each_state_as_the_plain_rules_do():
    """The compiled rules read a state's fields from its ``__dict__`` fetched in C (``_fields``:
    ``apply_legal``, ``_build_with``, ``_score``, ``_settle``, ``_take_tile``, ``current_player``,
    ``random_source``, ``chance_weights``, ``legal_actions``, ``facts._facts``), not as attributes.
    At every node of seeded greedy games at 2, 3 and 4 players, the compiled twin (where it was
    built) must answer whose move, the draw's source, the weights and the legal actions as the
    plain module does, leave the state it is given as it was (every field), and give the successor
    the plain module gives, field by field and history."""
    import dataclasses

    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states
    from rometools.via_romana import rules as plain

    fast = compiled_or_plain("rometools.via_romana.rules")
    names = [f.name for f in dataclasses.fields(plain.GameState)]
    steps = 0
    for players in (2, 3, 4):
        game = list(states(play(rometools.load_game("via_romana", players=players), "greedy", rng=players)))
        for s, after in zip(game, game[1:], strict=False):
            action = after.history[-1]
            before = [getattr(s, name) for name in names]
            assert fast.current_player(s) == plain.current_player(s)
            assert fast.legal_actions(s) == plain.legal_actions(s)
            assert fast.chance_weights(s) == plain.chance_weights(s)
            if not s.over:
                assert fast.random_source(s) == plain.random_source(s)
            got, want = fast.apply_legal(s, action), plain.apply_legal(s, action)
            assert [getattr(s, name) for name in names] == before
            assert [getattr(got, name) for name in names] == [getattr(want, name) for name in names]
            assert got == after and got.history == after.history
            steps += 1
    assert steps > 600


def test_the_rules_tuple_with_one_item_replaced_is_the_list_definition():
    """``rules._set`` (compiled: the new tuple filled in C from the old one's item pointers, each
    item's count raised) must be ``seq`` with its ``i``-th item ``value`` (a list changed and made a
    tuple) for every index of every count tuple, the pieces and the tiles of every state of a
    seeded game, holding the same objects (the compiled twin where it was built); and every item
    must outlive the tuples made (a count not raised would free them)."""
    import gc

    import rometools
    from rometools.core._cython import compiled_or_plain
    from rometools.core.playout import play, states

    rules = compiled_or_plain("rometools.via_romana.rules")

    def want(seq, i, value):
        out = list(seq)
        out[i] = value
        return tuple(out)

    for i in range(3):   # before a game, which a wrong _set could keep from ending
        assert rules._set((0, 1, 2), i, 9) == want((0, 1, 2), i, 9)
    checked = 0
    for s in states(play(rometools.load_game("via_romana", players=3), "greedy", rng=5)):
        for seq in (*s.hands, s.deck, s.display, s.pieces, s.tiles, s.won):
            for i in range(len(seq)):
                value = ("x", i)   # a new object: its count must be raised
                got = rules._set(seq, i, value)
                assert got == want(seq, i, value) and got[i] is value
                assert all(a is b for k, (a, b) in enumerate(zip(got, seq, strict=True)) if k != i)
                checked += 1
    made = [rules._set((("a", k), ("b", k)), 1, ("c", k)) for k in range(1000)]
    gc.collect()
    assert [t[0][1] + t[1][1] for t in made] == [2 * k for k in range(1000)]
    assert checked > 10000
