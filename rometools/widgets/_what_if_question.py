"""The what-if studio's question checked: each field's value, and the variant the controls describe.

:class:`StudioQuestion` is mixed into :class:`~rometools.widgets.what_if.VariantStudio`: a value
given to a field is checked (``_check``, as :meth:`~rometools.widgets.what_if.VariantStudio.set_values`
takes it), Tune's parameter, values and target are read, and the changes are built into the
published game and the variant, both loaded now (``_build``), so a refusal names the field and
nothing is half-applied.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import rometools
from rometools.core.errors import DataFileError, RometoolsError
from rometools.core.formatting import number, shown
from rometools.core.game import game_spec
from rometools.core.variant_file import _edit_refused
from rometools.widgets._base import INPUT_ERRORS, _text_of, whole_number
from rometools.widgets._inputs import bundled_file_options
from rometools.widgets._what_if_text import (
    MAX_CHANGES,
    MAX_CHANGES_TEXT,
    _json_value,
    _numeric,
    _value_text,
    changes_text,
    parse_changes,
    variant_changes,
)

__all__ = ["PRECISIONS", "SCORE_PRECISIONS", "TARGETS", "StudioQuestion"]

#: Precisions offered, in percentage points of win rate (Compare; Tune's tolerance for equal seats).
PRECISIONS = (0.5, 1, 2, 3, 5, 10)
#: Precisions offered for mean scores and the score spread, in points.
SCORE_PRECISIONS = (0.5, 1, 2, 5, 10, 20)
#: What Tune aims at: equal seats (the fair share), or a mean game length.
TARGETS = "equal-seats or length=<number> (a mean game length in the game's own unit, e.g. length=40)"


class StudioQuestion:
    """The question of :class:`~rometools.widgets.what_if.VariantStudio` checked and built (a mixin)."""

    # ------------------------------------------------------------ fields
    def _check(self, name: str, value: Any) -> Any:
        if name == "game":
            if not isinstance(value, str) or value not in rometools.games():
                raise ValueError(f"Game must be one of {', '.join(rometools.games())}, got {shown(value)}")
        elif name == "players":
            whole_number("Players", value, 1, 64)
        elif name == "changes":
            if not isinstance(value, Mapping):
                raise ValueError(f"Changes must be a mapping of address to value, e.g. {{'hand': 5}}, got "
                                 f"{shown(value)}")
            if len(value) > MAX_CHANGES:
                raise ValueError(f"Changes: {number(len(value))} values; a variant changes a few "
                                 f"(at most {MAX_CHANGES})")
            for key in value:
                if not isinstance(key, str) or not key.strip() or "\n" in key or "=" in key:
                    raise ValueError(f"Changes: an address is text such as 'hand' or 'handicap.4', got "
                                     f"{shown(key, 60)}")
            try:
                text = changes_text(value)
            except (TypeError, ValueError, RecursionError):
                raise ValueError("Changes: a value of a kind a variant cannot hold; give numbers, text, true/false, "
                                 "lists or tables") from None
            if len(text) > MAX_CHANGES_TEXT:
                raise ValueError(f"Changes: {number(len(text))} characters; a variant changes a few values")
            if parse_changes(text) != _json_value(dict(value)):
                raise ValueError(f"Changes: a value that does not read back as written, in {shown(text, 80)}; "
                                 "give numbers, text, true/false, lists or tables")
        elif name in ("bots", "name", "parameter", "values", "target"):
            if not isinstance(value, str):
                raise ValueError(f"{self.field_label(name)} must be text, got {shown(value)}")
            if name == "name":
                self._check_name(value)
            if name == "values":
                self._parse_values(value)
            if name == "target":
                self._parse_target(value)
        elif name == "tab":
            if value not in ("compare", "tune"):
                raise ValueError(f"Show must be 'compare' or 'tune', got {shown(value)}")
        elif name in self.NUMBER_BOXES:
            low, high = self.NUMBER_BOXES[name]
            return whole_number(self.field_label(name), value, low, high)
        elif name in ("precision", "score_precision"):
            offered = PRECISIONS if name == "precision" else SCORE_PRECISIONS
            if isinstance(value, bool) or not isinstance(value, int | float) or value not in offered:
                raise ValueError(f"{self.field_label(name)} must be one of {', '.join(f'{p:g}' for p in offered)} "
                                 f"points, got {shown(value)}")
        return value

    # ------------------------------------------------------------ the question
    def _build(self, changes: Mapping[str, Any]):
        """The published game and the variant of these changes, both loaded (checked) now.

        Raises
        ------
        ValueError
            "Changes: ..." naming the address and what is wrong, as the variant's own check says it.
        """
        from rometools.core.variants import MAX_NAME_CHARS, Variant

        game, players = self._game.value, self._players.value
        if self._files == "upload":   # the app: a file option names a bundled file, never a server path
            bundled_file_options(game, changes, "Changes")
        if "players" in changes:
            raise ValueError("Changes: players is the Players box (the published game and the variant have the "
                             "same players: a comparison needs them); remove that line")
        base = Variant(game, "as published", {"players": players})
        variant = base
        for address, value in changes.items():
            try:
                variant = variant.with_value(address, value)
            except INPUT_ERRORS as err:
                raise ValueError(f"Changes: {address}: {_text_of(err)}" if address not in _text_of(err)
                                 else f"Changes: {_text_of(err)}") from None
        # the name typed, whole (a longer one is refused: _check_name); else the changes in words (as the
        # variant holds them: 10, not the 1e1 typed), cut to fit
        label = self._name.value.strip() or (
            "; ".join(f"{a} = {_value_text(v)}" for a, v in self._as_held(changes, variant).items())[:MAX_NAME_CHARS]
            or "as published")
        variant = Variant(game, label, variant.options, variant.edits)
        try:
            played = variant.load()
            base.load()
        except DataFileError as err:
            one = _edit_refused(variant, f"{err.path}: {err.entry}", err.problem)
            if one:
                raise ValueError(f"Changes: {one[0]}:{one[2]}") from None
            also = _published_entry(variant, err)
            if also and also not in {p.address for p in self._parameters(base)}:   # a place in the file, no value
                also = None
            raise ValueError(f"Changes: {err}" + (f"; {also} is not among the changes: the file checks the changes "
                                                  f"against it, so change it too (a line {also} = ... in Changes)"
                                                  if also else "")) from None
        except INPUT_ERRORS as err:
            raise ValueError(f"Changes: {_text_of(err)}") from None
        if played.players != players:
            raise ValueError(f"Changes: the variant plays {played.players} players, the Players box {players}")
        return base, variant

    @staticmethod
    def _as_held(changes: Mapping[str, Any], variant) -> dict[str, Any]:
        """The changes as the variant holds them (:meth:`rometools.Variant.with_value`): a whole number
        typed ``1e1`` or ``3.0`` is ``10`` or ``3``, as the variant plays it and its file saves it, so the
        question, the table and the Changes box written by Set never say ``10.0``."""
        held = variant_changes(variant)
        out = {}
        for address, value in changes.items():
            if address in held and held[address] == value:
                value = held[address]
            elif isinstance(value, float) and value.is_integer():   # a seat's 0 points: no handicap entry held
                value = int(value)
            out[address] = value
        return out

    def _parameters(self, variant) -> list:
        """The variant's every editable value (:meth:`rometools.Variant.parameters`), kept for the last few."""
        cache = self.__dict__.setdefault("_parameter_cache", {})
        if variant not in cache:
            if len(cache) > 8:
                cache.clear()
            cache[variant] = variant.parameters()
        return cache[variant]

    @staticmethod
    def _parse_values(text: Any) -> list:
        from argparse import ArgumentTypeError

        from rometools._cli_what_if import parse_values

        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"Values: give low:high, low:high:step or a list such as 0,2,5; got {shown(text)}")
        if "," in text and any(not word.strip() for word in text.split(",")):
            raise ValueError(f"Values: an empty value between commas in {shown(text, 60)}; write a list such as "
                             "0,2,5")
        try:
            return parse_values(text)   # a value given twice included
        except ArgumentTypeError as err:
            raise ValueError(f"Values: {err}") from None

    def _values_fit(self, variant, parameter: str, candidates: list) -> None:
        """Every one of Tune's Values checked as Tune checks a candidate (the variant with that value,
        loaded: each edited file checked as a file is, no game played), refused as "Values: ...",
        naming the parameter and the value. A handicap's half point was refused so at typing, but a data
        value's (Caesar's Empire's ``components:road_bonus.points`` with ``0:1:0.5``, ``-20:0:10`` or
        ``0:20000:10000``) only when Tune was pressed (trial58). Each value's answer is kept (up to 2,000
        answers, then the cache starts again): a box edited elsewhere loads nothing again."""
        cache = self._fit_cache
        for value in candidates if parameter else ():
            try:
                edited = variant.with_value(parameter, value)
            except INPUT_ERRORS as err:   # the kind the parameter takes (a handicap's whole points)
                why = _text_of(err).removeprefix(f"{parameter}: ")
                raise ValueError(f"Values: {parameter} = {shown(value)}: {why}") from None
            key = (variant, parameter, type(value), value)
            if key not in cache:
                if len(cache) > 2000:
                    cache.clear()
                try:
                    edited.load()
                    cache[key] = None
                except INPUT_ERRORS as err:   # as Tune says it when pressed (StudioRuns._job)
                    cache[key] = _text_of(err)
            if cache[key] is not None:
                raise ValueError(f"Values: {parameter} = {shown(value)}: {cache[key]}")

    @staticmethod
    def _parse_target(text: Any) -> str:
        if text == "equal-seats":
            return text
        if isinstance(text, str) and text.startswith("length="):
            try:
                goal = float(text.split("=", 1)[1])
            except ValueError:
                goal = math.nan
            if math.isfinite(goal) and 0 < goal <= 1e9:
                return text
        raise ValueError(f"Target must be {TARGETS}, got {shown(text)}")

    def _tune_parameter(self, variant, parameters) -> str:
        """Tune's parameter, checked: a numeric value the variant lists (an empty box refused, at once)."""
        text = self._parameter.value.strip()
        if not text:
            raise ValueError(f"Parameter: type the value to tune, e.g. handicap.{self._players.value} (or pick a "
                             "value above and press Tune this)")
        numeric = {p.address for p in parameters if _numeric(p)}
        seat = text.split(".")
        if text not in numeric and len(seat) == 2 and seat[0] == "handicap" and seat[1].isdigit():
            players = self._players.value   # a handicap's seat out of range: said as the command line says it
            raise ValueError(f"Parameter: {text}: seat {int(seat[1])} is not a seat of a {players}-player game "
                             f"(seats 1 to {players})")
        if text not in numeric:
            examples = ", ".join(a for a in (f"handicap.{self._players.value}", *sorted(numeric)[:2]) if a)
            raise ValueError(f"Parameter: {shown(text, 60)} is not a numeric value of "
                             f"{game_spec(variant.game).title}; e.g. {examples} (pick one and press Tune this)")
        return text

    @staticmethod
    def _check_name(value: str) -> None:
        """The Variant name refused as a variant refuses it (:class:`rometools.Variant`, a variant file):
        at most :data:`~rometools.core.variants.MAX_NAME_CHARS` characters, never cut without a word."""
        from rometools.core.variants import MAX_NAME_CHARS

        if len(value.strip()) > MAX_NAME_CHARS:
            raise ValueError(f"Variant name is at most {MAX_NAME_CHARS} characters, as a variant file keeps it; "
                             f"got {shown(value.strip())}")


def _published_entry(variant, err: DataFileError) -> str | None:
    """The address (``components:bag.total``) of the entry an edited file refuses, when the variant leaves it
    as published: the file checks the changes against it (Augustus's ``bag.total`` is the sum of the token
    counts), so it is changed with them; ``None`` when a change lies at, under or over it.

    Examples
    --------
    >>> from rometools import Variant
    >>> v = Variant("augustus", "no daggers").with_value("components:token.dagger.count", 0)
    >>> _published_entry(v, DataFileError("components.toml (as the variant edits it)", "bag.total", "is 23"))
    'components:bag.total'
    >>> _published_entry(v.with_value("components:bag.total", 22),
    ...                  DataFileError("components.toml (as the variant edits it)", "bag.total", "is 22"))
    """
    entry = str(err.entry or "")
    for file, changes in variant.edits.items():
        try:
            base = variant.base_file(file).name
        except (*INPUT_ERRORS, RometoolsError, OSError):
            continue
        if entry and str(err.path) == f"{base} (as the variant edits it)" and not any(
                a == entry or a.startswith(entry + ".") or entry.startswith(a + ".") for a in changes):
            return f"{file}:{entry}"
    return None
