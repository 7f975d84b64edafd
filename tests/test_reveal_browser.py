"""One pace for the class, in real browsers: a projector and six phones through a reveal.

A teacher page (1280×720) and six student pages (phones, 390×844), each in its own
Chromium context, play a round over the classroom server.  The drawings and cards are
set through the store with the students' own seats (what their pages would send), so the
test spends its time on the reveal: at every step, every phone shows the drawing the
projector shows and nothing further — no answer, card, point or scoreboard the projector
has not shown, on the screen or in any websocket frame the phone received (the synced
state of its widgets arrives in those frames) — and a reloaded phone lands where the
projector is.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import parse_qs, urlparse

import pytest

from browser import ARTIFACTS, wait_for_ink
from classroom_server import classroom as running_classroom
from incognito_nb.engine import Action, Phase
from incognito_nb.engine.reveal import drawing_points, revealed
from incognito_nb.store import open_store
from table_driver import SLOW, STEP, Watch
from tables import doodle
from test_classroom_browser import DECK, check_consoles, create_table, join_students, press, wait_ready
from widget_text import mentions

pytestmark = pytest.mark.browser

SIX = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]
ANSWER = re.compile(r"The hidden object was: (?:<b>)?(Zobj\d\dq)")


class Frames:
    """Every websocket frame a page receives, as the text of its message parts, labelled
    with the step of the reveal the test was at (set before the projector moves on)."""

    def __init__(self, page) -> None:
        self.phase: tuple = ("before", 0)
        self.frames: list[tuple[tuple, str]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._received))

    def _received(self, payload) -> None:
        self.frames.append((self.phase, "\n".join(message_parts(payload))))


def message_parts(payload) -> list[str]:
    """Returns the parts of a kernel message as text: a frame of the binary websocket
    protocol (a count of offsets, the offsets, then channel, header, ..., content, buffers)
    or a JSON text frame as it is."""
    if isinstance(payload, str):
        return [payload]
    count = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 + 8 * i:16 + 8 * i], "little") for i in range(count)]
    return [bytes(payload[start:end]).decode("utf-8", "replace") for start, end in zip(offsets, offsets[1:])]


def widget_states(text: str) -> list[str]:
    """Returns each widget state a message holds as JSON text (one message may carry the
    states of every widget of a page, as when a page loads), else the message whole."""
    states: list[str] = []

    def walk(value) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("state"), dict):
                states.append(json.dumps(value["state"], ensure_ascii=False))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for part in text.split("\n"):
        try:
            walk(json.loads(part))
        except ValueError:
            continue
    return states or [text]


def _tokens(rejoin: dict[str, str]) -> dict[str, str]:
    return {name: parse_qs(urlparse(url).query)["token"][0] for name, url in rejoin.items()}


def _found(voter: int, artist: int) -> bool:
    """Which cards the class gets right: enough for every kind of drawing (found by some, by all, by none)."""
    return artist == 0 or (artist % 2 == 1 and (voter + artist) % 3 != 0)


def _wait_for_step(page, game_players, step: int) -> None:
    """Waits until ``page`` shows the reveal's ``step``: that drawing's artist, or the scoreboard."""
    if step < len(game_players):
        page.locator(".inc-reveal .inc-reveal-artist .inc-badge").get_by_text(
            game_players[step], exact=True).wait_for(timeout=STEP)
    else:
        page.wait_for_selector(".inc-scoreboard", timeout=STEP)


def _check_phone(page, name: str, game, step: int) -> None:
    """Asserts that a phone shows what the projector shows at ``step`` and nothing further."""
    record = game.history[-1]
    players = game.players
    shown = revealed(players, step)
    text = page.inner_text("body", timeout=STEP)
    answers = ANSWER.findall(text)
    assert page.locator(".inc-reveal").count() == (1 if step < len(players) else 0), (name, step)
    if step < len(players):
        artist = players[step]
        assert answers == [record.objects[artist]], (name, step, answers)
        mine = drawing_points(record, artist).get(name, 0)
        assert page.inner_text(".inc-my-drawing-points").strip() == (
            f"You score {mine} point{'s' if mine != 1 else ''} with this drawing.")
        # The student reads their points without scrolling: the line is above the fold of the
        # phone (390×844), over the drawing, not under the line-up and the cards.
        box = page.locator(".inc-my-drawing-points").bounding_box()
        assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], (name, step, box)
        assert page.locator(".inc-scoreboard").count() == 0 and page.locator(".inc-my-points").count() == 0
        assert "You scored" not in text
    else:
        assert answers == []
        mine = record.points[name]
        assert page.inner_text(".inc-my-points").strip() == (
            f"You scored {mine} point{'s' if mine != 1 else ''} this round.")
    for artist in players:
        if artist not in shown and artist != name:
            assert f"{artist}’s drawing of" not in text and f"{artist}'s drawing of" not in text


def _check_frames(frames: Frames, name: str, game) -> None:
    """Asserts that no frame a phone received during a step of the reveal held what the
    projector had not shown: another artist's answer, a reveal of a drawing to come (its
    cards are in it), or before the scoreboard the round's points or scoreboard."""
    record = game.history[-1]
    players = game.players
    seen = 0
    for (phase, step), text in frames.frames:
        if phase != "reveal":
            continue
        seen += 1
        shown = revealed(players, step)
        for word in ANSWER.findall(text.replace("\\u003cb\\u003e", "<b>")):
            assert word in {record.objects[a] for a in shown}, f"{name}'s page got an answer not shown at step {step}"
        for artist in players:
            if artist in shown or artist == name:
                continue
            word = record.objects[artist]
            assert not any(mentions(state, word) and mentions(state, artist) for state in widget_states(text)), \
                f"{artist}'s object and name reached {name} at step {step} in one widget"
            assert not any(f"{artist}{mark}s drawing of" in text for mark in ("’", "'", "\\u2019"))
        if step < len(players):  # (a class in quotes: a widget's, not the stylesheet's rule)
            assert "You scored" not in text and not any(
                f'"{css}"' in state for state in widget_states(text)
                for css in ("inc-scoreboard", "inc-score-row", "inc-my-points")), \
                f"the round's points reached {name}'s page at step {step}"
    assert seen > 0, f"no frame reached {name}'s page in the reveal"


