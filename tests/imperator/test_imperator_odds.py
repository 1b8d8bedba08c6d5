"""Reward-tile odds: the hypergeometric set-up, the exact reveal chain, its simulation twin,
the protocol game itself, and the strongest worker value.

Rulebook: 004_c0d35faf86920c09.txt, Setup, Rewards, Reward Tile Sheet; IMP-1 to IMP-3.
"""

from __future__ import annotations

import zlib
from fractions import Fraction
from math import comb

import pytest
from imperator_helpers import board
from scipy import stats

from rometools.core.stats import proportion_estimate
from rometools.draws import hypergeometric_pmf
from rometools.imperator import (
    CHANCE,
    PASS,
    TILE_KINDS,
    GameConfig,
    RevealModel,
    apply,
    chance_outcomes,
    current_player,
    load_components,
    new_game,
    prob_kind_on_board,
    prob_kind_revealed,
    prob_strongest,
    reveal_curves,
    reveal_odds,
    simulate_reveals,
    simulate_reveals_by_kind,
)
from rometools.imperator.rules import replace

COMPS = load_components()


# ----------------------------------------------------------------- round 1: the hypergeometric
@pytest.mark.parametrize("kind", TILE_KINDS)
def test_round_one_is_the_hypergeometric_formula(kind):
    k = COMPS.kind_counts[kind]
    for regions in range(0, 21):
        p = prob_kind_revealed(kind, regions)
        assert p == 1 - Fraction(comb(20 - k, regions), comb(20, regions))             # the formula
        assert p == 1 - hypergeometric_pmf(0, 20, k, regions)                          # rometools.draws
        assert float(p) == pytest.approx(stats.hypergeom(M=20, n=k, N=regions).sf(0), abs=1e-12)  # scipy
        assert prob_kind_on_board(kind, regions) == p


def test_round_one_values_by_hand():
    assert prob_kind_revealed("instant_points", 4) == 1 - Fraction(comb(10, 4), comb(20, 4)) == Fraction(309, 323)
    assert prob_kind_revealed("t14", 7) == Fraction(7, 20)                # one tile: regions / 20
    assert prob_kind_revealed(["t14", "t15"], 4) == Fraction(7, 19)        # like the two any-value tiles
    assert prob_kind_revealed("propraetor", 0) == 0 and prob_kind_revealed("usable_once", 15) == 1


# ----------------------------------------------------------------- later rounds: exact chain
MODELS = [
    RevealModel(7, 5),                                                    # the bundled board, 5 players
    RevealModel(4, 2, leftover="discard", reveal="at_once", hold_rounds=2),
    RevealModel(6, 4, hold_rounds=0),
    RevealModel(5, 3, leftover="discard"),
]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: f"{m.regions}-{m.claimed}-{m.leftover}-{m.reveal}-"
                                                        f"{m.hold_rounds}")
def test_the_exact_chain_agrees_with_seeded_simulation(model):
    rounds, trials = 7, 3000
    for kind in ("instant_points", "any_worker_value"):
        exact = reveal_odds(kind, model, rounds)
        sim = simulate_reveals(kind, model, rounds, trials=trials, rng=zlib.crc32(f"{kind}/{model.regions}".encode()))
        for r in range(rounds):
            for name in ("revealed", "on_board", "reshuffle"):
                p, est = getattr(exact, name)[r], getattr(sim, name)[r]
                wide = proportion_estimate(est.successes, trials, confidence=0.9999)
                assert wide.contains(float(p)), (kind, r + 1, name, float(p), est)
        assert exact.revealed[0] == prob_kind_revealed(kind, model.regions)
        assert all(0 <= x <= 1 for x in exact.revealed + exact.on_board + exact.share_revealed)


@pytest.mark.parametrize("model", MODELS[:2], ids=["7-5", "4-2-discard-at_once-2"])
def test_kinds_counted_in_the_same_trials_give_each_kinds_own_simulation(model):
    kinds = ["instant_points", "any_worker_value", "t03", ("t01", "t02")]
    together = simulate_reveals_by_kind(kinds, model, 5, trials=300, rng=11)
    assert together == [simulate_reveals(kind, model, 5, trials=300, rng=11) for kind in kinds]
    with pytest.raises(ValueError, match="trials must be a whole number"):
        simulate_reveals_by_kind(kinds, model, trials=0)


def test_facts_of_the_chain():
    m = RevealModel(7, 5)
    # 7 + 5 + 5 = 17 tiles before round 4 needs 5 more from a stack of 3: a reshuffle for sure
    assert reveal_odds("t01", m, 5).reshuffle == (0, 0, 0, 1, 0)
    # nobody wins anything: round 2 reveals nothing and the board keeps its tiles
    idle = reveal_odds("political_influence", RevealModel(7, 0), 3)
    assert idle.revealed == (Fraction(7, 20), 0, 0) and idle.on_board == (Fraction(7, 20),) * 3
    # every tile discarded every round: round 2 sees 7 fresh tiles from the 13 left
    d = reveal_odds("t14", RevealModel(7, 0, leftover="discard"), 2)
    assert d.revealed[1] == Fraction(13, 20) * Fraction(7, 13)
    # by hand: 4 regions, 2 won, round 2 refills 2 from the 16 left
    assert prob_kind_revealed("any_worker_value", 4, round=2, claimed=2) == Fraction(37, 190)
    curves = reveal_curves(2, rounds=2)
    assert curves["any_worker_value"].revealed == (Fraction(7, 19), Fraction(37, 190))
    assert curves["instant_points"].mean_revealed[0] == Fraction(4 * 10, 20)


