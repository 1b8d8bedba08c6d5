"""Where the rules have holes, and what the recorded rules decisions change.

:func:`rule_holes` searches seeded games of every bot for states the rules do not cover (a
seat to move with no legal action, a game that does not end, a tie for first the tiebreakers
leave), each kind with a count and a saved game that reaches it (de Mesentier Silva et al.,
"AI-based Playtesting of Contemporary Board Games", FDG 2017); :func:`rule_decisions` plays
each recorded rules decision that is a choice option under its other readings on the same
seeds, and gives the games whose moves and winners change.

Split out of :mod:`rometools.core.playtest`, which re-exports every public name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rometools.core.describe import variant_options
from rometools.core.errors import ArgumentError
from rometools.core.load import Game, load_game
from rometools.core.playout import sample_outcome, to_json
from rometools.core.playtest_runs import _bar, _done, _game, _stream, _tick
from rometools.core.protocol import CHANCE, TERMINAL
from rometools.core.rng import as_generator

__all__ = ["HOLE_KINDS", "HOLE_TITLES", "rule_decisions", "rule_holes"]


#: Each kind of rule hole in a designer's words (tables and the report).
HOLE_TITLES = {"no_legal_action": "a seat with no legal move", "no_end": "a game without end",
               "unbroken_tie": "an unbroken tie"}

#: The kinds of rule hole :func:`rule_holes` looks for, with what each means.
HOLE_KINDS = {
    "no_legal_action": "a seat is to move but has no legal action, and the game is not over",
    "no_end": "the game did not end within the action limit",
    "unbroken_tie": "two or more seats share first place after every tiebreaker",
}


def rule_holes(game: str | Game, n_games: int = 100, *, seed: int = 0, bots: Sequence[str] | None = None,
               max_actions: int = 20_000, progress: bool | Callable[[int, int], None] = False) -> dict[str, dict]:
    """Search seeded games of every bot for states the rules do not cover.

    Parameters
    ----------
    game : str or Game
    n_games : int
        Seeds per bot.
    seed : int
    bots : sequence of str, optional
        Default: every bot of the game (not MCTS).
    max_actions : int
        A game still going after this many actions counts as ``no_end``.
    progress : bool or callable
        A tqdm bar over the games (``True``), or ``progress(games done, games in all)``.

    Returns
    -------
    dict
        ``{kind: {"count": games, "means": sentence, "saved_game": JSON text or None,
        "seed": (seed, i), "bot": name}}`` for every kind of :data:`HOLE_KINDS`; the saved
        game (the first found) loads with :func:`rometools.core.playout.load_saved_game`
        and ends at the state that shows the hole.

    Examples
    --------
    >>> holes = rule_holes("pig", 5)
    >>> sorted(holes), holes["no_legal_action"]["count"]
    (['no_end', 'no_legal_action', 'unbroken_tie'], 0)
    """
    game = _game(game)
    rules = game.spec.rules
    names = sorted(game.spec.bots) if bots is None else list(bots)
    found = {kind: {"count": 0, "means": means, "saved_game": None, "seed": None, "bot": None}
             for kind, means in HOLE_KINDS.items()}

    def note(kind: str, state: Any, at: tuple, name: str) -> None:
        entry = found[kind]
        entry["count"] += 1
        if entry["saved_game"] is None:
            entry.update(saved_game=to_json(state), seed=at, bot=name)

    bar = _bar(n_games * len(names), progress, f"{game.title}: rule holes")
    for name in names:
        for i in range(n_games):
            _tick(bar)
            rng = as_generator(_stream(seed, i))
            players = [game.bot(name) for _ in range(game.players)]
            state = game.new_game(rng=rng)
            for _ in range(max_actions):
                player = rules.current_player(state)
                if player == TERMINAL:
                    break
                if player == CHANCE:
                    state = game.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
                    continue
                legal = rules.legal_actions(state)
                if not legal:
                    note("no_legal_action", state, (seed, i), name)
                    break
                state = game.spec.apply_legal(state, players[player].choose(state, rng))
            else:
                note("no_end", state, (seed, i), name)
                continue
            if rules.current_player(state) == TERMINAL and list(game.spec.ranks(state)).count(1) > 1:
                note("unbroken_tie", state, (seed, i), name)
    _done(bar)
    return found


def rule_decisions(game: str | Game, n_games: int = 50, *, seed: int = 0, bot: str = "greedy",
                   progress: bool | Callable[[int, int], None] = False) -> list[dict]:
    """Where a recorded rules decision settles moves: for every choice option whose meaning names a
    decision of ``docs/rules-decisions.md`` (``(IMP-1)``, ``CE-14``...), the same seeded games
    played under each other reading, and how often a move, and the winner, changed.

    Parameters
    ----------
    game : str or Game
        The game as played (its readings are the ones compared against).
    n_games : int
        Seeds per other reading.
    seed, bot
        As :func:`hot_spots`.
    progress : bool or callable
        A tqdm bar over the games, or ``progress(games done, games in all)``.

    Returns
    -------
    list of dict
        One row per decision and other reading, the most telling first: ``decision`` (its id),
        ``option``, ``reading`` (the game's value), ``other`` (the other reading), ``games``,
        ``moves_changed`` (games whose history differs: the decision settled a move in them),
        ``winner_changed`` (games whose first place differs), ``first_move`` (the mean decision
        number of the first change, 1 = the first decision, over the changed games),
        ``saved_game`` (a saved game of the game as played that ends where the first change
        comes, or ``None``) and ``seed`` (that game's ``(seed, i)``).

    Examples
    --------
    >>> rows = rule_decisions("imperator", 4, seed=1)
    >>> sorted({r["decision"] for r in rows}), rows[0]["games"]
    (['IMP-1', 'IMP-11', 'IMP-2'], 4)
    """
    import re

    from rometools.core.playout import play, states

    game = _game(game)
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ArgumentError(f"the number of games must be a whole number 1 or more, got {n_games!r}")
    spec, rules, n = game.spec, game.spec.rules, game.players
    pairs = []
    for o in spec.config.options():
        ids = re.findall(r"\b[A-Z]{2,4}-\d+\b", o.meaning or "")
        choices = o.choices() if callable(o.choices) else o.choices
        if not ids or not choices or o.kind is not str:
            continue
        current = getattr(game.config, o.name)
        for other in choices:
            if other == current:
                continue
            try:
                variant = load_game(spec.id, **{**variant_options(game), o.name: other}, players=n)
            except (ValueError, TypeError):   # a reading this config does not take
                continue
            pairs.append((ids[0], o.name, current, other, variant))
    bar = _bar(n_games * len(pairs), progress, f"{game.title}: rules decisions")
    played = [play(game, [bot] * n, _stream(seed, i)) for i in range(n_games) if pairs]
    rows = []
    for decision, name, current, other, variant in pairs:
        changed = winners = first_sum = 0
        saved = at = None
        for i, a in enumerate(played):
            _tick(bar)
            b = play(variant, [bot] * n, _stream(seed, i))
            ha, hb = rules.action_history(a), rules.action_history(b)
            if ha == hb:
                continue
            changed += 1
            winners += [r == 1 for r in spec.ranks(a)] != [r == 1 for r in spec.ranks(b)]
            k = next((j for j, (x, y) in enumerate(zip(ha, hb, strict=False)) if x != y), min(len(ha), len(hb)))
            nodes = states(a)
            first_sum += 1 + sum(rules.current_player(node) >= 0 for node in nodes[:k])
            if saved is None:
                saved, at = to_json(nodes[k]), (seed, i)
        rows.append({"decision": decision, "option": name, "reading": current, "other": other,
                     "games": n_games, "moves_changed": changed, "winner_changed": winners,
                     "first_move": first_sum / changed if changed else None, "saved_game": saved, "seed": at})
    _done(bar)
    rows.sort(key=lambda r: (-r["winner_changed"], -r["moves_changed"], r["decision"], r["other"]))
    return rows
