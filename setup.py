"""What pyproject.toml cannot say: the packages found under generator/ plus the repository's
top-level data folders, each mapped into the package (see generator/shipped), and the
modules compiled with mypyc.

The Sliders engine, which simulations spend nearly all their time in, is compiled when a
wheel is built (`pip install .`, `pip wheel .`): its games play about three times as fast. The
compiled modules are the same source, so they play the same games. An editable install
stays plain Python, so that an edited module takes effect at once, and so does any build
with CUTSHEET_PURE_PYTHON=1 set or one where compiling fails (no C compiler): cutsheet works
the same, only its Sliders simulations run slower, which `cutsheet check --simulate` says in
one line (pip shows a build's own output only with -v). mypy, which carries mypyc, is
installed into pip's build environment for a wheel alone (build_backend/cutsheet_backend.py).
"""

import os
import sys

from setuptools import Extension, find_packages, setup

SHIPPED = {
    "generator.shipped.components": "components",
    "generator.shipped.layouts": "layouts",
    "generator.shipped.fonts": "fonts",
}

#: The engine's state, everything it calls per action and the deck and rules it reads, and
#: the harness's loop that calls it. GameState stays plain Python (generator/games/game_state.py
#: says why).
COMPILED = [
    "generator/check/playout.py",
    *(
        f"generator/games/sliders/{name}.py"
        for name in (
            "state",
            "invariants",
            "property",
            "movement",
            "effects",
            "trades",
            "policies",
            "stats",
            "deck",
            "rules",
        )
    ),
]

#: How mypyc reads the code around the compiled modules. The modules they import are read for
#: their types alone (`silent`: their own type errors are `mypy generator`'s to find, not
#: the build's), and no installed package is read (third-party types are Any): what the
#: compiled modules use comes from the standard library and the stubs mypy carries. The C it
#: writes is the same, and it writes it in a sixth of the time; reading every package
#: installed beside the build (numpy, matplotlib and the like, by way of the modules the
#: engine imports) took half of a wheel's build.
MYPYC_OPTIONS = ["--ignore-missing-imports", "--no-site-packages", "--follow-imports=silent"]

#: How hard the C compiler optimises the compiled modules: mypyc's own -O3 unless
#: MYPYC_OPT_LEVEL says otherwise, as it does for mypyc's command. With gcc at 1, a wheel
#: builds in about 31 s rather than 43 s, and its modules play the same games, here no
#: measurably slower; the test of the installed wheel builds it so. (At 0 the engine is
#: slower than plain Python.)
OPT_LEVEL = os.environ.get("MYPYC_OPT_LEVEL", "3")

#: The setup.py commands that build a wheel's modules (not metadata, an sdist or an editable
#: install).
BUILDING = {"bdist_wheel", "build", "build_ext", "install"}


def compiled_modules() -> list[Extension]:
    if os.environ.get("CUTSHEET_PURE_PYTHON") or not BUILDING & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify([*MYPYC_OPTIONS, *COMPILED], group_name="cutsheet_compiled", opt_level=OPT_LEVEL)
    except (ImportError, SystemExit) as exc:  # mypycify exits on errors of its own
        print(f"warning: the Sliders engine stays plain Python ({exc})", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True  # no C compiler: the plain modules are installed instead
    return extensions


setup(
    packages=[*find_packages(include=["generator", "generator.*"]), *SHIPPED],
    package_dir=SHIPPED,
    ext_modules=compiled_modules(),
)
