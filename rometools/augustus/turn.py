# rometools: compiled twin
# cython: annotation_typing=False
"""An Augustus action applied: the decision or chance outcome, then every step the rules take on
their own (the seats placing in turn, completed objectives, rewards, the joker's reset, the end).

Rules: ``003_d241425e5c31f6f1.txt`` (the turn, Le jeton joker, Contrôlez un objectif, Réclamez
une récompense, Fin de la partie). Each rule stands beside its quote; the choices where the text
is silent are in ``docs/rules-decisions.md`` (AU-n). :mod:`~rometools.augustus.rules` (the
protocol: ``apply``, ``new_game``...) calls :func:`applied` and :func:`dealt`; what a seat may
do at a decision is in :mod:`~rometools.augustus.moves`.

An action is applied to :class:`_Work`, a mutable copy of the state's fields that never escapes
this module, and the new state frozen from it: the state given is unchanged.

Examples
--------
>>> from rometools.augustus import legal_actions, new_game
>>> s = new_game(rng=3)
>>> s2 = applied(s, legal_actions(s)[0], True)
>>> s2.phase, s2.seat, s.seat
('keep', 1, 0)
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # Cython is only needed to compile this module
    from rometools.core import _cython as cython
if cython.compiled:   # the C functions that read a state's attribute dict (_Work) and fill an objective in
    # play (_placed_of)
    from cython.cimports.cpython.object import PyObject_GenericGetDict
    from cython.cimports.cpython.ref import Py_INCREF
    from cython.cimports.cpython.tuple import PyTuple_New, PyTuple_SET_ITEM
    from cython.cimports.cpython.type import PyType_GenericAlloc

# the config's facts, built once per config (plain Python), and the reward tile kinds they code
from rometools.augustus._turn_facts import EXTRA_LEGION, PLACE_LEGION, REMOVE_LEGION, facts_of
from rometools.augustus.components import Objective
from rometools.augustus.state import _PHASE_CODES, PASS, GameState, Placed
from rometools.core._cython import compiled_or_plain

# what a seat may do (moves.py), its compiled twin where it was built (the same source)
moves = compiled_or_plain("rometools.augustus.moves")
decisions = moves.decisions
can_remove, placements, power_symbols, why_not = moves.can_remove, moves.placements, moves.power_symbols, moves.why_not
is_action, refusal, count_tile, refusal_error = moves.is_action, moves.refusal, moves.count_tile, moves.refusal_error
# the reward tiles given automatically (_rewards.py), compiled where built
_automatic = compiled_or_plain("rometools.augustus._rewards").automatic
# the new state made of a working copy's fields (_records.py), compiled where built
_frozen = compiled_or_plain("rometools.augustus._records").frozen

__all__ = ["applied", "dealt"]

#: The phases' numbers (:data:`~rometools.augustus.state._PHASE_CODES`), C numbers compiled: the rules'
#: steps look a phase up once and compare numbers, not strings (:func:`_code`).
_CODES = cython.declare(dict, _PHASE_CODES)
cython.declare(_DEAL=cython.long, _DRAW=cython.long, _REFILL=cython.long, _PLACE=cython.long, _RESOLVE=cython.long,
               _KEEP=cython.long, _OVER=cython.long, _CLAIM=cython.long, _TAKE=cython.long, _POWER_PLACE=cython.long)
_DEAL, _DRAW, _REFILL, _PLACE, _RESOLVE, _KEEP, _OVER, _CLAIM, _TAKE, _POWER_PLACE = [
    _PHASE_CODES[p] for p in ("deal", "draw", "refill", "place", "resolve", "keep", "over", "claim", "take", "power_place")]


#: The powers (``_Facts.powers``) as C numbers.
cython.declare(_EXTRA_LEGION=cython.long, _REMOVE_LEGION=cython.long, _PLACE_LEGION=cython.long)
_EXTRA_LEGION, _REMOVE_LEGION, _PLACE_LEGION = EXTRA_LEGION, REMOVE_LEGION, PLACE_LEGION


@cython.cfunc
@cython.inline
def _code(phase) -> cython.long:
    """The phase's number (:data:`_CODES`), 0 for a phase not there."""
    got = _CODES.get(phase) if isinstance(phase, str) else None
    return 0 if got is None else got



