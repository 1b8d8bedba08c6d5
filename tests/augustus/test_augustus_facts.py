"""The facts the compiled steps and the greedy bot read once per config, against the cards and
components they are read from: every card's capacities, kind, slot groups, powers, producers and
points, and every reward tile, for the bundled set and a variant whose cards differ (a card made a
producer of gold and wheat, another given a points-per-colour power). Both twins: the plain
modules and, where built, the compiled ones (``compiled_or_plain``).
"""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from rometools.augustus import GameConfig, Power, load_objectives, new_game
from rometools.augustus.components import KINDS, ObjectiveSet
from rometools.core._cython import compiled_or_plain


def _variant() -> GameConfig:
    cards = load_objectives()
    changed = []
    for c in cards.cards:
        if c.number == 1:
            c = dataclasses.replace(c, produces="gold_and_wheat")
        elif c.number == 2:
            c = dataclasses.replace(c, power=Power("points_per_colour", points=2, colour=c.kind))
        changed.append(c)
    return GameConfig(players=3, objectives=ObjectiveSet(name="variant", cards=tuple(changed)))


CONFIGS = [GameConfig(), GameConfig(players=2, first_game=True), _variant()]
PLAIN_AND_COMPILED = ["plain", "compiled"]


def _module(name: str, which: str):
    return importlib.import_module(name) if which == "plain" else compiled_or_plain(name)


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
@pytest.mark.parametrize("config", CONFIGS, ids=["bundled", "first_game", "variant"])
def test_turn_facts_are_the_cards(config, which):
    turn = _module("rometools.augustus.turn", which)
    facts = turn._Facts(config)
    comps = config.components
    for card in config.cards.cards:
        assert facts.caps[card.number] == card.capacities()
        assert facts.kind[card.number] == card.kind
        assert {s: facts.slot_index[card.number][s] for s in card.symbols()} == \
            {s: card.symbols().index(s) for s in card.symbols()}
    assert [t[4] for t in facts.tiles] == [t.id for t in comps.rewards]
    for (code, colour, need, producers, _id), tile in zip(facts.tiles, comps.rewards, strict=True):
        assert need == tile.need
        assert code == {"colour": 0, "all_colours": 1, "resource": 2}.get(tile.kind, 3)
        if tile.kind == "colour":
            assert colour == tile.colour
        expected = {c.number for c in config.cards.cards if c.yields(tile.resource)} \
            if tile.kind == "resource" else set()
        assert producers == expected
    assert facts.token_index == {t.id: k for k, t in enumerate(comps.tokens)}
    assert facts.counts == tuple((k, t.need) for k, t in enumerate(comps.rewards) if t.kind == "count")
    assert facts.counts   # the bundled reward tiles hold count ones
    assert facts.slots == {c.number: c.slots for c in config.cards.cards}
    assert facts.symbol_as == {c.number: (c.power.symbol, c.power.counts_as) for c in config.cards.cards
                               if c.power.kind == "symbol_as"}
    assert (facts.players, facts.central_row, facts.first_game, facts.objectives_to_end, facts.joker) == \
        (config.players, comps.central_row, config.first_game, comps.objectives_to_end, comps.joker)
    assert facts.dealt == (comps.first_game_dealt if config.first_game else comps.dealt)
    n = config.players   # each turn's seats from each first seat, in order
    assert facts.orders == tuple(tuple((first + k) % n for k in range(n)) for first in range(n))
    assert facts.orders[n - 1][:2] == (n - 1, 0)
    # one bit per symbol, distinct; the joker's bits every component symbol's; each card's slot
    # groups as (bit, capacity) in slot order (what turn._may_place reads)
    every = set(comps.symbols) | {sym for c in config.cards.cards for sym, _ in c.slots}
    assert set(facts.bits) == every and len(set(facts.bits.values())) == len(every)
    assert all(b > 0 and b & (b - 1) == 0 for b in facts.bits.values())
    assert facts.joker_bits == sum(facts.bits[sym] for sym in comps.symbols)
    for card in config.cards.cards:
        assert facts.groups[card.number] == tuple(x for sym, n in card.slots for x in (facts.bits[sym], n))
    # each card's kind's place and power code, each colour tile's colour's place (turn._automatic_rewards,
    # turn._resolve)
    kinds = ("senator", "green", "pink", "orange")
    codes = {"extra_legion": 1, "remove_legion": 2, "place_legion": 3}
    for card in config.cards.cards:
        assert kinds[facts.kind_code[card.number]] == card.kind
        assert facts.powers[card.number] == codes.get(card.power.kind, 0)
    assert {p for p in facts.powers.values()} == {0, 1, 2, 3}
    assert [kinds[k] if t.kind == "colour" else k for k, t in zip(facts.colours, comps.rewards, strict=True)] == \
        [t.colour if t.kind == "colour" else 0 for t in comps.rewards]


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
@pytest.mark.parametrize("config", CONFIGS, ids=["bundled", "first_game", "variant"])
def test_moves_facts_are_the_cards(config, which):
    moves = _module("rometools.augustus.moves", which)
    moves.accepted_symbols(new_game(config, rng=1), 0, config.components.symbols[0])   # reads them
    kept_config, (joker, symbols, symbol_as, slots) = moves._CONFIG_FACTS[id(config)]
    assert kept_config is config
    comps = config.components
    assert (joker, symbols) == (comps.joker, comps.symbols)
    assert symbol_as == {c.number: (c.power.symbol, c.power.counts_as) for c in config.cards.cards
                         if c.power.kind == "symbol_as"}
    assert slots == {c.number: c.slots for c in config.cards.cards}


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
@pytest.mark.parametrize("config", CONFIGS, ids=["bundled", "first_game", "variant"])
def test_greedy_card_facts_are_the_cards(config, which):
    greedy = _module("rometools.augustus._greedy", which)
    table = greedy._Cards(config.cards, config.components)
    resource = [t for t in config.components.rewards if t.kind == "resource"]
    for card in config.cards.cards:
        ppc = card.power.kind == "points_per_colour"
        assert table.of[card.number] == (   # kinds and colours by their place in KINDS
            KINDS.index(card.kind), KINDS.index(card.power.colour) if ppc else -1, card.power.points if ppc else 0,
            card.produces != "none", tuple(card.yields(t.resource) for t in resource), card.points,
            float(card.points + 1))
    rewards = config.components.rewards   # the tiles of the resource rewards and of the count ones, in order
    assert table.resource_at == tuple(i for i, t in enumerate(rewards) if t.kind == "resource")
    assert sorted(table.count_at) == [i for i, t in enumerate(rewards) if t.kind == "count"]
    if config.cards.name == "variant":   # the variant's changes are read, not the bundled cards'
        assert table.of[1][3] and all(table.of[1][4])
        assert table.of[2][1:3] == (KINDS.index(config.cards.card(2).kind), 2)


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
@pytest.mark.parametrize("config", CONFIGS, ids=["bundled", "first_game", "variant"])
def test_complete_is_legions_equal_to_the_capacities(config, which):
    """``turn._complete`` (its counts compared as C numbers) answers ``p.legions == card.capacities()``
    for every objective in play at every state of seeded greedy games, and for each made full, one
    short on each slot group, and one over."""
    import numpy as np

    from rometools.augustus import Placed, chance_outcomes
    from rometools.augustus.bots import GreedyBot
    from rometools.augustus.rules import apply_legal

    turn = _module("rometools.augustus.turn", which)
    full = short = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        s, bot, states = new_game(config, rng=seed), GreedyBot(), []
        while s.phase != "over":
            states.append(s)
            outcomes = chance_outcomes(s)
            s = apply_legal(s, outcomes[int(rng.integers(len(outcomes)))][0] if outcomes else bot.choose(s, rng))
        for s in states:
            w = turn._Work(s)
            for plays in s.in_play:
                for p in plays:
                    caps = config.cards.card(p.number).capacities()
                    variants = [p, Placed(p.number, caps), Placed(p.number, (*caps[:-1], caps[-1] + 1))]
                    variants += [Placed(p.number, caps[:i] + (caps[i] - 1,) + caps[i + 1:]) for i in range(len(caps))]
                    for q in variants:
                        assert turn._complete(w, q) == (q.legions == caps), (seed, q)
                        full += q.legions == caps
                        short += q.legions != caps
    assert full > 100 and short > 100


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
def test_can_remove_is_whether_removals_lists_any(which):
    """``moves.can_remove`` (what the remove_legion power asks ``turn``'s working copy) answers
    ``bool(moves.removals(s, seat))`` for every seat at every state of seeded games, objectives queued
    (completed this turn) included, and with every other seat's legions taken off; asked of the state
    and of the working copy made of it."""
    import dataclasses

    import numpy as np

    from rometools.augustus import Placed, chance_outcomes
    from rometools.augustus.bots import GreedyBot
    from rometools.augustus.rules import apply_legal

    turn, moves = _module("rometools.augustus.turn", which), _module("rometools.augustus.moves", which)
    asked = {True: 0, False: 0}
    queued = 0
    for config, seed in ((GameConfig(), 1), (GameConfig(players=2), 2), (GameConfig(players=6), 3)):
        rng = np.random.default_rng(seed)
        s, bot = new_game(config, rng=seed), GreedyBot()
        while s.phase != "over":
            for seat in range(config.players):
                bare = tuple(p if k == seat else tuple(Placed(q.number, (0,) * len(q.legions)) for q in p)
                             for k, p in enumerate(s.in_play))
                for t in (s, dataclasses.replace(s, in_play=bare)):
                    expected = bool(moves.removals(t, seat))
                    assert moves.can_remove(t, seat) == expected, (seed, t.draws, seat)
                    assert moves.can_remove(turn._Work(t), seat) == expected, (seed, t.draws, seat)
                    asked[expected] += 1
                queued += bool(s.queue)
            outcomes = chance_outcomes(s)
            s = apply_legal(s, outcomes[int(rng.integers(len(outcomes)))][0] if outcomes else bot.choose(s, rng))
    assert asked[True] > 100 and asked[False] > 100 and queued > 0, (asked, queued)


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
@pytest.mark.parametrize("config", CONFIGS, ids=["bundled", "first_game", "variant"])
def test_may_place_is_can_place_of_the_accepted_symbols(config, which):
    """``turn._may_place`` (what the turn's placements skip a seat by, read from the config's facts)
    answers as ``moves.can_place`` of ``moves.accepted_symbols`` for every seat at every placement
    of seeded games, reserves spent and symbol_as powers controlled included."""
    import numpy as np

    from rometools.augustus import chance_outcomes, legal_actions
    from rometools.augustus.bots import GreedyBot
    from rometools.augustus.rules import apply_legal

    turn = _module("rometools.augustus.turn", which)
    moves = _module("rometools.augustus.moves", which)
    asked = {True: 0, False: 0}
    no_reserve = powers = 0
    for seed in range(6):
        rng = np.random.default_rng(seed)
        s, bot = new_game(config, rng=seed), GreedyBot()
        while s.phase != "over":
            if s.phase == "place":
                for seat in range(config.players):
                    expected = moves.can_place(s, seat, moves.accepted_symbols(s, seat, s.token))
                    assert turn._may_place(turn._Work(s), seat) == expected, (seed, s.draws, seat)
                    asked[expected] += 1
                    no_reserve += s.reserve[seat] == 0
                    powers += len(moves.accepted_symbols(s, seat, s.token)) not in (1, len(config.components.symbols))
            if s.phase in ("draw", "refill", "deal"):
                outcomes = chance_outcomes(s)
                s = apply_legal(s, outcomes[int(rng.integers(len(outcomes)))][0])
            else:
                s = apply_legal(s, bot.choose(s, rng) if s.seat % 2 == 0 else legal_actions(s)[int(rng.integers(len(legal_actions(s))))])
    assert asked[True] > 100 and asked[False] > 10 and no_reserve > 10, (asked, no_reserve)
    if config.first_game:
        return
    assert powers > 0   # a seat's symbol_as power met


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
def test_the_records_joined_at_the_end_are_joined_records(which):
    """``_records.joined`` (the game's records joined at its end, in the compiled step) gives
    ``state.joined_records`` of every state's links in seeded games, and the ended game's history
    is its records in order."""
    import numpy as np

    from rometools.augustus.rules import action_history, apply_legal, chance_outcomes, legal_actions
    from rometools.augustus.state import joined_records

    records = _module("rometools.augustus._records", which)
    rng = np.random.default_rng(2)
    s = new_game(GameConfig(players=3), rng=2)
    applied = []
    checked = 0
    while s.phase != "over":
        link = s.__dict__.get("_records")
        if link is not None:
            assert records.joined(link) == joined_records(link)
            checked += 1
        options = chance_outcomes(s) if s.phase in ("draw", "refill", "deal") else legal_actions(s)
        action = options[int(rng.integers(len(options)))]
        action = action[0] if s.phase in ("draw", "refill", "deal") else action
        applied.append(action)
        s = apply_legal(s, action)
    assert checked > 100
    assert action_history(s)[-len(applied):] == tuple(applied)
    assert records.joined(((None, 1, ("a",)), 3, ("b",), ("c",))) == (("a",), ("b",), ("c",))


