"""Common random numbers that survive a variant: each source of randomness its own stream.

A game that names its sources (``GameSpec.random_source``) draws each from a counter-based stream of
its own, by a race that keeps the chance node's exact law; a variant that deals one more card to a
hand then leaves every other source's luck where it was.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import chisquare

import rometools
from rometools.core import _loop, _seeds
from rometools.core.playout import play
from rometools.core.rng import NamedStreams, seed_entropy
from rometools.core.simulate import game_streams

OUTCOMES = (0, 1, 88, 4095, 4096, -1, 10**30, "joker", "seat 2 draw 14", ("keep", 3, 5), True, 2.5)


def test_an_outcome_key_is_the_first_8_bytes_of_blake2b_of_its_repr_on_every_path():
    """A whole number 0 to 4095 (a card) reads its key from a list by index, any other outcome or
    source name from a dict: the same number either way, asked once or again (kept), and the
    compiled twin's seeds are the plain module's."""
    import hashlib

    from rometools.core._cython import compiled_or_plain

    def digest(o):
        return int.from_bytes(hashlib.blake2b(repr(o).encode(), digest_size=8).digest(), "little")

    for _ in range(2):   # computed, then kept
        assert [_loop._outcome_key(o) for o in OUTCOMES] == [digest(o) for o in OUTCOMES]
    twin = compiled_or_plain("rometools.core._loop")
    assert [twin.source_seed(3, {}, o) for o in OUTCOMES] == [_loop.source_seed(3, {}, o) for o in OUTCOMES]
    assert _loop.source_seed(3, {}, 7) != _loop.source_seed(3, {}, "7")   # a card and its name: two keys


@pytest.mark.parametrize("weights", [[1, 1], [1, 2, 3], [5, 1, 1, 1, 9], [3] * 12, [1] * 88])
def test_a_race_draws_each_outcome_with_its_exact_probability(weights):
    """Chi-square of 20,000 races against the weights' law (each slot equally likely)."""
    outcomes = [f"o{k}" for k in range(len(weights))]
    counts = Counter(_loop.race(outcomes, weights, _loop.source_seed(7, {}, f"draw {k}")) for k in range(20_000))
    total = sum(weights)
    expected = [20_000 * Fraction(w, total) for w in weights]
    assert chisquare([counts[o] for o in outcomes], [float(e) for e in expected]).pvalue > 0.001


def test_a_race_keeps_its_outcome_when_one_card_more_or_less_is_left():
    """A deck of 16 kinds, 3 cards each, against the same deck less one card: the same seed gives
    the same card unless the winner is the card that differs (1 draw in 48)."""
    kinds = [f"k{k}" for k in range(16)]
    full, less = [3] * 16, [3] * 15 + [2]
    same = sum(_loop.race(kinds, full, _loop.source_seed(1, {}, f"d{i}")) ==
               _loop.race(kinds, less, _loop.source_seed(1, {}, f"d{i}")) for i in range(4000))
    assert same / 4000 > 0.96   # an inverse-CDF draw keeps about 85% here
    many = [3] * 16
    many[3] = 4000   # beyond RACE_SLOTS: drawn by sample_weighted, still its exact law
    assert _loop.race(kinds, many, 12345) in kinds


def test_a_source_seed_is_its_own_counter():
    counts: dict = {}
    first = [_loop.source_seed(9, counts, "bag") for _ in range(3)]
    assert len(set(first)) == 3 and counts == {"bag": 3}
    other: dict = {}
    _loop.source_seed(9, other, "hand 1")   # another source's draws do not shift the bag's
    assert [_loop.source_seed(9, other, "bag") for _ in range(3)] == first


def test_named_streams_are_the_same_for_the_same_key_and_independent_by_name():
    a, b = NamedStreams(3), NamedStreams(3)
    assert a.key == b.key and a["seat 0"].integers(10**9) == b["seat 0"].integers(10**9)
    assert NamedStreams(3)["seat 0"].integers(10**9) != NamedStreams(3)["seat 1"].integers(10**9)


