"""The preview page's content as blocks the page replaces one by one: a game's head (its
name, its PDF line or source error, and its findings), a kind's heading, and each
component's article, each with its key, its place on the page ("g", "g.k", "g.k.c": the
game's, the kind's and the component's index). A version of the content is rendered from
the previews as blocks, each article again only when what it shows changed
(ContentRenderer); the blocks that differ between two versions of the same outline are
what the page is sent after an edit (server.py). A kind's articles past its first WINDOW
are sent a window at a time, as the page scrolls near them (Content.html, Content.articles).
"""

import json
from collections.abc import Callable, Iterable, Iterator
from functools import cache, cached_property

from jinja2 import Environment, PackageLoader
from markupsafe import Markup
from msgspec import Struct

from generator.findings import Finding
from generator.serve.preview import Component, FaceImage, GamePreview, KindGroup


@cache
def templates() -> Environment:
    return Environment(loader=PackageLoader("generator", "serve/templates"), autoescape=True)


class Macros(Struct, frozen=True):
    """content.html.j2's macros, one for each kind of block: each returns the block's HTML."""

    head: Callable[..., Markup]
    heading: Callable[..., Markup]
    article: Callable[..., Markup]


@cache
def _macros() -> Macros:
    module = templates().get_template("content.html.j2").module
    return Macros(*(getattr(module, name) for name in ("head", "heading", "article")))


class ShownFinding(Struct, frozen=True):
    """A finding as the page shows it."""

    severity: str
    text: str


def shown_findings(findings: Iterable[Finding]) -> tuple[ShownFinding, ...]:
    return tuple(ShownFinding(finding.severity.value, str(finding)) for finding in findings)


class ArticleFacts(Struct, frozen=True):
    """What a component's article shows, and all its HTML is rendered from: the same facts,
    the same HTML. The components are made anew on every rebuild (and copied for the
    second phase), so an article is remembered by these values, never by the object."""

    title: str
    place: str
    copies: int
    #: Named by their content: the same name, the same picture.
    front: FaceImage
    back: FaceImage | None
    findings: tuple[ShownFinding, ...]

    @classmethod
    def of(cls, component: Component) -> "ArticleFacts":
        shown = shown_findings(component.findings)
        return cls(component.title, component.place, component.copies, component.front, component.back, shown)


#: How many of a kind's articles the page is first sent, and then fetches at a time as it
#: scrolls: a page of 10,000 cards was 3.6 MB of HTML, all of which the browser parsed and
#: laid out before it showed anything. A multiple of the number of cards a row holds at
#: most widths (1 to 6, 8, 10, 12), so that a window's last row is full.
WINDOW = 120


class Block(Struct, frozen=True):
    """A part of the content the page replaces whole: its key (its place) and its HTML."""

    key: str
    html: Markup


class KindBlocks(Struct, frozen=True):
    """A kind's section: its label (the section's own attribute), heading and articles."""

    label: str
    heading: Block
    articles: tuple[Block, ...]


class GameBlocks(Struct, frozen=True):
    """A game's section: its slug (the section's own attribute), head and kinds."""

    slug: str
    head: Block
    kinds: tuple[KindBlocks, ...]


class Content(Struct, frozen=True, dict=True):
    """One version of the page's content, as blocks."""

    version: int
    games: tuple[GameBlocks, ...]

    @property
    def outline(self) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
        """What the blocks' keys and the sections around them depend on: each game's slug,
        and the label and number of components of each of its kinds."""
        return tuple((game.slug, tuple((kind.label, len(kind.articles)) for kind in game.kinds)) for game in self.games)

    def blocks(self) -> Iterator[Block]:
        """Every block, in page order."""
        for game in self.games:
            yield game.head
            for kind in game.kinds:
                yield kind.heading
                yield from kind.articles

    def changed_since(self, old: "Content") -> tuple[Block, ...] | None:
        """The blocks whose HTML differs from `old`'s, or None when the outlines differ
        (then the keys name other places, and only the whole content will do)."""
        if old.outline != self.outline:
            return None
        return tuple(new for was, new in zip(old.blocks(), self.blocks(), strict=True) if was.html != new.html)

    @cached_property
    def html(self) -> str:
        """The whole content, rendered when first asked for (an edit's page asks for the
        changes alone): each kind's first WINDOW articles, and for the rest a placeholder
        for each WINDOW of them, which the page fills as it scrolls near (`articles`)."""
        return templates().get_template("content.html.j2").render(games=self.games, window=WINDOW)

    def articles(self, kind: str, start: int, stop: int) -> tuple[Block, ...] | None:
        """The articles start..stop-1 of the kind whose heading's key is `kind`, at most
        WINDOW of them; None when there is no such kind or range."""
        for game in self.games:
            for shown in game.kinds:
                if shown.heading.key == kind and 0 <= start < stop <= min(len(shown.articles), start + WINDOW):
                    return shown.articles[start:stop]
        return None


class Delta(Struct, frozen=True):
    """What changed from one version of the content to `version`."""

    version: int
    blocks: tuple[Block, ...]

    def json(self) -> str:
        blocks = [[block.key, block.html] for block in self.blocks]
        return json.dumps({"version": self.version, "blocks": blocks}, ensure_ascii=False)


#: What a rendering remembers of each article: what it showed, and its block.
Rendered = dict[str, tuple[ArticleFacts, Block]]


class ContentRenderer:
    """Renders the content of each version as blocks, an article again only when what it
    shows changed: a rebuild where one card of 10,000 changed renders one article. It
    remembers, for each key, what the last version it rendered showed there, and no more."""

    def __init__(self) -> None:
        self.articles: Rendered = {}

    def render(self, version: int, games: Iterable[GamePreview]) -> Content:
        rendered: Rendered = {}
        content = Content(version, tuple(self._game(str(n), game, rendered) for n, game in enumerate(games)))
        self.articles = rendered
        return content

    def _game(self, key: str, game: GamePreview, rendered: Rendered) -> GameBlocks:
        """The game's head, and unless its source is in error (when nothing else is shown),
        its kinds."""
        head = Block(key, _macros().head(game, shown_findings(game.findings), key))
        groups = [] if game.error else game.groups
        kinds = tuple(self._kind(f"{key}.{n}", group, rendered) for n, group in enumerate(groups))
        return GameBlocks(game.slug, head, kinds)

    def _kind(self, key: str, group: KindGroup, rendered: Rendered) -> KindBlocks:
        heading = Block(key, _macros().heading(group, key))
        articles = tuple(self._article(f"{key}.{n}", c, rendered) for n, c in enumerate(group.components))
        return KindBlocks(group.label, heading, articles)

    def _article(self, key: str, component: Component, rendered: Rendered) -> Block:
        facts = ArticleFacts.of(component)
        known = self.articles.get(key)
        block = known[1] if known is not None and known[0] == facts else Block(key, _macros().article(facts, key))
        rendered[key] = facts, block
        return block