@cython.final
@cython.no_gc
@cython.cclass
class _Facts:
    """What the rules' own steps read of a config at every action, read once per config
    (:func:`_facts`, built by :func:`~rometools.augustus._turn_facts.facts_of`): the options and counts as C fields, each card's capacities, kind and
    producers as plain dicts and tuples in place of the components' dataclasses, their attributes
    and methods. Private to this module; never part of a state.

    Compiled, an extension type whose fields the steps read as C struct members."""

    config = cython.declare(object, visibility="readonly")
    cards = cython.declare(dict, visibility="readonly")
    caps = cython.declare(dict, visibility="readonly")
    kind = cython.declare(dict, visibility="readonly")
    slot_index = cython.declare(dict, visibility="readonly")
    tiles = cython.declare(tuple, visibility="readonly")
    token_index = cython.declare(dict, visibility="readonly")
    joker = cython.declare(object, visibility="readonly")
    players = cython.declare(cython.long, visibility="readonly")
    central_row = cython.declare(cython.long, visibility="readonly")
    dealt = cython.declare(cython.long, visibility="readonly")
    first_game = cython.declare(cython.bint, visibility="readonly")
    objectives_to_end = cython.declare(cython.long, visibility="readonly")
    all_colours = cython.declare(cython.bint, visibility="readonly")
    slots = cython.declare(dict, visibility="readonly")
    symbol_as = cython.declare(dict, visibility="readonly")
    symbols = cython.declare(tuple, visibility="readonly")
    counts = cython.declare(tuple, visibility="readonly")
    orders = cython.declare(tuple, visibility="readonly")
    bits = cython.declare(dict, visibility="readonly")
    joker_bits = cython.declare(cython.long, visibility="readonly")
    groups = cython.declare(dict, visibility="readonly")
    kind_code = cython.declare(dict, visibility="readonly")
    colours = cython.declare(tuple, visibility="readonly")
    powers = cython.declare(dict, visibility="readonly")

    def __init__(self, config):
        (self.config, self.cards, self.caps, self.kind, self.slot_index, self.tiles, self.all_colours,
         self.token_index, self.joker, self.players, self.central_row, self.dealt, self.first_game,
         self.objectives_to_end, self.slots, self.symbol_as, self.symbols, self.counts, self.orders, self.bits,
         self.joker_bits, self.groups, self.kind_code, self.colours, self.powers) = facts_of(config)

#: Each config's :class:`_Facts` by ``id``, with the config itself (the id of a config no longer
#: alive may be reused): the few configs a process plays.
_FACTS: dict = {}
#: ``(config, facts)`` of the config last asked (one tuple, replaced at once: a thread never pairs
#: a config with another's facts).
_LAST: tuple = (None, None)


@cython.cfunc
def _facts(config) -> _Facts:
    """The config's :class:`_Facts`, built on its first action."""
    global _LAST
    kept = _LAST
    if kept[0] is config:
        return kept[1]
    kept = _FACTS.get(id(config))
    if kept is None or kept[0] is not config:
        if len(_FACTS) >= 32:
            _FACTS.clear()
        kept = _FACTS[id(config)] = (config, _Facts(config))
    _LAST = kept
    return kept[1]


