"""Augustus scoring: rewards + objective points + powers, and the ranking.

Rule: ``003_d241425e5c31f6f1.txt``, Fin de la partie: "Totaliser les points des
récompenses. Totaliser les points directs des objectifs contrôlés. Totaliser les
points des pouvoirs. Additionner le tout. ... En cas d'égalité, celui qui contrôle
le plus de sénateurs l'emporte."

This module reads the state's fields only (it sits below :mod:`~rometools.augustus.rules`).
"""

from __future__ import annotations

from rometools.augustus.state import GameConfig, GameState
from rometools.core.protocol import ranks_by_keys

__all__ = ["final_ranks", "score_bounds", "score_parts", "senators", "tiebreaks"]


def senators(state: GameState, seat: int) -> int:
    """Senator objectives ``seat`` controls (the tiebreaker).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> senators(new_game(rng=0), 0)
    0
    """
    cards = state.config.cards.by_number   # numbers the state holds
    count = 0
    for n in state.controlled[seat]:
        if cards[n].kind == "senator":
            count += 1
    return count


def score_parts(state: GameState) -> list[dict[str, int]]:
    """Each seat's points by category: ``rewards``, ``objectives``, ``powers``, ``total``.

    Provisional before the end (what the seat would score now).

    Returns
    -------
    list[dict[str, int]]
        One dict per seat (points).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> score_parts(new_game(rng=0))[0]
    {'rewards': 0, 'objectives': 0, 'powers': 0, 'total': 0}
    """
    cfg = state.config
    cards = cfg.cards.by_number   # numbers the state holds (asked at every game's end: loops, no generators)
    points = [0] * cfg.players   # the reward tiles' points, by holder
    for t, holder in zip(cfg.components.rewards, state.rewards, strict=True):
        if holder >= 0:
            points[holder] += t.points
    out = []
    for seat in range(cfg.players):
        mine = [cards[n] for n in state.controlled[seat]]
        kinds: dict[str, int] = {}
        objectives = 0
        for c in mine:
            kinds[c.kind] = kinds.get(c.kind, 0) + 1
            objectives += c.points
        powers = 0
        for c in mine:
            if c.power.kind == "points_per_colour":
                powers += c.power.points * kinds.get(c.power.colour, 0)
        rewards = points[seat]
        out.append({"rewards": rewards, "objectives": objectives, "powers": powers,
                    "total": rewards + objectives + powers})
    return out


def tiebreaks(state: GameState) -> list[tuple[int]]:
    """Each seat's tiebreak after the points: ``(senators controlled,)`` (more is better).

    Registered as ``GameSpec(tiebreaks=...)``: core ranks by points with the seat handicap,
    then this.

    Examples
    --------
    >>> from rometools.augustus import GameConfig, new_game
    >>> tiebreaks(new_game(GameConfig(players=2), rng=0))
    [(0,), (0,)]
    """
    return [(senators(state, s),) for s in range(state.config.players)]


def final_ranks(state: GameState) -> tuple[int, ...]:
    """Each seat's rank (1 best): most points (with the seat handicap's), then most senators controlled.

    Seats level on both share a rank.

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> final_ranks(new_game(rng=0))
    (1, 1, 1, 1)
    """
    handicap = state.config.handicap
    keys = [(p["total"] + handicap.points(s), *t)
            for s, (p, t) in enumerate(zip(score_parts(state), tiebreaks(state), strict=True))]
    return ranks_by_keys(keys)


def score_bounds(config: GameConfig) -> tuple[int, int]:
    """Every score of a game with this config lies in ``(0, high)`` (points).

    A loose, safe bound: every reward tile, every card's points, and every
    per-colour power counted against every card of its colour.

    Examples
    --------
    >>> score_bounds(GameConfig())[0]
    0
    """
    cards = config.cards.cards
    kinds: dict[str, int] = {}
    for c in cards:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    powers = sum(c.power.points * kinds.get(c.power.colour, 0) for c in cards
                 if c.power.kind == "points_per_colour")
    return 0, sum(t.points for t in config.components.rewards) + sum(c.points for c in cards) + powers
