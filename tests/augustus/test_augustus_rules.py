"""Augustus rules as table-driven rulebook sequences on the small test card set.

Rulebook: 003_d241425e5c31f6f1.txt (Mise en place; the turn; "Lorsque plusieurs
joueurs annoncent AVE CESAR en même temps"; Le jeton joker; Réclamez une
récompense; Fin de la partie). Cards: tests/augustus/augustus_helpers.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from augustus_helpers import config, events, holder, play, position

from rometools import load_game
from rometools.augustus import (
    CHANCE,
    PASS,
    TERMINAL,
    GameConfig,
    Placed,
    apply,
    chance_outcomes,
    current_player,
    final_ranks,
    is_over,
    legal_actions,
    new_game,
    score_parts,
    scores,
    senators,
)
from rometools.core.errors import IllegalActionError, InvalidActionError


# ----------------------------------------------------------------- set-up
@pytest.mark.parametrize("players,first_game,in_hand,in_play", [
    (2, False, 6, 0), (4, False, 6, 0), (6, False, 6, 0), (3, True, 0, 3), (6, True, 0, 3)])
def test_setup_deals_the_row_and_the_hands(players, first_game, in_hand, in_play):
    s = new_game(GameConfig(players=players, first_game=first_game), rng=1)
    assert len(s.row) == 5
    assert [len(h) for h in s.hands] == [in_hand] * players
    assert [len(p) for p in s.in_play] == [in_play] * players
    assert len(s.pile) == 88 - 5 - players * (in_hand or in_play)
    assert s.phase == ("draw" if first_game else "keep")
    assert s.reserve == (7,) * players and s.legions == (7,) * players


@pytest.mark.parametrize("players,first_game", [(2, False), (4, False), (6, False), (3, True), (6, True)])
def test_a_sampled_setup_is_its_cards_applied_one_by_one(players, first_game):
    """new_game(config, rng) deals on one working copy: the state of each card applied in turn
    from the pending deal, with the generator's seed."""
    import numpy as np

    config = GameConfig(players=players, first_game=first_game)
    for seed in range(5):
        dealt = new_game(config, rng=seed)
        s = new_game(config)
        for record in dealt.history:   # the cards dealt, in order: ("deal_row", card), ("deal", seat, card)
            s = apply(s, record[-1])
        assert dealt == s and dealt.history == s.history and dealt.events == s.events
        assert dealt.seed == seed and new_game(config, rng=np.random.default_rng(seed)).history == s.history
        assert dealt.phase == ("draw" if first_game else "keep") and len(s.history) == len(dealt.history)


def test_the_deal_is_one_chance_node_per_card_in_the_order_row_then_seats():
    s = new_game(GameConfig(players=2))
    assert current_player(s) == CHANCE and len(chance_outcomes(s)) == 88
    assert all(p == Fraction(1, 88) for _, p in chance_outcomes(s))
    for card in range(1, 18):  # the row (5), seat 0 (6), seat 1 (6)
        s = apply(s, card)
    assert s.row == (1, 2, 3, 4, 5) and s.hands == ((6, 7, 8, 9, 10, 11), (12, 13, 14, 15, 16, 17))
    assert s.phase == "keep" and current_player(s) == 0


def test_keep_three_of_six_in_seat_order_from_the_first_caller():
    s = new_game(GameConfig(players=3, first_caller=2))
    for card in range(1, 24):
        s = apply(s, card)
    assert current_player(s) == 2
    assert len(legal_actions(s)) == 20  # C(6, 3)
    with pytest.raises(IllegalActionError, match="in increasing number, \\('keep', 18, 19, 20\\)"):
        apply(s, ("keep", 20, 18, 19))  # one action, one spelling: the one legal_actions lists
    s = apply(s, ("keep", 18, 19, 20))
    assert [p.number for p in s.in_play[2]] == [18, 19, 20] and s.hands[2] == ()
    assert s.history[-1] == ("keep", 2, (18, 19, 20))
    s = apply(apply(s, ("keep", 6, 7, 8)), ("keep", 12, 13, 14))
    assert s.phase == "draw" and current_player(s) == CHANCE
    assert s.pile == tuple(range(24, 89))  # the discards leave the game


