# rometools: compiled twin
# cython: annotation_typing=False
"""Via Romana's rules: the protocol kernel of the registered game ``"via_romana"``.

The model, in the order of the rulebook (``002_2e34de0661bde959.txt``):

* **Set-up** (Preparing to Play): each card dealt is a chance node (hands, then the
  display), each goal tile dealt is one; then forts in seat order from the start player
  (option ``start_player``, VR-14; two rounds with 2 players); the blocked roads carry signs
  from the start.
* **A turn** (How to Play): discard down to 7 (``("discard", card)``; with Obstinate
  Hands any discards, then ``"keep"``); play up to 3 cards, each build one action:
  ``("fort", city, card, card)`` (the two cards in either order, VR-6), ``("milestone", space,
  card)`` (a card of the space's own edge colour, or of any colour of its road: option
  ``milestone_colour``, VR-13),
  ``("double", city, space, space, card)``, ``("joker", space, card, card)``; ``"end"``
  stops; then 2 draws, each a chance node (the discard pile is shuffled into the deck
  when it runs out: the deck is a multiset, so that shuffle is free).
* **Road scoring** (Scoring Roads) interrupts the build: with several completed roads
  the completer picks ``("score", road)``; the winner picks ``("tile", city)`` when
  both cities have tiles; each other involved player picks ``("take", card)`` from the
  display as often as they have pieces (a chance draw from the deck when it is empty);
  the display is refilled (chance), milestones leave the road, a sign is placed.
* **The end**: the scoring that places the last sign gives the legionary standard; every
  other player has one more turn (End of the Game).

Hidden information (:mod:`~rometools.via_romana.hidden`): a seat sees its own hand and goal
tile, the display, the discard pile, the board, everyone's hand size and the cards each seat
took from the face-up display (``known_cards``; ``information_state``); ``resample`` deals the
other hands (less their known cards) and goals again. Bots receive the whole state; the bundled
bots read only what ``information_state`` shows (``check_game``'s ``hidden_information``).

Rules decisions VR-1 to VR-14: ``docs/rules-decisions.md``.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import fields
from fractions import Fraction
from typing import Any

try:
    import cython
except ImportError:   # plain Python without Cython: the decorators change nothing
    from rometools.core import _cython as cython

from rometools.core._cython import compiled_or_plain
from rometools.core.errors import ArgumentError, refused
from rometools.core.formatting import shown
from rometools.via_romana.state import (
    CHANCE,
    END,
    KEEP,
    TERMINAL,
    GameConfig,
    GameState,
    card_id,
)

__all__ = ["apply", "board_facts", "build_options", "cards", "chance_outcomes", "chance_weights", "current_player", "legal_actions", "new_game", "random_source",
           "road_status", "scores"]

#: The scoring rules (a road's result, the totals): their compiled twin where it was built (the same source).
_scoring = compiled_or_plain("rometools.via_romana.scoring")


class _Tables:
    """Index tables for one board and component set (built once, cached)."""

    def __init__(self, board, comps):
        self.board, self.comps = board, comps
        self.cards = tuple(card_id(c, s) for c in comps.colours for s in comps.symbols)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.card_colour = tuple(c for c in comps.colours for _ in comps.symbols)
        self.card_symbol = tuple(s for _ in comps.colours for s in comps.symbols)
        self.deck = tuple(comps.per_colour[s] for _ in comps.colours for s in comps.symbols)
        self.takes = tuple(("take", c) for c in self.cards)   # the actions of taking each card kind
        self.spaces = board.spaces
        self.index = {s: i for i, s in enumerate(self.spaces)}
        self.ncities = len(board.cities)
        self.city_ids = tuple(c.id for c in board.cities)
        self.colours = tuple(frozenset(board.space_colours[s]) for s in self.spaces)
        self.neigh = tuple(tuple(self.index[n] for n in board.neighbours[s]) for s in self.spaces)
        self.no_cards = (0,) * len(self.cards)
        self.road_of = tuple(board.space_road[s].id if s in board.space_road else None for s in self.spaces)
        self.road_spaces = {r.id: tuple(self.index[s] for s in r.space_ids) for r in board.roads}
        self.road_ends = {r.id: (self.index[r.a], self.index[r.b]) for r in board.roads}
        #: Each road with the places that complete it: its end cities, then its spaces.
        self.road_places = tuple((r.id, (self.index[r.a], self.index[r.b], *self.road_spaces[r.id]))
                                 for r in board.roads)
        self.places_of = dict(self.road_places)
        #: Each road's place in board order (the order ``board_facts`` lists roads in).
        self.road_rank = {r: k for k, (r, _) in enumerate(self.road_places)}
        self.roads_at = {self.index[c]: board.roads_at[c] for c in self.city_ids}
        #: Per city index, each road at it with its spaces in order from the city: ``(road, spaces)``.
        self.roads_from = {i: tuple((r, self.road_spaces[r] if self.road_ends[r][0] == i else self.road_spaces[r][::-1])
                                    for r in roads) for i, roads in self.roads_at.items()}
        #: The city each card matches (its colour and symbol: a double milestone's), -1 for none.
        city_of = {(c.province, c.symbol): self.index[c.id] for c in board.cities}
        self.card_city = tuple(city_of.get(pair, -1) for pair in zip(self.card_colour, self.card_symbol, strict=True))
        #: Per space, the card colours that place a milestone on it, by reading of VR-13: a city's
        #: colour, and a road space's own edge colours ("space") or every colour of its road
        #: ("road"), in the order the board file gives them along the road.
        along = {r.id: tuple(dict.fromkeys(c for edge in r.spaces for c in edge)) for r in board.roads}
        own = tuple(tuple(board.space_colours[s]) for s in self.spaces)
        self.milestone_colours = {
            "space": own,
            "road": tuple(own[i] if self.road_of[i] is None else along[self.road_of[i]] for i in range(len(own)))}
        #: Per reading, per colour, whether each space takes a card of it for a milestone.
        self.takes_colour = {reading: {col: tuple(col in c for c in colours) for col in comps.colours}
                             for reading, colours in self.milestone_colours.items()}
        #: Each goal tile's colours by id (the first tile of an id, as ``Components.goal`` finds it).
        self.goal_need: dict = {}
        for g in comps.goals:
            self.goal_need.setdefault(g.id, frozenset(g.colours))
        #: Each city's province, by index (the cities are the first spaces).
        self.province = tuple(c.province for c in board.cities)
        #: The cities a fort of each colour may go on (its colour among the city's), in board order.
        self.colour_cities = {col: tuple(i for i in range(self.ncities) if col in self.colours[i])
                              for col in comps.colours}


_TABLES: dict = {}


_STATE_FIELDS = frozenset(f.name for f in fields(GameState))


def replace(state: GameState, **changes: Any) -> GameState:
    """``dataclasses.replace`` for a :class:`GameState`, without its per-call checks.

    A state has no ``__post_init__`` and its fields are plain values, so a copy of its
    ``__dict__`` with the changes is the same state ``dataclasses.replace`` builds, about
    eight times faster: it was the largest cost of play (13 us a call, several per action).
    A field name it does not know is refused as ``dataclasses.replace`` refuses it.

    >>> import dataclasses
    >>> s = new_game(players=2)
    >>> replace(s, seat=1) == dataclasses.replace(s, seat=1)
    True
    """
    unknown = changes.keys() - _STATE_FIELDS
    if unknown:
        raise TypeError(f"GameState has no field {sorted(unknown)[0]!r}")
    new = object.__new__(GameState)
    fields = state.__dict__.copy()
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    return new


@cython.ccall
def _t(config: GameConfig) -> _Tables:
    t = config.__dict__.get("_tables")  # kept on the (frozen) config: found again without a file lookup
    if t is not None:
        return t
    t = _tables(config)
    object.__setattr__(config, "_tables", t)
    return t


def _tables(config: GameConfig) -> _Tables:
    board, comps = config.the_board(), config.the_components()
    key = (id(board), id(comps))
    t = _TABLES.get(key)
    if t is None or t.board is not board or t.comps is not comps:
        if len(_TABLES) > 16:
            _TABLES.clear()
        t = _TABLES[key] = _Tables(board, comps)
    return t


def cards(config: GameConfig | None = None) -> tuple[str, ...]:
    """The card kinds, in the order of a state's count tuples.

    >>> cards()[:3]
    ('purple:temple', 'purple:helmet', 'purple:laurel')
    """
    return _t(config or GameConfig()).cards


# ----------------------------------------------------------------- set-up
def new_game(config: GameConfig | None = None, rng: Any = None, **options) -> GameState:
    """A new game at its first chance node (the first card dealt); ``rng`` is not used.

    >>> s = new_game(players=2)
    >>> current_player(s) == CHANCE, s.signs, sum(s.deck)
    (True, 10, 55)
    """
    if config is None:
        config = GameConfig(**options)
    elif options:
        raise ArgumentError("give a config or options, not both")
    t = _t(config)
    board, comps = t.board, t.comps
    p = config.players
    blocked = board.blocked(p)
    # a seat handicap's start bonus: one more card dealt per unit (START_BONUS)
    agenda = [("deal", seat) for seat in range(p) for _ in range(config.hand + config.handicap.bonus(seat))]
    agenda += [("deal", -1)] * comps.display
    agenda += [("goal", seat) for seat in range(p)]
    rounds = 2 if p == 2 else 1
    first = config.start_player   # VR-14: the start player places first, then clockwise
    agenda += [("setup", (first + k) % p) for _ in range(rounds) for k in range(p)]
    agenda.append(("turn",))
    zero = t.no_cards
    return GameState(
        config, hands=(zero,) * p, known_cards=(zero,) * p, deck=t.deck, discard=zero, display=zero, goals=(None,) * p,
        goals_left=tuple(g.id for g in comps.goals), pieces=(-1,) * len(t.spaces),
        tiles=tuple(len(c.tiles) for c in board.cities), won=((),) * p, signed=frozenset(blocked),
        scored=frozenset(), signs=comps.road_signs - len(blocked), forts=(comps.forts_per_player,) * p,
        milestones=(comps.milestones_per_player,) * p, seat=first, agenda=tuple(agenda))


# ----------------------------------------------------------------- whose move
@cython.ccall
def current_player(state: GameState) -> int:
    """The seat to decide, ``CHANCE`` at a draw, ``TERMINAL`` once the game is over."""
    if state.over:
        return TERMINAL
    item = state.agenda[0]
    kind = item[0]
    if kind in ("deal", "goal", "draw", "refill"):
        return CHANCE
    if kind == "take":
        return item[1] if any(state.display) else CHANCE
    if kind == "build" or kind == "discard":
        return state.seat
    return item[1]  # setup, order, tile


@cython.ccall
def _draw_pool(state: GameState) -> tuple:
    """The deck, or the discard pile when the deck is empty (it is shuffled into a new deck)."""
    return state.deck if any(state.deck) else state.discard


def chance_outcomes(state: GameState) -> list[tuple[str, Fraction]]:
    """At a draw, each card kind with its chance (cards of it left / cards left); a goal tile dealt.

    >>> outs = chance_outcomes(new_game())
    >>> outs[0], sum(p for _, p in outs)
    (('purple:temple', Fraction(2, 55)), Fraction(1, 1))
    """
    if current_player(state) != CHANCE:
        return []
    t = _t(state.config)
    if state.agenda[0][0] == "goal":
        n = len(state.goals_left)
        return [(g, Fraction(1, n)) for g in state.goals_left]
    pool = _draw_pool(state)
    total = sum(pool)
    return [(t.cards[i], Fraction(k, total)) for i, k in enumerate(pool) if k]


def random_source(state: GameState) -> str:
    """The source of the pending draw, for common random numbers (``GameSpec.chance_stream``).

    ``"hand 2"`` for a card dealt to seat 2 at set-up, ``"display"`` for a card dealt to the
    display or refilling it, ``"goals"`` for a goal tile, ``"draw 2"`` for a card seat 2 draws
    from the deck (the end of its turn, or a card it takes when the display is empty). Each
    source draws from its own stream, so a hand of 5 instead of 4 leaves the other hands,
    the display and every later draw with the same luck; the card kinds are listed in the
    deck's order, so the same luck gives the same card whenever the deck's composition allows.

    >>> s = new_game(players=3)
    >>> random_source(s), random_source(replace(s, agenda=(("deal", -1), *s.agenda)))
    ('hand 0', 'display')
    """
    p = current_player(state)
    if p >= 0:
        key = (p, state.turn)
    else:
        item = state.agenda[0]
        kind = item[0]
        if kind == "goal":
            return "goals"
        if kind == "deal":
            return "display" if item[1] == -1 else "hand " + str(item[1])
        key = (-1 if kind == "refill" else -2 - item[1], state.turn)   # a refill; a draw of seat item[1]
    name = _SOURCES.get(key)
    if name is None:   # each name made once (a game names a source per seat and turn)
        if len(_SOURCES) > 100_000:
            _SOURCES.clear()
        who, turn = key
        name = _SOURCES[key] = ("seat " + str(who) if who >= 0 else "display" if who == -1 else
                                "draw " + str(-2 - who)) + " turn " + str(turn)
    return name


#: :func:`random_source`'s names by (seat, turn): ``(-1, turn)`` a refill, ``(-2 - seat, turn)`` a draw.
_SOURCES: dict = {}


def chance_weights(state: GameState) -> tuple[list[str], list[int]]:
    """:func:`chance_outcomes` as whole-number weights: the cards left of each kind (a goal tile: 1 each).

    >>> outs, weights = chance_weights(new_game())
    >>> outs[0], weights[0], sum(weights)
    ('purple:temple', 2, 55)
    """
    if current_player(state) != CHANCE:
        return [], []
    if state.agenda[0][0] == "goal":
        return list(state.goals_left), [1] * len(state.goals_left)
    t = _t(state.config)
    pool = _draw_pool(state)
    return _drawable(t.cards, pool)


@cython.ccall
@cython.locals(i=cython.Py_ssize_t)
def _drawable(cards_: tuple, pool: tuple) -> tuple[list[str], list[int]]:
    """The card kinds left in ``pool`` and how many of each."""
    kinds, counts = [], []
    for i in range(len(pool)):
        k = pool[i]
        if k:
            kinds.append(cards_[i])
            counts.append(k)
    return kinds, counts


# ----------------------------------------------------------------- legal actions
@cython.ccall
@cython.locals(i=cython.Py_ssize_t)
def _hand_cards(t: _Tables, hand: tuple) -> list[int]:
    return [i for i in range(len(hand)) if hand[i]]


@cython.ccall
@cython.locals(j=cython.Py_ssize_t, i=cython.Py_ssize_t)
def _milestone_spaces(state: GameState, t: _Tables) -> list[int]:
    """The free spaces next to a piece, in board order: vacant, not on a signed or scored road.
    (The reference :func:`board_facts` keeps as the game goes.)"""
    pieces = state.pieces
    neigh, road_of = t.neigh, t.road_of
    closed = state.signed | state.scored if state.scored else state.signed
    out = []
    for i in range(len(pieces)):
        if pieces[i] == -1:
            for j in neigh[i]:
                if pieces[j] != -1:
                    r = road_of[i]
                    if r is None or r not in closed:
                        out.append(i)
                    break
    return out


@cython.ccall
@cython.locals(j=cython.Py_ssize_t)
def _missing(pieces: tuple, places: tuple):
    """The vacant ones of a road's ``places`` when there are one or two, else ``None``."""
    out = None
    for j in places:
        if pieces[j] == -1:
            if out is None:
                out = (j,)
            elif len(out) == 2:
                return None
            else:
                out = (out[0], j)
    return out


