"""The icons a player may choose for their chips without supplying a drawing.

A chip side names one of these, or the path of an .svg file inside the game folder.
"""

BUILTIN_ICONS = frozenset({
    "flowers", "shoes", "stars", "hearts", "moons", "suns", "leaves", "anchors", "crowns", "fish",
})