# ----------------------------------------------------------------- a turn
def test_the_draw_lists_the_tokens_left_in_the_bag():
    s = position(drawn={"double_sword": 2, "dagger": 1})
    odds = dict(chance_outcomes(s))
    assert odds == {"double_sword": Fraction(4, 20), "shield": Fraction(5, 20), "chariot": Fraction(4, 20),
                    "catapult": Fraction(3, 20), "standard": Fraction(2, 20), "joker": Fraction(2, 20)}
    assert sum(odds.values()) == 1


def test_every_seat_places_in_order_from_the_caller_and_a_seat_with_nothing_to_place_is_skipped():
    s = position(3, caller=1, in_play={0: [(1, (0, 0))], 1: [(9, (0,))], 2: [(10, (0,))]})
    s = apply(s, "shield")
    assert current_player(s) == 1
    assert ("place", 9, "shield") in legal_actions(s) and PASS in legal_actions(s)
    s = apply(s, ("place", 9, "shield"))
    assert current_player(s) == 0 and s.to_place == (0,)  # seat 2 (two chariot slots) is skipped
    s = apply(s, PASS)
    assert current_player(s) == CHANCE and s.in_play[1][0] == Placed(9, (1,)) and s.reserve[1] == 6


def test_a_legion_can_be_moved_from_any_slot_of_any_objective():
    s = position(in_play={0: [(1, (1, 0)), (3, (0, 0))]}, legions=(1, 7))
    s = apply(s, "shield")
    assert s.reserve[0] == 0
    legal = legal_actions(s)
    assert ("move", 1, "double_sword", 1, "shield") in legal and ("move", 1, "double_sword", 3, "shield") in legal
    assert not any(a[0] == "place" for a in legal if a != PASS)  # no legion in the reserve
    s = apply(s, ("move", 1, "double_sword", 3, "shield"))
    assert s.in_play[0] == (Placed(1, (0, 0)), Placed(3, (1, 0)))


# ----------------------------------------------------------------- AVE CESAR
def test_simultaneous_completions_resolve_in_increasing_objective_number():
    s = position(in_play={0: [(6, (0, 1))], 1: [(2, (0, 1))]})
    s = play(s, "double_sword", ("place", 6, "double_sword"), ("place", 2, "double_sword"))
    assert events(s, "complete") == [("complete", 1, 2)]  # 2 before 6, though seat 0 placed first
    assert current_player(s) == 1 and s.phase == "take"
    s = play(s, ("take", 20), 13)  # P2 takes from the row; the row is refilled from the pile
    assert s.row == (21, 22, 23, 24, 13)
    assert events(s, "complete") == [("complete", 1, 2), ("complete", 0, 6)]
    s = play(s, ("take", 21), 14)
    assert s.phase == "draw" and s.controlled == ((6,), (2,))
    assert s.reserve == (7, 7) and s.in_play == ((Placed(21, (0, 0)),), (Placed(20, (0, 0)),))


def test_a_completion_caused_by_a_power_resolves_at_once_before_the_next_player():
    s = position(in_play={0: [(6, (0, 1)), (9, (1,))], 1: [(8, (1,))]})
    s = play(s, "double_sword", ("place", 6, "double_sword"), ("place", 8, "double_sword"))
    assert s.phase == "power_place" and current_player(s) == 0
    assert legal_actions(s) == [("place", 9, "shield"), PASS]
    s = apply(s, ("place", 9, "shield"))  # card 9 is complete: it jumps ahead of P2's card 8
    s = play(s, ("take", 20), 13)
    assert s.phase == "claim" and current_player(s) == 0  # two objectives: the count reward for 2
    s = play(s, "claim", ("take", 21), 14, ("take", 22), 15)
    assert events(s, "complete") == [("complete", 0, 6), ("complete", 0, 9), ("complete", 1, 8)]
    assert holder(s, "count_2") == 0 and s.phase == "draw"


