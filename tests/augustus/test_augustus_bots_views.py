"""Augustus bots, views, config and saved games."""

from __future__ import annotations

import json

import numpy as np
import pytest
from augustus_helpers import play, position

import rometools
from rometools.augustus import (
    GameConfig,
    GreedyBot,
    completion_cdf,
    expected_draws,
    final_table,
    from_json,
    game_log,
    legion_counts,
    movers,
    new_game,
    objective_odds,
    play_game,
    replay,
    reward_holders,
    to_json,
    token_counts,
)
from rometools.core.errors import DataFileError, OptionError
from rometools.core.simulate import simulate


# ----------------------------------------------------------------- bots
def test_greedy_completes_an_objective_now_rather_than_waiting():
    s = play(position(in_play={0: [(1, (1, 0)), (12, (1, 1, 0))]}, legions=(3, 7)), "shield")
    assert s.reserve[0] == 0
    # every legion placed: a legion moved from the far six-slot card completes card 1 now
    action = GreedyBot().choose(s, 0)
    assert action[0] == "move" and action[1] == 12 and action[3:] == (1, "shield")


def test_greedy_keeps_the_cards_with_most_points_per_expected_draw():
    """Points (its own + 1 + the rewards it would bring) per expected draw, from the data as loaded."""
    from rometools.augustus.bots import _greedy

    s = new_game(rng=4)
    action = GreedyBot().choose(s, 0)
    bag = tuple(s.config.components.bag.items())
    value = {n: GreedyBot().card_value(s.config.cards.card(n), bag, _greedy.reward_bonus(s, 0, s.config.cards.card(n)))
             for n in s.hands[0]}
    assert sorted(action[1:], key=value.get) == sorted(value, key=value.get)[-3:]


def test_reward_bonus_reads_the_reward_tiles():
    """A colour reward nobody holds is worth its points over the objectives still needed; the count
    reward the next objective lets the seat claim, its points; doubled in a variant, doubled here."""
    from rometools import Variant
    from rometools.augustus.bots import _greedy

    s = new_game(rng=4)
    card = s.config.cards.card(s.hands[0][0])
    tiles = {t.id: t for t in s.config.components.rewards}
    colour = tiles[card.kind] if card.kind in tiles else tiles["senators"]
    expected = (colour.points / colour.need if card.kind in tiles or card.kind == "senator" else 0)
    expected += tiles["all_colours"].points / 4 + 0   # nothing controlled: four colours missing
    power = card.power.points * (card.kind == card.power.colour) if card.power.kind == "points_per_colour" else 0
    # no count reward for a first objective (the smallest needs 2)
    assert _greedy.reward_bonus(s, 0, card) == pytest.approx(expected + power)
    doubled = Variant("augustus")
    for t in s.config.components.rewards:
        doubled = doubled.with_value(f"components:reward.{t.id}.points", 2 * t.points)
    s2 = new_game(doubled.load().config, rng=4)
    assert _greedy.reward_bonus(s2, 0, card) == pytest.approx(2 * expected + power)


def test_greedy_beats_random_over_seeded_games():
    df = simulate("augustus", 24, players=2, bots=["greedy", "random"], rotate=True, seed=3, progress=False)
    wins = df.groupby("bot")["win"].mean()
    assert wins["greedy"] > 0.9 > 0.1 > wins["random"], wins  # 48 games, each seed from both seats


def test_same_seed_same_game_and_the_registry_plays_it():
    game = rometools.load_game("augustus", players=3)
    a = play_game(GameConfig(players=3), ["greedy", "random", "greedy"], rng=9)
    assert a == play_game(GameConfig(players=3), ["greedy", "random", "greedy"], rng=9)
    assert game.is_over(a) and game.spec.ranks(a)[int(np.argmax(game.scores(a)))] == 1


# ----------------------------------------------------------------- views
def test_objective_odds_are_the_exact_completion_odds_from_the_bag_now():
    s = position(in_play={0: [(12, (1, 1, 0))]}, drawn={"double_sword": 2, "chariot": 1})
    (row,) = objective_odds(s, 0, 5)
    assert row["open"] == {"double_sword": 1, "shield": 1, "chariot": 2} and row["legions"] == 2
    drawn = {"double_sword": 2, "chariot": 1}
    assert row["cdf"] == completion_cdf(row["open"], 5, drawn=drawn)
    assert row["expected_draws"] == expected_draws(row["open"], drawn=drawn)
    with pytest.raises(ValueError, match="seat must be"):
        objective_odds(s, 2)


def test_the_log_tells_the_game_with_what_the_rules_did():
    s = position(in_play={0: [(6, (0, 1))], 1: [(2, (0, 1))]})
    s = play(s, "double_sword", ("place", 6, "double_sword"), ("place", 2, "double_sword"), ("take", 20), 13)
    log = game_log(s)
    assert list(log["Action"]) == ["places a legion on #6 Placer (Double sword slot)",
                                   "places a legion on #2 Gold Green (Double sword slot)", "takes #20 Filler 20"]
    assert list(log["Player"]) == ["P1", "P2", "P2"] and list(log["Token"]) == ["Double sword"] * 3
    assert list(log["Turn"]) == [1, 2, 3] and list(log["Draw"]) == [1, 1, 1]
    assert log.iloc[1]["Then"] == "P2 AVE CESAR: completes #2 Gold Green; P2 takes the reward Gold"
    assert log.iloc[2]["Then"] == "#13 Filler 13 refills the central row; P1 AVE CESAR: completes #6 Placer"
    assert reward_holders(s)[10] == {"id": "gold", "kind": "resource", "condition": "most gold producers",
                                     "points": 5, "holder": 1}
    assert movers(s) == [0, 1, 1] and token_counts(s)["double_sword"] == 5
    assert legion_counts(s) == [{"reserve": 7, "placed": 0, "owned": 7}] * 2  # both completed: back home
    assert final_table(s)[1]["rank"] == 1


