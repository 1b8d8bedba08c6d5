"""A game's playtest declarations (:mod:`rometools.core.playtest`) hold what they say.

:func:`check_playtest` holds a registered game's ``restrictions``, ``action_places``,
``place_names``, ``place_map`` and ``key_odds`` to the automated playtest's contract: at least
three restrictions, each in words ("never ..."), never played by a bot denied it (unless every
legal action was forbidden: then counted as forced); hot spots keyed by place id, shown by
name (distinct names for distinct places) and counted right (recounted here from the games
themselves); every place on the board map, and named; key odds exact probabilities asked in words. A declaration the game does not make
is not checked (a game without places has no hot spots).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from rometools.core.load import load_game
from rometools.core.playout import play, states
from rometools.core.registry import game_spec
from rometools.testing._common import _require, _run_checks, checks_doc

__all__ = ["CHECKS", "check_playtest"]


def _restrictions(game_id: str) -> None:
    declared = game_spec(game_id).restrictions
    _require(len(declared) >= 3, "declare at least three restrictions (GameSpec(restrictions=...))")
    for name, r in declared.items():
        _require(name == r.name and r.forbids.startswith("never ") and callable(r.rule),
                 f"restriction {name}: says {r.forbids!r} (write 'never ...') or has no rule")


def _restricted_bots(game_id: str) -> None:
    """Every move of the restricted seat, in seeded games: allowed, unless every legal action was
    forbidden (then the base bot's move, counted as forced)."""
    from rometools.core.playtest import restricted

    game = load_game(game_id, players=2)
    rules = game.spec.rules
    base = "greedy" if "greedy" in game.spec.bots else "random"
    for r in game.spec.restrictions.values():
        bot = restricted(game, base, r.name)
        end = play(game, [bot, base], 3)
        forced = 0
        for node, action in zip(states(end), rules.action_history(end), strict=False):
            if rules.current_player(node) != 0:
                continue
            if r.rule(node, action):
                _require(all(r.rule(node, a) for a in rules.legal_actions(node)),
                         f"{r.name}: the restricted bot played {action!r}, which it forbids")
                forced += 1
        _require(forced == bot.forced, f"{r.name}: {forced} forced moves, the bot counted {bot.forced}")


def _hot_spots(game_id: str) -> None:
    """Recounted from the games themselves: who first named each place, whether they won."""
    spec = game_spec(game_id)
    if spec.action_places is None:
        return
    from rometools.core.playtest import hot_spots, place_names

    players = 3 if 3 in _player_counts(game_id) else 2
    rows = hot_spots(game_id, 6, seed=2, players=players)
    _require(rows, "no hot spot in 6 games")
    _require(all(r["place"] == r["place"].strip() and "_" not in r["place"] for r in rows),
             f"a place is not named as a designer names it: {[r['place'] for r in rows][:10]}")
    _require(rows == hot_spots(game_id, 6, seed=2, players=players), "the same seed gives other hot spots")
    game = load_game(game_id, players=players)
    names = spec.place_names(game.config)
    _require(all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in names.items()),
             "place_names gives every place by a text id with a name")
    unnamed = sorted({r["id"] for r in rows} - set(names))
    _require(not unnamed, f"action_places names places place_names does not list: {unnamed[:10]}")
    shown = place_names(game)
    _require(all(r["place"] == shown[r["id"]] for r in rows), "a hot spot is not shown by its place's name")
    _require(len(set(shown.values())) == len(shown), "two places are shown by one name")
    rules, places_of = game.spec.rules, game.spec.action_places
    base = "greedy" if "greedy" in game.spec.bots else "random"
    counts: dict[str, list] = {}
    seat_wins: Counter = Counter()
    for i in range(6):
        end = play(game, [base] * players, np.random.SeedSequence([2, i]))
        seen: dict[str, int] = {}
        for node, action in zip(states(end), rules.action_history(end), strict=False):
            seat = rules.current_player(node)
            if seat >= 0:
                for place in places_of(node, action):
                    seen.setdefault(place, seat)
        for place, seat in seen.items():
            c = counts.setdefault(place, [0, 0, []])
            c[0] += 1
            c[1] += game.spec.ranks(end)[seat] == 1
            c[2].append(seat)
        seat_wins.update(s for s, r in enumerate(game.spec.ranks(end)) if r == 1)
    found = {r["id"]: [r["taken"], r["taker_wins"]] for r in rows}
    _require(found == {p: c[:2] for p, c in counts.items()}, "hot_spots counts places otherwise than the games")
    for r in rows:   # the lift: the win rate beyond what the takers' seats win in these games anyway
        expected = sum(seat_wins[s] / 6 for s in counts[r["id"]][2]) / r["taken"]
        _require(abs(r["seat_expected"] - expected) < 1e-9 and abs(r["lift"] - (r["taker_win_rate"] - expected)) < 1e-9,
                 f"{r['place']}: the expected rate or the lift is not the takers' seats' win rate")


def _player_counts(game_id: str) -> list[int]:
    from rometools.core.describe import _player_range

    span = _player_range(game_spec(game_id))
    return list(range(span[0], span[1] + 1)) if span else [2]


def _place_map(game_id: str) -> None:
    """Every place hot_spots finds has a position, every link joins two places."""
    spec = game_spec(game_id)
    if spec.place_map is None:
        return
    from rometools.core.playtest import hot_spots

    for n in [n for n in (2, 3) if n in _player_counts(game_id)]:
        game = load_game(game_id, players=n)
        positions, links = spec.place_map(game.config)
        _require(all(0 <= x <= 1 and 0 <= y <= 1 for x, y in positions.values()), "a position outside 0..1")
        _require(all(a in positions and b in positions for a, b in links), "a link joins a place with no position")
        unnamed = sorted(set(positions) - set(spec.place_names(game.config)))
        _require(not unnamed, f"{n} players: places on the map that place_names does not list: {unnamed[:10]}")
        off = {r["id"] for r in hot_spots(game, 4, seed=5)} - set(positions)
        _require(not off, f"{n} players: places not on the map: {sorted(off)}")


def _key_odds(game_id: str) -> None:
    spec = game_spec(game_id)
    if spec.key_odds is None:
        return
    for config in spec.sample_configs:
        rows = spec.key_odds(load_game(game_id, **config).config)
        _require(rows, f"no key odds for {config}")
        for question, p in rows:
            _require(isinstance(p, Fraction) and 0 <= p <= 1, f"{question!r}: {p!r} is not an exact probability")
            _require(question and "_" not in question and question == question.strip(),
                     f"{question!r} is not a question in words")


#: The checks of :func:`check_playtest`, in the order they run: ``{name: (what it holds, function)}``.
CHECKS = {
    "restrictions": ("at least three restrictions, each in words", _restrictions),
    "restricted_bots": ("a restricted bot never plays what its restriction forbids", _restricted_bots),
    "hot_spots": ("hot spots named as a designer does and counted right", _hot_spots),
    "place_map": ("every place a game names is on its board map", _place_map),
    "key_odds": ("key odds are exact probabilities asked in words", _key_odds),
}


def check_playtest(game_id: str, *, checks: Sequence[str] | None = None) -> list[str]:
    game_spec(game_id)
    return _run_checks(CHECKS, "check_playtest", game_id, checks, game_id)


check_playtest.__doc__ = checks_doc(
    "Hold a registered game's playtest declarations to what they say", CHECKS, """\
    >>> check_playtest("pig", checks=["restrictions", "key_odds"])
    ['restrictions', 'key_odds']""",)