#: ``turn._Work``'s order of a state's fields (``before``, and the tuple ``freeze`` keeps as ``"_fields"``).
WORK_ORDER = ("phase", "seat", "caller", "token", "row", "pile", "hands", "in_play", "controlled", "reserve",
              "legions", "rewards", "bag", "to_place", "queue", "current", "draws", "seed")


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
def test_the_fields_read_by_place_are_the_fields_by_name(which):
    """A state the rules make keeps its fields in one tuple (``"_fields"``), which the next action's
    ``turn._Work`` reads by place: at every state of seeded games (greedy and random seats, 2 and 4
    players) each is the very object of the field it stands for, ``_Work`` reads the same fields from
    it as by name (from the same state without the tuple), and the action applied to either gives the
    same state. A copy (pickle, ``copy``) drops the tuple, and is read by name."""
    import copy

    import numpy as np

    from rometools.augustus import GreedyBot
    from rometools.augustus.rules import chance_outcomes, legal_actions
    from rometools.augustus.state import GameState

    turn = _module("rometools.augustus.turn", which)
    checked = 0
    for players, seed in ((4, 1), (2, 5)):
        rng = np.random.default_rng(seed)
        s, bot = new_game(GameConfig(players=players), rng=seed), GreedyBot()
        while s.phase != "over":
            d = vars(s)
            assert len(d["_fields"]) == len(WORK_ORDER)
            assert all(v is d[name] for name, v in zip(WORK_ORDER, d["_fields"], strict=True))
            by_name = GameState.__new__(GameState)
            object.__setattr__(by_name, "__dict__", {k: v for k, v in d.items() if k != "_fields"})
            assert turn._Work(s).before == turn._Work(by_name).before == tuple(d[name] for name in WORK_ORDER)
            if s.phase in ("draw", "refill", "deal"):
                outcomes = chance_outcomes(s)
                action = outcomes[int(rng.integers(len(outcomes)))][0]
            else:
                legal = legal_actions(s)
                action = bot.choose(s, rng) if s.seat % 2 == 0 else legal[int(rng.integers(len(legal)))]
            after = turn.applied(s, action, True)
            assert after == turn.applied(by_name, action, True)
            assert after.history == turn.applied(by_name, action, True).history
            s = after
            checked += 1
        assert "_fields" not in vars(copy.copy(s)) and copy.copy(s) == s
    assert checked > 300


