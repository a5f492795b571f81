"""Colours and pictures separated into process inks for an output profile, through
LittleCMS (Pillow's ImageCms).

Rendering intent: relative colorimetric with black-point compensation, for colours and
pictures alike. Colours inside the press's gamut print as given, those outside are moved to
its edge, and the darkest shadows of a picture map onto the press's black instead of
blocking up.

Black follows prepress practice rather than the profile:

- Black text, black lines up to THIN_LINE wide, and small black fills print in black ink
  alone (K 100), so they are sharp whatever the plates' registration.
- Black fills larger than LARGE_FILL print in RICH_BLACK, deeper than black ink alone.
- Greys (r = g = b) print as a tint of black ink alone, so they stay neutral on press.
- A colour a source gives in inks, `cmyk(c,m,y,k)`, prints as given: the way to opt out of
  all of the above.
"""

from functools import cache, lru_cache
from io import BytesIO

from msgspec import Struct
from PIL import Image, ImageCms

from generator.colour.profile import DEFAULT, OutputProfile, shipped
from generator.colour.value import Cmyk, cmyk_of, rgb_of

INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
FLAGS = ImageCms.Flags.BLACKPOINTCOMPENSATION
#: 240% in all, within DriveThruCards' limit and every press's.
RICH_BLACK = Cmyk(0.6, 0.4, 0.4, 1.0)
BLACK_INK = Cmyk(0.0, 0.0, 0.0, 1.0)
#: A black fill larger than this (mm², a square centimetre) is rich black.
LARGE_FILL = 100.0
#: A black line this wide or less (mm) is black ink alone; wider ones are fills in effect.
THIN_LINE = 1.0


class Separator(Struct, frozen=True):
    """Separates colours and pictures for one output profile."""

    profile: OutputProfile

    def text(self, colour: str) -> Cmyk:
        return self._separated(colour, large=False)

    def line(self, colour: str, width: float) -> Cmyk:
        return self._separated(colour, large=width > THIN_LINE)

    def fill(self, colour: str, area: float) -> Cmyk:
        return self._separated(colour, large=area > LARGE_FILL)

    def _separated(self, colour: str, large: bool) -> Cmyk:
        given = cmyk_of(colour)
        if given is not None:
            return given
        r, g, b = rgb_of(colour)
        if r == g == b:
            if r == 0:
                return RICH_BLACK if large else BLACK_INK
            return Cmyk(0.0, 0.0, 0.0, round(1 - r / 255, 4))
        return _through_profile(self.profile, colour)

    def picture(self, image: Image.Image) -> Image.Image:
        """The picture in CMYK, from its own embedded RGB profile (sRGB without one); its
        alpha is not kept (the caller decides what transparency becomes). A picture already
        in CMYK is taken as given."""
        if image.mode == "CMYK":
            return image
        icc = image.info.get("icc_profile")
        source = ImageCms.ImageCmsProfile(BytesIO(icc)) if icc else _srgb()
        if source.profile.xcolor_space.strip() != "RGB":
            source = _srgb()
        inks = _opened(self.profile)
        return _applied(ImageCms.profileToProfile(image.convert("RGB"), source, inks, INTENT, "CMYK", flags=FLAGS))


def _applied(image: Image.Image | None) -> Image.Image:
    """A conversion's result (ImageCms gives None only when converting in place)."""
    assert image is not None
    return image


@cache
def _srgb() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


@cache
def _opened(profile: OutputProfile) -> ImageCms.ImageCmsProfile:
    return ImageCms.getOpenProfile(str(profile.path))


@cache
def _to_cmyk(profile: OutputProfile) -> ImageCms.ImageCmsTransform:
    return ImageCms.buildTransform(_srgb(), _opened(profile), "RGB", "CMYK", INTENT, FLAGS)


@cache
def _to_rgb(profile: OutputProfile) -> ImageCms.ImageCmsTransform:
    return ImageCms.buildTransform(_opened(profile), _srgb(), "CMYK", "RGB", INTENT, FLAGS)


@lru_cache(maxsize=4096)
def _through_profile(profile: OutputProfile, colour: str) -> Cmyk:
    pixel = _applied(ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb_of(colour)), _to_cmyk(profile)))
    c, m, y, k = pixel.getpixel((0, 0))  # type: ignore[misc]
    return Cmyk(c / 255, m / 255, y / 255, k / 255)


@lru_cache(maxsize=4096)
def shown(colour: str) -> str:
    """How a colour looks on screen, as #rrggbb: an RGB one as it is, one given in inks as
    the default profile's press would print it (the SVG and PNG sheets, an RGB PDF)."""
    inks = cmyk_of(colour)
    if inks is None:
        return colour
    values = tuple(round(v * 255) for v in (inks.c, inks.m, inks.y, inks.k))
    pixel = _applied(ImageCms.applyTransform(Image.new("CMYK", (1, 1), values), _to_rgb(shipped()[DEFAULT])))
    r, g, b = pixel.getpixel((0, 0))  # type: ignore[misc]
    return f"#{r:02x}{g:02x}{b:02x}"
