"""After the game: the vocabulary chart on screen, and the files a teacher takes home.

The files themselves (poster, results, drawings) are made by the application layer and
handed in as a function, so the widgets stay free of PDF and image code.  Each file is
offered as a link carrying its bytes (a ``data:`` URL with ``download``), so saving it
needs no further trip to the kernel and works the same under Voilà, JupyterLab and Binder.
"""

from __future__ import annotations

import asyncio
import base64
import html
import inspect
import logging
import mimetypes
from typing import Callable, Mapping

import ipywidgets as widgets

from incognito_nb.engine import Drawing, Game
from incognito_nb.engine.words_found import PROJECTED_WORDS, words_found
from incognito_nb.ui.file_names import saved_name
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.text import deck_word, markup, picture, safe
from incognito_nb.ui.sheets import read_sheet

_log = logging.getLogger(__name__)

CSS = read_sheet(__file__, "takeaways.css")

CHART = "vocabulary.png"


def file_label(name: str, lang: Language) -> str:
    """Returns what a download link says of the file ``name`` (the name itself for a file
    the game-over screen does not know)."""
    labels = {
        "poster.pdf": lang._("Poster for the wall (PDF)"),
        "results.csv": lang._("Results, every card (CSV)"),
        "vocabulary.csv": lang._("Vocabulary report (CSV)"),
        "vocabulary.png": lang._("Vocabulary chart (PNG)"),
        "drawings.zip": lang._("All drawings (PNG, zipped)"),
    }
    return labels.get(name, name)


def download_link(name: str, content: bytes, lang: Language | None = None, *, prefix: str = "") -> str:
    """Returns an HTML link that saves ``content`` as the file ``name``, in ``lang``'s words
    (:func:`~incognito_nb.ui.file_names.saved_name`: "affiche.pdf" in French), ``prefix``
    before it ("2026-12-07 K7QXM affiche.pdf"; its class and its words are the name's)."""
    lang = lang or language()
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    data = base64.b64encode(content).decode("ascii")
    stem = html.escape(name.split(".")[0], quote=True)
    saved = html.escape(prefix + saved_name(name, lang), quote=True)
    return (
        f'<a class="inc-download inc-download-{stem}" download="{saved}" '
        f'href="data:{kind};base64,{data}">{safe(file_label(name, lang))}</a>'
    )


def projected_chart(game: Game, make_chart: Callable[..., bytes] | None,
                    lang: Language) -> list[widgets.Widget]:
    """Returns the vocabulary chart the class sees under the podium at the game over, made by
    ``make_chart(game, lang)`` (a PNG) and ``make_chart(game, lang, dark=True)`` (for the dark
    theme; the page's sheet shows the one of its theme): none without a chart maker, or when
    it fails (the podium shows without it; the files to download say why)."""
    if make_chart is None:
        return []
    try:
        light, dark = make_chart(game, lang), make_chart(game, lang, dark=True)
    except Exception:  # noqa: BLE001 - logged; the game over shows without it
        _log.exception("the vocabulary chart could not be made")
        return []
    alt = html.escape(lang._("Which words did the class find?"), quote=True)
    # Both pictures: the kernel does not know the page's theme, which Voilà's page says
    # (takeaways.css). The white one on a dark projected screen was a bright slab.
    images = "".join(f'<img class="inc-chart-{theme}" alt="{alt}" src="data:image/png;base64,'
                     f'{base64.b64encode(bytes(png)).decode("ascii")}">'
                     for theme, png in (("light", light), ("dark", dark)))
    return [markup(f'<figure>{images}{chart_words(game, lang)}</figure>', "inc-over-chart")]


def chart_words(game: Game, lang: Language) -> str:
    """Returns what a screen reader says of the projected chart, for a reader alone (HTML, a
    ``figcaption``): the words it shows and how many found each, as the picture has them
    (:func:`~incognito_nb.engine.words_found.words_found`), each word marked as the deck's
    language where the page speaks another. The picture's alt says only its title."""
    words = words_found(game)
    about = deck = deck_word(game.deck_name, game.deck_language, lang.code)  # the picture's subtitle
    if len(words) > PROJECTED_WORDS:
        about = lang._("{deck}: the {count} words found least, of {words}", deck=deck, count=PROJECTED_WORDS,
                       words=len(words))
    items = "".join("<li>" + lang._("{word}: found by {found} of {could}",
                                    word=deck_word(word.word, game.deck_language, lang.code),
                                    found=word.found, could=word.could) + "</li>"
                    for word in words[:PROJECTED_WORDS])
    return f'<figcaption class="inc-aria">{about}<ul>{items}</ul></figcaption>'