@cython.ccall
def _short_roads(state: GameState, t: _Tables) -> dict:
    """Each open road (neither signed nor scored) one or two places short of complete, with those
    places in board order: ``{road: (place,)}`` or ``{road: (place, place)}``. (The reference
    :func:`board_facts` keeps as the game goes.)"""
    p = state.pieces
    scored, signed = state.scored, state.signed
    out = {}
    for r, places in t.road_places:
        if r not in signed and r not in scored:
            m = _missing(p, places)
            if m is not None:
                out[r] = m
    return out


@cython.ccall
def _fresh_facts(state: GameState, t: _Tables) -> tuple:
    return state.pieces, state.signed, state.scored, tuple(_milestone_spaces(state, t)), _short_roads(state, t)


@cython.ccall
def _facts(state: GameState, t: _Tables) -> tuple:
    """:func:`board_facts` by index, with the pieces and closed roads they were found for in front:
    ``(pieces, signed, scored, milestone spaces, short roads)``. Kept on the state (a cache, not
    part of the position) and carried through every action: a build updates them for the places it
    fills (:func:`_placed_facts`); a scoring, which takes milestones off and closes a complete road,
    carries them on unchanged (:func:`_score`). A state whose pieces or closed roads are not the ones
    they were found for (a copy made with other pieces) finds them again."""
    f = state.facts
    if f is None or f[0] is not state.pieces or f[1] is not state.signed or f[2] is not state.scored:
        f = _fresh_facts(state, t)
        state.__dict__["facts"] = f
    return f


