"""The pages of every game, written once: the shells of ``web/partials/`` filled
with each page's words (``web/partials/pages.toml``).

Every file ``web/partials/NAME.html`` is the placeholder ``{{NAME}}`` (in upper
case, ``-`` as ``_``: ``page-head.html`` is ``{{PAGE_HEAD}}``). A page listed in
the table also gets its words (``{{TITLE}}``, ``{{GAME_HOME}}``, ...) and the
parts made from them here: its head's lines, its body's attributes, the links
of its header and footer. A filled placeholder may hold more placeholders:
they are filled in turn. What is left (``{{BUILD_ID}}``, the vendors' URLs) is
the build's (build.py's ``copy_web``).

The parts of any page: ``{{PAGE_HEAD}}`` (charset, viewport, icon, manifest,
theme colour, the early theme script and the colours) or ``{{FRAME_HEAD}}``
(a page made to be framed: the same without icon file or manifest); the
dialogs and panels every game's page of a kind holds (``{{GAMES_DIALOG}}``,
``{{KEYS_DIALOG}}``, ``{{RECORD_DIALOG}}``, ``{{CORR_BOX}}``,
``{{CORR_DIALOG}}``, ``{{TEXT_PLAY}}``, ``{{LESSON_PANEL}}``,
``{{PUZZLE_PANEL}}``, ``{{ANALYSIS_PANEL}}``).

A page of a game is its source in ``web/`` between ``{{PAGE_TOP}}`` (the
doctype, the head with its title, description, stylesheets and scripts, the
body's class, surface and game, the header of its kind: ``header-game``,
``header-page`` or ``header-rules``) and ``{{PAGE_BOTTOM}}`` (the game
page's shared dialogs with ``{{SETTINGS_DIALOG}}``, then ``footer-app``: the
credit, the links to the game's other pages, the games, language and theme;
``footer-rules`` on a rules page). The parts two games' pages of a kind
share are shells with the game's words too: the main part of each kind
(``{{GAME_MAIN}}``, ``{{EDITOR_MAIN}}``, ``{{ANALYSIS_MAIN}}``, and
``{{SIDE_MAIN}}`` for a lesson or puzzles), ``{{GAME_BOARD}}`` (the game
page's board and first screen's choice), ``{{BOARD}}`` (a board and its
loading box) and ``{{RULES_SUMMARY}}``. A source fills its kind's slots with
blocks of its own (``{{#PLAYERS}}...{{/PLAYERS}}``).
"""

from __future__ import annotations

import re
import textwrap
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from web.tools.common import BuildError

TABLE = "pages.toml"
PLACEHOLDER = re.compile(r"\{\{([A-Z0-9_]+)\}\}")
# A placeholder and the indentation before it, when it starts its line.
SLOT = re.compile(r"((?:^|\n)[ \t]*|)\{\{([A-Z0-9_]+)\}\}")
# What a page's source puts in a slot of its kind's shell: {{#NAME}}...{{/NAME}}.
BLOCK = re.compile(r"[ \t]*\{\{#([A-Z0-9_]+)\}\}(.*?)\{\{/\1\}\}\n?", re.S)
# A shell holds shells, never itself: more passes than this is a loop.
MAX_DEPTH = 8


class PageError(BuildError):
    """A page or the table of words is not as the shells need it."""


@dataclass(frozen=True)
class Page:
    """A page of a game: its file name, its game, kind and language, and all its
    words (the game's, the kind's, the language's and its own, as read)."""

    name: str
    game: str
    kind: str
    lang: str
    words: Mapping[str, Any]
    own: Mapping[str, Any]


@dataclass(frozen=True)
class Site:
    """The table of ``pages.toml``."""

    games: Mapping[str, Mapping[str, Any]]
    kinds: Mapping[str, Mapping[str, Any]]
    languages: Mapping[str, Mapping[str, Any]]
    pages: Mapping[str, Page]

    def page_of(self, game: str, kind: str, lang: str = "en") -> str:
        """The file name of ``game``'s page of ``kind`` in ``lang``."""
        for page in self.pages.values():
            if (page.game, page.kind, page.lang) == (game, kind, lang):
                return page.name
        raise PageError(f"{game} has no {kind} page in {lang}")


def load_site(partials: Path) -> Site:
    table = tomllib.loads((partials / TABLE).read_text(encoding="utf-8"))
    games, kinds, languages = table["games"], table["kinds"], table["languages"]
    pages: dict[str, Page] = {}
    for name, own in table["pages"].items():
        game, kind, lang = own["game"], own["kind"], own.get("lang", "en")
        if game not in games or kind not in kinds or lang not in languages:
            raise PageError(f"{TABLE}: {name} names an unknown game, kind or language")
        words = {**languages[lang], **games[game], **kinds[kind], **own, "lang": lang}
        pages[name] = Page(name, game, kind, lang, words, own)
    return Site(games, kinds, languages, pages)


