"""Readable by designers (issue 10), checked as classes over every explorer, chart and game.

* every explorer of ``rometools.widgets`` (in several states): no id on screen, no
  printed dict or tuple, no scientific notation, no nested brackets; every chart
  titled, with titled axes and a legend or caption where colour carries meaning;
* every public chart function of ``rometools.charts`` (a sample call each; a new
  function without one fails ``test_every_chart_function_has_a_sample``);
* every registered game's ``game_log`` and ``action_text`` (``rometools.testing.check_views``):
  one row per decision, players P1..Pn, display names; ``final_ranking(state)`` like
  ``final_scores(state)``;
* the Caesar's Empire board explorer's log, score chart, CSV export and its
  explanations of a missing connection.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from fractions import Fraction

import pandas as pd
import pytest
from readability_checks import (
    explorer_classes,
    figure_problems,
    figure_texts,
    shown_ids,
    text_problems,
)

import rometools
import rometools.charts
from rometools.caesars_empire import (
    Board,
    GameConfig,
    final_ranking,
    final_scores,
    game_log,
    load_board,
    play_game,
    readable,
    score_history,
    turn_states,
    why_no_connection,
)
from rometools.core.formatting import percent, percent_column, probability
from rometools.core.game import game_spec
from rometools.testing import check_explorer, check_views
from rometools.widgets import BoardExplorer

EXPLORERS = explorer_classes()

# The states of each explorer worth reading, beyond its default, are declared with it
# (ExplorerSpec(states=...)): rometools.testing.check_explorer reads each.


def test_there_are_explorers_and_the_exported_ones_are_declared():
    """Every concrete explorer rometools.widgets exports is declared (on its game's GameSpec, or
    as a general explorer), so the explorer tests, the app and the browser tests find it."""
    import inspect

    import rometools.widgets as w
    from rometools.widgets._base import Explorer
    from rometools.widgets._playout import PlayoutExplorer

    assert len(EXPLORERS) >= 3
    exported = {getattr(w, name) for name in w.__all__ if inspect.isclass(getattr(w, name))
                and issubclass(getattr(w, name), Explorer) and getattr(w, name) not in (Explorer, PlayoutExplorer)}
    assert exported <= set(EXPLORERS), sorted(c.__name__ for c in exported - set(EXPLORERS))


# A quick first run is enough to read it. The playtest plays its declaration's 20 games (its default
# 100 took 2-6 s to build): the same 157 texts, 7 charts and 15 traces, only the numbers and the
# places named differ.
QUICK = {"BalanceExplorer": {"games": 12}, "PlaytestReport": {"games": 20}}


@pytest.fixture(scope="module", params=EXPLORERS, ids=lambda c: c.__name__)
def explorer(request):
    return request.param(**QUICK.get(request.param.__name__, {}))


def test_every_explorer_shows_names_and_numbers_a_designer_reads(explorer):
    check_explorer(explorer, checks=["readable_texts"])


def test_every_explorer_chart_has_title_axes_and_a_legend_or_caption(explorer):
    check_explorer(explorer, checks=["readable_charts"])


def test_every_explorer_is_padded_off_the_page_edge(explorer):
    check_explorer(explorer, checks=["padding"])


# ----------------------------------------------------------------- every chart function
def _sample_figures():
    from rometools.caesars_empire.board import BoardPath, City

    tiny = Board("tied routes", "2-3", [City("a", "A", "red", 1, (0.35, 0.6)), City("e", "E", "blue", 3, (0.2, 0.3))],
                 [BoardPath(("rome", "a"), 1), BoardPath(("a", "e"), 1), BoardPath(("rome", "e"), 2)],
                 rome_position=(0.6, 0.3))
    from rometools.charts.balance import (
        margin_histogram_figure,
        paired_difference_figure,
        score_histogram_figure,
        seat_win_rate_figure,
    )
    from rometools.core.paired import compare_variants
    from rometools.core.simulate import simulate

    final = play_game(GameConfig(players=3), ["greedy"] * 3, rng=1)
    history = score_history(final)
    c = rometools.charts
    runs = {}

    def results(key="a"):
        if key not in runs:
            runs[key] = simulate("caesars_empire", 12, seed=1 if key == "a" else 2, progress=False,
                                 config={"players": 3})
        return runs[key]

    curve = pd.DataFrame({"budget": [0, 10, 100], "bot": ["greedy", "mcts:10", "mcts:100"],
                          "games": [200, 200, 200], "wins": [50, 90, 150]})
    samples = {
        "seat_win_rate_figure": lambda: seat_win_rate_figure(results()),
        "seat_win_rate_figure (two variants)": lambda: seat_win_rate_figure(results(), results("b")),
        "score_histogram_figure": lambda: score_histogram_figure(results()),
        "margin_histogram_figure": lambda: margin_histogram_figure(results(), results("b")),
        "paired_difference_figure": lambda: paired_difference_figure(compare_variants(
            "caesars_empire", {"players": 3}, {"players": 3, "route_policy": "first"}, 8)),
        "skill_curve_figure": lambda: c.skill_curve_figure(curve, opponent="greedy"),
        "completion_cdf_figure": lambda: c.completion_cdf_figure(
            {"one dagger": {"dagger": 1}, "two shields": {"shield": 2}}, 12, compare_reset=True, trials=200, rng=1),
        "difficulty_figure": lambda: c.difficulty_figure(_augustus().card_difficulty(), top=5),
        "bag_figure": lambda: c.bag_figure({"double_sword": 5, "shield": 5, "joker": 2},
                                           full={"double_sword": 6, "shield": 5, "joker": 2}),
        "game_odds_figure": lambda: c.game_odds_figure([
            _augustus().objective_odds(_augustus().new_game(_augustus().GameConfig(players=2, first_game=True),
                                                            rng=1), seat, 5) for seat in range(2)]),
        "draw_law_figure": lambda: c.draw_law_figure(_bag(), 3, "red", trials=500, rng=1),
        "prob_curve_figure": lambda: c.prob_curve_figure(_bag(), _some_absent(), n=3, trials=300, rng=1),
        "dice_law_figure": lambda: c.dice_law_figure(_pool(), _highest(3), trials=300, rng=1,
                                                     label="the best 3 dice"),
        "region_board_figure": lambda: c.region_board_figure(
            _imperator().load_board(), _imperator().load_board().layout(2), tiles={"latium": (5, "stone")},
            occupants={"latium": (0, 4)}, track=[1, 0]),
        "road_board_figure": lambda: c.road_board_figure(_road_game_end(), results=_road_results()),
        "card_odds_figure": lambda: c.card_odds_figure(
            {3: Fraction(1, 5), 4: Fraction(4870, 6201)}, question="a fort of some colour",
            simulated={3: 95, 4: 390}, trials=500),
        "tile_odds_figure": lambda: c.tile_odds_figure(
            {"propraetor": [Fraction(1, 5), Fraction(1, 10)], "instant_points": [Fraction(1, 2), Fraction(1, 3)]},
            simulated={"propraetor": [20, 9], "instant_points": [51, 30]}, trials=100),
        "collection_breakdown_figure": lambda: c.collection_breakdown_figure(
            {"grapes": 3, "gold": 2}, [("red", 3)], tables={"gold": (0, 5, 10, 15, 20, 25, 30, 35)},
            reference_tables=None),
        "marginal_value_figure": lambda: c.marginal_value_figure({"grapes": 2, "gold": 1}),
        "points_distribution_figure": lambda: c.points_distribution_figure(4, trials=200, rng=1),
        "setup_odds_figure": lambda: c.setup_odds_figure("gold", players=3, all_tokens_variant=True,
                                                         trials=200, rng=1),
        "board_figure": lambda: c.board_figure(load_board(4), labels="both", roads={
            load_board(4).paths[0].key: 0}, title="Illustrative Empire"),
        "board_figure (tiny)": lambda: c.board_figure(tiny, roads={frozenset({"rome", "a"}): 0}, labels="name"),
        "hot_spots_figure": lambda: c.hot_spots_figure(_spots()),
        "hot_spots_map_figure": lambda: c.hot_spots_map_figure(_spots(), *_place_map()[:2], names=_place_map()[2]),
        "comparison_figure": lambda: c.comparison_figure(_comparison().history, ["win rate P1", "win rate P2"],
                                                         precision=0.02),
        "response_curve_figure": lambda: _curve(_tuning()),
        "scores_over_turns_figure": lambda: c.scores_over_turns_figure(
            history, ["Routes", "Cities", "Treasures", "Road bonus"], current_turn=10, held=["Road bonus"]),
        "hot_spots_map_figure (Via Romana)": lambda: c.hot_spots_map_figure(
            rometools.hot_spots("via_romana", 6, seed=1), *_place_map("via_romana")[:2],
            names=_place_map("via_romana")[2]),
    }
    from rometools.charts import flow as fc

    samples.update({name: (lambda name=name: getattr(fc, name)(_flow())) for name in (
        "lead_figure", "winner_rank_figure", "branching_figure", "lead_changes_figure", "duration_figure",
        "chances_figure", "flow_summary_figure")})
    samples["chances_figure (not measured)"] = lambda: fc.chances_figure(_flow(valued=False))
    samples["flow_by_players_figure"] = lambda: fc.flow_by_players_figure(
        rometools.flow_by_players("imperator", 4, counts=[2, 3], seed=1))
    samples["flow_comparison_figure"] = lambda: fc.flow_comparison_figure(rometools.compare_flow(
        "imperator", {"players": 3}, {"players": 3, "leftover": "discard"}, 6))
    return samples


_FLOWS: dict = {}


def _flow(valued: bool = True):
    if valued not in _FLOWS:
        _FLOWS[valued] = rometools.flow("via_romana", 8, seed=1, value_games=2 if valued else 0, value_playouts=2,
                                        progress=False)
    return _FLOWS[valued]


def _pool():
    from rometools.draws import Die, Pool

    return Pool([Die.d(6)] * 4 + [Die.d(8)])


def _highest(k):
    from rometools.draws import highest

    return highest(k)


def _comparison():
    return rometools.compare("pig", rometools.load_game("pig", target=60), max_games=200, batch=50, progress=False)


def _tuning():
    return rometools.tune("pig", "target", [40, 60, 80], target="length=60", max_games=600, batch=100,
                          check_games=0, progress=False)


def _curve(t):
    c = t.curve()
    return rometools.charts.response_curve_figure(c["value"].tolist(), c["response"].tolist(), c["low"].tolist(),
                                                  c["high"].tolist(), games=c["games"].tolist(),
                                                  recommended=t.recommended.value, tolerance=t.tolerance,
                                                  parameter="target (points)", unit="decisions", scale=1)


def _spots():
    return rometools.hot_spots("caesars_empire", 8, seed=1, players=3)


def _place_map(gid: str = "caesars_empire"):
    """The map's positions and links, and its places' names (what a quiet place's hover shows)."""
    from rometools.core.playtest import place_names

    game = rometools.load_game(gid, players=3)
    return (*game.spec.place_map(game.config), place_names(game))


def _augustus():
    import rometools.augustus

    return rometools.augustus


def _imperator():
    import rometools.imperator

    return rometools.imperator


def _bag():
    from rometools.draws import Bag

    return Bag({"red": 3, "green": 2, "yellow": 1})


def _some_absent():
    from rometools.draws import some_absent

    return some_absent()


def _public_figure_functions() -> set[str]:
    names = set()
    for mod in pkgutil.iter_modules(rometools.charts.__path__):
        module = importlib.import_module(f"rometools.charts.{mod.name}")
        for name in getattr(module, "__all__", []):
            if name.endswith("_figure") and inspect.isfunction(getattr(module, name)) \
                    and name not in ("new_figure", "empty_figure", "save_figure"):  # building blocks, not charts
                names.add(name)
    return names


def _road_game_end():
    import rometools
    from rometools.core.playout import play

    return play(rometools.load_game("via_romana", players=3), ["greedy"] * 3, 1)


def _road_results():
    from rometools.via_romana import road_results

    return road_results(_road_game_end())


SAMPLES = _sample_figures()


def test_every_chart_function_has_a_sample():
    missing = _public_figure_functions() - {name.split(" ")[0] for name in SAMPLES}
    assert not missing, f"add a sample call to SAMPLES in tests/test_readability.py for {sorted(missing)}"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_chart_reads_well(name):
    fig = SAMPLES[name]()
    assert not figure_problems(fig, name)
    assert not text_problems(figure_texts(fig), shown_ids())


def test_the_board_map_uses_the_width_and_fits_the_content():
    b = load_board(4)
    fig = rometools.charts.board_figure(b, width=1160)
    assert fig.layout.width == 1160 and fig.layout.xaxis.scaleanchor is None   # stretched to the width
    xs = [c.position[0] for c in b.cities]
    low, high = fig.layout.xaxis.range
    assert low < min(xs) and high > max(xs) and high - low < 1.0             # fitted to the cities
    tiny = SAMPLES["board_figure (tiny)"]()
    assert tiny.layout.xaxis.range[1] - tiny.layout.xaxis.range[0] < 0.6    # the tied-routes board: no empty area
    assert tiny.layout.height <= 400


def test_roads_carry_their_owner_so_no_legend_is_needed():
    b = load_board(4)
    fig = rometools.charts.board_figure(b, roads={b.paths[0].key: 1, b.paths[1].key: 3})
    owners = next(t for t in fig.data if t.meta == "ce-board-road-owners")
    assert sorted(owners.text) == ["P2", "P4"]
    assert set(owners.marker.line.color) == {rometools.charts.seat_colour(1), rometools.charts.seat_colour(3)}


# ----------------------------------------------------------------- numbers
@pytest.mark.parametrize(("p", "text"), [
    (Fraction(1, 435), "1/435 = 1 in 435 (0.23%)"),
    (Fraction(1, 1708993), "1/1,708,993 = 1 in 1,708,993 (< 0.0001%)"),
    (Fraction(7, 10), "7/10 (70%)"),
    (Fraction(0), "0 (never)"),
    (0.002297844, "1 in 435 (0.23%)"),
])
def test_probabilities_read_as_fractions_odds_and_percentages(p, text):
    assert probability(p) == text
    assert "e-" not in text


def test_an_exact_probability_too_long_to_write_as_a_fraction_still_reads_as_exact():
    """It read "about 92.3%" in the tile-odds table, the word of a simulated estimate."""
    assert probability(Fraction(11919, 12920), digits=4) == "92.3% (exact, rounded)"
    assert probability(Fraction(11919, 12920)) == "11,919/12,920 (92.3%)"


def test_percentages_never_round_to_certainty():
    assert percent(Fraction(999999, 1000000)) == "99.9999%"
    assert percent(Fraction(10**9 - 1, 10**9)) == "> 99.9999%"
    assert percent(Fraction(1, 10**9)) == "< 0.0001%"


def test_a_column_of_percentages_has_one_number_of_decimals():
    """A table column reads as one: every value with the decimals the one that needs most has
    (the command printed "54.4%", "63%" and "4.91%" in one table); exact 0 and 1 stay "0%", "100%"."""
    assert percent_column([0.544, 0.63, 0.0491]) == ["54.40%", "63.00%", "4.91%"]
    assert percent_column([0.305, 0.22, 0.38, 0.515]) == ["30.5%", "22.0%", "38.0%", "51.5%"]
    assert percent_column([1, 0.758, 0]) == ["100%", "75.8%", "0%"]
    assert percent_column([0.5, Fraction(1, 10**9), 0.9999]) == ["50.0000%", "< 0.0001%", "99.9900%"]
    assert [percent(p, 3) for p in (0.544, 0.63)] == ["54.4%", "63%"]  # percent() alone: one value at a time
    with pytest.raises(ValueError, match="must be from 0 to 1, got 1.5"):
        percent_column([0.5, 1.5])


# ----------------------------------------------------------------- every game's log and scores
def _games_with_a_log():
    return [pytest.param(gid, k, id=f"{gid}-{k}") for gid in rometools.games()
            for k in range(min(3, len(game_spec(gid).sample_configs)))]


@pytest.mark.parametrize(("gid", "k"), _games_with_a_log())
def test_every_game_log_has_a_row_per_decision_with_players_and_names(gid, k):
    """Every game package answers to game_log (its own, or core.views'): one row per decision,
    players P1..Pn, display names (``rometools.testing.check_views``)."""
    check_views(gid, checks=["game_log"], configs=[game_spec(gid).sample_configs[k]])


@pytest.mark.parametrize("gid", rometools.games())
def test_every_game_registers_an_action_text_in_the_rulebooks_words(gid):
    check_views(gid, checks=["action_text"])


def test_game_log_reads_the_rulebook_turn():
    final = play_game(GameConfig(players=3), ["greedy"] * 3, rng=1)
    log = game_log(final)
    first = log.iloc[0]
    assert first["Player"] == "P1" and first["Paths built"] == "Rome \u2013 Caralis"
    assert (first["City"], first["City token"], first["Treasure"]) == ("Caralis", "white 1", "Oil")
    assert first["Route points"] == "P1 +2" and first["Gold doubled"] == "no"
    gold = log[log["Gold doubled"] == "yes"]
    assert len(gold) and (gold["Treasure"] == "Gold Coins").all()
    for seat in range(3):   # the per-player columns add up to the route points scored
        assert log[f"P{seat + 1} points"].sum() == final.route_score[seat]
    riches = game_log(final, vocabulary="riches")
    assert "Riches" in riches.columns and "Treasure" not in riches.columns


def test_final_ranking_takes_a_finished_state_like_final_scores():
    final = play_game(GameConfig(players=4), ["greedy"] * 4, rng=2026)
    by_state = final_ranking(final)
    pd.testing.assert_frame_equal(by_state, final_scores(final))
    assert set(by_state["player"]) == {"P1", "P2", "P3", "P4"}
    assert list(by_state["total"]) == sorted(by_state["total"], reverse=True)
    shown = readable(by_state)
    assert {"Player", "Routes", "Cities", "Treasures", "Road bonus", "Roads left", "Total"} <= set(shown.columns)
    with pytest.raises(ValueError, match="takes the state alone"):
        final_ranking(final, {"P1": {}})


def test_score_history_adds_up_to_the_final_scores():
    final = play_game(GameConfig(players=4), ["greedy"] * 4, rng=2026)
    history = score_history(final)
    last = history[history["Turn"] == history["Turn"].max()].set_index("Player")["Total"]
    assert dict(last) == dict(zip(final_scores(final)["player"], final_scores(final)["total"], strict=True))
    assert len(history) == 4 * len(turn_states(final))


# ----------------------------------------------------------------- the board explorer's log, chart and export
@pytest.fixture(scope="module")
def board():
    return BoardExplorer(seed=1)


def test_the_log_table_highlights_the_turn_and_uses_names(board):
    assert board.set_values(turn=3)
    html = board._log.value
    assert html.count("<tr") == len(board.log()) + 1 and "rt-log-earlier" not in html
    current = html.split("class='rt-current'")[1].split("</tr>")[0]
    row = board.log().iloc[2]
    assert f">{row['Turn']}<" in current and row["City"] in current
    assert html.count("class='rt-later'") == len(board.log()) - 3
    assert not text_problems([board._log.value], shown_ids())


def test_the_log_table_opens_on_the_turn_shown(board):
    # a widget cannot scroll its box: the turns long before the one shown are left out, and said so
    assert board.set_values(turn=20)
    html = board._log.value
    rows = html.split("<tbody>")[1].split("</tr>")[:-1]
    assert len(rows) == len(board.log()) - 17                      # turns 18 to 40
    assert ">18<" in rows[0] and "rt-current" in rows[2] and ">20<" in rows[2]
    assert "Turns 1 to 17 are left out here" in html
    assert html.count("class='rt-later'") == len(board.log()) - 20
    assert board.set_values(turn=0)                                 # before the first turn every turn is later
    assert board._log.value.count("class='rt-later'") == len(board.log())


def test_the_score_chart_follows_the_log(board):
    assert board.set_values(turn=10)
    data = {t.meta: list(t.y) for t in board.score_figure.data}
    history = score_history(board.states[-1])
    p1 = history[history["Player"] == "P1"]
    assert data["ce-scores-Total-P1"] == list(p1["Total"])
    assert data["ce-scores-Routes-P1"] == list(p1["Routes"])
    assert any(s.x0 == 10 for s in board.score_figure.layout.shapes)   # the turn shown


def test_the_log_and_final_scores_export_to_csv(board, tmp_path):
    log_path, scores_path = board.export_csv(tmp_path)
    pd.testing.assert_frame_equal(pd.read_csv(log_path, keep_default_na=False), board.log().astype(
        {c: str for c in board.log().columns if board.log()[c].dtype == object}), check_dtype=False,
        check_frame_type=False)  # the log is a DesignerTable (a DataFrame shown whole), the file reads back plain
    scores = pd.read_csv(scores_path)
    assert list(scores["Player"]) == list(final_scores(board.states[-1])["player"])
    assert "data:text/csv;base64," in board._export.value and "download='game_log_seed1.csv'" in board._export.value


def _cut_off_and_short():
    cut_off = short = None
    for seed in range(40):
        final = play_game(GameConfig(players=5, roads_per_player=12), ["random"] * 5, rng=seed)
        for s in turn_states(final)[:-1]:
            for c, owner in zip(s.config.board.city_ids, s.city_owner, strict=True):
                if owner >= 0:
                    continue
                why = why_no_connection(s, c)
                if why and why.startswith("every path") and cut_off is None:
                    cut_off = (s, c, why)
                if why and "Road" in why and "left" in why and short is None:
                    short = (s, c, why)
            if cut_off and short:
                return cut_off, short
    raise AssertionError("no cut-off city or short seat found")


def test_no_connection_is_explained_in_names():
    (s1, c1, why1), (s2, c2, why2) = _cut_off_and_short()
    name = s1.config.board.city(c1).name
    assert why1.startswith(f"every path into {name} starts at a city still holding its tokens (")
    found = re.fullmatch(r"(.+) needs (\d) Roads?; P(\d) has (\d+) left", why2)
    assert found, why2
    assert found[1] == s2.config.board.city(c2).name and int(found[3]) == s2.seat + 1
    assert int(found[4]) == s2.roads_left[s2.seat] < int(found[2])
    ex = BoardExplorer(start=s1, seed=3)
    assert ex.set_values(city=c1)
    assert why1 in ex._connections.value.replace("&#x27;", "'")


def test_a_long_fraction_needs_its_decimal_beside_it():
    """A table showing 487173373/641943120 alone reads as noise (issue "What a designer tripped on")."""
    from readability_checks import text_problems

    assert text_problems(["P(complete) 487173373/641943120"]) == [
        "a fraction of 19 characters without its decimal: P(complete) 487173373/641943120"]
    assert text_problems(["P(complete) 487173373/641943120 = 75.9%", "4870/6201", "odds 1/23"]) == []


# ----------------------------------------------------------------- notebook tables (trial A)
def _raw_pandas_html(frame) -> str:
    """What JupyterLab shows for ``frame`` under pandas' default display options."""
    with pd.option_context("display.max_colwidth", 50):
        return frame._repr_html_()


def test_table_problems_catches_what_raw_pandas_shows():
    """Each pattern the designer trial met in dice_and_draws and playtest, as pandas renders it."""
    from rometools.testing.readability import table_problems

    raw = pd.DataFrame({"exact": [Fraction(25, 108)], "exact ≈": [float(Fraction(25, 108))], "win_rate": [0.4625],
                        "p-value": [0.037331], "inside": [True], "chance": [0.46],
                        "meaning": ["The share of games whose winner was behind on points at some point after "
                                    "the first turn."]}, index=["4d6 keep 3 reaches 15"])
    found = table_problems(_raw_pandas_html(raw))
    kinds = {p.split(":")[0] for p in found}
    assert kinds == {"a column named as in code", "a number not rounded", "an exact fraction without its decimal",
                     "True or False instead of a word", "a rate not as a percentage", "a cell cut short"}, found
    assert "a number not rounded: '0.231481'" in found
    # a difference in percentage points is not a share
    points = pd.DataFrame({"off the target (pp of win rate)": [0.1], "win rate, points lower": [0.5]})
    assert table_problems(_raw_pandas_html(points)) == []


def test_a_notebooks_scripts_and_styles_are_not_read_but_its_tables_still_are():
    """plotly.js (a notebook's first output) holds code a designer never reads: only the table is checked."""
    import nbformat

    from rometools.testing.readability import notebook_problems

    script = '<script type="text/javascript">var t="<td>1e-05</td>";if(a<b){f({x:(1,2)})}</script>'
    style = "<style>td{width:1e-05px}</style>"

    def outputs(html):
        cell = nbformat.v4.new_code_cell("x")
        cell.outputs = [nbformat.v4.new_output("display_data", data={"text/html": html})]
        nb = nbformat.v4.new_notebook()
        nb.cells = [cell]
        return notebook_problems(nb, "nb")

    assert outputs(script + style + "<table><tr><td>12 of 40</td></tr></table>") == []
    assert outputs(script + "<table><tr><td>2.5e-05</td></tr></table>") == ["nb cell 0: scientific notation: 2.5e-05"]


def test_designer_tables_show_every_cell_whole_and_pass_table_problems():
    from rometools.core.tables import DesignerTable, designer_table
    from rometools.testing.readability import table_problems

    meaning = "The share of games whose winner was behind on points at some point after the first turn."
    table = designer_table([{"figure": "Comebacks", "value": "48%", "meaning": meaning}])
    shown = _raw_pandas_html(table)
    assert meaning in shown and table_problems(shown) == []
    assert ">0<" not in shown  # no row number
    assert isinstance(table[["meaning"]], DesignerTable) and meaning in table[["meaning"]]._repr_html_()
    assert meaning in repr(table)
    assert pd.get_option("display.max_colwidth") == 50  # nothing global changed
    # a named index (row names) is shown
    assert ">Comebacks<" in designer_table({"value": ["48%"]}, index=["Comebacks"])._repr_html_()


def test_the_table_helpers_give_designer_tables():
    """seat_table, Record.table, the flow table and the paired table read well whole, however long a note."""
    from rometools.core.tables import DesignerTable
    from rometools.draws import Record
    from rometools.testing.readability import table_problems

    seats = Record.from_counts([37, 25, 18]).table()
    assert isinstance(seats, DesignerTable)
    assert list(seats.columns) == ["seat", "games", "wins", "shared wins", "win rate", "95% interval"]
    assert list(seats["win rate"]) == ["46.2%", "31.2%", "22.5%"]
    assert table_problems(_raw_pandas_html(seats)) == []
    flow = rometools.flow("pig", 6, seed=1, progress=False).table()
    assert isinstance(flow, DesignerTable) and table_problems(_raw_pandas_html(flow)) == []
    assert all(m in _raw_pandas_html(flow) for m in flow["meaning"] if "<" not in m and "&" not in m)


def test_exact_beside_simulated_reads_as_the_explorers():
    from rometools.core.stats import proportion_estimate
    from rometools.draws import exact_beside_simulated
    from rometools.draws.simulate import MeanEstimate
    from rometools.testing.readability import table_problems

    row = exact_beside_simulated(Fraction(25, 108), proportion_estimate(2345, 10_000))
    assert row == {"exact": "25/108 (23.1%)", "simulated": "23.45%", "95% interval": "22.63% to 24.29%",
                   "holds the exact value": "yes"}
    missed = exact_beside_simulated(Fraction(1, 2), proportion_estimate(10, 100))
    assert missed["holds the exact value"] == "no"
    mean = exact_beside_simulated(Fraction(1551, 91), MeanEstimate(17.01, 16.98, 17.05, 1.0, 10_000, 0.95))
    assert mean == {"exact": "1,551/91 ≈ 17.04", "simulated": "17.01", "95% interval": "16.98 to 17.05",
                    "holds the exact value": "yes"}
    alone = exact_beside_simulated(Fraction(5, 8))
    assert alone["exact"] == "5/8 (62.5%)" and alone["simulated"] == "not simulated"
    table = pd.DataFrame([row, mean, alone])
    assert table_problems(table.to_html()) == []
