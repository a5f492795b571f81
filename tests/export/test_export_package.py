"""The export package (generator/export/__init__.py) says what it is for: print shops,
Tabletop Simulator and cutting machines, through `cutsheet export`. Every profile it ships
serves one of these (each shop by name in its help line), and the writers its profiles name
are the package's own."""

import generator.export
from generator.export import profiles
from generator.export.profile import EXPORTS

#: Who each shipped profile is for, as its help line names it, and the words of the
#: package's docstring for that audience.
AUDIENCE = {
    "cutter": ("Cutting machines", "cutting machines"),
    "drivethrucards": ("DriveThruCards", "print shops"),
    "makeplayingcards": ("MakePlayingCards", "print shops"),
    "thegamecrafter": ("The Game Crafter", "print shops"),
    "tts": ("Tabletop Simulator", "Tabletop Simulator"),
}


def test_the_docstring_names_the_audience_of_every_shipped_profile():
    doc = generator.export.__doc__
    assert "`cutsheet export`" in doc
    installed = EXPORTS.installed()
    assert sorted(installed) == sorted(AUDIENCE)
    for name, (named, audience) in AUDIENCE.items():
        assert installed[name].help.startswith(named + ":")
        assert audience in doc


def test_the_profiles_are_the_packages_own():
    assert profiles.__name__.startswith(generator.export.__name__ + ".")
    for profile in EXPORTS.installed().values():
        assert profile.write.__module__ == profiles.__name__