@pytest.mark.parametrize("before,held,answer,tile,after,lost", [
    # controlled before, count tiles held, answer when asked, tile reached, its holder after, lost
    ([13], {}, "claim", "count_2", 0, False),
    ([13], {}, "decline", "count_2", -1, True),
    ([13], {"count_2": 1}, None, "count_2", 1, False),        # taken by another player
    ([13, 14], {"count_2": 0}, None, "count_3", -1, False),   # one count reward per player
    ([13, 14], {}, "claim", "count_3", 0, False),             # declined (or missed) at 2, claimed at 3
    ([13, 14, 15], {}, "claim", "count_4", 0, False),
])
def test_count_rewards_only_at_exactly_their_number_claimed_now_or_lost(before, held, answer, tile, after, lost):
    s = position(in_play={0: [(1, (1, 0))]}, controlled={0: before}, rewards=held)
    s = play(s, "shield", ("place", 1, "shield"))
    if answer is None:
        assert s.phase == "take"
    else:
        assert s.phase == "claim" and legal_actions(s) == ["claim", "decline"]
        s = apply(s, answer)
    assert holder(s, tile) == after
    assert (("lost", 0, tile) in events(s, "lost")) == lost


@pytest.mark.parametrize("p0,p1,before,completer,after,moved", [
    # gold producers controlled (P1, P2), holder before, who completes card 3 (gold), holder after
    ([2], [], 0, 1, 1, True),          # P2 draws level: P2 takes the tile
    ([2, 13], [], 0, 1, 0, False),     # P1 still strictly ahead
    ([], [], -1, 1, 1, False),         # the first gold producer takes it
    ([2], [13, 14], 1, 0, 0, True),    # P1 draws level with the holder P2 (2 each): P1 takes it back
    ([2], [], 0, 0, 0, False),         # the holder goes further ahead
])
def test_gold_goes_to_the_strict_majority_and_a_player_who_draws_level_takes_it(p0, p1, before, completer, after,
                                                                                  moved):
    rewards = {"gold": before} if before >= 0 else {}
    s = position(in_play={completer: [(3, (1, 0))]}, controlled={0: p0, 1: p1}, rewards=rewards)
    s = play(s, "chariot", ("place", 3, "chariot"))
    assert holder(s, "gold") == after
    assert bool(events(s, "reward_moves")) == moved


@pytest.mark.parametrize("controlled,card,legions,token,held,tile,after", [
    ([1, 9], 10, (1,), "chariot", {}, "senators", 0),                 # a third senator
    ([1, 9], 10, (1,), "chariot", {"senators": 1}, "senators", 1),    # someone was first
    ([1, 2, 11], 7, (1, 0), "catapult", {}, "all_colours", 0),        # senator, green, pink + orange
    ([2, 3], 15, (1, 0), "dagger", {}, "green", -1),                  # 15 is orange: still two greens
    ([2, 3], 13, (1, 0), "dagger", {}, "green", 0),                   # 13 is green: the third
])
def test_colour_rewards_go_automatically_to_the_first_to_qualify(controlled, card, legions, token, held, tile,
                                                                  after):
    s = position(in_play={0: [(card, legions)]}, controlled={0: controlled}, rewards=held)
    s = play(s, token, ("place", card, token))
    assert holder(s, tile) == after


