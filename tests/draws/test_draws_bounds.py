"""Unbounded work refused before it starts (issue 47, items 7 and 8).

Every public ``simulate`` / ``trials`` argument of :mod:`rometools.draws` and of the games'
odds twins is bounded: samples are kept compact and drawn in batches, and a request beyond
the bound is refused at once, naming the bound. The exact engine prices its work before
doing it and raises :class:`~rometools.draws.TooLargeError` naming the simulate route.
Each refusal here comes before any sampling or big-integer work, so these tests are quick.
"""

import tracemalloc

import numpy as np
import pytest

from rometools.draws import (
    Bag,
    TooLargeError,
    any_at_least,
    at_least,
    n_distinct,
    present,
    some_absent,
)
from rometools.draws.simulate import MAX_BYTES, MAX_LOOPED_TRIALS, MAX_TRIALS, check_trials

RGY = Bag({"red": 3, "green": 2, "yellow": 1})
HUGE = [10**9, 10**30, MAX_TRIALS + 1]


def _twins():
    """Every simulate twin of rometools.draws, as (name, call with trials)."""
    from rometools.draws import (
        Die,
        Pool,
        Record,
        count,
        simulate_contest,
        simulate_majority,
        simulate_roll_off,
        stacked,
        total,
    )

    draw = RGY.draw(3)
    pool = Pool([Die.d(6)] * 3)
    return [
        ("Pool.simulate", lambda t: pool.simulate(t, rng=1)),
        ("simulate_contest", lambda t: simulate_contest(pool, pool, t, rng=1)),
        ("simulate_roll_off", lambda t: simulate_roll_off([pool, pool], t, rng=1)),
        ("simulate_majority", lambda t: simulate_majority([pool, pool], t, rng=1, of=total())),
        ("PushYourLuck.simulate", lambda t: Die.d(6).rolls_until(total() >= 20, bust=count(1) >= 1).simulate(t)),
        ("Stack.simulate", lambda t: stacked([{"a": 1, "b": 2}]).simulate(t, rng=1)),
        ("Record.simulate_seat_test", lambda t: Record.from_counts([3, 1]).simulate_seat_test(t, rng=1)),
        ("Draw.simulate", lambda t: draw.simulate(t, rng=1)),
        ("Draw.simulate with replacement", lambda t: RGY.draw(3, replace=True).simulate(t, rng=1)),
        ("Bag.simulate", lambda t: RGY.simulate(t, rng=1)),
        ("DrawsUntil.simulate", lambda t: RGY.draws_until(present("yellow")).simulate(t, rng=1)),
        ("DrawsUntil.simulate with replacement",
         lambda t: RGY.draws_until(present("yellow"), replace=True).simulate(t, rng=1)),
        ("Deal.simulate", lambda t: RGY.deal([2, 2]).simulate(t, rng=1)),
    ]


@pytest.mark.parametrize("trials", HUGE)
@pytest.mark.parametrize("twin", _twins(), ids=lambda tw: tw[0])
def test_too_many_trials_are_refused_naming_the_bound(twin, trials):
    with pytest.raises(ValueError, match=r"trials must be at most 10,000,000"):
        twin[1](trials)


@pytest.mark.parametrize("trials", [10**9, MAX_LOOPED_TRIALS + 1])
def test_a_display_twin_loops_and_takes_fewer(trials):
    from rometools.draws import Display

    market = Display({"loco": 14, "other": 96}, 5, at_least("loco", 3))
    with pytest.raises(ValueError, match=r"trials must be at most 1,000,000"):
        market.simulate(trials, rng=1)


def test_push_your_luck_twins_that_never_end_stop_with_a_message(monkeypatch):
    import rometools.draws.luck as luck
    from rometools.draws import Die, total

    monkeypatch.setattr(luck, "MAX_SIMULATION_WORK", 50_000)
    with pytest.raises(TooLargeError, match=r"still going after .* rolls.*ask fewer trials"):
        Die([0, 0, 1]).rolls_until(total() >= 10**6).simulate(1000, rng=1)


@pytest.mark.parametrize("bad", [1, 0, -5, 2.5, True, "100", None])
@pytest.mark.parametrize("twin", _twins(), ids=lambda tw: tw[0])
def test_trials_that_are_no_count_are_refused(twin, bad):
    with pytest.raises(ValueError, match=r"trials must be an int >= 2"):
        twin[1](bad)


