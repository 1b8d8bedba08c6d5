"""Bots that see the variant (issue 43, item 5), held over the registry.

A comparison of two variants measures new play only if the bots play by the variant's values:
doubling Augustus' reward values once left the greedy bots' games identical on 10 of 10 seeds.
For every registered game, every *scoring value* of its data files (a value that changes the
scores of the same play: the same histories replayed under the variant score differently) is
changed (every value of a kind doubled, ``objective.*.points`` all at once; or ten times; or set
to 0; or every other one ten times: a bot that reads values may be blind to one change of them), and
the game's greedy bot must then change some decision on seeded games, unless the game declares that its
bots ignore that value (``GameSpec(bots_ignore=...)``, with the reason; a comparison's verdict
says so: :func:`rometools.core.variants.ignored_by_bots`). A declaration that is not needed (the
bots do see the value) fails too. Nothing here names a game.
"""

from __future__ import annotations

import pytest

import rometools
from rometools import Variant
from rometools.core.errors import RometoolsError
from rometools.core.game import game_spec
from rometools.core.playout import play
from rometools.core.variants import data_patterns, matches

GAMES = [g for g in rometools.games() if game_spec(g).file_options]
#: Seeded greedy games per variant: enough for a value a bot reads to change some decision.
SEEDS = 8


def _replayed(game, history):
    """The state the same actions reach under another game's config; ``None`` if a move is refused."""
    state = game.new_game()
    for action in history:
        try:
            state = game.spec.rules.apply(state, action)
        except RometoolsError:
            return None
    return state


def scoring_patterns(game_id: str):
    """``[(pattern, changes greedy play)]`` for every scoring pattern of the game's data."""
    base_variant = Variant(game_id)
    base = base_variant.load()
    ends = [play(base, "greedy", seed) for seed in range(SEEDS)]
    histories = [base.action_history(end) for end in ends]
    out = []
    for file in base.spec.file_options:
        for pattern, params in data_patterns(base_variant, file).items():
            numbers = [p for p in params if isinstance(p.published, int) and not isinstance(p.published, bool)]
            if not numbers:
                continue
            scoring, changed = False, False
            for factor, every in ((2, 1), (10, 1), (0, 1), (10, 2)):   # probes, each a variant of the pattern
                variant = base_variant
                for p in numbers[::every]:
                    variant = variant.with_value(p.address, factor * p.published if p.published else factor)
                if variant == base_variant:
                    continue
                try:
                    game = variant.load()
                except RometoolsError:   # a count whose total no longer adds up: not a scoring value alone
                    continue
                replays = [_replayed(game, h) for h in histories]
                if any(r is None for r in replays):   # it changes what is legal: play, not only scoring
                    continue
                if all(game.scores(r) == base.scores(e) for r, e in zip(replays, ends, strict=True)):
                    continue   # not a scoring value in these games
                scoring = True
                if any(game.action_history(play(game, "greedy", seed)) != histories[seed] for seed in range(SEEDS)):
                    changed = True
                    break
            if scoring:
                out.append((f"{file}:{pattern}", changed))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_greedy_bots_rate_moves_from_the_variants_values(game_id):
    spec = game_spec(game_id)
    found = scoring_patterns(game_id)
    assert found, f"{game_id}: no scoring value found in its data files (the check checks nothing)"
    unseen, needless = [], []
    for pattern, changed in found:
        declared = next((p for p in spec.bots_ignore if matches(p, pattern)), None)
        if not changed and declared is None:
            unseen.append(pattern)
        if changed and declared is not None:
            needless.append(f"{pattern} (declared as {declared!r})")
    assert not unseen, (f"{spec.title}'s greedy bot plays the same games when these scoring values change; make "
                        f"it read them, or declare them in GameSpec(bots_ignore=...) with the reason: {unseen}")
    assert not needless, f"{spec.title} declares its bots ignore values they read: {needless}"
    for declared, reason in spec.bots_ignore.items():
        assert any(matches(declared, p) for p, _ in found), f"{declared}: no scoring value of this pattern"
        assert reason.strip() and len(reason) > 20, f"{declared}: say why the bots ignore it"


def test_doubling_augustus_rewards_changes_greedy_games():
    """The case that raised item 5: every reward tile's points doubled changed none of 10 seeded
    greedy games; the greedy bot now rates completions by the rewards they bring."""
    v = Variant("augustus")
    doubled = v
    for p in v.parameters():
        if p.address.startswith("components:reward.") and p.address.endswith(".points"):
            doubled = doubled.with_value(p.address, 2 * p.published)
    base, game = v.load(), doubled.load()
    changed = sum(base.action_history(play(base, "greedy", s)) != game.action_history(play(game, "greedy", s))
                  for s in range(10))
    assert changed >= 5, changed
