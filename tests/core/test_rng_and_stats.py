import numpy as np
import pytest

from rometools.core import _loop
from rometools.core._cython import compiled_or_plain
from rometools.core.rng import as_generator, integer_below
from rometools.core.stats import proportion_estimate


def test_same_seed_same_stream_and_generator_passthrough():
    assert as_generator(42).integers(0, 10**9) == as_generator(42).integers(0, 10**9)
    g = np.random.default_rng(3)
    assert as_generator(g) is g


@pytest.mark.parametrize("bad", [1.5, "seed", True, object()])
def test_rejects_non_spec7_rng(bad):
    with pytest.raises(TypeError, match="rng must be"):
        as_generator(bad)


@pytest.mark.parametrize("bad", [-1, np.int64(-7), -2 ** 70])
def test_a_negative_seed_is_refused_naming_rng(bad):
    with pytest.raises(ValueError, match=rf"^rng must be a seed of 0 or more, got {int(bad)}$"):
        as_generator(bad)


BOUNDS = (1, 2, 3, 5, 6, 7, 10, 55, 97, 1000, 65_537, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 5, 3 * 2 ** 30,
          2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 40, 2 ** 62)


@pytest.mark.parametrize("twin", ["plain", "compiled"])
@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937, np.random.Philox,
                                  np.random.SFC64])
def test_integer_below_draws_what_integers_draws(twin, bits):
    """integer_below(rng, n) is int(rng.integers(n)), draw for draw, for every bound a bot or a chance
    node meets and past 2**32 (where it calls integers itself), on every numpy bit generator, plain
    and compiled; the streams stay in step (the next 64-bit draw is the same)."""
    module = _loop if twin == "plain" else compiled_or_plain("rometools.core._loop")
    assert module._SAME   # the short way is taken (it checked itself on import)
    for seed in range(6):
        a, b = np.random.Generator(bits(seed)), np.random.Generator(bits(seed))
        mine = [module.integer_below(a, n) for _ in range(40) for n in BOUNDS]
        numpy = [int(b.integers(n)) for _ in range(40) for n in BOUNDS]
        assert mine == numpy
        assert all(type(x) is int for x in mine)
        assert int(a.integers(1 << 60)) == int(b.integers(1 << 60))


def test_integer_below_draws_nothing_for_one_value_and_refuses_what_integers_refuses():
    a, b = np.random.default_rng(9), np.random.default_rng(9)
    assert [integer_below(a, 1) for _ in range(5)] == [0] * 5
    assert a.integers(1 << 30) == b.integers(1 << 30)
    for bad in (0, -3):
        with pytest.raises(ValueError, match="high <= 0"):
            integer_below(a, bad)
    assert integer_below(a, np.int64(6)) == int(b.integers(6))   # a numpy integer: integers() itself