@cython.final
@cython.no_gc
@cython.cclass
class _Work:
    """A mutable copy of a state's fields while one action is applied (never escapes).

    Every field stays the state's own tuple until the action changes it (:func:`_list`); a
    per-seat field (``hands``, ``in_play``, ``controlled``) becomes a list of the state's tuples
    and a seat's tuple a list of this action's own only where the action changes it (:func:`_own`).
    Copying every seat's tuples and every field at every action was a third of its time.

    Compiled, it is an extension type (``cython.cclass``; final, and not tracked by the cycle
    collector: it holds no cycle) that the rules' functions type (``cython.locals(w=_Work)``):
    fields read and set as C struct members, not by name."""

    config = cython.declare(object, visibility="public")
    facts = cython.declare(_Facts, visibility="public")
    cards = cython.declare(object, visibility="public")
    seed = cython.declare(object, visibility="public")
    phase = cython.declare(object, visibility="public")
    seat = cython.declare(object, visibility="public")
    caller = cython.declare(object, visibility="public")
    token = cython.declare(object, visibility="public")
    row = cython.declare(object, visibility="public")
    pile = cython.declare(object, visibility="public")
    hands = cython.declare(object, visibility="public")
    in_play = cython.declare(object, visibility="public")
    controlled = cython.declare(object, visibility="public")
    reserve = cython.declare(object, visibility="public")
    legions = cython.declare(object, visibility="public")
    rewards = cython.declare(object, visibility="public")
    bag = cython.declare(object, visibility="public")
    to_place = cython.declare(object, visibility="public")
    queue = cython.declare(object, visibility="public")
    current = cython.declare(object, visibility="public")
    draws = cython.declare(object, visibility="public")
    history_before = cython.declare(object, visibility="public")
    events_before = cython.declare(object, visibility="public")
    history = cython.declare(object, visibility="public")
    events = cython.declare(object, visibility="public")
    parent = cython.declare(dict, visibility="public")
    before = cython.declare(tuple, visibility="public")

    @cython.locals(d=dict, b=tuple)
    def __init__(self, s: GameState):
        d = PyObject_GenericGetDict(s, cython.NULL) if cython.compiled else s.__dict__   # (read in C: no attribute search)
        self.config = d["config"]
        self.facts = _facts(self.config)
        self.cards = self.facts.cards
        got = d.get("_fields")
        if got is not None:   # a state the rules made holds its fields in order too (freeze): read by place
            b = got
            (self.phase, self.seat, self.caller, self.token, self.row, self.pile, self.hands, self.in_play,
             self.controlled, self.reserve, self.legions, self.rewards, self.bag, self.to_place, self.queue,
             self.current, self.draws, self.seed) = b
        else:
            self.seed = d["seed"]
            self.phase, self.seat, self.caller, self.token = d["phase"], d["seat"], d["caller"], d["token"]
            self.row, self.pile = d["row"], d["pile"]
            self.hands, self.in_play, self.controlled = d["hands"], d["in_play"], d["controlled"]
            self.reserve, self.legions = d["reserve"], d["legions"]
            self.rewards, self.bag = d["rewards"], d["bag"]
            self.to_place, self.queue = d["to_place"], d["queue"]
            self.current, self.draws = d["current"], d["draws"]
            b = (self.phase, self.seat, self.caller, self.token, self.row, self.pile, self.hands, self.in_play,
                 self.controlled, self.reserve, self.legions, self.rewards, self.bag, self.to_place, self.queue,
                 self.current, self.draws, self.seed)
        self.before = b
        # the records so far stay as they are: this action's new records are appended to a list, and
        # the new state links its records to these (state.joined_records: copying a whole game's
        # history at every action made a game's time grow with the square of its length); the
        # events, few, are joined on at the end
        history = d.get("history")
        self.history_before = d["_records"] if history is None else (None, len(history), *history)
        self.events_before = d["events"]
        self.history, self.events = [], []
        # a state the rules made (its records linked, not joined) is copied by its dict: the new
        # state's dict is the parent's copied and the fields this action changed set (freeze)
        self.parent = d if history is None else None

    @cython.cfunc
    def freeze(self) -> GameState:
        """The new state (:func:`~rometools.augustus._records.frozen`): its fields in ``before``'s
        order, each the very object read where the action left it (``tuple`` of a tuple is that
        tuple; :func:`_rows` of the state's rows too), its records linked to the state's."""
        t = tuple
        records = ((self.history_before, self.history_before[1] + 1, self.history[0]) if len(self.history) == 1
                   else (self.history_before, self.history_before[1] + len(self.history), *self.history))
        new = (self.phase, self.seat, self.caller, self.token, t(self.row), t(self.pile), _rows(self.hands),
               _rows(self.in_play), _rows(self.controlled), t(self.reserve), t(self.legions), t(self.rewards),
               t(self.bag), t(self.to_place), t(self.queue), self.current, self.draws, self.seed)
        events = self.events_before + t(self.events) if self.events or self.parent is None else None
        return _frozen(self.parent, self.before, new, records, events, self.config, _code(self.phase) == _OVER)

    @cython.cfunc
    def card(self, number: int) -> Objective:
        return self.cards[number]   # a number the state holds


@cython.cfunc
@cython.inline
def _list(value) -> list:
    """A field of :class:`_Work` as a list this action may change: the state's tuple copied on the first
    change, this action's own list as it is (set back on the field by the caller: ``w.bag = _list(w.bag)``,
    a C field each, not an attribute by name, which were most of the copy)."""
    return list(value) if type(value) is tuple else value


@cython.cfunc
def _own(rows: list, seat) -> list:
    """The seat's row of a per-seat field (``hands``, ``in_play``, ``controlled``) made a list by
    :func:`_list`, as a list this action may change: the state's tuple copied on the first change."""
    row = rows[seat]
    if type(row) is tuple:
        row = rows[seat] = list(row)
    return row


