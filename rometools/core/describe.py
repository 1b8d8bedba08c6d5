"""What a registered game offers, in a designer's words, and short reprs of its objects.

* :func:`describe` -- a game's title, players, bots, options (type, default, allowed
  values, meaning) and data files: the ``rometools games`` command's text, a table in a
  notebook.
* :func:`option_words`, :func:`option_parts`, :func:`options_words` -- an option and its value
  as the game's own description says them (``"Dangerous Ties on"``), never its snake_case name:
  the report, ``compare`` and a variant's label say options so (re-exported by
  :mod:`rometools.core.playtest`, where they lived).
* :func:`short_value` and :func:`install_short_reprs` (:mod:`rometools.core.reprs`, re-exported
  here) -- a value in a few words, and the one-line reprs of a game's config, states and data.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rometools.core.registry import game_spec
from rometools.core.reprs import install_short_reprs, short_value

__all__ = ["GameDescription", "decision_reference", "describe", "install_short_reprs", "option_parts", "option_words",
           "option_short", "options_short", "options_words", "player_counts", "short_value", "variant_options"]


@dataclass(frozen=True)
class GameDescription:
    """What a registered game offers: :func:`describe`'s answer.

    ``str()`` is the text ``rometools games GAME`` prints; in a notebook it shows as
    tables (``_repr_html_``). ``options`` rows are dicts with ``option``, ``takes``,
    ``default`` and ``meaning``.
    """

    id: str
    title: str
    players: tuple[int, int] | None
    bots: tuple[str, ...]
    options: tuple[dict, ...]
    data_files: tuple[str, ...]
    source: str
    mcts_playout_depth: int | None = None

    def mcts_text(self) -> str:
        """The MCTS bots in words, with the game's playout depth (``GameSpec.mcts_playout_depth``).

        Examples
        --------
        >>> describe("pig").mcts_text()
        'mcts, mcts:N (N simulations per move; playouts to the end, mcts:N:depth=D cuts them at D decisions)'
        """
        if self.mcts_playout_depth is None:
            return "mcts, mcts:N (N simulations per move; playouts to the end, mcts:N:depth=D cuts them at D decisions)"
        return (f"mcts, mcts:N (N simulations per move; playouts cut at {self.mcts_playout_depth} decisions "
                "by default, mcts:N:depth=D|end sets it)")

    def players_text(self) -> str:
        """The player counts in words, ``"2 to 6"`` or ``"2"`` alone (:func:`~rometools.core.formatting.count_choices`).

        Examples
        --------
        >>> describe("pig").players_text(), describe("imperator").players_text()
        ('2 to 6', '2 to 5')
        """
        from rometools.core.formatting import count_choices

        return count_choices(range(self.players[0], self.players[1] + 1)) if self.players else ""

    def __str__(self) -> str:
        import textwrap

        players = f"{self.players_text()} players" if self.players else "players: see options"
        lines = [f"{self.id}: {self.title} ({players})",
                 f"  bots: {', '.join(self.bots)}, {self.mcts_text()}"]
        if self.source:
            lines.append(f"  rulebook: {self.source}")
        if self.data_files:
            lines.append(f"  bundled data files: {', '.join(self.data_files)}")
        lines.append("  options (--option KEY=VALUE; load_game(GAME, KEY=VALUE)):")
        for o in self.options:
            lines += textwrap.wrap(f"{o['option']} ({o['takes']}; default {o['default']}): {o['meaning']}",
                                   width=100, initial_indent="    ", subsequent_indent="      ")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<{self.title}: {len(self.options)} options, bots {', '.join(self.bots)}>"

    def _repr_html_(self) -> str:
        e = html.escape
        players = f"{self.players_text()} players" if self.players else ""
        rows = "".join(f"<tr><td><code>{e(o['option'])}</code></td><td>{e(o['takes'])}</td>"
                       f"<td>{e(str(o['default']))}</td><td>{e(o['meaning'])}</td></tr>" for o in self.options)
        files = f"<br>Bundled data files: {e(', '.join(self.data_files))}" if self.data_files else ""
        return (f"<b>{e(self.title)}</b> (<code>{e(self.id)}</code>) {e(players)}<br>"
                f"Bots: {e(', '.join(self.bots))}, {e(self.mcts_text())}{files}"
                "<table><thead><tr><th>option</th><th>takes</th><th>default</th><th>meaning</th></tr></thead>"
                f"<tbody>{rows}</tbody></table>")


def _player_range(spec: Any) -> tuple[int, int] | None:
    """The player counts the game takes with its bundled data: those its config accepts, tried
    up to the option's bound (at most 12), as (fewest, most); ``None`` when it has no ``players``."""
    from rometools.core.errors import RometoolsError

    try:
        option = spec.config.option("players")
    except (KeyError, ValueError, AttributeError):
        return None
    low = int(option.low) if option.low is not None else 1
    high = min(int(option.high), 12) if option.high is not None else 12
    counts = []
    for n in range(low, high + 1):
        try:
            spec.config(players=n)
        except (RometoolsError, ValueError, TypeError):
            continue
        counts.append(n)
    return (counts[0], counts[-1]) if counts else None


