"""A CMYK PDF finished as a print shop's prepress expects it, with pikepdf, once reportlab
has written it: the dieline's layer, and for PDF/X its output intent and version keys.

- PDF/X-1a:2003 (ISO 15930-4) and PDF/X-4 (ISO 15930-7) both want an OutputIntent naming
  the printing condition, with the output profile embedded; the version in the document
  information (X-1a) or in the XMP metadata (X-4); `Trapped` said; a TrimBox and a
  BleedBox on every page; every font that shows text embedded.
- The dieline, drawn in its own separation, is also a layer (optional content) named after
  it, except in PDF/X-1a, which is PDF 1.4 and has no layers.

Text objects that show nothing (reportlab's SVG drawings choose Helvetica in one whether or
not they hold text) are taken out, and with them the fonts no text is shown in: a PDF/X
checker takes every font a file names as one it must embed.
"""

from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from generator.colour.settings import PDFX_VERSIONS, ColourSettings
from generator.render.pdf_colour import LAYER
from generator.render.pdf_structure import SHOW_TEXT, Holder, forms, named


def finish(path: Path, colour: ColourSettings, title: str) -> None:
    """Finish the PDF at `path` in place for `colour`'s settings (a CMYK file)."""
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        _drop_unshown_fonts(pdf)
        if colour.layered:
            _layer(pdf, str(colour.dieline))
        if colour.pdfx:
            _pdfx(pdf, colour, title)
        # PDF/X-1a:2003 is PDF 1.4 at most, PDF/X-4 1.6 at most; layers need 1.5.
        version = "1.6" if colour.pdfx == "x4" or colour.layered else "1.4"
        pdf.save(
            path,
            deterministic_id=True,
            object_stream_mode=pikepdf.ObjectStreamMode.disable,
            min_version=version,
            force_version=version,
        )


def _layer(pdf: pikepdf.Pdf, name: str) -> None:
    group = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String(name)))
    pdf.Root.OCProperties = Dictionary(
        OCGs=Array([group]), D=Dictionary(Name=String("Layers"), Order=Array([group]), ON=Array([group]))
    )
    for page in pdf.pages:
        if Name.Resources not in page.obj:
            page.obj.Resources = Dictionary()
        if Name.Properties not in page.obj.Resources:
            page.obj.Resources.Properties = Dictionary()
        page.obj.Resources.Properties[Name("/" + LAYER)] = group


def _pdfx(pdf: pikepdf.Pdf, colour: ColourSettings, title: str) -> None:
    assert colour.profile is not None and colour.pdfx is not None
    profile = colour.profile
    version = PDFX_VERSIONS[colour.pdfx]
    stream = pdf.make_stream(profile.data)
    stream.N = 4
    described = _described(profile.path)
    intent = Dictionary(
        Type=Name.OutputIntent,
        S=Name.GTS_PDFX,
        OutputConditionIdentifier=String(profile.condition),
        OutputCondition=String(described),
        Info=String(described),
        RegistryName=String(profile.registry),
        DestOutputProfile=stream,
    )
    pdf.Root.OutputIntents = Array([pdf.make_indirect(intent)])
    info = pdf.docinfo
    info.Trapped = Name("/False")
    if colour.pdfx == "x1a":
        info.GTS_PDFXVersion = String(version)
        info.GTS_PDFXConformance = String(version)
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
        xmp["dc:title"] = title
        xmp["pdf:Trapped"] = "False"
        xmp["pdfxid:GTS_PDFXVersion"] = version
        xmp["xmp:CreateDate"] = xmp["xmp:ModifyDate"] = xmp["xmp:MetadataDate"] = _xmp_date(info)
    for page in pdf.pages:
        for box in (Name.TrimBox, Name.BleedBox):
            if box not in page.obj:
                page.obj[box] = page.obj.MediaBox


def _described(path: Path) -> str:
    from PIL import ImageCms

    return (ImageCms.getOpenProfile(str(path)).profile.profile_description or path.stem).strip()


def _xmp_date(info: Dictionary) -> str:
    """The document's creation date (D:YYYYMMDDHHmmSS...) as XMP writes dates."""
    raw = str(info.get(Name.CreationDate, "D:20000101000000"))[2:]
    return f"{raw[0:4]}-{raw[4:6]}-{raw[6:8]}T{raw[8:10]}:{raw[10:12]}:{raw[12:14]}Z"


def _drop_unshown_fonts(pdf: pikepdf.Pdf) -> None:
    """Drop every text object that shows nothing, then every font no Tf chooses."""
    chosen: set[tuple[int, int]] = set()
    streams = _content_streams(pdf)
    for holder, resources in streams:
        instructions = _without_empty_text(pikepdf.parse_content_stream(holder))
        if isinstance(holder, pikepdf.Page):
            holder.contents_coalesce()
            holder.obj.Contents.write(pikepdf.unparse_content_stream(instructions))
        else:
            holder.write(pikepdf.unparse_content_stream(instructions))
        shown_in = dict(named(resources, "/Font"))
        for instruction in instructions:
            font = shown_in.get(str(instruction.operands[0])) if str(instruction.operator) == "Tf" else None
            if font is not None:
                chosen.add(font.objgen)
    for _, resources in streams:
        if resources is None:
            continue
        for name in [name for name, font in named(resources, "/Font") if font.objgen not in chosen]:
            del resources["/Font"][name]


def _content_streams(pdf: pikepdf.Pdf) -> list[tuple[Holder, pikepdf.Object | None]]:
    """Every page's content, and every form XObject's drawn from a page, each once, with the
    resources each draws from."""
    seen: set[tuple[int, int]] = set()
    found: list[tuple[Holder, pikepdf.Object | None]] = []
    for page in pdf.pages:
        resources = page.obj.get("/Resources")
        found.append((page, resources))
        for form in forms(resources):
            if form.objgen not in seen:
                seen.add(form.objgen)
                found.append((form, form.get("/Resources")))
    return found


def _without_empty_text(instructions: list) -> list:
    """The instructions without the BT ... ET objects that show no text."""
    out, pending = [], None
    for instruction in instructions:
        operator = str(instruction.operator)
        if operator == "BT":
            pending = [instruction]
        elif pending is not None:
            pending.append(instruction)
            if operator == "ET":
                if any(str(i.operator) in SHOW_TEXT for i in pending):
                    out += pending
                pending = None
        else:
            out.append(instruction)
    return out