def test_the_compiled_steps_make_the_plain_steps_states():
    """The compiled ``turn.applied`` (its objectives in play filled in C, ``_placed_of``; its events
    recorded by a C call, ``_event``) gives, at every action of seeded games (greedy and random seats,
    2 and 4 players, first game included), the state, events and objectives in play the plain module
    gives: each a real ``Placed``, equal, hashing and reading as one built by its constructor."""
    import numpy as np

    from rometools.augustus import GreedyBot, Placed
    from rometools.augustus.rules import chance_outcomes, legal_actions

    plain, compiled = _module("rometools.augustus.turn", "plain"), _module("rometools.augustus.turn", "compiled")
    checked = 0
    for config, seed in ((GameConfig(players=4), 2), (GameConfig(players=2, first_game=True), 6)):
        rng = np.random.default_rng(seed)
        s, bot = new_game(config, rng=seed), GreedyBot()
        while s.phase != "over":
            if s.phase in ("draw", "refill", "deal"):
                outcomes = chance_outcomes(s)
                action = outcomes[int(rng.integers(len(outcomes)))][0]
            else:
                legal = legal_actions(s)
                action = bot.choose(s, rng) if s.seat % 2 == 0 else legal[int(rng.integers(len(legal)))]
            after = compiled.applied(s, action, True)
            expected = plain.applied(s, action, True)
            assert after == expected and after.events == expected.events
            for plays in after.in_play:
                for p in plays:
                    built = Placed(p[0], p[1])
                    assert type(p) is Placed and p == built and hash(p) == hash(built)
                    assert (p.number, p.legions) == (built.number, built.legions)
            s = after
            checked += 1
    assert checked > 300 and any(e[1] == "reward" for e in s.events)


