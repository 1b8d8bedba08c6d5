"""MCTS over the game protocol: the bot, best_moves, the skill curve, information sets."""

from __future__ import annotations

import math

import numpy as np
import pytest

import rometools
from rometools.core.balance import seat_win_rates
from rometools.core.errors import ArgumentError
from rometools.core.playout import play
from rometools.core.search import (
    DEFAULT_BUDGET,
    MCTSBot,
    RankedMove,
    best_moves,
    game_results,
    mcts_bot,
    skill_curve,
)
from rometools.core.simulate import simulate
from tests.interop import kuhn

SHORT = {"players": 2, "roads_per_player": 6}  # a 2-player game of about 12 decisions


def test_mcts_beats_greedy_in_every_seat_of_caesars_empire():
    """Seeded: 100 short 2-player deals, each played twice at 4 simulations per move (MCTS
    in each seat). Greedy against greedy, seat 0 wins 77 of 100 (a strong first-player
    edge); the MCTS bot's Wilson interval lies above greedy's rate in both seats."""
    run = {"players": 2, "config": {"roads_per_player": 6}, "seed": 2024, "progress": False}
    greedy = seat_win_rates(simulate("caesars_empire", 100, bots="greedy", **run))
    results = simulate("caesars_empire", 100, bots=["mcts:4", "greedy"], rotate=True, **run)
    mcts = seat_win_rates(results[results["bot"] == "mcts:4"])
    assert list(greedy["wins"]) == [77, 23] and list(mcts["wins"]) == [100, 73]
    assert list(mcts["games"]) == [100, 100]
    assert (mcts["ci_low"] > greedy["win_rate"]).all()
    assert mcts["ci_low"].round(3).tolist() == [0.963, 0.636]


def test_every_game_knows_the_mcts_bot_by_name():
    game = rometools.load_game("caesars_empire")
    assert game.bot("mcts").budget == DEFAULT_BUDGET
    bot = game.bot("mcts:40:c=1.5:utility=score:rollout=random")
    assert (bot.budget, bot.c, bot.utility, bot.rollout, bot.trusted) == (40, 1.5, "score", "random", True)
    assert bot.name == "mcts:40:rollout=random:c=1.5:utility=score"
    assert vars(mcts_bot(bot.name)) == vars(bot)
    assert game.bot(bot) is bot and repr(bot) == "MCTSBot('mcts:40:rollout=random:c=1.5:utility=score')"
    for bad in ("mcts:", "mcts:0", "mcts:-3", "mcts:5:width=3", "mcts:5:c=", "mcts:5:c=x", "mcts:5:c=1:c=2",
                "mcts:5:depth=0", "mcts:5:depth=x", "mcts:5:depth=" + "9" * 20):
        with pytest.raises(ArgumentError):
            game.bot(bad)
    with pytest.raises(ArgumentError, match="unknown utility 'money'; choose one of win, score"):
        MCTSBot(5, utility="money")
    with pytest.raises(ArgumentError, match="exploration constant c must be a number 0 or more"):
        MCTSBot(5, c=-1)
    with pytest.raises(ArgumentError, match="budget must be a whole number"):
        MCTSBot(True)
    with pytest.raises(ArgumentError, match="unknown bot 'smarter'"):
        game.bot("smarter")
    with pytest.raises(ArgumentError, match=r"rollout must be one of Caesar's Empire's own bots "
                                         r"\(cheapest, greedy, random\), got 'mcts:3'"):
        MCTSBot(5, rollout="mcts:3").choose(game.new_game(rng=1), 0)


def test_mcts_plays_through_play_and_simulate_in_worker_processes():
    game = rometools.load_game("caesars_empire", **SHORT)
    end = play(game, ["mcts:6", "greedy"], rng=3)
    assert game.is_over(end) and end == play(game, ["mcts:6", "greedy"], rng=3)
    serial = simulate(game, 2, bots=["mcts:4", "random"], seed=5, progress=False)
    spread = simulate(game, 2, bots=["mcts:4", "random"], seed=5, progress=False, executor="process",
                      workers=2)
    assert serial.equals(spread) and set(serial["bot"]) == {"mcts:4", "random"}


def test_best_moves_ranks_every_tried_move_and_is_seeded():
    game = rometools.load_game("caesars_empire", **SHORT)
    state = game.new_game(rng=8)
    moves = best_moves(state, 120, rng=4)
    assert all(isinstance(m, RankedMove) for m in moves)
    assert sum(m.visits for m in moves) == 120
    assert [m.visits for m in moves] == sorted((m.visits for m in moves), reverse=True)
    assert {m.action for m in moves} <= set(game.legal_actions(state))
    assert all(0.0 <= m.value <= 1.0 for m in moves)
    assert moves == best_moves(state, 120, rng=4)
    assert MCTSBot(120).choose(state, 4) == moves[0].action  # the bot plays the first move


