"""Twisty Passages: declare a speed, draw that many maze cards and obey them, and be the
first whose path is long enough to exit.

The package, module by module:

engine.py    the Engine: players, options, variants, endings, deck, checks, policies, figures
items.py     the typed items of the maze cards and the goal cards (win thresholds)
kinds.py     how maze cards and goal cards are drawn
deck.py      the engine's deck: one Card per physical card, its effect parsed
rules.py     the rules' fixed numbers, and the options and variants
grammar.py   the card-text grammar: effect text into dice lines, outcomes and prose
effects.py   carrying out a card's parsed dice lines on a game
state.py     the game in progress (the rules run as a generator) and its endings
position.py  the table the rules read and move, the actions and the decisions
turn.py      the turn: traps, speed, drawing, stopping, winning, passing play
steps.py     the rules' shared steps: rolling, discarding, moving cards, using items
cards.py     what the engine does for each card's prose, and obeying a drawn card
checks.py    static checks (their codes are listed there)
policies.py  fixed speeds and an adaptive one
figures.py   the figures simulations gather
report.py    the report's section: outcomes by declared speed
layouts/     the cards' layouts, and icons/ the icons only this game prints

Readings of the rules (each a place where the rules leave a choice; the rule quoted first):

- "High roll goes first.": ties roll again, so the first player is drawn evenly from the
  game's seeded chance (GameState.first_player).
- "You can pick any number." (speed): no highest speed; speeds are offered ten at a time,
  with a ("faster",) action that shows the next ten.
- `:speed: +N` / `:speed: -N` (the icon the Zone cards print before "+1 (You'll have to draw
  one extra card.)"): the speed itself changes, so later rolls of your speed in dice roll N
  more (or fewer) and you draw N more (or fewer) cards. "Draw one fewer card" and "you may
  draw an extra card" change the cards to draw only.
- "Cards that you can discard to cause an effect have a ✨" with "When you discard a card,
  pick any card in your path and place it face-up on the discard pile": using a ✨ card is a
  discard. It goes through the discard step, so Whatchmacallit and Thingamajig ("Take an
  item that's being discarded") may take a spent Item, and a Ball Of Twine's "prohibits
  you from discarding any more cards until you draw another card" forbids spending one.
  Taking the top card for Shortcut is drawing a card.
- Vortex Mine and Entropic Vortex print no moment: they may be used at any time the engine
  gives a player a say: before declaring speed, and after each card a player draws (every
  player in turn, the one drawing first).
- Timeblast and Timesink ("for any roll"), Timepatcher ("Re-roll all dice in a roll") and
  Caltrops ("Add one point to one die that was just rolled"): on any player's roll, the
  roller offered them first, then the others round the table.
- Temporal Anchor ("Ignore the effects of a card with 'time' or 'slip' in its name") with
  "If a card lets you cancel another card, you can do it as soon as the card you want to
  cancel is played": any player may cancel any such card, drawn by anyone or spent (a
  Timeblast, a Missing Time, a Timewarp ...), as it is played; the engine does not offer
  the cancel later, once its effects are known.
- Laying Traps ('when you draw a "Trap" card'): the Trap cards are the trap kind (Pit,
  Greased Slide, Net, Snapping Turtle and Crazy Weasel Traps); Laying Traps is not one.
- How Long? ("decreasing or increasing the number of cards needed to win"): the option
  `cards_to_win`, +N or -N from the rules' number, or a number; "play with a double deck":
  the variant `double_deck`, two copies of the deck shuffled together.
- Exit Strategy ("you may force another player to discard a Black Zone card"): forcing the
  discard stands in for the Black Zone card not drawn, and the player wins.
- "If a card reduces your path length by three or more cards": the card itself joining the
  path is no gain, so it is the cards lost while obeying it.
- Timeshuffle ("put the cards in his or her path in any order"): modelled as choosing the
  card that ends the path, the only place order matters to the rules that follow.
- Looking at the deck (Lantern, Tattered Map) is information only; no policy reads it.

The hole: "If the deck runs out of cards, shuffle the discards to form a new deck and
continue" says nothing when the discards are empty too. When nothing is left to draw, no
card at the end of a path acts at the start of a turn, nobody may spend a Vortex and nobody
can win, no turn can change anything: the engine stops the game (TwistyEnding.STALLED).
With the rules' numbers this needs a variant (Exit Strategy, Through The Black) or a raised
cards_to_win: 104 cards in at most five paths put 21 in one of them, above every number the
rules set. A cards_to_win above the cards in the game is stopped at once
(TwistyEnding.OUT_OF_REACH). Addition (variant `house-rules`, not the rules): a stalled game
is won by the player with the most cards in their path, ties sharing the win.

Physical supply: the maze deck never runs out (the discards are reshuffled; a path can hold
every card, which is the stall above) and the dice are not printed, so supply() is empty.
"""

from generator.games.plugin import GamePlugin
from generator.games.twisty_passages.engine import TwistyEngine
from generator.games.twisty_passages.kinds import KINDS
from generator.games.twisty_passages.report import SECTIONS

PLUGIN = GamePlugin(TwistyEngine(), KINDS, __name__, SECTIONS)
