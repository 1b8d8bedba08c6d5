"""A tuning's answer in words: the tuned parameter with its unit (:func:`parameter_words`) and
the few sentences of :func:`tuning_text`.

Split from :mod:`rometools.core.tune` (which re-exports both), as :mod:`rometools.core.compare_text`
is from :mod:`rometools.core.compare`: the race there, its words here.
"""

from __future__ import annotations

import math
from typing import Any

from rometools.core.formatting import counted, numbers_alike, quantity, signed

__all__ = ["parameter_words", "tuning_text"]


def _value_text(v: Any) -> str:
    if isinstance(v, tuple):
        return "(" + ", ".join(_value_text(x) for x in v) + ")"
    return f"{v:g}" if isinstance(v, float) else str(v)


def parameter_words(parameter: str, game: Any = None) -> tuple[str, str, str]:
    """A tuned parameter in words with its unit, singular and plural: a seat's handicap
    (``"handicap.4"``, seats from 1) is ``("P4's handicap", "point", "points")``, its start bonus
    (``"handicap.4.bonus"``) is said in the game's own unit (``StartBonus``); any other parameter
    is its address, with no unit (``"", ""``).

    Parameters
    ----------
    parameter : str
        The parameter's address, as :func:`tune` takes it.
    game : Game or str, optional
        Whose start bonus unit (``GameSpec.start_bonus``); without it a start bonus is in "units".

    Examples
    --------
    >>> parameter_words("handicap.4")
    ("P4's handicap", 'point', 'points')
    >>> parameter_words("handicap.2.bonus", "caesars_empire")[0]
    "P2's start bonus"
    >>> parameter_words("target")
    ('target', '', '')
    """
    parts = parameter.split(".")
    if parts[0] != "handicap" or len(parts) not in (2, 3) or not parts[1].isdigit() \
            or (len(parts) == 3 and parts[2] != "bonus"):
        return parameter, "", ""
    if len(parts) == 2:
        return f"P{int(parts[1])}'s handicap", "point", "points"
    bonus = None
    if game is not None:
        from rometools.core.game import game_spec

        bonus = (game_spec(game) if isinstance(game, str) else game.spec).start_bonus
    if bonus is None:
        return f"P{int(parts[1])}'s start bonus", "unit", "units"
    return f"P{int(parts[1])}'s start bonus", bonus.unit, bonus.units or bonus.unit + "s"