def describe(game_id: str) -> GameDescription:
    """What the registered game ``game_id`` offers: players, bots, options, data files.

    Parameters
    ----------
    game_id : str
        A registered game (:func:`rometools.games`).

    Returns
    -------
    GameDescription
        Printed, the text of ``rometools games GAME``; in a notebook, a table.

    Raises
    ------
    ArgumentError
        For a game that is not registered (the message lists those that are).

    See Also
    --------
    rometools.core.options.Option.describe : one option's line.

    Examples
    --------
    >>> d = describe("pig")
    >>> d.title, d.players, d.bots
    ('Pig', (2, 6), ('greedy', 'random'))
    >>> print(str(d).splitlines()[0])
    pig: Pig (2 to 6 players)
    >>> [o["option"] for o in describe("caesars_empire").options][:3]
    ['board', 'players', 'all_tokens_variant']
    """
    spec = game_spec(game_id)
    options = spec.config.options()
    span = _player_range(spec)
    rows = []
    for o in options:
        meaning = o.meaning
        if o.name == "handicap":   # the generic option, with what this game gives as a start bonus
            bonus = spec.start_bonus
            meaning += (f" Start bonus in {spec.title}: {bonus.meaning}, per unit, at most "
                        f"{bonus.amount(bonus.most)} ({{4: {{\"bonus\": 1}}}})." if bonus is not None
                        else f" {spec.title} declares no start bonus: points only.")
        rows.append({"option": o.name, "takes": o.takes(), "default": o.default_text(), "meaning": meaning})
    return GameDescription(id=spec.id, title=spec.title, players=span, bots=tuple(sorted(spec.bots)),
                           options=tuple(rows), data_files=tuple(spec.data_files), source=spec.source or "",
                           mcts_playout_depth=spec.mcts_playout_depth)


def _a_game(game: Any) -> Any:
    """A registered game id (its default options) or a :class:`~rometools.core.load.Game`."""
    from rometools.core.load import load_game

    return load_game(game) if isinstance(game, str) else game


def variant_options(game: Any) -> dict[str, Any]:
    """The options of ``game`` (an id or a :class:`~rometools.core.load.Game`) that differ from its
    default config at the same player count.

    Examples
    --------
    >>> from rometools.core.load import load_game
    >>> variant_options(load_game("via_romana", players=3, dangerous_ties=True))
    {'dangerous_ties': True}
    """
    game = _a_game(game)
    default = game.spec.config(players=game.players)
    return {o.name: getattr(game.config, o.name) for o in game.spec.config.options()
            if o.name != "players" and getattr(game.config, o.name) != getattr(default, o.name)}


