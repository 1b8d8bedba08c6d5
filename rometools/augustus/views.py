"""Read-only views of an Augustus game for charts, explorers and notebooks.

Nothing here changes a state or decides a rule: each view reads a state, or
asks :mod:`~rometools.augustus.rules` and :mod:`~rometools.augustus.odds`.

Rules: ``003_d241425e5c31f6f1.txt``.
"""

from __future__ import annotations

from typing import Any

from rometools.augustus.odds import completion_cdf, expected_draws
from rometools.augustus.rules import open_slots
from rometools.augustus.scoring import score_parts
from rometools.augustus.state import GameState
from rometools.core import playout

__all__ = [
    "bag_drawn",
    "final_table",
    "game_log",
    "legion_counts",
    "movers",
    "objective_odds",
    "replay",
    "reward_holders",
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
        condition = {"colour": f"first to {tile.need} {tile.colour}", "all_colours": "first with one of each colour",
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


def _describe(record: tuple, cards) -> tuple[int | None, str]:
    kind = record[0]
    if kind == "deal_row":
        return None, f"card {record[1]} to the central row"
    if kind == "deal":
        return record[1], f"dealt card {record[2]}"
    if kind == "keep":
        return record[1], f"keeps {', '.join(str(n) for n in record[2])}"
    if kind == "draw":
        return None, f"draws {record[1]}"
    if kind in ("place", "power_place"):
        how = "power: places" if kind == "power_place" else "places"
        return record[1], f"{how} a legion on {record[2]} ({record[3]})"
    if kind == "move":
        return record[1], f"moves a legion from {record[2]} ({record[3]}) to {record[4]} ({record[5]})"
    if kind == "remove":
        return record[1], f"power: removes a legion of P{record[2] + 1} from {record[3]} ({record[4]})"
    if kind == "take":
        return record[1], f"takes card {record[2]} ({cards.card(record[2]).name})"
    if kind == "refill":
        return None, f"card {record[1]} refills the central row"
    if kind == "claim":
        return record[1], "claims the count reward"
    if kind == "decline":
        return record[1], "declines the count reward"
    return record[1], "passes"


def game_log(state: GameState, *, chance: bool = True) -> list[dict[str, Any]]:
    """The game as readable rows: every action (and chance outcome), then what the rules did.

    Parameters
    ----------
    chance : bool
        Include the set-up deal (the draws and refills are always listed).

    Returns
    -------
    list[dict]
        ``step`` (actions applied before it), ``draw`` (tokens drawn so far),
        ``seat`` (``None`` for chance and the rules), ``what``.

    Examples
    --------
    >>> from rometools.augustus import new_game
    >>> game_log(new_game(rng=1))[0]["what"].startswith("card ")
    True
    """
    cards = state.config.cards
    by_step: dict[int, list[tuple]] = {}
    for e in state.events:
        by_step.setdefault(e[0], []).append(e[1:])
    rows, draws = [], 0
    for k, record in enumerate(state.history):
        for e in by_step.get(k, ()):
            rows.append(_event_row(k, draws, e, cards))
        if record[0] == "draw":
            draws += 1
        seat, what = _describe(record, cards)
        if chance or record[0] not in ("deal_row", "deal"):
            rows.append({"step": k + 1, "draw": draws, "seat": seat, "what": what})
    for e in by_step.get(len(state.history), ()):
        rows.append(_event_row(len(state.history), draws, e, cards))
    return rows


def _event_row(k: int, draws: int, e: tuple, cards) -> dict[str, Any]:
    kind = e[0]
    if kind == "complete":
        text, seat = f"AVE CESAR: completes {e[2]} ({cards.card(e[2]).name})", e[1]
    elif kind == "reward":
        text, seat = f"takes the reward {e[2]}", e[1]
    elif kind == "reward_moves":
        text, seat = f"takes the reward {e[1]} from P{e[2] + 1}", e[3]
    elif kind == "lost":
        text, seat = f"can no longer claim {e[2]}", e[1]
    elif kind == "reset":
        text, seat = f"joker: every token back in the bag; P{e[1] + 1} is the caller", None
    else:
        text, seat = f"game over: {e[1]}", None
    return {"step": k, "draw": draws, "seat": seat, "what": text}


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
