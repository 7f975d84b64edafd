"""Projector mode in Chromium: every phase screenshotted at 1280x720 and 1920x1080, and the
find phase (six drawings and the line-up) shown whole, without scrolling, at both sizes.

The dashboard is started as a teacher starts it for a projector: ``incognito-nb --theme dark``
(dark theme, projector mode on).
"""

from __future__ import annotations

import pytest

from browser import ARTIFACTS, launcher_server
from table_driver import SLOW, STEP, STROKES, Table

pytestmark = pytest.mark.browser

SIZES = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}
SIX = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]


def overflow(page) -> dict:
    """Returns how far the dashboard reaches past the window's right and bottom edges."""
    return page.evaluate(
        """() => {
            const r = document.querySelector('.inc-app').getBoundingClientRect();
            const s = document.querySelector('.inc-stage').getBoundingClientRect();
            return {right: Math.max(r.right, s.right) - innerWidth,
                    bottom: Math.max(r.bottom, s.bottom) - innerHeight};
        }""")


def shoot(page, phase: str) -> dict[str, dict]:
    """Screenshots the window at both sizes; returns the overflow measured at each."""
    ARTIFACTS.mkdir(exist_ok=True)
    measured = {}
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(300)  # the layout follows the window: let it settle
        page.screenshot(path=str(ARTIFACTS / f"projector_{phase}_{name}.png"))
        measured[name] = overflow(page)
    return measured


def confirm_end_phase(page) -> None:
    page.click(".inc-end-phase")
    page.click(".inc-confirm-yes", timeout=STEP)


def test_projector_mode_shows_each_phase_on_one_screen(page, tmp_path):
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["720p"])
        table.open()
        page.wait_for_selector(".inc-app.inc-projector", timeout=SLOW)
        table.type_names(SIX)
        shoot(page, "1_setup")
        table.begin()
        shoot(page, "2_curtain")
        for seat, player in enumerate(SIX):
            table.open_pad(player)
            table.draw(STROKES[seat])
            if seat == 0:
                shoot(page, "3_pad")
            table.done()
        page.wait_for_selector(".inc-find .inc-curtain", timeout=STEP)
        table.gallery_shows_every_drawing()
        for size, past in shoot(page, "4_find").items():
            assert past["right"] <= 0 and past["bottom"] <= 0, f"the find phase scrolls at {size}: {past}"
        table.open_card("Ana")
        page.wait_for_selector(".inc-votes", timeout=STEP)
        votes_overflow = shoot(page, "5_votes")
        confirm_end_phase(page)  # the teacher ends the find phase: cards lie as placed
        page.wait_for_selector(".inc-reveal", timeout=STEP)
        for size, past in shoot(page, "6_reveal").items():
            assert past["right"] <= 0, f"the reveal is too wide at {size}: {past}"
        for _ in SIX:
            table.press(".inc-next")
        page.wait_for_selector(".inc-scoreboard", timeout=STEP)
        shoot(page, "7_scoreboard")
        for _ in range(2):  # rounds 2 and 3, ended by the teacher
            table.press(".inc-next")  # score → prepare, prepare → hide
            if page.locator(".inc-prepare").count():
                table.press(".inc-next")
            page.wait_for_selector(".inc-curtain", timeout=STEP)
            confirm_end_phase(page)
            page.wait_for_selector(".inc-find", timeout=STEP)
            confirm_end_phase(page)
            page.wait_for_selector(".inc-reveal", timeout=STEP)
            confirm_end_phase(page)  # skip the reveal: the scores are recorded
            page.wait_for_selector(".inc-prepare, .inc-podium", timeout=STEP)
        page.wait_for_selector(".inc-winners", timeout=STEP)
        shoot(page, "8_podium")
        table.watch.check()
    print("vote panel overflow (not required to fit):", votes_overflow)


def test_a_spanish_class_sees_the_curtain_and_the_find_phase_in_spanish(page, tmp_path):
    """``incognito-nb --theme dark --language es`` with the Spanish deck, played with the mouse."""
    from incognito_nb import Deck
    from incognito_nb.engine.decks import locations_count, objects_count
    from incognito_nb.ui.i18n import language

    deck = Deck.builtin("es_everyday")
    spanish = language("es")
    deck_label = spanish._("{name} ({objects}, {locations})", name=deck.name, objects=objects_count(len(deck.objects)),
                           locations=locations_count(len(deck.locations)))
    players = ["Ana", "Ben", "Cleo"]
    with launcher_server(tmp_path / "saves", extra_args=("--theme", "dark", "--language", "es")) as url:
        table = Table(page, url)
        page.set_viewport_size(SIZES["720p"])
        table.open()
        page.wait_for_selector(".inc-app.inc-projector", timeout=SLOW)
        assert page.inner_text(".inc-start").strip() == "Empezar la partida"
        assert page.locator(".inc-language select").evaluate("s => s.options[s.selectedIndex].text") == "Español"
        page.select_option(".inc-deck select", label=deck_label)
        table.type_names(players)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "projector_es_1_setup.png"))
        table.begin()
        assert page.inner_text(".inc-curtain-call").strip() == "Pasa la pantalla a Ana — que los demás no miren."
        assert "Ronda 1 de 3 · Esconde el objeto" in page.inner_text(".inc-header")
        page.screenshot(path=str(ARTIFACTS / "projector_es_2_curtain.png"))
        for seat, player in enumerate(players):
            word = table.open_pad(player)
            assert word in deck.objects, word  # the deck's words, whatever the interface speaks
            if seat == 0:
                assert page.inner_text(".inc-secret").startswith("Tu objeto secreto:")
                page.screenshot(path=str(ARTIFACTS / "projector_es_3_pad.png"))
            table.draw(STROKES[seat])
            table.done()
        page.wait_for_selector(".inc-find .inc-curtain", timeout=STEP)
        table.gallery_shows_every_drawing()
        assert page.inner_text(".inc-find .inc-curtain-call").strip() == "Pasa la pantalla a Ana — que los demás no miren."
        assert "Encuentra los objetos escondidos" in page.inner_text(".inc-header")
        page.screenshot(path=str(ARTIFACTS / "projector_es_4_find.png"))
        table.watch.check()