@pytest.mark.parametrize("config", CONFIGS, ids=["bundled", "first_game", "variant"])
def test_compiled_reward_bonus_is_the_plain_one(config):
    """The compiled ``_weights._context`` and ``_weights._bonus`` (their tuples read by index and dicts
    typed) give, float for float, the plain module's context and bonus for every seat and every card
    at every tenth decision of seeded greedy games: colour, all-colours, count and resource rewards
    free, held and contested, and the variant's points-per-colour power and gold-and-wheat producer."""
    import rometools
    from rometools.augustus.bots import GreedyBot
    from rometools.core.playout import play, states

    plain, compiled = _module("rometools.augustus._weights", "plain"), _module("rometools.augustus._weights", "compiled")
    game = rometools.load_game("augustus", config=config)
    checked, nonzero, held = 0, 0, 0
    for seed in range(3):
        end = play(game, [GreedyBot()] * config.players, seed)
        for k, s in enumerate(states(end)):
            if s.seat < 0 or k % 10:
                continue
            held += any(h >= 0 for h in s.rewards)
            for seat in range(config.players):
                context = plain._context(s, seat)
                assert compiled._context(s, seat) == context
                table = plain._cards(config.cards, config.components)
                for card in config.cards.cards:
                    facts = table.of[card.number]
                    bonus = plain._bonus(s.rewards, facts, context)
                    assert compiled._bonus(s.rewards, facts, context) == bonus
                    nonzero += bonus != 0
                    checked += 1
    assert checked > 3000 and nonzero > 500 and held > 10


