"""One vocabulary across the games: the same idea has one name and one shape in every game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import rometools
from rometools.core.errors import IllegalActionError
from rometools.core.game import game_spec
from rometools.testing import check_views
from rometools.testing.views import check_component_set, file_values

FILE_VALUES = [(gid, name, value) for gid in rometools.games() for name, value in file_values(gid)]


@pytest.mark.parametrize("gid,name,value", FILE_VALUES, ids=[f"{g}-{n}" for g, n, _ in FILE_VALUES])
def test_a_component_set_with_a_length_iterates_indexes_and_counts_alike(gid, name, value):
    check_component_set(value, f"{gid} {name}", parts=["sequence"])


@pytest.mark.parametrize("gid,name,value", FILE_VALUES, ids=[f"{g}-{n}" for g, n, _ in FILE_VALUES])
def test_kind_counts_is_a_mapping_property_wherever_it_exists(gid, name, value):
    check_component_set(value, f"{gid} {name}", parts=["kind_counts"])


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
    the registry (``rometools.testing.check_views``)."""
    check_views(gid, checks=["same_views"])


@pytest.mark.parametrize("gid", rometools.games())
def test_load_board_reads_a_board_file_in_every_game_that_has_one(gid):
    """One name, one meaning: a game package's ``load_board(path)`` reads that board file (Caesar's
    Empire's also takes a side or a player count), and ``load_board()`` is the bundled board."""
    check_views(gid, checks=["load_board"])
