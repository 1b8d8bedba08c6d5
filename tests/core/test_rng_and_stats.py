import numpy as np
import pytest

from rometools.core.rng import as_generator
from rometools.core.stats import proportion_estimate


def test_same_seed_same_stream_and_generator_passthrough():
    assert as_generator(42).integers(0, 10**9) == as_generator(42).integers(0, 10**9)
    g = np.random.default_rng(3)
    assert as_generator(g) is g


@pytest.mark.parametrize("bad", [1.5, "seed", True, object()])
def test_rejects_non_spec7_rng(bad):
    with pytest.raises(TypeError, match="rng must be"):
        as_generator(bad)


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
