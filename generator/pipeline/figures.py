"""The pictures a game's rules and cover show: its own components, as its sheets draw them.

rules.md writes `![A sample bill](<component:bills.yaml#Clean Rivers Act>)`: a component file
as game.yaml lists it and, after `#`, one of its items: its title or name (in any case), or
its number in the file from 1; with no `#`, the file's first item. The picture is that
item's front. A picture's text is drawn as outlines (render/glyphs.py): searching or copying
the file finds the cards on their sheets, not in the rules or on the cover.
"""

from collections.abc import Callable, Mapping, Sequence

from msgspec.structs import replace

from generator.layout.scene import Scene
from generator.pipeline.parts import Laid
from generator.sources.errors import Loc, SourceError
from generator.sources.game import Game
from generator.sources.rules import Block

PREFIX = "component:"


#: How a face becomes a picture: as_picture, or the build cache's copy of what it made.
Outline = Callable[[Scene], Scene]


def as_picture(scene: Scene) -> Scene:
    """The scene with its text drawn as outlines: read from the fonts by fontTools, which is
    imported only to draw one (a build that makes no picture of a component, and writes no
    SVG, needs nothing of it)."""
    from generator.render.glyphs import outlined

    return replace(scene, items=list(outlined(tuple(scene.items))))


def rules_pictures(
    game: Game, laid: Sequence[Laid], blocks: tuple[Block, ...], outline: Outline = as_picture
) -> Mapping[str, Scene]:
    """Each address the rules' figures name -> its picture; SourceError at the first that
    names no component of the game."""
    found: dict[str, Scene] = {}
    for block in blocks:
        for address, loc in block.pictures:
            if address not in found:
                found[address] = outline(_front(game, laid, address, loc))
    return found


def _front(game: Game, laid: Sequence[Laid], address: str, loc: Loc) -> Scene:
    if not address.startswith(PREFIX):
        raise SourceError(
            loc, f"{address!r} is no picture the rules can show: write a component, as <component:bills.yaml#Title>"
        )
    name, _, wanted = address.removeprefix(PREFIX).partition("#")
    parts = {part.file.path.relative_to(game.folder).as_posix(): part for part in laid}
    part = parts.get(name)
    if part is None:
        raise SourceError(loc, f"{name!r} is not a component file of this game (its files: {', '.join(parts)})")
    at = 0
    names = []
    for number, component in enumerate(part.file.components, 1):
        fields = component.fields
        title = " ".join(str(fields.get("title", fields.get("name", ""))).split())
        names.append(title or str(number))
        copies = component.count
        if not wanted or wanted == str(number) or title.casefold() == " ".join(wanted.split()).casefold():
            if copies < 1:
                raise SourceError(loc, f"{address!r} names an item that prints no copy (its count is 0)")
            return part.faces[at].front
        at += copies
    shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
    raise SourceError(loc, f"{name} has no item {wanted!r} (its items: {shown}; or a number from 1)")
