"""rometools.compare: paired games until every figure is decided, keeping the stated error rates.

The error-rate tests play many whole comparisons of a toy (``tests/toys/coin.py``: one toss, every
figure's true value known exactly) and count against a binomial bound: under identical variants the
comparisons that declare any difference, and for a known change the comparisons whose final
intervals miss a true value. Each comparison reads its intervals after every batch, so a fixed-n
interval would fail the first count (that is what a confidence sequence is for).
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from scipy.stats import binom

import rometools
from rometools.core.compare import compare
from rometools.core.errors import ArgumentError
from rometools.testing import registered

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from toys import coin  # noqa: E402

RUNS = 200
#: The stated error rate of every comparison below (confidence 0.95).
ALPHA = 0.05
#: The most failures RUNS comparisons at error rate ALPHA show, but for a chance of 1 in 1,000.
BOUND = int(binom.ppf(0.999, RUNS, ALPHA))
#: Coin's true differences, percent 60 against 50: P1 wins 10 points more, scores as its wins.
TRUTH = {"win rate P1": 0.1, "win rate P2": -0.1, "mean score P1": 0.1, "mean score P2": -0.1,
         "score spread": 0.0, "game length": 0.0}


@pytest.fixture(scope="module")
def coins():
    with registered(coin.SPEC):
        yield rometools.load_game("toy_coin"), rometools.load_game("toy_coin", percent=60)


def test_identical_variants_declare_a_difference_at_most_at_the_stated_rate(coins):
    """200 comparisons of a game with itself, on independent seeds (``paired=False``: identical
    seeds would play identical games), each read after every batch of 50 pairs up to 600."""
    same, _ = coins
    alarms = 0
    for seed in range(RUNS):
        c = compare(same, same, bots="random", seed=seed, max_games=600, batch=50, paired=False, progress=False)
        alarms += any(f.decision == "changed" for f in c.figures) or c.balance["decision"] == "changed"
    assert alarms <= BOUND, f"{alarms} false alarms in {RUNS} comparisons (at most {BOUND} at {ALPHA:.0%})"


def test_the_intervals_cover_the_true_differences_at_the_stated_rate(coins):
    """200 comparisons of a known change (P1's chance 50% -> 60%, paired): the intervals the
    comparison stops on hold every true value, but in at most the stated share of comparisons."""
    a, b = coins
    misses = decided = 0
    for seed in range(RUNS):
        c = compare(a, b, bots="random", seed=seed, max_games=600, batch=50, progress=False)
        misses += any(not f.low <= TRUTH[f.name] <= f.high for f in c.figures)
        decided += c.decided
        assert all(f.exact for f in c.figures if f.kind != "game length")   # bounds 0..1: exact intervals
    assert misses <= BOUND, f"{misses} comparisons missed a true value (at most {BOUND} at {ALPHA:.0%})"
    assert decided > RUNS // 2   # a 10-point change is decided within 600 pairs in most runs


def test_a_decided_change_is_said_with_its_interval_and_what_did_not_change(coins):
    a, b = coins
    c = compare(a, b, bots="random", seed=3, max_games=2000, batch=100, progress=False)
    assert c.stopped == "decided" and c.decided
    win = c.figure("win rate P1")
    assert win.decision == "changed" and win.low > 0 and win.low <= 0.1 <= win.high
    assert c.figure("score spread").decision == "equivalent"
    assert c.balance["decision"] == "changed"
    text = c.text
    assert "Changed: win rate P1 +" in text
    assert "Did not change by as much as the precision: score spread (within \u00b11.0 point: " in text   # singular for 1
    assert "No decision changed in any of the" in text   # the toss is all: no bot decides anything


def test_the_seat_balance_evidence_reads_at_any_size(coins):
    """Issue 43: an evidence of 91,863,325,268,401,180,377,088 printed in full; now 9.2e22 with its
    odds in words, a small one as a number, the threshold (1 / alpha) as a whole number."""
    import dataclasses

    from rometools.core.compare import comparison_text

    a, b = coins
    c = compare(a, b, bots="random", seed=3, max_games=200, batch=100, progress=False)

    def verdict(e_value, decision):
        balance = {"e_value": e_value, "threshold": 160.0, "decision": decision}
        return next(line for line in comparison_text(dataclasses.replace(c, balance=balance)).splitlines()
                    if line.startswith("Seat balance"))

    assert verdict(91_863_325_268_401_180_377_088.0, "changed") == (
        'Seat balance changed (the test across seats reached an evidence of 9.2e22 against "no seat changed": '
        'odds of more than a million to one; 160 needed).')
    assert verdict(1234.5, "changed") == ('Seat balance changed (the test across seats reached an evidence of '
                                          '1,234 against "no seat changed"; 160 needed).')
    assert verdict(3.21, None).startswith("Seat balance (did any seat's win rate change?) undecided: no change is "
                                          "shown yet (the evidence across every seat at once that some win rate "
                                          "changed stands at 3.2, where 1 or less is none at all and 160 would show "
                                          "a change)")


def test_an_undecided_figure_says_how_many_more_games_would_decide_it():
    c = compare("pig", rometools.load_game("pig", target=60), max_games=400, batch=200, progress=False)
    win = c.figure("win rate P1")
    assert c.stopped == "budget" and win.decision is None and win.more_needed > 0
    assert f"about {win.more_needed:,} more paired games would decide it" in c.text
    assert c.figure("game length").decision == "changed" and c.figure("game length").unit == "decisions"
    assert "The bots decided differently in 400 of 400 paired games" in c.text
    assert [h["pairs"] for h in c.history] == [200, 400]


def test_the_game_length_is_in_the_games_own_unit():
    c = compare(rometools.load_game("via_romana", players=2), rometools.load_game("via_romana", players=2, hand=5),
                max_games=40, batch=20, progress=False)
    assert c.figure("game length").unit == "turns" and c.pairs == 40


def test_pairing_saves_variance_and_identical_games_change_no_decision():
    pig = rometools.load_game("pig")
    c = compare(pig, pig, max_games=200, batch=100, progress=False)
    assert c.decisions["games"] == 0 and all(f.difference == 0 for f in c.figures)
    assert "No decision changed in any of the 200 paired games" in c.text
    d = compare(pig, rometools.load_game("pig", target=80), max_games=600, batch=200, progress=False)
    assert d.figure("mean score P1").variance_saved > 0.5


def test_a_stop_request_keeps_the_games_played_and_says_it_stopped():
    asked = threading.Event()
    seen = []

    def on_batch(c):
        seen.append(c.pairs)
        asked.set()

    with pytest.warns(RuntimeWarning, match="compare was stopped after 100 paired games"):
        c = compare("pig", rometools.load_game("pig", target=60), max_games=1000, batch=100, progress=False,
                    on_batch=on_batch, stop=asked)
    assert c.stopped == "stopped" and c.pairs == 100 and seen == [100]
    assert "STOPPED on request" in c.text


def test_a_variant_with_edits_names_its_handicap_and_options_in_the_title():
    """The studio's Changes ``handicap.4 = 20`` and a Gold table edit were said only as "(edits the
    components data: 1 value)": the handicap in play (P4 +19 points) was not named."""
    from rometools.core.variants import Variant

    v = Variant("caesars_empire", "handicap.4 = 20; components:tables.gold.points.1 = 3",
                {"players": 4, "handicap": {4: 20}}, {"components": {"tables.gold.points.1": 3}})
    c = compare(Variant("caesars_empire", "as published", {"players": 4}), v, max_games=20, batch=20,
                progress=False)
    assert c.title.endswith("as published against variant 'handicap.4 = 20; components:tables.gold.points.1 = 3' "
                            "with handicap seat 4: +20 points (edits the "
                            "components data: 1 value)")
    plain = Variant("via_romana", "my ties", {"players": 3, "dangerous_ties": True})
    c = compare(Variant("via_romana", "as published", {"players": 3}), plain, max_games=20, batch=20, progress=False)
    assert c.title.endswith("as published against variant 'my ties' with dangerous ties on")