@cython.cfunc
@cython.locals(w=_Work)
def _event(w: _Work, what: tuple) -> None:
    """Record what the rules did on their own: ``(k, *what)``, ``k`` the actions applied so far (a C
    call: a method taking ``*what`` was a Python call, a tenth of a completion's steps)."""
    w.events.append((w.history_before[1] + len(w.history),) + what)


@cython.cfunc
def _placed_of(number, legions: tuple) -> Placed:
    """``Placed(number, legions)``; compiled, the tuple made and filled in C as ``tuple.__new__`` makes
    it for the subclass (its type's allocation, then the two items), without the Python call of
    ``tuple.__new__`` or of the named tuple's own ``__new__`` (which were half of a legion's shift)."""
    if cython.compiled:
        placed = PyType_GenericAlloc(Placed, 2)
        Py_INCREF(number)
        PyTuple_SET_ITEM(placed, 0, number)
        Py_INCREF(legions)
        PyTuple_SET_ITEM(placed, 1, legions)
        return placed
    return tuple.__new__(Placed, (number, legions))


@cython.cfunc
@cython.locals(i=cython.Py_ssize_t, seats=list)
def _rows(rows: tuple | list) -> tuple:
    """A per-seat field of :class:`_Work` as the state's tuple of tuples: the list of a field this action
    changed (:func:`_list`) made the state's in place, each row it changed (:func:`_own`) a tuple, then the
    list a tuple (freeze is the action's last step: no list built anew, no tuple() of a row kept)."""
    if type(rows) is tuple:
        return rows
    seats = rows
    for i in range(len(seats)):
        if type(seats[i]) is list:
            seats[i] = tuple(seats[i])
    return tuple(seats)


# ===================================================================== the rules run on their own
@cython.cfunc
@cython.locals(w=_Work, f=_Facts, seat=cython.long, have=cython.Py_ssize_t)
def _deal_target(w: _Work) -> int | None:
    """Where the next set-up card goes: ``-1`` the central row, a seat, or ``None`` when done."""
    f = w.facts
    if len(w.row) < f.central_row:
        return -1
    for seat in range(f.players):
        have = len(w.in_play[seat]) if f.first_game else len(w.hands[seat])
        if have < f.dealt:
            return seat
    return None


@cython.cfunc
@cython.locals(lo=cython.Py_ssize_t, hi=cython.Py_ssize_t, mid=cython.Py_ssize_t)
def _remove_sorted(cards: list, number) -> None:
    """``cards.remove(number)`` for a list of distinct numbers kept sorted (the pile): found by halving,
    then checked, and looked for in order if not there (a list not sorted): the same list after. A
    scan of the pile compared every card before it (most of a refill's step)."""
    lo, hi = 0, len(cards)
    while lo < hi:
        mid = (lo + hi) // 2
        if cards[mid] < number:
            lo = mid + 1
        else:
            hi = mid
    if lo < len(cards) and cards[lo] == number:
        del cards[lo]
    else:
        cards.remove(number)


@cython.ccall   # a C call from the rules' steps; callable from Python for the test
@cython.locals(w=_Work, t=tuple, legions=tuple, caps=tuple, i=cython.Py_ssize_t, a=cython.long, b=cython.long)
def _complete(w: _Work, p: Placed) -> cython.bint:
    """``p.legions == card.capacities()``, the capacities read once per config (_Facts.caps); a Placed
    read as the tuple (number, legions) it is, not by its type's items; the counts compared as C
    numbers (a tuple's comparison compared each pair of objects)."""
    t = cython.cast(tuple, p)
    legions, caps = t[1], w.facts.caps[t[0]]
    if len(legions) != len(caps):
        return False
    for i in range(len(caps)):
        a, b = legions[i], caps[i]
        if a != b:
            return False
    return True


@cython.cfunc
def _placed(plays, number: int) -> Placed:
    """The objective numbered ``number`` among ``plays`` (a seat's, where it is)."""
    for p in plays:   # a loop, not next() over a generator (see moves.count_tile)
        if p[0] == number:
            return p
    raise AssertionError(f"objective {number} is not in play")


