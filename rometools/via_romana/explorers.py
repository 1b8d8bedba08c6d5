"""Via Romana's explorers, declared by name for its ``GameSpec`` (``rometools.core.explorers``; no UI import)."""

from rometools.core.explorers import ExplorerSpec

EXPLORERS = (
    ExplorerSpec(
        "rometools.widgets.via_romana:RoadBoardExplorer", page="via_romana_road_board",
        title="Road board explorer",
        summary="step a seeded bot game on the (illustrative) road board; forts and milestones, the roads each "
                "player won and the cards the others received, hands and scores.",
        heading="Via Romana: road board explorer",
        description="Step a seeded bot game of Via Romana on the (illustrative) road board: every seat's forts and "
                    "milestones, which roads are open, signed or won, who took each city tile and how many cards "
                    "every other player received, the hands and the scores, turn by turn. Upload a board file to "
                    "play on your own board.",
        app_args='files="upload"',  # files by upload, never a server path
        chart=".rt-vr-board-chart", change=("select", ".rt-players", ("2", "3")),  # opens with 3 players
        stress=(("slider", "turn"), ("number", "seed", 2), ("dropdown", "players", "2"))),
    ExplorerSpec(
        "rometools.widgets.via_romana:CardOddsExplorer", page="via_romana_card_odds",
        title="Card odds explorer",
        summary="how often a hand can build a fort or lay two milestones, exact for every hand size, with a "
                "seeded simulation.",
        heading="Via Romana: card odds explorer",
        description="How often can a hand of Via Romana cards build? A fort of a colour (2 cards of it), a fort of "
                    "some colour, or the colour-and-symbol card that lays two milestones from a city: the exact "
                    "odds for every hand size from the 55-card deck, with a seeded simulation beside them.",
        chart=".rt-vr-card-chart", change=("select", ".rt-vr-question", (
            "A fort of the colour chosen (2 cards of it)", "A fort of some colour (2 cards of one colour)")),
        stress=(("dropdown", "question", "The colour-and-symbol card (two milestones from that city)"),
                ("dropdown", "colour", "red"), ("slider", "hand"), ("number", "trials", 500))),
)