# ----------------------------------------------------------------- config and saved games
@pytest.mark.parametrize("options,message", [
    ({"players": 1}, "^players: Augustus is for 2 to 6 players, got 1$"),
    ({"players": "3"}, "^players: Augustus takes a whole number of players, got '3'$"),
    ({"first_game": 1}, "^first_game must be true or false, got 1$"),
    ({"first_caller": 4}, "^first_caller must be a seat 0 to 3 \\(P1 to P4\\), got 4$"),
    ({"max_draws": 0}, "^max_draws must be a whole number 1 to 100,000, got 0$"),
    ({"players": True}, "^players: Augustus takes a whole number of players, got True$")])
def test_config_errors_name_the_option(options, message):
    with pytest.raises(OptionError, match=message) as info:
        GameConfig(**options)
    assert info.value.option == next(iter(options))


def test_saved_games_round_trip_and_refuse_edits():
    end = play_game(GameConfig(players=2), "greedy", rng=2)
    text = to_json(end)
    assert from_json(text) == end and replay(text, upto=0) == new_game(GameConfig(players=2))
    data = json.loads(text)
    data["config"]["players"] = 3
    with pytest.raises(DataFileError, match="sha256"):
        from_json(json.dumps(data))
    saved = GameConfig().to_dict()
    with pytest.raises(DataFileError, match="config.colour: is not an Augustus option"):
        GameConfig.from_dict({**saved, "colour": "red"})
    with pytest.raises(DataFileError, match="config.objectives: cannot read '/nonexistent.toml'"):
        GameConfig.from_dict({**saved, "objectives": {"file": "/nonexistent.toml", "sha256": "0"}})
    with pytest.raises(DataFileError, match="config.max_draws: is required but missing"):
        GameConfig.from_dict({k: v for k, v in saved.items() if k != "max_draws"})


def test_greedy_rates_each_placement_as_the_rebuilt_position_does():
    """``placement_values`` (only the objectives a legion lands on or leaves rated again) equals
    ``position_value`` of the seat's objectives rebuilt after each action, float for float, at every
    placement decision of seeded greedy games, moves and passes included."""
    from rometools.augustus import legal_actions
    from rometools.core.playout import play as play_game
    from rometools.core.playout import states

    bot = GreedyBot()
    rated = []
    for seed in range(4):
        end = play_game(rometools.load_game("augustus", players=3), "greedy", rng=seed)
        for s in states(end):
            if s.phase in ("place", "power_place"):
                acts = legal_actions(s)
                rated.append((s, acts, bot.placement_values(s, s.seat, acts)))  # values kept across decisions
    GreedyBot._MEMOS.clear()   # every value rated anew, from each position rebuilt
    for s, acts, fast in rated:
        assert fast == [bot.position_value(s, s.seat, bot._after(s, s.seat, a)) for a in acts], (s.phase, acts)
    checked = len(rated)
    moves = sum(isinstance(a, tuple) and a[0] == "move" for _, acts, _ in rated for a in acts)
    assert checked > 100 and moves > 100


def test_greedy_top_placements_are_the_best_rated_of_the_legal_actions():
    """``_greedy.top_placements`` (placements rated as they are met, no list of every action) gives
    the actions of ``legal_actions`` whose ``placement_values`` are the greatest, in their order, the
    pass left out when a placement ties it: at every placement decision of seeded games, powers'
    placements (while completed objectives wait) included."""
    from rometools import Variant
    from rometools.augustus import PASS, legal_actions
    from rometools.augustus.bots import _greedy
    from rometools.core.playout import play as play_game
    from rometools.core.playout import states

    bot = GreedyBot()
    checked, phases, ties = 0, set(), 0
    # with rewards worth nothing (a variant), objectives of equal points tie, as the tie path needs
    no_rewards = Variant("augustus", options={"players": 4})
    for t in rometools.load_game("augustus").config.components.rewards:
        no_rewards = no_rewards.with_value(f"components:reward.{t.id}.points", 0)
    games = [rometools.load_game("augustus", players=4)] * 5 + [no_rewards.load()] * 3
    for seed, (game, bots) in enumerate(zip(games, ["greedy", "random", "greedy", "random", ["greedy", "random"] * 2,
                                                  "greedy", "random", "greedy"], strict=True)):
        end = play_game(game, bots, rng=seed)
        for s in states(end):
            if s.phase not in ("place", "power_place"):
                continue
            acts = legal_actions(s)
            values = bot.placement_values(s, s.seat, acts)
            best = max(values)
            want = [a for a, v in zip(acts, values, strict=True) if v == best]
            if len(want) > 1 and PASS in want:
                want.remove(PASS)
            symbols = (_greedy.rules.accepted_symbols(s, s.seat, s.token) if s.phase == "place" else
                       _greedy.rules.power_symbols(s, s.config.cards.card(s.current[1])))
            got = _greedy.top_placements(s, s.seat, symbols, s.phase == "place", bot.horizon,
                                         bot.complete_weight, bot._MEMOS)
            assert got == want, (s.phase, acts, values)
            checked, ties = checked + 1, ties + (len(want) > 1)
            phases.add(s.phase)
    assert checked > 500 and ties > 0 and phases == {"place", "power_place"}