@cython.cfunc
@cython.locals(w=_Work, code=cython.long)
def _settle(w: _Work) -> None:
    """Run every step the rules take on their own, up to the next decision or chance node."""
    while True:
        code = _code(w.phase)   # (looked up once a step: numbers compared, not strings)
        if code == _PLACE:
            while w.to_place and not _may_place(w, w.to_place[0]):
                # (the queue is empty while seats place, so no objective is blocked)
                w.to_place = w.to_place[1:]  # nothing this seat could place: skipped (AU-1)
            if w.to_place:
                w.seat = w.to_place[0]
                return
            # "Lorsque plusieurs joueurs annoncent AVE CESAR en même temps ... Celui qui a le plus
            # petit numéro commence. Puis ... dans l'ordre croissant des numéros"
            done = sorted([(p[0], seat) for seat in range(w.facts.players) for p in w.in_play[seat]
                           if _complete(w, p)])
            w.queue = [(seat, n) for n, seat in done]
            w.phase, w.seat = "resolve", -1
            continue
        if code == _RESOLVE:
            if w.current is None:
                if not w.queue:
                    _end_of_turn(w)
                    continue
                w.queue = _list(w.queue)
                seat, n = cython.cast(list, w.queue).pop(0)
                w.current = (seat, n, "start")
            if _resolve(w):
                return
            continue
        if code == _DEAL:
            if _deal_target(w) is not None:
                return
            if w.facts.first_game:
                w.phase = "draw"
            else:
                w.phase, w.to_place = "keep", w.facts.orders[w.config.first_caller]
            continue
        if code == _KEEP:
            if w.to_place:
                w.seat = w.to_place[0]
                return
            w.phase, w.seat = "draw", -1
            continue
        if code in (_DRAW, _REFILL, _OVER):
            w.seat = -1
            return
        return  # decision phases of a completion wait for their action


@cython.ccall   # a C call from _settle; callable from Python for the test
@cython.locals(w=_Work, f=_Facts, i=cython.Py_ssize_t, targets=cython.Py_ssize_t, sources=cython.Py_ssize_t,
               reserve=cython.bint, groups=tuple, t=tuple, legions=tuple, held=cython.long, capacity=cython.long,
               bit=cython.long, mask=cython.long, number=cython.long, target=cython.long, source=cython.long)