def test_an_interim_verdict_says_the_run_goes_on_and_only_the_end_says_why_it_stopped(coins):
    """The studio showed an interim verdict as "Paired games: 200; stopped because every figure is
    decided" while the run went on: a snapshot says it is so far, the end says why it stopped."""
    a, b = coins
    seen = []
    c = compare(a, b, bots="random", seed=3, max_games=2000, batch=100, progress=False, on_batch=seen.append)
    assert c.stopped == "decided" and len(seen) >= 2
    for interim in seen[:-1]:
        assert interim.stopped == "running" and not interim.decided
        head = interim.text.splitlines()[0]
        assert f"Paired games so far: {interim.pairs:,}; the run goes on." in head
        assert "stopped" not in head
    assert seen[-1].stopped == "decided" and seen[-1].pairs == c.pairs
    assert f"Paired games: {c.pairs:,}; stopped because every figure is decided." in c.text
    budget = compare(a, b, bots="random", seed=3, max_games=200, batch=100, progress=False, on_batch=seen.append)
    assert seen[-1].stopped == "running" and budget.stopped == "budget"
    assert "Paired games: 200; the budget of games ended before every figure was decided." in budget.text


def test_ctrl_c_keeps_the_games_played():
    def interrupt(c):
        raise KeyboardInterrupt

    with pytest.warns(RuntimeWarning, match="stopped after 100 paired games"):
        c = compare("pig", rometools.load_game("pig", target=60), max_games=1000, batch=100, progress=False,
                    on_batch=interrupt)
    assert c.stopped == "stopped" and c.pairs == 100


