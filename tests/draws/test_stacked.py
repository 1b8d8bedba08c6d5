"""Stacked decks and displays (issue 45, class 6): every order of every pile, and the seeded twins."""

from fractions import Fraction
from itertools import product

import pytest
from brute import orders

from rometools.draws import Display, at_least, exactly, present, stacked

CONFIDENCE = 0.999


def _decks(piles):
    """Every stacked deck (each pile in every order) with its probability."""
    for parts in product(*[orders(p) for p in piles]):
        deck, p = (), Fraction(1)
        for order, q in parts:
            deck += order
            p *= q
        yield deck, p


PILES = [
    [{"epidemic": 1, "other": 4}] * 2,
    [{"epidemic": 1, "other": 2}, {"epidemic": 1, "other": 3}, {"epidemic": 1, "other": 2}],
    [{"epidemic": 2, "other": 3}, {"epidemic": 1, "event": 1, "other": 2}],
]


@pytest.mark.parametrize("piles", PILES)
@pytest.mark.parametrize("per_turn", [2, 3])
def test_same_turn_matches_every_deck(piles, per_turn):
    deck = stacked(piles)
    for k in (1, 2):
        brute = sum((p for cards, p in _decks(piles)
                     if any(sum(c == "epidemic" for c in cards[t:t + per_turn]) >= k
                            for t in range(0, len(cards), per_turn))), Fraction(0))
        assert deck.prob_together("epidemic", per_turn, k=k) == brute
    brute = sum((p for cards, p in _decks(piles)
                 if any(sum(c == "epidemic" for c in cards[t:t + per_turn]) >= 2
                        for t in range(0, 2 * per_turn, per_turn))), Fraction(0))
    assert deck.prob_together("epidemic", per_turn, turns=2) == brute


@pytest.mark.parametrize("piles", PILES)
def test_positions_and_top_cards_match_every_deck(piles):
    deck = stacked(piles)
    for j in (1, 2):
        brute: dict = {}
        for cards, p in _decks(piles):
            pos = [i + 1 for i, c in enumerate(cards) if c == "epidemic"][j - 1]
            brute[pos] = brute.get(pos, 0) + p
        assert deck.position_law("epidemic", j) == dict(sorted(brute.items()))
        turns: dict = {}
        for pos, p in brute.items():
            turns[(pos - 1) // 2 + 1] = turns.get((pos - 1) // 2 + 1, 0) + p
        assert deck.turn_law("epidemic", 2, j) == dict(sorted(turns.items()))
    for n in (3, 6):
        brute = {}
        for cards, p in _decks(piles):
            v = sum(c == "epidemic" for c in cards[:n])
            brute[v] = brute.get(v, 0) + p
        assert deck.draw(n).law("epidemic") == dict(sorted(brute.items()))
        cond = at_least("epidemic", 1) & ~present("other")
        assert deck.draw(n).prob(cond) == sum((p for cards, p in _decks(piles)
                                               if "epidemic" in cards[:n] and "other" not in cards[:n]),
                                              Fraction(0))


def _display_brute(deck, size, wipe_at, max_wipes=None, kept=None):
    """Every order of the deck, the rule played card by card: (locos showing, wipes) -> p."""
    out: dict = {}
    for cards, p in orders(deck):
        show = list(kept or [])
        i, wipes = 0, 0
        while True:
            need = min(size - len(show), len(cards) - i)
            show += cards[i:i + need]
            i += need
            can = max_wipes is None or wipes < max_wipes
            if can and show.count("loco") >= wipe_at and len(cards) - i >= size:
                show, wipes = [], wipes + 1
                continue
            break
        key = (show.count("loco"), wipes)
        out[key] = out.get(key, 0) + p
    return out


@pytest.mark.parametrize("max_wipes", [None, 1])
def test_display_opening_matches_every_order(max_wipes):
    deck = {"loco": 3, "other": 5}
    law = Display(deck, 3, at_least("loco", 2), max_wipes=max_wipes).opening()
    brute = _display_brute(deck, 3, 2, max_wipes)
    locos, wipes = {}, {}
    for (shown, w), p in brute.items():
        locos[shown] = locos.get(shown, 0) + p
        wipes[w] = wipes.get(w, 0) + p
    assert law.law("loco") == dict(sorted(locos.items()))
    assert law.wipes() == dict(sorted(wipes.items()))
    assert law.prob(exactly("loco", 1)) == locos.get(1, 0)


def test_display_after_a_take_matches_every_order():
    """Showing 1 loco and 2 others of 3, an other is taken: one card refills (then wipes)."""
    deck_left = {"loco": 2, "other": 3}  # the deck less the three showing
    display = Display({"loco": 3, "other": 5}, 3, at_least("loco", 2))
    law = display.after_take({"loco": 1, "other": 2}, "other")
    brute = _display_brute(deck_left, 3, 2, kept=["loco", "other"])
    locos = {}
    for (shown, _), p in brute.items():
        locos[shown] = locos.get(shown, 0) + p
    assert law.law("loco") == dict(sorted(locos.items()))


def test_twins_agree():
    deck = stacked(PILES[1])
    sim = deck.simulate(20_000, rng=3, confidence=CONFIDENCE)
    assert sim.prob_together("epidemic", 2).contains(deck.prob_together("epidemic", 2))
    exact = deck.turn_law("epidemic", 2, 2)
    assert all(est.contains(exact[t]) for t, est in sim.turn_law("epidemic", 2, 2).items())
    market = Display({"loco": 14, "other": 96}, 5, at_least("loco", 3))
    sim = market.simulate(20_000, rng=4, confidence=CONFIDENCE)
    opening = market.opening()
    assert sim.prob_wipe.contains(opening.prob_wipe)
    assert all(est.contains(opening.law("loco")[v]) for v, est in sim.law("loco").items())


def test_bad_stacks_and_displays_are_refused():
    with pytest.raises(ValueError, match="at least one pile"):
        stacked([])
    with pytest.raises(ValueError, match="pile 1 is empty"):
        stacked([{"a": 1}, {"a": 0}])
    with pytest.raises(ValueError, match="size must be 1 to 8"):
        Display({"loco": 3, "other": 5}, 9, at_least("loco", 2))
    with pytest.raises(ValueError, match="cannot take 'loco': it is not showing"):
        Display({"loco": 3, "other": 5}, 3, at_least("loco", 2)).after_take({"other": 3}, "loco")
    from rometools.draws import n_distinct

    with pytest.raises(ValueError, match="reads counts of kinds"):
        Display({"loco": 3, "other": 5}, 3, n_distinct() >= 2)