def test_a_player_may_hold_several_colour_rewards_and_each_counts():
    # 003_d241425e5c31f6f1.txt, Réclamez une récompense: "Couleur d'objectifs : Ces récompenses sont
    # attribuées automatiquement dès qu'un joueur est le premier à contrôler : trois objectifs de même
    # couleur un objectif de chaque couleur (Vert – Rose – Orange - Sénateur) Il est possible de posséder
    # plusieurs récompenses de ce type."
    # P1 holds pink (4, 6, 18 are pink) and count_2; senators 9 and 16; completes senator 10: the third.
    s = position(in_play={0: [(10, (1,))]}, controlled={0: [4, 6, 18, 9, 16]}, rewards={"pink": 0, "count_2": 0})
    assert score_parts(s)[0]["rewards"] == 5 + 2
    s = play(s, "chariot", ("place", 10, "chariot"))
    assert events(s, "reward") == [("reward", 0, "senators")]
    assert s.phase == "take"                                 # no count reward to claim: P1 has one
    s = play(s, ("take", 20), 13)
    assert holder(s, "pink") == 0 and holder(s, "senators") == 0
    assert [t.id for t, h in zip(s.config.components.rewards, s.rewards, strict=True) if h == 0] == [
        "senators", "pink", "count_2"]
    # pink 5 + senators 2 + count_2 2; objectives 4 + 4 + 5 + 2 + 5 + 2
    assert score_parts(s)[0] == {"rewards": 5 + 2 + 2, "objectives": 22, "powers": 0, "total": 31}


def test_a_joker_fills_any_slot_then_every_token_goes_back_and_the_caller_passes_left():
    s = position(3, caller=2, in_play={0: [(1, (1, 0))], 1: [(12, (0, 0, 0))]},
                 drawn={"double_sword": 3, "shield": 1})
    s = apply(s, "joker")
    assert s.to_place == (0, 1)  # seat 2 has nothing in play: skipped
    assert {a for a in legal_actions(s) if a != PASS and a[0] == "place"} == {("place", 1, "shield")}
    s = play(s, ("place", 1, "shield"), ("place", 12, "chariot"))
    assert events(s, "complete") == [("complete", 0, 1)]
    s = play(s, ("take", 20), 13)
    assert s.caller == 0 and s.bag == (0,) * 7 and sum(s.bag_left().values()) == 23
    assert events(s, "reset") == [("reset", 0)]


def test_the_game_ends_at_the_end_of_the_turn_in_which_someone_controls_seven():
    s = position(in_play={0: [(1, (1, 0))], 1: [(9, (1,))]}, controlled={0: [13, 14, 15, 16, 17, 18]})
    s = play(s, "shield", ("place", 1, "shield"), ("place", 9, "shield"))
    assert not is_over(s) and events(s, "complete") == [("complete", 0, 1)]
    s = play(s, ("take", 20), 19)  # P1 at 7: P2's simultaneous completion still resolves
    assert not is_over(s) and current_player(s) == 1
    s = play(s, ("take", 21), 2)
    assert is_over(s) and current_player(s) == TERMINAL and legal_actions(s) == []
    assert events(s, "complete")[-1] == ("complete", 1, 9) and events(s, "end")
    # P1: six fillers (5 each) + card 1 (2); gold (13 and 14 produce it) 5; one of each colour 6
    assert holder(s, "gold") == 0 and holder(s, "all_colours") == 0
    assert scores(s) == (6 * 5 + 2 + 5 + 6, 2)


