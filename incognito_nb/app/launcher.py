"""``incognito-nb``: starts the table dashboard in Voilà and opens the browser.

    incognito-nb [--no-browser] [--port 8866] [--deck words.csv] [--theme dark] [--projector] [--language es]
                 [--saves DIR] [--store PATH_OR_URL]
    incognito-nb deck check words.csv      (and ``deck template``, ``deck list``: see deck_cli)
    incognito-nb classroom [--host H] [--port P] [--store PATH_OR_URL] [--language es] [--theme dark]   (see classroom_cli)
    incognito-nb lite build OUT_DIR        (the static site, no server: see lite/build)
    incognito-nb class add|list|import|report|export|delete|practice-deck|seat-cards   (see class_cli)

The play notebook ships inside the package, so the command works from any folder.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import resources
from pathlib import Path

from ..store import default_folder
from incognito_nb.ui.i18n import LANGUAGES, PSEUDO, first_language, language
from .loading import voila_environment, voila_options
from .serving import DEFAULT_PORT, LANGUAGE_HELP, THEME_HELP, offer_deck, offer_port, port_number, serve, voila_serving


def play_notebook() -> Path:
    """Returns the path of the packaged play notebook."""
    return Path(str(resources.files("incognito_nb.app") / "play.ipynb"))


def parser() -> argparse.ArgumentParser:
    """Returns the command line of ``incognito-nb``."""
    cli = argparse.ArgumentParser(
        prog="incognito-nb",
        description="Play Incognito, the hidden-object drawing game, in the browser (a Voilà dashboard).",
        epilog="Word decks: 'incognito-nb deck check FILE.csv' checks a deck, "
               "'incognito-nb deck template' prints a template, 'incognito-nb deck list' lists the built-in decks. "
               "'incognito-nb lite build OUT_DIR' builds the dashboard as a static site that needs no server. "
               "'incognito-nb class --help': a class's list of first names, its record and report.",
    )
    cli.add_argument("--no-browser", action="store_true", help="start the server without opening a browser")
    cli.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                     help=f"the port to serve on (default: {DEFAULT_PORT})")
    cli.add_argument("--deck", metavar="FILE.csv", help="a CSV word deck to preselect at setup")
    cli.add_argument("--theme", choices=("light", "dark"), default="light",
                     help=THEME_HELP)
    cli.add_argument("--projector", action="store_true",
                     help="start in projector mode: large type, high contrast, each phase on one screen")
    cli.add_argument("--language", choices=(*LANGUAGES, PSEUDO), default=None,
                     help=LANGUAGE_HELP + "; players can still change it at setup, and any deck plays in any of them")
    cli.add_argument("--saves", metavar="DIR", help=f"where games are saved (default: {default_folder()})")
    cli.add_argument("--store", metavar="PATH_OR_URL",
                     help="where the teacher's classes are kept, as for 'incognito-nb class --store' "
                          "(default: classroom.sqlite in the saves folder): the setup form offers them")
    return cli


def voila_command(options: argparse.Namespace) -> list[str]:
    """Returns the Voilà command line for ``options``."""
    return voila_serving(play_notebook(), port=options.port, ip="127.0.0.1", no_browser=options.no_browser,
                         extra=[f"--theme={options.theme}", *voila_options(options.language)])


def main(argv: list[str] | None = None) -> int:
    """Runs the launcher; returns the process exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["deck"]:
        from .deck_cli import main as deck_main

        return deck_main(argv[1:])
    if argv[:1] == ["classroom"]:
        from .classroom_cli import main as classroom_main

        return classroom_main(argv[1:])
    if argv[:1] == ["class"]:
        from .class_cli import main as class_main

        return class_main(argv[1:])
    if argv[:1] == ["lite"]:
        from .lite.build import main as lite_main

        return lite_main(argv[1:])
    options = parser().parse_args(argv)
    env = voila_environment(os.environ)  # the project's loading screen (loading.py)
    lang = language(first_language(options.language))
    if options.deck and not offer_deck(options.deck, env, "incognito-nb", lang):
        return 2
    if options.projector or options.theme == "dark":
        env["INCOGNITO_NB_PROJECTOR"] = "1"
    if options.language:
        env["INCOGNITO_NB_LANGUAGE"] = options.language
    if options.saves:
        env["INCOGNITO_NB_SAVES"] = str(Path(options.saves).resolve())
    if options.store:
        env["INCOGNITO_NB_STORE"] = options.store if "://" in options.store else str(Path(options.store).resolve())
    if not offer_port("127.0.0.1", options.port, "incognito-nb", lang):
        return 2
    print(lang._("Incognito is at {url} — press Ctrl+C to stop.", url=f"http://127.0.0.1:{options.port}/"),
          flush=True)
    return serve(voila_command(options), env)


if __name__ == "__main__":
    sys.exit(main())
