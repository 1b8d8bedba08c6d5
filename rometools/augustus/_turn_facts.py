"""What the rules' own steps read of a config, built once per config for :mod:`~rometools.augustus.turn`.

Private to :mod:`rometools.augustus.turn`, whose ``_Facts`` (an extension type when compiled: its
fields read as C struct members at every action) holds what :func:`facts_of` gives: the options
and counts, each card's capacities, kind and producers as plain dicts and tuples in place of the
components' dataclasses, their attributes and methods. Built once per config, so plain Python (not
a compiled twin): ``tests/augustus/test_augustus_facts.py`` holds the facts equal to the cards'
own answers, for the bundled cards and a variant, both twins of ``turn``.

Examples
--------
>>> from rometools.augustus import GameConfig
>>> facts = facts_of(GameConfig(players=3))
>>> facts[0].players, facts[9], facts[10]
(3, 3, 5)
"""

from __future__ import annotations

from typing import Any

from rometools.augustus.schema import KINDS

__all__ = ["ALL_COLOURS", "COLOUR", "EXTRA_LEGION", "OTHER_TILE", "PLACE_LEGION", "REMOVE_LEGION", "RESOURCE",
           "facts_of"]

#: Reward tile kinds as ``turn._Facts.tiles`` codes them.
COLOUR, ALL_COLOURS, RESOURCE, OTHER_TILE = 0, 1, 2, 3
#: The powers ``turn._resolve`` acts on, as ``turn._Facts.powers`` codes them (any other power: 0).
EXTRA_LEGION, REMOVE_LEGION, PLACE_LEGION = 1, 2, 3


def facts_of(config: Any) -> tuple:
    """``turn._Facts``' fields of ``config`` (a :class:`~rometools.augustus.GameConfig`), in the
    order it declares them: ``(config, cards, caps, kind, slot_index, tiles, all_colours,
    token_index, joker, players, central_row, dealt, first_game, objectives_to_end, slots,
    symbol_as, symbols, counts, orders, bits, joker_bits, groups, kind_code, colours, powers)``.

    Rules: ``003_d241425e5c31f6f1.txt`` (Mise en place: the central row and the cards dealt;
    Fin de la partie: the objectives controlled that end the game; the rewards' kinds).
    """
    comps, cards = config.components, config.objectives
    # each card's slot capacities (Objective.capacities): an objective is complete when its
    # legions equal them
    caps = {c.number: tuple([n for _, n in c.slots]) for c in cards.cards}
    kind = {c.number: c.kind for c in cards.cards}
    # each card's slot group of each symbol (the first, as Objective.symbols().index finds it)
    slot_index = {c.number: {sym: j for j, (sym, _) in reversed(list(enumerate(c.slots)))} for c in cards.cards}
    # per reward tile: (kind code, colour, need, the numbers of the cards producing its
    # resource, id); the kinds are validated on load
    tiles = []
    for t in comps.rewards:
        code = {"colour": COLOUR, "all_colours": ALL_COLOURS, "resource": RESOURCE}.get(t.kind, OTHER_TILE)
        producers = frozenset([c.number for c in cards.cards if c.yields(t.resource)]) \
            if code == RESOURCE else frozenset()
        tiles.append((code, t.colour, t.need, producers, t.id))
    all_colours = any(t[0] == ALL_COLOURS for t in tiles)
    token_index = {t.id: k for k, t in enumerate(comps.tokens)}
    dealt = comps.first_game_dealt if config.first_game else comps.dealt
    # what turn._may_place reads: each card's slots ((symbol, capacity), ...), the symbol_as powers
    # ({card: (symbol, counts_as)}) and every slot symbol (the joker's)
    slots = {c.number: c.slots for c in cards.cards}
    symbol_as = {c.number: (c.power.symbol, c.power.counts_as) for c in cards.cards
                 if c.power.kind == "symbol_as"}
    # the count reward tiles, (index among the rewards, need), in the rewards' order (moves.count_tile)
    counts = tuple([(k, t.need) for k, t in enumerate(comps.rewards) if t.kind == "count"])
    # each turn's seat order from each first seat: (first, first + 1, ...) mod the players
    n = config.players
    orders = tuple([tuple([(first + k) % n for k in range(n)]) for first in range(n)])
    # what turn._may_place tests a slot group's symbol by: one bit per symbol (the components' and every
    # slot's), the joker's every component symbol, each card's (bit, capacity) per slot group, flat
    bits: dict = {}
    for sym in (*comps.symbols, *(sym for c in cards.cards for sym, _ in c.slots)):
        bits.setdefault(sym, 1 << len(bits))
    assert len(bits) < 63, f"{len(bits)} symbols: more than a C long's bits"   # (the bundled data: 7)
    joker_bits = 0
    for sym in comps.symbols:
        joker_bits |= bits[sym]
    groups = {c.number: tuple([x for sym, n in c.slots for x in (bits[sym], n)]) for c in cards.cards}
    # what turn._automatic_rewards counts by: each card's kind's place in KINDS, each tile's colour's (0
    # for a tile that is no colour tile); and turn._resolve's power of each card
    kind_code = {c.number: KINDS.index(c.kind) for c in cards.cards}
    colours = tuple([KINDS.index(t[1]) if t[0] == COLOUR else 0 for t in tiles])
    powers = {c.number: {"extra_legion": EXTRA_LEGION, "remove_legion": REMOVE_LEGION,
                         "place_legion": PLACE_LEGION}.get(c.power.kind, 0) for c in cards.cards}
    return (config, dict(cards.by_number), caps, kind, slot_index, tuple(tiles), all_colours, token_index,
            comps.joker, config.players, comps.central_row, dealt, bool(config.first_game),
            comps.objectives_to_end, slots, symbol_as, tuple(comps.symbols), counts, orders, bits, joker_bits, groups,
            kind_code, colours, powers)