def tuning_text(t: Any) -> str:
    """A tuning's answer in a few sentences.

    Parameters
    ----------
    t : Tuning
        What :func:`rometools.core.tune.tune` returned (annotated ``Any``: this module does not
        import the race it words).

    Examples
    --------
    >>> from rometools.core.tune import tune
    >>> t = tune("pig", "target", [40, 60], target="length=60", max_games=400, batch=100, check_games=100,
    ...          progress=False)
    >>> print(tuning_text(t).splitlines()[0])   # doctest: +ELLIPSIS
    Pig, 2 players, greedy: target for a mean game length of 60 decisions: ...
    """
    r = t.recommended
    scale = 100 if t.unit == "percentage points" else 1   # a win rate's: the unit says it, not the target's words
    # of win rate "percentage points", never bare "points" beside a handicap; "1 percentage point", "1 turn"
    noun = "percentage point" if scale == 100 else t.unit.removesuffix("s")

    def amount(x: float) -> str:
        return signed(scale * x)   # never "[-1.7, -0.0]"

    def said(text: str) -> str:
        return quantity(text, noun) if noun else text

    words = t.words or tuple((p, "", "") for p in t.parameters)
    # a handicap in words with its unit, its address kept once in brackets for a designer to type
    heads = [p if w == p else f"{w} in {plural} ({p})" if plural else f"{w} ({p})"
             for p, (w, _, plural) in zip(t.parameters, words, strict=True)]
    names = " and ".join(w for w, _, _ in words)

    def valued(v: Any) -> str:   # "P4's handicap = 40 points"; parameters without a unit: "a and b = (1, 2)"
        if not any(noun for _, noun, _ in words):
            return f"{names} = {_value_text(v)}"
        vs = v if isinstance(v, tuple) else (v,)
        return " and ".join(f"{w} = {quantity(_value_text(x), noun, plural) if noun else _value_text(x)}"
                            for (w, noun, plural), x in zip(words, vs, strict=True))

    why = {"decided": "stopped because the race is decided", "budget": "the budget of games ended",
           "stopped": "STOPPED on request", "running": "so far: the race goes on"}.get(t.stopped, t.stopped)
    if t.stopped == "decided" and not t.meets:   # decided the other way: no value tried can meet the target
        why = (f"stopped because no value tried can meet the target: each left is surely more than "
               f"\u00b1{said(f'{scale * t.tolerance:g}')} off")
    lines = [f"{t.title}: {' and '.join(heads)} for {t.target}: {counted(len(t.candidates), 'candidate')}, "
             f"{counted(t.games, 'game')} in the race ({why})."]
    if t.replaces:   # "P4's handicap to 2 points", as the answer names the parameter, never "handicap.4 = 2"
        named = dict(zip(t.parameters, words, strict=True))
        own = []
        for entry in t.replaces:
            p, _, value = entry.partition(" = ")
            # its own names: `noun` is the response's unit, which every offset below says (trial58)
            w, unit_one, unit_many = named.get(p, (p, "", ""))
            own.append(f"{w} to {quantity(value, unit_one, unit_many) if unit_one else value}")
        them = "it" if len(own) == 1 else "them"
        lines.append(f"The variant sets {' and '.join(own)} itself: each value tried replaces {them} (the whole "
                     f"value, not added to the variant's).")
    coordinates = tuple(getattr(t, "coordinates", ()))
    heads_of = [f"{name} " for name in coordinates] if len(coordinates) > 1 else [""] * len(r.response)

    def offs(resp, lows, highs) -> str:   # "P1 +9.3 percentage points [-6.6, +25.0], P2 ...": each seat named
        return ", ".join(f"{head}{said(amount(x))} [{amount(lo)}, {amount(hi)}]"
                         for head, x, lo, hi in zip(heads_of, resp, lows, highs, strict=True))

    off = offs(r.response, r.low, r.high)
    within = f"\u00b1{said(f'{scale * t.tolerance:g}')}"
    if t.closest_only:   # its interval wholly beyond the tolerance: the closest, no recommendation
        lines.append(f"No value tried is recommended. Closest, but surely off the target by more than {within}: "
                     f"{valued(r.value)}: off the target by {off}.")
    else:
        verdict = ("meets the target within the tolerance" if t.meets else
                   f"is the closest found, not shown to be within {within}")
        lines.append(f"Recommended: {valued(r.value)}: off the target by {off}; it {verdict}.")
    if t.value_interval == () and len(coordinates) > 1:   # each band holds the target somewhere, never all at once
        who = ("every seat" if scale == 100 and all(n[:1] == "P" and n[1:].isdigit() for n in coordinates) else
               f"every one of {', '.join(coordinates)}")
        lines.append(f"No value is allowed for {who}: {', '.join(coordinates)}'s bands (interpolated between the "
                     f"values tried) never all hold the target at the same value.")
    elif t.value_interval == ():
        lines.append("No value is allowed: its band (interpolated between the values tried) holds the target "
                     "at no value.")
    elif t.value_interval is not None:
        lo, hi = t.value_interval
        tried = [c.value for c in t.candidates]
        whole = all(isinstance(v, int) for v in tried)   # a handicap in points: whole values, said whole
        if whole:
            lo_, hi_ = (lo if lo == -math.inf else math.ceil(lo - 1e-9)), (hi if hi == math.inf else
                                                                           math.floor(hi + 1e-9))
            low_t, high_t = (str(x) if math.isfinite(x) else "" for x in (lo_, hi_))
        else:
            low_t, high_t = numbers_alike([lo, hi], 2, minus=True)
        u = f" {words[0][2]}" if words[0][2] else ""   # "32 to 52 points", "above 60 points (the largest ...)"
        low = f"below {min(tried):g}{u} (the smallest value tried)" if lo == -math.inf else low_t
        high = f"above {max(tried):g}{u} (the largest value tried)" if hi == math.inf else high_t + u
        if whole and math.isfinite(lo) and math.isfinite(hi) and lo_ > hi_:
            lines.append(f"The response curve's band (interpolated between the values tried) meets the target "
                         f"between {lo:.1f} and {hi:.1f}: at no whole value.")
        else:
            band = "its band" if len(getattr(t, "coordinates", ())) < 2 else \
                f"every one of {', '.join(t.coordinates)}'s band"
            lines.append(f"Values the response curve allows ({band}, interpolated between the values tried"
                         f"{', in whole values' if whole else ''}): {low} to {high}.")
    c = t.check
    if c:
        fresh = offs(c["response"], c["low"], c["high"])
        confirmed = {True: "confirmed", "estimate": "confirmed by its estimate only (its interval reaches outside "
                     "the tolerance)", False: "NOT confirmed"}[c["confirmed"]]
        # the value checked named, and a closest value's check read as what it is (trial59b: "NOT confirmed"
        # under "No recommendation", naming no value)
        if t.closest_only:
            confirmed = ("within the tolerance on them, against the race" if c["confirmed"] is True else
                         "still off the target by more than the tolerance, as in the race" if c["confirmed"] is False
                         else "within the tolerance by its estimate only (its interval reaches outside it)")
            lines.append(f"The closest value, {valued(r.value)}, on {counted(c['games'], 'fresh game')}: off by "
                         f"{fresh}: {confirmed}.")
        else:
            lines.append(f"On {counted(c['games'], 'fresh game')}, {valued(r.value)}: off by {fresh}: {confirmed}.")
    return "\n".join(lines)


# ----------------------------------------------------------------- the target