def _dealt(game, end, players: int, hand: int):
    """Each seat's first ``hand`` cards dealt at set-up."""
    rules = game.spec.rules
    state, out = rules.initial_state(end), {s: [] for s in range(players)}
    for action in rules.action_history(end):
        item = state.agenda[0] if state.agenda else ("",)
        if rules.current_player(state) < 0 and item[0] == "deal" and item[1] >= 0 and len(out[item[1]]) < hand:
            out[item[1]].append(action)
        state = rules.apply(state, action)
    return out


def test_a_hand_of_five_keeps_the_four_cards_a_hand_of_four_was_dealt():
    """Via Romana, hand 4 against 5 on the same seeds: by source, each seat's first four cards are
    the hand-4 deal in most (seed, seat) pairs (a card differs only where a race's winner is a card
    the other deal took); with one stream the deal shifts after seat 0's fifth card."""
    four = rometools.load_game("via_romana", players=3, hand=4)
    five = rometools.load_game("via_romana", players=3, hand=5)
    agree = {True: 0, False: 0}
    for by_source in (True, False):
        for i in range(30):
            hands = []
            for game in (four, five):
                chance, bots = game_streams(4, 30, i)
                hands.append(_dealt(game, play(game, "random", bots, chance_rng=chance, by_source=by_source), 3, 4))
            agree[by_source] += sum(hands[0][s] == hands[1][s] for s in range(3))
    assert agree[True] >= 0.8 * 90 and agree[False] <= 0.5 * 90, agree


def test_pig_seats_keep_their_dice_when_the_other_seat_plays_differently():
    """Pig by source: each seat's rolls are its own stream, so P2's first rolls are the same
    whether P1 holds at 20 or at 10 (with one stream they shift as soon as P1's turn is shorter)."""
    from pig.bots import HoldAtBot

    game = rometools.load_game("pig")

    def p2_rolls(bot, by_source):
        end = play(game, [bot, "greedy"], np.random.default_rng(1), chance_rng=np.random.default_rng(2),
                   by_source=by_source)
        rolls, state, rules = [], game.spec.rules.initial_state(end), game.spec.rules
        for a in rules.action_history(end):
            if rules.current_player(state) < 0 and state.seat == 1:
                rolls.append(a)
            state = rules.apply(state, a)
        return rolls[:12]

    assert p2_rolls("greedy", True) == p2_rolls(HoldAtBot(10), True)
    assert p2_rolls("greedy", False) != p2_rolls(HoldAtBot(10), False)


def test_games_that_name_no_source_draw_as_before():
    game = rometools.load_game("caesars_empire", players=3)
    assert game.spec.random_source is None
    assert play(game, "greedy", 5) == play(game, "greedy", 5, by_source=False)


@pytest.mark.parametrize("twin", ["plain", "compiled"])
def test_a_stream_is_numpys_generator_of_its_seed_sequence(twin):
    """_seeds.stream (each seat's stream in play: compiled, numpy's SeedSequence hash worked out in C and
    handed to PCG64) makes Generator(PCG64(SeedSequence(entropy))): the same state and increment, the
    same draws; its seed sequence's generate_state is SeedSequence's."""
    from rometools.core._cython import compiled_or_plain

    module = _seeds if twin == "plain" else compiled_or_plain("rometools.core._seeds")
    assert module._STREAM_SAME
    rng = np.random.default_rng(48)
    cases = [(0,), (2 ** 63 - 1, 0, 2 ** 32 - 1), (2 ** 32, 1, 2)]
    cases += [(int(rng.integers(2 ** 63)), int(rng.integers(2 ** 32)), int(rng.integers(2 ** 32))) for _ in range(30)]
    for entropy in cases:
        ours, numpys = module.stream(entropy), np.random.Generator(np.random.PCG64(np.random.SeedSequence(list(entropy))))
        assert ours.bit_generator.state == numpys.bit_generator.state
        assert list(ours.integers(1000, size=8)) == list(numpys.integers(1000, size=8))
    pool = _seeds._Pool([int(w) for w in np.random.SeedSequence([5, 6, 7]).pool])   # as its pools hold them
    assert list(pool.generate_state(5)) == list(np.random.SeedSequence([5, 6, 7]).generate_state(5))
    assert list(pool.generate_state(3, np.uint64)) == list(np.random.SeedSequence([5, 6, 7]).generate_state(3, np.uint64))