def player_counts(game: Any) -> list[int]:
    """The player counts a registered game (an id or a :class:`~rometools.core.load.Game`) takes with
    its bundled data, fewest first.

    Examples
    --------
    >>> player_counts("imperator")
    [2, 3, 4, 5]
    """
    game = _a_game(game)
    span = _player_range(game.spec)
    return list(range(span[0], span[1] + 1)) if span else [game.players]


#: A rules decision's id as ``docs/rules-decisions.md`` numbers them (``VR-13``, ``CE-14``).
_DECISION_ID = r"\b[A-Z]{2,4}-\d+\b"


def decision_reference(text: str) -> tuple[str, str]:
    """``text`` without its rules-decision ids, and those ids as a reference to put after a sentence.

    Examples
    --------
    >>> decision_reference("the card that places a milestone: a colour (space), or any (road) (VR-13).")
    ('the card that places a milestone: a colour (space), or any (road).', ' (VR-13)')
    >>> decision_reference("cards dealt (4 in the rulebook; some summaries give 5, VR-1).")
    ('cards dealt (4 in the rulebook; some summaries give 5).', ' (VR-1)')
    """
    import re

    ids = list(dict.fromkeys(re.findall(_DECISION_ID, text)))
    plain = re.sub(r"[,;]?\s*" + _DECISION_ID, "", text)
    plain = re.sub(r"\s*\(\s*\)", "", plain).replace(" )", ")").strip()
    return plain, (f" ({', '.join(ids)})" if ids else "")


def option_words(game: Any, name: str, value: Any) -> str:
    """An option and its value as the game's own option description says them, never its
    snake_case name: ``"Dangerous Ties on"``, ``"the card that places a milestone on a road space:
    any of the road's colours (VR-13)"``, a rules decision's id kept only as a reference in
    brackets at the end.

    Parameters
    ----------
    game : str or Game
        Whose option (``GameSpec.config``'s descriptions).
    name : str
        The option's name.
    value : object
        Its value: a file option's value is said by its file's name.

    Examples
    --------
    >>> option_words("via_romana", "dangerous_ties", True)
    'Dangerous Ties on'
    >>> option_words("via_romana", "milestone_colour", "road")
    "the card that places a milestone on a road space: any of the road's colours (VR-13)"
    >>> option_words("via_romana", "max_turns", 60)
    'a safeguard, not in the rulebook: the game ends after this many turns: 60 (VR-9)'
    >>> option_words("caesars_empire", "handicap", {4: 2})
    'a seat handicap (a design tool, not a rule): seat 4: +2 points'
    """
    head, said, ref = option_parts(game, name, value)
    joined = f"{head} {said}" if said in ("on", "off") and not head.startswith(("a ", "the ")) else f"{head}: {said}"
    return joined + ref


