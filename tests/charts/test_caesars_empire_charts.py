"""Chart tests: assert on ``fig.data`` / ``fig.layout`` values, no browser."""

from fractions import Fraction

import plotly.graph_objects as go
import pytest

from rometools.caesars_empire import (
    load_components,
    prob_some_type_absent,
    treasure_count_distribution,
    treasure_points_distribution,
)
from rometools.charts import (
    BREAKDOWN_PARTS,
    collection_breakdown_figure,
    marginal_value_figure,
    points_distribution_figure,
    setup_odds_figure,
)

RULEBOOK_TREASURES = {"grapes": 3, "gems": 2, "meat": 2, "wine": 1, "gold": 2}
RULEBOOK_CITIES = [("red", 3), ("blue", 6), ("green", 2), ("yellow", 2), ("purple", 3), ("orange", 6)]


def test_breakdown_of_the_rulebook_example():
    fig = collection_breakdown_figure(RULEBOOK_TREASURES, RULEBOOK_CITIES)
    assert isinstance(fig, go.Figure)
    (bars,) = fig.data
    assert (bars.name, bars.uid, bars.meta) == ("points", "ce-breakdown", "ce-breakdown")
    assert list(bars.customdata) == list(BREAKDOWN_PARTS)
    assert list(bars.x) == ["Same type", "Different types", "Gold Coins", "Cities"]
    assert list(bars.y) == [14, 14, 4, 22]
    # the rulebook's "18 + 14 + 22 = 54": its 18 includes the 4 points of Gold Coins
    assert bars.y[0] + bars.y[2] == 18
    assert fig.layout.title.text == "Treasures and Cities: 54 points"


def test_breakdown_without_cities_is_14_14_4():
    fig = collection_breakdown_figure(RULEBOOK_TREASURES)
    assert list(fig.data[0].y)[:3] == [14, 14, 4]
    assert fig.data[0].y[3] == 0


def test_breakdown_reference_trace_visible_only_when_tables_differ():
    comps = load_components()
    same = collection_breakdown_figure(RULEBOOK_TREASURES, tables=comps.tables,
                                       reference_tables=comps.tables)
    assert [t.meta for t in same.data] == ["ce-breakdown", "ce-breakdown-reference"]
    assert same.data[1].visible is False
    assert same.layout.showlegend is False

    edited = collection_breakdown_figure(RULEBOOK_TREASURES, tables={"same_type": [0, 3, 12, 24]},
                                         reference_tables=comps.tables)
    assert edited.data[1].visible is True
    assert edited.data[0].name == "your tables"
    assert list(edited.data[0].y)[:3] == [12 + 3 + 3, 14, 4]  # 3 Grapes, 2 Gems, 2 Meat
    assert list(edited.data[1].y)[:3] == [14, 14, 4]


def test_breakdown_vocabulary_riches():
    fig = collection_breakdown_figure(RULEBOOK_TREASURES, vocabulary="riches")
    assert fig.layout.title.text.startswith("Riches and Cities")


def test_breakdown_rejects_bad_input_with_value_named():
    with pytest.raises(ValueError, match="grapes"):
        collection_breakdown_figure({"grapes": 5})
    with pytest.raises(ValueError, match="vocabulary"):
        collection_breakdown_figure({}, vocabulary="latin")


def test_marginal_values_per_type():
    fig = marginal_value_figure({"grapes": 2, "gold": 1})
    (bars,) = fig.data
    assert (bars.name, bars.meta) == ("next token", "ce-marginal")
    values = dict(zip(bars.customdata, bars.y, strict=True))
    assert values["grapes"] == 8 and values["gold"] == 4 and values["meat"] == 2
    assert list(bars.x) == [load_components().name(t) for t in load_components().treasure_ids]
    assert fig.layout.title.text == "What is the next Treasure token worth?"


def test_marginal_value_exhausted_type_has_no_bar():
    fig = marginal_value_figure({"grapes": 4})
    values = dict(zip(fig.data[0].customdata, fig.data[0].y, strict=True))
    texts = dict(zip(fig.data[0].customdata, fig.data[0].text, strict=True))
    assert values["grapes"] is None and texts["grapes"] == "none left"


def test_marginal_vocabulary_relabels():
    fig = marginal_value_figure({}, vocabulary="riches")
    assert "Precious Stones" in fig.data[0].x
    assert "Riches" in fig.layout.title.text


def test_points_distribution_exact_bars_match_the_api():
    law = treasure_points_distribution(5)
    fig = points_distribution_figure(5)
    (bars,) = fig.data
    assert (bars.name, bars.meta) == ("exact", "ce-points-exact")
    assert list(bars.x) == list(law)
    assert list(bars.y) == [float(p) for p in law.values()]
    assert [Fraction(c) for c in bars.customdata] == list(law.values())
    assert sum(bars.y) == pytest.approx(1)


def test_points_distribution_simulated_overlay_is_seeded_with_ci():
    a = points_distribution_figure(4, trials=400, rng=3)
    b = points_distribution_figure(4, trials=400, rng=3)
    sim = a.data[1]
    assert (sim.name, sim.meta) == ("simulated", "ce-points-simulated")
    assert list(sim.y) == list(b.data[1].y)
    assert sum(sim.y) == pytest.approx(1)
    for y, plus, minus in zip(sim.y, sim.error_y.array, sim.error_y.arrayminus, strict=True):
        assert plus >= 0 and minus >= 0 and y - minus >= 0 and y + plus <= 1


def test_setup_odds_exact_matches_api_and_simulation_covers_it():
    fig = setup_odds_figure("gold", players=3, all_tokens_variant=True, trials=3000, rng=11)
    exact, sim = fig.data
    law = treasure_count_distribution("gold", players=3, all_tokens_variant=True)
    assert [t.meta for t in fig.data] == ["ce-setup-exact", "ce-setup-simulated"]
    assert list(exact.x) == list(range(9))
    assert [Fraction(c) for c in exact.customdata] == [law.get(k, 0) for k in range(9)]
    inside = sum(
        y - minus - 1e-12 <= float(law.get(k, 0)) <= y + plus + 1e-12
        for k, y, plus, minus in zip(sim.x, sim.y, sim.error_y.array, sim.error_y.arrayminus, strict=True)
    )
    assert inside >= 8  # 95% intervals: at most one of nine may miss by chance (seeded)
    assert "all-tokens variant" in fig.layout.title.text


def test_setup_odds_standard_set_up_is_certain():
    fig = setup_odds_figure("meat", players=4)
    assert len(fig.data) == 1
    assert list(fig.data[0].y) == [0, 0, 0, 0, 1.0]


def test_setup_odds_riches_vocabulary_and_alias():
    fig = setup_odds_figure("precious_stones", players=2, all_tokens_variant=True, vocabulary="riches")
    assert fig.layout.xaxis.title.text == "Precious Stones tokens on the board"
    assert prob_some_type_absent(players=2, all_tokens_variant=True) > 0


def test_charts_never_show():
    # a returned figure, not None, and no renderer was invoked
    assert isinstance(setup_odds_figure("gold", players=4), go.Figure)
