"""What the two serving commands share (``incognito-nb`` and ``incognito-nb classroom``):
the Voilà command line they run, the deck they hand to its kernels, and what their
``--language`` option says of itself.

The kernels inherit the command's environment: a deck checked here reaches them as
``INCOGNITO_NB_DECK``.  Both :mod:`.launcher` and :mod:`.classroom_cli` import this module;
it imports neither.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from ..engine import DeckError, load_deck
from incognito_nb.ui.i18n import PSEUDO

#: What ``--language`` says of itself, in both commands.
LANGUAGE_HELP = ("the interface language: en (English, the default), es (Spanish), fr (French) or de (German); "
                 f"{PSEUDO} shows every sentence transformed, to spot text that escaped translation")


def voila_serving(target: Path, *, port: int, ip: str, no_browser: bool, extra: Sequence[str] = (),
                  module: str = "voila") -> list[str]:
    """Returns the command line of a standalone Voilà serving ``target`` (a notebook or a folder);
    ``module`` is the Voilà application to run (the classroom has its own)."""
    command = [
        sys.executable, "-m", module, str(target), f"--port={port}", f"--Voila.ip={ip}", *extra,
        # A closed or reloaded page leaves its kernel running (Voilà refuses the page's own
        # shutdown request): end kernels nobody is connected to after ten idle minutes.
        "--MappingKernelManager.cull_idle_timeout=600",
        "--MappingKernelManager.cull_interval=60",
    ]
    if no_browser:
        command.append("--no-browser")
    return command


def offer_deck(path: str, env: dict[str, str], prog: str) -> bool:
    """Checks the CSV deck at ``path`` and hands it to the kernels through ``env``
    (``INCOGNITO_NB_DECK``); returns False after saying what is wrong with it."""
    try:
        deck = load_deck(path)
    except DeckError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return False
    env["INCOGNITO_NB_DECK"] = str(Path(path).resolve())
    print(f"Deck: {deck.name} ({len(deck.objects)} objects, {len(deck.locations)} locations)")
    return True