def test_best_moves_refuses_chance_and_finished_games_and_skips_forced_moves():
    game = rometools.load_game("caesars_empire", **SHORT)
    with pytest.raises(ArgumentError, match=r"no move to search: a chance node \(the set-up deal\) is pending"):
        best_moves(game.new_game(), 10)
    end = play(game, "random", rng=2)
    with pytest.raises(ArgumentError, match="no move to search: the game is over"):
        best_moves(end, 10)
    with pytest.raises(ArgumentError, match="no decision to make: the game is over"):
        MCTSBot(10).choose(end)
    forced = next(s for s in rometools.core.playout.turn_states(end)
                  if not game.is_over(s) and len(game.legal_actions(s)) == 1)
    [only] = best_moves(forced, 10)
    assert only.action == "pass" and only.visits == 0 and math.isnan(only.value)


def test_game_results_are_win_shares_or_scaled_scores():
    game = rometools.load_game("caesars_empire")
    start = game.new_game(rng=0)  # nobody has scored: a complete tie for first
    assert game_results(game.spec, start) == [0.25] * 4
    end = play(game, "greedy", rng=2)
    ranks = game.spec.ranks(end)
    assert game_results(game.spec, end) == [1.0 if r == 1 else 0.0 for r in ranks]
    low, high = game.score_bounds
    assert game_results(game.spec, end, "score") == [(s - low) / (high - low) for s in game.scores(end)]


def test_information_set_search_does_not_read_the_hidden_card():
    """Kuhn poker, seat 1 holding the queen facing a bet: calling wins against the jack,
    folding never wins. Whatever seat 0 really holds, the search (which only sees the
    queen and the bet) calls; with the jack it folds when chips count (utility="score")."""
    with kuhn.registered():
        game = rometools.load_game("kuhn_test")

        def facing_bet(mine, theirs):
            return game.apply(game.apply(game.apply(game.new_game(), theirs), mine), "bet")

        for theirs in ("king", "jack"):
            moves = best_moves(facing_bet("queen", theirs), 200, rng=1)
            assert moves[0].action == "bet" and moves[0].value == pytest.approx(0.5, abs=0.1)
        assert best_moves(facing_bet("jack", "king"), 200, rng=1, utility="score")[0].action == "pass"
        end = play(game, ["mcts:20", "greedy"], rng=0)
        assert game.is_over(end)


def test_skill_curve_rises_from_the_baseline():
    curve = skill_curve("caesars_empire", [2, 16], n_games=30, seed=9, players=2,
                        config={"roads_per_player": 6})
    assert list(curve.columns) == ["budget", "bot", "games", "wins", "win_rate", "ci_low", "ci_high",
                                   "baseline", "seconds_per_game"]
    assert list(curve["budget"]) == [0, 2, 16] and list(curve["bot"]) == ["greedy", "mcts:2", "mcts:16"]
    assert list(curve["games"]) == [60, 60, 60]
    assert curve["wins"].tolist() == [30, 38, 58]
    assert (curve["baseline"] == 0.5).all()  # 2 seats, no shared first place: one of two seats wins
    assert curve["ci_low"].iloc[2] > curve["baseline"].iloc[0]
    fixed_seat = skill_curve("caesars_empire", [4], n_games=10, seed=9, players=2,
                             config={"roads_per_player": 6}, rotate=False)
    assert list(fixed_seat["games"]) == [10, 10]  # seat 0 only: greedy's seat-0 rate is the baseline


def test_skill_curve_checks_its_arguments():
    with pytest.raises(ArgumentError, match="at least one budget"):
        skill_curve("caesars_empire", [], n_games=2)
    with pytest.raises(ArgumentError, match="budget must be a whole number"):
        skill_curve("caesars_empire", [10, 0], n_games=2)
    with pytest.raises(ArgumentError, match="unknown bot 'clever'"):
        skill_curve("caesars_empire", [5], n_games=2, opponent="clever")
    with pytest.raises(ArgumentError, match="either in the Game or as players/config"):
        skill_curve(rometools.load_game("caesars_empire"), [5], n_games=2, players=3)


def test_search_draws_only_from_the_generator_it_is_given():
    game = rometools.load_game("caesars_empire", **SHORT)
    state = game.new_game(rng=1)
    a = [m.action for m in best_moves(state, 30, rng=np.random.default_rng(3))]
    b = [m.action for m in best_moves(state, 30, rng=np.random.default_rng(3))]
    assert a == b


