"""Automated playtesting: what a strategy is worth (restricted play) and where the rules have holes.

* :class:`Restriction` -- a strategy a bot may be denied, declared by a game as data
  (``GameSpec(restrictions=...)``): a name, the sentence saying what it forbids, and a
  predicate over ``(state, action)``.
* :func:`restricted` -- a bot playing as a base bot does, never the forbidden actions.
* :func:`restricted_play` -- each restriction's weight: the win rate a bot loses when it is
  denied that strategy, against unrestricted bots on the same seeds, with intervals
  (Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play", AIIDE 2012).
* :func:`rule_holes` -- seeded games of every bot searched for states the rules do not
  cover: a seat to move with no legal action, a game that does not end, a tie for first
  the tiebreakers leave; each kind with a count and a saved game that reaches it
  (de Mesentier Silva et al., "AI-based Playtesting of Contemporary Board Games", FDG 2017).
* :func:`hot_spots` -- the board's places (cities, regions, roads, objectives: what a game's
  ``GameSpec(action_places=...)`` names) by how often they are taken, how early, and the win
  rate of the player who takes each first, with intervals.
* :func:`report` -- one self-contained HTML page of all of it, with the seat balance
  (``rometools report GAME``).

Every function reads the registry: a game gets all of it by registering (its restrictions
are optional; a game that declares none is reported as such).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rometools.core.errors import ArgumentError
from rometools.core.game import CHANCE, TERMINAL, Bot, Game, load_game
from rometools.core.playout import sample_outcome, to_json
from rometools.core.rng import as_generator

__all__ = ["Restriction", "RestrictedBot", "hot_spots", "report", "restricted", "restricted_play", "rule_holes"]


@dataclass(frozen=True)
class Restriction:
    """A strategy a bot can be denied: a game declares these in ``GameSpec(restrictions=...)``.

    Attributes
    ----------
    name : str
        An identifier (``"no_fort"``).
    forbids : str
        What it forbids, as a sentence a designer reads ("never builds a fort").
    rule : callable
        ``rule(state, action) -> bool``: whether ``action`` is forbidden in ``state``.

    Examples
    --------
    >>> r = Restriction("no_hold", "never holds", lambda state, action: action == "hold")
    >>> r.rule(None, "hold"), r.rule(None, "roll")
    (True, False)
    """

    name: str
    forbids: str
    rule: Callable[[Any, Any], bool]


class RestrictedBot(Bot):
    """A base bot that never plays the actions a :class:`Restriction` forbids.

    At each decision it asks the base bot; an allowed choice is played. A forbidden one
    is replaced by an allowed action drawn uniformly with the bot's ``rng`` (a bot cannot
    be asked generically for its second choice, so the restricted bot loses the strategy
    and, where the base bot wanted it, that decision's judgement: the measured loss is
    an upper bound of the strategy's weight). When every legal action is forbidden, the
    base bot's choice is played and counted in :attr:`forced`.
    """

    def __init__(self, base: Bot, restriction: Restriction, rules: Any):
        self.base, self.restriction, self._rules = base, restriction, rules
        self.name = f"{getattr(base, 'name', 'bot')} without {restriction.name}"
        self.forced = 0
        self.replaced = 0

    def decide(self, state: Any, rng: Any) -> Any:
        choice = self.base.choose(state, rng)
        if not self.restriction.rule(state, choice):
            return choice
        allowed = [a for a in self._rules.legal_actions(state) if not self.restriction.rule(state, a)]
        if not allowed:
            self.forced += 1
            return choice
        self.replaced += 1
        return allowed[int(rng.integers(len(allowed)))]


def _restriction(game: Game, restriction: str | Restriction) -> Restriction:
    if isinstance(restriction, Restriction):
        return restriction
    declared = game.spec.restrictions
    if restriction not in declared:
        names = ", ".join(declared) or "none declared"
        raise ArgumentError(f"unknown restriction {restriction!r} for {game.title}; its restrictions: {names}")
    return declared[restriction]


def restricted(game: str | Game, bot: str, restriction: str | Restriction) -> RestrictedBot:
    """``bot`` of ``game`` denied ``restriction`` (a name the game declares, or a :class:`Restriction`).

    Returns
    -------
    RestrictedBot
        A bot any call that takes bots takes (``play``, ``simulate`` with the serial executor).

    Raises
    ------
    ArgumentError
        For an unknown bot or restriction (the message lists the game's).

    Examples
    --------
    >>> import rometools
    >>> from rometools.core.playout import play
    >>> game = rometools.load_game("via_romana", players=2)
    >>> bot = restricted(game, "greedy", "no_fort")
    >>> end = play(game, [bot, "greedy"], 1)
    >>> bot.name, bot.replaced > 0, game.is_over(end)
    ('greedy without no_fort', True, True)
    """
    game = _game(game)
    return RestrictedBot(game.bot(bot), _restriction(game, restriction), game.spec.rules)


def _wilson(wins: int, n: int) -> tuple[float, float]:
    from rometools.core.stats import proportion_estimate

    est = proportion_estimate(wins, n)
    return est.low, est.high


def _stream(seed: int, i: int):
    """The random stream of game ``i`` of a run seeded ``seed`` (the same for every bot and seat)."""
    import numpy as np

    return np.random.SeedSequence([seed, i])


def _game(game: str | Game) -> Game:
    """A registered game id (its default options) or a :class:`~rometools.core.game.Game`."""
    return load_game(game) if isinstance(game, str) else game


def _with_players(game: str | Game, players: int | None) -> Game:
    """``game``, or its default options with ``players`` seats."""
    game = _game(game)
    if players is None or players == game.players:
        return game
    return load_game(game.spec.id, players=players)


def restricted_play(game: str | Game, restrictions: Sequence[str] | None = None, n_games: int = 200, *,
                    seed: int = 0, bot: str = "greedy", players: int | None = None) -> list[dict]:
    """Each restriction's weight: how much win rate a bot loses when denied that strategy.

    For each restriction, ``n_games`` seeded games are played once per seat (the restricted
    bot takes each seat in turn against ``bot`` in every other seat); the baseline is the
    same seeds and seats with ``bot`` everywhere (every seat's win rate averaged, about
    ``1 / players``). The games of a seed share their chance outcomes, so the comparison
    is paired.

    Parameters
    ----------
    game : str or Game
    restrictions : sequence of str, optional
        Names the game declares (default: all of them).
    n_games : int
        Seeds (games per seat).
    seed : int
    bot : str
        The base bot.
    players : int, optional

    Returns
    -------
    list of dict
        One row per restriction, the heaviest first: ``restriction``, ``forbids``,
        ``games``, ``wins``, ``win_rate`` (with ``low``, ``high``: a 95% Wilson interval),
        ``baseline`` (the unrestricted win rate), ``loss`` (baseline - win rate) and
        ``replaced`` (decisions where the base bot wanted a forbidden action).

    Raises
    ------
    ArgumentError
        For an unknown restriction or bot, or a count below 1.

    Examples
    --------
    >>> rows = restricted_play("via_romana", ["no_fort"], 6, players=2)
    >>> rows[0]["restriction"], rows[0]["games"], 0 <= rows[0]["win_rate"] <= 1
    ('no_fort', 12, True)
    """
    from rometools.core.playout import play

    game = _with_players(game, players)
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ArgumentError(f"the number of games must be a whole number 1 or more, got {n_games!r}")
    names = list(game.spec.restrictions) if restrictions is None else list(restrictions)
    chosen = [_restriction(game, r) for r in names]
    n = game.players
    base_wins = 0
    for s in range(n_games):
        for seat in range(n):
            end = play(game, [bot] * n, _stream(seed, s))
            base_wins += game.spec.ranks(end)[seat] == 1
    baseline = base_wins / (n_games * n)
    rows = []
    for r in chosen:
        wins = replaced = 0
        for s in range(n_games):
            for seat in range(n):
                restricted_bot = RestrictedBot(game.bot(bot), r, game.spec.rules)
                bots: list[Any] = [bot] * n
                bots[seat] = restricted_bot
                end = play(game, bots, _stream(seed, s))
                wins += game.spec.ranks(end)[seat] == 1
                replaced += restricted_bot.replaced
        total = n_games * n
        low, high = _wilson(wins, total)
        rows.append({"restriction": r.name, "forbids": r.forbids, "games": total, "wins": wins,
                     "win_rate": wins / total, "low": low, "high": high, "baseline": baseline,
                     "loss": baseline - wins / total, "replaced": replaced})
    rows.sort(key=lambda row: row["loss"], reverse=True)
    return rows


#: The kinds of rule hole :func:`rule_holes` looks for, with what each means.
HOLE_KINDS = {
    "no_legal_action": "a seat is to move but has no legal action, and the game is not over",
    "no_end": "the game did not end within the action limit",
    "unbroken_tie": "two or more seats share first place after every tiebreaker",
}


def rule_holes(game: str | Game, n_games: int = 100, *, seed: int = 0, bots: Sequence[str] | None = None,
               max_actions: int = 20_000) -> dict[str, dict]:
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

    for name in names:
        for i in range(n_games):
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
    return found


def hot_spots(game: str | Game, n_games: int = 200, *, seed: int = 0, bot: str = "greedy",
              players: int | None = None) -> list[dict]:
    """The places of the board that matter: how often each is taken, how early, and what taking it
    first is worth, from seeded games of ``bot`` in every seat.

    A game names the places an action takes with ``GameSpec(action_places=...)``
    (``action_places(state, action) -> tuple of names``: a city, a region, a road, an
    objective). A place is *taken* by the first seat whose action names it in a game.

    Returns
    -------
    list of dict
        One row per place, the most telling first (the first taker's win rate furthest
        from ``1 / players``): ``place``, ``games`` (played), ``taken`` (games in which
        someone took it), ``share`` (taken / games), ``when`` (the mean point of the game
        it was first taken, 0 = the first decision, 1 = the last), ``taker_wins``,
        ``taker_win_rate`` with ``low``, ``high`` (95% Wilson) and ``fair`` (``1 / players``).
        Empty for a game that names no places.

    Examples
    --------
    >>> rows = hot_spots("imperator", 10, players=3)
    >>> rows[0]["games"], 0 <= rows[0]["when"] <= 1, sorted(rows[0])[:3]
    (10, True, ['fair', 'games', 'high'])
    """
    from rometools.core.playout import play, states

    game = _with_players(game, players)
    places_of = game.spec.action_places
    if places_of is None:
        return []
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ArgumentError(f"the number of games must be a whole number 1 or more, got {n_games!r}")
    rules, n = game.spec.rules, game.players
    stats: dict[str, list] = {}
    for i in range(n_games):
        end = play(game, [bot] * n, _stream(seed, i))
        winners = {s for s, r in enumerate(game.spec.ranks(end)) if r == 1}
        decisions = [(node, action) for node, action in zip(states(end), rules.action_history(end), strict=False)
                     if rules.current_player(node) >= 0]
        first: dict[str, tuple[int, int]] = {}
        for k, (node, action) in enumerate(decisions):
            for place in places_of(node, action):
                first.setdefault(place, (rules.current_player(node), k))
        for place, (seat, k) in first.items():
            row = stats.setdefault(place, [0, 0.0, 0])
            row[0] += 1
            row[1] += k / max(len(decisions) - 1, 1)
            row[2] += seat in winners
    rows = []
    for place, (taken, when, wins) in stats.items():
        low, high = _wilson(wins, taken)
        rows.append({"place": place, "games": n_games, "taken": taken, "share": taken / n_games,
                     "when": when / taken, "taker_wins": wins, "taker_win_rate": wins / taken,
                     "low": low, "high": high, "fair": 1 / n})
    rows.sort(key=lambda r: (-abs(r["taker_win_rate"] - r["fair"]) * min(r["taken"], 30), r["place"]))
    return rows


def hot_spots_figure(rows: Sequence[Mapping[str, Any]], *, title: str, top: int = 15):
    """The ``top`` places of :func:`hot_spots` as bars: the first taker's win rate with its interval,
    the fair share as a line; hover: how often and how early each is taken."""
    import plotly.graph_objects as go

    shown = list(rows)[:top][::-1]
    fig = go.Figure(go.Bar(
        x=[r["taker_win_rate"] for r in shown], y=[html.escape(r["place"]) for r in shown], orientation="h",
        meta="report-hot-spots", name="first taker's win rate",
        error_x={"type": "data", "symmetric": False, "array": [r["high"] - r["taker_win_rate"] for r in shown],
                 "arrayminus": [r["taker_win_rate"] - r["low"] for r in shown]},
        hovertext=[f"taken in {r['taken']} of {r['games']} games, on average {r['when']:.0%} of the way in"
                   for r in shown], hoverinfo="text+x"))
    if shown:
        fig.add_vline(x=shown[0]["fair"], line_dash="dash", annotation_text="a fair seat")
    fig.update_layout(title=title, xaxis_title="win rate of the first to take it", yaxis_title="place",
                      template="plotly_white", width=760, height=max(320, 26 * len(shown) + 140))
    return fig


def _table(rows: Sequence[Sequence[Any]], columns: Sequence[str]) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def report(game: str | Game, n_games: int = 200, *, seed: int = 0, bot: str = "greedy",
           players: int | None = None, out: Any = None, restricted_games: int | None = None,
           hole_games: int | None = None, compare: Mapping[str, Any] | None = None) -> str:
    """One self-contained HTML page: seat balance, game length, restricted play, rule holes.

    Plotly's script is embedded, so the page reads offline. The figures come from
    :func:`~rometools.core.simulate.simulate`, :func:`restricted_play` and :func:`rule_holes`
    on the same seed: the same call writes the same page.

    Parameters
    ----------
    game : str or Game
    n_games : int
        Games of the seat-balance run; restricted play and the rule-hole search use
        ``restricted_games`` (default ``n_games // 4``, at least 5) and ``hole_games``
        (default ``n_games // 4``, at least 5).
    seed, bot, players
        As :func:`restricted_play`.
    out : str or Path, optional
        Also write the page there (UTF-8).
    compare : mapping, optional
        Options of a variant (``{"dangerous_ties": True}``) to pair with the game on the same
        seeds (:func:`~rometools.core.paired.compare_variants`): a section with each figure's
        paired difference and interval.

    Returns
    -------
    str
        The HTML page.

    Examples
    --------
    >>> page = report("pig", 20, bot="greedy")
    >>> page.startswith("<!DOCTYPE html>"), "Seat balance" in page, "Rule holes" in page
    (True, True, True)
    """
    import plotly.graph_objects as go
    import plotly.io as pio

    import rometools
    from rometools.core.balance import game_length_text, seat_advantage_text, seat_win_rates

    game = _with_players(game, players)
    few = max(5, n_games // 4)
    df = rometools.simulate(game, n_games, bots=bot, seed=seed, rotate=False, progress=False)
    rates = seat_win_rates(df)
    fig = go.Figure(go.Bar(x=list(rates["player"]), y=list(rates["win_rate"]), meta="report-seat-win-rates",
                           error_y={"type": "data", "symmetric": False,
                                    "array": list(rates["ci_high"] - rates["win_rate"]),
                                    "arrayminus": list(rates["win_rate"] - rates["ci_low"])}))
    fig.update_layout(title=f"Seat win rates, {n_games} games of {bot} bots (95% Wilson intervals)",
                      xaxis_title="seat", yaxis_title="win rate", template="plotly_white", width=700, height=380)
    chart = pio.to_html(fig, include_plotlyjs=True, full_html=False)
    summary = f"{seat_advantage_text(df)} {game_length_text(df)}"
    restricted_rows = restricted_play(game, None, restricted_games or few, seed=seed, bot=bot) \
        if game.spec.restrictions else []
    holes = rule_holes(game, hole_games or few, seed=seed)
    spots = hot_spots(game, max(few, min(n_games, 100)), seed=seed, bot=bot) if game.spec.action_places else []
    title = f"Playtest report: {game.title}, {game.players} players"
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
             "<style>body{font-family:sans-serif;max-width:980px;margin:2em auto}td,th{padding:2px 8px;"
             "border-bottom:1px solid #ddd;text-align:left}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>",
             f"<p>Seed {seed}; bots: {html.escape(bot)}. Every figure is reproducible from the seed.</p>",
             "<h2>Seat balance</h2>", chart,
             _table([[r.player, r.games, r.wins, f"{r.win_rate:.1%}", f"{r.ci_low:.1%} to {r.ci_high:.1%}"]
                     for r in rates.itertuples()], ["seat", "games", "wins", "win rate", "95% interval"]),
             f"<p>{html.escape(summary)}</p>",
             "<h2>Restricted play: what each strategy is worth</h2>"]
    if restricted_rows:
        parts.append(_table([[r["restriction"], r["forbids"], r["games"], f"{r['win_rate']:.1%}",
                              f"{r['low']:.1%} to {r['high']:.1%}", f"{r['baseline']:.1%}", f"{r['loss']:+.1%}",
                              r["replaced"]] for r in restricted_rows],
                            ["restriction", "forbids", "games", "win rate", "95% interval", "unrestricted",
                             "loss", "decisions changed"]))
        parts.append("<p>A restricted bot plays as the base bot does, except that a forbidden choice is "
                     "replaced by a random allowed action; the loss is the win rate it gives up against "
                     "unrestricted bots on the same seeds (Jaffe et al., AIIDE 2012).</p>")
    else:
        parts.append("<p>This game declares no restrictions (<code>GameSpec(restrictions=...)</code>).</p>")
    if compare:
        from rometools.core.paired import compare_variants

        base_options = {"players": game.players}
        table = compare_variants(game.spec.id, base_options, {**base_options, **dict(compare)}, n_games, seed,
                                 bots=bot, progress=False)
        said = ", ".join(f"{k}={v}" for k, v in dict(compare).items())
        parts.append(f"<h2>The variant {html.escape(said)}, paired on the same seeds</h2>")
        parts.append(_table([[r.figure, f"{r.a:.3g}", f"{r.b:.3g}", f"{r.difference:+.3g}",
                              "" if r.ci_low != r.ci_low else f"{r.ci_low:+.3g} to {r.ci_high:+.3g}", r.note]
                             for r in table.itertuples()],
                            ["figure", "the game", "the variant", "difference", "95% interval", "note"]))
    parts.append("<h2>Hot spots: the places that matter</h2>")
    if spots:
        parts.append(pio.to_html(hot_spots_figure(spots, title=f"The first taker's win rate, {spots[0]['games']} "
                                                            f"games (95% Wilson intervals)"),
                                 include_plotlyjs=False, full_html=False))
        parts.append(_table([[r["place"], f"{r['share']:.0%}", f"{r['when']:.0%}", f"{r['taker_win_rate']:.0%}",
                              f"{r['low']:.0%} to {r['high']:.0%}"] for r in spots[:20]],
                            ["place", "taken in", "when (share of the game)", "first taker wins",
                             "95% interval"]))
    else:
        parts.append("<p>This game names no places (<code>GameSpec(action_places=...)</code>).</p>")
    parts.append("<h2>Rule holes</h2>")
    parts.append(_table([[kind, h["means"], h["count"], "" if h["seed"] is None else f"seed {h['seed']}, "
                          f"{h['bot']} bots"] for kind, h in holes.items()],
                        ["kind", "means", "games", "first found"]))
    parts.append("</body></html>")
    page = "\n".join(parts)
    if out is not None:
        from pathlib import Path

        Path(out).write_text(page, encoding="utf-8")
    return page
