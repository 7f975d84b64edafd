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

from incognito_nb.engine import Game
from incognito_nb.ui.i18n import t
from incognito_nb.ui.widgets.text import markup, safe

_log = logging.getLogger(__name__)

CSS = """
.inc-takeaways { gap: 8px; }
.inc-takeaways .inc-downloads { display: flex; flex-wrap: wrap; gap: 8px; }
.inc-download { display: inline-block; padding: 6px 14px; border-radius: 6px; font-weight: 600;
  background: var(--jp-brand-color1, #0072b2); color: #ffffff !important; text-decoration: none; }
.inc-download:focus-visible { outline: 3px solid #e69f00; outline-offset: 2px; }
.inc-chart { max-width: 900px; }
"""

#: The files a teacher takes home; each is labelled by the catalogue key ``take.<file name>``.
LABELS = ("poster.pdf", "results.csv", "vocabulary.csv", "vocabulary.png", "drawings.zip")
CHART = "vocabulary.png"


def download_link(name: str, content: bytes) -> str:
    """Returns an HTML link that saves ``content`` as the file ``name``."""
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    data = base64.b64encode(content).decode("ascii")
    stem = html.escape(name.split(".")[0], quote=True)
    return (
        f'<a class="inc-download inc-download-{stem}" download="{html.escape(name, quote=True)}" '
        f'href="data:{kind};base64,{data}">{safe(t("take." + name) if name in LABELS else name)}</a>'
    )


class Takeaways(widgets.VBox):
    """The game-over extras: a button that makes the files, then the chart and the links."""

    def __init__(self, game: Game, make_files: Callable[[Game], Mapping[str, bytes]]) -> None:
        self._game = game
        self._make_files = make_files
        self.prepare_button = widgets.Button(
            description=t("take.button"), icon="file-pdf-o", button_style="info",
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
        self.status.value = safe(t("take.making"))
        try:
            files = self._make_files(self._game)
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
        self.status.value = safe(t("take.failed", error=error))
        self.prepare_button.disabled = False

    def _show(self, files: dict[str, bytes]) -> None:
        links = markup("".join(download_link(n, c) for n, c in files.items()), "inc-downloads")
        parts = [markup(f"<b>{safe(t('take.title'))}</b>", "inc-takeaways-title"), links]
        if CHART in files:
            chart = widgets.Image(value=files[CHART], format="png", layout=widgets.Layout(width="100%"))
            chart.add_class("inc-chart")
            parts += [markup(f"<b>{safe(t('take.chart'))}</b>", "inc-chart-title"), chart]
        self.status.close()
        self.prepare_button.close()
        self.children = parts

    def close(self) -> None:
        """Closes the panel and everything in it."""
        for child in self.children:
            child.close()
        super().close()
