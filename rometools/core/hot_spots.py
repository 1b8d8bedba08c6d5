"""The places of the board that matter: how often each is taken, how early, and what taking it first is worth.

:func:`hot_spots` reads the places a game's ``GameSpec(action_places=...)`` names (cities,
regions, roads, objectives) from seeded games; places are kept apart by their data file's id and
shown by name (:func:`place_names`, :func:`distinct_names`: the id added in brackets where two
places share a name), so two cities of one name never merge; :func:`hot_spots_by_players` gives
the same at every player count; :func:`lift_words` says a first taker's lift in words.

Split out of :mod:`rometools.core.playtest`, which re-exports every public name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rometools.core.describe import player_counts, variant_options
from rometools.core.errors import ArgumentError
from rometools.core.formatting import quantity
from rometools.core.load import Game, load_game
from rometools.core.playtest_runs import _bar, _done, _game, _stream, _tick, _wilson, _with_players

__all__ = ["distinct_names", "hot_spots", "hot_spots_by_players", "lift_words", "place_names"]


def lift_words(lift: float, digits: int = 0) -> str:
    """A lift (the first taker's win rate minus their seat's) in words, never a bare sign.

    Examples
    --------
    >>> lift_words(0.123), lift_words(-0.04), lift_words(0.001), lift_words(0.01)
    ('12 percentage points more often than their seat', '4 percentage points less often than their seat', \
'as often as their seat', '1 percentage point more often than their seat')
    """
    points = round(100 * abs(lift), digits)
    if points == 0:
        return "as often as their seat"
    return f"{quantity(f'{points:.{digits}f}', 'percentage point')} {'more' if lift > 0 else 'less'} often than " \
           f"their seat"


def distinct_names(names: Mapping[str, str]) -> dict[str, str]:
    """Each id's name, told apart: a name two ids share gets its id in brackets, ``"Roma (c07)"``.

    The result's names are all different (a name that still meets another, such as a place
    named ``"Roma (c07)"`` beside two called ``"Roma"``, is numbered: ``"Roma (c07) #2"``), so a
    table or an axis never merges two places.

    Parameters
    ----------
    names : mapping of str to str
        ``{id: name}``.

    Returns
    -------
    dict
        ``{id: name shown}``, in the order of ``names``; a name no other id has is kept as it is.

    Examples
    --------
    >>> distinct_names({"c01": "Roma", "c07": "Roma", "c02": "Capua", "c03": "c01"})
    {'c01': 'Roma (c01)', 'c07': 'Roma (c07)', 'c02': 'Capua', 'c03': 'c01'}
    """
    out = {key: str(name) for key, name in names.items()}
    seen: dict[str, int] = {}
    for name in out.values():
        seen[name] = seen.get(name, 0) + 1
    out = {key: f"{name} ({key})" if seen[name] > 1 else name for key, name in out.items()}
    taken: set[str] = set()
    for key, name in out.items():   # a name that still meets another (a place named "Roma (c07)"): numbered
        k, shown_as = 2, name
        while shown_as in taken:
            shown_as, k = f"{name} #{k}", k + 1
        out[key] = shown_as
        taken.add(shown_as)
    return out


def place_names(game: str | Game) -> dict[str, str]:
    """Every place of ``game`` by id, with the name the playtest shows (``GameSpec(place_names=...)``
    told apart by :func:`distinct_names`: the id in brackets where two places share a name).

    Parameters
    ----------
    game : str or Game

    Returns
    -------
    dict
        ``{id: name shown}``; empty for a game that names no places.

    Examples
    --------
    >>> place_names("via_romana")["r04"], place_names("pig")
    ('Ravenna–Ancona road', {})
    """
    game = _game(game)
    if game.spec.place_names is None:
        return {}
    return distinct_names(dict(game.spec.place_names(game.config)))


def hot_spots(game: str | Game, n_games: int = 200, *, seed: int = 0, bot: str = "greedy",
              players: int | None = None, progress: bool | Callable[[int, int], None] = False) -> list[dict]:
    """The places of the board that matter: how often each is taken, how early, and what taking it
    first is worth, from seeded games of ``bot`` in every seat.

    A game names the places an action takes with ``GameSpec(action_places=...)``
    (``action_places(state, action) -> tuple of ids``: a city, a region, a road, an
    objective, by its data file's id). A place is *taken* by the first seat whose action
    names it in a game. Places are counted by id and shown by name (:func:`place_names`).

    Parameters
    ----------
    game : str or Game
    n_games : int
        Seeded games (``bot`` in every seat).
    seed, bot, players
        As :func:`restricted_play`.
    progress : bool or callable
        A tqdm bar over the games (``True``), or ``progress(games done, games in all)``.

    Returns
    -------
    list of dict
        One row per place, the most telling first (the largest ``lift``, weighted by how often
        it is taken): ``id`` (the place's data file id, the key), ``place`` (its name as shown,
        distinct for distinct ids: :func:`place_names`), ``games`` (played), ``taken`` (games in which someone took
        it), ``share`` (taken / games), ``when`` (the mean point of the game it was first
        taken, 0 = the first decision, 1 = the last), ``taker_wins``, ``taker_win_rate`` with
        ``low``, ``high`` (95% Wilson), ``fair`` (``1 / players``), ``seat_expected`` (what
        the takers' seats win anyway: the mean, over the games it was taken, of the taker's
        seat's win rate in these games) and ``lift`` = ``taker_win_rate - seat_expected``
        with ``lift_low``, ``lift_high`` (the Wilson interval shifted; the seat rates taken
        as known). The lift is what taking the place first is worth beyond the seat: with
        a strong first-seat advantage, the place the first seat always takes first has a
        high win rate and no lift. Empty for a game that names no places.

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
    bar = _bar(n_games, progress, f"{game.title}: hot spots")
    seat_wins = [0] * n
    games: list[tuple[dict[str, tuple[int, float]], set[int]]] = []
    for i in range(n_games):
        _tick(bar)
        end = play(game, [bot] * n, _stream(seed, i))
        winners = {s for s, r in enumerate(game.spec.ranks(end)) if r == 1}
        for s in winners:
            seat_wins[s] += 1
        decisions = [(node, action) for node, action in zip(states(end), rules.action_history(end), strict=False)
                     if rules.current_player(node) >= 0]
        first: dict[str, tuple[int, float]] = {}
        for k, (node, action) in enumerate(decisions):
            for place in places_of(node, action):
                first.setdefault(place, (rules.current_player(node), k / max(len(decisions) - 1, 1)))
        games.append((first, winners))
    _done(bar)
    seat_rate = [w / n_games for w in seat_wins]
    stats: dict[str, list] = {}
    for first, winners in games:
        for place, (seat, when) in first.items():
            row = stats.setdefault(place, [0, 0.0, 0, 0.0])
            row[0] += 1
            row[1] += when
            row[2] += seat in winners
            row[3] += seat_rate[seat]
    names = place_names(game)
    rows = []
    for place, (taken, when, wins, expected) in stats.items():
        low, high = _wilson(wins, taken)
        rate, expected = wins / taken, expected / taken
        rows.append({"id": place, "place": names.get(place, place), "games": n_games, "taken": taken, "share": taken / n_games,
                     "when": when / taken, "taker_wins": wins, "taker_win_rate": rate,
                     "low": low, "high": high, "fair": 1 / n, "seat_expected": expected,
                     "lift": rate - expected, "lift_low": low - expected, "lift_high": high - expected})
    rows.sort(key=lambda r: (-abs(r["lift"]) * min(r["taken"], 30), r["place"], r["id"]))
    return rows


def hot_spots_by_players(game: str | Game, n_games: int = 50, *, seed: int = 0, bot: str = "greedy",
                         counts: Sequence[int] | None = None,
                         progress: bool | Callable[[int, int], None] = False) -> dict[int, list[dict]]:
    """How the hot spots shift with the player count: :func:`hot_spots` at each count, same seeds.

    Parameters
    ----------
    game : str or Game
        The game (its options but ``players`` are kept).
    n_games : int
        Games per player count.
    seed, bot
        As :func:`hot_spots`.
    counts : sequence of int, optional
        Default: every count the game takes (:func:`player_counts`).
    progress : bool or callable
        A tqdm bar over every count's games, or ``progress(games done, games in all)``.

    Returns
    -------
    dict
        ``{players: hot_spots rows}``, fewest players first; empty for a game that names no places.

    Examples
    --------
    >>> shift = hot_spots_by_players("imperator", 4, counts=[2, 3])
    >>> sorted(shift), {r["id"] for r in shift[2]} <= {r["id"] for r in shift[3]}
    ([2, 3], True)
    """
    game = _game(game)
    if game.spec.action_places is None:
        return {}
    counts = player_counts(game) if counts is None else sorted(set(counts))
    options = variant_options(game)
    bar = _bar(n_games * len(counts), progress, f"{game.title}: hot spots by player count")
    out = {}
    for k, n in enumerate(counts):
        at = load_game(game.spec.id, **options, players=n)
        if bar is None:
            step = None
        elif isinstance(progress, bool):
            def step(done, total, _bar=bar, _k=k):
                _bar.n = _k * n_games + done
                _bar.refresh()
        else:
            def step(done, total, _k=k):
                progress(_k * n_games + done, n_games * len(counts))
        out[n] = hot_spots(at, n_games, seed=seed, bot=bot, progress=step or False)
    _done(bar)
    return out
