"""GreedyBot's two shortcuts against the straightforward computation, float for float.

* A placement decision (``_greedy.top_placements``) reads each objective's cached profile: its
  completion chance and the chance after one legion lands on each open slot group, leaves each held
  one, or moves between two of its groups (``kept(...)[3]``).
* A removal (``_greedy._removal_value``) reads each rival's objective values once per decision and
  rates again only the objective the legion leaves.

Each is compared, at every placement and removal decision of seeded games (2 and 4 players,
greedy and random bots), with ``position_value`` of the objectives rebuilt from scratch with fresh
memos: the same floats, not approximately.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from augustus_helpers import position

import rometools
from rometools.augustus import PASS, GreedyBot, Placed, completion_cdf, legal_actions
from rometools.augustus.bots import _greedy
from rometools.core.playout import play, states

MIXED_2, MIXED_4 = ["greedy", "random"], ["greedy", "random"] * 2
#: (players, bots, seed) of the seeded games, each with a removal decision or more: 2 and 4 players,
#: greedy and mixed tables (placements and removals checked), random tables (removals only: a random
#: game has four to six times the placements).
GAMES = [(2, "greedy", 1), (2, MIXED_2, 1), (4, "greedy", 8), (4, MIXED_4, 1), (4, MIXED_4, 5)]
RANDOM_GAMES = [(2, "random", 5), (4, "random", 4)]


def _rebuilt(state, seat, plays, bot) -> tuple[float, float]:
    """``position_value`` of ``plays`` for ``seat``, every objective rated anew (fresh memos)."""
    return _greedy.position_value(state, seat, plays, bot.horizon, bot.complete_weight, {})


def _with(plays, number, changes) -> list[Placed]:
    """``plays`` with objective ``number``'s legions changed by ``changes`` ``[(slot group, by)]``."""
    out = list(plays)
    k = next(i for i, p in enumerate(out) if p.number == number)
    legions = list(out[k].legions)
    for i, by in changes:
        legions[i] += by
    out[k] = Placed(number, tuple(legions))
    return out


@pytest.fixture(scope="module")
def decisions():
    """The states of the seeded games at a decision of each kind: ``{"place": [...], "remove": [...]}``."""
    out = {"place": [], "remove": []}
    for players, bots, seed in GAMES + RANDOM_GAMES:
        end = play(rometools.load_game("augustus", players=players), bots, rng=seed)
        for s in states(end):
            if s.phase in ("place", "power_place") and bots != "random":
                out["place"].append(s)
            elif s.phase == "remove":
                out["remove"].append(s)
    return out


def test_placement_profiles_are_the_objectives_rebuilt(decisions):
    """At every placement decision, each objective's profile (what ``top_placements`` rates by) holds
    exactly its open and held slot groups, and each value (x the objective's weight) is
    ``position_value`` of that objective alone rebuilt with the legion landed, left or moved."""
    bot = GreedyBot()
    h, cw, memos = bot.horizon, bot.complete_weight, bot._MEMOS
    checked = values = moved = 0
    for s in decisions["place"]:
        seat = s.seat
        symbols = (_greedy.rules.accepted_symbols(s, seat, s.token) if s.phase == "place" else
                   _greedy.rules.power_symbols(s, s.config.cards.card(s.current[1])))
        _greedy.top_placements(s, seat, symbols, s.phase == "place", h, cw, memos)   # fills the profiles
        profiles = _greedy.kept(memos, s.config.objectives, _greedy.bag_items(s.config.components), h, cw)[3]
        weight = _greedy.weights(s, seat, s.in_play[seat])
        for p in s.in_play[seat]:
            chance, opens, helds, moves = profiles[p]
            w = weight[p.number]
            slots = s.config.cards.card(p.number).slots
            # one objective alone: position_value's total is 0.0 + its value, its value exactly
            assert w * chance == _rebuilt(s, seat, [p], bot)[1]
            assert [(i, sym) for i, sym, _ in opens] == [
                (i, sym) for i, (sym, n) in enumerate(slots) if p.legions[i] < n]
            assert [(i, sym) for i, sym, _ in helds] == [(i, sym) for i, (sym, _) in enumerate(slots) if p.legions[i]]
            for i, _sym, c in opens:
                assert w * c == _rebuilt(s, seat, _with([p], p.number, [(i, 1)]), bot)[1], (p, i)
            for i, _sym, c in helds:
                assert w * c == _rebuilt(s, seat, _with([p], p.number, [(i, -1)]), bot)[1], (p, i)
            for key, c in moves.items():   # a legion moved from slot group i to j, by i * 256 + j
                i, j = divmod(key, 256)
                assert w * c == _rebuilt(s, seat, _with([p], p.number, [(i, -1), (j, 1)]), bot)[1], (p, i, j)
            values += 1 + len(opens) + len(helds) + len(moves)
            moved += len(moves)
        checked += 1
    # the seeded games' placement decisions (a change to the games or the rules changes these)
    assert checked == len(decisions["place"]) == 482
    # values and moves met: at least these games' own (profiles are kept across games and tests)
    assert values > 7000 and moved > 1500


