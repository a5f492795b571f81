"""Static checks of a Twisty Passages deck: no simulation needed.

Codes (severity, meaning):

- TP002 error    a card's effect text does not parse with the card grammar (grammar.py)
- TP003 error    an inline icon `:name:` has no <name>.svg in the game's icons/ or layouts/icons/
- TP004 error    `discard_effect: true` without a :star: in the effect, or a :star: without it
- TP005 error    a holder in "If you have X, you may draw an extra card" names no card or zone of the deck
- TP006 error    a prose outcome inside a dice line that the engine has no action for
- TP010 info     cards by kind and by zone (one summary)
- TP011 warning  the four zones do not have the same number of cards
- TP020 error    the win-threshold table lacks a player count the engine supports (2-5)
- TP021 error    a player count appears twice in the win-threshold table
- TP022 error    a threshold the deck cannot reach: more cards than the deck holds
- TP030 warning  a card has prose the engine does not obey (no handler for its title)
- TP040 info     words on a card that the rules do not have: a reconstruction added them
                 (listed under the card's `added:`), reported at the words
- TP041 error    an `added:` entry that the card's effect and flavour do not print
"""

import re
from collections import Counter

from generator.findings import Finding, error, info, warning
from generator.games.grammar import EffectError
from generator.games.twisty_passages import cards as card_rules
from generator.games.twisty_passages import steps
from generator.games.twisty_passages.deck import effect_loc
from generator.games.twisty_passages.effects import title_of
from generator.games.twisty_passages.grammar import Bonus, Effect, Line, Prose, ProseLine, icons_in, parse_effect
from generator.games.twisty_passages.items import ZONES, MazeCard, WinThreshold
from generator.layout.folders import context_for
from generator.sources.errors import Loc
from generator.sources.game import Game

PLAYER_COUNTS = range(2, 6)


def icon_names(game: Game) -> set[str]:
    """Every icon the build can draw for this game: the game folder's icons/, this package's
    layouts/icons/, then the shared ones."""
    return {path.stem for folder in context_for(game).icon_dirs for path in folder.glob("*.svg")}


def static_checks(game: Game) -> list[Finding]:
    available = icon_names(game)
    findings: list[Finding] = []
    valid: list[tuple[MazeCard, Effect]] = []
    for item in game.typed("maze-card", MazeCard):
        findings += _icon_findings(item, available)
        try:
            effect = parse_effect(item.effect)
        except EffectError as exc:
            findings.append(error("TP002", f"{item.title!r}: {exc}", effect_loc(item, exc.line)))
            continue
        valid.append((item, effect))
    findings += _card_findings(valid)
    findings += _count_findings(game, valid)
    findings += _threshold_findings(game, sum(item.count for item, _ in valid))
    return findings


def _icon_findings(item: MazeCard, available: set[str]) -> list[Finding]:
    found = []
    for name, line, _ in icons_in(item.effect):
        if name not in available:
            found.append(
                error(
                    "TP003",
                    f"unknown icon :{name}: on {item.title!r} (no {name}.svg in the game's icons/ or layouts/icons/)",
                    effect_loc(item, line),
                )
            )
    return found


def _card_findings(valid: list[tuple[MazeCard, Effect]]) -> list[Finding]:
    titles = {item.title for item, _ in valid}
    found = []
    for item, effect in valid:
        title, loc = item.title, item.loc
        starred = "star" in effect.icons
        if item.discard_effect != starred:
            why = "has no :star:" if not starred else "has a :star: but no discard_effect: true"
            found.append(error("TP004", f"{title!r} {why}", item.loc_of("effect")))
        for line in effect.lines:
            found += _holder_findings(item, line, titles)
            found += _prose_act_findings(item, line)
        found += _added_findings(item)
        prose = any(isinstance(line, ProseLine) for line in effect.lines)
        if prose and not card_rules.obeys_prose(title, item.zone):
            found.append(warning("TP030", f"the engine does not obey {title!r}'s text (no handler)", loc))
    return found


