"""Via Romana's values: the config (options declared once), the state, card ids, constants.

Nothing here computes a rule (``rules.py`` does). Rules: ``002_2e34de0661bde959.txt``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rometools.core.errors import OptionError
from rometools.core.formatting import seat_range, shown
from rometools.core.game import CHANCE, TERMINAL
from rometools.core.options import Config, option
from rometools.via_romana.board import PLAYERS, Board, load_board
from rometools.via_romana.components import Components, load_components

__all__ = ["CHANCE", "END", "KEEP", "MILESTONE_COLOUR_OPTIONS", "TERMINAL", "GameConfig", "GameState", "RoadResult", "card_id", "parse_card",
           "playable_problem"]

#: End the build phase (play no more cards this turn).
END = "end"
#: Obstinate Hands: stop discarding at the start of the turn.
KEEP = "keep"
#: The readings of "a card matching one of the road's colors" (VR-13): the space's own edge
#: colours, or any colour of the road's spaces.
MILESTONE_COLOUR_OPTIONS = ("space", "road")


def card_id(colour: str, symbol: str) -> str:
    """A card as an action value: ``"blue:temple"``.

    >>> card_id("blue", "temple")
    'blue:temple'
    """
    return f"{colour}:{symbol}"


def parse_card(card: str) -> tuple[str, str]:
    """``"blue:temple"`` -> ``("blue", "temple")``."""
    colour, _, symbol = card.partition(":")
    return colour, symbol


@dataclass(frozen=True)
class GameConfig(Config):
    """Via Romana's options, each declared once (:func:`rometools.core.options.option`).

    Examples
    --------
    >>> GameConfig().players, GameConfig(players=2).hand
    (4, 4)
    >>> GameConfig(players=5)
    Traceback (most recent call last):
    ...
    rometools.core.errors.OptionError: players: Via Romana is for 2 to 4 players, got 5
    >>> GameConfig(players=3, start_player=3)
    Traceback (most recent call last):
    ...
    rometools.core.errors.OptionError: start_player must be a seat 0 to 2 (P1 to P3), got 3
    >>> GameConfig(milestone_colour="edge")
    Traceback (most recent call last):
    ...
    rometools.core.errors.OptionError: milestone_colour must be one of space, road; got 'edge'
    """

    players: int = option(4, "seats at the table.", low=PLAYERS[0], high=PLAYERS[1])
    start_player: int = option(0, "the start player's seat: places the first set-up fort and plays the first "
                                  "turn, the others following clockwise; seat 0 is P1 (VR-14).", low=0,
                             seat=True)
    board: Board | None = option(None, "the board: provinces, cities, roads, blocked roads.",
                                 file=Board.from_file, kind=Board)
    components: Components | None = option(None, "the deck, goal tiles, supply and turn numbers.",
                                           file=load_components, kind=Components)
    hand: int = option(4, "cards dealt to each player (4 in the rulebook; some summaries give 5, VR-1).",
                       low=4, high=5)
    obstinate_hands: bool = option(False, "Obstinate Hands variant: never more than 7 cards in hand, even when "
                                          "cards are due; a player may discard at the start of a turn.")
    dangerous_ties: bool = option(False, "Dangerous Ties variant: a tie without the completing player gives "
                                         "no tile and no cards.")
    milestone_colour: str = option("space", "the card that places a milestone on a road space: a colour of the "
                                            "space's own edges (space), or any of the road's colours (road) "
                                            "(VR-13).", choices=MILESTONE_COLOUR_OPTIONS)
    max_turns: int = option(300, "a safeguard, not in the rulebook (VR-9): the game ends after this many turns.",
                            low=1, high=100_000)

    def resolve(self) -> None:
        if not 0 <= self.start_player < self.players:
            raise OptionError("start_player", f"start_player must be a seat {seat_range(self.players)}, "
                                              f"got {shown(self.start_player)}")
        problem = playable_problem(self.the_board(), self.the_components(), self.players)
        if problem is not None:
            raise OptionError(*problem)

    def the_board(self) -> Board:
        """The board in use (default: the bundled illustrative board, read once per config)."""
        board = self.board or self.__dict__.get("_bundled_board")
        if board is None:  # kept on the frozen config: a file lookup per call was half of play's time
            board = load_board()
            object.__setattr__(self, "_bundled_board", board)
        return board

    def the_components(self) -> Components:
        """The components in use (default: the bundled ones, read once per config)."""
        comps = self.components or self.__dict__.get("_bundled_components")
        if comps is None:
            comps = load_components()
            object.__setattr__(self, "_bundled_components", comps)
        return comps


def playable_problem(board: Board, comps: Components, players: int) -> tuple[str, str] | None:
    """Why a board and a component set cannot give a playable game with ``players`` players:
    ``(option, message)`` naming the file and the entry, or ``None``.

    Each file is checked alone when it loads; this is what only the two together, and the
    player count, tell (issue 47, item 4: such games crashed at the deal, started with -10
    road signs or ran to the safeguard every time):

    * a goal tile for each player (``goals.tile``);
    * forts for the set-up (two rounds with 2 players: ``supply.forts_per_player``);
    * a road sign left to place once the blocked roads have theirs, and no more signs than the
      open roads can carry (``supply.road_signs``: the last sign ends the game);
    * enough open roads short enough for the players' milestones together
      (``supply.milestones_per_player``) to be completed, one per sign;
    * every deck colour a province, every province a deck colour, and every city symbol a card
      symbol (a card of another colour builds nothing; a province without cards, nothing on it).

    Examples
    --------
    >>> from rometools.via_romana import load_board, load_components
    >>> playable_problem(load_board(), load_components(), 2) is None
    True
    """
    def where(data: Board | Components, entry: str) -> str:
        return f"{data.path or 'the ' + type(data).__name__.lower()}: {entry}"

    blocked = len(board.blocked(players))
    open_roads = [r for r in board.roads if players not in r.blocked_with]
    if len(comps.goals) < players:
        return "components", (f"{where(comps, 'goals.tile')}: {len(comps.goals)} goal tiles for {players} "
                              f"players; each player is dealt one")
    rounds = 2 if players == 2 else 1
    if comps.forts_per_player < rounds:
        return "components", (f"{where(comps, 'supply.forts_per_player')}: {comps.forts_per_player} fort each, but "
                              f"the set-up places {rounds} for each of {players} players")
    if comps.road_signs <= blocked:
        return "components", (f"{where(comps, 'supply.road_signs')}: {comps.road_signs} road signs, and the board "
                              f"blocks {blocked} roads at set-up with {players} players: no sign would be left to "
                              f"end the game (it needs {blocked + 1} or more)")
    if comps.road_signs > len(board.roads):
        return "components", (f"{where(comps, 'supply.road_signs')}: {comps.road_signs} road signs, but the board has "
                              f"{len(board.roads)} roads: the last sign, which ends the game, could never be placed")
    milestones = players * comps.milestones_per_player
    short = sum(1 for r in open_roads if len(r.spaces) <= milestones)
    if short < comps.road_signs - blocked:
        return "components", (f"{where(comps, 'supply.milestones_per_player')}: {comps.milestones_per_player} "
                              f"milestones each; {players} players' {milestones} fill {short} of the open roads, "
                              f"and the game ends only once {comps.road_signs - blocked} are completed")
    provinces, colours = set(board.provinces), set(comps.colours)
    if colours - provinces:
        colour = next(c for c in comps.colours if c not in provinces)
        return "components", (f"{where(comps, 'deck.colours')}: {colour!r} is no province of the board "
                              f"({', '.join(board.provinces)}); its cards would build nothing")
    if provinces - colours:
        province = next(p for p in board.provinces if p not in colours)
        return "board", (f"{where(board, 'province')}: {province!r} has no cards in the deck "
                         f"({', '.join(comps.colours)}); nothing could be built in it")
    city = next((c for c in board.cities if c.symbol not in comps.symbols), None)
    if city is not None:
        return "board", (f"{where(board, f'city.{city.id}.symbol')}: {city.symbol!r} is no card symbol "
                         f"({', '.join(comps.symbols)})")
    return None


@dataclass(frozen=True)
class RoadResult:
    """A scored road: who takes a tile (``None``: nobody) and the cards each other player receives.

    ``cards`` is in the order the players take them (from the winner's left, clockwise).
    """

    winner: Any
    cards: dict


@dataclass(frozen=True)
class GameState:
    """A Via Romana position. All fields are read-only; ``apply`` returns a new state.

    Attributes
    ----------
    config : GameConfig
    hands : tuple[tuple[int, ...], ...]
        Per seat, cards held of each card kind (kinds in ``rules.cards(config)`` order).
    known_cards : tuple[tuple[int, ...], ...]
        Per seat, cards of each kind every seat knows it holds (a public fact, VR-12): each
        card it takes from the face-up display adds one; each card of that kind it plays or
        discards takes one off, down to 0 (it may have been the one taken). Never more than
        ``hands``.
    deck, discard : tuple[int, ...]
        Cards of each kind in the face-down deck and on the discard pile.
    display : tuple[int, ...]
        Cards of each kind in the face-up display.
    goals : tuple[str | None, ...]
        Each seat's goal tile (hidden from the others).
    pieces : tuple[int, ...]
        Per board space (``board.spaces`` order): -1 vacant, ``2 * seat`` a milestone,
        ``2 * seat + 1`` a fort.
    tiles : tuple[int, ...]
        Per city, tiles left on its stack (the top is worth tiles left + 1).
    won : tuple[tuple[str, ...], ...]
        Per seat, the cities whose tiles it took, with values: ``"roma=4"``.
    signed : frozenset[str]
        Roads carrying a road sign. ``scored``: roads scored (after the last sign too).
    signs, forts, milestones : supply left (signs; per seat forts and milestones).
    seat : int
        The seat whose turn it is. ``played``: cards played this turn.
    agenda : tuple
        Work still to do, first item next (deals, decisions, draws, scorings).
    standard : int or None
        The legionary standard's holder. ``last_turns``: turns left after the last sign.
    turn : int
        Turns begun.
    history, start, seed
        The records, the start position (``None``), the seed. ``history`` is a tuple, built when
        first read from a log the state shares with the states before it (:func:`_read_history`).
    facts
        Derived from the pieces and the closed roads, kept as the game goes, never compared:
        ``rules.board_facts``.
    """

    config: GameConfig
    hands: tuple
    known_cards: tuple
    deck: tuple
    discard: tuple
    display: tuple
    goals: tuple
    goals_left: tuple
    pieces: tuple
    tiles: tuple
    won: tuple
    signed: frozenset
    scored: frozenset
    signs: int
    forts: tuple
    milestones: tuple
    seat: int = 0
    played: int = 0
    agenda: tuple = ()
    standard: int | None = None
    last_turns: int | None = None
    turn: int = 0
    over: bool = False
    history: tuple = ()
    start: None = None
    seed: Any = field(default=None, compare=False)
    #: What the rules derive from the pieces and the closed roads, kept as the game goes
    #: (``rules.board_facts``); not part of the position.
    facts: Any = field(default=None, compare=False, repr=False)


# A game's history grows by one action at every step, and the rules' apply copied it into each new
# state: quadratic in the game's length, 7% of a four-player greedy game. The history is a field like
# any other to every reader (a tuple, compared, saved, given to ``__init__`` and ``replace``), but the
# state keeps it as ``_log``, a list it shares with the states before it, and ``_n``, how many of its
# actions are this state's. A successor whose parent is the last to have extended the log appends
# to it (``rules._successor``); any other (a second branch from one state) copies the parent's part.
# An action appended is never changed, so ``_log[:_n]`` stays each state's history.
def _read_history(state: GameState) -> tuple:
    """The state's history as a tuple, built from the shared log once and kept."""
    d = state.__dict__
    h = d["_history"]
    if h is None:
        h = d["_history"] = tuple(d["_log"][:d["_n"]])
    return h


def _write_history(state: GameState, value: Any) -> None:
    """``__init__``'s (and ``dataclasses.replace``'s) history: a log of its own."""
    d = state.__dict__
    d["_history"], d["_log"] = value, list(value)
    d["_n"] = len(d["_log"])


GameState.history = property(_read_history, _write_history, doc="The actions applied since the start, chance "
                             "outcomes included (a tuple).")