#: Outcomes of every kind a key is found for: card numbers (held in C arrays when compiled), numbers
#: beyond them, names, tuples, and equal outcomes of different types (1.0 == True: the dict answers
#: for both with the key of the one it met first, on either path).
KEY_CASES = [0, 7, 4095, 4096, -1, 2**62, 2**64 + 3, -(2**70), "joker", "seat 2 turn 7", ("keep", 3),
             (1, "a"), 1.0, True, False, 0.0, 2.5, None, frozenset({1, 2})]


def _both_twins():
    """(compiled twin, plain module) of ``_loop``; the test needs the twin built (tests/test_compiled_twins.py)."""
    import importlib

    twin = importlib.import_module("rometools.core._loop_c")
    assert twin is not _loop
    return twin, _loop


def test_the_compiled_twins_keys_found_by_identity_are_the_dicts_keys():
    """Compiled, an outcome other than a card number is found again by identity (``_ID_HELD``): the
    keys, asked in the same order, are the plain module's dict's on every path, equal outcomes of two
    types included, also after the dict is forgotten (the objects held by identity with it)."""
    twin, plain = _both_twins()
    calls = KEY_CASES + [1.0, True, "joker"] + KEY_CASES[::-1] + [str(k) for k in range(3000)] + KEY_CASES
    seen = []
    for module in (twin, plain):
        module._forget_keys()
        keys = [module.source_seed(3, {}, o) for o in calls]
        module._forget_keys()
        later = [module.source_seed(3, {}, o) for o in [True, 1.0, True]]   # True met first now
        seen.append((keys, later))
    assert seen[0] == seen[1]
    own = [o for o in KEY_CASES if type(o) not in (bool, float)]   # no equal outcome of another type met first
    assert [twin.source_seed(3, {}, o) for o in own] == [_digest_seed(plain, o) for o in own]
    assert seen[1][1][0] == seen[1][1][1] != seen[1][0][calls.index(True)]   # True's own key now, 1.0 shares it
    # the dict forgets beyond 65,536 names: an object found by identity is forgotten with it
    for module in (twin, plain):
        module._forget_keys()
        module.source_seed(3, {}, 1.0)
        module.source_seed(3, {}, True)   # True: 1.0's key (the dict's), and held by identity with it
        for k in range(65_537):
            module.source_seed(3, {}, f"n{k}")
        module.source_seed(3, {}, "one more")   # the dict is full: forgotten, and the identities with it
    assert twin.source_seed(3, {}, True) == plain.source_seed(3, {}, True) == _digest_seed(plain, True)


def _digest_seed(module, outcome):
    """``source_seed(3, {}, outcome)`` from the key's definition (BLAKE2b of the repr), not its caches."""
    import hashlib

    key = int.from_bytes(hashlib.blake2b(repr(outcome).encode(), digest_size=8).digest(), "little")
    return module._mix(((3 ^ key) + 0) & 0xFFFFFFFFFFFFFFFF)


def _reference_race(outcomes, weights, seed):
    """:func:`_loop.race` from its definition: weights that are whole numbers 1 to 2**31 summing to at
    most ``RACE_SLOTS`` race slot by slot (the highest key wins, a tie races again from the mixed seed);
    any others are drawn by ``sample_weighted`` from a generator seeded with ``seed``."""
    import hashlib

    mask, golden = 0xFFFFFFFFFFFFFFFF, 0x9E3779B97F4A7C15
    small = all(type(w) is int and 1 <= w <= 2**31 for w in weights)
    if not small or not weights or sum(weights) > _loop.RACE_SLOTS:
        return _loop.sample_weighted(outcomes, weights, np.random.Generator(np.random.PCG64(seed)))
    keys = [int.from_bytes(hashlib.blake2b(repr(o).encode(), digest_size=8).digest(), "little") for o in outcomes]
    while True:
        slots = [(_loop._mix(((k ^ seed) + j * golden) & mask), i) for i, (k, w) in enumerate(zip(keys, weights, strict=True))
                 for j in range(w)]
        best = max(slots)[0]
        winners = {i for u, i in slots if u == best}
        if len(winners) == 1:
            return outcomes[winners.pop()]
        seed = _loop._mix(seed ^ golden)


