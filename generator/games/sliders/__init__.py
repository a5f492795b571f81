"""Sliders: the classic property-trading game re-themed on the Sliders worlds.

engine.py     the engine: players, options, variants, endings, policies, figures
items.py      the typed item of each kind        kinds.py      how each kind is drawn
deck.py       the deck the engine plays          rules.py      the rules' numbers and options
grammar.py    the event cards' effect notation   effects.py    carrying out the event cards
state.py      the game state, its actions and its endings (SlidersEnding)
movement.py   tokens moving and the squares      property.py   building, mortgages, rent
trades.py     the trade menu                     invariants.py what a sound game keeps
checks.py     static checks (codes there)        classic.py    the classic tables (SL013)
policies.py   random and heuristic players       stats.py      what a game records
figures.py    the simulation figures             report.py     the report's section
layouts/      the kinds' layouts

Readings of the rules (docs/rules-readings.md quotes the line each one reads):
- The opening: everyone throws, the highest total starts (`first_player`); equal highest
  totals throw again among themselves.
- "At any time" (building, selling buildings, mortgaging, lifting) is, for the player to
  move, before his throw and after his last throw, and for a debtor whenever a debt is due;
  this covers mortgaging to pay the Slidecage fine and managing property while in the
  Slidecage. Other players act in their own turns, not in the middle of another's.
- Rent is always asked for in time.
- Auction bids rise in steps of $1, 5, 10, 25, 50 or 100 over the high bid, in seat order
  from the player who declined; a player who passes leaves the auction.
- The Sliding Tax: the choice is an action taken before the engine adds up the worth.
- The fine may be paid before the throw on the first two turns in the Slidecage; the third
  failed throw pays it and moves by that throw.
- The building shortage is enforced: nothing is built when the Bank has none; when the
  Bank holds fewer houses (or hotels) than there are players who could build one, the
  player who asks to build starts an auction of one among those players. A hotel breaks
  down to houses only when the Bank has four (three in the short game) to give.
- Private sales and the Get Out card's sale are trades from a small menu (trades.py), one
  proposal between two throws; nobody pays more cash than he holds (no lending between
  players).
- A bankrupt's Get Out cards go to his creditor, or back under their decks when the
  creditor is the Bank; deeds the Bank takes are auctioned unmortgaged.
- The short game's last bankruptcy hands everything, buildings included, to the creditor
  with no interest or auction; the survivors score by the short game's valuation.
- The time-limit game's "definite hour" is a number of turns (option time_limit_turns),
  and the richest is found by the short game's valuation.
- Money never runs out ("The Bank never goes broke"); houses (32) and hotels (12) do.

Additions, where the rules say nothing: the tie rule of the opening throw, the bid steps,
the trade menu and its prices, the valuation of the time-limit game, and the scores of
bankrupt players (below every survivor's, the earliest lowest).

Holes: none that stop a game from ending. The regular game ends when one player is left;
no position leaves the players without a legal way on, and a long game comes only from
the players' own choices (never buying, never trading), which the rules answer with the
short and time-limit games. So there is no house-rules variant; end_reason() says which
ending a game reached (state.SlidersEnding).
"""

from generator.games.plugin import GamePlugin
from generator.games.sliders.engine import SlidersEngine
from generator.games.sliders.kinds import KINDS
from generator.games.sliders.report import SECTIONS

PLUGIN = GamePlugin(SlidersEngine(), KINDS, __name__, SECTIONS, compiled="generator.games.sliders.state")