def test_the_process_executor_gives_the_serial_result():
    args = ("pig", rometools.load_game("pig", target=70))
    serial = compare(*args, max_games=100, batch=50, progress=False)
    pooled = compare(*args, max_games=100, batch=50, progress=False, executor="process", workers=2)
    assert serial.figures == pooled.figures and serial.decisions == pooled.decisions


def test_variants_play_on_worker_processes_as_in_this_one():
    """A Variant travels to a worker as its TOML text (it holds read-only mappings, which do not pickle)."""
    from rometools import Variant

    base, short = Variant("pig", name="P2 +3", options={"handicap": {2: 3}}), Variant("pig", options={"target": 70})
    serial = compare(base, short, max_games=60, batch=30, progress=False)
    pooled = compare(base, short, max_games=60, batch=30, progress=False, executor="process", workers=2)
    assert serial.figures == pooled.figures and serial.title.startswith(
        "Pig, 2 players, greedy: variant 'P2 +3' with handicap seat 2: +3 points "
        "against variant target 70")


def test_restricted_play_weights_are_compared_when_asked():
    c = compare("pig", rometools.load_game("pig", target=60), restrictions=["no_hold_ahead"], max_games=60,
                batch=30, progress=False)
    weight = c.figure("weight no_hold_ahead")
    assert weight.kind == "weight" and weight.pairs == 60 and weight.exact


