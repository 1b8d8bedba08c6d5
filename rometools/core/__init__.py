"""Game-agnostic pieces shared by every rometools game.

* :mod:`rometools.core.errors` -- the error family (``RulesError`` > ``IllegalActionError``, ``InvalidActionError``; ``ArgumentError``; ``DataFileError``).
* :mod:`rometools.core.rng` -- seed / Generator normalisation (SPEC 7).
* :mod:`rometools.core.game` -- the game protocol, bots and the registry.
* :mod:`rometools.core.playout` -- the play loop, replay and saved games.
* :mod:`rometools.core.simulate` / :mod:`rometools.core.balance` -- self-play at scale and balance metrics.
* :mod:`rometools.core.stats` -- Monte Carlo estimates with confidence intervals.
* :mod:`rometools.core.data` -- data-file loading with per-value provenance.
* :mod:`rometools.core.variants` -- a variant (options and data edits) as a value; :mod:`rometools.core.handicap` -- the seat handicap.

Exact draw odds (bags, decks, tile stacks) are :mod:`rometools.draws`, one layer up.
"""

# Each name is imported from its module when first used (PEP 562), so that `import rometools`
# does not import pydantic, numpy or the data loader for a command that needs none of them.
from rometools.core import _pickling  # noqa: F401  (a mappingproxy pickles: a config, its components, a state)
from rometools.core._lazy import lazy_names
from rometools.core.errors import (
    ArgumentError,
    DataFileError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    RometoolsError,
    RulesError,
)

_LAZY = {
    "PROVENANCE_KINDS": "rometools.core.data",
    "DataFile": "rometools.core.data",
    "Provenance": "rometools.core.data",
    "data_dir": "rometools.core.data",
    "load_data_file": "rometools.core.data",
    "EditedFile": "rometools.core.data",
    "Handicap": "rometools.core.handicap",
    "StartBonus": "rometools.core.handicap",
    "Parameter": "rometools.core.variants",
    "Variant": "rometools.core.variants",
    "as_variant": "rometools.core.variants",
    "load_variant": "rometools.core.variants",
    "as_generator": "rometools.core.rng",
    "ProportionEstimate": "rometools.core.stats",
    "proportion_estimate": "rometools.core.stats",
}

__all__ = [
    "PROVENANCE_KINDS",
    "DataFile",
    "EditedFile",
    "Handicap",
    "Parameter",
    "StartBonus",
    "Variant",
    "as_variant",
    "load_variant",
    "ArgumentError",
    "DataFileError",
    "IllegalActionError",
    "InvalidActionError",
    "OptionError",
    "Provenance",
    "ProportionEstimate",
    "RometoolsError",
    "RulesError",
    "as_generator",
    "data_dir",
    "load_data_file",
    "proportion_estimate",
]


__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals())
