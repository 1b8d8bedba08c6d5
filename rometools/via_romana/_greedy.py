# rometools: compiled twin
# cython: annotation_typing=False
"""GreedyBot's choice: ``GreedyBot.decide``.

Private to :mod:`rometools.via_romana.bots`, which documents the bot. This module is plain
Python that Cython compiles as it is (``hatch_build.py``, as ``_greedy_c``;
``annotation_typing=False`` keeps Python's meaning of every annotation), and the bot uses the
compiled twin while it matches this source (:func:`rometools.core._cython.compiled_or_plain`):
the same choices, faster. It plays the rules the registry plays, their own twin where it was
built. ``tests/test_compiled_twins.py`` checks that seeded games are the same either way.
"""

from __future__ import annotations

from rometools.core._cython import compiled_or_plain
from rometools.via_romana.state import END, KEEP

__all__ = ["choose", "rules"]

#: The rules as the registry plays them: their compiled twin where it was built (the same source).
rules = compiled_or_plain("rometools.via_romana.rules")

#: A build's bonus by kind, added to its points (the greedy bot's yardstick).
KIND_BONUS = {"fort": 0.4, "double": 0.6, "milestone": 0.3, "joker": 0.1}


def choose(state, rng):
    """GreedyBot's action at a decision node (see :class:`~rometools.via_romana.bots.GreedyBot`)."""
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
        before = None   # the scores now, read once a build that completes a road is rated
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
                    if before is None:
                        before = rules.scores(state)
                    after = rules.apply_legal(state, a)
                    sc = rules.scores(after)
                    value = scored[placed] = sc[seat] - before[seat] - 0.5 * max(
                        (sc[k] - before[k] for k in range(len(sc)) if k != seat), default=0)
            else:   # no road completes: only a fort's own points change (its city's top value, at least 1)
                gained = state.tiles[t.index[a[1]]] + 1 if a[0] == "fort" else 0
                value = float(gained)   # = gained - 0.5 * 0, as the full rating computes it
            value += KIND_BONUS[a[0]]
            if a[0] == "fort":
                value += 0.2 * state.tiles[t.index[a[1]]]
            if value > best_value + 1e-9:
                best, best_value = [a], value
            elif abs(value - best_value) <= 1e-9:
                best.append(a)
        return best[int(rng.integers(len(best)))]
    return legal[int(rng.integers(len(legal)))]