def _may_place(w: _Work, seat: int) -> bool:
    """``can_place(w, seat, accepted_symbols(w, seat, w.token))`` (:mod:`~rometools.augustus.moves`)
    read from the config's :class:`_Facts`: asked for every seat after every token and placement,
    two calls into another module each were a sixth of an action's time. The same answer
    (``tests/augustus/test_augustus_facts.py`` holds the two equal for every seat at every
    placement of seeded games): a legion from the reserve fits any open slot of an accepted symbol; without one, a
    legion moves when some slot group holding one differs from some open one. The symbols accepted
    are one bit each (``_Facts.bits``; a slot group's bit and capacity in ``_Facts.groups``): a C
    ``&`` per slot group, not a search of a tuple of strings built per call."""
    f = w.facts
    token = w.token
    if token == f.joker:   # "remplace n'importe quelle catégorie de légion"
        mask = f.joker_bits
    else:
        mask = f.bits.get(token, 0)
        if f.symbol_as:   # a controlled symbol_as power adds its symbol (AU-6)
            for n in w.controlled[seat]:
                power = f.symbol_as.get(n)
                if power is not None and power[0] == token:
                    mask |= f.bits.get(power[1], 0)
    reserve = w.reserve[seat] > 0
    targets = sources = 0
    target = source = -1   # the last open slot group and the last holding one, as card x 64 + group
    for p in w.in_play[seat]:
        t = cython.cast(tuple, p)   # a Placed read as the tuple (number, legions) it is
        number, legions = t[0], cython.cast(tuple, t[1])
        groups = f.groups[number]
        for i in range(len(groups) // 2):
            held = legions[i]
            capacity = groups[2 * i + 1]
            bit = groups[2 * i]
            if held < capacity and bit & mask:
                if reserve:
                    return True
                targets += 1
                target = number * 64 + i
            if held:
                sources += 1
                source = number * 64 + i
    if targets == 0 or sources == 0:
        return False
    return targets > 1 or sources > 1 or target != source


#: A completion's stages (``GameState.current[2]``) by number, in order: a stage is looked up once
#: and compared as a C number (two different strings compare with a call).
_STAGES = cython.declare(dict, {"start": 0, "power": 1, "control": 2, "claim": 3, "take": 4, "refill": 5, "done": 6})


@cython.cfunc
@cython.locals(w=_Work, stage=cython.long, power=cython.long)
def _resolve(w: _Work) -> bool:
    """One step of the completion ``w.current``; True when a decision or chance node is reached.

    "Il retire toutes les légions de l'objectif et les remet dans sa réserve. Il réalise
    l'éventuel pouvoir procuré par l'objectif. Il déplace l'objectif dans sa zone des
    objectifs sous contrôle. Si cela est possible et s'il le souhaite il réclame une
    récompense. Il choisit un nouvel objectif parmi les cinq de la ligne centrale et le
    place devant lui. Il complète ensuite la ligne centrale avec le premier objectif de
    la pioche."
    """
    seat, n, name = w.current
    stage = _STAGES.get(name, 6)
    if stage == 0:  # 1. the legions return to the reserve
        placed = _placed(w.in_play[seat], n)
        w.in_play = _list(w.in_play)
        _own(w.in_play, seat).remove(placed)
        w.reserve = reserve = _list(w.reserve)
        reserve[seat] += sum(placed.legions)
        _event(w, ("complete", seat, n))
        if w.facts.powers[n] == _EXTRA_LEGION:  # 2. powers that need no choice
            granted = w.card(n).power.legions
            if w.config.legion_supply == "box":  # "Le reste est mis de côté": a finite supply (AU-13)
                granted = max(0, min(granted, w.config.components.legions_in_box - sum(w.legions)))
            w.legions = _list(w.legions)
            cython.cast(list, w.legions)[seat] += granted
            reserve[seat] += granted
        w.current = (seat, n, "power")
        return False
    if stage == 1:  # 2. powers that need a choice
        w.current = (seat, n, "control")
        power = w.facts.powers[n]
        if power == _REMOVE_LEGION and can_remove(w, seat):
            w.phase, w.seat = "remove", seat
            return True
        if power == _PLACE_LEGION and placements(w, seat, power_symbols(w, w.card(n)), moves=False):
            w.phase, w.seat = "power_place", seat
            return True
        return False
    if stage == 2:  # 3. to the controlled area; the rewards given automatically
        w.controlled = _list(w.controlled)
        _own(w.controlled, seat).append(n)
        _automatic_rewards(w, seat)
        w.current = (seat, n, "claim")
        return False
    if stage == 3:  # 4. a count reward, only at exactly its number
        w.current = (seat, n, "take")
        if count_tile(w.facts.counts, w.rewards, len(w.controlled[seat]), seat) is not None:
            w.phase, w.seat = "claim", seat
            return True
        return False
    if stage == 4:  # 5. a new objective from the central row
        w.current = (seat, n, "refill")
        if w.row:
            w.phase, w.seat = "take", seat
            return True
        return False
    if stage == 5:
        w.current = (seat, n, "done")
        if w.pile and len(w.row) < w.facts.central_row:
            w.phase, w.seat = "refill", -1
            return True
        return False
    w.current = None  # done
    w.phase, w.seat = "resolve", -1
    return False


@cython.cfunc
@cython.locals(w=_Work, f=_Facts, changes=list, k=cython.Py_ssize_t)
def _automatic_rewards(w: _Work, seat: int) -> None:
    """The reward tiles given automatically as ``seat`` controls one more objective
    (:func:`~rometools.augustus._rewards.automatic`: the rule, quoted there), each tile's new holder
    set and its event recorded."""
    f = w.facts
    changes = _automatic(w.controlled, w.rewards, seat, f.kind_code, f.colours, f.tiles, f.all_colours)
    if changes:
        w.rewards = _list(w.rewards)
        for k in range(len(changes)):
            i, what = changes[k]
            cython.cast(list, w.rewards)[i] = seat
            _event(w, what)


@cython.cfunc
@cython.locals(w=_Work, f=_Facts)
def _end_of_turn(w: _Work) -> None:
    """The joker's reset, then the end of the game.

    "Après avoir tiré le Joker, tous les jetons mobilisation sont remis dans le sac et le
    voisin de gauche du crieur public devient le nouveau crieur public." "La partie se
    termine lorsqu'à la fin du tour un joueur a sept objectifs sous contrôle."
    """
    f = w.facts
    if w.token == f.joker:
        w.bag = [0] * len(w.bag)
        w.caller = (w.caller + 1) % f.players  # the left neighbour: the next seat (AU-8)
        _event(w, ("reset", w.caller))
    w.token, w.to_place = None, []
    ended = False
    for c in w.controlled:   # a loop, not any() over a generator (see moves.count_tile)
        if len(c) >= f.objectives_to_end:
            ended = True
    if ended:
        w.phase = "over"
        _event(w, ("end", f"{f.objectives_to_end} objectives controlled"))
    elif w.draws >= w.config.max_draws:
        w.phase = "over"
        _event(w, ("end", f"max_draws={w.config.max_draws} reached (safeguard, not in the rulebook)"))
    else:
        w.phase = "draw"
    w.seat = -1



# ===================================================================== an action applied
@cython.locals(w=_Work)
def applied(state: GameState, action: Any, checked: bool) -> GameState:
    """The state after ``action`` (a decision, or a chance outcome at a chance node) and every
    step the rules then take on their own, up to the next decision or chance node; ``state``
    is unchanged.

    Parameters
    ----------
    state : GameState
        Not over (``rules.apply`` refuses any action once the game is over).
    action : Any
        As :func:`~rometools.augustus.moves.as_action` gives it.
    checked : bool
        ``True`` for an action taken from the legal actions of ``state``: a placement is not
        looked up again among the seat's decisions, a token or card not looked for in the bag
        or pile (an illegal one gives a wrong state, not an error: ``rules.apply_legal``).

    Raises
    ------
    InvalidActionError, IllegalActionError
        As :func:`~rometools.augustus.rules.apply` says (the set-up's keep, a claim and a take
        are checked even when ``checked``).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> s = new_game(rng=3)
    >>> applied(s, "pass", False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rometools.core.errors.IllegalActionError: P1 keeps 3 of the cards dealt, e.g. ('keep', ...); got 'pass'
    """
    w = _Work(state)
    if _DEAL <= _code(w.phase) <= _REFILL:   # state.CHANCE_PHASES
        _apply_chance(w, state, action, checked)
    else:
        _apply_decision(w, state, action, checked)
    _settle(w)
    return w.freeze()


@cython.locals(w=_Work)
def dealt(state: GameState, cards: list, seed: Any) -> GameState:
    """The state after the set-up's chance nodes draw ``cards`` (card numbers from the pile, in
    the order dealt: the central row, then the hands seat by seat), each applied as
    :func:`applied` applies it, to one working copy (no state per card); ``seed``: the new
    state's ``seed``.

    Examples
    --------
    >>> from rometools.augustus import GameConfig, new_game
    >>> s = dealt(new_game(GameConfig(players=2)), list(range(1, 18)), None)
    >>> s.row, s.hands[1], s.phase
    ((1, 2, 3, 4, 5), (12, 13, 14, 15, 16, 17), 'keep')
    """
    w = _Work(state)
    for n in cards:
        _apply_chance(w, state, n, True)
        _settle(w)
    w.seed = seed
    return w.freeze()


@cython.cfunc
@cython.locals(w=_Work, code=cython.long)
def _apply_chance(w: _Work, state: GameState, action: Any, checked: bool = False) -> None:
    if not checked:   # (moves.refusal: the token left in the bag, the card in the pile)
        why = refusal(state, action)
        if why is not None:
            raise refusal_error(w.config, action, why)
    code = _code(w.phase)   # (w's fields are the state's yet: not read by name from it)
    if code == _DRAW:
        kind = w.facts.token_index[action]
        w.bag = _list(w.bag)
        cython.cast(list, w.bag)[kind] += 1
        w.draws += 1
        w.token = action
        w.history.append(("draw", action))
        w.phase, w.to_place = "place", w.facts.orders[w.caller]   # the seats from the caller
        return
    w.pile = _list(w.pile)
    _remove_sorted(w.pile, action)   # (the pile is sorted)
    if code == _REFILL:
        w.row = _list(w.row)
        cython.cast(list, w.row).append(action)
        w.history.append(("refill", action))
        w.phase = "resolve"
        return
    target = _deal_target(w)
    if target == -1:
        w.row = _list(w.row)
        cython.cast(list, w.row).append(action)
        w.history.append(("deal_row", action))
    else:
        if w.config.first_game:
            w.in_play = _list(w.in_play)
            _own(w.in_play, target).append(_placed_of(action, (0,) * len(w.card(action).slots)))
        else:
            w.hands = _list(w.hands)
            _own(w.hands, target).append(action)
        w.history.append(("deal", target, action))


@cython.cfunc
@cython.locals(w=_Work, code=cython.long)
def _apply_decision(w: _Work, state: GameState, action: Any, checked: bool = False) -> None:
    # (the seat's name, "P1", is written only into a refusal: naming it at every action was a tenth
    # of the action's time)
    seat, code = w.seat, _code(w.phase)   # (w's fields are the state's yet: not read by name from it)
    if code == _KEEP:   # a keep, a claim and a take are checked even when `checked` (moves.refusal)
        why = refusal(state, action)
        if why is not None:
            raise refusal_error(w.config, action, why)
        chosen = tuple(action[1:])
        w.in_play = _list(w.in_play)
        cython.cast(list, w.in_play)[seat] = [_placed_of(n, (0,) * len(w.card(n).slots)) for n in chosen]
        w.hands = _list(w.hands)
        cython.cast(list, w.hands)[seat] = []  # "défausse les trois autres"
        w.history.append(("keep", seat, chosen))
        w.to_place = w.to_place[1:]
        return
    if code == _CLAIM:
        if not (action == "claim" or action == "decline"):   # (moves.refusal's test, without its call)
            raise refusal_error(w.config, action, refusal(state, action))
        tile = count_tile(w.facts.counts, w.rewards, len(w.controlled[seat]), seat)   # w: the state as it is
        if action == "claim":
            w.rewards = _list(w.rewards)
            cython.cast(list, w.rewards)[tile] = seat
            _event(w, ("reward", seat, w.config.components.rewards[tile].id))
        else:  # "Une récompense non réclamée immédiatement est une récompense perdue pour le joueur."
            _event(w, ("lost", seat, w.config.components.rewards[tile].id))
        w.history.append((action, seat))
        w.phase = "resolve"
        return
    if code == _TAKE:   # (moves.refusal's test, without its call)
        if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "take" and action[1] in w.row):
            raise refusal_error(w.config, action, refusal(state, action))
        w.row = _list(w.row)
        cython.cast(list, w.row).remove(action[1])
        w.in_play = _list(w.in_play)
        _own(w.in_play, seat).append(_placed_of(action[1], (0,) * len(w.card(action[1]).slots)))
        w.history.append(("take", seat, action[1]))
        w.phase = "resolve"
        return
    if not checked:
        legal = decisions(state)
        if action not in legal:
            raise refusal_error(w.config, action, why_not(state, action, legal))
    if action == PASS:
        w.history.append((PASS, seat))
    elif action[0] == "remove":
        _, other, n, sym = action
        _shift(w, other, n, sym, -1)
        w.reserve = _list(w.reserve)
        cython.cast(list, w.reserve)[other] += 1
        w.history.append(("remove", seat, other, n, sym))
    elif action[0] == "place":
        _, n, sym = action
        _shift(w, seat, n, sym, +1)
        w.reserve = _list(w.reserve)
        cython.cast(list, w.reserve)[seat] -= 1
        w.history.append(("power_place" if code == _POWER_PLACE else "place", seat, n, sym))
        # "il le fait immédiatement, avant de passer au joueur suivant"
        if code == _POWER_PLACE and _complete(w, _placed(w.in_play[seat], n)):
            w.queue = _list(w.queue)
            cython.cast(list, w.queue).insert(0, (seat, n))
    else:
        _, fn, fs, n, sym = action
        _shift(w, seat, fn, fs, -1)
        _shift(w, seat, n, sym, +1)
        w.history.append(("move", seat, fn, fs, n, sym))
    if code == _PLACE:
        w.to_place = w.to_place[1:]
    else:
        w.phase = "resolve"


@cython.cfunc
@cython.locals(w=_Work, i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t, plays=list, old=tuple,
               new=tuple)
def _shift(w: _Work, seat: int, number: int, symbol: str, by: int) -> None:
    w.in_play = _list(w.in_play)
    plays = _own(w.in_play, seat)
    for i in range(len(plays)):   # the objective's place (a Placed read as its tuple)
        if cython.cast(tuple, plays[i])[0] == number:
            break
    else:
        raise ValueError(f"objective {number} is not in play")
    j = w.facts.slot_index[number][symbol]   # card.symbols().index(symbol), read once per config
    old = cython.cast(tuple, plays[i])[1]
    if cython.compiled:   # the new legions made and filled in C (not a list, then a tuple of it)
        new = PyTuple_New(len(old))
        for k in range(len(old)):
            item = old[k] + by if k == j else old[k]
            Py_INCREF(item)
            PyTuple_SET_ITEM(new, k, item)
    else:
        legions = list(old)
        legions[j] += by
        new = tuple(legions)
    plays[i] = _placed_of(number, new)