def test_top_placements_working_copy_is_the_definition(decisions):
    """``top_placements`` rates a decision on its C working copy (``_BASE``, ``_OPEN_*``, ``_HELD_*``:
    C doubles and ints compiled); ``_top_rated`` (what a decision too large for that copy reads) takes
    the definition: every placement, move and the pass of ``moves.placements`` rated by
    ``placement_values``, the greatest kept in order, the pass left out when a placement ties it.
    They agree, action for action, at every placement decision of the seeded games, whose greedy
    ones are each checked against the legal actions' values (``test_augustus_bots_views.py``)."""
    bot = GreedyBot()
    h, cw, memos = bot.horizon, bot.complete_weight, bot._MEMOS
    checked = ties = moves = 0
    for s in decisions["place"]:
        seat, moving = s.seat, s.phase == "place"
        symbols = (_greedy.rules.accepted_symbols(s, seat, s.token) if moving else
                   _greedy.rules.power_symbols(s, s.config.cards.card(s.current[1])))
        got = _greedy.top_placements(s, seat, symbols, moving, h, cw, memos)
        want = _greedy._top_rated(s, seat, symbols, moving, h, cw, memos)
        assert got == want, (s.phase, got, want)
        checked, ties = checked + 1, ties + (len(want) > 1)
        moves += any(a != PASS and a[0] == "move" for a in want)
    assert checked == 482 and ties == 1 and moves == 44, (ties, moves)   # these games' own


@pytest.mark.parametrize("players", [2, 4])
def test_accepted_symbols_read_by_the_bot_are_the_rules(players):
    """``_greedy._accepted`` (the symbols a token lets a seat fill, from the config's joker, symbols and
    symbol_as powers read once per config) is ``rules.accepted_symbols``, the same tuple, for every
    seat and token at every state of seeded games, symbol_as powers controlled included."""
    game = rometools.load_game("augustus", players=players)
    tokens = list(game.config.components.bag)
    checked = extra = 0
    for seed in range(4):
        for s in states(play(game, "greedy", rng=seed)):
            for seat in range(players):
                for token in tokens:
                    want = _greedy.rules.accepted_symbols(s, seat, token)
                    assert _greedy._accepted(s.config, s.controlled[seat], token) == want, (seat, token)
                    checked += 1
                    extra += token != game.config.components.joker and len(want) > 1
    assert checked > 1000 and extra > 0, (checked, extra)


def test_removal_values_are_the_rivals_positions_rebuilt(decisions):
    """At every removal decision, each removal's power (``_removal_value``, the rival's values read
    once per decision, the one objective the legion leaves rated again) is the rival's total of
    ``position_value`` rebuilt before less the one rebuilt after, the same float; a pass is 0."""
    bot = GreedyBot()
    h, cw = bot.horizon, bot.complete_weight
    checked = rated = 0
    rivals = set()
    for s in decisions["remove"]:
        before: dict = {}   # shared by the decision's actions, as GreedyBot's choice shares it
        for a in legal_actions(s):
            got = _greedy._removal_value(s, a, h, cw, bot._MEMOS, before)
            if a == PASS:
                assert got == 0.0
                continue
            _, other, number, symbol = a
            plays = s.in_play[other]
            i = s.config.cards.card(number).symbols().index(symbol)
            want = _rebuilt(s, other, plays, bot)[1] - _rebuilt(s, other, _with(plays, number, [(i, -1)]), bot)[1]
            assert got == want, (a, got, want)
            rated += 1
            rivals.add(other)
        checked += 1
    assert checked == len(decisions["remove"]) == 14
    assert rated == 122 and rivals == {0, 1, 2, 3}   # every seat a rival once, at 4 players too