def test_races_and_their_weight_checks_are_the_definitions_compiled_and_plain():
    """Races of the compiled twin (weights checked in C integers, keys found by identity) and of the
    plain module against :func:`_reference_race` on random decks: the same winner or the same error,
    weights too large for a C long long, non-int weights, zero, negative and beyond ``RACE_SLOTS``
    included (the last drawn by ``sample_weighted``)."""
    twin, plain = _both_twins()
    rng = np.random.default_rng(2026)
    odd = [0, -1, 2**31, 2**31 + 1, 2**63, 2**70, 1.0, True, 3.5, None, 5000]
    kinds = [o for o in KEY_CASES if type(o) not in (bool, float)]   # no two equal outcomes of two types
    for case in range(3000):
        n = int(rng.integers(1, 30))
        outcomes = [kinds[int(rng.integers(len(kinds)))] if rng.random() < 0.3 else int(rng.integers(5000))
                    for _ in range(n)]
        weights = [int(rng.integers(1, 9)) for _ in range(n)]
        if case % 3 == 0:
            weights[int(rng.integers(n))] = odd[int(rng.integers(len(odd)))]
        seed = int(rng.integers(1 << 63))
        got = []
        for race in (twin.race, plain.race, _reference_race):
            try:
                got.append(("drew", race(outcomes, weights, seed)))
            except (ValueError, TypeError) as err:
                got.append((type(err).__name__, str(err)))
        assert got[0] == got[1] == got[2], (outcomes, weights)


@pytest.mark.parametrize("twin", ["plain", "compiled"])
def test_a_seeded_generator_is_numpys_with_its_seed_sequences_entropy_and_spawn_key(twin):
    """_seeds.seeded (a game's seed in play, simulate's streams: compiled, SeedSequence's hash of the seed
    and spawn key worked out in C) makes Generator(PCG64(SeedSequence(seed, spawn_key=key))): the same
    state and draws, the same entropy and spawn key (seed_entropy, which a game records in its state),
    the same children spawned."""
    from rometools.core._cython import compiled_or_plain

    module = _seeds if twin == "plain" else compiled_or_plain("rometools.core._seeds")
    assert module._SEEDED_SAME
    rng = np.random.default_rng(57)
    cases = [(0, ()), (5, ()), (2**32, ()), (2**70 + 3, ()), (1, (0, 0)), (1, (0, 1)), (3, (9999, 1)), (0, (2**33, 2)),
             (2**64 - 1, (7,)), (2**100, (1, 2, 3))]
    cases += [(int(rng.integers(2**63)), (int(rng.integers(10**6)), int(rng.integers(2)))) for _ in range(30)]
    for seed, key in cases:
        ours = module.seeded(seed, key)
        numpys = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=key)))
        assert ours.bit_generator.state == numpys.bit_generator.state
        assert seed_entropy(ours) == seed_entropy(numpys) == ((seed, *key) if key else seed)
        assert [c.integers(10**9) for c in ours.spawn(2)] == [c.integers(10**9) for c in numpys.spawn(2)]
        assert list(ours.integers(1000, size=8)) == list(numpys.integers(1000, size=8))


def test_a_games_seed_makes_default_rngs_generator_in_play_and_simulate():
    """play with a whole-number seed plays what it plays with default_rng(seed), and records the same
    seed; simulate's games draw from game_streams' generators (numpy's spawned sequences)."""
    from rometools.core import simulate as module

    for gid in ("caesars_empire", "imperator"):
        game = rometools.load_game(gid)
        for seed in (0, 5, 2**40):
            ours, numpys = play(game, "greedy", seed), play(game, "greedy", np.random.default_rng(seed))
            assert ours == numpys and ours.seed == numpys.seed == seed
    for index in (0, 7):
        for ours, numpys in zip(module._streams(3, index), game_streams(3, 10, index), strict=True):
            assert ours.bit_generator.state == numpys.bit_generator.state
            assert seed_entropy(ours) == seed_entropy(numpys) == (3, index, seed_entropy(numpys)[2])
