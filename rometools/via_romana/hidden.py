"""Via Romana's hidden information: what a seat knows, and states it cannot tell apart.

A seat sees its own hand and goal tile, the display, the discard pile, the board, every
hand's size and the cards each seat took from the face-up display (:func:`information_state`);
:func:`resample` deals the other hands and goals again from what the seat has not seen, each
other hand keeping the cards it is known to hold, each face-down draw dealt again from the deck
it came from (the discard pile, face up, becomes each new deck), the history rewritten to match:
a state the game reaches. Registered on the game, so the
information-set MCTS, the OpenSpiel bridge and the strong-play panel never read another hand.
Rules: ``002_2e34de0661bde959.txt``; the rules themselves are in
:mod:`~rometools.via_romana.rules`; the decision: VR-12 in ``docs/rules-decisions.md``.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, NamedTuple

from rometools.core._cython import compiled_or_plain
from rometools.core.errors import RometoolsError
from rometools.core.rng import as_generator
from rometools.via_romana.state import CHANCE, END, KEEP, GameState

#: The rules as the registry plays them: their compiled twin where it was built (the same source):
#: a resample walks the whole history.
_rules = compiled_or_plain("rometools.via_romana.rules")
_t, apply_legal, current_player = _rules._t, _rules.apply_legal, _rules.current_player
legal_actions, new_game, replace = _rules.legal_actions, _rules.new_game, _rules.replace

__all__ = ["information_state", "resample"]


def information_state(state: GameState, seat: int) -> str:
    """Everything ``seat`` knows: its hand and goal, and every public fact (the display, the
    discard pile, the board, each hand's size and the cards each seat is known to hold, having
    taken them from the display, the deck's size, tiles, signs, whose move it is and every step
    still to come), not the others' hidden cards or goals.

    >>> from rometools.via_romana import new_game
    >>> information_state(new_game(players=2), 0)[:30]
    'seat 0; hand ; goal None; disp'
    """
    t = _t(state.config)
    hands = [sum(h) for h in state.hands]

    def cs(counts):
        return ",".join(f"{t.cards[i]}x{k}" for i, k in enumerate(counts) if k)

    known = "; ".join(f"{k}: {cs(c)}" for k, c in enumerate(state.known_cards) if any(c))
    return (f"seat {seat}; hand {cs(state.hands[seat])}; goal {state.goals[seat]}; display {cs(state.display)}; "
            f"discard {cs(state.discard)}; deck {sum(state.deck)}; hands {hands}; known [{known}]; "
            f"pieces {state.pieces}; tiles {state.tiles}; won {state.won}; signed {sorted(state.signed)}; "
            f"scored {sorted(state.scored)}; signs {state.signs}; forts {state.forts}; "
            f"milestones {state.milestones}; turn {state.turn} seat {state.seat} played {state.played}; "
            f"standard {state.standard} {state.last_turns}; next {state.agenda}; over {state.over}")


def resample(state: GameState, seat: int, rng: Any = None) -> GameState:
    """A state ``seat`` cannot tell from ``state``, one the game reaches: the other hands and
    goal tiles dealt again from what the seat has not seen, deck by deck, the history's draws
    rewritten to match.

    Every public fact is kept: the display, the discard pile, every hand's size, the cards
    another seat is known to hold (``known_cards``: taken from the face-up display, not played
    since), every card played and when. The history is walked from the start (Preparing to
    Play, Draw cards: "if the deck is exhausted, the discard pile is shuffled to make a new
    deck"; the pile is face up, so each new deck's cards are public), and each card another
    seat drew face down is dealt again from the deck it was drawn from, less the cards that
    deck is seen to have given (the display, the seat's own draws):

    * each card another seat played or discarded beyond the cards it is known to hold was one
      it drew earlier; which of its earlier draws, and so from which deck, is the one search
      (:func:`_skeleton`: a small integer program, every deck giving no more of a kind than it
      held, each seat never playing a card it had not drawn; a card is taken from the oldest
      deck it can come from);
    * the draws it has not played, its hand beyond its known cards, are dealt at random from
      what their deck has left: all of it for a deck since shuffled away, as many as were drawn
      for the deck in use, which keeps the rest (every deal of those cards equally likely).

    Exact inference would also weigh a deal by how likely it made the plays seen; like
    information-set search in general, this does not. A state whose history does not replay to
    what the seat sees (one built by hand) is dealt from the cards now unseen, its history left
    as it is (:func:`_redeal`).

    Canonical: the walk reads only public facts and the seat's own draws, and the unseen cards
    and tiles are listed in the components' order, so two states ``seat`` cannot tell apart
    resample to the same state for the same ``rng`` (an information-set search from either is
    the same search; ``check_game``'s ``hidden_information`` check); its saved game loads back
    equal to it (``resample_reachable``).

    Parameters
    ----------
    state : GameState
    seat : int
        The seat whose knowledge is kept.
    rng : numpy Generator, int or None
        The randomness (``as_generator``).

    Returns
    -------
    GameState

    See Also
    --------
    information_state : what ``seat`` knows, which the result keeps.

    Examples
    --------
    >>> from rometools.core.playout import play
    >>> from rometools.core.saved import from_json, to_json
    >>> import rometools
    >>> s = play(rometools.load_game("via_romana", players=2), "random", rng=3)
    >>> r = resample(s, 0, 1)
    >>> information_state(r, 0) == information_state(s, 0), from_json(to_json(r)) == r
    (True, True)
    """
    rng = as_generator(rng)
    walk = _walk(state, seat)
    if walk is None:
        return _redeal(state, seat, rng)
    t = _t(state.config)
    history = list(state.history)
    hands = [list(k) for k in state.known_cards]
    deck = [0] * len(t.cards)
    last = len(walk.left) - 1
    for e, left in enumerate(walk.left):   # each deck's unplayed draws, from what it has left
        flat = [i for i, n in enumerate(left) if n for _ in range(n)]
        order = rng.permutation(len(flat))
        held = walk.held[e]
        for (at, k), j in zip(held, order, strict=False):
            history[at] = t.cards[flat[j]]
            hands[k][flat[j]] += 1
        if e == last:
            for j in order[len(held):]:
                deck[flat[j]] += 1
    for at, card in walk.played:
        history[at] = t.cards[card]
    others = [k for k in range(state.config.players) if k != seat]
    goals, goals_left = _goals(state, others, rng)
    for k, at in walk.goal_at.items():
        history[at] = goals[k]
    return replace(state, hands=tuple(tuple(h) if k != seat else state.hands[k] for k, h in enumerate(hands)),
                   deck=tuple(deck), goals=goals, goals_left=goals_left, history=tuple(history))


def _redeal(state: GameState, seat: int, rng: Any) -> GameState:
    """:func:`resample` for a state its history does not reach (one built by hand): the other
    hands beyond their known cards dealt from the cards now unseen (the deck and those hands),
    the goals from the unseen tiles; the history left as it is."""
    t = _t(state.config)
    others = [k for k in range(state.config.players) if k != seat]
    known = state.known_cards
    pool = list(state.deck)
    for k in others:   # the cards seat has not seen: the deck and the others' hands but their known cards
        pool = [a + b - c for a, b, c in zip(pool, state.hands[k], known[k], strict=True)]
    flat = [i for i, n in enumerate(pool) if n for _ in range(n)]
    order = rng.permutation(len(flat))
    hands = list(state.hands)
    pos = 0
    for k in others:
        size = sum(state.hands[k]) - sum(known[k])
        h = list(known[k])
        for j in order[pos:pos + size]:
            h[flat[j]] += 1
        pos += size
        hands[k] = tuple(h)
    deck = [0] * len(t.cards)
    for j in order[pos:]:
        deck[flat[j]] += 1
    goals, goals_left = _goals(state, others, rng)
    return replace(state, hands=tuple(hands), deck=tuple(deck), goals=goals, goals_left=goals_left)


def _goals(state: GameState, others: list, rng: Any) -> tuple[tuple, tuple]:
    """The other seats' goal tiles dealt again from the tiles ``seat`` has not seen: ``(goals,
    goals_left)``."""
    t = _t(state.config)
    # the unseen tiles in the components' order, whoever holds them: twins the seat cannot tell
    # apart deal the same goals for the same rng (an order from where they lie leaked them)
    held = {g for g in (*state.goals_left, *(state.goals[k] for k in others)) if g is not None}
    unseen = [g.id for g in t.comps.goals if g.id in held]
    gorder = [unseen[j] for j in rng.permutation(len(unseen))]
    goals = list(state.goals)
    for k in others:
        if goals[k] is not None:
            goals[k] = gorder.pop()
    left = set(gorder)
    return tuple(goals), tuple(g for g in unseen if g in left)


# ------------------------------------------------------------------ the walk through the history
class _Walk(NamedTuple):
    """What :func:`resample` deals from, read from a history (none of it random, so cached).

    ``left[e]``: per card kind, the cards deck ``e`` (0 the first, then one per shuffle of the
    discard pile) gave to other seats' unplayed draws, or for the deck in use could still give
    (those draws and the deck); ``held[e]``: those draws, ``(history index, seat)``;
    ``played``: ``(history index, card kind)`` of the draws a later play shows;
    ``goal_at``: per other seat, the index of its goal tile's entry; ``seen``: the seat's
    information state after the history.
    """

    left: list
    held: list
    played: list
    goal_at: dict
    seen: str


_WALKS: OrderedDict = OrderedDict()
_WALKS_KEPT = 32   # a search resamples one state many times; a check, many states once


def _walk(state: GameState, seat: int) -> _Walk | None:
    """The history's draws as :func:`resample` deals them again (``None`` when the history does
    not replay to what ``seat`` sees); cached by config, seat and history."""
    key = (state.config, seat, state.history)
    walk = _WALKS.get(key)
    if walk is None:
        try:
            walk = _walk_history(state, seat)
        except RometoolsError:   # a state built by hand: the history is not a game's
            walk = False
        _WALKS[key] = walk
        if len(_WALKS) > _WALKS_KEPT:
            _WALKS.popitem(last=False)
    else:
        _WALKS.move_to_end(key)
    if walk is False or walk.seen != information_state(state, seat):
        return None
    return walk


def _walk_history(state: GameState, seat: int) -> _Walk | bool:
    t = _t(state.config)
    s = new_game(state.config)
    players = state.config.players
    decks = [list(t.deck)]   # each deck as shuffled: the cards it held
    slots: list = []         # the other seats' face-down draws: (history index, seat, deck)
    taken = [[0] * len(t.cards) for _ in range(players)]   # known cards, as in known_cards
    wanted: list = []        # plays beyond the known cards: (history index, seat, card, deck in use)
    goal_at = {}
    for at, action in enumerate(state.history):
        if s.over or action not in legal_actions(s):
            return False
        item = s.agenda[0]
        kind = item[0]
        player = current_player(s)
        if player == CHANCE and kind != "goal":
            if not any(s.deck):   # the discard pile, face up, shuffled into a new deck
                decks.append(list(s.discard))
            target = -1 if kind == "refill" else item[1]
            card = t.card_index[action]
            if target in (-1, seat):   # a card the seat sees: its deck gave it
                decks[-1][card] -= 1
            else:
                slots.append((at, target, len(decks) - 1))
        elif kind == "goal":
            if item[1] != seat:
                goal_at[item[1]] = at
        elif kind == "take":
            taken[item[1]][t.card_index[action[1]]] += 1
        elif player != seat and ((kind == "discard" and action != KEEP) or (kind == "build" and action != END)):
            used = (action[1],) if kind == "discard" else (action[4],) if action[0] == "double" else action[2:]
            for c in used:
                card = t.card_index[c]
                if taken[player][card]:   # a card it is known to hold: the one taken (see _forget)
                    taken[player][card] -= 1
                else:
                    wanted.append((at, player, card, len(decks) - 1))
        s = apply_legal(s, action)
    epochs = len(decks)
    picked = _skeleton(slots, wanted, decks, epochs)
    if picked is None:
        return False
    held: list = [[] for _ in range(epochs)]
    played = []
    for at, k, e in slots:
        card = picked.pop((at, k, e), None)
        if card is None:
            held[e].append((at, k))
        else:
            played.append((at, card))
            decks[e][card] -= 1
    for e in range(epochs - 1):
        if sum(decks[e]) != len(held[e]):
            return False
    return _Walk(decks, held, played, goal_at, information_state(s, seat))


def _skeleton(slots: list, wanted: list, decks: list, epochs: int) -> dict | None:
    """Which draw each play beyond the known cards used: ``{(history index, seat, deck): card}``.

    Each play takes an earlier draw of its seat not taken by another play, from a deck that
    held a card of its kind (less what that deck is seen to have given). Within one seat and
    deck the oldest draw goes first (draws from one deck are alike but for when they were
    made), so a play's choice is the deck alone: an integer program when there are several
    decks (``scipy.optimize.milp``, the oldest deck preferred), else the oldest draw.
    ``None`` when no choice fits.
    """
    by_seat_deck: dict = {}
    for at, k, e in slots:
        by_seat_deck.setdefault((k, e), []).append(at)
    options = []   # per play, the decks it may come from
    for at, k, _card, now in wanted:
        options.append([e for e in range(now + 1) if by_seat_deck.get((k, e)) and by_seat_deck[(k, e)][0] < at])
        if not options[-1]:
            return None
    if epochs == 1:
        choice = [0] * len(wanted)
    else:
        choice = _choose_decks(slots, wanted, decks, options, by_seat_deck)
        if choice is None:
            return None
    picked = {}
    used: dict = {}
    for (at, k, card, _now), e in zip(wanted, choice, strict=True):
        n = used.get((k, e), 0)
        draws = by_seat_deck[(k, e)]
        if n >= len(draws) or draws[n] > at:
            return None
        used[(k, e)] = n + 1
        picked[(draws[n], k, e)] = card
    for e in range(epochs):   # no deck gives more of a kind than it held
        counts = [0] * len(decks[e])
        for (_at, _k, e2), card in picked.items():
            if e2 == e:
                counts[card] += 1
        if any(c > d for c, d in zip(counts, decks[e], strict=True)):
            return None
    return picked


def _choose_decks(slots: list, wanted: list, decks: list, options: list, by_seat_deck: dict) -> list | None:
    """The deck each play's card came from, by ``scipy.optimize.milp`` (see :func:`_skeleton`)."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import lil_matrix

    var = [(d, e) for d, opts in enumerate(options) for e in opts]
    index = {v: j for j, v in enumerate(var)}
    rows: list = []   # (columns, low, high)
    for d, opts in enumerate(options):   # each play one deck
        rows.append(([index[(d, e)] for e in opts], 1, 1))
    for (k, e), draws in by_seat_deck.items():   # a seat's plays from a deck, never ahead of its draws
        mine = [d for d, (at, k2, _c, _n) in enumerate(wanted) if k2 == k and (d, e) in index]
        for n, d in enumerate(mine):
            at = wanted[d][0]
            drawn = sum(1 for a in draws if a < at)
            if n + 1 > drawn:
                rows.append(([index[(d2, e)] for d2 in mine[:n + 1]], 0, drawn))
    for e, deck in enumerate(decks):   # no deck gives more of a kind than it held
        for card, have in enumerate(deck):
            cols = [index[(d, e)] for d, w in enumerate(wanted) if w[2] == card and (d, e) in index]
            if len(cols) > have:
                rows.append((cols, 0, have))
    a = lil_matrix((len(rows), len(var)))
    for r, (cols, _low, _high) in enumerate(rows):
        for j in cols:
            a[r, j] = 1
    cost = np.array([e for _d, e in var], dtype=float)   # the oldest deck first
    result = milp(cost, constraints=LinearConstraint(a.tocsr(), [r[1] for r in rows], [r[2] for r in rows]),
                  integrality=np.ones(len(var)), bounds=Bounds(0, 1))
    if result.x is None:
        return None
    choice = [0] * len(wanted)
    for j, (d, e) in enumerate(var):
        if result.x[j] > 0.5:
            choice[d] = e
    return choice