@pytest.mark.parametrize(("kwargs", "message", "argument"), [
    ({"variant": "via_romana"}, "base and variant must be variants of one game; the base is Pig, the variant Via Romana",
     "variant"),
    ({"variant": 3}, "variant must be a game (rometools.load_game), a game id or a Variant, got int", "variant"),
    ({"variant": rometools.load_game("pig", players=3)}, "base and variant must have the same number of players",
     "variant"),
    ({"precision": 2}, "precision is a change in win rate as a proportion between 0 and 1", "precision"),
    ({"score_precision": -1}, "score_precision must be a number above 0, got -1", "score_precision"),
    ({"confidence": 1.5}, "confidence must be a number 0.5 to 0.9999, got 1.5", "confidence"),
    ({"max_games": 0}, "max_games must be a whole number 1 to 10,000,000, got 0", "max_games"),
    ({"batch": 2.5}, "batch must be a whole number 10 to 100,000, got 2.5", "batch"),
    ({"executor": "gpu"}, "unknown executor 'gpu'; choose one of serial, process, dask", "executor"),
    ({"bots": "genius"}, "genius", "bots"),
    ({"restrictions": ["no_gold"]}, "unknown restriction 'no_gold' for Pig", "restrictions"),
    ({"address": "tcp://x:1"}, "address 'tcp://x:1' names a Dask scheduler: it needs executor='dask'", "address"),
    ({"stop": 3}, "stop must be a callable or a threading.Event, got int", "stop"),
])
def test_bad_arguments_are_refused_naming_them_before_any_game(kwargs, message, argument):
    """Each refusal names its argument in words and in ``err.argument``, from which the command names
    its flag (``--restriction no_gold: unknown restriction ...``)."""
    args = {"base": "pig", "variant": rometools.load_game("pig", target=60), **kwargs}
    with pytest.raises(ArgumentError, match=message.replace("(", r"\(").replace(")", r"\)")) as err:
        compare(args.pop("base"), args.pop("variant"), progress=False, **args)
    assert err.value.argument == argument


def test_a_figure_is_said_without_a_negative_zero():
    """A trial's verdict read "[−1.7, −0.0]": an end that rounds to zero reads 0.0."""
    from rometools.core.compare import Figure
    from rometools.core.compare_text import _said

    f = Figure("win rate P4", "win rate", "percentage points", 200, 0.0504, 0.0500, -0.0004, -0.017, -0.0004,
               0.02, None, 100, True, 0.3)
    assert _said(f) == "win rate P4 0.0 percentage points [\u22121.7, 0.0] (5.0% \u2192 5.0%)"


def test_the_title_says_options_in_their_own_words():
    """A fresh user read "as published against dangerous_ties=True": an option is said by its short name
    in words and its value (``options_short``, as every run's headline), never by its snake_case name
    nor by its whole description (a later trial read "seats at the table: 2 to 5, ...: 3")."""
    c = compare(rometools.load_game("via_romana", players=3),
                rometools.load_game("via_romana", players=3, dangerous_ties=True), max_games=20, batch=10,
                progress=False)
    assert c.title == "Via Romana, 3 players, greedy: as published against dangerous ties on"
    assert "dangerous_ties" not in c.text
    v = rometools.Variant("via_romana", options={"hand": 5, "players": 3})
    assert v.label() == "variant hand 5"
    assert rometools.Variant("via_romana", options={"start_player": 2, "players": 3}).label() == "variant start player P3"


def test_no_figure_is_said_to_need_about_0_more_games():
    """An asymptotic figure (the game length) whose interval already excludes 0 is undecided before
    100 pairs: it said "about 0 more paired games would decide it". It now says how many pairs
    remain to 100, and a decided figure says nothing of more games."""
    c = compare("pig", rometools.load_game("pig", target=60), max_games=60, batch=20, progress=False)
    length = c.figure("game length")
    assert length.decision is None and (length.low > 0 or length.high < 0)
    assert length.more_needed == 40
    assert "game length" in c.text and "about 0 more" not in c.text
    assert ("game length" in c.text and "its interval holds from 100 paired games on, 40 more, and its verdict "
            "waits for it.") in c.text
    for f in c.figures:
        assert (f.more_needed == 0) == (f.decision is not None), f
    d = compare("pig", rometools.load_game("pig", target=60), max_games=400, batch=200, progress=False)
    decided = [f for f in d.figures if f.decision is not None]
    assert decided and all(f"{f.name} " in d.text and "Undecided: " + f.name not in d.text for f in decided)


def test_amounts_are_said_with_their_units_in_the_singular_for_1():
    import dataclasses

    from rometools.core.compare import comparison_text

    c = compare("pig", rometools.load_game("pig", target=60), max_games=200, batch=100, progress=False)
    length = dataclasses.replace(c.figure("game length"), decision="equivalent", precision=1.0)
    win = dataclasses.replace(c.figure("win rate P1"), decision=None, difference=0.01, low=-0.02, high=0.04)
    text = comparison_text(dataclasses.replace(c, figures=(win, length)))
    assert "game length (within \u00b11.0 decision: " in text
    assert "win rate P1 +1.0 percentage point [\u22122.0, +4.0]" in text


