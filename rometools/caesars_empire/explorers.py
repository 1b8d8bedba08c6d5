"""Caesar's Empire's explorers, declared by name for its ``GameSpec`` (``rometools.core.explorers``; no UI import)."""

from rometools.core.explorers import ExplorerSpec

EXPLORERS = (
    ExplorerSpec(
        "rometools.widgets.caesars_empire:CollectionExplorer", page="caesars_empire_collections",
        title="Collection explorer",
        summary="Treasure (Riches) and City points of one player's collection, the value of the next token, "
                "editable scoring tables beside the rulebook's.",
        heading="Caesar's Empire: collection explorer",
        description="Set the tokens one player holds; read the Treasure and City points and what the next token "
                    "is worth.",
        chart=".rt-breakdown-chart", change=("number", ".rt-count-grapes", (4, 3)),  # the rulebook's holds 3 Grapes
        plots=2, also_redraw=(".rt-marginal-chart",),
        stress=(("number", "count_grapes", 4), ("text", "city_tokens", "red:3, blue:6, green:2"),
                ("toggle", "vocabulary", "Riches"), ("text", "table_gold", "0, 5, 10, 16, 25, 36, 49, 64"),
                ("button", "reset_button", "Reset to rulebook tables")),
        states=({"vocabulary": "riches"}, {"tables": {"gold": "0, 5, 10, 15, 20, 25, 30, 35"}})),
    ExplorerSpec(
        "rometools.widgets.caesars_empire:SetupOddsExplorer", page="caesars_empire_setup_odds",
        title="Set-up odds explorer",
        summary="how many tokens of a Treasure type set-up puts on the board, exact with a seeded simulation "
                "overlaid.",
        heading="Caesar's Empire: set-up odds explorer",
        description="How many tokens of a Treasure type does set-up put on the board? Exact odds, with a seeded "
                    "simulation overlaid.",
        chart=".rt-setup-chart", change=("select", ".rt-setup-type", ("Grapes", "Gold Coins")),  # opens on Gold
        stress=(("slider", "players"), ("checkbox", "all_tokens_variant"), ("dropdown", "kind", "Grapes"),
                ("number", "trials", 500), ("toggle", "vocabulary", "Riches")),
        states=({"trials": 0}, {"players": 4, "kind": "wine"})),
    ExplorerSpec(
        "rometools.widgets.caesars_empire_board:BoardExplorer", page="caesars_empire_board",
        title="Board explorer",
        summary="step a seeded bot game on the bundled board (a bot per seat, or on from a saved game), inspect "
                "a city's cheapest connections and the Gold swing.",
        heading="Caesar's Empire: board explorer",
        description="Step a seeded bot game on a board from the data folder (or upload your own board file), turn "
                    "by turn, with a bot for every seat or one per seat, or play on from an uploaded saved game. "
                    "Pick a city to see its cheapest connections and how Gold changes their scoring; read the game "
                    "log and the scores turn by turn, and download both as CSV.",
        app_args='files="upload", width=1160',  # the app's page is 1,280 pixels wide
        chart=".rt-board-chart", change=("keys", ".rt-turn .noUi-handle", ("ArrowRight", "ArrowLeft")),
        plots=2, also_redraw=(".rt-score-chart",),  # its line marks the turn shown
        stress=(("slider", "turn"), ("dropdown", "city", "Brundisium (City token red 2)"),
                ("toggle", "gold", "Gold"), ("toggle", "labels", "Both"), ("number", "seed", 2),
                ("dropdown", "bot", "random"), ("dropdown", "players", "5")),
        states=({"turn": 12, "labels": "both"}, {"turn": 25, "vocabulary": "riches", "labels": "name"},
                {"turn": 40})),
)