def option_short(game: Any, name: str, value: Any) -> str:
    """An option as a run's headline says it: its short name and its value as played (``"3 players"``,
    ``"start player P3"``, ``"all tokens variant on"``, ``"board gold.toml"``); :func:`option_words`
    says it at length, as the game's description does, for a report's paragraph.

    A seat-valued option (:attr:`~rometools.core.options.Option.seat`, counted from 0 in the saved game)
    is said by the seat's name in the results (``start_player=2`` is P3); the handicap as its seats
    from 1; a file option by its file's name only.

    Parameters
    ----------
    game : str or Game
        Whose option.
    name : str
        The option's name.
    value : object
        Its value, as the config holds it.

    Returns
    -------
    str

    Examples
    --------
    >>> option_short("via_romana", "start_player", 2), option_short("caesars_empire", "players", 3)
    ('start player P3', '3 players')
    >>> option_short("caesars_empire", "all_tokens_variant", True), option_short("via_romana", "hand", 5)
    ('all tokens variant on', 'hand 5')
    >>> option_short("caesars_empire", "handicap", {4: 40}), option_short("caesars_empire", "components", "/a/gold.toml")
    ('handicap seat 4: +40 points', 'components gold.toml')
    """
    import os
    from pathlib import Path

    from rometools.core.load import load_game

    label = name.replace("_", " ")
    if name == "players":
        return f"{value} players"
    spec = load_game(game).spec if isinstance(game, str) else game.spec
    if name == "handicap":   # a start bonus in the game's words: "one more Road", never "start bonus 1"
        from rometools.core.handicap import Handicap

        return f"handicap {Handicap.parse(value).words(spec.start_bonus)}"
    try:
        o = spec.config.option(name)
    except (ValueError, KeyError, AttributeError, LookupError):
        o = None
    if isinstance(value, bool):
        return f"{label} {'on' if value else 'off'}"
    if o is not None and o.seat and isinstance(value, int):
        return f"{label} P{value + 1}"
    if name in spec.file_options:
        path = getattr(value, "path", None) if not isinstance(value, str | os.PathLike) else value
        return f"{label} {Path(path).name if path is not None else getattr(value, 'name', None) or 'built in code'}"
    return f"{label} {'none' if value is None else str(value).replace('_', ' ') if isinstance(value, str) else value}"


def options_short(game: Any, options: Mapping[str, Any]) -> str:
    """Options as a run's headline says them (:func:`option_short`), joined by commas (``""`` for none).

    Examples
    --------
    >>> options_short("caesars_empire", {"players": 3, "all_tokens_variant": True})
    '3 players, all tokens variant on'
    """
    return ", ".join(option_short(game, k, v) for k, v in options.items())


def option_parts(game: Any, name: str, value: Any) -> tuple[str, str, str]:
    """An option in three parts: what it sets (from its description), its value in words, and the
    rules decisions it records as a reference (``" (VR-13)"``, or ``""``); :func:`option_words`
    joins them.

    Examples
    --------
    >>> option_parts("via_romana", "milestone_colour", "space")
    ('the card that places a milestone on a road space', "a colour of the space's own edges", ' (VR-13)')
    """
    import os
    import re
    from pathlib import Path

    from rometools.core.load import load_game

    spec = load_game(game).spec if isinstance(game, str) else game.spec
    try:
        o = spec.config.option(name)
    except (ValueError, KeyError, AttributeError, LookupError):
        return name.replace("_", " "), str(value), ""
    if name == "handicap":
        from rometools.core.handicap import Handicap

        return "a seat handicap (a design tool, not a rule)", Handicap.parse(value).words(spec.start_bonus), ""
    meaning, ref = decision_reference(o.meaning or name.replace("_", " "))
    meaning = meaning.rstrip(".")
    head = meaning.split(":", 1)[0]
    if isinstance(value, bool):
        named = re.match(r"^([A-Z][\w'’ -]*?) variant: ", meaning)
        return (named.group(1) if named else meaning), ("on" if value else "off"), ref
    if name in spec.file_options:
        path = getattr(value, "path", None) if not isinstance(value, str | os.PathLike) else value
        said = Path(path).name if path is not None else (getattr(value, "name", None) or "a value built in code")
        return head, said, ref
    if isinstance(value, str):
        described = re.search(r"(?:^|[:,;]\s*)(?:or\s+)?([^:,;()]+?)\s*\(" + re.escape(value) + r"\)", meaning)
        if described:
            return head, described.group(1).strip(), ref
        return meaning, value.replace("_", " "), ref
    return meaning, "none" if value is None else str(value), ref


def options_words(game: Any, options: Mapping[str, Any]) -> str:
    """Options as :func:`option_words` says them, joined by semicolons (``""`` for none).

    Examples
    --------
    >>> options_words("via_romana", {"dangerous_ties": True, "hand": 5})
    'Dangerous Ties on; cards dealt to each player (4 in the rulebook; some summaries give 5): 5 (VR-1)'
    """
    return "; ".join(option_words(game, k, v) for k, v in options.items())
