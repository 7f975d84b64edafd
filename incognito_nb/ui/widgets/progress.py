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

from incognito_nb.engine import Game, Phase
from incognito_nb.ui.i18n import Language
from incognito_nb.ui.widgets.text import player_badge, safe

CSS = """
.inc-progress { font-size: 1.05em; }
.inc-who-chip { white-space: nowrap; margin-right: 0.4em; }
/* The lobby's names (shared_table.lobby_list) a little apart when they wrap: their rows touched. */
.inc-lobby .inc-badge { margin-block: 3px; }
/* A chip as wide as the wider of its two states: the other one is a hidden twin in the same
   grid cell (generated content, in no text, read by no screen reader).  A classmate's Done
   then changes no chip's width, no line of chips wraps anew, and the pad and the cards
   under them never move under a student's pen or finger. */
.inc-who-state { display: inline-grid; }
.inc-who-state > span, .inc-who-state::after { grid-area: 1 / 1; }
.inc-who-state::after { content: attr(data-other); visibility: hidden; }
/* A short chip (a phone's bar, the projector's top bar): the name and a mark, ✔ done in
   green and bold (its shape the cue, the colour a help), ✎ still at it; the words for
   screen readers only (.inc-aria), so that six chips take one line of a phone, not three. */
.inc-who-short { margin-right: 0.3em; }
.inc-who-short .inc-who-state { margin-left: 0.15em; font-weight: 700; }
.inc-who-short[data-done="true"] .inc-who-state { color: #1a6b2d; }
/* The teacher's desk on a phone: short chips that still count each one's strokes ("Ana ✎ 12"),
   four German ones on two lines, six on three; the long ones ("✎ zeichnet · 12 Striche") took
   a line each. */
.inc-who-narrow { display: none; }
@media (max-width: 600px) { .inc-who-wide { display: none; } .inc-who-narrow { display: inline; }
  /* A long name's chip a third of a phone's line at most ("Christoph Wojciech…", the rest for
     screen readers too): six long names took five lines of a 360x640 phone, its Done under
     the screen's bottom. Wrapped chips a little apart: their rows touched. */
  .inc-who-chip { display: inline-block; margin-block: 2px; }
  .inc-who-chip .inc-badge { max-width: 9em; overflow: hidden; text-overflow: ellipsis; vertical-align: bottom; } }
/* The projector's screen while the class draws: one tile per player, in a grid (a count
   that grows widens no tile and moves no other), a finished one marked by its word, its
   tick and a green edge (colour is never the only cue). */
.inc-room { line-height: 1.3; }
.inc-room-count { margin: 0 0 0.4em; font-size: 1.15em; font-weight: 700; }
.inc-room-seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(13em, 1fr)); gap: 0.6em; }
.inc-room-seats[data-players="4"] { grid-template-columns: repeat(auto-fill, minmax(max(13em, 34%), 1fr)); }
.inc-room-seats .inc-who-chip { display: flex; flex-direction: column; align-items: flex-start; gap: 0.35em;
  margin: 0; padding: 0.5em 0.7em; border: 2px solid #c4c4c4; border-radius: 10px; white-space: normal; }
.inc-room-seats .inc-who-chip[data-done="true"] { border: 3px solid #1e7b34; background: #eef8f0; color: #1a1a1a; }
.inc-room-seats .inc-who-chip[data-done="true"] .inc-who-state { color: #1a6b2d; font-weight: 700; }
.inc-room-seats .inc-badge { font-size: 1.25em; }
/* In the dark theme (a projector in a darkened room) a finished tile is a dark green one, not a
   pale slab that outshone the drawings, and the ✔ is a light green: the dark one read 2.4:1. */
body[data-jp-theme-light="false"] .inc-who-short[data-done="true"] .inc-who-state,
body[data-jp-theme-light="false"] .inc-room-seats .inc-who-chip[data-done="true"] .inc-who-state { color: #81c784; }
body[data-jp-theme-light="false"] .inc-room-seats .inc-who-chip[data-done="true"] {
  border-color: #4caf50; background: #16361d; color: #f0f0f0; }
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


#: A short chip's marks: done, and still drawing or placing cards (the words are the screen readers').
DONE_MARK, BUSY_MARK = "✔", "✎"


def _chips(view: dict[str, Any], lang: Language, *, short: bool = False,
           counted: bool = False) -> tuple[list[str], int] | None:
    """Returns each player's chip (HTML) and how many are done, or ``None`` when the phase has
    no one to wait for.  A ``short`` chip shows the name and a mark (:data:`DONE_MARK`,
    :data:`BUSY_MARK`), its words unseen, read by screen readers; ``counted``, the mark of a
    player still drawing is followed by their strokes so far."""
    phase = view["phase"]
    if phase == "hide":
        finished, strokes = set(view["done"]), {} if short and not counted else view.get("strokes", {})
        busy = {p: lang._("✎ drawing") + (" · " + lang.ngettext("{n} stroke", "{n} strokes", strokes[p])
                                            if strokes.get(p) else "")
                for p in view["players"]}
    elif phase == "find":
        finished, strokes = set(view["confirmed"]), {}
        busy = dict.fromkeys(view["players"], lang._("✎ placing cards"))
    else:
        return None
    done = lang._("✔ done")

    def chip(seat: int, player: str) -> str:
        # One unbreakable chip per player: a wrapped line never splits "placing" from "cards".
        # It keeps the room of its other state (CSS above): a Done moves nothing on the page.
        finished_here = player in finished
        shown, other = (done, busy[player]) if finished_here else (busy[player], done)
        opening = f'data-seat="{seat}" data-done="{str(finished_here).lower()}"'
        if short:
            busy_mark = f"{BUSY_MARK} {lang.number(strokes[player])}" if strokes.get(player) else BUSY_MARK
            mark, other = (DONE_MARK, busy_mark) if finished_here else (busy_mark, DONE_MARK)
            return (f'<span class="inc-who-chip inc-who-short" {opening}>{player_badge(player, seat)}'
                    f'<span class="inc-who-state" data-other="{other}" aria-hidden="true"><span>{mark}</span></span>'
                    f'<span class="inc-aria"> {shown}</span></span>')  # its space: "Ana ✔ done", not "Ana✔ done"
        return (f'<span class="inc-who-chip" {opening}>{player_badge(player, seat)} '
                f'<span class="inc-who-state" data-other="{html.escape(other, quote=True)}"><span>{shown}</span></span>'
                '</span>')

    chips = [chip(seat, player) for seat, player in enumerate(view["players"], start=1)]
    return chips, sum(player in finished for player in view["players"])


def who_is_done(view: dict[str, Any], lang: Language, *, short: bool = False, narrow: bool = False) -> str:
    """Returns one chip per player (HTML): done, or still drawing (with how many strokes so
    far) in the hide phase, or still placing cards in the find phase; '' otherwise.  ``short``
    chips say it with a mark, their words for screen readers only: a phone's six chips take
    one line, not three, and the projector's bar over the find screen one, not two or three.
    They never count strokes, so they change only when someone is done: a page that draws (a
    student's) never moves under the pen as classmates draw, and no chip is sent at each stroke.
    ``narrow`` adds the chips a phone shows instead of the long ones (the teacher's desk in
    hand): short, and counting each one's strokes ("Ana ✎ 12")."""
    found = _chips(view, lang, short=short)
    if found is None:
        return ""
    if not narrow:
        return f'<span class="inc-who">{" ".join(found[0])}</span>'
    counted, _ = _chips(view, lang, short=True, counted=True)
    return (f'<span class="inc-who inc-who-wide">{" ".join(found[0])}</span>'
            f'<span class="inc-who inc-who-narrow">{" ".join(counted)}</span>')


def drawing_room(view: dict[str, Any], lang: Language) -> str:
    """Returns the projector's screen while the class draws (HTML): how many are done, in
    large type, then each player's chip as a tile of its own, the same chips
    :func:`who_is_done` lines up in a page's top bar.  Each tile has its place in a grid,
    so a count that grows or a Done moves no other tile; '' outside the hide phase."""
    found = _chips(view, lang) if view["phase"] == "hide" else None
    if found is None:
        return ""
    chips, done = found
    # Translators: above the tiles of who is done while the class draws (projected); 2 of 6 players.
    count = lang._("Done: {done} of {players}", done=lang.number(done), players=lang.number(len(chips)))
    return (f'<div class="inc-room"><p class="inc-room-count">{safe(count)}</p>'
            f'<div class="inc-who inc-room-seats" data-players="{len(chips)}">{"".join(chips)}</div></div>')


def next_reveal_label(last: bool, lang: Language) -> str:
    """Returns what the reveal's Next button says: on to the next drawing, or to the scores after the last."""
    return lang._("Show the scores") if last else lang._("Next drawing")


def after_scores_label(final: bool, lang: Language) -> str:
    """Returns what the scoreboard's Next button says: to the winners after the last round, else on."""
    return lang._("See the winners") if final else lang._("Prepare the next round")


def start_round_label(number: int, lang: Language) -> str:
    """Returns what the button that deals round ``number`` says."""
    return lang._("Start round {next}", next=number)


def on_the_projector(view: dict[str, Any], you: str, lang: Language) -> str:
    """Returns what a student's page says at a step of the reveal (plain text): the drawing
    the projector shows and ``you``'s points for it, or the round's scores and theirs; ''
    out of the reveal.  Their screen moves on in place, its heading unchanged."""
    reveal = view.get("reveal")
    if Phase(view["phase"]) is not Phase.SCORE or not reveal:
        return ""
    if reveal["scoreboard"]:
        mine = (reveal["points"] or {}).get(you, 0)
        return " ".join([lang._("On the projector: the scores of round {round}.", round=lang.number(view["round"])),
                         lang.ngettext("You scored {n} point this round.", "You scored {n} points this round.", mine)])
    artist = reveal["revealed"][-1]
    mine = reveal["drawing_points"][artist].get(you, 0)
    return " ".join([lang._("On the projector: {artist}'s drawing ({number} of {count}).", artist=artist,
                            number=lang.number(len(reveal["revealed"])), count=lang.number(len(view["players"]))),
                     lang.ngettext("You score {n} point with this drawing.", "You score {n} points with this drawing.",
                                   mine)])


def after_the_scores(game: Game, lang: Language) -> str:
    """Returns what a phone showing a round's scores waits for, and from whom (plain text):
    the teacher starts the next round, or after the last one shows who won."""
    if game.round < game.rules.rounds:
        return lang._("Wait for your teacher to start round {n}.", n=lang.number(game.round + 1))
    return lang._("Wait for your teacher to show who won.")
