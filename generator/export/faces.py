"""The faces of a game, deck by deck, and one face as a page of its own (trim plus a
shop's bleed) for the per-face exports."""

from dataclasses import dataclass

from generator.layout.scene import Group, Rect, Scene
from generator.pipeline import PrintRun
from generator.sheets.model import Sheet


@dataclass
class Deck:
    """One component file: its faces in order, copies included (a copy is the same Scene
    object as its original, so exports can draw it once)."""

    name: str
    label: str
    fronts: list[Scene]
    backs: list[Scene | None]

    @property
    def two_sided(self) -> bool:
        return any(back is not None for back in self.backs)

    @property
    def common_back(self) -> Scene | None:
        """The one back every card shares, or None when backs differ or are missing."""
        first = self.backs[0]
        if first is None or any(back is None or back.items != first.items for back in self.backs):
            return None
        return first


def decks(run: PrintRun) -> list[Deck]:
    """Every component file of the game that has faces as a Deck, from the run's parts (so
    from the build cache when the game is unchanged); LayoutFailed on layout errors."""
    return [
        Deck(
            part.file.path.stem,
            part.kind.label or part.kind.name,
            [f.front for f in part.faces],
            [f.back for f in part.faces],
        )
        for part in run.parts()
        if part.faces  # a file may hold data other files draw from
    ]


def bled(scene: Scene, bleed: float) -> list:
    """The scene's items with every fill that covers the whole trim (a background) grown
    to `bleed` beyond it, so art runs into a shop's bleed however little the layout drew."""
    out = []
    for item in scene.items:
        if (
            isinstance(item, Rect)
            and item.style.fill
            and not item.radius
            and item.x <= 0
            and item.y <= 0
            and item.x + item.w >= scene.width
            and item.y + item.h >= scene.height
        ):
            item = Rect(
                min(item.x, -bleed),
                min(item.y, -bleed),
                max(item.x + item.w, scene.width + bleed) - min(item.x, -bleed),
                max(item.y + item.h, scene.height + bleed) - min(item.y, -bleed),
                item.style,
            )
        out.append(item)
    return out


def face_sheet(scene: Scene, bleed: float) -> Sheet:
    """The face alone on a page of its trim plus `bleed` each side: TrimBox and BleedBox
    set, backgrounds run to the page edge, other art clipped there."""
    w, h = scene.width + 2 * bleed, scene.height + 2 * bleed
    group = Group(tuple(bled(scene, bleed)), (1, 0, 0, 1, bleed, bleed), clip=(-bleed, -bleed, w, h))
    sheet = Sheet(w, h, [group], title=scene.name, side="")
    sheet.trim = (bleed, bleed, scene.width, scene.height)
    sheet.bleed = (0.0, 0.0, w, h)
    return sheet