def test_short_playouts_stop_after_their_depth_and_value_the_position_there():
    """``depth=k``: a playout plays at most k decisions (chance draws not counted), then the
    position is valued by the game's provisional results; the bot's name carries the depth."""
    import numpy as np

    from rometools.core.mcts import DEFAULT_EXPLORATION, _Search, game_results
    from rometools.core.playout import turn_states

    game = rometools.load_game("via_romana", players=3)
    state = next(s for s in turn_states(play(game, "greedy", rng=2)) if game.current_player(s) >= 0)
    search = _Search(game.spec, 1, np.random.default_rng(0), DEFAULT_EXPLORATION, None, "win", 5)
    seen, real = [], search.rollout_decide

    def counted(s, rng):
        seen.append(s)
        return real(s, rng)

    search.rollout_decide = counted
    result = search.playout(state)
    assert len(seen) == 5 and sum(result) == pytest.approx(1.0)
    after = game.apply(seen[-1], real(seen[-1], np.random.default_rng(0)))   # a state of the playout, valued alike
    assert len(game_results(game.spec, after)) == 3
    bot = game.bot("mcts:30:depth=12")
    assert (bot.depth, bot.name) == (12, "mcts:30:depth=12") and vars(mcts_bot(bot.name)) == vars(bot)
    assert bot.choose(state, 1) in game.legal_actions(state)
    with pytest.raises(ArgumentError, match="playout depth must be a whole number of decisions, 1 or more"):
        MCTSBot(5, depth=0)


def test_a_game_s_own_playout_depth_is_the_default_and_end_asks_for_full_playouts():
    """``GameSpec.mcts_playout_depth`` is the depth of a search told none; ``depth="end"`` (a name's
    ``depth=end``) plays to the end whatever the game's default; a bad default is refused."""
    import dataclasses

    import numpy as np

    from rometools.core.mcts import DEFAULT_EXPLORATION, _Search

    spec = rometools.load_game("via_romana", players=3).spec
    cut = dataclasses.replace(spec, mcts_playout_depth=7)

    def depth(s, d):
        return _Search(s, 1, np.random.default_rng(0), DEFAULT_EXPLORATION, None, "win", d).depth

    assert (depth(cut, None), depth(cut, "end"), depth(cut, 3)) == (7, None, 3)
    assert (depth(spec, None), depth(spec, "end")) == (spec.mcts_playout_depth, None)
    bot = mcts_bot("mcts:30:depth=end")
    assert (bot.depth, bot.name) == ("end", "mcts:30:depth=end") and vars(mcts_bot(bot.name)) == vars(bot)
    assert MCTSBot(30).name == "mcts:30"   # the game's default: nothing to write
    for bad in (0, True, 2.5, "deep"):
        with pytest.raises(ValueError, match="mcts_playout_depth is a whole number of decisions"):
            dataclasses.replace(spec, mcts_playout_depth=bad)
    with pytest.raises(ArgumentError, match="or 'end' .to the end of the game.; leave it out .None. for the game's "
                                            "default, got 'deep'"):
        MCTSBot(5, depth="deep")


def test_the_depth_forms_the_messages_name_are_the_ones_taken():
    """A trial's ``mcts:40:depth=None`` was refused as a bad name while the depth message offered
    "None (the game's default)": each message now names the forms its caller takes."""
    assert mcts_bot("mcts:40:depth=5").depth == 5 and mcts_bot("mcts:40:depth=end").depth == "end"
    assert mcts_bot("mcts:40").depth is None and MCTSBot(40, depth=None).depth is None
    with pytest.raises(ArgumentError, match=r"depth \(depth=<decisions> or depth=end; left out: the game's "
                                            r"default\)$"):
        mcts_bot("mcts:40:depth=None")
    with pytest.raises(ArgumentError, match="leave it out .None. for the game's default, got 0"):
        mcts_bot("mcts:40:depth=0")


@pytest.mark.parametrize("gid", rometools.games())
def test_a_search_told_no_depth_cuts_its_playouts_where_the_game_registers(gid):
    """Every registered game: a search told no depth plays its playouts to the game's own
    ``mcts_playout_depth`` (counted decisions, chance draws not counted), else to the end."""
    from rometools.core.mcts import DEFAULT_EXPLORATION, _Search
    from rometools.core.protocol import TERMINAL

    game = rometools.load_game(gid)
    state = game.new_game(rng=4)
    rng = np.random.default_rng(4)
    while game.current_player(state) < 0 and not game.is_over(state):   # past the set-up's draws
        state = game.apply(state, game.spec.rules.chance_weights(state)[0][0])
    search = _Search(game.spec, 1, rng, DEFAULT_EXPLORATION, None, "win", None)
    assert search.depth == game.spec.mcts_playout_depth
    seen, real = [], search.rollout_decide

    def counted(s, r):
        seen.append(s)
        return real(s, r)

    search.rollout_decide = counted
    states = [state]

    def kept(apply):
        def applied(s, a):
            states.append(after := apply(s, a))
            return after
        return applied

    search.apply_legal, search.rollout_apply = kept(search.apply_legal), kept(search.rollout_apply)
    result = search.playout(state)
    assert sum(result) == pytest.approx(1.0)
    over = game.spec.rules.current_player(states[-1]) == TERMINAL
    if game.spec.mcts_playout_depth is None:   # to the end: the playout's last state is a finished game
        assert over and result == game_results(game.spec, states[-1])
    else:   # cut: that many decisions from the start, well before the end, valued where it stopped
        assert (len(seen), over) == (game.spec.mcts_playout_depth, False)
        assert result == game_results(game.spec, states[-1])
