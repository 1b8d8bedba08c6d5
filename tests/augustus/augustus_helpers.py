"""Positions for table-driven Augustus rule tests, on the small test card set.

``data/test_objectives.toml`` (24 cards) is designed for the tests: card 1 a
senator (double_sword, shield); 2 and 3 green gold producers; 4 extra legion; 5
remove legion; 6 place a legion on a shield slot; 7 double swords count as
catapults; 8 a senator worth 2 points per green objective (two double swords);
9 and 10 two-slot senators; 11 a pink wheat producer; 12 a six-slot orange;
13-24 standard + dagger fillers (13 and 14 produce gold).
"""

from __future__ import annotations

from pathlib import Path

from rometools.augustus import GameConfig, GameState, Placed, apply

TEST_CARDS = Path(__file__).parent / "data" / "test_objectives.toml"
ROW = (20, 21, 22, 23, 24)


def config(players: int = 2, **options) -> GameConfig:
    return GameConfig(players=players, **{"first_game": True, "objectives": TEST_CARDS, **options})


def position(players: int = 2, *, in_play=None, controlled=None, row=ROW, rewards=None, caller: int = 0,
             drawn=None, legions=None, **options) -> GameState:
    """A state at the draw, built from a description (seat -> [(card, legions per slot)])."""
    cfg = config(players, **options)
    n = players
    in_play = in_play or {}
    controlled = controlled or {}
    plays = tuple(tuple(Placed(num, tuple(leg)) for num, leg in in_play.get(s, ())) for s in range(n))
    held = tuple(tuple(controlled.get(s, ())) for s in range(n))
    used = {p.number for ps in plays for p in ps} | {c for cs in held for c in cs} | set(row)
    pile = tuple(x for x in cfg.cards.numbers if x not in used)
    owned = tuple(legions or (7,) * n)
    reserve = tuple(owned[s] - sum(sum(p.legions) for p in plays[s]) for s in range(n))
    tiles = [t.id for t in cfg.components.rewards]
    holders = [-1] * len(tiles)
    for tile, seat in (rewards or {}).items():
        holders[tiles.index(tile)] = seat
    bag = tuple((drawn or {}).get(t.id, 0) for t in cfg.components.tokens)
    return GameState(cfg, "draw", -1, tuple(row), pile, ((),) * n, plays, held, reserve, owned,
                     tuple(holders), bag, caller)


def play(state: GameState, *actions) -> GameState:
    for a in actions:
        state = apply(state, a)
    return state


def events(state: GameState, *kinds: str) -> list[tuple]:
    """The state's events without their step numbers, optionally of some kinds only."""
    return [e[1:] for e in state.events if not kinds or e[1] in kinds]


def holder(state: GameState, tile: str) -> int:
    tiles = [t.id for t in state.config.components.rewards]
    return state.rewards[tiles.index(tile)]