def _protocol_law(cfg, rounds):
    """The law of (tiles revealed in each round, tiles on the board in each round) in the protocol
    game itself, every chance node and every choice enumerated exactly: each seat places a 1 on a
    uniformly random region that holds a tile and no worker (a kind-blind claim), so the won tiles
    are a uniform choice, as the model assumes."""
    lay, zero = cfg.layout, (0,) * cfg.players
    law = {(new_game(cfg), (frozenset(),) * rounds, (None,) * rounds): Fraction(1)}
    done: dict[tuple, Fraction] = {}
    while law:
        nxt: dict[tuple, Fraction] = {}
        for (s, rev, on), p in law.items():
            if s.phase == "over":
                done[rev, on] = done.get((rev, on), 0) + p
                continue
            r = s.round - 1
            if s.phase == "place" and s.turn == 0 and on[r] is None:  # the round's board, after its refill
                on = on[:r] + (frozenset(t for t in s.tiles if t is not None),) + on[r + 1:]
            if current_player(s) == CHANCE:
                branches = [(apply(s, t), q, t) for t, q in chance_outcomes(s)]
            else:
                spots = [(reg, 1) for reg, t, o in zip(lay.regions, s.tiles, s.occupant, strict=True)
                         if t is not None and o < 0] or [PASS]
                branches = [(apply(s, a), Fraction(1, len(spots)), None) for a in spots]
            for t, q, tile in branches:
                # what the tile flow does not read is dropped, so equal flows merge
                # (which seat holds a tile does not matter to the flow either)
                held = (tuple(sorted(x for h in t.held for x in h)),) + ((),) * (cfg.players - 1)
                flow = replace(t, history=(), points=zero, political=zero, stock=cfg.stock, track=zero, held=held)
                seen = rev if tile is None else rev[:r] + (rev[r] | {tile},) + rev[r + 1:]
                nxt[flow, seen, on] = nxt.get((flow, seen, on), 0) + p * q
        law = nxt
    return done


@pytest.mark.parametrize("options", [
    {},
    {"leftover": "discard"},
    {"reveal": "at_once", "hold_rounds": 2},
    {"leftover": "discard", "reveal": "at_once", "hold_rounds": 0},
])
def test_the_exact_chain_equals_the_protocol_game(small_tiles, options):
    """The rules' own tile flow (stack, claims, held tiles, discard, reshuffle) gives exactly the chain's
    numbers when the claims are kind-blind (6 tiles, 3 regions, 2 seats, 3 rounds: round 3 reshuffles).
    This test found a real bug (tallies reduced by a divisor of the states' weights only)."""
    cfg = GameConfig(players=2, board=board(["a", "b", "c"], [], players=(2,)), components=small_tiles,
                     rounds=3, workers=(1, 1), **options)
    model = RevealModel.for_game(cfg)
    done = _protocol_law(cfg, 3)
    assert sum(done.values()) == 1
    for selected in ({"t1", "t2"}, {"t4"}, {"t5", "t6"}, {"t3", "t6"}):
        exact = reveal_odds(sorted(selected), model, 3)
        for r in range(3):
            assert exact.revealed[r] == sum((p for (rev, _), p in done.items() if rev[r] & selected), Fraction(0))
            assert exact.on_board[r] == sum((p for (_, on), p in done.items() if on[r] & selected), Fraction(0))
        assert exact.reshuffle[2] > 0


# ----------------------------------------------------------------- the strongest value
def test_prob_strongest():
    # round 1: 10 of the 20 tiles show a 1
    assert [prob_strongest(v) for v in (1, 2, 3, 4, 5)] == [Fraction(1, 2), 0, 0, 0, Fraction(1, 2)]
    assert prob_strongest(4, [3]) == Fraction(1, 2) == prob_strongest(4, [5]) and prob_strongest(4, [3, 5]) == 0
    assert prob_strongest(2, [4, 5]) == Fraction(1, 2) and prob_strongest(3, [3]) == 0
    m = RevealModel(7, 5)
    for r in range(1, 6):
        ones, fives = prob_strongest(1, round=r, model=m), prob_strongest(5, round=r, model=m)
        assert ones + fives == 1 and prob_strongest(3, round=r, model=m) == 0
    # until the first reshuffle every revealed tile is a uniform one of the 20: half show a 1
    assert [prob_strongest(1, round=r, model=m) for r in (2, 3)] == [Fraction(1, 2)] * 2
    # then the discard pile is reshuffled: instant tiles (6 of 11 show a 1) come back at once,
    # held ones (4 of 9) a round later, so a 1 is a little more likely to be strongest
    assert prob_strongest(1, round=4, model=m) == Fraction(43997741, 87297210) > Fraction(1, 2)


# ----------------------------------------------------------------- bad arguments
@pytest.mark.parametrize("call,message", [
    (lambda: prob_kind_revealed("gold", 4), "kind must be a tile kind"),
    (lambda: prob_kind_revealed("t99", 4), "kind must be a tile kind"),
    (lambda: prob_kind_revealed("usable_once", 21), "regions must be 0 to 20"),
    (lambda: prob_kind_revealed("usable_once", 4, round=2, claimed=5), "claimed must be 0 to regions=4"),
    (lambda: prob_kind_revealed("usable_once", 4, round=0), "round must be 1 to 40"),
    (lambda: prob_kind_revealed("usable_once", 4, leftover="keep"), "leftover must be one of"),
    (lambda: reveal_odds("usable_once", RevealModel(4), rounds=41), "rounds must be 1 to 40"),
    (lambda: RevealModel(4, hold_rounds=-1), "hold_rounds must be a whole number, 0 \\(kept to the end\\) or more"),
    (lambda: prob_strongest(6), "worker values are 1 to 5"),
    (lambda: prob_strongest(3, round=2), "a later round needs model="),
    (lambda: simulate_reveals("usable_once", RevealModel(4), trials=0), "trials must be a whole number"),
])
def test_bad_arguments_are_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()
