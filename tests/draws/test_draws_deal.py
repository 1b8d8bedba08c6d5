"""rometools.draws: hands, displays and turn order dealt at once (against enumeration)."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from rometools.draws import Bag, any_at_least, at_least, n_distinct, present


def _deals(bag: Bag, sizes):
    """Every distinct ordering of the tokens, cut into hands (small bags only)."""
    tokens = [k for k, n in bag.items() for _ in range(n)]
    orders = set(permutations(tokens))
    for order in orders:
        hands, at = [], 0
        for h in sizes:
            hands.append(Counter(order[at:at + h]))
            at += h
        yield hands


def _brute(bag: Bag, sizes, test) -> Fraction:
    hits = total = 0
    for hands in _deals(bag, sizes):
        total += 1
        hits += bool(test(hands))
    return Fraction(hits, total)


SMALL = Bag({"red": 3, "blue": 2, "gold": 2})


@pytest.mark.parametrize("sizes", [[2, 2], [3, 2, 1], [2, 2, 2], [1, 1, 1, 1]])
def test_joint_conditions_match_enumeration(sizes):
    deal = SMALL.deal(sizes)
    mixed = present("red") & present("blue")
    assert deal.prob_all(present("red")) == _brute(SMALL, sizes, lambda hs: all(h["red"] for h in hs))
    assert deal.prob_any(mixed) == _brute(SMALL, sizes, lambda hs: any(h["red"] and h["blue"] for h in hs))
    conds = [present("gold")] + [None] * (len(sizes) - 2) + [at_least("red", 1) | present("blue")]
    assert deal.prob(conds) == _brute(
        SMALL, sizes, lambda hs: hs[0]["gold"] and (hs[-1]["red"] or hs[-1]["blue"]))


def test_split_matches_enumeration():
    deal = SMALL.deal([3, 2])
    law = deal.split(["red", "gold"])
    brute = Counter()
    n = 0
    for hands in _deals(SMALL, [3, 2]):
        brute[tuple(h["red"] + h["gold"] for h in hands)] += 1
        n += 1
    assert law == {k: Fraction(v, n) for k, v in brute.items()}


def test_hand_is_a_plain_draw():
    deal = Bag({"yellow": 4, "other": 16}).deal([4] * 5)
    assert deal.hand(3).law("yellow") == Bag({"yellow": 4, "other": 16}).draw(4).law("yellow")
    with pytest.raises(ValueError, match="hand 5 does not exist: hands are 0 to 4"):
        deal.hand(5)


def test_turn_order_is_a_deal():
    # 3 players take tiles in turn from a stack of 12 (3 gold): the first player's
    # tiles are positions 1, 4, 7, 10, which is a uniform hand of 4
    stack = Bag({"gold": 3, "plain": 9})
    mine = stack.deal([4, 4, 4]).hand(0)
    assert mine.prob(present("gold")) == 1 - Fraction(9 * 8 * 7 * 6, 12 * 11 * 10 * 9)
    # P(someone other than me gets all three gold)
    assert stack.deal([4, 4, 4]).prob_any(at_least("gold", 3), hands=[1, 2]) == 2 * Fraction(4 * 3 * 2, 12 * 11 * 10)


def test_opponent_with_a_pair_in_a_card_game():
    deck = Bag({rank: 4 for rank in range(13)})
    deal = deck.deal([5, 5, 5, 5])
    p = deal.prob_any(any_at_least(2), hands=[1, 2, 3])
    one_hand = deck.draw(5).prob(any_at_least(2))
    assert one_hand < p < 1 - (1 - one_hand) ** 3 + Fraction(1, 100)  # near independence
    assert deal.prob_all(n_distinct() >= 1, hands=[0]) == 1


def test_deal_errors():
    with pytest.raises(ValueError, match="cannot deal hands of \\[4, 4\\] \\(8 tokens\\) from a bag of 7"):
        SMALL.deal([4, 4])
    with pytest.raises(ValueError, match="hand sizes must be >= 0"):
        SMALL.deal([2, -1])
    with pytest.raises(ValueError, match="one condition \\(or None\\) per hand: 2 hands, got 1"):
        SMALL.deal([2, 2]).prob([present("red")])
