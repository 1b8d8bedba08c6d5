# local check only (not committed): the stress case of the what-if studio, without the busy CPUs
import pytest
import test_stress
from stress import STRESS_CASES
from test_stress import tabs  # noqa: F401


@pytest.fixture(scope="module")
def busy():
    yield


CASES = [c for c in STRESS_CASES if "what_if" in c.id]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case(tabs, case):  # noqa: F811
    test_stress.test_every_chart_follows_every_kind_of_control_on_a_busy_machine(tabs, case)
    print(test_stress.report())
