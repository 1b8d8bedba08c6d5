"""Hostile explorer input (issue 9, section 3), generated for every explorer and every game.

The checks are ``rometools.testing.check_explorer`` (:mod:`rometools.testing.explorers`), which
a game in another package runs on its own explorers; here they run over every declared
explorer (each game's ``GameSpec(explorers=...)`` and the general ones: a new explorer is
picked up when declared). For every argument of its ``set_values``:

* no exception escapes, for any value (wrong types, out of range, huge, HTML,
  empty, objects);
* a value of a type the argument does not take is refused; a value of the
  right type is refused or shown exactly as given (never converted: ``"no"``
  is not ``False``, ``2.5`` is not ``2``, ``-5`` is not ``0``);
* a refusal says "Cannot update:", names the field as the designer sees it,
  stays under a few hundred characters, escapes what it quotes, is not an
  "unexpected error", and changes nothing (controls, values and charts);
* several fields at once are all or nothing: a good value of one field with a
  refused value of another changes nothing;
* a number typed in a browser's number box (no ``set_values`` check) is
  refused the same way or kept as typed;
* every whole-number box in the explorer (found in its widget tree) is a
  :class:`~rometools.widgets._base.WholeNumberText` with a range, and a typed
  ``1.5``, ``99999999999`` or a typed number out of its range is refused in words naming the
  field, the box put back and the state and charts unchanged, while a typed
  whole number in range is taken as typed (an ``IntText`` sent ``1.5`` as
  ``1``, a ``BoundedIntText`` clamped: both are emulated so that either fails); the box is
  named as it shows ("Condition row 1's count"), never as a field and a phrase
  ("Condition row 1: the number of tokens put back to 0").

For every explorer that plays a game from board files (a
:class:`~rometools.widgets.PlayoutExplorer`), every bundled board file of its
game is broken with HTML and huge values in each of its text entries: loading it
gives a clear message or a board whose every text is escaped on screen.

The totals per class (cases tried / clear error / accepted as given / anything
else) are printed by ``test_report`` (``pytest -s``).
"""

from __future__ import annotations

import inspect
import re

import pytest
from readability_checks import explorer_classes

from rometools.testing import check_explorer
from rometools.testing.explorers import TALLY, explorer_spec

EXPLORERS = explorer_classes()

#: Arguments that make an explorer quick to build and update in these tests (an explorer
#: not listed here is built with its declaration's test_args). The checks try every field with the
#: same values whatever the size: the playtest plays 4 games a run (its declaration's 20 took 12 s of
#: CPU in the all-or-nothing check, which runs a playtest for each field's good value and again to put
#: it back), the tile odds are worked out for 3 rounds (6 rounds: 9 s of exact odds over the checks).
#: A partial change planted in either explorer's checks still fails the all-or-nothing check.
QUICK = {"BalanceExplorer": {"games": 6}, "PlaytestReport": {"games": 4}, "TileOddsExplorer": {"rounds": 3}}


@pytest.fixture(scope="module", params=EXPLORERS, ids=lambda c: c.__name__)
def explorer(request):
    cls = request.param
    spec = explorer_spec(cls)
    return cls(**QUICK.get(cls.__name__, dict(spec.test_args) if spec is not None else {}))


# ----------------------------------------------------------------- one explorer, built once per module
def test_every_explorer_keeps_the_contract(explorer):
    """docs/architecture.md, "The explorer contract": at least one chart, laid out among the
    children and drawn at opening; every field of set_values named in the designer's words."""
    check_explorer(explorer, checks=["contract"])


def test_every_explorer_is_declared_truly(explorer):
    """Its ExplorerSpec names its charts (the ones the browser watches), how many it draws at
    opening, and the controls the stress test changes."""
    check_explorer(explorer, checks=["declaration"])


def test_every_field_refuses_hostile_values_clearly_or_shows_them_as_given(explorer):
    check_explorer(explorer, checks=["hostile_values"])


def test_several_fields_are_all_or_nothing(explorer):
    check_explorer(explorer, checks=["all_or_nothing"])


def test_numbers_typed_in_a_browser_are_refused_or_kept(explorer):
    """A number box sends any whole number; the explorer refuses it with a message or keeps it."""
    check_explorer(explorer, checks=["typed_numbers"])


def test_every_whole_number_box_refuses_fractions_and_out_of_range_in_words(explorer):
    check_explorer(explorer, checks=["whole_number_boxes"])


# ----------------------------------------------------------------- explorers built anew
PLAYOUTS = [c for c in EXPLORERS if hasattr(c, "HAS_BOARD")]


@pytest.mark.parametrize("cls", PLAYOUTS, ids=lambda c: c.__name__)
def test_a_refused_player_count_opens_on_the_explorers_own_default(cls):
    check_explorer(cls, checks=["refused_players"])


@pytest.mark.parametrize("cls", [c for c in PLAYOUTS if c.HAS_BOARD], ids=lambda c: c.__name__)
def test_broken_board_files_never_reach_the_page_raw(cls):
    check_explorer(cls, checks=["broken_boards"])


def test_report():
    """Print the tally of every class of input tried (run with ``-s``)."""
    print("\nexplorer input cases:", dict(sorted(TALLY.items())))
    assert TALLY["escaped"] == 0 and TALLY["converted"] == 0 and TALLY["unclear"] == 0


