"""The balance lab's summary pieces (:class:`~rometools.widgets.balance.BalanceExplorer`): the board
and the options a run played, named as a designer writes them, and its tables as HTML. No game logic."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any


def _board_name(board: tuple[str, Any] | None, config: dict[str, Any]) -> str | None:
    """The board a variant plays, as the summary names it: the Board file box's, else a ``board=``
    typed in its options box (``None``: the game's own board)."""
    if board is not None:
        return board[0]
    if "board" not in config:
        return None
    text = str(config["board"]).strip()
    return Path(text).name or text


def _boards_text(boards: list[str | None]) -> str:
    """``"; board board_2_3"`` for the summary's first line; each variant's when they differ."""
    if all(b is None for b in boards):
        return ""
    if len(set(boards)) == 1:
        return f"; board {html.escape(boards[0])}"
    named = [html.escape(b) if b is not None else "the game's own board" for b in boards]
    return f"; board {named[0]} in variant A, {named[1]} in variant B"


def _options_text(game: Any, options: dict[str, Any]) -> str:
    """The options of a run of ``game`` (a game id or a loaded game) as every headline says them
    (:func:`~rometools.core.describe.options_short`: ``dangerous ties on``); the player count and the
    board are named on their own in the summary.

    >>> _options_text("via_romana", {"players": 3, "dangerous_ties": True, "hand": 5, "board": "b"})
    'dangerous ties on, hand 5'
    """
    from rometools.core.describe import options_short

    return options_short(game, {key: value for key, value in options.items() if key not in ("players", "board")})


def _table(df, columns: dict[str, str], css: str, formats: dict[str, Any] | None = None) -> str:
    """An HTML table of ``columns`` (``{column: label}``); ``formats`` maps a column to a
    function of its value (default ``str``)."""
    formats = formats or {}
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{html.escape(label)}</th>"
                   for label in columns.values())
    rows = []
    for _, row in df.iterrows():
        cells = "".join(f"<td style='padding:2px 8px'>{html.escape(formats.get(c, str)(row[c]))}</td>"
                        for c in columns)
        rows.append(f"<tr>{cells}</tr>")
    return f"<table class='{css}' style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table>"