def test_a_card_leaves_the_pile_as_list_remove_takes_it():
    """``turn._remove_sorted`` (a card taken from the pile, found by halving the sorted pile) leaves the
    list ``list.remove`` leaves, sorted or not (a pile not sorted: looked for in order); compiled, a
    card dealt from a pile in any order leaves the pile the plain steps leave (and the refills of
    seeded games are compared in ``test_the_compiled_steps_make_the_plain_steps_states``)."""
    import dataclasses

    plain, compiled = _module("rometools.augustus.turn", "plain"), _module("rometools.augustus.turn", "compiled")
    for cards in ([1, 2, 5, 9, 30], [7], [3, 1, 2], [10, 4, 8, 6], list(range(1, 89))):
        for number in cards:
            got, expected = list(cards), list(cards)
            plain._remove_sorted(got, number)
            expected.remove(number)
            assert got == expected
    start = new_game(GameConfig(players=2))
    for pile in (start.pile, tuple(reversed(start.pile)), start.pile[1::2] + start.pile[::2]):
        s = dataclasses.replace(start, pile=pile)
        for card in (pile[0], pile[len(pile) // 2], pile[-1], 44):
            after = compiled.applied(s, card, True)
            assert after == plain.applied(s, card, True) and after.pile == tuple(c for c in pile if c != card)


@pytest.mark.parametrize("which", PLAIN_AND_COMPILED)
def test_the_deals_random_source_is_read_from_the_config_at_each_card(which):
    """``rules.random_source`` at the set-up deal (the config's counts kept between its cards) names where
    each card goes as read from the config itself, configs asked in turn (a first game, 2 and 6 players)."""
    rules = _module("rometools.augustus.rules", which)

    def expected(s):
        comps, config = s.config.components, s.config
        if len(s.row) < comps.central_row:
            return "row"
        dealt = comps.first_game_dealt if config.first_game else comps.dealt
        for seat in range(config.players):
            if len(s.in_play[seat] if config.first_game else s.hands[seat]) < dealt:
                return f"hand {seat}"
        return "deal"

    games = [new_game(GameConfig(players=6)), new_game(GameConfig(players=2, first_game=True)), new_game()]
    names = set()
    while any(s.phase == "deal" for s in games):
        for k, s in enumerate(games):
            if s.phase == "deal":
                names.add(rules.random_source(s))
                assert rules.random_source(s) == expected(s), (k, len(s.history))
                games[k] = rules.apply_legal(s, s.pile[len(s.history) % len(s.pile)])
    assert names == {"row"} | {f"hand {seat}" for seat in range(6)}