#: What a student's board is saved as when no game store keeps it any more (its English
#: name: "incognito-dessin.png" on a French page).
KEPT_DRAWING = "incognito-drawing.png"


def keepsake(drawing: Drawing, lang: Language, picture: Callable[[Drawing], bytes] | None) -> widgets.HTML | None:
    """Returns what a page offers of a board that only it still holds (its table is gone from
    the game store): a link that saves the drawing as a picture, which ``picture`` makes (a
    PNG); None for an empty board, or without a picture maker."""
    if picture is None or not len(drawing):
        return None
    data = base64.b64encode(picture(drawing)).decode("ascii")
    text = lang._("Your drawing is still on this page: download it as a picture (PNG) to keep it.")
    saved = "incognito-" + saved_name(KEPT_DRAWING.removeprefix("incognito-"), lang)
    return markup(f'<a class="inc-download inc-keep-drawing" download="{html.escape(saved)}" '
                  f'href="data:image/png;base64,{data}">{safe(text)}</a>', "inc-keepsake")


class Takeaways(widgets.VBox):
    """The game-over extras: a button that makes the files, then the chart and the links.

    ``make_files(game, lang)`` returns the files (file name to content), written in ``lang``;
    a file it could not make is the error that says why, shown in its link's place, with the
    button to make the files again.
    Without ``chart`` the vocabulary chart is not shown here (a page that shows it already).
    ``title`` heads the links (default: the players' "Take the game home:"); ``prefix`` comes
    before each file's name as it is saved.
    """

    def __init__(self, game: Game, make_files: Callable[[Game, Language], Mapping[str, bytes | Exception]], *,
                 lang: Language | None = None, chart: bool = True, title: str | None = None,
                 prefix: str = "") -> None:
        self._game = game
        self._title, self._prefix = title, prefix
        self._chart = chart
        self._make_files = make_files
        self.lang = lang = lang or language()
        self.prepare_button = widgets.Button(
            description=lang._("Make the poster and results"), icon="file-pdf-o", button_style="info",
            layout=widgets.Layout(width="auto"))
        self.prepare_button.add_class("inc-prepare-downloads")
        self.prepare_button.on_click(lambda _: self.prepare())
        self.status = markup("", "inc-takeaways-status")
        super().__init__([self.prepare_button, self.status])
        self.add_class("inc-takeaways")

    def prepare(self) -> None:
        """Makes the files and shows the vocabulary chart and a download link for each.

        ``make_files`` may return the files, or an awaitable of them (the static site paints
        the drawings with the browser's canvas, which answers asynchronously).
        """
        self.prepare_button.disabled = True
        lang = self.lang
        self.status.value = safe(lang._("Making the poster, the drawings and the reports…"))
        try:
            files = self._make_files(self._game, lang)
        except Exception as error:  # shown here: no error may end up only in the kernel log
            self._failed(error)
            raise
        if inspect.isawaitable(files):  # made in the browser (the static site): it takes a moment
            asyncio.ensure_future(self._when_made(files))
            return
        self._show(dict(files))

    async def _when_made(self, making) -> None:
        try:
            files = dict(await making)
        except Exception as error:  # noqa: BLE001 - shown on the page, and logged
            self._failed(error)
            _log.exception("the game-over files could not be made")
            return
        self._show(files)

    def _failed(self, error: Exception) -> None:
        self.status.value = safe(self.lang._("Could not make the files: {error}", error=self.lang.error(error)))
        self.prepare_button.disabled = False

    def _show(self, files: dict[str, bytes | Exception]) -> None:
        lang = self.lang
        made = {name: content for name, content in files.items() if not isinstance(content, Exception)}
        missing = {name: error for name, error in files.items() if isinstance(error, Exception)}
        links = markup("".join(download_link(n, c, lang, prefix=self._prefix) for n, c in made.items()),
                       "inc-downloads")
        title, chart_title = self._title or lang._("Take the game home:"), lang._("Which words did the class find?")
        parts = [markup(f"<b>{safe(title)}</b>", "inc-takeaways-title"), links]
        if CHART in made and self._chart:
            parts += [markup(f"<b>{safe(chart_title)}</b>", "inc-chart-title"),
                      picture(made[CHART], chart_title, "inc-chart")]
        if missing:  # said, with the button to try again, rather than a link that is just not there
            self.status.value = "<br>".join(
                safe(lang._("{file}: not made. {reason}", file=file_label(name, lang), reason=lang.error(error)))
                for name, error in missing.items())
            self.prepare_button.disabled = False
            self.children = parts + [self.status, self.prepare_button]
            return
        self.status.close()
        self.prepare_button.close()
        self.children = parts

    def close(self) -> None:
        """Closes the panel and everything in it."""
        for child in self.children:
            child.close()
        super().close()