def _added_findings(item: MazeCard) -> list[Finding]:
    """TP040 for each run of words a reconstruction added to the card, TP041 if it is not there."""
    found = []
    for index, words in enumerate(item.added):
        place = _printed_at(item, words)
        if place is None:
            message = f"{item.title!r}: added words {words!r} are not in its effect or flavour"
            found.append(error("TP041", message, item.source["added"].loc_of(index)))
        else:
            where, loc = place
            message = f"{item.title!r}: {words!r} in its {where} is a reconstruction; the rules do not have it"
            found.append(info("TP040", message, loc))
    return found


def _printed_at(item: MazeCard, words: str) -> tuple[str, Loc] | None:
    """Which text of the card prints these words (effect or flavour, any line breaks between
    them), and where: the line of an effect's literal block, else the text's start."""
    pattern = r"\s+".join(map(re.escape, words.split()))
    match = re.search(pattern, item.effect)
    if match:
        return "effect", effect_loc(item, 1 + item.effect[: match.start()].count("\n"))
    if item.flavour is not None and re.search(pattern, item.flavour):
        return "flavour", item.loc_of("flavour")
    return None


def _holder_findings(item: MazeCard, line: Line, titles: set[str]) -> list[Finding]:
    if not isinstance(line, Bonus):
        return []
    found = []
    for holder in line.holders:
        words = holder.split()
        zone_ok = words[-2:] == ["Zone", "card"] and len(words) >= 3 and words[-3].lower() in ZONES
        if not zone_ok and title_of(holder) not in titles:
            message = f"{item.title!r}: {holder!r} is no card or zone of this deck"
            found.append(error("TP005", message, item.loc_of("effect")))
    return found


def _prose_act_findings(item: MazeCard, line: Line) -> list[Finding]:
    outcome = getattr(line, "outcome", None) or getattr(line, "otherwise", None) or ()
    return [
        error("TP006", f"{item.title!r}: no engine action for {act.text!r}", item.loc_of("effect"))
        for choice in outcome
        for act in choice
        if isinstance(act, Prose) and act.text not in steps.PROSE_ACTS
    ]


def _count_findings(game: Game, valid: list[tuple[MazeCard, Effect]]) -> list[Finding]:
    kinds: Counter[str] = Counter()
    zones: Counter[str] = Counter()
    for item, _ in valid:
        kinds[item.kind] += item.count
        if item.zone is not None:
            zones[item.zone] += item.count
    files = game.files_of("maze-card")
    loc = files[0].data.loc if files else None
    total = sum(kinds.values())
    summary = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    by_zone = ", ".join(f"{z} {zones[z]}" for z in ZONES)
    found = [info("TP010", f"{total} cards: {summary}; zones: {by_zone}", loc)]
    if len({zones[z] for z in ZONES}) > 1:
        found.append(warning("TP011", f"the zones are not even: {by_zone}", loc))
    return found


def _threshold_findings(game: Game, deck_size: int) -> list[Finding]:
    found: list[Finding] = []
    seen: dict[int, WinThreshold] = {}
    for item in game.typed("win-threshold", WinThreshold):
        players, cards = item.players, item.cards
        if players in seen:
            first = seen[players].loc.line
            found.append(error("TP021", f"{players} players appears twice (first at line {first})", item.loc))
        seen[players] = item
        if cards > deck_size:
            message = f"{players} players need {cards} cards in a path but the deck has only {deck_size}"
            found.append(error("TP022", message, item.loc_of("cards")))
    files = game.files_of("win-threshold")
    loc = files[0].data.loc if files else (game.data.loc if game.data else None)
    missing = [n for n in PLAYER_COUNTS if n not in seen]
    if missing:
        found.append(error("TP020", f"no win threshold for {', '.join(map(str, missing))} players", loc))
    return found
