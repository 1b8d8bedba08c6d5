"""Pig keeps the whole contract: every registry-wide check of rometools, run from Pig's own tests.

``rometools.testing.contract("pig")`` lists them (docs/new-game.md, step 8): the conformance
suite, hostile saved games, the refusals of ``apply``, the shared views and the readable log,
the options, ``rometools games``, the playtest declarations, simulation and Pig's explorer.
This is the one test a game outside the repository writes to hold itself to what the bundled
games are held to.
"""

import pytest

from rometools.testing import contract


@pytest.mark.parametrize("check", contract("pig", n_games=5), ids=str)
def test_pig_keeps_the_contract(check):
    check()