@cython.ccall
@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _placed_facts(f: tuple, t: _Tables, pieces: tuple, placed: list) -> tuple:
    """The facts ``f`` after pieces go on the vacant places ``placed`` (the closed roads unchanged):
    only those places leave the milestone spaces and only their vacant neighbours can join them;
    only the roads through them can come closer to complete."""
    signed, scored = f[1], f[2]
    spaces = list(f[3])
    road_of = t.road_of
    short = f[4]
    copied = False
    for i in placed:
        k = bisect_left(spaces, i)
        if k < len(spaces) and spaces[k] == i:
            del spaces[k]
        for j in t.neigh[i]:
            if pieces[j] == -1:
                r = road_of[j]
                if r is None or (r not in signed and r not in scored):
                    k = bisect_left(spaces, j)
                    if k == len(spaces) or spaces[k] != j:
                        spaces.insert(k, j)
        for r in (t.roads_at[i] if i < t.ncities else (road_of[i],)):
            if r not in signed and r not in scored:
                if not copied:
                    short, copied = dict(short), True
                m = _missing(pieces, t.places_of[r])
                if m is None:
                    short.pop(r, None)
                else:
                    short[r] = m
    return pieces, signed, scored, tuple(spaces), short


@cython.ccall
@cython.locals(i=cython.Py_ssize_t)
def _completing(t: _Tables, short: dict, i: int) -> list:
    """The open roads that a piece on place ``i`` alone would complete (``short``: the facts' short
    roads)."""
    if i >= t.ncities:
        r = t.road_of[i]
        m = short.get(r)
        return [r] if m is not None and len(m) == 1 else []
    out = []
    for r in t.roads_at[i]:
        m = short.get(r)
        if m is not None and len(m) == 1 and m[0] == i:
            out.append(r)
    return out