def test_the_verdict_says_in_words_what_its_confidence_and_differences_are(coins):
    """A trial read "(95% for all 7 figures and tests together: each at 0.71%)" and "Changed (B − A, ...)"
    and could not say what either meant. The first lines now say that every statement holds at once with
    95% confidence, how that 5% is shared, and that a difference is the variant minus the published game,
    its interval, then both means in that order."""
    a, b = coins
    c = compare(a, b, bots="random", seed=3, max_games=2000, batch=100, progress=False)
    lines = c.text.splitlines()
    assert lines[0].endswith("Every statement below holds at once with 95% confidence: the 5% chance that any "
                             "of them is wrong is shared by the 6 figures and the seat-balance test (0.71% each), "
                             "however often the games were looked at.")
    assert "each at" not in c.text and "B \u2212 A" not in c.text
    assert c.names == ("published", "variant") and c.minus == "variant minus published"
    assert lines[1] == ("Each difference is variant minus published, with its interval [low, high], then both "
                        "means (published \u2192 variant).")
    base = compare(b, a, bots="random", seed=3, max_games=100, batch=100, progress=False)
    assert base.minus == "variant minus base" and "Each difference is variant minus base," in base.text


def test_every_figure_is_said_with_both_means_in_its_unit():
    """The game length was said changed or unchanged without its two means: both now follow every
    figure, in its unit (turns, decisions, points; win rates in %)."""
    c = compare("pig", rometools.load_game("pig", target=60), max_games=400, batch=200, progress=False)
    length = c.figure("game length")
    line = next(s for s in c.text.split("; ") if "game length" in s)
    assert (f"({length.base:.1f} \u2192 {length.variant:.1f} decisions)" in line), line
    win = c.figure("win rate P1")
    assert f"({100 * win.base:.1f}% \u2192 {100 * win.variant:.1f}%)" in c.text


def test_a_zero_width_interval_says_its_verdict_waits_for_100_paired_games(coins):
    """Every toss lasts one decision in both variants: the length's interval is [0, 0] from the first
    batch, yet undecided before 100 pairs with "no estimate yet". It now says why: its verdict waits
    for at least 100 paired games, and how many more that is."""
    a, b = coins
    c = compare(a, b, bots="random", seed=3, max_games=40, batch=20, progress=False)
    length = c.figure("game length")
    assert (length.low, length.high, length.decision, length.more_needed) == (0.0, 0.0, None, 60)
    # no "[0.0, 0.0]": an asymptotic interval before 100 pairs holds nothing, and shows none (trial59)
    assert ("Undecided: game length 0.0 decisions, no interval yet (0.0 \u2192 0.0 decisions); its interval holds "
            "from 100 paired games on, 60 more, and its verdict waits for it.") in c.text.splitlines()
    assert "no estimate yet" not in c.text


def test_the_undecided_seat_balance_says_what_it_tests_and_how_many_more_games(coins):
    """A trial read 'Seat balance undecided (evidence 0.0 against "no seat changed", 180 needed)' as
    jargon. It now says what is tested (did any seat's win rate change), what would decide it and
    about how many more paired games that takes (the most any undecided seat needs)."""
    c = compare("pig", rometools.load_game("pig", target=60), max_games=40, batch=20, progress=False)
    more = max(f.more_needed for f in c.figures if f.kind == "win rate")
    line = next(s for s in c.text.splitlines() if s.startswith("Seat balance"))
    assert line == ("Seat balance (did any seat's win rate change?) undecided: no change is shown yet (the "
                    "evidence across every seat at once that some win rate changed stands at 2.7, where 1 or less "
                    "is none at all and 140 would show a change), nor is every seat's win rate shown to stay within "
                    f"\u00b12.0 percentage points; about {more:,} more paired games would decide it (a rough guess "
                    "from only 40 paired games).")
    assert more == 2595
