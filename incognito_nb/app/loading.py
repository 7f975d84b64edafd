"""The project's own loading screen on every Voilà and Voici page, in the page's language.

Voilà's "lab" template says "Running play...", then "Executing 1 of 1", and the widgets say
"Loading widget..." until the first screen is drawn: English on a Spanish class's projector.
The ``incognito`` template (``page_template/voila/templates/incognito``, which extends "lab")
shows instead a loading screen of the project's own, driven by Voilà's own calls
(``voila_process``, ``voila_finish``; Voici's ``update_loading_text`` and ``display_cells``),
with the steps of a page's start said in the catalogues' words.  Voilà finds the template
on ``JUPYTER_PATH`` (:func:`voila_environment`), and hands it the texts through its
``VoilaConfiguration.resources`` (:func:`loading_resources`): every language at once,
because a page picks its own in the browser (its ``?lang=``, or the language the server
writes in the page: the table's, in the classroom).
"""

from __future__ import annotations

import json
import os
import re
from importlib import resources
from pathlib import Path
from typing import Mapping

from incognito_nb.ui.i18n import LANGUAGES, PSEUDO, Language, first_language, language

#: The name of the project's Voilà template.
TEMPLATE = "incognito"
#: The key of the template's resources (``resources.incognito``).
RESOURCE = "incognito"
#: How the template writes the language its loading screen speaks (``loading.mjs`` reads it).
LANGUAGE_META = '<meta name="incognito-language" content="'
_LANGUAGE_TAG = re.compile(re.escape(LANGUAGE_META) + '[^"<>]*">')


def template_root() -> Path:
    """Returns the folder to put on ``JUPYTER_PATH``: it holds ``voila/templates/incognito``."""
    return Path(str(resources.files("incognito_nb.app") / "page_template"))


def loading_words(lang: Language) -> dict[str, str]:
    """Returns what the loading screen says in ``lang``, by key (``loading.mjs`` reads them)."""
    _ = lang._
    return {
        "title": _("Incognito is getting ready…"),
        "python": _("Starting Python for this page"),
        "setup": _("Setting up the game"),
        "screen": _("Drawing the first screen"),
        "page": _("Loading the page"),
        "packages": _("Loading Python and the game's packages in this browser"),
        "game": _("Starting the game"),
        "step": _("Step {step} of {steps}"),
        # A number and its unit never part: on a phone the step's time stood as "5" over "s".
        "seconds": _("{seconds} s").replace(" ", "\u00a0"),
        "first_time": _("The first start in a browser takes about half a minute; the next ones are quicker."),
        "from_file_title": _("Incognito cannot start from a file"),
        "from_file": _("A browser starts the game only from a web server, not from a file opened on this computer. "
                       "Copy the folder onto a web server (the school's intranet, GitHub Pages), or serve it from "
                       "this computer with the command python -m http.server -d \"{folder}\" and open "
                       "http://127.0.0.1:8000/ in the browser."),
    }


def loading_texts() -> dict[str, dict[str, str]]:
    """Returns the loading screen's words in every interface language and in the
    pseudo-language (a page may ask for any of them: ``?lang=en-XA``)."""
    return {code: loading_words(language(code)) for code in (*LANGUAGES, PSEUDO)}


def loading_resources(default: str | None = None, *, mode: str = "voila") -> dict:
    """Returns the template's resources: the page's language when it asks for none
    (``default``), the words, and ``mode`` (``"voila"`` for a server's page, ``"lite"``
    for the static site's, whose start has other steps)."""
    return {RESOURCE: {"language": first_language(default), "mode": mode, "texts": loading_texts()}}


class LanguageTag:
    """Makes the loading screen's language ``code``'s in a page streamed piece by piece, as
    Voilà writes it: call it on each piece, in order; it rewrites the first piece that holds
    the whole tag, then lets every piece pass.  The template writes the tag as one expression,
    so Jinja yields it whole in one piece (a tag written as text around an expression is three
    pieces: measured with Voilà 0.5's exporter, whose pages a server without a warm kernel
    streams piece by piece); a warm kernel's page is one piece."""

    def __init__(self, code: str) -> None:
        self.code = code  # '' once the tag is rewritten

    def __call__(self, piece):
        if self.code and isinstance(piece, str) and LANGUAGE_META in piece:
            rewritten, count = _LANGUAGE_TAG.subn(f'{LANGUAGE_META}{self.code}">', piece, count=1)
            if count:
                self.code = ""
                return rewritten
        return piece


def voila_options(default: str | None = None) -> list[str]:
    """Returns the Voilà command-line options that serve the pages with the template."""
    return [f"--template={TEMPLATE}",
            f"--VoilaConfiguration.resources={json.dumps(loading_resources(default), ensure_ascii=True)}"]


def voila_environment(env: Mapping[str, str]) -> dict[str, str]:
    """Returns ``env`` with the template's folder first on ``JUPYTER_PATH`` (where Voilà,
    and Voici at build time, look for templates)."""
    env = dict(env)
    paths = [path for path in env.get("JUPYTER_PATH", "").split(os.pathsep) if path]
    if str(template_root()) not in paths:
        env["JUPYTER_PATH"] = os.pathsep.join([str(template_root()), *paths])
    return env


def script_json(value: object) -> str:
    """Returns ``value`` as JSON safe inside a ``<script>`` element (no ``</script>`` in it)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
