"""Fixtures of the IMPERATOR tests."""

from __future__ import annotations

import pytest
from imperator_helpers import tiles_toml

from rometools.imperator import load_components


@pytest.fixture
def small_tiles(tmp_path):
    """Six tiles, one of each kind plus a second instant-points tile (``imperator_helpers.SMALL_TILES``)."""
    path = tmp_path / "tiles.toml"
    path.write_text(tiles_toml())
    return load_components(path)