def partial_texts(partials: Path) -> dict[str, str]:
    """Each partial's placeholder and its text."""
    return {
        path.stem.upper().replace("-", "_"): path.read_text(encoding="utf-8").strip()
        for path in sorted(partials.glob("*.html"))
    }


def plain_words(words: Mapping[str, Any]) -> dict[str, str]:
    """The table's words as placeholders: strings as they are, lists numbered."""
    found: dict[str, str] = {}
    for key, value in words.items():
        if isinstance(value, str):
            found[key.upper()] = value
        elif isinstance(value, list) and all(isinstance(item, str) for item in value):
            for number, item in enumerate(value, 1):
                found[f"{key.upper()}_{number}"] = item
    return found


def attrs(pairs: Iterable[tuple[str, str | None]]) -> str:
    """`` name="value"`` for each pair; a bare ``name`` for None."""
    return "".join(f" {n}" if v is None else f' {n}="{escape(v)}"' for n, v in pairs)


def lines(indent: str, parts: Iterable[str]) -> str:
    return "\n".join(indent + part for part in parts)


def stylesheets(page: Page) -> list[str]:
    found: list[str] = []
    for entry in page.words["styles"]:
        names = page.words[entry[1:-1]] if entry.startswith("{") else [entry]
        found += [f'<link rel="stylesheet" href="./css/{name}">' for name in names]
    return found


def head_lines(page: Page) -> str:
    """What a page's head holds after the shared shell: description, title,
    stylesheets, its module and PyScript."""
    w = page.words
    parts = []
    if "description" in w:
        parts.append(f'<meta name="description" content="{escape(w["description"])}">')
    title = attrs([("data-i18n", w["title_key"])] if "title_key" in w else [])
    parts.append(f"<title{title}>{w['title']}</title>")
    parts += stylesheets(page)
    script = w["script"] if w.get("shared_script") else w["prefix"] + w["script"]
    parts.append(f'<script type="module" src="./js/{script}"></script>')
    if w["python"]:
        parts.append('<script type="module" src="{{VENDOR_PYSCRIPT}}/core.js"></script>')
    return lines("  ", parts)


def body_attrs(page: Page) -> str:
    """The body's class (the kind's and the game's, unless the page names its
    own), the Python surface it runs and its game."""
    w = page.words
    kind_and_game = " ".join(part for part in (w["class"], w["game_class"]) if part)
    named = page.own.get("class", kind_and_game)
    return attrs(
        [
            *([("class", named)] if named else []),
            *([("data-surface", w["surface"])] if "surface" in w else []),
            *([("data-game", page.game)] if w["game_attr"] else []),
        ]
    )


def rules_attr(page: Page) -> str:
    """``data-rules-link`` as i18n.js reads it: which game's rules, in the reader's language."""
    value = page.words["rules_link"]
    return attrs([("data-rules-link", value or None)])


def credit(page: Page) -> str:
    w = page.words
    text, key = w["credit"], w["credit_key"]
    if w["credit_url"]:
        return f'<a href="{w["credit_url"]}" data-i18n="{key}">{text}</a>'
    return f'<span data-i18n="{key}">{text}</span>'


def footer_links(site: Site, page: Page) -> str:
    """The footer's links to the game's other pages, its note, and the games' list."""
    parts = []
    for kind, key, text in page.words["links"]:
        target = site.page_of(page.game, kind)
        extra = rules_attr(page) if kind == "rules" else ""
        parts.append(f'<a href="./{target}"{extra} data-i18n="{key}">{text}</a>')
    if page.words["note"]:
        parts.append('<span data-i18n="footer.note"></span>')
    if page.words["games"]:
        parts.append(games_nav(site, page))
    return lines("    ", parts)


def games_nav(site: Site, page: Page) -> str:
    """The site's games, each leading to its page of this kind in this language."""
    w = page.words
    links = []
    for game, words in site.games.items():
        current = [("aria-current", "page")] if game == page.game else []
        here = attrs([("href", "./" + site.page_of(game, page.kind, page.lang)), *current])
        links.append(f'<a{here} data-i18n="games.{game}">{words["name"]}</a>')
    label = attrs([("aria-label", w["games_label"])])
    return (
        f'<nav class="games"{label} data-i18n-label="games.label">'
        f'<span data-i18n="games.title">{w["games_title"]}</span> {" ".join(links)}</nav>'
    )


def language_links(site: Site, page: Page) -> str:
    """The page in each language (the rules pages)."""
    parts = []
    for lang, words in site.languages.items():
        current = [("aria-current", "page")] if lang == page.lang else []
        href = "./" + site.page_of(page.game, page.kind, lang)
        here = attrs([("href", href), ("hreflang", lang), ("lang", lang), *current])
        parts.append(f"<a{here}>{words['name']}</a>")
    return lines("      ", parts)


