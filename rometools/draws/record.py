"""Counts from a record: win counts from a tournament or a playtest log, as seat-balance figures.

A designer's games are not simulated rows: a tournament's results, a spreadsheet of
playtests, or just "seat 1 won 37 of 80". :class:`Record` turns any of these into the
rows :func:`rometools.core.simulate.simulate` returns (``game, rotation, seat, player, bot,
win, shared_win``, and ``score`` / ``rank`` when known), so the same figures and tests
read them: :func:`~rometools.core.balance.seat_win_rates` (Wilson intervals),
:func:`~rometools.core.balance.seat_advantage_test` and its sentence. Beside them, the
exact shares (:meth:`Record.shares`) and the exact multinomial test of "no seat
advantage" as a :class:`~fractions.Fraction` (:meth:`Record.exact_seat_test`), with its
seeded Monte Carlo twin (:meth:`Record.simulate_seat_test`).
"""

from __future__ import annotations

import csv
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, lgamma
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rometools.core.errors import ArgumentError, DataFileError
from rometools.core.formatting import seat_range, shown
from rometools.draws._engine import Work, _arrangements, _partitions

if TYPE_CHECKING:
    from rometools.core.rng import RngLike
    from rometools.core.stats import ProportionEstimate

__all__ = ["Record"]

#: Most games a record holds, and most seats.
MAX_GAMES = 1_000_000
MAX_SEATS = 12
_TABLE_SECONDS = 3e-6