def test_memory_is_bounded_by_the_kinds_kept_per_trial():
    """10,000 kinds kept per trial: 10,000,000 trials would need 100 GB; refused with the most it takes."""
    wide = Bag(dict.fromkeys(range(10_000), 1))
    most = MAX_BYTES // 10_000
    with pytest.raises(ValueError, match=f"at most {most:,} for this question"):
        wide.draw(5).simulate(most + 1, rng=1)
    assert wide.draw(5).simulate(1000, rng=1).counts.shape == (1000, 10_000)


def test_the_samples_are_compact_and_drawn_in_batches():
    """A million seeded draws keep one byte per kind and never hold a big temporary array."""
    tracemalloc.start()
    try:
        sim = RGY.draw(3).simulate(1_000_000, rng=5)
        estimate = sim.prob(some_absent())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert sim.counts.dtype == np.uint8 and sim.counts.nbytes == 3_000_000
    assert peak < 48 * 2**20, f"peak {peak / 2**20:.0f} MiB"  # int64 counts alone would be 24 MiB
    assert estimate.contains(RGY.draw(3).prob(some_absent()))


def test_same_seed_same_estimates_across_batches():
    """Batching does not change what a seed gives: the same seed, the same counts."""
    a = RGY.draw(3).simulate(300_000, rng=9)
    b = RGY.draw(3).simulate(300_000, rng=9)
    assert np.array_equal(a.counts, b.counts)
    law = a.law("red")
    assert sum(e.successes for e in law.values()) == 300_000


def test_simulated_runs_until_a_rare_condition_stop_with_a_message(monkeypatch):
    """max_draws is bounded, and runs that never meet the condition end with an error, not a hang."""
    never = Bag({"x": 0, "y": 5}).draws_until(present("x"), replace=True)
    with pytest.raises(ValueError, match=r"max_draws must be 1 to 1,000,000"):
        never.simulate(100, rng=1, max_draws=10**30)
    with pytest.raises(ValueError, match=r"never met within max_draws=1000000 draws"):
        never.simulate(10_000, rng=1, max_draws=1_000_000)
    rare = Bag({"x": 1, "y": 10**6}).draws_until(present("x"), replace=True)
    with pytest.raises(ValueError, match=r"still unmet after max_draws=50 draws in 100 of 100 runs"):
        rare.simulate(100, rng=1, max_draws=50)
    import rometools.draws.until as until

    monkeypatch.setattr(until, "MAX_SIMULATION_WORK", 100_000)  # the bound's logic, at a test's size
    with pytest.raises(TooLargeError, match=r"more than 100,000 draws; ask fewer trials"):
        rare.simulate(1000, rng=1, max_draws=1_000_000)


def test_simulated_sequences_are_bounded_in_length():
    with pytest.raises(ValueError, match=r"max_draws must be at most 100,000 draws"):
        RGY.simulate(100, rng=1, replace=True, max_draws=10**30)
    with pytest.raises(ValueError, match=r"trials must be at most 26,843 for this question"):
        RGY.simulate(100_000, rng=1, replace=True, max_draws=10_000)


def test_draws_until_with_replacement_is_followed_only_so_far():
    """survival(10**30) was a power of 10**30 digits; pmf(10**30) never ended."""
    until = Bag(dict.fromkeys(range(6), 1)).draws_until(n_distinct() >= 6, replace=True)
    with pytest.raises(TooLargeError, match=r"followed to 20,000 draws.*until\.simulate"):
        until.cdf(10**30)
    with pytest.raises(TooLargeError, match=r"at most 2,000 draws"):
        until.pmf(10**30)
    assert sum(until.pmf(200).values()) == until.cdf(200)
    plain = Bag({"x": 1, "y": 3}).draws_until(present("x"))
    assert plain.pmf(10**30) == plain.pmf()


def test_hypergeometric_laws_too_large_are_refused():
    from rometools.draws import hypergeometric_distribution, hypergeometric_pmf

    with pytest.raises(TooLargeError, match=r"too large to compute exactly"):
        hypergeometric_pmf(5, 10**30, 10**29, 10**29)
    with pytest.raises(TooLargeError, match=r"too large"):
        hypergeometric_distribution(10**8, 10**7, 10**7)
    assert hypergeometric_pmf(0, 10**30, 10, 10) > 0.99  # a small draw from a huge population is fine


