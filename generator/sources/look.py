"""A game's look: the title face, colours and emblem of the pages cutsheet composes for it.

    # game.yaml
    look:
      title_font: Bebas Neue     # a family or face of the game's fonts (its fonts/ folder, or shipped)
      colour: "#7a1f2b"          # the cover's title and the rules' headings
      accent: "#1b4f8a"          # the rule under the cover's title
      emblem: vortex             # an icon of the game's, drawn above the cover's title

The cover's title and the rules' headings are set in it, so that the pages around a game's
sheets speak its design language. The cards are the layouts' to style: the
shipped games' layouts name the same face and colours, and a test holds the two together.
"""

from msgspec import Struct

from generator.colour.value import parse_colour
from generator.sources.errors import Loc
from generator.sources.fonts import FontBook
from generator.sources.frozen import LocMap
from generator.sources.schema import COLOUR, closed

LOOK_SCHEMA = closed(
    {
        "title_font": {"type": "string", "minLength": 1},
        "colour": COLOUR,
        "accent": COLOUR,
        "emblem": {
            "type": "string",
            "pattern": "^[A-Za-z0-9][A-Za-z0-9_/-]*$",
            "description": "an icon's name such as vortex (its file: vortex.svg)",
        },
    },
    [],
)

#: A game that says nothing of its look gets these.
DEFAULT_TITLE_FONT = "Play-Bold"
DEFAULT_COLOUR = "#000000"
#: What sets the characters a title face lacks.
TITLE_FALLBACK = "DejaVuSans-Bold"


class Look(Struct, frozen=True):
    """What game.yaml's `look:` says, with the defaults for what it leaves out."""

    title_font: str = DEFAULT_TITLE_FONT
    colour: str = DEFAULT_COLOUR
    accent: str = DEFAULT_COLOUR
    #: An icon's name, or "" for none.
    emblem: str = ""
    #: Where the emblem was named (a missing icon is reported there).
    emblem_loc: Loc | None = None

    @property
    def title_fonts(self) -> tuple[str, str]:
        """The chain a title is set in: the title face, then TITLE_FALLBACK."""
        return (self.title_font, TITLE_FALLBACK)


#: The look of a game whose game.yaml says none.
PLAIN = Look()


def read_look(data: LocMap | None, fonts: FontBook) -> Look:
    """The look game.yaml declares (already validated against LOOK_SCHEMA): its title font
    must be one of the game's faces, else SourceError at its place."""
    if data is None:
        return PLAIN
    font = str(data.get("title_font", DEFAULT_TITLE_FONT))
    if "title_font" in data:
        fonts.face(font, data.loc_of("title_font"))
    colour = parse_colour(str(data.get("colour", DEFAULT_COLOUR)), names=False) or DEFAULT_COLOUR
    return Look(
        title_font=font,
        colour=colour,
        accent=parse_colour(str(data.get("accent", colour)), names=False) or colour,
        emblem=str(data.get("emblem", "")),
        emblem_loc=data.loc_of("emblem") if "emblem" in data else None,
    )
