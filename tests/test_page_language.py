"""The page Voilà streams with the ``incognito`` template: its language, and no other host.

A classroom page whose kernel was warm is written from Voilà's cache, in one piece; a page
opened when no kernel was warm is streamed piece by piece as Jinja yields them.  The server
rewrites the ``incognito-language`` tag to the table's language in the piece that holds it
(``LanguageTag``): a German table's page in an English classroom loaded in English
whenever it was streamed, because the tag was written as text around an expression, which
Jinja yields as three pieces.  These tests render the real template with Voilà's own exporter.
"""

from __future__ import annotations

import asyncio
import re

import nbformat
import pytest

from incognito_nb.app.loading import LANGUAGE_META, LanguageTag, loading_resources, loading_words, template_root
from incognito_nb.ui.i18n import LANGUAGES, language


@pytest.fixture
def pieces(monkeypatch):
    """Returns the pieces Voilà's exporter streams for a page of the ``incognito`` template,
    with the loading screen in the server's language (English)."""
    monkeypatch.setenv("JUPYTER_PATH", str(template_root()))
    from voila.exporter import VoilaExporter
    from voila.paths import collect_template_paths

    exporter = VoilaExporter(template_name="incognito", template_paths=collect_template_paths(
        ["voila", "nbconvert"], "incognito"), base_url="/")

    async def nothing(*args, **kwargs):
        return ""

    async def no_cells(*args, **kwargs):
        for cell in ():
            yield cell

    async def stream() -> list[str]:
        resources = {**loading_resources("en"), "base_url": "/", "theme": "light"}
        context = {"kernel_start": nothing, "notebook_execute": nothing, "cell_generator": no_cells,
                   "frontend": "voila"}
        return [piece async for piece, _ in exporter.generate_from_notebook_node(
            nbformat.v4.new_notebook(), resources=resources, extra_context=context)]

    return asyncio.run(stream())


def spoken(page: str) -> str:
    return re.search(re.escape(LANGUAGE_META) + '([^"]*)">', page).group(1)


def test_the_template_writes_the_whole_language_tag_in_one_piece(pieces):
    holding = [piece for piece in pieces if LANGUAGE_META in piece]
    assert len(holding) == 1
    assert spoken(holding[0]) == "en"


def test_a_streamed_page_and_a_warm_kernels_page_both_take_the_tables_language(pieces):
    tag = LanguageTag("de")  # as ClassroomPage.write passes each piece of a streamed page
    streamed = [tag(piece) for piece in pieces]
    assert tag.code == "", "no piece held the language tag"
    assert spoken("".join(streamed)) == "de"
    assert spoken(LanguageTag("de")("".join(pieces))) == "de"  # a warm kernel's page: one piece


def test_a_piece_without_the_whole_tag_is_left_alone():
    tag = LanguageTag("de")
    for piece in ("<body><div>", f"\n{LANGUAGE_META}"):  # the second: the old template's first piece
        assert tag(piece) == piece
    assert tag.code == "de"  # still waiting for the tag
    assert tag(b"<meta>") == b"<meta>"


def test_the_page_asks_no_other_host(pieces):
    """Voilà's lab template links Font Awesome from a CDN in the page's head, which holds a
    page blank for minutes on a network that swallows requests to the internet; the
    ``incognito`` template drops those links (the widgets' bundle has the icons)."""
    page = "".join(pieces)
    assert ".jp-mod-noOutputs.jp-mod-noInput" in page  # the rest of Voilà's styles for the page stay
    assert re.findall(r'(?:href|src)="((?:https?:)?//[^"]*)"', page) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_loading_screens_seconds_never_part_from_their_unit(code):
    """On a 390 px phone the step's time, beside a step of two lines, stood as "5" over "s"."""
    seconds = loading_words(language(code))["seconds"].format(seconds=5)
    assert seconds.startswith("5") and " " not in seconds and "\u00a0" in seconds

