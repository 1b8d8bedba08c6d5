"""Game-agnostic pieces shared by every rometools game.

* :mod:`rometools.core.errors` -- the error family (``RulesError`` > ``IllegalActionError``, ``InvalidActionError``; ``ArgumentError``; ``DataFileError``).
* :mod:`rometools.core.rng` -- seed / Generator normalisation (SPEC 7).
* :mod:`rometools.core.game` -- the game protocol, bots and the registry.
* :mod:`rometools.core.playout` -- the play loop, replay and saved games.
* :mod:`rometools.core.simulate` / :mod:`rometools.core.balance` -- self-play at scale and balance metrics.
* :mod:`rometools.core.stats` -- Monte Carlo estimates with confidence intervals.
* :mod:`rometools.core.data` -- data-file loading with per-value provenance.

Exact draw odds (bags, decks, tile stacks) are :mod:`rometools.draws`, one layer up.
"""

from rometools.core.data import (
    PROVENANCE_KINDS,
    DataFile,
    Provenance,
    data_dir,
    load_data_file,
)
from rometools.core.errors import DataFileError, RometoolsError, RulesError
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
    "load_data_file",
    "proportion_estimate",
]
