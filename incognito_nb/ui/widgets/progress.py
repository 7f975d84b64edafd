"""Where a game stands, said the same way by every page: its title line and who is done.

The table dashboard and the classroom's pages show the same two things above their
stage: the round and what happens now ("Round 2 of 3 · Find the hidden objects"), and
one chip per player saying whether they have finished drawing (with how many strokes
their board holds so far, never what it shows) or placing cards.  Both read a
``player_view`` or a ``Game.progress()``, which hold the same entries.
"""

from __future__ import annotations

import html
from typing import Any

from incognito_nb.engine import Phase
from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.text import player_badge

CSS = """
.inc-progress { font-size: 1.05em; }
.inc-who-chip { white-space: nowrap; margin-right: 0.4em; }
/* A chip as wide as the wider of its two states: the other one is a hidden twin in the same
   grid cell (generated content, in no text, read by no screen reader).  A classmate's Done
   then changes no chip's width, no line of chips wraps anew, and the pad and the cards
   under them never move under a student's pen or finger. */
.inc-who-state { display: inline-grid; }
.inc-who-state > span, .inc-who-state::after { grid-area: 1 / 1; }
.inc-who-state::after { content: attr(data-other); visibility: hidden; }
"""


def phase_title(phase: Phase, lang: Language) -> str:
    """Returns what happens in ``phase``, as the title line says it ("Find the hidden objects")."""
    if phase is Phase.HIDE:
        return lang._("Hide the object")
    if phase is Phase.FIND:
        return lang._("Find the hidden objects")
    if phase is Phase.SCORE:
        return lang._("Score points")
    if phase is Phase.PREPARE:
        return lang._("Prepare for the next round")
    return lang._("Game over")


def phase_name(phase: Phase, lang: Language) -> str:
    """Returns the short name of ``phase`` ("find"), as in "round 2, find phase"."""
    if phase is Phase.HIDE:
        return lang.pgettext("phase", "hide")
    if phase is Phase.FIND:
        return lang.pgettext("phase", "find")
    if phase is Phase.SCORE:
        return lang.pgettext("phase", "score")
    if phase is Phase.PREPARE:
        return lang.pgettext("phase", "prepare")
    return lang.pgettext("phase", "over")


def title_line(view: dict[str, Any], lang: Language) -> str:
    """Returns the round and what happens now, or that the game is over (plain text)."""
    phase = Phase(view["phase"])
    if phase is Phase.OVER:
        return phase_title(phase, lang)
    return lang._("Round {round} of {rounds} · {phase}", round=view["round"], rounds=view["rules"]["rounds"],
                  phase=phase_title(phase, lang))


def who_is_done(view: dict[str, Any], lang: Language, *, strokes: bool = True) -> str:
    """Returns one chip per player (HTML): done, or still drawing (and, with ``strokes``,
    how many strokes so far) in the hide phase, or still placing cards in the find phase;
    '' otherwise.  Without ``strokes`` the chips change only when someone is done, so a
    page that draws (a student's) never moves under the pen as classmates draw."""
    phase = view["phase"]
    if phase == "hide":
        finished, strokes = set(view["done"]), view.get("strokes", {}) if strokes else {}
        busy = {p: lang._("✎ drawing") + (" · " + lang.ngettext("{n} stroke", "{n} strokes", strokes[p])
                                            if strokes.get(p) else "")
                for p in view["players"]}
    elif phase == "find":
        finished = set(view["confirmed"])
        busy = dict.fromkeys(view["players"], lang._("✎ placing cards"))
    else:
        return ""
    done = lang._("✔ done")

    def chip(seat: int, player: str) -> str:
        # One unbreakable chip per player: a wrapped line never splits "placing" from "cards".
        # It keeps the room of its other state (CSS above): a Done moves nothing on the page.
        shown, other = (done, busy[player]) if player in finished else (busy[player], done)
        return (f'<span class="inc-who-chip" data-seat="{seat}">{player_badge(player, seat)} '
                f'<span class="inc-who-state" data-other="{html.escape(other, quote=True)}"><span>{shown}</span></span>'
                '</span>')

    chips = " ".join(chip(seat, player) for seat, player in enumerate(view["players"], start=1))
    return f'<span class="inc-who">{chips}</span>'


def next_reveal_label(last: bool, lang: Language) -> str:
    """Returns what the reveal's Next button says: on to the next drawing, or to the scores after the last."""
    return lang._("Show the scores") if last else lang._("Next drawing")


def after_scores_label(final: bool, lang: Language) -> str:
    """Returns what the scoreboard's Next button says: to the winners after the last round, else on."""
    return lang._("See the winners") if final else lang._("Prepare the next round")


def start_round_label(number: int, lang: Language) -> str:
    """Returns what the button that deals round ``number`` says."""
    return lang._("Start round {next}", next=number)