def test_equal_points_are_decided_by_the_most_senators_controlled():
    # 003_d241425e5c31f6f1.txt, Fin de la partie: "Le joueur qui totalise le plus grand nombre de points
    # remporte la partie et peut prétendre au titre de Consul. En cas d'égalité, celui qui contrôle le
    # plus de sénateurs l'emporte."
    # P1: senators 16 and 9, four non-senators (15, 17, 18, 19), completes senator 1: its seventh.
    # P2: five non-senators (12, 5, 6, 4, 2), the gold reward (2 produces gold) and count_5.
    s = position(in_play={0: [(1, (1, 0))]}, controlled={0: [15, 17, 18, 19, 16, 9], 1: [12, 5, 6, 4, 2]},
                 rewards={"gold": 1, "count_5": 1})
    s = play(s, "shield", ("place", 1, "shield"), ("take", 20), 13)
    assert is_over(s) and events(s, "reward") == [("reward", 0, "senators"), ("reward", 0, "all_colours")]
    parts = score_parts(s)
    assert parts[0] == {"rewards": 2 + 6, "objectives": 5 * 4 + 5 + 2 + 2, "powers": 0, "total": 37}
    assert parts[1] == {"rewards": 5 + 8, "objectives": 9 + 4 + 4 + 4 + 3, "powers": 0, "total": 37}
    assert scores(s) == (37, 37) and (senators(s, 0), senators(s, 1)) == (3, 0)
    assert final_ranks(s) == (1, 2)                        # three senators to none: P1 wins
    assert load_game("augustus").spec.ranks(s) == (1, 2)   # the ranks the playtests and bots read
    # the senator count decides whichever seat holds more, and equal senators share the rank (AU-12)
    assert final_ranks(position(controlled={0: [15, 17], 1: [16, 19]})) == (2, 1)  # 10 points each
    assert final_ranks(position(controlled={0: [16, 15], 1: [10, 17, 7]})) == (1, 1)  # 10 points, 1 senator


def test_the_max_draws_safeguard_ends_the_game_at_the_end_of_that_turn():
    s = position(in_play={0: [(12, (0, 0, 0))]}, max_draws=2)
    s = play(s, "standard")  # nothing to place: the turn ends
    assert s.phase == "draw"
    s = apply(s, "dagger")
    assert is_over(s) and "safeguard" in events(s, "end")[0][1]


# ----------------------------------------------------------------- powers
def test_extra_legion_adds_a_legion_from_the_box():
    s = position(in_play={0: [(4, (1, 0))]})
    s = play(s, "catapult", ("place", 4, "catapult"), ("take", 20), 13)
    assert s.legions[0] == 8 and s.reserve[0] == 8


@pytest.mark.parametrize("supply,owned,gained", [
    ("box", (24, 23), 1),        # one legion left in the box of 48: it is taken
    ("box", (24, 24), 0),        # the box is empty: the power gives nothing (AU-13)
    ("unlimited", (24, 24), 1),  # the what-if: an endless supply
])
def test_extra_legions_come_from_the_box_until_it_is_empty(supply, owned, gained):
    """"Chaque joueur en reçoit sept. Le reste est mis de côté": the box's 48 legions are all there is."""
    s = position(in_play={0: [(4, (1, 0))]}, legions=owned, legion_supply=supply)
    s = play(s, "catapult", ("place", 4, "catapult"), ("take", 20), 13)
    assert s.legions[0] == owned[0] + gained and sum(s.legions) <= 48 + (supply == "unlimited")
    assert s.reserve[0] == owned[0] - 1 + 1 + gained   # the objective's legion came back, then the power's


def test_an_objective_producing_gold_and_wheat_takes_both_rewards():
    """"un objectif produisant de l'or et/ou blé" (AU-14): one card, both resource rewards."""
    import dataclasses

    from augustus_helpers import TEST_CARDS

    from rometools.augustus import load_objectives

    bundled = load_objectives(TEST_CARDS)
    both = dataclasses.replace(bundled.card(4), produces="gold_and_wheat")
    cards = dataclasses.replace(bundled, cards=tuple(both if c.number == 4 else c for c in bundled.cards))
    s = position(in_play={0: [(4, (1, 0))]}, objectives=cards)
    s = play(s, "catapult", ("place", 4, "catapult"), ("take", 20), 13)
    tiles = [t.id for t in s.config.components.rewards]
    assert s.rewards[tiles.index("gold")] == 0 and s.rewards[tiles.index("wheat")] == 0
    plain = play(position(in_play={0: [(4, (1, 0))]}), "catapult", ("place", 4, "catapult"), ("take", 20), 13)
    assert plain.rewards[tiles.index("gold")] == -1 and plain.rewards[tiles.index("wheat")] == -1


