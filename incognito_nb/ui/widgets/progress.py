"""Where a game stands, said the same way by every page: its title line and who is done.

The table dashboard and the classroom's pages show the same two things above their
stage: the round and what happens now ("Round 2 of 3 · Find the hidden objects"), and
one chip per player saying whether they have finished drawing (with how many strokes
their board holds so far, never what it shows) or placing cards.  Both read a
``player_view`` or a ``Game.progress()``, which hold the same entries.
"""

from __future__ import annotations

from typing import Any

from incognito_nb.engine import Phase
from incognito_nb.ui.i18n import count, t
from incognito_nb.ui.widgets.text import player_badge

#: The catalogue key of each phase's title.
PHASE_TITLES = {phase: f"phase.{phase.value}" for phase in Phase}

CSS = """
.inc-progress { font-size: 1.05em; }
.inc-who-chip { white-space: nowrap; margin-right: 0.4em; }
"""


def title_line(view: dict[str, Any]) -> str:
    """Returns the round and what happens now, or that the game is over (plain text)."""
    phase = Phase(view["phase"])
    if phase is Phase.OVER:
        return t("phase.over")
    return t("table.header", round=view["round"], rounds=view["rules"]["rounds"], phase=t(PHASE_TITLES[phase]))


def who_is_done(view: dict[str, Any], *, strokes: bool = True) -> str:
    """Returns one chip per player (HTML): done, or still drawing (and, with ``strokes``,
    how many strokes so far) in the hide phase, or still placing cards in the find phase;
    '' otherwise.  Without ``strokes`` the chips change only when someone is done, so a
    page that draws (a student's) never moves under the pen as classmates draw."""
    phase = view["phase"]
    if phase == "hide":
        finished, strokes = set(view["done"]), view.get("strokes", {}) if strokes else {}
        busy = {p: t("progress.drawing") + (" · " + count(strokes[p], "stroke") if strokes.get(p) else "")
                for p in view["players"]}
    elif phase == "find":
        finished = set(view["confirmed"])
        busy = dict.fromkeys(view["players"], t("progress.voting"))
    else:
        return ""
    # One unbreakable chip per player: a wrapped line never splits "placing" from "cards".
    chips = " ".join(
        f'<span class="inc-who-chip" data-seat="{seat}">{player_badge(p, seat)} '
        f'{t("progress.done") if p in finished else busy[p]}</span>'
        for seat, p in enumerate(view["players"], start=1)
    )
    return f'<span class="inc-who">{chips}</span>'
