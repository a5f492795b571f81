"""Chip Flip: checkers-like, where a jumped chip is turned over and changes sides.

The package: `engine.py` (the engine), `items.py` (what the board and the chips say),
`kinds.py` (how each is printed, with `layouts/` and the built-in icons in
`layouts/icons/`, named in `icons.py`), `deck.py` (the components the engine plays with),
`rules.py` (the rules' numbers, the variants, the flip and scoring), `board.py`, `movegen.py`
and `position.py` (the board as bitboards, moves and positions), `placing.py` (free
placement's set-up), `state.py` (a game in progress and how it ends), `perft.py`
(move-generator counts), `checks.py` (static checks),
`policies.py`, `figures.py` and `report.py` (the figures a simulation gathers and the
report's section drawn from them).

Readings of the rules (docs/rules-readings.md quotes the line of the rules each one reads):

- Set-up: chips on the dark squares of each player's two home rows, 8 a side, where the
  deck's chip files put them.
- The light-square set-up (`--variant light-squares`, "Both players decide whether ALL
  chips will be playing on light squares or on dark squares"): every chip on the light
  square its deck square turned left to right gives (a1 to h1, b2 to g2). That is the
  dark-square game in a mirror, move for move, so its figures differ from the default's
  only by chance.
- Free placement (`--variant free-placement`, advance play's "Turn each chip to the
  largest value and place them on the board; any number on any tile, as described
  previously"): advanced play whose players first place their numbered chips, largest
  value up, on the squares of the hue in their own two home rows (the deck's squares
  unused). The rules name no order: in turn, one chip at a time, South first; each
  placement is an action, any distinct chip in hand on any empty home square.
- Who moves first: "flip a chip": a coin from the game's chance (heads South), recorded
  as first_player; with free placement, flipped once every chip is placed.
- Moves: a step is diagonal and forward to an empty square; a jump goes over an adjacent
  opponent chip to the empty square beyond and turns the jumped chip over, making it the
  jumper's. Chains of jumps are one move and may stop after any jump (every prefix is a
  move); jumping is never compulsory. A chip reaching the far row scores at once and
  leaves the board; its chain ends there.
- A player with no move passes while the opponent can still move. The game ends when a
  side has no chip on the board; the higher score wins, equal ties.
- Advanced play: a chip jumps only a chip of equal or lesser value, steps only forward,
  but may jump forward or backward; a turned chip shows its other value.

Additions, not the rules (always on):

- When neither side can move, the game ends and the chips off the board decide, as at any
  end (the rules would have both pass for ever). Rare: 1 of 1000 random advanced games
  with the shipped opening, none of 1000 basic ones.
- The third time the same position stands (the same chips, values and scores, the same
  side to move), the game ends and is scored as any end: the higher score wins. Advanced
  play's backward jumps can turn the same chips over and back for ever (c5xa3 c3xa5 a3xc5
  a5xc3 repeats the position), and the rules give no end for that. An end by repetition
  was chosen over "N moves without a chip leaving the board": it ends exactly the games
  that loop, whatever their length, and never cuts short a game still going somewhere;
  basic play cannot repeat a position (every move is forward), so it is unchanged. Scoring
  it 0-0 instead would take its lead from the side ahead (a third of greedy advanced games).

No house-rules variant: with these two additions the engine meets no other hole.
"""

from generator.games.chip_flip.engine import ChipFlipEngine
from generator.games.chip_flip.kinds import KINDS
from generator.games.chip_flip.report import SECTIONS
from generator.games.plugin import GamePlugin

PLUGIN = GamePlugin(ChipFlipEngine(), KINDS, __name__, SECTIONS)