def _seat(value: object, seats: int | None, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentError(f"{where}: a seat is a whole number (0 for the first player), got {shown(value)}")
    value = int(value)
    if value < 0 or (seats is not None and value >= seats):
        seats_are = seat_range(seats) if seats is not None else "0 or more"
        raise ArgumentError(f"{where}: seat {value} does not exist (seats are {seats_are})")
    return value


@dataclass(frozen=True)
class Record:
    """Games played, one entry per game: who won (and, when known, the scores).

    Build it with :meth:`from_games`, :meth:`from_counts` or :meth:`from_csv`.

    Attributes
    ----------
    players : int
        Seats in every game.
    winners : tuple of tuple of int
        The seats that won each game (several: a shared win).
    scores : tuple of tuple of int, or None
        Each game's scores by seat, when the record gives them.
    bot : str
        What the ``bot`` column says (``"record"``: people, or whatever the record names).
    """

    players: int
    winners: tuple[tuple[int, ...], ...]
    scores: tuple[tuple[int, ...], ...] | None = None
    bot: str = "record"

    # ------------------------------------------------------------ constructors
    @classmethod
    def from_games(cls, games: Sequence[object], *, players: int, bot: str = "record") -> Record:
        """One entry per game: the winning seat, the seats sharing a win, or the scores by seat.

        Parameters
        ----------
        games : sequence
            Per game, an int (the winner's seat, 0 = first player), a tuple or list of
            seats (a shared win), or a mapping ``{seat: score}`` (the highest score wins;
            equal highest scores share the win).
        players : int
            Seats in every game (2 to 12).

        Raises
        ------
        ArgumentError
            A seat out of range, a game with no winner, a mix of scores and winners, no game.

        Examples
        --------
        >>> r = Record.from_games([0, 0, 1, (0, 2), 2, 0], players=3)
        >>> r.shares()
        {0: Fraction(2, 3), 1: Fraction(1, 6), 2: Fraction(1, 3)}
        """
        players = cls._players(players)
        if isinstance(games, str | bytes | Mapping) or not isinstance(games, Sequence):
            raise ArgumentError(f"games must be a list, one entry per game, got {shown(games)}")
        if not games:
            raise ArgumentError("a record needs at least one game")
        if len(games) > MAX_GAMES:
            raise ArgumentError(f"a record holds at most {MAX_GAMES:,} games, got {len(games):,}")
        winners, scores = [], []
        for g, game in enumerate(games):
            where = f"game {g}"
            if isinstance(game, Mapping):
                row = [0] * players
                if set(game) != set(range(players)):
                    raise ArgumentError(f"{where}: give a score for every seat {seat_range(players)}, got seats "
                                        f"{shown(sorted(game, key=repr))}")
                for seat, score in game.items():
                    if isinstance(score, bool) or not isinstance(score, numbers.Integral):
                        raise ArgumentError(f"{where}: the score of seat {seat} must be a whole number, got "
                                            f"{shown(score)}")
                    row[_seat(seat, players, where)] = int(score)
                best = max(row)
                winners.append(tuple(s for s, v in enumerate(row) if v == best))
                scores.append(tuple(row))
            elif isinstance(game, tuple | list | set | frozenset):
                seats = sorted({_seat(s, players, where) for s in game})
                if not seats:
                    raise ArgumentError(f"{where}: a game needs a winner")
                winners.append(tuple(seats))
            else:
                winners.append((_seat(game, players, where),))
        if scores and len(scores) != len(winners):
            raise ArgumentError("give every game's scores, or no game's: the record mixes the two")
        return cls(players, tuple(winners), tuple(scores) if scores else None, str(bot))

    @classmethod
    def from_counts(cls, wins: Mapping[int, int] | Sequence[int], *, players: int | None = None,
                    shared: Mapping[tuple[int, ...], int] | None = None, bot: str = "record") -> Record:
        """Outright wins per seat (and, if any, games won jointly by a set of seats).

        Parameters
        ----------
        wins : Mapping[seat, int] or sequence of int
            Games each seat won alone (``[37, 25, 18]``: seat 0 won 37).
        players : int, optional
            Seats (default: as many as ``wins`` lists).
        shared : Mapping[tuple of seats, int], optional
            Games won jointly: ``{(0, 2): 3}``.

        Examples
        --------
        >>> round(float(Record.from_counts([37, 25, 18]).exact_seat_test()["p_value"]), 4)
        0.0373
        """
        if isinstance(wins, Mapping):
            items = list(wins.items())
            players = cls._players(players if players is not None else max((_seat(s, None, "wins") for s, _ in items),
                                                                           default=-1) + 1)
        elif isinstance(wins, Sequence) and not isinstance(wins, str | bytes):
            items = list(enumerate(wins))
            players = cls._players(players if players is not None else len(items))
        else:
            raise ArgumentError(f"wins must be a mapping {{seat: games}} or a list of games per seat, got {shown(wins)}")
        winners: list[tuple[int, ...]] = []
        total = 0
        for seat, n in [*items, *((s, n) for s, n in (shared or {}).items())]:
            if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
                raise ArgumentError(f"wins of {shown(seat)} must be a whole number >= 0, got {shown(n)}")
            total += int(n)
            if total > MAX_GAMES:
                raise ArgumentError(f"a record holds at most {MAX_GAMES:,} games")
            seats = tuple(sorted({_seat(s, players, "shared") for s in seat})) if isinstance(seat, tuple) else (
                _seat(seat, players, "wins"),)
            winners.extend([seats] * int(n))
        if not winners:
            raise ArgumentError("a record needs at least one game")
        return cls(players, tuple(winners), None, str(bot))

    @classmethod
    def from_csv(cls, path: str | Path, *, bot: str = "record") -> Record:
        """A playtest log: one row per game and seat, with ``game``, ``seat`` and ``win`` or ``score``.

        ``win`` is 1 (or ``true``) for the winner(s), 0 otherwise; with ``score`` instead,
        the highest score wins. Seats are 0 for the first player.

        Raises
        ------
        DataFileError
            Naming the file, the row and the problem: a missing column, a seat or win
            that is not a number, a game without every seat or without a winner.
        """
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DataFileError(path, "file", f"cannot be read: {exc}") from None
        if len(text) > 50_000_000:
            raise DataFileError(path, "file", "is over 50 MB")
        rows = list(csv.DictReader(text.splitlines()))
        if not rows:
            raise DataFileError(path, "file", "has no rows")
        columns = set(rows[0])
        if not {"game", "seat"} <= columns or not ({"win", "score"} & columns):
            raise DataFileError(path, "header", f"needs columns game, seat and win or score; has {sorted(columns)}")
        games: dict[str, dict[int, int]] = {}
        by = "score" if "score" in columns and "win" not in columns else "win"
        for i, row in enumerate(rows, start=2):
            try:
                seat = int(row["seat"])
                raw = (row[by] or "").strip().lower()
                value = {"true": 1, "false": 0}.get(raw)
                value = int(raw) if value is None else value
            except (TypeError, ValueError):
                raise DataFileError(path, f"row {i}", f"seat and {by} must be whole numbers, got "
                                    f"{shown(row.get('seat'))} and {shown(row.get(by))}") from None
            if seat < 0 or seat >= MAX_SEATS:
                raise DataFileError(path, f"row {i}", f"seat {seat} is out of range {seat_range(MAX_SEATS)}")
            game = games.setdefault(str(row["game"]), {})
            if seat in game:
                raise DataFileError(path, f"row {i}", f"game {shown(row['game'])} lists seat {seat} twice")
            game[seat] = value
        players = max(max(g) for g in games.values()) + 1
        entries: list[object] = []
        for name, game in games.items():
            if set(game) != set(range(players)):
                raise DataFileError(path, f"game {shown(name)}", f"needs a row for every seat {seat_range(players)}")
            if by == "score":
                entries.append(game)
            else:
                won = tuple(s for s, v in game.items() if v)
                if not won:
                    raise DataFileError(path, f"game {shown(name)}", "has no winner")
                entries.append(won)
        try:
            return cls.from_games(entries, players=players, bot=bot)
        except ArgumentError as exc:
            raise DataFileError(path, "games", str(exc)) from None

    @staticmethod
    def _players(players: object) -> int:
        if isinstance(players, bool) or not isinstance(players, numbers.Integral) or not 2 <= players <= MAX_SEATS:
            raise ArgumentError(f"players must be 2 to {MAX_SEATS} seats, got {shown(players)}")
        return int(players)

    # ------------------------------------------------------------ the rows simulate gives
    def results(self):
        """The record as :func:`~rometools.core.simulate.simulate` rows (a pandas DataFrame).

        Columns ``game, seed, rotation, seat, player, bot, win, shared_win`` (and
        ``score``, ``rank`` when the record has scores); one row per game and seat.

        Examples
        --------
        >>> from rometools.core.balance import seat_win_rates
        >>> rates = seat_win_rates(Record.from_counts([37, 25, 18]).results())
        >>> rates["wins"].tolist(), round(float(rates["win_rate"][0]), 4)
        ([37, 25, 18], 0.4625)
        """
        import pandas as pd

        cols: dict[str, list] = {c: [] for c in ("game", "seed", "rotation", "seat", "player", "bot", "win",
                                                 "shared_win")}
        if self.scores is not None:
            cols["score"], cols["rank"] = [], []
        for g, won in enumerate(self.winners):
            for seat in range(self.players):
                cols["game"].append(g)
                cols["seed"].append(g)
                cols["rotation"].append(0)
                cols["seat"].append(seat)
                cols["player"].append(f"P{seat + 1}")
                cols["bot"].append(self.bot)
                cols["win"].append(seat in won)
                cols["shared_win"].append(seat in won and len(won) > 1)
                if self.scores is not None:
                    row = self.scores[g]
                    cols["score"].append(row[seat])
                    cols["rank"].append(1 + sum(1 for v in row if v > row[seat]))
        return pd.DataFrame(cols)

    def win_rates(self, confidence: float = 0.95):
        """:func:`~rometools.core.balance.seat_win_rates` of the record (Wilson intervals)."""
        from rometools.core.balance import seat_win_rates

        return seat_win_rates(self.results(), confidence)

    def table(self, confidence: float = 0.95, *, digits: int = 1):
        """The record's seats as a table a designer reads: :func:`~rometools.core.balance.seat_table`
        of :meth:`win_rates` (seat, games, wins, win rate and its Wilson interval as percentages).

        Examples
        --------
        >>> Record.from_counts([37, 25, 18]).table().iloc[0].to_dict()
        {'seat': 'P1', 'games': 80, 'wins': 37, 'shared wins': 0, 'win rate': '46.2%', '95% interval': '35.7% to 57.1%'}
        """
        from rometools.core.balance import seat_table

        return seat_table(self.win_rates(confidence), digits=digits)

    def seat_test(self) -> dict[str, Any]:
        """:func:`~rometools.core.balance.seat_advantage_test` of the record (chi-square or exact)."""
        from rometools.core.balance import seat_advantage_test

        return seat_advantage_test(self.results())

    def seat_text(self) -> str:
        """The seat-advantage sentence the ``rometools simulate`` command prints, for the record."""
        from rometools.core.balance import seat_advantage_text, shared_wins_text

        results = self.results()
        return " ".join(t for t in (seat_advantage_text(results), shared_wins_text(results)) if t)

    # ------------------------------------------------------------ exact figures
    @property
    def games(self) -> int:
        """Games in the record."""
        return len(self.winners)

    def outright_wins(self) -> list[int]:
        """Games each seat won alone (the counts the seat test reads)."""
        out = [0] * self.players
        for won in self.winners:
            if len(won) == 1:
                out[won[0]] += 1
        return out

    def shares(self) -> dict[int, Fraction]:
        """Each seat's exact win share: games it won (alone or shared) over games.

        Examples
        --------
        >>> Record.from_counts([3, 1]).shares()
        {0: Fraction(3, 4), 1: Fraction(1, 4)}
        """
        wins = [0] * self.players
        for won in self.winners:
            for s in won:
                wins[s] += 1
        return {s: Fraction(w, self.games) for s, w in enumerate(wins)}

    def exact_seat_test(self) -> dict[str, Any]:
        """The exact multinomial test of "no seat advantage", as a Fraction.

        Under equal seats, outright wins fall on each seat with probability ``1 / seats``;
        the p-value is the probability of a table of wins no more likely than the one
        recorded. Tables are summed by their sorted counts (a partition of the games,
        times its arrangements), never one by one.

        Returns
        -------
        dict
            ``wins`` (outright, per seat), ``games`` (outright wins counted),
            ``p_value`` (Fraction), ``method`` (``"exact multinomial"``).

        Raises
        ------
        ArgumentError
            No outright win.
        TooLargeError
            Too many tables to sum in seconds (the message gives the simulate twin).

        Examples
        --------
        >>> Record.from_counts([9, 1]).exact_seat_test()["p_value"]
        Fraction(11, 512)
        """
        wins = self.outright_wins()
        n, k = sum(wins), self.players
        if not n:
            raise ArgumentError("no game has an outright winner to test")
        partitions = _partitions_count_estimate(n, k)
        work = Work("the exact seat test", "estimate it: record.simulate_seat_test(trials, rng=...)")
        work.spend(partitions * _TABLE_SECONDS, f" for about {partitions:,.0f} tables of wins")
        observed = _weight(wins, n)
        tail = 0
        for table in _partitions(n, k, n):
            w = _weight(table, n)
            if w <= observed:
                tail += w * _arrangements(table)
        return {"wins": wins, "games": n, "p_value": Fraction(tail, k ** n), "method": "exact multinomial"}

    def simulate_seat_test(self, trials: int = 10_000, *, rng: RngLike = None,
                           confidence: float = 0.95) -> ProportionEstimate:
        """The seeded twin of :meth:`exact_seat_test`: the p-value estimated from random tables.

        Examples
        --------
        >>> r = Record.from_counts([37, 25, 18])
        >>> r.simulate_seat_test(4000, rng=2).contains(r.exact_seat_test()["p_value"])
        True
        """
        import numpy as np

        from rometools.core.rng import as_generator
        from rometools.core.stats import proportion_estimate
        from rometools.draws.simulate import batches, check_trials

        wins = self.outright_wins()
        n, k = sum(wins), self.players
        if not n:
            raise ArgumentError("no game has an outright winner to test")
        trials = check_trials(trials, per_trial=k, itemsize=8)
        gen = as_generator(rng)
        exact = n <= 2000  # exact integer weights; beyond, log weights (ties within 1e-9)
        observed = _weight(wins, n) if exact else _log_weight(wins, n)
        hits = 0
        for start, stop in batches(trials, k):
            tables = gen.multinomial(n, [1 / k] * k, size=stop - start)
            found, counts = np.unique(tables, axis=0, return_counts=True)
            for row, c in zip(found.tolist(), counts.tolist(), strict=True):
                if (_weight(row, n) <= observed) if exact else (_log_weight(row, n) <= observed + 1e-9):
                    hits += c
        return proportion_estimate(hits, trials, confidence=confidence)


def _weight(table: Sequence[int], n: int) -> int:
    """The multinomial coefficient ``n! / prod(t!)``."""
    out = factorial(n)
    for t in table:
        out //= factorial(t)
    return out


def _log_weight(table: Sequence[int], n: int) -> float:
    return lgamma(n + 1) - sum(lgamma(t + 1) for t in table)


def _partitions_count_estimate(n: int, k: int) -> float:
    """About how many partitions of ``n`` into at most ``k`` parts: ``C(n + k - 1, k - 1) / k!``."""
    if k <= 1:
        return 1.0
    try:
        return comb(n + k - 1, k - 1) / factorial(k) + 1
    except OverflowError:  # pragma: no cover - a float too large: far past any budget
        return float("inf")