COMPONENT_EXPLORERS = [c for c in EXPLORERS if "components" in inspect.signature(c).parameters]


@pytest.mark.parametrize("cls", COMPONENT_EXPLORERS, ids=lambda c: c.__name__)
def test_component_files_with_html_names_are_shown_as_text(cls):
    """Every explorer that takes a components file: each text entry of the bundled file planted with
    HTML in turn; a file that loads is shown with the HTML as text, in widgets and charts alike."""
    check_explorer(cls, checks=["html_components"], args=QUICK.get(cls.__name__))


def test_csv_exports_keep_formulas_from_data_files_as_text(tmp_path):
    """A city named ``=HYPERLINK(...)`` in a board file is written to the explorer's CSV files
    with a leading quote, so a spreadsheet shows it instead of running it."""
    import csv

    from rometools.caesars_empire.board import board_path
    from rometools.widgets import BoardExplorer

    text = board_path("2-3").read_text(encoding="utf-8")
    first_name = re.search(r'^name\s*=\s*"([^"]+)"', text[text.index("[[city]]"):], re.M).group(1)
    planted = tmp_path / "formula_board.toml"
    planted.write_text(text.replace(f'"{first_name}"', '"=HYPERLINK(\'http://x\')"'), encoding="utf-8")
    ex = BoardExplorer(board=planted, players=2, seed=1)
    assert ex.message == ""
    cells = [cell for path in ex.export_csv(tmp_path) for row in csv.reader(path.open(encoding="utf-8"))
             for cell in row]
    assert not [c for c in cells if c.startswith(("=", "+", "@"))], "a formula reached a CSV cell"


# ----------------------------------------------------------------- a game for one player count
def _duel_explorer():
    """A board-less playout explorer of the toy Duel (2 players only), written as a game's own would be."""
    import plotly.graph_objects as go

    from rometools.widgets._base import ChartFigure
    from rometools.widgets._playout import PlayoutExplorer

    class DuelPlayoutExplorer(PlayoutExplorer):
        figure = ChartFigure()
        GAME, HAS_BOARD, DEFAULT_BOT = "toy_duel", False, "random"

        def __init__(self, players=None, bot="random", seed=1, *, bots=None, start=None, files="path"):
            super().__init__(None, players, bot, seed, bots=bots, start=start, files=files)
            self.children = [*self._game_rows(), self._message, self._charts["figure"].view]

        def build_view(self):
            self._add_chart("figure", "rt-duel-chart")

        def set_values(self, *, players=None, bot=None, bots=None, seed=None, start=None, turn=None, board=None):
            return self._set({"players": players, "bot": bot, "bots": bots, "seed": seed, "start": start,
                              "turn": turn, "board": board})

        def compute(self, state):
            return go.Figure(go.Bar(x=["P1", "P2"], y=[*state.bids, 0, 0][:2]))

        def draw(self, fig):
            self._show_chart("figure", fig)

    return DuelPlayoutExplorer


def test_a_game_for_one_player_count_is_worded_as_one_count_everywhere():
    """Lost Roads (issue 44): a game for 2 players only. The explorer refuses 3 with "Players must be
    2", and the check expects exactly that (both word it through count_choices); rometools games
    says "(2 players)", an option's refusal "is for 2 players"; a stress change picking 3 in the
    Players list, which holds only 2, is refused before any browser runs."""
    import sys
    from pathlib import Path

    from rometools.cli import main
    from rometools.core.errors import OptionError
    from rometools.core.explorers import ExplorerSpec
    from rometools.testing import registered
    from rometools.testing.explorers import _check_declaration

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from toys import duel

    cls = _duel_explorer()
    with registered(duel.SPEC):
        check_explorer(cls, checks=["refused_players"])
        assert cls(players=3).message == "Cannot open with: Players must be 2, got 3 (opened with the defaults instead)"
        with pytest.raises(OptionError, match=r"^players: Duel \(test\) is for 2 players, got 3$"):
            duel.DuelConfig(players=3)
        from rometools.core.describe import describe

        assert str(describe("toy_duel")).startswith("toy_duel: Duel (test) (2 players)")
        spec = ExplorerSpec(f"{__name__}:DuelPlayoutExplorer", page="duel_playout", title="Game explorer",
                            summary="a seeded Duel.", chart=".rt-duel-chart", change=("keys", ".rt-turn .noUi-handle", ("ArrowRight", "ArrowLeft")),
                            stress=(("slider", "turn"), ("number", "seed", 2), ("dropdown", "players", "3")))
        explorer = cls()
        with pytest.raises(AssertionError, match=r"picks '3', not a choice of the players list \(2\): pick one it "
                                                 r"holds, or leave the change out when it holds one choice"):
            _check_declaration(explorer, spec)
        _check_declaration(explorer, ExplorerSpec(f"{__name__}:DuelPlayoutExplorer", page="duel_playout",
                                                  title="Game explorer", summary="a seeded Duel.",
                                                  chart=".rt-duel-chart", change=spec.change, stress=spec.stress[:2]))
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            main(["games"])
        assert "toy_duel: Duel (test) (2 players); bots" in out.getvalue()
        assert "2 to 2" not in out.getvalue()
