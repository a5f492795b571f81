"""Paper presets (layouts/sheets/*.yaml) in millimetres."""

from dataclasses import dataclass

from generator.sources.layouts import load_paper
from generator.units import parse_length


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    margin: float  # what printers cannot reach
    marks: float  # the crop-mark band inside the margin

    @property
    def inset(self) -> float:
        """Distance from the paper edge to where components may start."""
        return self.margin + self.marks

    def rotated(self) -> "Paper":
        return Paper(self.name, self.height, self.width, self.margin, self.marks)

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def paper(name: str) -> Paper:
    data = load_paper(name)
    return Paper(data["name"], *(parse_length(data[k]) for k in ("width", "height", "margin", "marks")))
