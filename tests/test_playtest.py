"""The automated playtest (rometools.core.playtest): restricted play and the rule-hole search,
for every registered game, and a planted hole found with a saved game that reaches it."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest

import rometools
from rometools.charts.playtest import report
from rometools.cli import main
from rometools.core.errors import ArgumentError
from rometools.core.game import game_spec
from rometools.core.playout import load_saved_game, play
from rometools.core.playtest import RestrictedBot, playtest, restricted, restricted_play, rule_holes
from rometools.core.variants import Variant
from rometools.testing import check_playtest, registered

sys.path.insert(0, str(Path(__file__).resolve().parent))
from toys import duel, hole  # noqa: E402

GAMES = rometools.games()


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_declares_at_least_three_restrictions_in_words(gid):
    check_playtest(gid, checks=["restrictions"])


@pytest.mark.parametrize("gid", GAMES)
def test_a_restricted_bot_never_plays_what_its_restriction_forbids(gid):
    """Every move of the restricted seat, in seeded games: allowed, unless every legal action was
    forbidden (then the base bot's move, counted as forced)."""
    check_playtest(gid, checks=["restricted_bots"])


def test_restricted_play_is_seeded_sorted_by_weight_and_measures_a_real_loss():
    first = restricted_play("pig", None, 30, seed=2)
    assert first == restricted_play("pig", None, 30, seed=2)
    assert [r["loss"] for r in first] == sorted((r["loss"] for r in first), reverse=True)
    worst = first[0]
    # holding while ahead is what hold-at-20 does every game: denying it costs wins, with the
    # interval below the unrestricted rate; the two restrictions greedy never meets change nothing
    assert worst["restriction"] == "no_hold_ahead" and worst["replaced"] > 0 and worst["high"] < worst["baseline"]
    assert all(r["loss"] == 0 and r["replaced"] == 0 for r in first[1:])
    assert worst["games"] == 60 and worst["baseline"] == 0.5


def test_unknown_restrictions_are_refused_naming_the_games():
    with pytest.raises(ArgumentError, match="unknown restriction 'no_gold' for Pig; its restrictions: no_early"):
        restricted("pig", "greedy", "no_gold")


def test_the_rule_hole_search_finds_a_planted_hole_with_a_saved_game_that_reaches_it():
    with registered(hole.SPEC):
        holes = rule_holes("toy_hole", 30, seed=1)
        found = holes["no_legal_action"]
        assert found["count"] > 0 and found["bot"] == "random"
        state = load_saved_game(found["saved_game"])
        rules = game_spec("toy_hole").rules
        assert rules.current_player(state) == 1 and rules.legal_actions(state) == []
        assert state.bids == (state.config.highest,)
        assert holes["no_end"]["count"] == 0
    with registered(duel.SPEC):   # the same bids without the hole: nothing found
        assert all(h["count"] == 0 for h in rule_holes("toy_duel", 30, seed=1).values())


def test_an_unbroken_tie_is_reported():
    """Pig never ties; Duel with one bid always ties, and its coin breaks it: no unbroken tie."""
    assert rule_holes("pig", 10)["unbroken_tie"]["count"] == 0
    with registered(duel.SPEC):
        game = rometools.load_game("toy_duel", highest=1)
        assert rule_holes(game, 10)["unbroken_tie"]["count"] == 0


def _tables(page: str) -> list[str]:
    return re.findall(r"<table>.*?</table>", page, re.S)


def test_the_report_is_one_page_reproducible_from_its_seed(tmp_path):
    page = report("pig", 30, seed=4)
    assert page.startswith("<!DOCTYPE html>") and "Plotly" in page
    assert not re.search(r"<script[^>]*\bsrc=", page)     # plotly.js inside the page: it reads offline
    assert _tables(page) == _tables(report("pig", 30, seed=4))
    df = rometools.simulate("pig", 30, bots="greedy", seed=4, progress=False)
    wins = df.groupby("player").win.sum()
    assert f"<td>P1</td><td>30</td><td>{wins['P1']}</td>" in page   # the seat table is simulate's
    assert "a bot that never holds while ahead of every other seat" in page and "Rule holes" in page
    assert "no_hold_ahead" not in page   # a restriction by its sentence, not its id
    assert "How it plays" in page and "The lead on points changes hands" in page


def test_the_command_line_writes_the_report_and_never_replaces_one(tmp_path, capsys):
    out = tmp_path / "pig.html"
    assert main(["report", "pig", "--games", "20", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "the playtest report of Pig" in capsys.readouterr().out
    assert main(["report", "pig", "--games", "20", "--out", str(out)]) == 2
    assert "the file exists" in capsys.readouterr().err
    assert main(["report", "pig", "--games", "20", "--bots", "smart", "--out", str(tmp_path / "b.html")]) == 2
    assert "Pig's bots are greedy, random" in capsys.readouterr().err
    json.dumps(restricted_play("pig", ["no_early_hold"], 2))   # rows are plain values
    assert isinstance(restricted("pig", "random", "no_late_roll"), RestrictedBot)


@pytest.mark.parametrize("gid", [g for g in GAMES if game_spec(g).action_places is not None])
def test_hot_spots_name_places_as_a_designer_does_and_count_them_right(gid):
    """Recounted from the games themselves: who first named each place, whether they won."""
    check_playtest(gid, checks=["hot_spots"])


def _name_edits(variant, names):
    """``{place id: (file, address)}`` of each place whose name is a value of the game's data files,
    found by what editing it changes (that place's name, and only names built from it), so nothing
    about a game is assumed."""
    out = {}
    for p in variant.parameters():
        if p.kind != "data" or not isinstance(p.published, str):
            continue
        ids = [k for k, name in names.items() if name == p.published and k not in out]
        if len(ids) != 1:
            continue
        file, address = p.address.split(":", 1)
        try:
            edited = Variant(variant.game, options=variant.options, edits={file: {address: "Qqq"}}).load()
        except (ValueError, TypeError):      # not a name after all (a value the loader checks)
            continue
        now = edited.spec.place_names(edited.config)
        others = [k for k in names if k != ids[0]]   # a name built from it (a road's, by its cities) may follow
        if now.get(ids[0]) == "Qqq" and all(now[k] in (names[k], names[k].replace(p.published, "Qqq")) for k in others):
            out[ids[0]] = (file, address)
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_places_that_share_a_name_or_are_named_as_another_places_id_stay_apart(gid):
    """Issue 47 item 5, over the registry: a game's data edited (a Variant, as a designer edits it)
    so that one place takes another's name and a third is named as a fourth's id; the hot spots,
    on the same seeds, keep every place apart with the unedited data's counts, shown by distinct names."""
    from rometools.charts.playtest import hot_spots_figure, hot_spots_map_figure, shift_rows
    from rometools.core.describe import player_counts
    from rometools.core.playtest import hot_spots, hot_spots_by_players, place_names

    spec = game_spec(gid)
    if spec.action_places is None:          # Pig: no places, nothing to merge
        assert spec.place_names is None and place_names(gid) == {} and hot_spots(gid, 3) == []
        return
    players = 3 if 3 in player_counts(gid) else 2
    base = Variant(gid, options={"players": players})
    game = base.load()
    names = spec.place_names(game.config)
    before = hot_spots(game, 6, seed=2)
    taken = [r["id"] for r in before]
    editable = _name_edits(base, names)
    renamed = [k for k in taken if k in editable]
    assert len(renamed) >= 2 and len(taken) >= 3, f"{gid}: too few places named in its data files to test"
    a, c = renamed[0], renamed[1]
    b = next(k for k in taken if k not in (a, c))                 # a takes b's name
    d = next(k for k in taken if k not in (a, b, c))               # c is named as d's id
    edits: dict = {}
    for place, value in ((a, names[b]), (c, d)):
        file, address = editable[place]
        edits.setdefault(file, {})[address] = value
    edited = Variant(gid, options={"players": players}, edits=edits).load()
    now = spec.place_names(edited.config)
    assert now[a] == now[b] == names[b] and now[c] == d            # the data really clash
    after = hot_spots(edited, 6, seed=2)
    counts = ("taken", "taker_wins", "when", "share", "lift", "lift_low", "lift_high")
    assert len(after) == len(before)
    assert {r["id"]: [r[k] for k in counts] for r in after} == {r["id"]: [r[k] for k in counts] for r in before}
    shown = {r["id"]: r["place"] for r in after}
    assert len(set(shown.values())) == len(after)                   # no two places shown as one
    assert shown[a] == f"{names[b]} ({a})" and shown[b] == f"{names[b]} ({b})" and shown[c] == d
    assert shown == {k: place_names(edited)[k] for k in shown}
    bars = hot_spots_figure(after, top=len(after)).data[0]
    assert len(set(bars.y)) == len(after)
    if spec.place_map is not None:
        positions, links = spec.place_map(edited.config)
        dots = hot_spots_map_figure(after, positions, links, names=place_names(edited)).data[2]
        assert list(dots.customdata) == [r["id"] for r in after]
    shift = hot_spots_by_players(edited, 2, seed=2, counts=[players])
    column = [row[0] for row in shift_rows(shift, top=100)[1]]
    assert len(set(column)) == len(column) == len(shift[players])


def test_distinct_names_tell_apart_every_place_and_keep_a_name_no_other_has():
    from rometools.core.playtest import distinct_names

    assert distinct_names({"c01": "Roma", "c07": "Roma", "x": "Roma (c07)", "y": "c01", "z": "Capua"}) == {
        "c01": "Roma (c01)", "c07": "Roma (c07)", "x": "Roma (c07) #2", "y": "c01", "z": "Capua"}
    assert distinct_names({}) == {}


def test_a_game_naming_places_by_id_must_say_their_names():
    import dataclasses

    with pytest.raises(ValueError, match="needs place_names"):
        dataclasses.replace(game_spec("imperator"), place_names=None)


def test_a_game_without_places_has_no_hot_spots_and_the_report_says_so():
    from rometools.core.playtest import hot_spots

    assert hot_spots("pig", 3) == []
    assert "This game names no places" in report("pig", 10)


def test_the_report_pairs_a_variant_with_compares_simultaneous_intervals(tmp_path):
    """Trial A item 2: the variant's section read ten plain 95% intervals at once ("win rate P1 14.0
    points higher, 2.5 to 25.5") where ``rometools compare`` was undecided. It now shows compare's own
    figures: intervals that hold together at a stated rate, "changed" only where one excludes 0."""
    from rometools.charts.playtest import variant_rows
    from rometools.core.compare import compare

    page = report("pig", 20, seed=3, compare={"target": 50})
    c = compare("pig", rometools.load_game("pig", target=50), seed=3, max_games=20, batch=20, progress=False)
    assert "The variant target 50, paired on the same seeds" in page
    for row in variant_rows(c):
        assert "<td>" + "</td><td>".join(html.escape(v) for v in row) + "</td>" in page
    assert "hold all together with 95% confidence" in page and "Bonferroni" in page
    assert "95% interval</th><th>note" not in page.split("<h2>The variant")[1].split("<h2>")[0]
    # the game flow of the two variants paired too: a race to 50 lasts fewer turns
    assert "<td>Duration</td>" in page and "turns fewer" in page
    out = tmp_path / "v.html"
    assert main(["report", "pig", "--games", "10", "--compare", "target=50", "--out", str(out)]) == 0
    assert "The variant target 50" in out.read_text(encoding="utf-8")


def test_the_variant_section_shows_its_seat_balance_test_and_no_heading_is_repeated():
    """A trial found the game-flow table of the variant under the variant section's own heading (the
    same words twice on the page), and the seat-balance test, one of the tests the variant section's
    error rate is split over (Bonferroni), nowhere in it."""
    from rometools.core.compare import balance_text, compare

    page = report("pig", 20, seed=3, compare={"target": 50})
    headings = re.findall(r"<h[23]>(.*?)</h[23]>", page)
    assert len(headings) == len(set(headings)), headings
    assert "How it plays under the variant target 50, paired on the same seeds" in headings
    section = page.split("<h2>The variant")[1].split("<h2>")[0]
    c = compare("pig", rometools.load_game("pig", target=50), seed=3, max_games=20, batch=20, progress=False)
    said = balance_text(c)
    assert said.startswith("Seat balance (did any seat's win rate change?) undecided: no change is shown yet")
    assert said.endswith(" more paired games would decide it (a rough guess from only 20 paired games).")
    assert f"<p>{html.escape(said)} It is one of the {len(c.figures) + 1} figures and tests" in section
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport("pig", players=2, games=20, seed=3, run=False)
    assert ex.set_values(variant="target=50") is True
    assert said in ex.summary and "would decide it (a rough guess from only 20 paired games). It is one of the 7 " \
        "figures" in ex.summary


def test_the_reports_variant_verdicts_keep_their_family_error_rate():
    """An A/A check of the report's verdicts: 200 comparisons of a game against itself (the toy coin,
    independent seeds: identical seeds would play identical games), each read as the report's table
    reads it; the share calling any figure "changed" stays within the stated 5% (binomial bound, 1 in
    1,000)."""
    from scipy.stats import binom

    from rometools.charts.playtest import variant_rows
    from rometools.core.compare import compare
    from rometools.testing import registered

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from toys import coin

    runs, alpha = 200, 0.05
    with registered(coin.SPEC):
        same = rometools.load_game("toy_coin")
        alarms = sum(any(row[5] == "changed" for row in variant_rows(
            compare(same, same, bots="random", seed=s, max_games=400, batch=50, paired=False, progress=False)))
            for s in range(runs))
    assert alarms <= binom.ppf(0.999, runs, alpha), f"{alarms} of {runs} A/A reports called a figure changed"


# ----------------------------------------------------------------- the board map, the parts, the explorer
@pytest.mark.parametrize("gid", [g for g in GAMES if game_spec(g).place_map is not None])
def test_every_place_a_game_names_is_on_its_board_map(gid):
    """Over the registry: every place hot_spots finds has a position, every link joins two places."""
    check_playtest(gid, checks=["place_map"])


@pytest.mark.parametrize("gid", [g for g in GAMES if game_spec(g).key_odds is not None])
def test_key_odds_are_exact_probabilities_asked_in_words(gid):
    check_playtest(gid, checks=["key_odds"])


def test_the_map_colours_each_place_by_its_first_takers_win_rate():
    from rometools.charts.playtest import hot_spots_map_figure
    from rometools.core.playtest import hot_spots, place_names

    game = rometools.load_game("caesars_empire", players=3)
    rows = hot_spots(game, 8, seed=1)
    positions, links = game.spec.place_map(game.config)
    names = place_names(game)
    fig = hot_spots_map_figure(rows, positions, links, names=names)
    places, quiet = fig.data[2], fig.data[1]
    assert list(places.customdata) == [r["id"] for r in rows]            # keyed by id
    assert [t for t in places.text if t] and all(t in {r["place"] for r in rows} for t in places.text if t)
    assert list(places.marker.color) == [r["lift"] for r in rows]
    assert list(places.marker.size) == [8 + 24 * r["share"] for r in rows]
    assert set(quiet.customdata) == set(positions) - {r["id"] for r in rows} and "rome" in quiet.customdata
    assert "Rome: never taken first in these games" in quiet.hovertext   # shown by name
    assert len([x for x in fig.data[0].x if x is None]) == len(links)
    with pytest.raises(ValueError, match="no position for 'Atlantis'"):
        hot_spots_map_figure([{**rows[0], "id": "atlantis", "place": "Atlantis"}], positions)


def test_the_playtest_parts_are_the_functions_on_the_same_seeds():
    from rometools.core.playtest import hot_spots, hot_spots_by_players, playtest
    from rometools.core.search import skill_curve

    calls: list[tuple[str, int, int]] = []
    pt = playtest("imperator", 12, seed=3, players=2, shift_games=3, skill_games=2, skill_budgets=(4,),
                  progress=lambda part, done, total: calls.append((part, done, total)))
    again = playtest("imperator", 12, seed=3, players=2, shift_games=3, skill_games=2, skill_budgets=(4,))
    assert pt.results.equals(rometools.simulate("imperator", 12, players=2, bots="greedy", seed=3, progress=False))
    assert (pt.restricted, pt.holes, pt.spots, pt.spots_by_players) == (
        again.restricted, again.holes, again.spots, again.spots_by_players)
    assert pt.spots == hot_spots("imperator", 12, seed=3, players=2)         # n_games, at most 100
    assert pt.spots_by_players == hot_spots_by_players("imperator", 3, seed=3)
    assert sorted(pt.spots_by_players) == [2, 3, 4, 5]
    curve = skill_curve("imperator", [4], 2, 3, players=2)
    assert pt.skill[["budget", "games", "wins"]].equals(curve[["budget", "games", "wins"]])
    assert [q for q, _ in pt.odds] == [q for q, _ in game_spec("imperator").key_odds(pt.game.config)]
    finished = {part: (done, total) for part, done, total in calls}
    assert set(finished) == {"seat balance", "game flow", "restricted play", "rule holes", "rules decisions",
                             "hot spots", "player counts", "skill curve"}   # the skill curve's games too
    assert all(done == total > 0 for done, total in finished.values())
    # the game flow is the seat-balance games' (the same seeds and bots), valued on its first games
    how = rometools.flow("imperator", 12, players=2, seed=3, value_games=2, progress=False)
    assert pt.flow.per_game.equals(how.per_game)
    assert list(pt.flow.per_game["decisions"]) == list(pt.results.groupby("game")["length"].first())
    assert sorted(pt.flow_by_players) == [2, 3, 4, 5] and pt.flow_by_players[3].n_games == 3


def test_a_variant_keeps_its_options_at_every_player_count():
    from rometools.core.playtest import hot_spots_by_players, variant_options

    game = rometools.load_game("via_romana", players=3, dangerous_ties=True)
    assert variant_options(game) == {"dangerous_ties": True}
    shift = hot_spots_by_players(game, 2, counts=[2, 3])
    plain = hot_spots_by_players("via_romana", 2, counts=[2, 3])
    assert shift[3] == __import__("rometools").hot_spots(game, 2)
    assert set(shift) == set(plain) == {2, 3}


def test_the_explorer_shows_the_playtest_and_refuses_a_bad_variant_with_nothing_changed(tmp_path):
    from rometools.core.playtest import playtest
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport("caesars_empire", players=3, games=12, seed=4)
    pt = playtest("caesars_empire", 12, seed=4, players=3)
    assert ex.playtest.restricted == pt.restricted and ex.playtest.spots == pt.spots
    data = ex.figure_data()
    assert [r["id"] for r in pt.spots] == list(data["report-map-places"]["customdata"])
    assert "never builds a Road out of Rome" in ex.summary
    before = (ex.values(), ex.summary)
    assert ex.set_values(players=2, variant="route_policy=sideways") is False
    assert "Variant: " in ex.message and (ex.values(), ex.summary) == before
    assert ex.set_values(game="pig", games=10) is True
    assert "Pig has no board map" in ex._chart_figure("map_figure").layout.title.text
    out = ex.save(tmp_path / "pig.html")
    assert out.read_text(encoding="utf-8") == ex.page()
    with pytest.raises(ValueError, match="exists"):
        ex.save(out)


def test_the_explorers_results_say_they_are_for_the_last_run_once_a_control_changes_until_run():
    """The playtest's results stayed under changed controls with nothing saying so (as the balance
    lab's did): a line over them names the last run until the controls are its own again or Run."""
    from rometools.widgets import PlaytestReport
    from rometools.widgets._base import plain_text

    ex = PlaytestReport("pig", players=2, games=6, seed=3)
    stale = ex._stale
    assert stale.value == "" and ex._ran is not None
    for name, value in (("seed", 4), ("games", 7), ("variant", "goal=50"), ("bot", "random"), ("skill_games", 2)):
        control = ex._controls[name]
        old = control.value
        control.value = value
        shown = plain_text(stale.value)
        assert shown.startswith("Results below are for the last run: Pig, 2 players, 6 games of greedy bots "
                                "(seed 3)"), name
        assert shown.endswith("they are not for the controls now set: press Run for the settings above.")
        control.value = old
        assert stale.value == "", name
    ex._controls["seed"].value = 4
    assert ex.run() and stale.value == "" and "(seed 4)" in ex.summary


def test_the_explorer_marks_nothing_before_the_first_run_or_after_a_refused_one():
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport("pig", players=2, games=6, run=False)
    ex._controls["seed"].value = 5
    assert ex._stale.value == ""
    ex = PlaytestReport("pig", players=2, games=6, seed=3)
    assert ex.set_values(variant="no_such_option=1") is False and ex._stale.value == ""


def test_the_command_line_measures_the_skill_curve_and_the_shift_when_asked(tmp_path, capsys):
    out = tmp_path / "ce.html"
    assert main(["report", "caesars_empire", "--players", "2", "--games", "10", "--skill-games", "2",
                 "--shift-games", "2", "--quiet", "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "MCTS, 10 simulations a move" in page and "<th>5 players</th>" in page
    assert "report-map-places" in page and "Not measured" not in page
    assert main(["report", "pig", "--games", "5", "--skill-games", "-1", "--out", str(tmp_path / "p.html")]) == 2
    assert "--skill-games" in capsys.readouterr().err


def test_rules_decisions_that_settle_moves_are_counted_with_a_saved_game_where_they_do():
    """Every choice option naming a recorded decision (IMPERATOR: IMP-1 leftover, IMP-2 reveal,
    IMP-11 propraetor) is played under its other reading on the same seeds; the counts are the
    games whose moves and winners differ, recounted here, and the saved game stops where the
    first change comes."""
    from rometools.core.playtest import rule_decisions

    game = rometools.load_game("imperator", players=3)
    rows = rule_decisions(game, 8, seed=2)
    assert rows == rule_decisions(game, 8, seed=2)
    assert {(r["decision"], r["option"], r["other"]) for r in rows} == {
        ("IMP-1", "leftover", "discard"), ("IMP-2", "reveal", "at_once"), ("IMP-11", "propraetor", "none")}
    rules = game.spec.rules
    for r in rows:
        other = rometools.load_game("imperator", players=3, **{r["option"]: r["other"]})
        changed = 0
        for i in range(8):
            a = play(game, ["greedy"] * 3, np.random.SeedSequence([2, i]))
            b = play(other, ["greedy"] * 3, np.random.SeedSequence([2, i]))
            changed += rules.action_history(a) != rules.action_history(b)
        assert r["moves_changed"] == changed and r["winner_changed"] <= changed
        if changed:
            state = load_saved_game(r["saved_game"])
            i = r["seed"][1]
            a = play(game, ["greedy"] * 3, np.random.SeedSequence([2, i]))
            b = play(other, ["greedy"] * 3, np.random.SeedSequence([2, i]))
            k = len(rules.action_history(state))
            assert rules.action_history(a)[:k] == rules.action_history(b)[:k] == rules.action_history(state)
            assert rules.action_history(a)[k] != rules.action_history(b)[k]
    assert any(r["moves_changed"] for r in rows)
    # Via Romana's one choice option naming a decision: VR-13's milestone colour, which settles moves
    rows = rule_decisions("via_romana", 2)
    assert [(r["decision"], r["option"], r["reading"], r["other"], r["games"]) for r in rows] == [
        ("VR-13", "milestone_colour", "space", "road", 2)]
    assert rows[0]["moves_changed"] == 2   # the road reading opens milestones the space reading refuses


def test_the_report_says_which_hot_spots_are_taken_late():
    """A place first taken late is taken by whoever is ahead by then: the page names such places
    (mean ``when`` past LATE) and says what their lift measures; places taken early are not named."""
    import dataclasses

    from rometools.charts.playtest import LATE, report_page
    from rometools.core.playtest import playtest

    def spot(place, when, lift):
        return {"place": place, "games": 40, "taken": 30, "share": 0.75, "when": when, "taker_wins": 20,
                "taker_win_rate": 0.67, "low": 0.49, "high": 0.81, "fair": 0.5, "seat_expected": 0.67 - lift,
                "lift": lift, "lift_low": lift - 0.18, "lift_high": lift + 0.14}

    pt = dataclasses.replace(playtest("pig", 4, seed=1), spots=[spot("Colchis", 0.84, 0.58), spot("Roma", 0.10, 0.2),
                                                               spot("Ostia", LATE, 0.1)])
    page = report_page(pt)
    late = re.search(r"<p class='note'>Taken late \(on average past 50% of the game\): ([^.]*)\.", page)
    assert late and late.group(1) == "Colchis"          # Ostia at exactly LATE is not past it
    assert "measure who is already winning" in page
    on_time = dataclasses.replace(pt, spots=[spot("Roma", 0.10, 0.2)])
    assert "Taken late" not in report_page(on_time)


# ----------------------------------------------------------------- issue 47: the report under hostile use
def _interrupted_after(k):
    """A simulate that plays ``k`` games and then stops as Ctrl-C stops it (rows kept, attrs said)."""
    from rometools.core import simulate as simulate_module

    real = simulate_module.simulate

    def stopped(game, n_games, **kwargs):
        df = real(game, min(k, n_games), **{**kwargs, "progress": False})
        df.attrs["interrupted"] = True
        return df
    return stopped


def test_ctrl_c_in_any_part_stops_the_whole_report_and_writes_nothing(tmp_path, capsys, monkeypatch):
    """Item 1: Ctrl-C cut the seat-balance run to 22 of 400 games, every other part went on, the command
    exited 0 and the page said "400 games" over a table of 22. Now the playtest stops, the command
    writes no page, gives the name back and exits 3, saying so."""
    from rometools.core import simulate as simulate_module
    from rometools.core.playtest import playtest

    monkeypatch.setattr(simulate_module, "simulate", _interrupted_after(3))
    with pytest.raises(KeyboardInterrupt):
        playtest("pig", 40, seed=1)
    out = tmp_path / "pig.html"
    assert main(["report", "pig", "--games", "40", "--out", str(out), "--quiet"]) == 3
    err = capsys.readouterr().err
    assert "INTERRUPTED (Ctrl-C)" in err and f"nothing was written to {out}" in err
    assert list(tmp_path.iterdir()) == []


def test_the_skill_curve_and_the_paired_variant_stop_too(monkeypatch):
    from rometools.core import simulate as simulate_module
    from rometools.core.playtest import playtest
    from rometools.core.search import skill_curve

    real_simulate = simulate_module.simulate
    monkeypatch.setattr(simulate_module, "simulate", _interrupted_after(2))
    with pytest.raises(KeyboardInterrupt):
        skill_curve("pig", [3], 5, 1)
    monkeypatch.setattr(simulate_module, "simulate", real_simulate)
    from rometools.core import playtest as playtest_module

    real_compare = playtest_module.compare_games   # the paired variant's comparison stopped (Ctrl-C)
    monkeypatch.setattr(playtest_module, "compare_games", lambda a, b, **k: real_compare(a, b, **{**k, "stop": lambda: True}))
    with pytest.raises(KeyboardInterrupt):
        playtest("pig", 6, seed=1, compare={"target": 50}, restricted_games=0, spot_games=0, hole_games=1)


def test_out_is_claimed_before_any_game_and_written_whole(tmp_path, capsys, monkeypatch):
    """Item 2: the name was neither claimed at once nor written atomically: a killed run left a
    truncated page that blocked a re-run, two runs to one name both said "written" and one page
    was lost, and ``--out /proc/self/r.html`` passed the first check, played every game, then ended
    in a traceback."""
    import os
    import stat

    from rometools import _cli_files as cli_files
    from rometools.core import playtest as playtest_module

    played = []
    real = playtest_module.playtest
    monkeypatch.setattr(playtest_module, "playtest", lambda *a, **k: played.append(1) or real(*a, **k))
    args = ["report", "pig", "--games", "6", "--quiet", "--out"]
    assert main([*args, "/proc/self/r.html"]) == 2
    assert "--out /proc/self/r.html: cannot be created" in capsys.readouterr().err and played == []
    out = tmp_path / "pig.html"
    out.write_text(f"{cli_files.CLAIM_MARK}{os.getpid()}\n")   # a run in progress (this process: alive)
    assert main([*args, str(out)]) == 2
    assert f"another rometools run (process {os.getpid()}) is writing it" in capsys.readouterr().err
    assert played == []
    dead = _dead_pid()
    out.write_text(f"{cli_files.CLAIM_MARK}{dead}\n")   # a killed run's claim: taken over
    assert main([*args, str(out)]) == 0 and played == [1]
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask   # a page others may read, as any new file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pig.html"]   # no temporary file left
    assert main([*args, str(out)]) == 2 and "the file exists" in capsys.readouterr().err


def _dead_pid() -> int:
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.parametrize("argv,words", [
    (["--compare", "zzz=1"], "--compare zzz=1: Pig has no option 'zzz'"),
    (["--compare", "target=-5"], "--compare target=-5"),
    (["--shift-games", "10000000"], "--shift-games must be a whole number 0 to 100,000, got 10,000,000"),
    (["--skill-games", "10000000"], "--skill-games must be a whole number 0 to 100,000, got 10,000,000"),
    (["--spot-games", "-1"], "--spot-games must be a whole number 0 to 100,000, got -1"),
])
def test_every_argument_is_checked_before_any_game(tmp_path, capsys, monkeypatch, argv, words):
    """Item 3: ``--compare zzz=1`` was refused only after the seat-balance run; ``--shift-games 10**7``
    ran for hours. Each is refused before the first game, naming its flag."""
    from rometools.core import playtest as playtest_module

    played = []
    monkeypatch.setattr(playtest_module, "playtest", lambda *a, **k: played.append(1))
    out = tmp_path / "pig.html"
    assert main(["report", "pig", "--games", "6", "--quiet", "--out", str(out), *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err) < 400 and played == [] and not out.exists()


@pytest.mark.parametrize("command", [["simulate", "pig", "--games", "1"], ["compare", "pig", "--set", "target=50"],
                                     ["tune", "pig", "--parameter", "target", "--values", "50,60"]])
def test_an_mcts_bot_of_hours_per_game_is_refused_on_the_command_line(command, capsys):
    """Item 3: ``--bots mcts:1000000`` was taken: a move took minutes, a game hours."""
    assert main([*command, "--bots", "mcts:1000000", "--quiet"]) == 2
    assert "--bots mcts:1000000: at most 10,000 simulations per move from the command line" in capsys.readouterr().err


def test_the_page_names_files_by_their_name_not_their_folders(tmp_path):
    """Item 12: the report printed the absolute path of a ``--compare`` file (and of the game's own
    board), telling every reader of the page the folders of the machine that made it."""
    import shutil

    from rometools.core.data import bundled_file

    board = tmp_path / "secret-folder" / "my_board.toml"
    board.parent.mkdir()
    shutil.copyfile(bundled_file("via_romana", "board.toml"), board)
    page = report(rometools.load_game("via_romana", players=2, board=str(board)), 4, seed=1, restricted_games=0,
                  hole_games=1, spot_games=0, compare={"board": str(board)})
    assert "secret-folder" not in page and str(tmp_path) not in page
    assert "variant board my_board.toml, paired on the same seeds" in page   # a heading: short, as a headline


def test_a_variants_report_names_the_variant_and_lists_its_edits():
    """Trial A item 1: ``report --variant gold.toml`` said "components=components.toml, handicap=...": no
    variant name, no edits, the edited components shown as the published file, and "reproducible from
    the seed" untrue without the edits."""
    from rometools.charts.playtest import report_page
    from rometools.core.variants import Variant

    gold = Variant("caesars_empire", "cheaper gold, P4 +2", {"players": 4, "handicap": {4: 2}},
                   {"components": {"tables.gold.points.1": 3, "road_bonus.points": 12}})
    pt = playtest(gold.load(), 4, restricted_games=0, hole_games=1, spot_games=0, flow_games=0)
    page = report_page(pt)
    head = page.split("<h2>")[0]
    assert "variant &#x27;cheaper gold, P4 +2&#x27;" in head
    assert "tables.gold.points.1 = 3" in head and "road_bonus.points = 12" in head
    assert "components.toml edited by the variant (not the published file)" in head
    # the list of the variant's changes says each as the headlines do (option_short), not at length
    assert "<li>handicap seat 4: +2 points</li>" in head
    assert "a seat handicap (a design tool, not a rule)" not in head
    assert "--variant" in head and "with this variant" in head
    assert "components=components.toml" not in page
    # the variant file on the page loads back to the same variant
    toml = html.unescape(head.split("<pre>")[1].split("</pre>")[0])
    assert Variant.from_toml(toml) == gold


def test_options_and_rules_decisions_are_said_in_words_not_ids():
    """Trial A item 3: "VR-13 | milestone_colour = space | road", "the safeguard max_turns (VR-9)",
    "skill_games=0", "The variant dangerous_ties=True" reached the page."""
    from rometools.charts.playtest import report_page

    pt = playtest("via_romana", 4, players=2, restricted_games=0, hole_games=2, spot_games=0, flow_games=2,
                  compare={"dangerous_ties": True})
    page = report_page(pt)
    text = html.unescape(page)
    assert "The variant dangerous ties on, paired" in text
    assert "dangerous_ties" not in text and "skill_games" not in text and "max_turns" not in text
    assert "milestone_colour" not in text
    assert "the card that places a milestone on a road space (VR-13)" in text
    assert "a safeguard" in text and "(VR-9)" in text


def test_counts_and_units_line_up_on_the_page_and_in_the_explorer():
    """Trial A item 4: hot spots read 100 of 200 games unexplained; "Game length: 159.5 decisions"
    beside "How it plays"' 26.9 turns; restricted play's 30 of 40 games unexplained; the explorer
    promised "the report page has a chart per figure" with no way to get it."""
    from rometools.charts.playtest import report_page
    from rometools.widgets import PlaytestReport

    pt = playtest("via_romana", 12, players=3, hole_games=1, spot_games=6, restricted_games=0, seed=2)
    page = html.unescape(report_page(pt))
    dur, dec = pt.flow.metrics["duration"], pt.flow.metrics["decisions"]
    length = page.split("<h2>Score spread and game length</h2>")[1].split("<h2>")[0]
    assert f"Game length: {dur.value:.1f} turns on average" in length and f"[{dec.value:.1f} decisions" in length
    assert "The hot spots read 6 games, not the 12 of the seat balance" in page
    ex = PlaytestReport("pig", players=2, games=40, seed=1)
    assert "Each strategy: 10 seeds (a quarter of the 40 games of the seat balance, at least 5)" in ex.summary
    assert "20 games" in ex.summary and "the report page has a chart per figure" not in ex.summary


@pytest.mark.parametrize("at", ["seat balance", "game flow", "restricted play", "rule holes", "rules decisions",
                                "hot spots", "player counts", "skill curve", "variant"])
def test_a_stop_ends_every_part_of_the_playtest(at):
    """Trial A item 5: a stop (the explorer's Stop) is heard in every part, and the playtest ends there
    with no part's figures, as Ctrl-C does; the parts after it play no game."""
    seen: list[str] = []

    def progress(part, done, total):
        seen.append(part)

    stop = lambda: at in seen   # noqa: E731 - asked at each game: true once the part has begun
    with pytest.raises(KeyboardInterrupt):
        playtest("imperator", 8, players=2, seed=1, hole_games=1, spot_games=5, shift_games=2, skill_games=1,
                 skill_budgets=(2,), compare={"rounds": 3}, flow_games=2, stop=stop, progress=progress)
    later = {"seat balance": 0, "game flow": 1, "restricted play": 2, "rule holes": 3, "rules decisions": 4,
             "hot spots": 5, "player counts": 6, "skill curve": 7, "variant": 8}
    assert at in seen and all(later[p] <= later[at] for p in seen if p in later)


def test_the_explorer_clears_an_old_refusal_when_a_valid_run_starts(monkeypatch):
    """Trial A item 5: a refusal stayed on screen during the next valid run."""
    from rometools.widgets import PlaytestReport
    from rometools.widgets import playtest as module

    ex = PlaytestReport("pig", players=2, games=6, seed=3)
    assert ex.set_values(games=0) is False and "got 0" in ex.message
    during = []
    real = module.playtest
    monkeypatch.setattr(module, "playtest", lambda *a, **k: (during.append(ex.message), real(*a, **k))[1])
    assert ex.run() is True
    assert during == [""]



def test_the_explorer_refuses_each_bad_number_box_as_typed_not_at_run():
    """Trial F6: Games = 0 and Seed = -1 said nothing until Run, which then named Games only (the
    next Run named Seed). Each box is now refused as it is typed, in the words of every explorer,
    and goes back to the last run's value; the Run clicked right after (the click sent the refused
    value) plays what the boxes show and says which box was put back (it once played nothing and
    left the refusal on screen); a good value typed since clears the refusal, and then nothing is
    said at Run."""
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport("pig", players=2, games=6, seed=3)
    last = ex.playtest
    kept = "the summary and the charts still show the last run"
    ex._games.set_state({"value": "0"})            # what the browser sends on Enter or leaving the box
    assert ex.message == f"Cannot update: Games must be a whole number 1 to 20,000, got 0 (Games put back to 6; {kept})"
    assert ex._games.value == 6
    ex._seed.set_state({"value": "-1"})
    assert ex.message == ("Cannot update: Seed must be a whole number 0 to 999,999,999, got -1 "
                          f"(Seed put back to 3; {kept})")
    assert (ex._games.value, ex._seed.value) == (6, 3)
    ex._skill.set_state({"value": "1.5"})
    assert ex.message.startswith("Cannot update: Skill-curve games must be a whole number 0 to 2,000, got 1.5")
    assert ex.run() and ex.playtest is not last and ex.playtest.n_games == 6   # the click's Run plays the boxes
    assert ex.message == ("Note: The value typed in Skill-curve games, 1.5, was refused (Skill-curve games must "
                          "be a whole number 0 to 2,000, got 1.5) and put back: Run plays Skill-curve games 0, as "
                          "the box reads now.")
    last = ex.playtest
    ex._seed.set_state({"value": "-1"})
    ex._games.set_state({"value": "7"})            # a good value typed clears the refusal; nothing plays
    assert ex.message == "" and ex.playtest is last and ex._seed.value == 3
    assert ex.run() and ex.playtest is not last and ex.playtest.n_games == 7 and ex.message == ""


def test_a_bad_number_typed_before_the_first_run_is_refused_at_once_and_again_at_run():
    """Opened without a run there is no value to put back: the box keeps what was typed, and
    every Run refuses it in the same words until a whole number is typed."""
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport("pig", players=2, games=6, run=False)
    ex._games.set_state({"value": "0"})
    refusal = "Cannot update: Games must be a whole number 1 to 20,000, got 0 ("
    assert ex.message.startswith(refusal) and ex._games.value == 0
    assert ex.run() is False and ex.playtest is None and ex.message.startswith(refusal)
    assert ex.run() is False and ex.playtest is None and ex.message.startswith(refusal)
    ex._games.set_state({"value": "5"})
    assert ex.message == "" and ex.run() and ex.playtest.n_games == 5


def test_a_variant_the_game_refuses_is_refused_as_typed_not_at_run():
    """Trial F6: ``hand=5`` typed for Caesar's Empire (which has no hand) said nothing until Run. It
    is refused on Enter, the box keeping what was typed (Run refuses it again, in the same words);
    a good variant typed clears the refusal and nothing plays until Run."""
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport("pig", players=2, games=6, seed=3)
    last = ex.playtest
    assert ex._variant.continuous_update is False      # sent on Enter or leaving the box, not each key
    ex._variant.value = "hand=5"
    refusal = ex.message
    assert refusal.startswith("Cannot update: Variant: Pig has no option 'hand'; its options are ")
    assert refusal.endswith("(the summary and the charts still show the last run)")
    assert ex._variant.value == "hand=5" and ex.playtest is last
    assert ex.run() is False and ex.message == refusal and ex.playtest is last
    ex._variant.value = "players=3"
    assert ex.message == "Cannot update: Variant: give the player count in Players, not in the variant's options " \
                         "(the summary and the charts still show the last run)"
    ex._variant.value = "target=0"
    assert ex.message.startswith("Cannot update: Variant: ") and "target" in ex.message
    ex._variant.value = "target=60"
    assert ex.message == "" and ex.playtest is last
    assert ex.run() and ex.playtest.comparison is not None



def test_a_typed_variants_refusal_follows_the_game_chosen():
    """The refusal stays true for the controls set: a variant one game refuses and another takes is
    refused, cleared and refused again as the game changes."""
    from rometools.widgets import PlaytestReport

    ex = PlaytestReport("caesars_empire", run=False)
    ex._variant.value = "hand=5"
    assert ex.message.startswith("Cannot update: Variant: Caesar's Empire has no option 'hand'")
    ex._game.value = "via_romana"
    assert ex.message == "" and ex._variant.value == "hand=5"
    ex._game.value = "caesars_empire"
    assert ex.message.startswith("Cannot update: Variant: Caesar's Empire has no option 'hand'")

@pytest.mark.parametrize("wait", [True, False])
def test_the_explorers_stop_ends_every_part_and_says_so(monkeypatch, wait):
    """Trial A item 5: 3000 games ran 149 s with no way out. Stop (pressed here when the hot spots
    begin) ends the run; the page says it was stopped and keeps the last whole run's figures."""
    from rometools.widgets import PlaytestReport
    from rometools.widgets import playtest as module

    ex = PlaytestReport("imperator", players=2, games=6, seed=3)
    last = ex.playtest
    real = module.playtest

    def pressed_stop(*args, **kwargs):
        tick = kwargs["progress"]

        def progress(part, done, total):
            if part == "hot spots":
                ex._stop.click()
            tick(part, done, total)
        return real(*args, **{**kwargs, "progress": progress})

    monkeypatch.setattr(module, "playtest", pressed_stop)
    ex._seed.value = 4
    assert ex.run(wait=wait) is (not wait)   # in a thread: started
    assert ex.wait(60) and not ex.running
    assert ex.message.startswith("Stopped on request in hot spots, after") and "none of its figures" in ex.message
    assert ex.playtest is last and ex._stop.disabled and "seed 3" in ex.summary


def test_the_hot_spots_game_count_is_a_report_flag(tmp_path, capsys, monkeypatch):
    """The hot spots played min(--games, 100) games and no flag changed it: ``--spot-games N`` does (0 skips
    them), named in ``report --help``, passed to the playtest as ``spot_games``."""
    from rometools.core import playtest as playtest_module

    seen = {}

    def record(game, n_games, **options):
        seen.update(options)
        raise KeyboardInterrupt   # nothing more to play: the flag's value is what is tested

    monkeypatch.setattr(playtest_module, "playtest", record)
    assert main(["report", "imperator", "--games", "6", "--spot-games", "400", "--quiet",
                 "--out", str(tmp_path / "i.html")]) == 3
    assert seen["spot_games"] == 400
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    assert "--spot-games SPOT_GAMES" in " ".join(capsys.readouterr().out.split())


def test_the_playtest_explorer_opens_a_saved_variant_file(tmp_path):
    """The studio saves variant files and ``rometools report --variant FILE`` plays one, but PlaytestReport
    could not open one. ``load(path)`` (and ``variant_file=``) plays it: its game, its players, its edits;
    a broken file is refused naming it, every control as it was; another game plays as published."""
    from rometools.widgets import PlaytestReport

    path = tmp_path / "rich.toml"
    rometools.Variant("via_romana", name="rich goals", options={"players": 3},
                      edits={"components": {"goals.points": 7}}).save(path)
    ex = PlaytestReport("pig", games=6, run=False)
    assert ex.load(path) is True
    game = ex.playtest.game
    assert (game.spec.id, game.players) == ("via_romana", 3) and game.variant.name == "rich goals"
    assert "Plays the saved variant <b>variant &#x27;rich goals&#x27; (edits the components data: 1 value)</b>" \
        in ex._played.value
    broken = tmp_path / "broken.toml"
    broken.write_text('[variant]\ngame = "via_romana"\n[options]\nhand = 9\n')
    assert ex.load(broken) is False and "Variant file: " in ex.message and "hand" in ex.message
    assert ex.playtest.game is game and ex._game.value == "via_romana"
    assert ex.set_values(game="pig", players=9) is False and ex._loaded.name == "rich goals"   # all or nothing
    assert ex.set_values(game="pig") is True and ex._played.value == "" and ex.playtest.game.spec.id == "pig"
    opened = PlaytestReport(games=6, variant_file=path)
    assert opened.playtest.game.players == 3 and opened.playtest.game.variant.name == "rich goals"
