"""The explorers of no one game (the balance lab, the draw and dice odds explorers, the playtest
report), declared (:class:`~rometools.core.explorers.ExplorerSpec`) and registered in core's
registry of general explorers when :mod:`rometools.widgets` is imported.

Nothing here imports a widget: the classes are named, as a game names its own.
"""

from rometools.core.explorers import ExplorerSpec, register_explorer

GENERAL_EXPLORERS = (
    ExplorerSpec(
        "rometools.widgets.balance:BalanceExplorer", page="balance_lab",
        title="Balance lab",
        summary="many seeded bot games; seat win rates with intervals, score and margin histograms, a variant "
                "compared on the same seeds.",
        description="Many seeded bot games of any game: seat win rates with their 95% intervals, score spread, how "
                    "close games are, and a second variant side by side on the same seeds. Change the controls, "
                    "then press **Run**.",
        app_args='games=200, bots="greedy", files="upload"',  # boards by upload or from the data folder
        chart=".rt-balance-rates", change=("number_then_click", ".rt-seed", (2, 1), ".rt-balance-run"),
        plots=3,  # win rates, scores, margins (the paired chart is made at the first comparison)
        also_redraw=(".rt-balance-scores", ".rt-balance-margins"),
        stress=(("then", ("number", "games", 20), ("button", "_run", "Run")),
                ("then", ("checkbox", "compare"), ("text", "options_b", "all_tokens_variant=true"),
                 ("button", "_run", "Run")),
                ("then", ("dropdown", "players", "3"), ("button", "_run", "Run"))),
        test_args={"games": 6}),
    ExplorerSpec(
        "rometools.widgets.draws:DrawOddsExplorer", page="draw_odds",
        title="Draw odds explorer",
        summary="any bag, deck or tile stack, typed or a game's bag (Caesar's Empire Treasures): the exact chance "
                "of a condition built from rows, the law of a count, the chance by number of draws, with a "
                "seeded simulation beside each.",
        heading="Draw odds: any bag, deck or tile stack",
        description="Type a bag (`red:3, green:2, yellow:1`) or pick a game's bag, choose the draws, build a "
                    "condition from rows (at least / at most / exactly k of some kinds, joined by *and* / *or*); "
                    "read the exact probability, the law of a count, P(condition) by number of draws, and a "
                    "seeded simulation beside them.",
        chart=".rt-law-chart", change=("number", ".rt-draws", (4, 3)),  # opens on 3 draws from 6 tokens
        plots=2, also_redraw=(".rt-curve-chart",),
        stress=(("number", "draws", 4), ("checkbox", "replace"), ("dropdown", "row1_quantifier", "at least"),
                ("text", "row1_kinds", "red, green"), ("text_area", "bag", "red:4, green:2, yellow:2"),
                ("dropdown", "bag_source", "Caesar's Empire: Treasure tokens, all-tokens variant (30 of 40 placed)"))),
    ExplorerSpec(
        "rometools.widgets.dice:DiceOddsExplorer", page="dice_odds",
        title="Dice odds explorer",
        summary="any pool of dice, numbered or with symbols (`2d6 + d8`, `3[hit, hit, blank, blank, blank, crit]`): "
                "the exact law of the total, the dice kept or the successes, as bars and a table of fractions, "
                "re-rolls, the chance of a target, with a seeded simulation.",
        heading="Dice odds: any pool of dice",
        description="Write a pool as designers do (`2d6 + d8`, `3[hit, hit, blank, blank, blank, crit]`), pick what "
                    "is read off the roll (the total, the sum of the highest or lowest dice kept, the highest or "
                    "lowest die, successes), re-roll some faces once; read the exact law as bars and as a table of "
                    "fractions, the chance of reaching a target, and a seeded simulation beside them.",
        chart=".rt-dice-chart", change=("number", ".rt-keep", (2, 3)),  # opens on 4d6 keeping the 3 highest
        stress=(("number", "keep", 2), ("dropdown", "statistic", "the total"), ("text", "pool", "2d6 + d8 + d10"),
                ("text", "reroll", "1"), ("number", "target", 12)),
        states=({"pool": "5[hit, hit, miss]", "statistic": "count", "keep": 1, "faces": "hit", "reroll": "",
                 "target": 3},
                {"pool": "2d6 + d8 + d10", "statistic": "lowest", "keep": 2, "faces": "6", "reroll": "1",
                 "target": 6})),
    ExplorerSpec(
        "rometools.widgets.playtest:PlaytestReport", page="playtest_report",
        title="Playtest report",
        summary="the automated playtest of any game: seat balance, how it plays (the lead through the game, "
                "comebacks, when it is decided, real choices), each strategy's weight, rule holes, the hot spots "
                "on the board, the key odds, a variant compared on the same seeds.",
        description="The automated playtest of any game: seat win rates with intervals, **how it plays** (the "
                    "lead through the game and where the eventual winner stood, how often the last round decides, "
                    "real choices per turn, each figure with its meaning and interval), how much each strategy a "
                    "bot can be denied is worth, rule holes found with a saved game that reaches them, the places "
                    "every game fights over drawn on the board, the game's key exact odds, and a variant paired on "
                    "the same seeds. Change the controls, then press **Run**.",
        app_args='players=3, games=60, seed=1, files="upload"',  # a Variant board= names a bundled board
        chart=".rt-playtest-rates", change=("number_then_click", ".rt-seed", (2, 1), ".rt-playtest-run"),
        # win rates, how it plays at a glance, the lead, where the winner stood, the map, the hot spots, the skill curve
        plots=7, also_redraw=(".rt-playtest-flow", ".rt-playtest-lead", ".rt-playtest-winner", ".rt-playtest-map",
                              ".rt-playtest-spots"),
        stress=(("then", ("number", "seed", 2), ("button", "_run", "Run")),
                ("then", ("dropdown", "players", "4"), ("button", "_run", "Run"))),
        test_args={"games": 20}),
    ExplorerSpec(
        "rometools.widgets.what_if:VariantStudio", page="what_if_studio",
        title="What-if studio",
        summary="change any value of any game (an option, a seat's handicap, a scoring table, a count), compare "
                "the variant with the published game on the same seeds until the answer is clear, tune one value "
                "to a target.",
        heading="What-if studio: change a value, compare until clear, tune",
        description="Every editable value of a game with its published value beside it: options, each seat's "
                    "handicap, and the data files' numbers (scoring tables, counts, rewards). Change some, press "
                    "**Compare**: the published game and your variant play the same seeds, batch after batch, and "
                    "the differences' intervals narrow until every figure is decided (each interval holds however "
                    "often it is read) or the budget ends; **Stop** keeps what was played. **Tune** races the "
                    "values of one parameter (the last seat's handicap, say) and recommends the one that meets a "
                    "target. Save the variant as a TOML file, or load one. This page opens on Caesar's Empire "
                    "with the Gold table stopped at 4 Gold Coins.",
        app_args='changes={"components:tables.gold.points": [0, 4, 9, 16, 16, 16, 16, 16]}, '
                 'name="Gold 0-4-9-16, no more", files="upload"',
        chart=".rt-whatif-rates", change=("number_then_click", ".rt-seed", (2, 1), ".rt-whatif-compare"),
        plots=3,  # the two comparison charts, and the Tune tab's response curve
        also_redraw=(".rt-whatif-scores",),
        # (a control the kernel resets after another's change, the Tune parameter after Players, the
        # Changes after Game, is never typed in right after it: a robot's typing would race the reset)
        stress=(("then", ("number", "max_games", 200), ("number", "seed", 2), ("button", "_compare_button",
                                                                                "Compare")),
                ("then", ("text_area", "changes", "components:tables.gold.points = [0, 4, 9, 16, 25, 36, 36, 36]"),
                 ("dropdown", "precision", "5 percentage points"), ("button", "_compare_button", "Compare")),
                ("then", ("toggle", "tab", "Tune"), ("text", "values", "0:20:10"), ("number", "tune_games", 600),
                 ("number", "check_games", 100), ("button", "_tune_button", "Tune")),
                ("then", ("dropdown", "players", "3"), ("text", "name", "three players"),
                 ("button", "_tune_button", "Tune")),
                ("dropdown", "game", "Pig")),
        test_args={"game": "pig", "changes": {"target": 80}, "max_games": 40, "batch": 20, "tune_games": 200,
                   "check_games": 20},
        states=({"game": "pig", "changes": {"target": 80, "handicap.2": 3}, "tab": "tune"},)),
)

for _spec in GENERAL_EXPLORERS:
    register_explorer(_spec)
