"""The play loop, chance sampling and the saved-game format (rometools.core.playout).

Every broken saved game is refused with DataFileError / InvalidActionError / IllegalActionError
naming the entry; never KeyError, IndexError, AttributeError or a bare JSONDecodeError.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import chisquare

import rometools
from rometools.caesars_empire import GameConfig, apply, new_game, position, register_route_policy
from rometools.core.errors import (
    ArgumentError,
    DataFileError,
    IllegalActionError,
    InvalidActionError,
)
from rometools.core.playout import (
    _checksum,
    from_json,
    load_saved_game,
    play,
    replay,
    sample_outcome,
    sample_weighted,
    saved_game,
    to_json,
)

GAME = rometools.load_game("caesars_empire")


@pytest.fixture(scope="module")
def saved():
    return saved_game(play(GAME, ["greedy", "random", "cheapest", "random"], rng=21))


def resealed(data):
    data = json.loads(json.dumps(data))
    data["sha256"] = _checksum(data)
    return data


def test_saved_game_holds_id_config_seed_history_and_checksum(saved):
    assert saved["format"] == "rometools.saved_game" and saved["version"] == 1
    assert saved["game"] == "caesars_empire" and saved["seed"] == 21 and saved["start"] is None
    assert saved["config"]["board"]["bundled"] == "board_4_5.toml" and len(saved["config"]["board"]["sha256"]) == 64
    state = load_saved_game(saved)
    # 40 deal outcomes (Treasure ids, board order), then one chain per turn
    assert saved["history"][:40] == list(state.treasures)
    assert saved["history"][40:] == [list(h[2]) for h in state.history[40:]]
    assert state.seed == 21 and to_json(state) == json.dumps(saved)


BROKEN = [
    # (how to break it, error class, entry/message fragment)
    (lambda d: "{not json", DataFileError, "<saved game>: is not valid JSON: Expecting property name"),
    (lambda d: "null", DataFileError, "(top level): must be a JSON object, got null"),
    (lambda d: "[]", DataFileError, "(top level): must be a JSON object, got list"),
    (lambda d: b"\xff\xfe", DataFileError, "is not UTF-8 text"),
    (lambda d: {k: v for k, v in d.items() if k != "history"}, DataFileError, "history: is required but missing"),
    (lambda d: {k: v for k, v in d.items() if k != "sha256"}, DataFileError, "sha256: is required but missing"),
    (lambda d: {**d, "extra": 1}, DataFileError, "extra: is not a saved-game key"),
    (lambda d: {**d, "format": "other"}, DataFileError, "format: must be 'rometools.saved_game'"),
    (lambda d: {**d, "version": 2}, DataFileError, "version: this rometools reads version 1, got 2"),
    (lambda d: {**d, "version": True}, DataFileError, "version: this rometools reads version 1"),
    (lambda d: {**d, "history": None}, DataFileError, "history: must be a list, got null"),
    (lambda d: {**d, "config": []}, DataFileError, "config: must be an object, got list"),
    (lambda d: {**d, "seed": "7"}, DataFileError, "seed: must be null, a whole number"),
    (lambda d: {**d, "start": 3}, DataFileError, "start: must be null or an object"),
    (lambda d: {**d, "game": "chess"}, DataFileError, "game: unknown game 'chess'"),
    (lambda d: {**d, "history": d["history"][:-1]}, DataFileError, "sha256: does not match the content"),
    (lambda d: {**d, "history": [*d["history"][:45], *d["history"][46:45:-1], *d["history"][45:]][:len(d["history"])]},
     DataFileError, "sha256: does not match the content"),
    (lambda d: resealed({**d, "history": d["history"][:40] + [d["history"][41]] + d["history"][40:]}),
     IllegalActionError, "history[40]: "),
    (lambda d: resealed({**d, "history": [*d["history"][:41], None]}), InvalidActionError, "history[41]: "),
    (lambda d: resealed({**d, "history": [*d["history"][:41], []]}), InvalidActionError, "history[41]: "),
    (lambda d: resealed({**d, "history": [*d["history"][:41], {"a": 1}]}), InvalidActionError, "history[41]: "),
    (lambda d: resealed({**d, "history": ["nonsense"]}), InvalidActionError, "history[0]: the set-up deal needs"),
    (lambda d: resealed({**d, "history": [*d["history"][:41], d["history"][40]]}), IllegalActionError,
     "history[41]: city "),
    (lambda d: resealed({**d, "config": {**d["config"], "players": "4"}}), DataFileError,
     "config.players: must be a whole number, got '4'"),
    (lambda d: resealed({**d, "config": {**d["config"], "players": True}}), DataFileError,
     "config.players: must be a whole number, got True"),
    (lambda d: resealed({**d, "config": {**d["config"], "colour": 1}}), DataFileError,
     "config.colour: is not a Caesar's Empire option (misspelt?); its options are board, "),
    (lambda d: resealed({**d, "config": {**d["config"], "route_policy": "no_such_policy"}}), DataFileError,
     "config.route_policy: route_policy must be one of first, "),
    (lambda d: resealed({**d, "config": {k: v for k, v in d["config"].items() if k != "board"}}),
     DataFileError, "config.board: is required but missing"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"bundled": "9-9", "sha256": "0"}}}),
     DataFileError, "config.board.bundled: is not a bundled board file; the bundled ones are board_2_3.toml, "
                    "board_4_5.toml, got '9-9'"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"bundled": "board_4_5.toml",
                                                                    "sha256": "0" * 64}}}),
     DataFileError, "config.board: the bundled board_4_5.toml has changed since the game was saved"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"inline": {"name": "x"}, "sha256": "0"}}}),
     DataFileError, "config.board: the board was edited after the game was saved"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"inline": {"name": "x"}, "sha256": hashlib.sha256(
        b'{"name":"x"}').hexdigest()}}}), DataFileError, "config.board.inline.side: is required but missing"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"inline": {"name": "x"}}}}), DataFileError,
     "config.board: must be null, {bundled: name, sha256}, {inline: {...}, sha256}, {edited: {name, text}, sha256} "
     "or {file: path, sha256}"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"edited": {"name": "b.toml"}, "sha256": "0"}}}),
     DataFileError, "config.board.edited: must be {name, text}: the board file's name and its whole edited text"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"edited": {"name": "../b.toml", "text": ""},
                                                                    "sha256": "0"}}}),
     DataFileError, "config.board.edited: '../b.toml': is not a data file's name"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"edited": {"name": "b.toml", "text": "x"},
                                                                    "sha256": "0"}}}),
     DataFileError, "config.board: the edited board was changed after the game was saved (SHA-256 differs)"),
    (lambda d: resealed({**d, "config": {**d["config"], "board": {"edited": {"name": "b.toml", "text": "x = 1"},
                                                                    "sha256": hashlib.sha256(b"x = 1").hexdigest()}}}),
     DataFileError, "b.toml: "),
    (lambda d: resealed({**d, "config": {**d["config"], "players": 3}}), DataFileError,
     "config.board: board side '4-5' is for [4, 5] players, got players=3"),
    (lambda d: resealed({**d, "start": {"treasures": {}}}), DataFileError, "start.owners: is required"),
]


@pytest.mark.parametrize("breaks,error,fragment", BROKEN, ids=[f"case{i}" for i in range(len(BROKEN))])
def test_every_broken_saved_game_is_named(saved, breaks, error, fragment):
    data = breaks(json.loads(json.dumps(saved)))
    with pytest.raises(error) as info:
        load_saved_game(data if not isinstance(data, dict) else json.dumps(data))
    assert fragment in str(info.value)
    assert type(info.value) is error


def test_upto_outside_the_history_is_an_error(saved):
    n = len(saved["history"])
    assert len(replay(saved, upto=n).history) == n
    for bad in (-1, n + 1, 2.0, "3", True):
        with pytest.raises(ArgumentError, match=f"upto must be a whole number from 0 to {n}"):
            replay(saved, upto=bad)


def test_a_game_of_another_id_is_refused(saved):
    with pytest.raises(DataFileError, match="game: is 'caesars_empire', but a 'augustus' saved game was expected"):
        from_json(json.dumps(saved), game="augustus")


def test_custom_route_policy_must_be_registered_before_loading():
    def last(options, seat, state):
        return options[-1]

    register_route_policy("test_last", last)
    end = play(rometools.load_game("caesars_empire", route_policy="test_last"), "random", rng=4)
    text = to_json(end)
    assert from_json(text) == end
    data = json.loads(text)
    data["config"]["route_policy"] = "test_unregistered"
    with pytest.raises(DataFileError, match="register_route_policy"):
        load_saved_game(resealed(data))


def test_a_position_saves_loads_and_replays():
    deal = dict(zip(GameConfig().board.city_ids, new_game(rng=3).treasures, strict=True))
    start = position(treasures=deal, owners={"capua": "P1", "ariminum": "P2"},
                     roads={("rome", "capua"): "P1", ("rome", "ariminum"): "P2"},
                     route_score={"P1": 1, "P2": 1}, to_move="P3")
    end = play(GAME, "greedy", rng=9, start=start)
    data = saved_game(end)
    assert data["start"]["owners"] == {"capua": 0, "ariminum": 1} and data["start"]["to_move"] == 2
    back = load_saved_game(json.dumps(data))
    assert back == end
    assert replay(back, upto=0) == start
    broken = resealed({**data, "start": {**data["start"], "owners": {"capua": 7}}})
    with pytest.raises(DataFileError, match="start.owners.capua: a seat is 0 to 3 or 'P1' to 'P4', got 7"):
        load_saved_game(broken)


def test_sample_outcome_is_exact_and_seeded():
    outcomes = [("a", Fraction(1, 6)), ("b", Fraction(1, 3)), ("c", Fraction(1, 2))]
    rng = np.random.default_rng(7)
    draws = Counter(sample_outcome(outcomes, rng) for _ in range(6000))
    assert chisquare([draws["a"], draws["b"], draws["c"]], [1000, 2000, 3000]).pvalue > 0.001
    again = np.random.default_rng(7)
    assert [sample_outcome(outcomes, again) for _ in range(20)] == [
        sample_outcome(outcomes, r) for r in [np.random.default_rng(7)] for _ in range(20)]
    huge = [("x", Fraction(1, 3 ** 60)), ("y", 1 - Fraction(1, 3 ** 60))]
    assert sample_outcome(huge, rng) == "y"
    with pytest.raises(ValueError, match="sum to 1/2, not 1"):
        sample_outcome([("a", Fraction(1, 2))], rng)


@pytest.mark.parametrize("weights", [[1, 2, 3], [2, 4, 6], [6, 10, 15], [5], [3 ** 60, 2 * 3 ** 60 + 1],
                                     [7, 14, 14, 21], [1] * 55, [2 ** 31, 1, 2 ** 31 - 1], [2 ** 40, 3 * 2 ** 40 + 1],
                                     [3 * 2 ** 29, 2 ** 31]])
def test_sample_weighted_is_sample_outcome_s_draw(weights):
    """The same outcome, draw for draw on one seed, as sample_outcome given weight / sum as
    Fractions: weights with a common factor (2, 4, 6), none (6, 10, 15), a huge sum (the
    rejection path), one outcome, and weights at and past 2**31 (summed in C integers up to it,
    past it as Python's)."""
    outcomes = [f"o{k}" for k in range(len(weights))]
    fractions = [(o, Fraction(w, sum(weights))) for o, w in zip(outcomes, weights, strict=True)]
    a, b = np.random.default_rng(11), np.random.default_rng(11)
    assert ([sample_weighted(outcomes, weights, a) for _ in range(300)]
            == [sample_outcome(fractions, b) for _ in range(300)])
    assert a.integers(1 << 30) == b.integers(1 << 30)   # and the generators are left in the same state


@pytest.mark.parametrize("outcomes, weights", [([], []), (["a", "b"], [1]), (["a", "b"], [1, 0]),
                                                (["a", "b"], [1.5, 2]), (["a", "b"], [1, "2"]),
                                                (["a"], [-3])])
def test_sample_weighted_refuses_weights_that_are_no_law(outcomes, weights):
    with pytest.raises(ValueError, match="one whole number > 0 per outcome"):
        sample_weighted(outcomes, weights, np.random.default_rng(0))


def test_chance_nodes_sampled_one_by_one_follow_the_deal_law():
    """play() from a chance node samples each deal outcome from chance_outcomes."""
    first = Counter()
    for seed in range(600):
        end = play(GAME, "random", rng=seed, start=GAME.new_game())
        first[end.treasures[0]] += 1
    law = dict(GAME.chance_outcomes(GAME.new_game()))
    assert chisquare([first[t] for t in law], [600 * float(p) for p in law.values()]).pvalue > 0.001


def test_untrusted_bot_actions_are_checked():
    from rometools.core.game import Bot

    class Cheater(Bot):
        name = "cheater"

        def decide(self, state, rng):
            return ("rome", "rome")

    with pytest.raises(IllegalActionError, match="chain visits 'rome' twice"):
        play(GAME, [Cheater(), "random", "random", "random"], rng=1)
    s = apply(GAME.new_game(rng=1), ("rome", "capua"))
    assert s.history[-1][1] == 0
