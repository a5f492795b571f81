"""The icons a player may choose for their chips without supplying a drawing.

A chip side names one of these (each drawn from its SVG in this package's layouts/icons/),
or `icons/<name>.svg`: an SVG file in the game folder's icons/, where the build looks for
icons by name first.
"""

import re

#: A user's own icon, as a chip side names it.
USER_ICON = re.compile(r"^icons/([A-Za-z0-9_-]+)\.svg$")

BUILTIN_ICONS = frozenset(
    {
        "flowers",
        "shoes",
        "stars",
        "hearts",
        "moons",
        "suns",
        "leaves",
        "anchors",
        "crowns",
        "fish",
    }
)
