"""The "what would a strong player do here?" panel of every playout explorer (issue 13 §2).

Written once over the playout explorers, so every game's explorer has it: the
table is :func:`rometools.core.search.best_moves` at the slider's turn, seeded
by the explorer's seed, in the game's words; bad simulation counts are refused
with the field named and nothing changed; a new turn clears the ranking.
"""

from __future__ import annotations

import pytest

from rometools.core.search import best_moves
from rometools.widgets import AugustusPlayoutExplorer, BoardExplorer, RegionBoardExplorer
from rometools.widgets._base import plain_text
from rometools.widgets._strong_play import SEARCH_SIMULATIONS

EXPLORERS = [BoardExplorer, AugustusPlayoutExplorer, RegionBoardExplorer]


@pytest.fixture(scope="module", params=EXPLORERS, ids=lambda c: c.__name__)
def explorer(request):
    ex = request.param(seed=4)
    assert ex.set_values(turn=min(6, ex.turns - 1))
    return ex


def test_the_table_is_the_seeded_search_at_the_turn_shown_in_the_games_words(explorer):
    state = explorer.state
    table = explorer.best_moves(20)
    ranked = best_moves(state, 20, rng=4)
    words = explorer.game.spec.action_text
    assert list(table["Move"]) == [words(state, m.action) for m in ranked]
    assert list(table["Simulations"]) == [m.visits for m in ranked]
    assert list(table["Rank"]) == list(range(1, len(ranked) + 1))
    assert sum(table["Simulations"]) == 20 or list(table["Win chance"]) == ["only move"]
    shown = explorer._search_out.value
    assert "rt-best-moves-table" in shown and "rt-current" in shown and "20 simulations" in shown
    assert explorer.best_moves(20).equals(table)          # same seed and turn, same ranking


@pytest.mark.parametrize("bad", [3, 5001, 2.5, "300", True, -1])
def test_bad_simulation_counts_are_refused_in_the_panel_with_the_field_named(explorer, bad):
    explorer.best_moves(20)
    state, budget, message = explorer.state, explorer._search_budget.value, explorer.message
    assert explorer.best_moves(bad) is None
    shown = plain_text(explorer._search_out.value)
    assert shown.startswith(f"Cannot search: Simulations must be a whole number 10 to 5,000, got {bad!r}"), shown
    assert "rt-best-moves-table" not in explorer._search_out.value   # no stale ranking under the error
    assert explorer._search_budget.value == budget and explorer.state is state and explorer.message == message


def test_a_new_turn_clears_the_ranking_and_the_end_has_no_move_to_rank(explorer):
    explorer.best_moves(20)
    assert explorer.set_values(turn=explorer._turn.value - 1)
    assert "Press Search" in explorer._search_out.value and "rt-best-moves-table" not in explorer._search_out.value
    assert explorer.set_values(turn=explorer.turns)
    assert explorer.best_moves(20) is None and "the game is over" in explorer._search_out.value
    assert explorer.message == ""


def test_the_box_starts_at_the_default_and_the_button_searches_with_it():
    ex = BoardExplorer(players=2, seed=3)
    assert ex._search_budget.value == SEARCH_SIMULATIONS
    ex._search_budget.value = 30
    ex._search_run.click()
    assert "30 simulations" in ex._search_out.value and ex.message == ""


def test_while_it_searches_the_panel_says_so_for_which_position_and_the_button_waits(monkeypatch):
    """Seen during a 7 s search: the old "Press Search" hint and a live button (the UX report)."""
    from rometools.widgets import _strong_play

    ex = BoardExplorer(players=2, seed=3)
    seen = {}

    def watched(state, budget, rng=None):
        seen.update(text=plain_text(ex._search_out.value), disabled=ex._search_run.disabled,
                    label=ex._search_run.description)
        return best_moves(state, budget, rng=rng)

    monkeypatch.setattr(_strong_play, "search_best_moves", watched)
    ex._search_budget.value = 20
    ex._search_run.click()
    assert seen["text"].startswith("Searching… 20 simulations for P") and f"turn {ex._turn.value}" in seen["text"]
    assert "Press Search" not in seen["text"]
    assert seen["disabled"] and seen["label"] == "Searching…"
    assert not ex._search_run.disabled and ex._search_run.description == "Search"
    assert "rt-best-moves-table" in ex._search_out.value


