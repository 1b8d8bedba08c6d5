"""Read-only views of an Augustus game for charts, explorers and notebooks.

Nothing here changes a state or decides a rule: each view reads a state, or
asks :mod:`~rometools.augustus.rules` and :mod:`~rometools.augustus.odds`.

Rules: ``003_d241425e5c31f6f1.txt``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rometools.augustus.odds import completion_cdf, expected_draws
from rometools.augustus.rules import open_slots
from rometools.augustus.scoring import score_parts
from rometools.augustus.state import GameState
from rometools.core import playout
from rometools.core.flow import Safeguard, TimeUnit
from rometools.core.formatting import seat_label

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "action_text",
    "bag_drawn",
    "final_table",
    "game_log",
    "legion_counts",
    "movers",
    "objective_odds",
    "replay",
    "reward_holders",
    "reward_name",
    "token_counts",
    "turn_states",
]


def bag_drawn(state: GameState) -> dict[str, int]:
    """Tokens drawn since the last reset, ``{token id: tokens}`` (empty after a joker's turn).

    While the turn of a joker is still being played the bag is about to be
    refilled, so the odds views count it as full (this returns ``{}``).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> bag_drawn(new_game(rng=1))
    {}
    """
    comps = state.config.components
    if state.token == comps.joker:
        return {}
    return {t.id: n for t, n in zip(comps.tokens, state.bag, strict=True) if n}


def objective_odds(state: GameState, seat: int, max_draws: int = 10) -> list[dict[str, Any]]:
    """Each objective ``seat`` has in play: open slots and exact completion odds from the bag now.

    The odds assume every later token that fits is placed on this objective
    (the objective alone), the joker on its rarest open slot, from the bag as
    it stands (tokens drawn since the last reset are out of it).

    Parameters
    ----------
    state : GameState
    seat : int
    max_draws : int
        Horizon of ``cdf`` (draws).

    Returns
    -------
    list[dict]
        ``number``, ``name``, ``kind``, ``points``, ``slots`` and ``open`` (``{symbol:
        slots}``), ``legions`` placed, ``cdf`` (exact Fractions for n = 1..max_draws),
        ``expected_draws`` (Fraction).

    Raises
    ------
    ValueError
        If ``seat`` is not a seat of the game.

    Examples
    --------
    >>> from rometools.augustus import GameConfig, new_game
    >>> rows = objective_odds(new_game(GameConfig(first_game=True), rng=2), 0, 3)
    >>> len(rows), len(rows[0]["cdf"]), rows[0]["legions"]
    (3, 3, 0)
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.config.players:
        raise ValueError(f"seat must be 0 to {state.config.players - 1}, got {seat!r}")
    drawn = bag_drawn(state)
    cards = state.config.cards
    out = []
    for p in state.in_play[seat]:
        card = cards.card(p.number)
        open_ = open_slots(card, p.legions)
        out.append({
            "number": card.number, "name": card.name, "kind": card.kind, "points": card.points,
            "slots": dict(card.slots), "open": open_, "legions": sum(p.legions),
            "cdf": completion_cdf(open_, max_draws, drawn=drawn),
            "expected_draws": expected_draws(open_, drawn=drawn),
        })
    return out


def reward_holders(state: GameState) -> list[dict[str, Any]]:
    """Every reward tile with its points and holder (``None`` while available).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> rows = reward_holders(new_game(rng=1))
    >>> len(rows), rows[0]["id"], rows[0]["holder"]
    (12, 'senators', None)
    """
    out = []
    for tile, holder in zip(state.config.components.rewards, state.rewards, strict=True):
        condition = {"colour": f"first with {tile.need} {tile.colour} objectives",
                     "all_colours": "first with one of each colour",
                     "count": f"exactly {tile.need} objectives", "resource": f"most {tile.resource} producers"}
        out.append({"id": tile.id, "kind": tile.kind, "condition": condition[tile.kind],
                    "points": tile.points, "holder": None if holder < 0 else holder})
    return out


def token_counts(state: GameState) -> dict[str, int]:
    """Tokens in the bag now (before a pending reset), ``{token id: tokens}``.

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> token_counts(new_game(rng=1))["double_sword"]
    6
    """
    return state.bag_left()


def legion_counts(state: GameState) -> list[dict[str, int]]:
    """Each seat's legions: ``reserve``, ``placed`` and ``owned`` (legions).

    ``reserve + placed == owned`` at every state (legions are conserved).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> legion_counts(new_game(rng=1))[0]
    {'reserve': 7, 'placed': 0, 'owned': 7}
    """
    return [{"reserve": state.reserve[s], "placed": sum(sum(p.legions) for p in state.in_play[s]),
             "owned": state.legions[s]} for s in range(state.config.players)]


_CHANCE = ("deal_row", "deal", "draw", "refill")


def _token(state: GameState, token_id: str) -> str:
    return state.config.components.token(token_id).name


def _card(state: GameState, number: int) -> str:
    return f"#{number} {state.config.cards.card(number).name}"


def reward_name(tile_id: str) -> str:
    """A reward tile's display name: ``"count_3"`` -> ``"3 objectives"``, ``"gold"`` -> ``"Gold"``.

    A count reward (Réclamez une récompense, *Nombre d'objectifs*) is named by
    its number of objectives; any other id reads as words.

    Examples
    --------
    >>> reward_name("all_colours"), reward_name("count_6"), reward_name("senators")
    ('All colours', '6 objectives', 'Senators')
    """
    kind, _, need = tile_id.rpartition("_")
    if kind == "count" and need.isdigit():
        return f"{need} objectives"
    return tile_id.replace("_", " ").capitalize()


def _describe(state: GameState, record: tuple) -> str:
    kind = record[0]
    if kind == "keep":
        return f"keeps {', '.join(_card(state, n) for n in record[2])}"
    if kind in ("place", "power_place"):
        how = "power: places" if kind == "power_place" else "places"
        return f"{how} a legion on {_card(state, record[2])} ({_token(state, record[3])} slot)"
    if kind == "move":
        return (f"moves a legion from {_card(state, record[2])} ({_token(state, record[3])} slot) "
                f"to {_card(state, record[4])} ({_token(state, record[5])} slot)")
    if kind == "remove":
        return (f"power: removes a legion of {seat_label(record[2])} from {_card(state, record[3])} "
                f"({_token(state, record[4])} slot)")
    if kind == "take":
        return f"takes {_card(state, record[2])}"
    if kind == "claim":
        return "claims the count reward"
    if kind == "decline":
        return "declines the count reward"
    return "passes"


def _event(state: GameState, e: tuple) -> str:
    kind = e[0]
    if kind == "complete":
        return f"{seat_label(e[1])} AVE CESAR: completes {_card(state, e[2])}"
    if kind == "reward":
        return f"{seat_label(e[1])} takes the reward {reward_name(e[2])}"
    if kind == "reward_moves":
        return f"{seat_label(e[3])} takes the reward {reward_name(e[1])} from {seat_label(e[2])}"
    if kind == "lost":
        return f"{seat_label(e[1])} can no longer claim {reward_name(e[2])}"
    if kind == "reset":
        return f"the Joker: every token back in the bag; {seat_label(e[1])} is the caller"
    return f"game over: {e[1]}"


def action_text(state: GameState, action) -> str:
    """A legal action of the seat to decide, in words, with card numbers and names.

    Rules: ``003_d241425e5c31f6f1.txt`` (keep cards at the set-up, place or move
    a legion, take a card from the central row, claim a count reward).

    Examples
    --------
    >>> from rometools.augustus import apply, chance_outcomes, legal_actions, new_game
    >>> s = new_game(rng=1)
    >>> while s.seat < 0:
    ...     s = apply(s, chance_outcomes(s)[0][0])
    >>> action_text(s, legal_actions(s)[0]).startswith("keeps #")
    True
    """
    seat = state.seat
    if isinstance(action, str):
        return _describe(state, (action, seat))
    kind = action[0]
    if kind == "keep":
        return _describe(state, ("keep", seat, action[1:]))
    return _describe(state, (kind, seat, *action[1:]))


LOG_COLUMNS = ("Turn", "Draw", "Token", "Player", "Action", "Then")


def game_log(state: GameState) -> pd.DataFrame:
    """The game as a designer reads it: one row per decision, display names only.

    Rules: ``003_d241425e5c31f6f1.txt`` (the caller draws a token, every player
    may place a legion on a matching slot, "AVE CESAR" on completion, rewards,
    the joker's reset).

    Parameters
    ----------
    state : GameState
        Any state; its history is logged (a game in progress gives the decisions so far).

    Returns
    -------
    pandas.DataFrame
        One row per decision, columns ``Turn`` (1 = the first decision, as in the
        explorers), ``Draw`` (tokens drawn so far, 0 during the set-up),
        ``Token`` (display name of the token last drawn, ``"set-up"`` before
        the first), ``Player`` (``"P1"`` ... ``"Pn"``), ``Action`` (with card
        numbers and names, token names) and ``Then`` (what the rules and the
        deck did before the next decision: completions, rewards, refills,
        resets, the end; ``"-"`` for nothing).

    Examples
    --------
    >>> from rometools.augustus import GameConfig, play_game
    >>> log = game_log(play_game(GameConfig(players=2), ["greedy", "greedy"], rng=3))
    >>> list(log.columns)
    ['Turn', 'Draw', 'Token', 'Player', 'Action', 'Then']
    >>> log.iloc[0]["Player"], log.iloc[0]["Action"].startswith("keeps #")
    ('P1', True)
    """
    from rometools.core.tables import designer_table  # every cell whole in a notebook

    by_step: dict[int, list[tuple]] = {}
    for e in state.events:
        by_step.setdefault(e[0], []).append(e[1:])
    rows: list[dict[str, Any]] = []
    pending: list[str] = []          # what happened before the first decision
    draws, token = 0, None

    def then(texts):
        (rows[-1]["Then"] if rows else pending).extend(texts)

    for k, record in enumerate(state.history):
        then(_event(state, e) for e in by_step.get(k, ()))
        kind = record[0]
        if kind == "draw":
            draws, token = draws + 1, record[1]
        elif kind == "refill":
            then([f"{_card(state, record[1])} refills the central row"])
        elif kind not in _CHANCE:
            rows.append({"Turn": len(rows) + 1, "Draw": draws,
                         "Token": _token(state, token) if token else "set-up",
                         "Player": seat_label(record[1]), "Action": _describe(state, record),
                         "Then": pending[:] if not rows else []})
    then(_event(state, e) for e in by_step.get(len(state.history), ()))
    for row in rows:
        row["Then"] = "; ".join(row["Then"]) or "-"
    return designer_table(rows, columns=list(LOG_COLUMNS))


def movers(state: GameState) -> list[int]:
    """The seat of every decision in the history, in order (chance outcomes left out).

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> movers(new_game(rng=1))
    []
    """
    return [h[1] for h in state.history if h[0] not in ("deal_row", "deal", "draw", "refill")]


def turn_states(state: GameState) -> list[GameState]:
    """The states where a seat decides (and the last): see :func:`rometools.core.playout.turn_states`.

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> len(turn_states(new_game(rng=1)))
    1
    """
    return playout.turn_states(state)


def replay(log, *, upto: int | None = None) -> GameState:
    """An Augustus game rebuilt from a saved game (or a state) up to ``upto`` actions.

    Examples
    --------
    >>> from rometools.augustus import new_game, to_json
    >>> replay(to_json(new_game(rng=5)), upto=0) == new_game()
    True
    """
    return playout.replay(log, upto=upto, game="augustus")


def final_table(state: GameState) -> list[dict[str, Any]]:
    """Score parts per seat with the senators (the tiebreaker) and the rank, for tables.

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> final_table(new_game(rng=1))[0]["rank"]
    1
    """
    from rometools.augustus.scoring import final_ranks, senators

    ranks = final_ranks(state)
    return [{"seat": s, **parts, "senators": senators(state, s), "rank": ranks[s]}
            for s, parts in enumerate(score_parts(state))]


# ------------------------------------------------------------------ game flow (rometools.core.flow)
def _draws(state: GameState) -> int:
    return state.draws


def _max_draws_reached(state: GameState) -> bool:
    """Whether ``max_draws`` ended the game, not a player controlling the objectives that end it."""
    need = state.config.components.objectives_to_end
    return not any(len(c) >= need for c in state.controlled)


#: Augustus is counted in draws, as its ``game_length`` is: a mobilisation token drawn and every
#: player placing for it, the rulebook's round ("tour": "La partie se termine lorsqu'à la fin du
#: tour un joueur a sept objectifs", 003_d241425e5c31f6f1.txt).
TIME_UNIT = TimeUnit("draw", "draws", _draws,
                     "a mobilisation token drawn, every player placing a legion for it (the rulebook's round)")
#: The option that ends a game its rules would let run on.
SAFEGUARD = Safeguard("max_draws", "a limit not in the rulebook that ends the game after max_draws draws", _max_draws_reached)