def test_removal_value_by_hand():
    """A rival holding only card 11 (3 points; shield filled, catapult open): removing its shield
    legion takes its weight x (P(complete within 6 draws) now - P(with both slots open)). Now it
    needs one catapult or a joker, and no token goes back before the first of them is drawn: P = 1 -
    C(tokens neither, 6) / C(all tokens, 6)."""
    s = position(in_play={0: [(5, (1, 0))], 1: [(11, (1, 0))]})
    s = _greedy.rules.apply(_greedy.rules.apply(s, "standard"), ("place", 5, "standard"))
    assert s.phase == "remove"
    bot = GreedyBot()
    bag = dict(s.config.components.bag)
    total, hits = sum(bag.values()), bag["catapult"] + bag["joker"]
    now = 1 - Fraction(comb(total - hits, 6), comb(total, 6))
    assert completion_cdf({"catapult": 1}, 6, components=s.config.components)[-1] == now
    after = completion_cdf({"shield": 1, "catapult": 1}, 6, components=s.config.components)[-1]
    assert 0 < after < now
    w = _greedy.weights(s, 1, s.in_play[1])[11]
    assert w >= 3 + 1
    got = _greedy._removal_value(s, ("remove", 1, 11, "shield"), bot.horizon, bot.complete_weight, {}, {})
    assert got == w * float(now) - w * float(after)
    assert got == pytest.approx(float(w * (now - after)), rel=1e-12)


@pytest.mark.parametrize("which", ["plain", "compiled"])
def test_weights_rated_in_one_call_are_points_plus_one_plus_the_bonus(which):
    """The weights the bot reads, rated per decision in one call (``_weights._fill``, its compiled twin
    where built) and kept per seat, are each card's points + 1 + ``reward_bonus`` of the plain module
    rebuilt from the state, float for float: for every seat's objectives in play and the cards of
    every keep (the hand) and take (the central row) of seeded games, 2 and 4 players."""
    import importlib

    from rometools.core._cython import compiled_or_plain

    greedy = (importlib.import_module("rometools.augustus._greedy") if which == "plain"
              else compiled_or_plain("rometools.augustus._greedy"))
    reference = importlib.import_module("rometools.augustus._weights")
    checked = {"play": 0, "keep": 0, "take": 0}
    for players, seed in ((4, 3), (2, 4), (4, 9)):
        end = play(rometools.load_game("augustus", players=players), "greedy", rng=seed)
        for s in states(end):
            if s.seat < 0:
                continue
            cards = s.config.cards
            for seat in range(players):
                got = greedy.weights(s, seat, s.in_play[seat])
                for p in s.in_play[seat]:
                    card = cards.card(p.number)
                    assert got[p.number] == card.points + 1 + reference.reward_bonus(s, seat, card)
                    checked["play"] += 1
            if s.phase in ("keep", "take"):
                numbers = s.hands[s.seat] if s.phase == "keep" else s.row
                entry = greedy._entry(s, s.seat)
                out = greedy._fill(entry[4], s.rewards, entry[8], entry[5], numbers)
                for n in numbers:
                    assert out[n] == cards.card(n).points + 1 + reference.reward_bonus(s, s.seat, cards.card(n))
                    checked[s.phase] += 1
    assert checked["play"] > 3000 and checked["keep"] > 50 and checked["take"] > 50, checked