def board_facts(state: GameState) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """What the rules and the bots derive from the pieces and the closed roads, by id.

    Kept with the state as the game goes (a build updates them for the places it fills; a scoring
    leaves them as they were), so a decision reads them instead of scanning the board;
    ``tests/test_via_romana.py`` holds the kept ones equal to ones found from scratch after every
    move of seeded games.

    Returns
    -------
    milestone_spaces : tuple of str
        The vacant places next to a piece, not on a signed or scored road, in board order: where a
        milestone or a joker may go (Detailed Building Rules).
    short_roads : dict
        Each open road (neither signed nor scored) one or two places short of complete, with those
        vacant places in board order.

    Examples
    --------
    >>> s = new_game(players=2)
    >>> board_facts(s)   # nothing on the board: no milestone space, no road close to complete
    ((), {})
    """
    t = _t(state.config)
    f = _facts(state, t)
    name = t.spaces
    return tuple(name[i] for i in f[3]), {r: tuple(name[i] for i in m) for r, m in f[4].items()}


@cython.ccall
def _double_spaces(state: GameState, t: _Tables, city: int) -> list[tuple[int, int]]:
    """Pairs of adjacent vacant road spaces on the roads at ``city``, joined to it by pieces (VR-5)."""
    out = []
    signed, scored, pieces = state.signed, state.scored, state.pieces
    for rid, sp in t.roads_from[city]:
        if rid in signed or rid in scored:
            continue
        k = 0
        while k < len(sp) and pieces[sp[k]] != -1:
            k += 1
        if k + 1 < len(sp) and pieces[sp[k + 1]] == -1:
            out.append((sp[k], sp[k + 1]))
    return out


def build_options(state: GameState) -> list[tuple[str, tuple[str, ...], list]]:
    """The builds open to the seat at its build step, grouped by kind and cards, in legal order.

    :func:`legal_actions` at a build step is ``END`` followed by these groups spelt out: for
    ``(kind, cards, places)``, the action ``(kind, place, *cards)`` for each place in turn
    (a double's place is ``(city, space, space)``, spelt out as ``("double", city, space,
    space, card)``). A bot that rates builds by where they go rates each place once and spells
    out only the actions it keeps (Detailed Building Rules; VR-5 for the double).

    Returns
    -------
    list of (str, tuple of str, list)
        ``kind`` (``"fort"``, ``"milestone"``, ``"double"``, ``"joker"``), the card ids spent
        (two for a fort or a joker, one otherwise), and the places: city ids for a fort,
        space ids for a milestone or a joker, ``(city, space, space)`` for a double. Empty
        away from a build step.

    See Also
    --------
    legal_actions, rometools.via_romana.views.builds_with

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play, turn_states
    >>> state = next(s for s in turn_states(play(rometools.load_game("via_romana", players=2), "greedy", 1))
    ...              if s.agenda and s.agenda[0][0] == "build")
    >>> build_options(state)[0]   # a purple fort, on any vacant purple city
    ('fort', ('purple:eagle', 'purple:eagle'), ['roma', 'tibur', 'praeneste'])
    >>> spelt = [(kind, *place, *cards) if kind == "double" else (kind, place, *cards)
    ...          for kind, cards, places in build_options(state) for place in places]
    >>> [END, *spelt] == legal_actions(state)
    True
    """
    if state.over or not state.agenda or state.agenda[0][0] != "build":
        return []
    return _build_options(state, _t(state.config))


