"""Via Romana's bots: a greedy one (the random bot is rometools' own).

The greedy bot reads only what :func:`~rometools.via_romana.hidden.information_state` shows
its seat (its hand, the board, the display).
"""

from __future__ import annotations

from rometools.core.game import Bot, RandomBot
from rometools.core.playtest import Restriction
from rometools.via_romana import rules
from rometools.via_romana.state import END, KEEP

__all__ = ["BOTS", "GreedyBot", "RandomBot"]


class GreedyBot(Bot):
    """Completes roads it wins, builds forts where the tiles are high, blocks roads others would win.

    Each build is rated by applying it: points of score for the seat (tiles, forts), plus a
    bonus for a scored road it won, minus points another seat gained; ties broken at random.

    >>> import numpy as np
    >>> from rometools.via_romana import GAME, is_over
    >>> end = GAME.play_game(bots=["greedy", "random"], config=GAME.config(players=2), rng=2)
    >>> is_over(end)
    True
    """

    name = "greedy"
    trusted = True

    def decide(self, state, rng):
        legal = rules.legal_actions(state)
        seat = rules.current_player(state)
        if len(legal) == 1:
            return legal[0]
        kind = state.agenda[0][0]
        if kind == "discard":
            if KEEP in legal and sum(state.hands[seat]) <= 5:
                return KEEP
            return legal[int(rng.integers(len([a for a in legal if a != KEEP])))]
        if kind == "tile":
            t = rules._t(state.config)
            return max(legal, key=lambda a: state.tiles[t.index[a[1]]])
        if kind == "build":
            before = rules.scores(state)
            t = rules._t(state.config)
            best, best_value = [END], 0.0
            scored: dict = {}   # a scoring's rating by the pieces it places (the cards spent change no score)
            completes: dict = {}   # whether pieces on these spaces complete a road (any piece, any card)
            for a in legal:
                if a == END:
                    continue
                where = a[2:4] if a[0] == "double" else a[1]
                done = completes.get(where)
                if done is None:
                    done = completes[where] = rules.completes_a_road(state, a)
                if done:   # a scoring: applied and scored in full
                    placed = (a[0] == "fort", where)
                    value = scored.get(placed)
                    if value is None:
                        after = rules.apply_legal(state, a)
                        sc = rules.scores(after)
                        value = scored[placed] = sc[seat] - before[seat] - 0.5 * max(
                            (sc[k] - before[k] for k in range(len(sc)) if k != seat), default=0)
                else:   # no road completes: only a fort's own points change (its city's top value, at least 1)
                    gained = state.tiles[t.index[a[1]]] + 1 if a[0] == "fort" else 0
                    value = float(gained)   # = gained - 0.5 * 0, as the full rating computes it
                value += {"fort": 0.4, "double": 0.6, "milestone": 0.3, "joker": 0.1}[a[0]]
                if a[0] == "fort":
                    value += 0.2 * state.tiles[rules._t(state.config).index[a[1]]]
                if value > best_value + 1e-9:
                    best, best_value = [a], value
                elif abs(value - best_value) <= 1e-9:
                    best.append(a)
            return best[int(rng.integers(len(best)))]
        return legal[int(rng.integers(len(legal)))]


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def _builds(kind: str):
    return lambda state, action: isinstance(action, tuple) and action[0] == kind


#: Strategies a bot can be denied in restricted play (:mod:`rometools.core.playtest`).
RESTRICTIONS = (
    Restriction("no_fort", "never builds a fort", _builds("fort")),
    Restriction("no_double", "never lays two milestones with one card", _builds("double")),
    Restriction("no_joker", "never plays two cards as a joker", _builds("joker")),
)


def action_places(state, action) -> tuple[str, ...]:
    """The city a fort or a double milestone is built from, or the road a milestone goes on (hot spots)."""
    if not isinstance(action, tuple) or action[0] not in ("fort", "setup", "milestone", "joker", "double"):
        return ()
    names = {c.id: c.name for c in state.config.the_board().cities}
    where = action[1]
    if where in names:
        return (names[where],)
    return (f"road {where.partition('.')[0]}",)


def place_map(config) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    """Where the hot spots are drawn: every city at its position, every road (``"road N"``) at the
    middle of its two cities; each road's halves as links."""
    board = config.the_board()
    at = {c.id: tuple(c.position) for c in board.cities}
    names = {c.id: c.name for c in board.cities}
    positions = {c.name: tuple(c.position) for c in board.cities}
    links = []
    for road in board.roads:
        name = f"road {road.id.partition('.')[0]}"
        (x0, y0), (x1, y1) = at[road.a], at[road.b]
        positions[name] = ((x0 + x1) / 2, (y0 + y1) / 2)
        links += [(names[road.a], name), (name, names[road.b])]
    return positions, links
