"""Slipmax: money, a pawn race round a spiral, and register strips that change the game.

The package: `engine.py` (the engine), `items.py` (what a strip, the shape board and the
register card say), `kinds.py` (how each is printed, with `layouts/`), `deck.py` (the deck
the engine plays), `rules.py` (the rules' numbers and variants), `grammar.py` (step text read
into effect trees), `effects.py` (what each effect does to a game), `state.py` (a game in
progress and how it ends), `checks.py` (static checks), `policies.py`, `figures.py` and
`report.py` (the figures a simulation gathers and the report's section drawn from them).

Readings of the rules (where they are ambiguous or silent; docs/rules-readings.md quotes
the line of the rules each one reads):

- Who goes first: "Choose a player to go first" is drawn by the game's chance
  (`first_player`), never seat 0 by default; play then passes clockwise (up the seats).
- Positions: -1 is START (off the board); spaces 0..45 run clockwise; 46..48 are the three
  centre spaces, "the end of the board". A player has reached the end once they stand on a
  centre space or bounce off the end. The game ends, at the end of a turn, when every
  player still in the game has reached the end, or a Barter step ended it, or everyone is
  out. Moving past the end: collect 3 cents from each other player who has not reached it,
  bounce back for the remaining steps and from then on move counterclockwise; the
  collection and the reversal happen only the first time. A reversed player moving forward
  stops on the first space; anyone moving backward stops at START.
- A register shows nothing but its title until first landed on (position -1). "Advance" on
  the last step replaces the strip with one drawn at random from the unused pile (the old
  one is set aside; when the pile is empty, the set-aside strips are reshuffled into it);
  the new strip's (0), i.e. its first step, is obeyed. "(0)" always means a strip's first
  step (Life of Royalty's is (1)). Decreasing below the first step stays on the first step;
  turning a register that shows only its title down leaves it so (down never reveals).
- Landing when the register cannot advance (Life of Stasis) obeys the step showing, as a
  lock does. Locks matter only when a register is landed on; Chaos, Control and Change
  move locked registers freely. Taking two cents off a locked register puts them in your
  stash; the 3 cents spent and the 2 cents removed by the second option go to the jar; if
  cents remain on the register after the second option, nothing is obeyed. "After taking
  the effect of a space" the lander may lock its register with any even number of cents
  they hold: only when a step was obeyed (or Life of Fear's trap taken), never after a
  locked register left unobeyed or a register still showing its title.
- On an occupied space the lander chooses the target once for the space (both registers of
  a centre space); "you" in a step is its target, who also makes its choices. Life of
  Charity / Power steps target the poorest / richest player still in the game, ties going
  to the first in turn order from the obeyer.
- Fees: any cents a player must pay and cannot are owed; the payer moves back one space per
  cent owed (this move triggers nothing). Voluntary payments (offers, locks) need the cents.
- Ongoing steps (Chaos, Famine, Extremes, Stasis, Bounty) hold while their step shows in a
  register. "Rolls" in Chaos are movement rolls: the turn's roll and Life of Motion's die
  rolls, each modified on its own; Extremes' "die rolls" are every die rolled (a roll
  chosen instead of rolled is none, so is not doubled). Order: dice doubled, odd rolls +2,
  rolls reduced (not below 0), then backward ("go back one die roll" then goes forward).
  "Coin gains are halved" / "no player can gain money": every amount a player receives is
  halved (rounded down) / zero, the rest going to the jar; payers still pay in full.
- Turns: lost turns are skipped (not counted as played); "another turn" / "Take 2 turns"
  are extra turns after the current one; "take a turn right now" is a whole turn played at
  once, inside the current turn, which then goes on. "Choose your next roll": the chooser
  picks 1-6 for the next movement roll(s) of that player; Chaos's modifiers still apply,
  Extremes' doubling does not.
- The Crown: landing on Life of Royalty's register takes the Crown, advances the strip and
  the lander obeys the new step (giving the Crown cents is then nothing). Other players who
  pass or share the wearer's space during a move obey the current Royalty step afterwards.
  "All the cents you collect next turn" go to the wearer during that player's next turn.
- Life of Fear ("This only activates when a player lands in or passes your space"):
  obeying a Fear step, by landing or through another step (Chaos (7), Barter), gives the
  trap to the step's target instead; the holder keeps it until another player lands in or
  passes their space, then obeys the showing Fear step once, paying "the player who
  triggers this effect".
- Life of Mortality: Time tokens come from the jar; a player with at least ten (the note's
  number) is out: no more turns, not a target, returns -1 so they never win.
- Life of Waste: cents are put on the space where the obeyer stands (at START, in the jar);
  cents the obeyer lacks are owed as a fee and put nothing on any space. A lander on a space
  whose register holds Life of Waste may collect them before obeying the register.
- Life of Justice (2) "Gather up all coin piles and redistribute them evenly": the stashes
  of the players still in, shared in equal whole cents; the rest (fewer cents than
  players) goes to the jar.
- Choices the rules leave open: "Choose a player to give another player" needs two players
  other than you under Justice's note (else nothing happens), "Choose two players to give a
  player" three; "distribute them as you see fit" gives the half to one chosen player other
  than you (Justice: "Never target yourself"); "Flip X" lets you choose X from 1 to your
  cents, "nd" n from 1 to 6 dice; "All flip 5" stakes up to 5 cents each, ties share the
  pot (the odd cent to the first tied player from the obeyer); orders may be left unused;
  "Give a player 2 cents to get 3 cents from another player" and every "Pay X to Y" /
  "Pass your next turn to Y" are offers you may decline (Barter's trigger offers are made
  only when a matching register shows).
- "A register strip never modifies itself": steps that move, replace or obey registers
  (Chaos, Control's adjust, Change's orders and replacements, Barter) skip their own
  register; locking steps may lock any register, their own too. A replaced strip goes to the
  unused pile and the new one shows only its title. "Set all other registers to (0)" shows
  each strip's first step. "Take the effect of that space" lands you again; if that space's
  register is the one whose step sent you (Life of Motion on its own shape), its showing
  step is obeyed without advancing it. Landings and steps obeying other registers nest at
  most MAX_NESTED deep, so a chain always ends.
- The rules' variants: `tidal` (an odd movement roll decreases instead of advancing the
  register landed on) and `cycles` (the nickel rule, a flag per register; the nickel is a
  marker, not money).

The rules' holes: two positions leave nobody able to move, so the rules would go round for
ever: Life of Chaos (5) "All: Do not roll to move. Pay one cent for each space you want to
advance" showing while every player still in has no cent, and Chaos (6) "All rolls go
backward" showing with every pawn at START. The engine detects both (`stalemate`) and stops
the game; end_reason() says which of the two it is and the `stalemate_steps`
figure which step held it. Rarer ones it does not detect (the harness's action cap stops
them): the Crown's wearer, reversed on the first space, can never move again, and a broke
player at START who has not reached the end passes them on every move and falls back to
START whenever the Royalty step showing makes them owe at least their roll: (2)'s seven
cents against any roll Extremes (3) has not doubled, or (5)'s five while Chaos (1) "All
rolls are reduced by 1" keeps every roll at 5 or less. And Chaos (5) showing with every
player still in broke but one, whose cent buys a step onto a centre space that gives it
back (Joy (0)) and bounces them back where they were (Motion (2)), Stasis (5) holding
every other register.

Additions, not the rules (the `house-rules` variant, which closes these holes):

- Chaos (5)'s "All:" lasts one round, like "All flip 5:": when the step is obeyed, every
  player still in pays for their next move instead of rolling; it does not hold while the
  step merely shows.
- A backward roll (the turn's roll or Life of Motion's) from START bounces forward off it
  for its remaining spaces, as a move past the end of the board bounces back; so does a
  reversed player's roll that would go below the first space. Fees and "go back 3 spaces"
  still stop there.
"""

from generator.games.plugin import GamePlugin
from generator.games.slipmax.engine import SlipmaxEngine
from generator.games.slipmax.kinds import KINDS
from generator.games.slipmax.report import SECTIONS

PLUGIN = GamePlugin(SlipmaxEngine(), KINDS, __name__, SECTIONS)