@cython.ccall
@cython.locals(a=cython.Py_ssize_t, b=cython.Py_ssize_t, i=cython.Py_ssize_t, left=cython.Py_ssize_t)
def _build_groups(state: GameState, t: _Tables) -> list:
    """:func:`build_options` by index: ``(kind, cards, places)`` with the cards as card indices and
    the places as space indices (a double's as ``(city, space, space)``), in the same order. Every
    joker group shares one list of places (the milestone spaces)."""
    seat = state.seat
    hand = state.hands[seat]
    held = _hand_cards(t, hand)
    left = t.comps.cards_per_turn - state.played
    opts: list = []
    colour = t.card_colour
    pieces = state.pieces
    if state.forts[seat] and left >= 2:
        cities: dict = {}   # the vacant cities of each colour (the same for every pair of it)
        for a in held:
            for b in held:
                if b < a or colour[a] != colour[b] or (a == b and hand[a] < 2):
                    continue
                col = colour[a]
                places = cities.get(col)
                if places is None:
                    places = cities[col] = [i for i in t.colour_cities[col] if pieces[i] == -1]
                if places:
                    opts.append(("fort", (a, b), places))
    if state.milestones[seat] and left >= 1:
        ms = _facts(state, t)[3]
        reach: dict = {}   # the spaces each colour reaches (the same for every card of it)
        takes_colour = t.takes_colour[state.config.milestone_colour]   # VR-13's reading
        for a in held:
            col = colour[a]
            places = reach.get(col)
            if places is None:
                takes = takes_colour[col]
                places = reach[col] = [i for i in ms if takes[i]]
            if places:
                opts.append(("milestone", (a,), places))
        if state.milestones[seat] >= 2:
            for a in held:
                city = t.card_city[a]
                if city >= 0 and pieces[city] != -1:
                    places = [(city, x, y) for x, y in _double_spaces(state, t, city)]
                    if places:
                        opts.append(("double", (a,), places))
        if left >= 2 and ms:
            where = list(ms)
            for a in held:
                for b in held:
                    if b > a and colour[a] != colour[b]:
                        opts.append(("joker", (a, b), where))
    return opts


def _build_options(state: GameState, t: _Tables) -> list:
    """:func:`_build_groups` by id (:func:`build_options`)."""
    cards_, spaces = t.cards, t.spaces
    opts: list = []
    named: dict = {}   # each list of places by id once (the joker groups share one)
    for kind, cs, places in _build_groups(state, t):
        where = named.get(id(places))
        if where is None:
            if kind == "double":
                where = [(spaces[c], spaces[x], spaces[y]) for c, x, y in places]
            else:
                where = [spaces[i] for i in places]
            named[id(places)] = where
        opts.append((kind, (cards_[cs[0]],) if len(cs) == 1 else (cards_[cs[0]], cards_[cs[1]]), where))
    return opts


def _build_actions(state: GameState, t: _Tables) -> list:
    """``END`` and every build, spelt out from :func:`_build_groups` (in :func:`build_options`' order)."""
    acts: list = [END]
    cards_, spaces = t.cards, t.spaces
    for kind, cs, places in _build_groups(state, t):
        if kind == "milestone":
            card = cards_[cs[0]]
            acts += [("milestone", spaces[i], card) for i in places]
        elif kind == "double":
            card = cards_[cs[0]]
            acts += [("double", spaces[c], spaces[x], spaces[y], card) for c, x, y in places]
        else:
            a, b = cards_[cs[0]], cards_[cs[1]]
            acts += [(kind, spaces[i], a, b) for i in places]
    return acts


def legal_actions(state: GameState) -> list:
    """Every legal action: the outcomes at a chance node, the decisions elsewhere, ``[]`` at the end.

    >>> from rometools.core.playout import play
    >>> import rometools
    >>> s = new_game(players=2)
    >>> while current_player(s) == CHANCE:
    ...     s = apply(s, legal_actions(s)[0])
    >>> legal_actions(s)[:2]
    [('setup', 'roma'), ('setup', 'ostia')]
    """
    p = current_player(state)
    if p == TERMINAL:
        return []
    if p == CHANCE:   # the outcomes of chance_outcomes, without their Fractions
        return chance_weights(state)[0]
    t = _t(state.config)
    item = state.agenda[0]
    kind = item[0]
    if kind == "setup":
        return [("setup", t.spaces[i]) for i in range(t.ncities) if state.pieces[i] == -1]
    if kind == "build":
        return _build_actions(state, t)
    if kind == "discard":
        held = [("discard", t.cards[i]) for i in _hand_cards(t, state.hands[state.seat])]
        return held + [KEEP] if state.config.obstinate_hands else held
    if kind == "order":
        return [("score", r) for r in item[2]]
    if kind == "tile":
        return [("tile", c) for c in item[3]]
    if kind == "take":
        return [t.takes[i] for i in _hand_cards(t, state.display)]
    raise AssertionError(item)


# ----------------------------------------------------------------- apply
def _well_formed(state: GameState, action: Any) -> bool:
    t = _t(state.config)
    if isinstance(action, str):
        return action in (END, KEEP) or action in t.card_index or action in {g.id for g in t.comps.goals}
    if type(action) is not tuple or not action or not isinstance(action[0], str):
        return False
    if not all(isinstance(x, str) for x in action):
        return False
    kind, rest = action[0], action[1:]
    cities, spaces, cs = set(t.city_ids), t.index, t.card_index
    shapes = {
        "setup": lambda: len(rest) == 1 and rest[0] in cities,
        "fort": lambda: len(rest) == 3 and rest[0] in cities and rest[1] in cs and rest[2] in cs,
        "milestone": lambda: len(rest) == 2 and rest[0] in spaces and rest[1] in cs,
        "double": lambda: len(rest) == 4 and rest[0] in cities and rest[1] in spaces and rest[2] in spaces
        and rest[3] in cs,
        "joker": lambda: len(rest) == 3 and rest[0] in spaces and rest[1] in cs and rest[2] in cs,
        "discard": lambda: len(rest) == 1 and rest[0] in cs,
        "take": lambda: len(rest) == 1 and rest[0] in cs,
        "tile": lambda: len(rest) == 1 and rest[0] in cities,
        "score": lambda: len(rest) == 1 and rest[0] in t.road_spaces,
    }
    check = shapes.get(kind)
    return bool(check and check())


