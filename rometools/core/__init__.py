"""Game-agnostic pieces shared by every rometools game.

* :mod:`rometools.core.errors` -- the error family (``RulesError``, ``DataFileError``).
* :mod:`rometools.core.rng` -- seed / Generator normalisation (SPEC 7).
* :mod:`rometools.core.exact` -- exact multiset and hypergeometric helpers (``Fraction``).
* :mod:`rometools.core.stats` -- Monte Carlo estimates with confidence intervals.
* :mod:`rometools.core.data` -- data-file loading with per-value provenance.
"""

from rometools.core.data import (
    PROVENANCE_KINDS,
    DataFile,
    Provenance,
    data_dir,
    load_data_file,
)
from rometools.core.errors import DataFileError, RometoolsError, RulesError
from rometools.core.exact import (
    expectation,
    hypergeometric_distribution,
    hypergeometric_pmf,
    multiset_draws,
    prob_some_kind_absent,
)
from rometools.core.rng import as_generator
from rometools.core.stats import ProportionEstimate, proportion_estimate

__all__ = [
    "PROVENANCE_KINDS",
    "DataFile",
    "DataFileError",
    "Provenance",
    "ProportionEstimate",
    "RometoolsError",
    "RulesError",
    "as_generator",
    "data_dir",
    "expectation",
    "hypergeometric_distribution",
    "hypergeometric_pmf",
    "load_data_file",
    "multiset_draws",
    "prob_some_kind_absent",
    "proportion_estimate",
]