def test_remove_legion_returns_an_opponent_legion_but_not_from_an_objective_already_complete():
    s = position(in_play={0: [(5, (1, 0))], 1: [(12, (2, 1, 0)), (11, (1, 0))]})
    s = play(s, "standard", ("place", 5, "standard"))
    assert s.phase == "remove" and current_player(s) == 0
    assert legal_actions(s) == [("remove", 1, 12, "double_sword"), ("remove", 1, 12, "shield"),
                                ("remove", 1, 11, "shield"), PASS]
    s = apply(s, ("remove", 1, 12, "double_sword"))
    assert s.in_play[1][0] == Placed(12, (1, 1, 0)) and s.reserve[1] == 7 - 4 + 1
    # both complete on a joker: P2's card 11 resolves after card 5, but it is already complete
    s = position(in_play={0: [(5, (1, 0))], 1: [(11, (1, 0)), (12, (0, 0, 1))]})
    s = play(s, "joker", ("place", 5, "standard"), ("place", 11, "catapult"))
    assert s.phase == "remove" and legal_actions(s) == [("remove", 1, 12, "chariot"), PASS]


def test_symbol_as_lets_a_token_fill_another_symbol():
    s = position(in_play={0: [(11, (0, 0))]}, controlled={0: [7]})
    s = apply(s, "double_sword")
    assert ("place", 11, "catapult") in legal_actions(s)
    other = apply(position(in_play={0: [(11, (0, 0))]}), "double_sword")
    assert other.phase == "draw"  # without the power, nothing to place


def test_points_per_colour_counts_at_the_end():
    s = position(controlled={0: [8, 2, 3], 1: [9]}, rewards={"gold": 0})
    parts = score_parts(s)
    assert parts[0] == {"rewards": 5, "objectives": 2 + 3 + 3, "powers": 2 * 2, "total": 17}
    assert parts[1] == {"rewards": 0, "objectives": 2, "powers": 0, "total": 2}


# ----------------------------------------------------------------- illegal actions
# an action of the game (a decision's form naming its cards and symbols, a card number, a token id)
# is illegal when refused; anything else (a wrong shape, an unknown card or symbol) is invalid
ILL, INV = IllegalActionError, InvalidActionError


@pytest.mark.parametrize("action,error,message", [
    (("place", 1, "shield"), ILL, "the token drawn is 'double_sword'"),
    (("place", 3, "double_sword"), ILL, "no objective 3 in play"),
    (("place", 999, "double_sword"), INV, "no objective 999 in play"),
    (("place", 1, "double_sword", 4), INV, "not a legal placement"),
    (("move", 1, "shield", 1, "double_sword"), ILL, "not a legal placement"),
    (("move", 1, "shield", 1, "laser"), INV, "the token drawn is 'double_sword'"),
    ("claim", ILL, "places one legion for the token"),
    (("take", 5), ILL, "places one legion for the token"),
    (None, INV, "an action is a string, a card number or a tuple"),
    (3.5, INV, "an action is a string, a card number or a tuple"),
    (True, INV, "an action is a string, a card number or a tuple"),
    ([["x"]], INV, "an action holds strings and card numbers only"),
    ({"a": 1}, INV, "an action is a string, a card number or a tuple"),
    ("joker", ILL, "places one legion for the token"),  # a token: the draw's outcome, not a decision
    (7, ILL, "places one legion for the token"),  # a card number: a deal's outcome
    ("laser", INV, "places one legion for the token"),
    (999, INV, "places one legion for the token"),
])
def test_illegal_placements_are_refused_with_the_state_unchanged(action, error, message):
    s = apply(position(in_play={0: [(1, (0, 0))]}), "double_sword")
    before = s
    with pytest.raises(error, match=message) as info:
        apply(s, action)
    assert type(info.value) is error
    assert s == before and s.in_play[0] == (Placed(1, (0, 0)),)


def test_placing_from_an_empty_reserve_is_refused():
    s = apply(position(in_play={0: [(1, (0, 1)), (3, (0, 0))]}, legions=(1, 7)), "chariot")
    with pytest.raises(IllegalActionError, match="no legion in reserve"):
        apply(s, ("place", 3, "chariot"))


