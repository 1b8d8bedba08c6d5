"""Exact Augustus bag odds, each cross-checked an independent way.

* hand-checkable anchors ({"dagger": 1}: the first of 3 useful tokens among 23);
* brute-force enumeration of every draw sequence (joker reset included) on short
  horizons of the real bag and long horizons of tiny bags;
* an independent per-draw Markov chain written here (not the leg composition);
* icepool (an independent exact library) on bags without a joker;
* seeded simulation of the rule itself at 99.9% Wilson / t intervals.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

import icepool
import pytest

from rometools.augustus import (
    JOKER_POLICIES,
    card_difficulty,
    completion_cdf,
    completion_law,
    expected_draws,
    load_components,
    next_token_odds,
    register_joker_policy,
    several_objectives_cdf,
    simulate_completion,
    simulate_several_objectives,
)

BAG = dict(load_components().bag)
NO_JOKER = {k: v for k, v in BAG.items() if k != "joker"}
CONFIDENCE = 0.999
RARITY = list(BAG)


def rarest(open_slots, bag):
    return min(open_slots, key=lambda s: (bag[s], RARITY.index(s) if s in RARITY else 0))


# ----------------------------------------------------------------- independent references
def brute_cdf(slots, horizon, bag=BAG, policy=rarest, reset=True, drawn=None):
    """P(complete within n draws), n = 1..horizon, by enumerating every draw sequence."""
    full = dict(bag)
    start = {k: full[k] - (drawn or {}).get(k, 0) for k in full}

    @cache
    def within(left, open_, k):
        if not any(n for _, n in open_):
            return Fraction(1)
        if k == 0:
            return Fraction(0)
        left_d, open_d = dict(left), dict(open_)
        total = sum(left_d.values())
        acc = Fraction(0)
        for token, c in left_d.items():
            if not c:
                continue
            nl, no = dict(left_d), dict(open_d)
            nl[token] -= 1
            if token == "joker":
                no[policy({s: n for s, n in no.items() if n}, full)] -= 1
                if reset:
                    nl = dict(full)
            elif no.get(token, 0):
                no[token] -= 1
            acc += Fraction(c, total) * within(tuple(nl.items()), tuple(no.items()), k - 1)
        return acc

    return [within(tuple(start.items()), tuple(slots.items()), n) for n in range(1, horizon + 1)]


def markov_cdf(slots, horizon, bag=BAG, policy=rarest):
    """Per-draw Markov chain with the reset: state (open slots, tokens of each symbol drawn
    since the reset, tokens drawn since the reset); exact Fractions."""
    symbols = list(slots)
    full = dict(bag)
    total, jokers = sum(full.values()), full.get("joker", 0)
    states = {(tuple(slots.values()), (0,) * len(symbols), 0): Fraction(1)}
    done, out = Fraction(0), []
    for _ in range(horizon):
        nxt = {}
        for (open_, seen, m), p in states.items():
            left = total - m
            other = left - jokers
            for i, s in enumerate(symbols):
                c = full[s] - seen[i]
                other -= c
                if not c:
                    continue
                o = list(open_)
                if o[i]:
                    o[i] -= 1
                key = (tuple(o), seen[:i] + (seen[i] + 1,) + seen[i + 1:], m + 1)
                if not any(o):
                    done += p * Fraction(c, left)
                else:
                    nxt[key] = nxt.get(key, 0) + p * Fraction(c, left)
            if jokers:
                o = list(open_)
                o[symbols.index(policy({s: n for s, n in zip(symbols, o, strict=True) if n}, full))] -= 1
                if not any(o):
                    done += p * Fraction(jokers, left)
                else:
                    key = (tuple(o), (0,) * len(symbols), 0)
                    nxt[key] = nxt.get(key, 0) + p * Fraction(jokers, left)
            if other:
                key = (open_, seen, m + 1)
                nxt[key] = nxt.get(key, 0) + p * Fraction(other, left)
        states = nxt
        out.append(done)
    return out


# ----------------------------------------------------------------- anchors
def test_one_dagger_waits_for_the_first_of_three_useful_tokens():
    assert expected_draws({"dagger": 1}) == 6 == Fraction(23 + 1, 3 + 1)
    cdf = completion_cdf({"dagger": 1}, 21)
    assert cdf == [1 - Fraction(comb(20, n), comb(23, n)) for n in range(1, 22)]
    assert completion_law({"dagger": 1})[1] == Fraction(3, 23) and max(completion_law({"dagger": 1})) == 21


def test_two_daggers_cannot_complete_without_a_joker():
    law = completion_law({"dagger": 2})
    assert sum(law.values()) == 1 and expected_draws({"dagger": 2}) == 12
    assert completion_cdf({"dagger": 2}, 1) == [0]
    # without any joker in the bag, one dagger never fills two dagger slots
    assert completion_cdf({"dagger": 2}, 22, bag=NO_JOKER)[-1] == 0
    with pytest.raises(ValueError, match="can stay incomplete"):
        expected_draws({"dagger": 2}, bag=NO_JOKER)
    # the refill spreads the wait: up to 42 draws (21 + 21), 22 without the reset
    assert max(law) == 42 and completion_cdf({"dagger": 2}, 23, reset=False)[21] == 1


def test_an_empty_objective_is_complete_at_once():
    assert completion_cdf({}, 3) == [1, 1, 1] and expected_draws({"dagger": 0}) == 0
    assert completion_law({}) == {0: 1}


# ----------------------------------------------------------------- brute force
@pytest.mark.parametrize("slots,horizon", [
    ({"dagger": 2}, 4), ({"shield": 1, "dagger": 1}, 4), ({"double_sword": 2, "standard": 1}, 4),
    ({"catapult": 1, "standard": 1, "dagger": 1}, 4), ({"chariot": 3}, 4)])
def test_completion_cdf_equals_every_draw_sequence_enumerated(slots, horizon):
    assert completion_cdf(slots, horizon) == brute_cdf(slots, horizon)
    assert completion_cdf(slots, horizon, reset=False) == brute_cdf(slots, horizon, reset=False)


def test_policies_and_a_tiny_bag_over_long_horizons():
    tiny = {"a": 2, "b": 1, "joker": 1}
    commonest = JOKER_POLICIES["commonest"]
    for slots in ({"a": 2, "b": 1}, {"b": 2}, {"a": 1, "b": 2}):
        assert completion_cdf(slots, 9, bag=tiny) == brute_cdf(slots, 9, bag=tiny)
        assert completion_cdf(slots, 9, bag=tiny, joker_policy="commonest") == brute_cdf(
            slots, 9, bag=tiny, policy=commonest)
        assert completion_cdf(slots, 4, bag=tiny, reset=False) == brute_cdf(slots, 4, bag=tiny, reset=False)


def test_starting_from_a_bag_already_drawn_from():
    drawn = {"double_sword": 3, "dagger": 1, "shield": 2}
    slots = {"dagger": 1, "shield": 1}
    assert completion_cdf(slots, 4, drawn=drawn) == brute_cdf(slots, 4, drawn=drawn)
    with pytest.raises(ValueError, match="hold no joker"):
        completion_cdf(slots, 4, drawn={"joker": 1})


# ----------------------------------------------------------------- Markov chain, icepool
@pytest.mark.parametrize("slots,horizon", [
    ({"double_sword": 2, "shield": 2, "chariot": 1, "catapult": 1}, 15),
    ({"shield": 1, "standard": 2, "dagger": 2}, 30),
    ({"double_sword": 1, "shield": 1, "chariot": 1, "catapult": 1, "standard": 1, "dagger": 1}, 12)])
def test_completion_cdf_equals_an_independent_markov_chain(slots, horizon):
    assert completion_cdf(slots, horizon) == markov_cdf(slots, horizon)


@pytest.mark.parametrize("slots", [{"double_sword": 2, "shield": 1}, {"chariot": 2, "catapult": 2, "dagger": 1}])
def test_a_bag_without_joker_agrees_with_icepool(slots):
    deck = icepool.Deck(NO_JOKER)
    wanted = [s for s, n in slots.items() for _ in range(n)]
    cdf = completion_cdf(slots, 21, bag=NO_JOKER)
    for n in (3, 8, 15):
        die = deck.deal(n).issuperset(wanted)
        assert cdf[n - 1] == Fraction(die.quantity(True), die.denominator())


# ----------------------------------------------------------------- simulation
@pytest.mark.parametrize("slots", [{"dagger": 2}, {"double_sword": 2, "shield": 2, "chariot": 1, "catapult": 1},
                                   {"standard": 3, "catapult": 1}])
def test_exact_results_against_a_seeded_simulation_of_the_rule(slots):
    sim = simulate_completion(slots, 80, 4000, rng=11, confidence=CONFIDENCE)
    assert sim.mean().contains(expected_draws(slots))
    exact = completion_cdf(slots, 80)
    estimates = sim.cdf()
    for n in (5, 10, 20):
        assert estimates[n - 1].contains(exact[n - 1])
    no_reset = simulate_completion(slots, 23, 4000, rng=12, reset=False, confidence=CONFIDENCE).cdf()
    exact = completion_cdf(slots, 23, reset=False)
    assert all(no_reset[n - 1].contains(exact[n - 1]) for n in (8, 16, 23))


# ----------------------------------------------------------------- the joker's effect
def test_the_joker_policy_matters_and_the_rarest_slot_is_best_for_one_objective():
    slots = {"double_sword": 1, "dagger": 1}
    assert expected_draws(slots) < expected_draws(slots, joker_policy="commonest")
    register_joker_policy("test-first", lambda open_slots, bag: next(iter(open_slots)))
    assert expected_draws(slots, joker_policy="test-first") == expected_draws(slots, joker_policy="commonest")
    with pytest.raises(ValueError, match="unknown joker_policy"):
        expected_draws(slots, joker_policy="best")
    with pytest.raises(ValueError, match="taken by another function"):
        register_joker_policy("rarest", lambda o, b: "x")


def test_the_reset_helps_rare_slots_and_costs_nothing_for_one_dagger():
    assert expected_draws({"dagger": 1}, reset=False) == expected_draws({"dagger": 1})
    assert completion_cdf({"dagger": 2}, 10) > completion_cdf({"dagger": 2}, 10, reset=False)


# ----------------------------------------------------------------- next token, several objectives
def test_next_token_odds_for_any_bag_state():
    odds = next_token_odds(BAG)
    assert odds["double_sword"] == Fraction(6, 23) and odds["joker"] == Fraction(2, 23) and sum(odds.values()) == 1
    assert next_token_odds({"shield": 1, "dagger": 0}) == {"shield": 1, "dagger": 0}
    for bad in ({"shield": -1}, {"shield": True}, [("shield", 1)]):
        with pytest.raises(ValueError):
            next_token_odds(bad)


def test_several_objectives_exact_against_one_objective_and_simulation():
    one = {"double_sword": 2, "shield": 1}
    assert several_objectives_cdf([one], 12).cdf == tuple(completion_cdf(one, 12))
    objectives = [{"double_sword": 2, "shield": 1}, {"chariot": 1, "catapult": 2}, {"shield": 2, "dagger": 1}]
    for legions in (7, 4):
        exact = several_objectives_cdf(objectives, 20, legions=legions)
        assert exact.method == "exact" and exact.cdf[-1] <= 1
        sim = simulate_several_objectives(objectives, 20, 4000, rng=5, legions=legions, confidence=CONFIDENCE)
        assert all(sim.cdf[n - 1].contains(exact.cdf[n - 1]) for n in (3, 6, 10))
    fewer = several_objectives_cdf(objectives, 20, legions=4).cdf
    assert all(a <= b for a, b in zip(fewer, several_objectives_cdf(objectives, 20).cdf, strict=True))


def test_several_objectives_fall_back_to_monte_carlo_and_say_so():
    objectives = [{"double_sword": 2, "shield": 2}, {"chariot": 1, "standard": 2}]
    exact = several_objectives_cdf(objectives, 8, legions=5)
    mc = several_objectives_cdf(objectives, 8, legions=5, max_states=10, trials=3000, rng=1)
    assert exact.method == "exact" and mc.method == "monte_carlo" and mc.trials == 3000
    assert mc.cdf[5].contains(exact.cdf[5])
    with pytest.raises(ValueError, match="max_states"):
        several_objectives_cdf(objectives, 8, method="exact", max_states=10)


def test_an_objective_larger_than_the_legions_is_never_aimed_at():
    odds = several_objectives_cdf([{"double_sword": 2, "shield": 2}], 30, legions=3)
    assert odds.cdf[-1] == 0


# ----------------------------------------------------------------- the card set, errors
def test_card_difficulty_ranks_the_set():
    rows = card_difficulty()
    assert len(rows) == 88
    assert [r["expected_draws"] for r in rows] == sorted((r["expected_draws"] for r in rows), reverse=True)
    two_daggers = next(r for r in rows if r["number"] == 23)
    assert two_daggers["expected_draws"] == 12 and two_daggers["slots"] == "2 daggers"


@pytest.mark.parametrize("slots,message", [
    ({"joker": 1}, "not a slot symbol"), ({"sword": 1}, "not in the bag"), ({"dagger": -1}, "whole number"),
    ({"dagger": True}, "whole number"), ({"dagger": 1.0}, "whole number"), ([("dagger",)], "mapping"),
    ([("dagger", 1), ("dagger", 2)], "given twice"),
    ({1: 1}, "strings")])
def test_bad_slots_are_named(slots, message):
    with pytest.raises(ValueError, match=message):
        completion_cdf(slots, 3)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="max_draws"):
        completion_cdf({"dagger": 1}, -1)
    with pytest.raises(ValueError, match="bag is empty"):
        completion_cdf({"dagger": 1}, 2, bag={"dagger": 0})
    with pytest.raises(ValueError, match="joker_policy"):
        completion_cdf({"dagger": 1}, 2, joker_policy=3)
    with pytest.raises(ValueError, match="trials"):
        simulate_completion({"dagger": 1}, 2, 1)


def _capped_ways_by_law(bag, joker, need, scale):
    """The leg weights ``odds._capped_ways`` counts, as the draw engine's laws give them (its
    former algorithm): one ``Bag.draw(n).law`` per ``n`` of a score encoding the capped counts of
    the slot symbols as mixed-radix digits and any joker as one more digit."""
    from itertools import product

    from rometools.draws import Bag

    counts = dict(bag)
    radix, r = [], 1
    for _, k in need:
        radix.append(r)
        r *= k + 1
    joker_digit = r
    points = {s: [min(c, k) * rad for c in range(counts[s] + 1)] for (s, k), rad in zip(need, radix, strict=True)}
    if counts.get(joker, 0):
        points[joker] = [0] + [joker_digit] * counts[joker]
    index = {v: i for i, v in enumerate(sorted(product(*(range(k + 1) for _, k in need)), key=sum))}
    out = []
    for n in range(sum(counts.values()) - counts.get(joker, 0) + 1):
        row = {}
        for value, p in Bag(counts).draw(n).law(points).items():
            if value < joker_digit:
                state = tuple((value // rad) % (k + 1) for (_, k), rad in zip(need, radix, strict=True))
                row[index[state]] = p * scale
        out.append(row)
    return out


@pytest.mark.parametrize("need", [(("dagger", 1),), (("double_sword", 2), ("dagger", 1)),
                                  (("shield", 3), ("standard", 1), ("chariot", 1)), (("catapult", 2),),
                                  (("double_sword", 1), ("shield", 1), ("standard", 1), ("dagger", 1))])
@pytest.mark.parametrize("drawn", [{}, {"shield": 2, "dagger": 1}, {"double_sword": 6}])
def test_leg_weights_counted_equal_the_draw_engines_laws(need, drawn):
    """``_capped_ways`` counts subsets with ``math.comb``; every weight equals the draw engine's
    exact law (the former algorithm) times ``T!``, from a full bag and from one drawn from."""
    from rometools.augustus import odds

    need = tuple((s, k) for s, k in need if s in BAG)
    assert need
    start = tuple((s, n - drawn.get(s, 0)) for s, n in BAG.items())
    scale = odds._scale(tuple(BAG.items()))
    odds._capped_ways.cache_clear()
    counted = odds._capped_ways(start, "joker", need, scale)
    by_law = _capped_ways_by_law(start, "joker", need, scale)
    assert [dict(row) for row in counted] == by_law
    assert all(isinstance(w, int) for row in counted for _, w in row)