def radios(name: str, group: Mapping[str, Any]) -> str:
    """A group of radio buttons of a page's table: its fieldset (with the
    group's class and id, if any), its legend and a label per choice, the
    first checked; ``colored`` marks each label with its value (data-color)."""
    box = attrs([(key, group[key]) for key in ("class", "id") if key in group])
    parts = [f"<fieldset{box}>", f'  <legend data-i18n="{group["legend"]}"></legend>']
    for number, (value, key) in enumerate(group["choices"]):
        mark = attrs([("data-color", value)] if group.get("colored") else [])
        box = attrs([("type", "radio"), ("name", name), ("value", value)])
        box += " checked" if number == 0 else ""
        parts.append(f'  <label{mark}><input{box}> <span data-i18n="{key}"></span></label>')
    return "\n".join([*parts, "</fieldset>"])


def tools(page: Page) -> str:
    """An editor's tools for its pieces, each [tool, mark, i18n key] (the
    mark's class draws it), the first chosen."""
    parts = []
    for number, (tool, mark, key) in enumerate(page.words.get("tools", [])):
        button = attrs(
            [
                ("type", "button"),
                ("class", "tool"),
                ("data-tool", tool),
                ("role", "radio"),
                ("aria-checked", "true" if number == 0 else "false"),
            ]
        )
        parts.append(
            f'<button{button}><span class="{mark}" aria-hidden="true"></span>'
            f'<span data-i18n="{key}"></span></button>'
        )
    return "\n".join(parts)


def made_blocks(page: Page) -> dict[str, str]:
    """The parts of a page made from its table, filled as its source's blocks
    are (at their slot's indentation): ``{{RADIOS_NAME}}`` for each group of
    its ``radios`` (NAME its name in upper case, ``-`` as ``_``) and an
    editor's ``{{TOOLS}}``."""
    made = {
        "RADIOS_" + name.upper().replace("-", "_"): radios(name, group)
        for name, group in page.words.get("radios", {}).items()
    }
    if "tools" in page.words:
        made["TOOLS"] = tools(page)
    return made


def page_words(site: Site, page: Page) -> dict[str, str]:
    """Every placeholder a page of the table fills, and its text."""
    w = page.words
    other = w["other"]
    html_attrs = attrs(
        [("lang", page.lang)]
        + ([("class", "embed-page")] if w["head"] == "frame" else [])
        + ([("data-fixed-language", None)] if page.kind == "rules" else [])
    )
    return {
        **plain_words(w),
        "HTML_ATTRS": html_attrs,
        "HEAD": "{{PAGE_HEAD}}" if w["head"] == "page" else "{{FRAME_HEAD}}",
        "HEAD_LINES": head_lines(page),
        "BODY_ATTRS": body_attrs(page),
        "HEADER": "{{" + w["header"] + "}}" if w["header"] else "",
        "FOOTER": "{{" + w["footer"] + "}}",
        "GAME_NAME": w["name"],
        "GAME_HOME": w["home"],
        "RULES_ATTR": rules_attr(page),
        "CREDIT": credit(page),
        "FOOTER_LINKS": footer_links(site, page),
        "GAMES_NAV": games_nav(site, page) if w["games"] else "",
        "LANGUAGE_LINKS": language_links(site, page) if page.kind == "rules" else "",
        "FOOTER_THEME": "{{THEME_CHOICE}}" if w["theme"] else "",
        "RULES_PAGE": site.page_of(page.game, "rules"),
        "LESSON_PAGE": site.page_of(page.game, "lesson"),
        "ANALYSIS_PAGE": site.page_of(page.game, "analysis"),
        "EDITOR_PAGE": site.page_of(page.game, "editor"),
        "OTHER_ID": other,
        "OTHER_HOME": site.games[other]["home"],
    }


def indented(text: str, indent: str) -> str:
    """``text`` (as written in a source's block, dedented) for a slot at ``indent``."""
    return textwrap.indent(text, indent).removeprefix(indent)


def fill(name: str, text: str, values: Mapping[str, str], blocks: Mapping[str, str]) -> str:
    """``text`` with every placeholder that ``values`` or ``blocks`` knows filled,
    over and over: a block takes the indentation of the line its slot is on."""

    def one(match: re.Match[str]) -> str:
        key = match.group(2)
        if key in blocks:
            return match.group(1) + indented(blocks[key], match.group(1).lstrip("\n"))
        return match.group(1) + values.get(key, "{{" + key + "}}")

    for _ in range(MAX_DEPTH):
        filled = SLOT.sub(one, text)
        if filled == text:
            return filled
        text = filled
    raise PageError(f"{name}: the shells fill each other without end")


def render(partials: Path, name: str, source: str) -> str:
    """The page ``name`` of ``web/`` (its text ``source``) with its shells filled:
    all placeholders but the build's own. The source's blocks
    (``{{#NAME}}...{{/NAME}}``) are its words for its shells' slots."""
    site = load_site(partials)
    values = dict(partial_texts(partials))
    blocks: dict[str, str] = {}
    if name in site.pages:
        values |= page_words(site, site.pages[name])
        blocks |= made_blocks(site.pages[name])
    blocks |= {key: textwrap.dedent(text).strip() for key, text in BLOCK.findall(source)}
    return fill(name, BLOCK.sub("", source), values, blocks)
