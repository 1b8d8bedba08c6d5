"""Push your luck (issue 45, class 4): totals built until a stop or a bust, checked three ways.

* brute force: every order of the bag's tokens (Quacks), a recursion over the running
  total (Pig), every roll of a pool;
* a published figure: Pig's "hold at 20" scores 8.14 points a turn (Neller and Presser,
  "Optimal play of the dice game Pig", 2004);
* the seeded twins, within 99.9% intervals.
"""

from fractions import Fraction
from functools import cache

import pytest
from brute import orders

from rometools.draws import Bag, Die, Pool, at_most, count, n_distinct, total

CONFIDENCE = 0.999
CHIPS = {"white1": 4, "white2": 2, "white3": 1, "orange": 1, "green": 2}
WHITES = {"white1": 1, "white2": 2, "white3": 3, "orange": 0, "green": 0}
POT = {"white1": 1, "white2": 2, "white3": 3, "orange": 1, "green": 2}


def _brute_run(bag, stop, bust, read):
    """(end, read value, steps) -> probability, by walking every order of the tokens."""
    out = {}
    for order, p in orders(bag):
        drawn = {k: 0 for k in bag}
        end, t = "exhausted", len(order)
        for i, token in enumerate(order + (None,)):
            s, b = stop(drawn), bust(drawn)
            if s or b:
                end, t = ("bust" if b else "stop"), i
                break
            if token is None:
                break
            drawn[token] += 1
        key = (end, read(drawn), t)
        out[key] = out.get(key, 0) + p
    return out


@pytest.fixture(scope="module")
def quacks_brute():
    small = {"white1": 3, "white2": 2, "white3": 1, "orange": 1, "green": 1}  # 8 chips: 3,360 orders
    return small, _brute_run(small, lambda d: sum(POT[k] * c for k, c in d.items()) >= 10,
                             lambda d: sum(WHITES[k] * c for k, c in d.items()) >= 8,
                             lambda d: sum(POT[k] * c for k, c in d.items()))


def test_quacks_pot_and_explosion_match_every_order(quacks_brute):
    small, brute = quacks_brute
    run = Bag(small).draws_until(total(POT) >= 10, bust=total(WHITES) >= 8)
    for end in ("stop", "bust", "exhausted"):
        assert run.ends()[end] == sum((p for (e, _, _), p in brute.items() if e == end), Fraction(0))
    law = {}
    for (_, v, _), p in brute.items():
        law[v] = law.get(v, 0) + p
    assert run.law(total(POT)) == dict(sorted(law.items()))
    steps = {}
    for (_, _, t), p in brute.items():
        steps[t] = steps.get(t, 0) + p
    assert run.pmf() == dict(sorted(steps.items()))
    assert run.mean_steps() == sum(t * p for t, p in steps.items())


def test_quacks_exploded_pots_score_nothing(quacks_brute):
    small, brute = quacks_brute
    run = Bag(small).draws_until(total(POT) >= 10, bust=total(WHITES) >= 8)
    expected = sum((v * p for (e, v, _), p in brute.items() if e != "bust"), Fraction(0))
    assert run.mean(total(POT), if_bust=0) == expected


def test_stop_on_kinds_reached_and_counts_without_replacement():
    """Draw until 3 colours show or 2 reds (a bust): kinds reached are followed per kind."""
    bag = {"red": 3, "blue": 2, "green": 1}
    run = Bag(bag).draws_until(n_distinct() >= 3, bust=count("red") >= 2)
    brute = _brute_run(bag, lambda d: sum(c > 0 for c in d.values()) >= 3, lambda d: d["red"] >= 2,
                       lambda d: d["red"])
    assert run.prob_bust() == sum((p for (e, _, _), p in brute.items() if e == "bust"), Fraction(0))
    law = {}
    for (_, v, _), p in brute.items():
        law[v] = law.get(v, 0) + p
    assert run.law(count("red")) == dict(sorted(law.items()))