def _cards_in_order(state: GameState, action: Any) -> Any:
    """A fort or a joker whose two cards are in the other order than :func:`legal_actions` lists
    them (the deck's card order), put in that order: the same build (``None`` for anything else)."""
    if type(action) is not tuple or len(action) != 4 or action[0] not in ("fort", "joker"):
        return None
    a, b = action[2], action[3]
    if type(a) is not str or type(b) is not str:
        return None
    index = _t(state.config).card_index
    if a not in index or b not in index or index[a] <= index[b]:
        return None
    return (action[0], action[1], b, a)


@cython.ccall
def _add(counts: tuple, i: int, n: int = 1) -> tuple:
    out = list(counts)
    out[i] += n
    return tuple(out)


@cython.ccall
def _set(seq: tuple, i: int, value: Any) -> tuple:
    out = list(seq)
    out[i] = value
    return tuple(out)


@cython.ccall
def _forget(known: tuple, seat: int, used: Any) -> tuple:
    """``known`` (a state's ``known_cards``) after ``seat`` plays or discards cards of the kinds
    ``used``: one fewer known card of each, down to 0 (the card may have been the one taken)."""
    mine = known[seat]
    if not any(mine):
        return known
    for i in used:
        if mine[i]:
            mine = _add(mine, i, -1)
    return _set(known, seat, mine)


@cython.ccall
def _hand_full(state: GameState, seat: int) -> bool:
    return state.config.obstinate_hands and sum(state.hands[seat]) >= state.config.the_components().hand_limit


def apply(state: GameState, action: Any) -> GameState:
    """The state after ``action``; ``state`` is never changed.

    A fort's or a joker's two cards may come in either order: it is the same build, recorded in
    the history in the order :func:`legal_actions` lists it (the deck's card order).

    Raises
    ------
    InvalidActionError
        For a value that is no Via Romana action (wrong shape, unknown city, space or card).
    IllegalActionError
        For an action the state does not allow now.

    Examples
    --------
    >>> s = new_game()
    >>> apply(s, "blue:temple").hands[0][cards().index("blue:temple")]
    1
    """
    try:
        legal = action in legal_actions(state)
    except TypeError:
        legal = False
    if not legal:
        swapped = _cards_in_order(state, action)
        if swapped is not None and swapped in legal_actions(state):
            return apply_legal(state, swapped)
        raise refused(f"{shown(action)} is not allowed now{_why_not(state, action)}" if not state.over else
                      f"the game is over; {shown(action)} cannot be played",
                      well_formed=_well_formed(state, action))
    return apply_legal(state, action)


def _why_not(state: GameState, action: Any) -> str:
    """Why a refused milestone is refused when its card's colour alone forbids it (VR-13), as
    ``": ..."`` to end the refusal; ``""`` for anything else."""
    if type(action) is not tuple or len(action) != 3 or action[0] != "milestone" or not state.agenda \
            or state.agenda[0][0] != "build":
        return ""
    t = _t(state.config)
    space, card = t.index.get(action[1]), t.card_index.get(action[2])
    if space is None or card is None:
        return ""
    reading = state.config.milestone_colour
    colours = t.milestone_colours[reading][space]
    if t.card_colour[card] in colours:
        return ""
    whose = "its province's" if space < t.ncities else "its own edges'" if reading == "space" else "its road's"
    return (f": a milestone on {t.spaces[space]} takes a {' or '.join(colours)} card ({whose} colour"
            f"{'s' if len(colours) > 1 else ''}; milestone_colour={reading!r}, VR-13)")


@cython.ccall
def _successor(state: GameState, action: Any) -> GameState:
    """A copy of ``state`` with ``action`` added to its history: :func:`apply_legal`'s own state,
    which it and the functions it calls change in place, field by field in its ``__dict__`` (a copy
    per change was a fifth of a game's time, a keyword call per change a tenth); never a caller's
    state."""
    s = object.__new__(GameState)
    d = state.__dict__.copy()
    d["history"] = state.history + (action,)
    object.__setattr__(s, "__dict__", d)
    return s