@pytest.mark.parametrize("which", ["plain", "compiled"])
def test_weights_carried_over_a_change_of_holder_are_the_plain_ones(which):
    """When a seat's entry is made anew with the same objectives (a reward tile or a rival's
    objectives changed hands), the weights ``_weights._carry`` keeps from the seat's last entry are each
    card's points + 1 + the plain ``reward_bonus`` rebuilt from the new state, float for float, and
    the carry keeps some (else it would be no shortcut): every state of seeded 4- and 3-player greedy
    games, every seat, every weight its entry holds before any is rated for the state."""
    import importlib

    from rometools.core._cython import compiled_or_plain

    greedy = (importlib.import_module("rometools.augustus._greedy") if which == "plain"
              else compiled_or_plain("rometools.augustus._greedy"))
    reference = importlib.import_module("rometools.augustus._weights")
    carried = checked = 0
    for players, seed in ((4, 3), (3, 7), (4, 11)):
        end = play(rometools.load_game("augustus", players=players), "greedy", rng=seed)
        last = [None] * players
        for s in states(end):
            cards = s.config.cards
            for seat in range(players):
                entry = greedy._entry(s, seat)
                fresh = last[seat] is not None and entry is not last[seat]
                for n, w in entry[4].items():
                    assert w == cards.card(n).points + 1 + reference.reward_bonus(s, seat, cards.card(n)), (n, seat)
                    checked += 1
                    carried += fresh
                greedy.weights(s, seat, s.in_play[seat], entry)   # rated as the bot would, then carried
                last[seat] = entry
    assert carried > 200 and checked > 5000, (carried, checked)


def _context_by_hand(s, seat) -> tuple:
    """A seat's reward context read from the state's cards and tiles: its objectives of each kind and
    points-per-colour powers by colour (in ``KINDS`` order), for each resource reward it does not hold
    (its own producers of the resource, the holder's or 0), the first free count reward its next
    objective would claim (0.0 once it holds one) and its own producers of each resource reward's."""
    from rometools.augustus.components import KINDS

    cards, rewards = s.config.cards, s.config.components.rewards
    mine = [cards.card(n) for n in s.controlled[seat]]

    def producers(who, resource):
        return sum(cards.card(n).yields(resource) for n in s.controlled[who])

    kinds = tuple(sum(c.kind == k for c in mine) for k in KINDS)
    powers = tuple(sum(c.power.points for c in mine if c.power.kind == "points_per_colour" and c.power.colour == k)
                   for k in KINDS)
    produce = {i: (producers(seat, t.resource), producers(s.rewards[i], t.resource) if s.rewards[i] >= 0 else 0)
               for i, t in enumerate(rewards) if t.kind == "resource" and s.rewards[i] != seat}
    bonus = 0.0
    if not any(s.rewards[i] == seat for i, t in enumerate(rewards) if t.kind == "count"):
        bonus = next((float(t.points) for i, t in enumerate(rewards)
                      if t.kind == "count" and t.need == len(mine) + 1 and s.rewards[i] < 0), 0.0)
    own = tuple(producers(seat, t.resource) for t in rewards if t.kind == "resource")
    return kinds, powers, produce, bonus, own


@pytest.mark.parametrize("which", ["plain", "compiled"])
def test_contexts_renewed_from_the_last_entry_are_the_state_read_by_hand(which):
    """A seat's entry made anew with the same objectives (``_weights._renew``: its kinds, powers and
    own producers read from its last context, the last context itself when equal) holds the context a
    reading of the state by hand gives, as does every entry made from scratch: every state of seeded
    4- and 3-player greedy games, every seat; some renewed, some keeping the very last context."""
    import importlib

    from rometools.core._cython import compiled_or_plain

    greedy = (importlib.import_module("rometools.augustus._greedy") if which == "plain"
              else compiled_or_plain("rometools.augustus._greedy"))
    renewed = kept = checked = 0
    for players, seed in ((4, 3), (3, 7), (4, 11)):
        end = play(rometools.load_game("augustus", players=players), "greedy", rng=seed)
        last = [None] * players
        for s in states(end):
            for seat in range(players):
                entry = greedy._entry(s, seat)
                context = entry[5]
                assert (*context[:4], context[5]) == _context_by_hand(s, seat), (seat, s.rewards)
                checked += 1
                prev = last[seat]
                if prev is not None and entry is not prev and entry[0] is prev[0]:
                    renewed += 1
                    kept += context is prev[5]
                last[seat] = entry
    assert renewed > 100 and kept > 20 and checked > 2000, (renewed, kept, checked)