@pytest.mark.parametrize("phase_action,error,message", [
    (("keep", 1, 2), INV, "keeps 3 of the cards dealt"),
    (("keep", 7, 7, 8), ILL, "keeps 3 of the cards dealt"),
    (("keep", 99, 7, 8), INV, "keeps 3 of the cards dealt"),
    (("keep", 1, 2, 3), ILL, "keeps 3 of the cards dealt"),  # cards of the set, not in this hand
    ("pass", ILL, "keeps 3 of the cards dealt"),
])
def test_keep_errors(phase_action, error, message):
    s = new_game(GameConfig(players=2))
    for card in range(1, 18):
        s = apply(s, card)
    assert 1 not in s.hands[s.seat]
    with pytest.raises(error, match=message) as info:
        apply(s, phase_action)
    assert type(info.value) is error


def test_chance_nodes_refuse_outcomes_that_cannot_happen():
    s = position(drawn={"dagger": 1})
    with pytest.raises(IllegalActionError, match="needs a token left in the bag"):
        apply(s, "dagger")  # a token of the game, none left
    with pytest.raises(InvalidActionError, match="needs a token left in the bag"):
        apply(s, "laser")
    with pytest.raises(IllegalActionError, match="from the face-down pile"):
        apply(apply(new_game(config()), 1), 1)  # a card of the set, already dealt
    with pytest.raises(InvalidActionError, match="from the face-down pile"):
        apply(new_game(config()), 999)
    with pytest.raises(InvalidActionError, match="an action is a string"):
        apply(new_game(config()), True)
    with pytest.raises(IllegalActionError, match="from the face-down pile"):
        apply(new_game(config()), ("keep", 1, 2, 3))  # a decision of the game, at a chance node
    with pytest.raises(InvalidActionError, match="from the face-down pile"):
        apply(new_game(config()), ("keep", 1, 2, 999))


# ----------------------------------------------------------------- rules the tests lacked (issue 32)
@pytest.mark.parametrize("p0, p1, ranks", [
    ([1, 9], [4], (1, 2)),        # 4 points each: two senators beat none
    ([4], [1, 9], (2, 1)),
    ([1, 9], [10, 8], (1, 1)),    # 4 points and two senators each: the rulebook has no third tiebreak
])
def test_equal_points_go_to_the_most_senators(p0, p1, ranks):
    """003, Fin de la partie: "Le joueur qui totalise le plus grand nombre de points remporte la
    partie ... En cas d'égalité, celui qui contrôle le plus de sénateurs l'emporte." (Cards 1, 8,
    9, 10 are senators worth 2; card 4 a pink worth 4; card 8's points per green count none.)"""
    from rometools.augustus.scoring import final_ranks, score_parts
    from rometools.core.game import game_spec

    s = position(controlled={0: p0, 1: p1})
    assert [p["total"] for p in score_parts(s)] == [4, 4]
    assert final_ranks(s) == ranks and game_spec("augustus").ranks(s) == ranks


def test_a_seat_may_hold_several_colour_rewards():
    """003, Couleur d'objectifs: "Il est possible de posséder plusieurs récompenses de ce type."
    P1 already holds the senators reward; completing a third green (card 13) adds the green reward
    (and the gold majority: 2, 3 and 13 produce gold), and both colour rewards score."""
    from rometools.augustus.scoring import score_parts

    s = position(in_play={0: [(13, (1, 0))]}, controlled={0: [1, 9, 10, 2, 3]}, rewards={"senators": 0})
    before = score_parts(s)[0]["rewards"]
    s = play(s, "dagger", ("place", 13, "dagger"))
    assert holder(s, "senators") == 0 and holder(s, "green") == 0 and holder(s, "gold") == 0
    assert before == 2 and score_parts(s)[0]["rewards"] == 2 + 4 + 5     # senators 2, green 4, gold 5
