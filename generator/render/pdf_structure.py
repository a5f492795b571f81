"""A PDF's content as pikepdf reads it: each page's content streams with the resources they
draw from (the page's own and each form XObject's under it, once), and what shows text. The
PDF/X finishing (pdfx.py) and the prepress preflight (generator/export/preflight.py) walk a
file the same way."""

from collections.abc import Iterator

import pikepdf

#: The operators that show text in the font a Tf chose.
SHOW_TEXT = frozenset({"Tj", "TJ", "'", '"'})

#: A content stream's owner: a page (its contents), or a form XObject (itself a stream).
Holder = pikepdf.Page | pikepdf.Object


def contents(page: pikepdf.Page) -> list[tuple[Holder, pikepdf.Object | None]]:
    """The page's content and each of its forms', with the resources each draws from."""
    resources = page.obj.get("/Resources")
    return [(page, resources), *((form, form.get("/Resources")) for form in forms(resources))]


def forms(resources: pikepdf.Object | None) -> Iterator[pikepdf.Object]:
    """The form XObjects some resources name, and theirs, each once."""
    seen: set[tuple[int, int]] = set()
    stack = [resources]
    while stack:
        found = stack.pop()
        for _, xobject in named(found, "/XObject"):
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                stack.append(xobject.get("/Resources"))
                yield xobject


def named(resources: pikepdf.Object | None, kind: str) -> list[tuple[str, pikepdf.Object]]:
    """The objects of one kind (/Font, /XObject) some resources name, by name; none without them."""
    if resources is None or kind not in resources:
        return []
    return list(resources[kind].items())
