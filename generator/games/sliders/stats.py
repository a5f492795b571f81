"""What a Sliders game records for its figures as it is played."""

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Stats:
    """What the figures are made of."""

    #: Where each throw ended, by square, after any card moved the token.
    landings: list[int] = field(default_factory=lambda: [0] * 40)
    #: Throws that ended in the Slidecage itself (not Just Visiting), also in landings.
    in_cage: int = 0
    rent_by_group: Counter = field(default_factory=Counter)
    bankrupt_turns: list[int] = field(default_factory=list)