def test_six_phones_follow_the_projectors_reveal_and_hold_nothing_it_has_not_shown(browser, tmp_path):
    started = time.monotonic()
    deck = tmp_path / "secrets.csv"
    deck.write_text(DECK, encoding="utf-8")
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720})] + [
        browser.new_context(viewport={"width": 390, "height": 844})
        for _ in SIX]
    try:
        with running_classroom(tmp_path, "--deck", str(deck)) as room, open_store(room.store) as store:
            teacher, *phones = [context.new_page() for context in contexts]
            watches = [Watch(page) for page in (teacher, *phones)]
            students = dict(zip(SIX, phones))
            frames = {name: Frames(page) for name, page in students.items()}
            code = create_table(teacher, room.render, 1)
            rejoin = join_students(teacher, students, room.render, code)
            tokens = _tokens(rejoin)
            teacher.click(".inc-start")
            for page in phones:
                page.wait_for_selector(".inc-pad canvas", timeout=STEP)
            for seat, name in enumerate(SIX):  # what the pads would send
                store.act(code, Action.submit_drawing(name, doodle(seat)), seat_token=tokens[name])
            teacher.wait_for_selector(".inc-gallery .inc-drawing", timeout=STEP)
            game = store.read(code).game
            assert game.phase is Phase.FIND
            for page in phones:
                page.wait_for_selector(".inc-confirm-votes:not(:disabled)", timeout=STEP)
            for v, voter in enumerate(SIX):
                for a, artist in enumerate(SIX):
                    if artist != voter and _found(v, a):
                        truth = game.lineup.index(game.secret_object(artist)) + 1
                        store.act(code, Action.cast_vote(voter, artist, truth), seat_token=tokens[voter])
            for name in SIX:
                frames[name].phase = ("reveal", 0)
            for name in SIX:
                store.act(code, Action.confirm_votes(name), seat_token=tokens[name])

            for step in range(len(SIX) + 1):
                _wait_for_step(teacher, SIX, step)
                game = store.read(code).game
                assert game.phase is Phase.SCORE and game.reveal_step == step
                for name, page in students.items():
                    _wait_for_step(page, SIX, step)
                    if step < len(SIX):
                        page.wait_for_selector(".inc-my-drawing-points", timeout=STEP)
                    else:
                        page.wait_for_selector(".inc-my-points", timeout=STEP)
                    _check_phone(page, name, game, step)
                if 0 < step < len(SIX):  # moved on in place: the board paints the next drawing whole
                    strokes = len(game.history[-1].drawings[SIX[step]].strokes)
                    for page in (teacher, students["Ben"]):
                        page.wait_for_selector(f'.inc-reveal .inc-painted-board[data-painted="{strokes}"]',
                                               timeout=STEP)
                if step in (0, 2, len(SIX)):  # for a person to look at: the projector and a phone
                    if step == 0:  # once the replay is over, both show the drawing (Ana's
                        # doodle, in the board's corner inside its 2-unit border)
                        for page in (teacher, students["Ben"]):
                            wait_for_ink(page, ".inc-reveal canvas", timeout=STEP, region=(4, 4, 56, 46))
                    # On the phone the reveal starts right under the title line: the empty lines
                    # of the top (no chips, no problem, no lost connection) take no gap each.
                    gap = students["Ben"].evaluate("""() => document.querySelector('.inc-stage')
                        .getBoundingClientRect().top - document.querySelector('.inc-title-line')
                        .getBoundingClientRect().bottom""")
                    assert 0 <= gap <= 12, gap
                    ARTIFACTS.mkdir(exist_ok=True)
                    teacher.screenshot(path=str(ARTIFACTS / f"reveal_step_{step}_projector.png"))
                    students["Ben"].screenshot(path=str(ARTIFACTS / f"reveal_step_{step}_phone.png"))
                if step in (1, len(SIX)):  # a phone reloads mid-reveal, and at the scoreboard
                    reloaded = SIX[2 + step % 3]
                    page = students[reloaded]
                    page.goto(rejoin[reloaded], timeout=SLOW)
                    wait_ready(page, ".inc-look-up" if step < len(SIX) else ".inc-my-points")
                    _wait_for_step(page, SIX, step)
                    _check_phone(page, reloaded, game, step)
                if step < len(SIX):
                    for name in SIX:
                        frames[name].phase = ("reveal", step + 1)
                    press(teacher, ".inc-next")
            for name in SIX:
                frames[name].phase = ("after", 0)
            game = store.read(code).game
            for name in SIX:
                _check_frames(frames[name], name, game)
            assert any(game.history[-1].objects["Fay"] in text for (phase, step), text in frames["Ana"].frames
                       if phase == "reveal" and step >= 5), "the search looks where the answers are"
            press(teacher, ".inc-next")
            teacher.wait_for_selector(".inc-winners", timeout=STEP)
            check_consoles(watches)
    finally:
        for context in contexts:
            context.close()
    print(f"a reveal with a projector and six phones: {time.monotonic() - started:.1f} s")
