"""Augustus's explorers, declared by name for its ``GameSpec`` (``rometools.core.explorers``; no UI import)."""

from rometools.core.explorers import ExplorerSpec

EXPLORERS = (
    ExplorerSpec(
        "rometools.widgets.augustus:ObjectiveOddsExplorer", page="augustus_objective_odds",
        title="Objective odds explorer",
        summary="how many draws an objective takes, exact, with and without the joker's refill of the bag; two "
                "objectives compared.",
        heading="Augustus: objective odds",
        description="How many draws does an objective take? Build one from symbol counts or pick a card of the "
                    "(illustrative) set: its exact completion odds and expected draws, what the joker's refill of "
                    "the bag changes, and a second card beside it.",
        chart=".rt-au-odds-chart", change=("number", ".rt-au-slot-shield", (1, 0)),  # opens on two daggers
        stress=(("number", "slot_shield", 1), ("dropdown", "joker_policy", "commonest"), ("checkbox", "no_reset"),
                ("slider", "max_draws", "ArrowLeft"),
                ("dropdown", "compare", "#1 Pergamum (1 double sword + 1 chariot + 1 standard)"),
                ("number", "trials", 300))),
    ExplorerSpec(
        "rometools.widgets.augustus:BagExplorer", page="augustus_bag",
        title="Bag explorer",
        summary="draw the mobilisation bag step by step with a seed; tokens left, next-token odds, the refill "
                "after a joker.",
        heading="Augustus: the mobilisation bag",
        description="Draw the 23 mobilisation tokens one at a time with a seed: what is left in the bag, the exact "
                    "odds of the next token, and the refill after a joker.",
        app_args='files="upload"',  # the edited mix is downloaded, never saved to a server path
        chart=".rt-au-bag-chart", change=("keys", ".rt-au-draws .noUi-handle", ("ArrowRight", "ArrowLeft")),
        stress=(("slider", "draws"), ("button", "_draw_button", "Draw one"), ("number", "seed", 2),
                ("button", "_restart", "Start again"))),
    ExplorerSpec(
        "rometools.widgets.augustus:AugustusPlayoutExplorer", page="augustus_playout",
        title="Game explorer",
        summary="step a seeded bot game; objectives with their completion odds, reward tiles, scores, the log.",
        heading="Augustus: a seeded game",
        description="Step a seeded bot game decision by decision (a bot per seat, or on from a saved game): every "
                    "player's objectives with their open slots and exact completion odds, the reward tiles and "
                    "who holds them, the scores and the log.",
        app_args='files="upload"',  # files by upload, never a server path
        chart=".rt-au-game-chart", change=("keys", ".rt-turn .noUi-handle", ("ArrowRight", "ArrowLeft")),
        stress=(("slider", "turn"), ("slider", "within", "ArrowLeft"), ("number", "seed", 2),
                ("dropdown", "players", "3"))),
)
