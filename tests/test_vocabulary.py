"""One vocabulary across the games: the same idea has one name and one shape in every game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import rometools
from rometools.core.errors import IllegalActionError
from rometools.core.game import game_spec


def _file_values():
    for gid in rometools.games():
        config = rometools.load_game(gid).config
        for option in config.options():
            if option.file is not None:
                value = getattr(config, option.name)
                the = getattr(config, f"the_{option.name}", None)
                yield gid, option.name, value if value is not None or the is None else the()


FILE_VALUES = list(_file_values())


@pytest.mark.parametrize("gid,name,value", FILE_VALUES, ids=[f"{g}-{n}" for g, n, _ in FILE_VALUES])
def test_a_component_set_with_a_length_iterates_indexes_and_counts_alike(gid, name, value):
    if not hasattr(type(value), "__len__"):
        return  # not a set of like components (a board, a components file of several tables)
    assert isinstance(value, Sequence), f"{gid} {name}: {type(value).__name__} has a length: make it a ComponentSet"
    items = list(value)
    assert len(items) == len(value) and value[0] == items[0] and value[-1] == items[-1]
    assert value.count(items[0]) >= 1 and items[0] in value


@pytest.mark.parametrize("gid,name,value", FILE_VALUES, ids=[f"{g}-{n}" for g, n, _ in FILE_VALUES])
def test_kind_counts_is_a_mapping_property_wherever_it_exists(gid, name, value):
    if not hasattr(type(value), "kind_counts"):
        return
    counts = value.kind_counts
    assert isinstance(counts, dict) and all(isinstance(n, int) for n in counts.values()), f"{gid} {name}"


def test_augustus_objectives_are_a_component_set_and_their_slots_are_taken_as_given():
    from rometools.augustus import completion_cdf, load_objectives

    cards = load_objectives()
    assert isinstance(cards, Sequence) and [c.number for c in cards][:3] == [1, 2, 3]
    assert cards.kind_counts == {"senator": 20, "green": 23, "pink": 23, "orange": 22}
    card = cards.card(23)                                    # Alpes Maritimae: two daggers
    assert completion_cdf(card, 3) == completion_cdf(card.slots, 3) == completion_cdf({"dagger": 2}, 3)


def test_an_augustus_keep_has_one_spelling():
    game = rometools.load_game("augustus", players=2)
    state = game.new_game(rng=1)
    listed = game.legal_actions(state)[0]
    swapped = (listed[0], listed[1], listed[3], listed[2])
    with pytest.raises(IllegalActionError, match=r"give the cards kept in increasing number"):
        game.apply(state, swapped)
    assert game.apply(state, listed).history[-1] == ("keep", 0, tuple(listed[1:]))
    assert game_spec("augustus").title == "Augustus"


# ----------------------------------------------------------------- the views every game has
@pytest.mark.parametrize("gid", rometools.games())
def test_every_game_answers_to_the_same_views_with_the_same_tables(gid):
    """Issue "What a designer tripped on": game_log, score_history, final_scores and final_ranking
    under the same names in every game package (its own, or core's for any game), agreeing with
    the registry: a row per decision, the history's last totals the final ones, the ranks the game's."""
    import importlib

    from rometools.core.game import game_spec
    from rometools.core.playout import play
    from rometools.core.views import VIEWS

    spec = game_spec(gid)
    package = importlib.import_module(spec.rules.__name__.rsplit(".", 1)[0])
    game = rometools.load_game(gid, players=2)
    end = play(game, "greedy", 5)
    views = {name: getattr(package, name) for name in VIEWS}
    log = views["game_log"](end)
    assert list(log["Turn"]) == list(range(1, len(spec.movers(end)) + 1))
    assert set(log["Player"]) <= {"P1", "P2"}
    table = views["final_scores"](end)
    totals = dict(zip(table["player"], table["total"], strict=True))
    assert totals == {f"P{s + 1}": p["total"] for s, p in enumerate(spec.score_parts(end))}
    ranked = views["final_ranking"](end)
    assert list(ranked["total"]) == sorted(ranked["total"], reverse=True)
    history = views["score_history"](end)
    last = history[history["Turn"] == history["Turn"].max()]
    assert dict(zip(last["Player"], last["Total"], strict=True)) == totals


@pytest.mark.parametrize("gid", rometools.games())
def test_load_board_reads_a_board_file_in_every_game_that_has_one(gid):
    """One name, one meaning: a game package's ``load_board(path)`` reads that board file (Caesar's
    Empire's also takes a side or a player count), and ``load_board()`` is the bundled board."""
    import importlib

    from rometools.core.data import bundled_file
    from rometools.core.game import game_spec

    spec = game_spec(gid)
    package = importlib.import_module(spec.rules.__name__.rsplit(".", 1)[0])
    load = getattr(package, "load_board", None)
    boards = [name for name in spec.data_files if name.startswith("board")]
    if load is None:
        assert not boards, f"{gid} bundles {boards} but its package has no load_board"
        return
    default = load()
    for name in boards:
        board = load(bundled_file(gid, name))
        assert type(board) is type(default)
        assert load(str(bundled_file(gid, name))) == board
    assert any(load(bundled_file(gid, name)) == default for name in boards)