def test_integer_below_is_uniform():
    """A chi-square over 60,000 draws below 7 and below 3 * 2**30 (in 6 bins)."""
    from scipy.stats import chisquare

    g = np.random.default_rng(2026)
    small = np.bincount([integer_below(g, 7) for _ in range(60_000)], minlength=7)
    assert chisquare(small).pvalue > 0.001
    big = np.bincount([integer_below(g, 3 * 2 ** 30) // 2 ** 29 for _ in range(60_000)], minlength=6)
    assert chisquare(big).pvalue > 0.001


def test_wilson_interval_hand_value():
    # Wilson 95% for 50/100: centre 0.5, half-width 1.96*sqrt(.25/100+1.96^2/40000)/(1+1.96^2/100)
    e = proportion_estimate(50, 100)
    assert e.estimate == 0.5
    assert e.low == pytest.approx(0.4038, abs=1e-4)
    assert e.high == pytest.approx(0.5962, abs=1e-4)
    assert e.contains(0.5) and not e.contains(0.7)


def test_wilson_interval_rejects_bad_counts():
    with pytest.raises(ValueError, match="successes"):
        proportion_estimate(5, 3)


@pytest.mark.parametrize("confidence", [0.5, 0.8, 0.9, 0.95, 0.99, 0.999])
def test_wilson_interval_agrees_with_scipy(confidence):
    """The closed form (normal quantile from the standard library) against scipy's binomtest."""
    from scipy.stats import binomtest

    for trials in (1, 2, 3, 7, 20, 100, 1_000, 123_457):
        for successes in sorted({0, 1, trials // 3, trials // 2, trials - 1, trials}):
            ours = proportion_estimate(successes, trials, confidence=confidence)
            ci = binomtest(successes, trials).proportion_ci(confidence_level=confidence, method="wilson")
            assert (ours.low, ours.high) == (pytest.approx(ci.low, abs=1e-12), pytest.approx(ci.high, abs=1e-12))
            assert ours.low <= ours.estimate <= ours.high


@pytest.mark.parametrize("confidence", [0, 1, 1.5, -0.1])
def test_wilson_interval_rejects_a_confidence_outside_0_1(confidence):
    with pytest.raises(ValueError, match="confidence must be between 0 and 1"):
        proportion_estimate(1, 2, confidence=confidence)


@pytest.mark.parametrize("twin", ["plain", "compiled"])
def test_a_pcg64_state_written_through_its_capsule_is_the_state_dict_set(twin):
    """play_streams gives a seat's PCG64 a new 128-bit state once a turn by writing it where numpy keeps
    it (_fast_pcg_setter): the generator is then the one setting its state dict gives, draw for draw,
    with a 32-bit half buffered or not; any other bit generator gets no such setter."""
    module = _loop if twin == "plain" else compiled_or_plain("rometools.core._loop")
    assert module._PCG_SAME   # the short way is taken (it checked itself on import)
    rng = np.random.default_rng(9)
    for buffered in (False, True):
        a, b = np.random.Generator(np.random.PCG64(3)), np.random.Generator(np.random.PCG64(3))
        if buffered:   # a 32-bit draw leaves the other half of a 64-bit output buffered
            a.bit_generator.random_raw()
            b.bit_generator.random_raw()
            a.integers(2 ** 32, dtype=np.uint32)
            b.integers(2 ** 32, dtype=np.uint32)
        fast, held = module._fast_pcg_setter(a), b.bit_generator.state
        for _ in range(20):
            value = int.from_bytes(rng.bytes(16), "little")
            fast(value)
            held["state"]["state"] = value
            b.bit_generator.state = held
            assert a.bit_generator.state == b.bit_generator.state
            assert [module.integer_below(a, 55) for _ in range(5)] == [int(b.integers(55)) for _ in range(5)]
    assert module._fast_pcg_setter(np.random.Generator(np.random.MT19937(1))) is None


@pytest.mark.parametrize("twin", ["plain", "compiled"])
def test_a_seat_reseeded_in_place_is_the_state_dict_set(twin):
    """play_streams sets a seat's PCG64 at a new source in place (_put_seed: in C through the capsule
    when compiled, through ctypes when plain), keeping its increment and buffered half: the generator
    is then the one setting its state dict to _pcg_state(seed) gives, draw for draw."""
    module = _loop if twin == "plain" else compiled_or_plain("rometools.core._loop")
    assert module._PCG_SAME
    for buffered in (False, True):
        a, b = np.random.Generator(np.random.PCG64(5)), np.random.Generator(np.random.PCG64(5))
        if buffered:
            a.integers(2 ** 32, dtype=np.uint32)
            b.integers(2 ** 32, dtype=np.uint32)
        for seed in (0, 1, 2 ** 64 - 1, 987654321987654321, 2 ** 63):
            held = b.bit_generator.state   # b in step with a: the same buffered half
            module._put_seed(a, seed)
            held["state"]["state"] = (seed << 64) | _loop._mix(seed ^ 0x9E3779B97F4A7C15)   # SplitMix64's finaliser
            b.bit_generator.state = held
            assert a.bit_generator.state == b.bit_generator.state
            assert [module.integer_below(a, 97) for _ in range(6)] == [int(b.integers(97)) for _ in range(6)]