@cache
def _pig(turn_total: int, target: int) -> tuple[Fraction, Fraction]:
    """(P(bust), E[banked points]) of a d6 rolled from ``turn_total`` until ``target``, a 1 busting."""
    if turn_total >= target:
        return Fraction(0), Fraction(turn_total)
    bust, score = Fraction(1, 6), Fraction(0)
    for face in range(2, 7):
        b, s = _pig(turn_total + face, target)
        bust += b / 6
        score += s / 6
    return bust, score


@pytest.mark.parametrize("target", [2, 10, 20, 25])
def test_pig_hold_at_target_matches_the_recursion(target):
    pig = Die.d(6).rolls_until(total() >= target, bust=count(1) >= 1)
    bust, score = _pig(0, target)
    assert pig.prob_bust() == bust
    assert pig.mean(if_bust=0) == score


def test_pig_hold_at_20_is_the_published_8_14():
    pig = Die.d(6).rolls_until(total() >= 20, bust=count(1) >= 1)
    assert round(float(pig.mean(if_bust=0)), 2) == 8.14


def test_a_pool_rerolled_with_blank_faces_loops_exactly():
    """A die with blanks: a roll that adds nothing is a loop, summed as a geometric series."""
    die = Die([0, 0, 1, 2, 3, "skull"])
    values = {0: 0, 1: 1, 2: 2, 3: 3, "skull": 0}
    run = Pool([die, die]).rolls_until(total(values) >= 4, bust=count("skull") >= 2)

    # brute force by a recursion on (total capped at 4, skulls capped at 2), loops solved
    @cache
    def solve(t, s):
        if s >= 2:
            return Fraction(1)
        if t >= 4:
            return Fraction(0)
        faces = [0, 0, 1, 2, 3, "skull"]
        stay, rest = Fraction(0), Fraction(0)
        for a in faces:
            for b in faces:
                t2 = t + sum(values[f] for f in (a, b))
                s2 = s + (a == "skull") + (b == "skull")
                if (t2, s2) == (t, s):
                    stay += Fraction(1, 36)
                else:
                    rest += Fraction(1, 36) * solve(min(t2, 4), min(s2, 2))
        return rest / (1 - stay)

    assert run.prob_bust() == solve(0, 0)
    with pytest.raises(ValueError, match="pass max_steps"):
        run.pmf()
    assert sum(run.pmf(200).values()) < 1


def test_twins_agree():
    pig = Die.d(6).rolls_until(total() >= 20, bust=count(1) >= 1)
    sim = pig.simulate(20_000, rng=4, confidence=CONFIDENCE)
    assert sim.prob_bust().contains(pig.prob_bust())
    assert sim.mean(if_bust=0).contains(pig.mean(if_bust=0))
    assert sim.mean_steps().contains(pig.mean_steps())
    run = Bag(CHIPS).draws_until(total(POT) >= 10, bust=total(WHITES) >= 8)
    sim = run.simulate(20_000, rng=5, confidence=CONFIDENCE)
    for end, est in sim.ends().items():
        assert est.contains(run.ends()[end]), end
    assert sim.mean(if_bust=0).contains(run.mean(if_bust=0))


def test_conditions_that_can_turn_false_are_refused():
    with pytest.raises(ValueError, match="bust must stay true once met; .*upper bound"):
        Die.d(6).rolls_until(total() >= 10, bust=at_most(count(1), 2))
    with pytest.raises(ValueError, match="negative value"):
        Die([-1, 1, 2]).rolls_until(total() >= 10)
    with pytest.raises(ValueError, match="only for a bag drawn without replacement"):
        Die.d(6).rolls_until(n_distinct() >= 3)
    with pytest.raises(ValueError, match="ties must be one of bust, stop"):
        Die.d(6).rolls_until(total() >= 10, ties="player")
    with pytest.raises(ValueError, match="never ends"):
        Die([0]).rolls_until(total() >= 1).prob_stop()