def apply_legal(state: GameState, action: Any) -> GameState:
    """``apply`` for an action known to be legal (no check)."""
    t = _t(state.config)
    agenda = state.agenda
    item = agenda[0]
    kind = item[0]
    s = _successor(state, action)
    d = s.__dict__
    if kind in ("deal", "draw", "refill") or (kind == "take" and current_player(state) == CHANCE):
        i = t.card_index[action]
        deck = s.deck
        if not any(deck):   # the discard pile shuffled into a new deck
            deck, d["discard"] = s.discard, t.no_cards
        d["deck"] = _add(deck, i, -1)
        if kind == "refill":
            d["display"] = _add(s.display, i)   # _settle drops the refill once the display is full
        else:
            target = item[1]
            if target == -1:
                d["display"] = _add(s.display, i)
            else:
                d["hands"] = _set(s.hands, target, _add(s.hands[target], i))
            if kind != "deal" and item[2] > 1:
                d["agenda"] = ((kind, target, item[2] - 1), *agenda[1:])
            else:
                d["agenda"] = agenda[1:]
    elif kind == "take":
        i = t.card_index[action[1]]
        seat = item[1]
        d["display"] = _add(s.display, i, -1)
        d["hands"] = _set(s.hands, seat, _add(s.hands[seat], i))
        d["known_cards"] = _set(s.known_cards, seat, _add(s.known_cards[seat], i))   # taken face up (VR-12)
        d["agenda"] = (("take", seat, item[2] - 1), *agenda[1:]) if item[2] > 1 else agenda[1:]
    elif kind == "goal":
        d["goals"] = _set(s.goals, item[1], action)
        d["goals_left"] = tuple(g for g in s.goals_left if g != action)
        d["agenda"] = agenda[1:]
    elif kind == "setup":
        i = t.index[action[1]]
        seat = item[1]
        d["pieces"] = _set(s.pieces, i, 2 * seat + 1)
        d["forts"] = _set(s.forts, seat, s.forts[seat] - 1)
        d["agenda"] = agenda[1:]
    elif kind == "discard":
        rest = agenda[1:]
        if action == KEEP:
            d["agenda"] = (("build",), *rest)
        else:
            i = t.card_index[action[1]]
            seat = s.seat
            hand = _add(s.hands[seat], i, -1)
            d["hands"] = _set(s.hands, seat, hand)
            d["discard"] = _add(s.discard, i)
            d["known_cards"] = _forget(s.known_cards, seat, (i,))
            limit = t.comps.hand_limit
            if not s.config.obstinate_hands and sum(hand) <= limit or s.config.obstinate_hands and not any(hand):
                d["agenda"] = (("build",), *rest)
    elif kind == "build":
        if action == END:
            d["agenda"] = (("draw", s.seat, t.comps.draw), ("next",), *agenda[1:])
        else:
            s = _build(s, t, action)
    elif kind == "order":
        road = action[1]
        others = tuple(r for r in item[2] if r != road)
        d["agenda"] = agenda[1:]
        s = _score(s, t, road, item[1], then=(("order", item[1], others),) if len(others) > 1 else
                   tuple(("auto", item[1], r) for r in others))
    elif kind == "tile":
        s = _take_tile(s, t, item[1], action[1])
        d["agenda"] = agenda[1:]
    return _settle(s, t)


@cython.ccall
def _within(few: tuple, placed: list) -> bool:
    """Whether every one of the (one or two) places ``few`` is in ``placed``."""
    for j in few:  # noqa: SIM110 - a loop compiles to C; all() over a generator does not
        if j not in placed:
            return False
    return True


@cython.ccall
def _build(s: GameState, t: _Tables, action: tuple) -> GameState:
    """A build's pieces, cards and the roads it completes, on ``s`` itself (``apply_legal``'s copy)."""
    seat = s.seat
    kind = action[0]
    used = [t.card_index[c] for c in action[2:] if c in t.card_index] if kind != "double" else \
        [t.card_index[action[4]]]
    hand = s.hands[seat]
    discard = s.discard
    for i in used:
        hand = _add(hand, i, -1)
        discard = _add(discard, i)
    f = _facts(s, t)   # before the pieces change
    pieces, forts, milestones = s.pieces, s.forts, s.milestones
    if kind == "fort":
        placed = [t.index[action[1]]]
        pieces = _set(pieces, placed[0], 2 * seat + 1)
        forts = _set(forts, seat, forts[seat] - 1)
    elif kind == "double":
        placed = [t.index[action[2]], t.index[action[3]]]
        for i in placed:
            pieces = _set(pieces, i, 2 * seat)
        milestones = _set(milestones, seat, milestones[seat] - 2)
    else:
        placed = [t.index[action[1]]]
        pieces = _set(pieces, placed[0], 2 * seat)
        milestones = _set(milestones, seat, milestones[seat] - 1)
    roads = []   # the roads it completes (road_status "complete"): open ones whose vacant places it fills
    short = f[4]
    for i in placed:
        for r in (t.roads_at[i] if i < t.ncities else (t.road_of[i],)):
            m = short.get(r)
            if m is not None and r not in roads and _within(m, placed):
                roads.append(r)
    # a road it completes leaves the short roads here; its scoring carries the facts on (_score)
    d = s.__dict__
    d["hands"] = _set(s.hands, seat, hand)
    d["discard"] = discard
    d["pieces"] = pieces
    d["forts"] = forts
    d["milestones"] = milestones
    d["played"] = s.played + len(used)
    d["known_cards"] = _forget(s.known_cards, seat, used)
    d["facts"] = _placed_facts(f, t, pieces, placed)
    after = (("build",), *s.agenda[1:])
    if len(roads) > 1:
        d["agenda"] = (("order", seat, tuple(roads)), *after)
    elif roads:
        d["agenda"] = (("auto", seat, roads[0]), *after)
    else:
        d["agenda"] = after
    return s


def completes_a_road(state: GameState, action: tuple) -> bool:
    """Whether a legal build (``("fort", city, ...)``, ``("milestone", space, ...)``,
    ``("joker", space, ...)``, ``("double", city, a, b, card)``) would complete a road: the one
    thing a build does to the scores besides a fort's own points. A bot rates every other build
    without applying it (the same rating, from the state as it is).

    >>> s = new_game(players=2, rng=1)
    >>> completes_a_road(s, ("milestone", s.config.the_board().roads[0].space_ids[0], "x"))
    False
    """
    t = _t(state.config)
    if action[0] == "double":
        placed = (t.index[action[2]], t.index[action[3]])
    else:
        placed = (t.index[action[1]],)
    p = state.pieces
    for i in placed:
        for r in (t.roads_at[i] if i < t.ncities else (t.road_of[i],)):
            if r in state.scored or r in state.signed:
                continue
            a, b = t.road_ends[r]
            if all(p[j] != -1 or j in placed for j in (a, b, *t.road_spaces[r])):
                return True
    return False