def test_a_search_that_fails_says_so_in_the_panel_and_gives_the_button_back(monkeypatch):
    from rometools.widgets import _strong_play

    ex = BoardExplorer(players=2, seed=3)

    def broken(state, budget, rng=None):
        raise RuntimeError("the tree fell over")

    monkeypatch.setattr(_strong_play, "search_best_moves", broken)
    assert ex.best_moves(20) is None
    shown = plain_text(ex._search_out.value)
    assert shown.startswith("Search failed: an unexpected error in rometools (RuntimeError: 'the tree fell over'); please report it")
    assert "Searching" not in shown and "rt-best-moves-table" not in ex._search_out.value
    assert not ex._search_run.disabled and ex._search_run.description == "Search"
    assert isinstance(ex.last_error, RuntimeError)


def test_a_ranking_is_never_shown_for_a_position_other_than_the_one_on_screen(monkeypatch):
    """The turn moves while the search runs: its ranking is not presented as the new turn's."""
    from rometools.widgets import _strong_play

    ex = BoardExplorer(players=2, seed=3)
    assert ex.set_values(turn=4)
    searched_turn, during = ex._turn.value, {}

    def moved_on(state, budget, rng=None):
        ranked = best_moves(state, budget, rng=rng)
        assert ex.set_values(turn=searched_turn + 1)      # the slider moves during the search
        during["text"] = plain_text(ex._search_out.value)
        return ranked

    monkeypatch.setattr(_strong_play, "search_best_moves", moved_on)
    assert ex.best_moves(20) is None
    assert "Still searching" in during["text"] and "Press Search" not in during["text"]
    shown = plain_text(ex._search_out.value)
    assert "rt-best-moves-table" not in ex._search_out.value
    assert f"turn {searched_turn} finished after the board moved on" in shown and "Press Search" in shown
    assert not ex._search_run.disabled
    monkeypatch.undo()
    assert ex.best_moves(20) is not None and f"turn {searched_turn + 1}:" in plain_text(ex._search_out.value)


def _playout_explorers() -> list[type]:
    """Every playout explorer rometools.widgets exports (each game's, found by its base class)."""
    import rometools.widgets as w
    from rometools.widgets._playout import PlayoutExplorer

    found = [getattr(w, name) for name in w.__all__]
    return [c for c in found if isinstance(c, type) and issubclass(c, PlayoutExplorer) and c is not PlayoutExplorer]


@pytest.mark.parametrize("cls", _playout_explorers(), ids=lambda c: c.__name__)
def test_while_it_searches_no_control_can_move_under_the_charts(cls, monkeypatch):
    """A new user moved the turn during a 9 s search: the board kept the old turn with no note, the
    kernel being busy. Now every control is disabled during the search and back as it was after."""
    from rometools.widgets import _strong_play

    ex = cls(seed=2)
    controls = [w for w in ex._controls.values() if w.has_trait("disabled")]
    assert ex._turn in controls and len(controls) >= 4
    ex._seat_bots[0].disabled = True   # one already disabled before the search stays so after it
    before = [w.disabled for w in controls]
    during = {}

    def watched(state, budget, rng=None):
        during["controls"] = [w.disabled for w in controls]
        during["button"] = ex._search_run.disabled
        return best_moves(state, budget, rng=rng)

    monkeypatch.setattr(_strong_play, "search_best_moves", watched)
    assert ex.game.current_player(ex.state) >= 0   # the opening turn is a seat's move: a search runs
    assert ex.best_moves(10) is not None
    assert all(during["controls"]) and during["button"]
    assert [w.disabled for w in controls] == before and not ex._search_run.disabled
    assert ex._seat_bots[0].disabled


def test_the_search_hint_says_how_far_a_simulation_plays(explorer):
    """Trial (LOW): Via Romana's hint said "each simulation plays the game to its end" while its search
    cuts playouts at 64 decisions (``GameSpec.mcts_playout_depth``). The hint says what the search does."""
    assert explorer.set_values(turn=min(6, explorer.turns - 1))   # a seat to move there
    depth = explorer.game.spec.mcts_playout_depth
    hint = plain_text(explorer._search_hint())
    if depth is None:
        assert "each simulation plays the game to its end" in hint, hint
    else:
        assert f"each simulation plays at most {depth} decisions on" in hint and "to its end" not in hint, hint
