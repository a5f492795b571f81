"""Whipped!: sponsor bills, auction their levels for riders, and score the solid squares.

The package, module by module:

engine.py    the Engine: players, options, endings, deck, checks, supply, policies, figures
items.py     the typed items of the bills, riders, bidding tokens, votes and rules summary
kinds.py     how each of them is drawn
deck.py      the engine's deck: bills and riders one per physical card, riders' gains parsed
rules.py     the rules' numbers, the timer option, and scoring a passed bill
grammar.py   the rider-effect grammar: a rider's text into gains
state.py     the game in progress, its actions and its endings
checks.py    static checks (their codes are listed there)
colours.py   colour-blind simulation, for telling vote colours apart
policies.py  random and greedy players
figures.py   the figures simulations gather
report.py    the report's section: how often each bill passed
layouts/     the components' layouts

Readings of the rules (each a place where the rules leave a choice):

- "Starting with the starting player for the round": the rules never say who starts the
  first round, so the engine draws the first starting player at random (GameState.first_player);
  "the starting player moves to the left" each round after.
- "This must all take place within 60 seconds": the timer is a budget of bidding passes
  (option `timer_passes`, rules.TIMER_PASSES); the sponsor's own choices take no time, and the
  rule-5 sponsorship auction, run "with the timer stopped", gets a budget of its own.
- "The lowest allowable bid is one rider": the rules set no highest bid; the engine offers
  up to rules.MAX_BID_RIDERS riders a bid so that rule 1 (an empty hand draws) cannot drain
  the rider deck into one bid.
- "If consensus on a bill cannot be achieved, the sponsor takes their votes back and their
  turn is skipped": only a passed bill "is set aside, unavailable for selection", so an
  abandoned bill stays on the table and a later sponsor may choose it in the same round.
- Rule 3, "not accept bids for a level and place their own votes a second time ... lose 1
  point for every additional level they occupy": only the sponsor accepts bids, so the
  penalty is theirs (rules.occupant_points). A bidder who wins both the level 2 and the
  level 3 auction takes "points for every solid box on their level" on each, no penalty.
- "+1 point for each solid square on your level": a rider's level is the one its bid was for
  (state.PlacedRider), level 2 or 3 for a bidder, so a bidder on both levels has each rider
  count its own; the riders a rule-5 winner bid for the sponsorship count level 1, even when
  rule 3 has them score another level.
- "Riders ... yielding extra points or votes for whoever played them": votes a rider pays
  join the player's supply for the rest of the round ("all remaining votes ... are
  discarded" at its end).
- "all bills are cleared of votes" only at the end of the round: votes on a passed bill stay
  out of the box until then, so a player can have more than the 10 dealt out at once. The
  most is rules.most_votes_in_a_round: 10 plus every vote the riders pay (36 with the shipped
  riders); the shipped votes print that many of each colour, and the simulation records the
  peak of each colour (and of the bidding tokens, one per player a level) against the
  printed counts (Engine.supply).
- "bills are discarded and new ones set out": when the bills run out (check W003) the engine
  reuses bills not on the table.

Additions: none. Every game ends: there are as many rounds as players and as many turns as
players in each, every auction has a bounded number of passes, and "abandon" (no
consensus) is always open to the auctioneer, so the rules have no hole that stops a game;
end_reason() is always WhippedEnding.ROUNDS_PLAYED ("rules").
"""

from generator.games.plugin import GamePlugin
from generator.games.whipped.engine import WhippedEngine
from generator.games.whipped.kinds import KINDS
from generator.games.whipped.report import SECTIONS

PLUGIN = GamePlugin(WhippedEngine(), KINDS, __name__, SECTIONS)