def test_check_trials_in_a_games_words():
    with pytest.raises(ValueError, match=r"^trials must be a positive int, got 0$"):
        check_trials(0, low=1, message="trials must be a positive int, got {value}")
    assert check_trials(1, low=1) == 1
    with pytest.raises(ValueError, match=r"at most 1,000,000"):
        check_trials(MAX_LOOPED_TRIALS + 1, limit=MAX_LOOPED_TRIALS)


# ------------------------------------------------------------------ the exact engine
def test_a_million_token_bag_is_priced_before_the_work():
    """Issue 47's reproducer ran 20 s; it is refused at once, with the estimate and the route."""
    bag = Bag({"a": 500_000, "b": 500_000})
    with pytest.raises(TooLargeError, match=r"would take more than 3 s \(about .* estimated.*draw\.simulate"):
        bag.draw(1000).prob(at_least("a", 500))
    with pytest.raises(TooLargeError, match=r"drawing 1,000,000 of 1,000,000 tokens needs series .*simulate"):
        Bag({"a": 999_999, "b": 1}).draws_until(present("b")).mean()
    assert bag.draw(200).prob(at_least("a", 100)) > 0.5  # what fits is still answered exactly


def test_eight_hands_of_six_from_the_via_romana_deck_are_refused():
    from rometools.via_romana.odds import card_bag

    deck = card_bag()
    with pytest.raises(TooLargeError, match=r"joint law of 8 hands .*deal\.simulate"):
        deck.deal([6] * 8).prob_any(any_at_least(2))
    colours = sorted({k[0] for k in deck.kinds})
    fort = at_least([k for k in deck.kinds if k[0] == colours[0]], 2)
    for c in colours[1:]:
        fort = fort | at_least([k for k in deck.kinds if k[0] == c], 2)
    with pytest.raises(TooLargeError, match=r"joint law of 8 hands"):
        deck.deal([6] * 8).prob_any(fort)


# ------------------------------------------------------------------ the games' odds twins
def _game_twins():
    from rometools.augustus.several import simulate_several_objectives
    from rometools.augustus.simulate import simulate_completion
    from rometools.caesars_empire.odds import sample_treasure_points, simulate_setup
    from rometools.imperator.odds import RevealModel, simulate_reveals

    return [
        ("caesars_empire simulate_setup", lambda t: simulate_setup(players=4, trials=t, rng=1)),
        ("caesars_empire sample_treasure_points", lambda t: sample_treasure_points(3, trials=t, rng=1)),
        ("imperator simulate_reveals", lambda t: simulate_reveals("propraetor", RevealModel(4, 2), trials=t)),
        ("augustus simulate_completion", lambda t: simulate_completion({"dagger": 1}, 10, t, rng=1)),
        ("augustus simulate_several_objectives",
         lambda t: simulate_several_objectives([{"dagger": 1}], 10, t, rng=1)),
    ]


@pytest.mark.parametrize("trials", [10**9, 10**30, MAX_LOOPED_TRIALS + 1])
@pytest.mark.parametrize("twin", _game_twins(), ids=lambda tw: tw[0])
def test_the_games_twins_refuse_too_many_trials(twin, trials):
    with pytest.raises(ValueError, match=r"trials must be at most 1,000,000"):
        twin[1](trials)


def test_augustus_draw_tokens_and_horizons_are_bounded():
    from rometools.augustus.odds import completion_cdf, draw_tokens
    from rometools.augustus.several import several_objectives_cdf
    from rometools.augustus.simulate import simulate_completion

    with pytest.raises(TooLargeError, match=r"at most 10,000 draws.*simulate_completion"):
        draw_tokens(10**30, rng=1)
    assert len(draw_tokens(10_000, rng=1)) == 10_000
    for call in (lambda: completion_cdf({"dagger": 1}, 10**30),
                 lambda: simulate_completion({"dagger": 1}, 10**30, 100, rng=1),
                 lambda: several_objectives_cdf([{"dagger": 1}], 10**30)):
        with pytest.raises(ValueError, match=r"max_draws must be 0 to 10,000 draws"):
            call()
