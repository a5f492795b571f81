"""The classic game's tables (standard US 1935 edition), the reference a re-theme is held to.

The static check SL013 compares a deck with these square for square, so that the classic
game's published statistics (landing frequencies, returns on houses) keep applying.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class ClassicSquare:
    type: str
    price: int = 0
    rent: tuple[int, ...] = ()
    house_cost: int = 0
    mortgage: int = 0
    group: str = ""
    amount: int = 0


def _site(group: str, price: int, rent: tuple[int, ...], house_cost: int) -> ClassicSquare:
    return ClassicSquare("property", price, rent, house_cost, price // 2, group)


_RAILROAD = ClassicSquare("railroad", 200, (25, 50, 100, 200), 0, 100)
_UTILITY = ClassicSquare("utility", 150, (4, 10), 0, 75)

#: Square by square from GO (0) to Boardwalk (39).
SQUARES: tuple[ClassicSquare, ...] = (
    ClassicSquare("go", amount=200),
    _site("brown", 60, (2, 10, 30, 90, 160, 250), 50),  # Mediterranean Avenue
    ClassicSquare("community-chest"),
    _site("brown", 60, (4, 20, 60, 180, 320, 450), 50),  # Baltic Avenue
    ClassicSquare("tax", amount=200),  # Income Tax: $200 or 10%
    _RAILROAD,  # Reading Railroad
    _site("light-blue", 100, (6, 30, 90, 270, 400, 550), 50),  # Oriental Avenue
    ClassicSquare("chance"),
    _site("light-blue", 100, (6, 30, 90, 270, 400, 550), 50),  # Vermont Avenue
    _site("light-blue", 120, (8, 40, 100, 300, 450, 600), 50),  # Connecticut Avenue
    ClassicSquare("slidecage"),  # Jail / Just Visiting
    _site("pink", 140, (10, 50, 150, 450, 625, 750), 100),  # St. Charles Place
    _UTILITY,  # Electric Company
    _site("pink", 140, (10, 50, 150, 450, 625, 750), 100),  # States Avenue
    _site("pink", 160, (12, 60, 180, 500, 700, 900), 100),  # Virginia Avenue
    _RAILROAD,  # Pennsylvania Railroad
    _site("orange", 180, (14, 70, 200, 550, 750, 950), 100),  # St. James Place
    ClassicSquare("community-chest"),
    _site("orange", 180, (14, 70, 200, 550, 750, 950), 100),  # Tennessee Avenue
    _site("orange", 200, (16, 80, 220, 600, 800, 1000), 100),  # New York Avenue
    ClassicSquare("free"),  # Free Parking
    _site("red", 220, (18, 90, 250, 700, 875, 1050), 150),  # Kentucky Avenue
    ClassicSquare("chance"),
    _site("red", 220, (18, 90, 250, 700, 875, 1050), 150),  # Indiana Avenue
    _site("red", 240, (20, 100, 300, 750, 925, 1100), 150),  # Illinois Avenue
    _RAILROAD,  # B. & O. Railroad
    _site("yellow", 260, (22, 110, 330, 800, 975, 1150), 150),  # Atlantic Avenue
    _site("yellow", 260, (22, 110, 330, 800, 975, 1150), 150),  # Ventnor Avenue
    _UTILITY,  # Water Works
    _site("yellow", 280, (24, 120, 360, 850, 1025, 1200), 150),  # Marvin Gardens
    ClassicSquare("go-to-slidecage"),
    _site("green", 300, (26, 130, 390, 900, 1100, 1275), 200),  # Pacific Avenue
    _site("green", 300, (26, 130, 390, 900, 1100, 1275), 200),  # North Carolina Avenue
    ClassicSquare("community-chest"),
    _site("green", 320, (28, 150, 450, 1000, 1200, 1400), 200),  # Pennsylvania Avenue
    _RAILROAD,  # Short Line
    ClassicSquare("chance"),
    _site("dark-blue", 350, (35, 175, 500, 1100, 1300, 1500), 200),  # Park Place
    ClassicSquare("tax", amount=75),  # Luxury Tax
    _site("dark-blue", 400, (50, 200, 600, 1400, 1700, 2000), 200),  # Boardwalk
)

START_CASH = 1500
HOUSES = 32
HOTELS = 12

#: The classic card mixes, each effect in the effect notation with `advance to` targets
#: given as square numbers (so a re-theme's names compare by position).
CHANCE: tuple[str, ...] = (
    "advance to 0",
    "advance to 24",
    "advance to 11",
    "advance to nearest utility, pay 10x dice",
    "advance to nearest railroad, pay 2x rent",
    "advance to nearest railroad, pay 2x rent",
    "collect 50",
    "get out of slidecage free",
    "back 3",
    "go to slidecage",
    "repairs 25 per house, 100 per hotel",
    "pay 15",
    "advance to 5",
    "advance to 39",
    "pay 50 to each player",
    "collect 150",
)
COMMUNITY_CHEST: tuple[str, ...] = (
    "advance to 0",
    "collect 200",
    "pay 50",
    "collect 45",
    "get out of slidecage free",
    "go to slidecage",
    "collect 50 from each player",
    "collect 100",
    "collect 20",
    "collect 100",
    "pay 100",
    "pay 150",
    "collect 25",
    "repairs 40 per house, 115 per hotel",
    "collect 10",
    "collect 100",
)
CARDS = {"chance": CHANCE, "community-chest": COMMUNITY_CHEST}