def road_status(state: GameState, road: str) -> str:
    """``"signed"``, ``"scored"``, ``"complete"`` (every space and both cities hold a piece) or ``"open"``.

    >>> road_status(new_game(players=2), "r03")
    'signed'
    """
    t = _t(state.config)
    if road in state.scored:
        return "scored"
    if road in state.signed:
        return "signed"
    a, b = t.road_ends[road]
    p = state.pieces
    if p[a] != -1 and p[b] != -1 and all(p[i] != -1 for i in t.road_spaces[road]):
        return "complete"
    return "open"


@cython.ccall
def _score(s: GameState, t: _Tables, road: str, completer: int, then: tuple = ()) -> GameState:
    """Score ``road`` (Scoring Roads): tile choice, cards, refill, milestones off, sign."""
    n = s.config.players
    a, b = t.road_ends[road]
    counts = [0] * n
    for i in (a, b, *t.road_spaces[road]):
        counts[s.pieces[i] // 2] += 1
    result = _scoring._road_result({k: c for k, c in enumerate(counts) if c}, completer, list(range(n)),
                          s.config.dangerous_ties)   # score_road on values the board guarantees
    todo: list = []
    if result.winner is not None:
        with_tiles = [t.spaces[c] for c in (a, b) if s.tiles[c]]
        if len(with_tiles) == 2:
            todo.append(("tile", result.winner, road, tuple(with_tiles)))
        elif with_tiles:
            s = _take_tile(s, t, result.winner, with_tiles[0])
    for seat, k in result.cards.items():
        todo.append(("take", seat, k))
    todo.append(("refill",))
    pieces, milestones = s.pieces, s.milestones
    last = s.signs == 0
    if not last:   # the milestones go back to their owners' supplies
        board, supply = list(pieces), list(milestones)
        for i in t.road_spaces[road]:
            supply[board[i] // 2] += 1
            board[i] = -1
        pieces, milestones = tuple(board), tuple(supply)
    f = s.facts   # the facts for the pieces before the scoring, when they are kept
    kept = f is not None and f[0] is s.pieces and f[1] is s.signed and f[2] is s.scored
    d = s.__dict__
    d["pieces"] = pieces
    d["milestones"] = milestones
    d["scored"] = s.scored | {road}
    if not last:
        d["signed"] = s.signed | {road}
        d["signs"] = s.signs - 1
        if s.signs == 0:
            d["standard"] = completer
            d["last_turns"] = n - 1
    # A complete road's places all hold pieces: none is a milestone space, the road is not short,
    # and the places next to its spaces are its own spaces (now closed) and its two cities (still
    # held). Taking its milestones off and closing it leaves both facts as they were.
    d["facts"] = (pieces, s.signed, s.scored, f[3], f[4]) if kept else None
    d["agenda"] = (*todo, *then, *s.agenda)
    return s


@cython.ccall
def _take_tile(s: GameState, t: _Tables, seat: int, city: str) -> GameState:
    c = t.index[city]
    value = s.tiles[c] + 1
    d = s.__dict__
    d["tiles"] = _set(s.tiles, c, s.tiles[c] - 1)
    d["won"] = _set(s.won, seat, (*s.won[seat], f"{city}={value}"))
    return s


@cython.ccall
def _settle(s: GameState, t: _Tables) -> GameState:
    """Do the agenda's work that needs no decision and no draw, until one is needed (on ``s`` itself,
    :func:`apply_legal`'s copy)."""
    comps = t.comps
    d = s.__dict__
    while not d["over"]:
        agenda = d["agenda"]
        item = agenda[0]
        kind = item[0]
        if kind == "auto":
            d["agenda"] = agenda[1:]
            s = _score(s, t, item[2], item[1])
        elif kind == "order" and len(item[2]) <= 1:
            d["agenda"] = tuple([("auto", item[1], r) for r in item[2]]) + agenda[1:]
        elif kind in ("deal", "draw", "take", "refill"):
            target = item[1] if kind != "refill" else -1
            if kind == "refill" and sum(d["display"]) >= comps.display:
                d["agenda"] = agenda[1:]
            elif kind in ("draw", "take") and target >= 0 and _hand_full(s, target):
                d["agenda"] = agenda[1:]  # Obstinate Hands: no more cards (VR-8)
            elif kind == "take" and any(d["display"]):
                return s
            elif not any(d["deck"]) and not any(d["discard"]):
                d["agenda"] = agenda[1:]  # nothing left to draw (VR-7)
            else:
                return s
        elif kind == "build":
            seat = d["seat"]
            if d["played"] >= comps.cards_per_turn or not any(d["hands"][seat]):
                d["agenda"] = (("draw", seat, comps.draw), ("next",), *agenda[1:])
            else:
                return s
        elif kind == "next":
            agenda = agenda[1:]
            d["agenda"] = agenda
            last = d["last_turns"]
            if last is not None:
                if last == 0:
                    d["over"], d["agenda"] = True, ()
                    return s
                d["last_turns"] = last - 1
            if d["turn"] >= s.config.max_turns:
                d["over"], d["agenda"] = True, ()
                return s
            d["seat"] = (d["seat"] + 1) % s.config.players
            d["agenda"] = (("turn",), *agenda)
        elif kind == "turn":
            hand = d["hands"][d["seat"]]
            turn = d["turn"]
            d["turn"], d["played"] = turn + 1, 0
            if turn == 0:
                d["seat"] = s.config.start_player
            nxt = ("discard",) if (sum(hand) > comps.hand_limit or (s.config.obstinate_hands and any(hand))) \
                else ("build",)
            d["agenda"] = (nxt, *agenda[1:])
        else:
            return s
    return s


def scores(state: GameState) -> tuple[int, ...]:
    """Each seat's points now (the final scoring applied to the current position)."""
    return _scoring.totals(state)
