"""Ave Roma IMPERATOR's explorers, declared by name for its ``GameSpec`` (``rometools.core.explorers``; no UI import)."""

from rometools.core.explorers import ExplorerSpec

EXPLORERS = (
    ExplorerSpec(
        "rometools.widgets.imperator:RegionBoardExplorer", page="imperator_region_board",
        title="Region board explorer",
        summary="place a worker on the (illustrative) Imperator board of a seeded bot game; the chain reaction "
                "step by step, the Action-track moves, an illegal placement explained.",
        heading="Ave Roma IMPERATOR: region board explorer",
        description="Place a worker (player, value, region, influence) on the Imperator board of a seeded bot game "
                    "and watch the chain reaction step by step: who is forced out where, who goes back to its "
                    "owner, who moves on the Action track, or why the placement is illegal. The board is "
                    "illustrative (the published one is not public).",
        app_args='files="upload"',  # files by upload, never a server path
        chart=".rt-region-chart", change=("select", ".rt-place-region", ("Etruria", "Latium")),  # opens on Latium
        stress=(("dropdown", "region", "Etruria"), ("toggle", "value", "2"), ("checkbox", "own_influence"),
                ("number", "influence_zone", 1), ("slider", "turn"), ("dropdown", "players", "3"))),
    ExplorerSpec(
        "rometools.widgets.imperator:TileOddsExplorer", page="imperator_tile_odds",
        title="Reward-tile odds explorer",
        summary="how likely each kind of reward tile is to be revealed, round by round, for 2 to 5 players, "
                "exact with a seeded simulation.",
        heading="Ave Roma IMPERATOR: reward-tile odds explorer",
        description="How likely is each kind of reward tile to be revealed (or to be on the board), round after "
                    "round, with 2 to 5 players, as the stack runs out and the discard pile is reshuffled? Exact "
                    "odds with a seeded simulation overlaid, under either reading of the rules.",
        app_args='files="upload"',  # the edited mix is downloaded, never saved to a server path
        chart=".rt-odds-chart", change=("select", ".rt-players", ("5", "4")),  # opens with 4 players
        stress=(("dropdown", "players", "5"), ("number", "rounds", 7), ("toggle", "what", "on the board that round"),
                ("choose", "kinds", ("Any worker value", "Propraetor (banner)")),
                ("dropdown", "leftover", "unwon tiles discarded"), ("number", "seed", 3))),
)
