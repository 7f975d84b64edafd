"""Table mode on a laptop's 1280×720 screen, as a table sees it (issue 18): the pad and Done
in view outside projector mode, the game-over downloads apart, the setup form's labels whole,
and a finished saved game offered as a finished game, not "resumed".

The launcher is started as the README says; a finished game is put in its saves folder
first (played through the engine), so the game-over screen is one click away.
Screenshots go to ``artifacts/table_fit_*.png``.
"""

from __future__ import annotations

import itertools

import pytest

from browser import ARTIFACTS, broken_words, cut_texts, launcher_server, loose_lines, resize
from table_driver import FIND, STEP, Table, cards_for, expected_points
from test_projector_browser import LONG_NAMES, SIX_LONG, confirm_end_phase, overflow
from test_score_widgets import finished_game

from incognito_nb import Deck, Game
from incognito_nb.store import GameFolder

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 720}
#: A tablet held sideways, and upright.
TABLET = {"width": 1024, "height": 768}
UPRIGHT = {"width": 768, "height": 1024}
#: One phone passed round the table.
PHONE = {"width": 390, "height": 844}
SHORT_PHONE = {"width": 360, "height": 640}
#: Six French names as long as a class has them.
FRENCH_NAMES = ["Anne-Charlotte Dupont", "Marie-Madeleine Lefebvre", "Jean-Baptiste Moreau", "Éloïse",
                "Maximilien Beauregard", "Léa"]


def snap(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"table_fit_{name}.png"))


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport=LAPTOP, accept_downloads=True)
    page = context.new_page()
    yield page
    context.close()


def box(page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; }")


def upload_label(page) -> str:
    """Returns the upload button's label as painted: the text that takes room on screen
    (ipywidgets writes "description (count)"; what is drawn at no width is not seen)."""
    return page.locator(".inc-deck-upload").evaluate(
        "b => { const seen = [];"
        " for (const n of b.childNodes) { if (n.nodeType !== 3) continue;"
        "   const r = document.createRange(); r.selectNodeContents(n);"
        "   if (r.getBoundingClientRect().width > 0) seen.push(n.textContent); }"
        " const after = getComputedStyle(b, '::after').content;"
        " if (after && after !== 'none') seen.push(JSON.parse(after));"
        " return seen.join(' ').trim(); }")


def test_the_pad_and_done_fit_a_laptop_screen_outside_projector_mode(laptop, tmp_path):
    with launcher_server(tmp_path / "saves") as url:
        table = Table(laptop, url)
        table.open()
        table.start(["Ana", "Ben", "Cleo"])
        table.open_pad("Ana")
        snap(laptop, "pad_1280x720")
        pad, done = box(laptop, ".inc-pad canvas"), box(laptop, ".inc-done")
        assert pad["bottom"] <= LAPTOP["height"] and pad["right"] <= LAPTOP["width"], pad
        assert done["bottom"] <= LAPTOP["height"], done
        cut = laptop.locator(".inc-pad-tools button").evaluate_all(
            "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)")
        assert cut == [], cut  # every tool's label whole ("med…" once)
        scrolls = laptop.evaluate("() => { const c = document.querySelector('#rendered_cells');"
                                  " return [c.scrollHeight, c.clientHeight]; }")
        assert scrolls[0] <= scrolls[1] + 1, scrolls


def test_a_finished_saved_game_is_offered_as_finished_and_its_downloads_stand_apart(laptop, tmp_path):
    GameFolder(tmp_path / "saves").save(finished_game())
    with launcher_server(tmp_path / "saves") as url:
        table = Table(laptop, url)
        table.open()
        offer = laptop.locator(".inc-resume")
        offer.wait_for(timeout=STEP)
        snap(laptop, "setup_finished_save")
        text = offer.inner_text()
        assert "Resume" not in text and "resume" not in text, text
        assert "Game over" in text and "See its results" in text, text
        assert upload_label(laptop) == "Upload a deck (.csv)"
        table.press(".inc-resume-game")
        table.press(".inc-prepare-downloads")
        laptop.wait_for_selector(".inc-downloads .inc-download", timeout=STEP)
        snap(laptop, "downloads")
        boxes = laptop.locator(".inc-downloads .inc-download").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); "
            "return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; })")
        assert len(boxes) >= 4
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                apart = (a["right"] + 4 <= b["x"] or b["right"] + 4 <= a["x"]
                         or a["bottom"] + 4 <= b["y"] or b["bottom"] + 4 <= a["y"])
                assert apart, (a, b)


def test_the_deck_menu_shows_whole_deck_names_in_projector_mode(laptop, tmp_path):
    with launcher_server(tmp_path / "saves", extra_args=["--projector"]) as url:
        table = Table(laptop, url)
        table.open()
        snap(laptop, "setup_projector")
        cut = laptop.locator(".inc-deck select").evaluate(
            "s => { const c = document.createElement('canvas').getContext('2d');"
            " const st = getComputedStyle(s); c.font = st.fontSize + ' ' + st.fontFamily;"
            " const pad = parseFloat(st.paddingLeft) + parseFloat(st.paddingRight) + 24;"
            " return [...s.options].filter(o => c.measureText(o.text).width + pad > s.clientWidth).map(o => o.text); }")
        assert not cut, cut


def choose_file(page, path) -> None:
    """Uploads the file at ``path`` through the setup form's upload button, as a teacher does."""
    with page.expect_file_chooser(timeout=STEP) as chooser:
        page.click(".inc-deck-upload")
    chooser.value.set_files(str(path))


def test_an_uploaded_deck_with_a_long_file_name_keeps_the_deck_menu_in_its_column(laptop, tmp_path):
    """A file name of 98 characters names a deck of whole words ending "…" (it was cut mid-word,
    "…(version fin"), and its long option no longer holds the deck menu past its column's edge
    (by its margin, 2 px); a deck too small says so once, not "Loaded" above "too small"."""
    words = "kind,word\n" + "".join(f"object,objet{i}\n" for i in range(20)) + "".join(
        f"location,lieu{i}\n" for i in range(18))
    long_file = tmp_path / "Vocabulaire_de_la_semaine_12_-_les_objets_de_la_maison_et_du_jardin_(version_finale_corrigee).csv"
    long_file.write_text(words, encoding="utf-8")
    small = tmp_path / "petit.csv"
    small.write_text("# name: petit\nkind,word\n" + "".join(f"object,o{i}\n" for i in range(8))
                     + "".join(f"location,l{i}\n" for i in range(4)), encoding="utf-8")
    with launcher_server(tmp_path / "saves", extra_args=["--language", "fr"]) as url:
        table = Table(laptop, url)
        table.open()
        choose_file(laptop, small)
        laptop.wait_for_selector(".inc-setup .inc-error:has-text('petit')", timeout=STEP)
        assert laptop.locator(".inc-deck-status").inner_text().strip() == ""  # said once: too small
        choose_file(laptop, long_file)
        laptop.wait_for_selector(".inc-deck-status:has-text('…')", timeout=STEP)
        snap(laptop, "setup_long_deck_name_fr")
        status = laptop.locator(".inc-deck-status").inner_text()
        assert "Vocabulaire de la semaine 12 les objets de la maison et du…" in status, status
        column, menu = box(laptop, ".inc-setup-settings"), box(laptop, ".inc-deck")
        assert menu["right"] <= column["right"] + 0.5, (menu, column)
        assert laptop.locator(".inc-setup .inc-error:visible").count() == 0  # the small deck's words went
        assert cut_texts(laptop) == []
        assert loose_lines(laptop) == []  # the deck's line on two lines, spaced as a sentence
        bad = tmp_path / "vocabulaire.xlsx.csv"
        bad.write_bytes("kind,word\nobject,caf\u00e9\n".encode("latin-1"))
        choose_file(laptop, bad)
        laptop.wait_for_selector(".inc-setup .inc-error:has-text('vocabulaire.xlsx.csv')", timeout=STEP)
        assert loose_lines(laptop) == []  # an upload's problems too
        table.watch.check()


def test_a_german_table_on_a_tablet_reads_the_curtains_as_sentences(laptop, tmp_path):
    """Table mode in German on a tablet held sideways (1024x768), projector mode off: the
    curtain's call and its hint, in the hide and the find phase, wrap as sentences (the
    hint's lines were 28 px apart for 16-px type, as if a blank line stood between them)."""
    with launcher_server(tmp_path / "saves", extra_args=("--language", "de")) as url:
        laptop.set_viewport_size(TABLET)
        table = Table(laptop, url)
        table.open()
        table.start(["Ana", "Ben", "Cleo"])
        snap(laptop, "curtain_de_1024x768")
        assert laptop.locator(".inc-curtain-hint").evaluate("e => e.getClientRects()[0].height") > 40  # two lines
        assert loose_lines(laptop) == []
        table.hide_round()
        laptop.wait_for_selector(".inc-find .inc-curtain", timeout=STEP)
        snap(laptop, "find_de_1024x768")
        assert loose_lines(laptop) == []


def test_on_a_tablet_held_upright_six_drawings_and_the_curtain_share_the_screen(laptop, tmp_path):
    """Six players on a tablet held upright (768x1024): the find phase's side wraps under the
    drawings; three a row, every drawing, the line-up and the curtain's button are on the
    screen (two a row, the line-up began 1,125 px down and the button ended at 1,370), and
    Ana's cards follow the drawings."""
    with launcher_server(tmp_path / "saves") as url:
        laptop.set_viewport_size(UPRIGHT)
        table = Table(laptop, url)
        table.open()
        table.start(["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"])
        table.hide_round()
        laptop.wait_for_selector(".inc-find .inc-curtain .inc-show-card", timeout=STEP)
        laptop.wait_for_function("() => document.querySelectorAll('.inc-find .inc-drawing canvas').length === 6",
                                 timeout=STEP)
        snap(laptop, "find_768x1024")
        tops = laptop.locator(".inc-find .inc-drawing").evaluate_all(
            "tiles => tiles.map(t => Math.round(t.getBoundingClientRect().top))")
        assert len(tops) == 6 and len(set(tops)) == 2, f"six drawings in two rows: {tops}"
        assert box(laptop, ".inc-find .inc-lineup")["bottom"] <= UPRIGHT["height"]
        assert box(laptop, ".inc-find .inc-show-card")["bottom"] <= UPRIGHT["height"]
        table.open_card("Ana")
        laptop.wait_for_selector(".inc-votes", timeout=STEP)
        snap(laptop, "votes_768x1024")
        assert box(laptop, ".inc-votes")["y"] < UPRIGHT["height"] - 200, "Ana's cards start on the screen"


@pytest.mark.parametrize("players", [3, 6])
def test_on_a_laptop_every_drawing_of_the_find_phase_is_on_the_screen(laptop, tmp_path, players):
    """A laptop's 1280x720 outside projector mode: the find phase shows every drawing, three a
    row, beside the line-up and the curtain, with no scrolling: two a row put Cleo's drawing
    (the third of three) at 470-765 px, under the screen's edge, beside the cards that voters
    place on it."""
    names = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"][:players]
    with launcher_server(tmp_path / "saves") as url:
        table = Table(laptop, url)
        table.open()
        table.start(names)
        table.hide_round()
        laptop.wait_for_selector(".inc-find .inc-curtain .inc-show-card", timeout=STEP)
        laptop.wait_for_function("n => document.querySelectorAll('.inc-find .inc-drawing canvas').length === n",
                                 arg=players, timeout=STEP)
        snap(laptop, f"find_1280x720_{players}")
        tiles = laptop.locator(".inc-find .inc-drawing").evaluate_all(
            "tiles => tiles.map(t => Math.round(t.getBoundingClientRect().bottom))")
        assert len(tiles) == players and max(tiles) <= LAPTOP["height"], f"drawings' bottoms: {tiles}"
        assert box(laptop, ".inc-find .inc-show-card")["bottom"] <= LAPTOP["height"]
        table.open_card("Ana")
        laptop.wait_for_selector(".inc-votes .inc-confirm-votes", timeout=STEP)
        assert box(laptop, ".inc-votes .inc-confirm-votes")["bottom"] <= LAPTOP["height"]
        table.watch.check()


def test_a_table_passing_one_phone_draws_on_a_whole_pad_and_reads_whole_words(laptop, tmp_path):
    """Table mode in German on a phone (390x844), six long names, one phone passed round the
    table.  The card's words stand above the pad and Done under its board, all on the screen
    (side by side, the pad's tools ran off the right edge and the board was 120 px wide); the
    reveal's six tokens go three a row (they fell 3/1/1/1 around the highlighted one); the
    scoreboard's headers are whole words ("gesam|t") and Next's label is whole
    ("Nächste Runde vorbere…")."""
    with launcher_server(tmp_path / "saves", extra_args=("--language", "de")) as url:
        laptop.set_viewport_size(PHONE)
        table = Table(laptop, url)
        table.open()
        table.start(LONG_NAMES)
        table.open_pad(LONG_NAMES[0])
        table.draw([(0.3, 0.4), (0.5, 0.6), (0.7, 0.4)])
        snap(laptop, "pad_de_390x844")
        head, board, done = box(laptop, ".inc-card-head"), box(laptop, ".inc-pad canvas"), box(laptop, ".inc-done")
        assert board["right"] - board["x"] >= 300, f"a board to draw on: {board}"
        assert head["bottom"] <= board["y"] and board["bottom"] <= done["y"], "the card's words, the board, Done"
        assert done["bottom"] <= PHONE["height"], f"Done in view under the board: {done}"
        tools = laptop.locator(".inc-pad-tools button").evaluate_all(
            "bs => bs.filter(b => b.getBoundingClientRect().right > innerWidth).map(b => b.title || b.innerText)")
        assert tools == [], f"tools past the screen's edge: {tools}"
        assert overflow(laptop)["right"] <= 0
        # The phone on its side (844x390): the tools and a board to draw on fit the window's
        # height together, a scroll down (the board was 165 px wide).
        resize(laptop, {"width": PHONE["height"], "height": PHONE["width"]}, timeout=STEP)
        snap(laptop, "pad_de_844x390")
        tools, board = box(laptop, ".inc-pad-tools"), box(laptop, ".inc-pad canvas")
        assert board["right"] - board["x"] >= 300 and board["bottom"] - tools["y"] <= PHONE["width"], (tools, board)
        resize(laptop, PHONE, timeout=STEP)
        table.done()
        confirm_end_phase(laptop)  # the others' drawings count as they stand (empty)
        table.wait_for_curtain(LONG_NAMES[0])  # the find phase's (the hide phase's called the second player)
        confirm_end_phase(laptop)  # nobody's cards: the reveal
        for artist in LONG_NAMES:
            laptop.locator(".inc-reveal .inc-reveal-artist .inc-badge").get_by_text(artist, exact=True).wait_for(
                timeout=STEP)
            if artist == LONG_NAMES[0]:
                snap(laptop, "reveal_de_390x844")
                tops = laptop.locator(".inc-reveal .inc-token").evaluate_all(
                    "ts => ts.map(t => Math.round(t.getBoundingClientRect().top))")
                assert sorted(tops.count(top) for top in set(tops)) == [3, 3], f"three tokens a row: {tops}"
                # The true token's mark is its ✔ alone, its words for screen readers (on lines of
                # their own, "✔ der versteckte Gegenstand" made its token 115 px tall, 57 the others).
                mark = box(laptop, ".inc-token-true .inc-token-mark")
                assert mark["right"] - mark["x"] <= 30 and mark["bottom"] - mark["y"] <= 30, f"the mark: {mark}"
                assert laptop.text_content(".inc-token-true .inc-token-mark-words").strip() == "der versteckte Gegenstand"
            table.press(".inc-next")
        laptop.wait_for_selector(".inc-scoreboard .inc-score-row", timeout=STEP)
        snap(laptop, "scores_de_390x844")
        assert broken_words(laptop, ".inc-score-header span") == []
        seen = overflow(laptop)
        assert seen["buttons"] == [] and seen["cut"] == [] and seen["right"] <= 0, seen


def test_a_table_passing_one_phone_finds_one_drawing_at_a_time_and_follows_the_phone_turned(laptop, tmp_path):
    """Table mode on a phone (390x844), three players: the find phase's curtain is on the
    screen as the phase opens (it stood under the drawings and the line-up, 1,400 px down),
    and each voter places their cards as a student's phone does, one drawing at a time with
    its card row under it.  Turned on its side the phone gets the laptop's layout, every
    drawing beside the cards, with the cards already placed; turned back, one at a time
    again.  The round scores as the cards say."""
    players = ["Ana", "Ben", "Cleo"]
    with launcher_server(tmp_path / "saves") as url:
        laptop.set_viewport_size(PHONE)
        table = Table(laptop, url)
        table.open()
        table.start(players)
        table.hide_round()
        show = laptop.locator(".inc-curtain .inc-show-card")
        show.wait_for(timeout=STEP)
        snap(laptop, "find_curtain_390x844")
        assert box(laptop, ".inc-curtain .inc-show-card")["bottom"] <= PHONE["height"], "the curtain's button in view"
        assert laptop.locator(".inc-gallery").count() == 0
        tokens = cards = None  # the line-up is behind the curtain: read with the first cards
        for voter in players:
            table.open_card(voter)
            laptop.wait_for_selector(".inc-find-one .inc-find-shown .inc-painted-board[data-painted]", timeout=STEP)
            if tokens is None:
                tokens = table.tokens()
                cards = cards_for({v: {a: FIND for a in players if a != v} for v in players}, tokens)
                snap(laptop, "find_cards_390x844")
            others = [a for a in players if a != voter]
            for step, artist in enumerate(others):
                shown = f".inc-find-one .inc-find-shown.inc-find-drawing-for-{players.index(artist) + 1}"
                laptop.wait_for_selector(shown, timeout=STEP)
                number = cards[voter][artist]
                laptop.click(f"{shown} .inc-card-{number}")
                laptop.wait_for_selector(f"{shown} .inc-card-{number}.inc-card-selected", timeout=STEP)
                if voter == "Cleo" and step == 0:
                    # Turned on its side: every drawing beside the card rows, the card kept.
                    laptop.set_viewport_size({"width": PHONE["height"], "height": PHONE["width"]})
                    laptop.wait_for_selector(".inc-find .inc-gallery", timeout=STEP)
                    assert laptop.locator(".inc-find-one").count() == 0
                    laptop.wait_for_selector(f".inc-vote-for-1 .inc-card-{number}.inc-card-selected", timeout=STEP)
                    snap(laptop, "find_cards_844x390")
                    laptop.set_viewport_size(PHONE)
                    laptop.wait_for_selector(".inc-find-one", timeout=STEP)
                    assert laptop.locator(".inc-gallery").count() == 0
                    laptop.wait_for_selector(f"{shown} .inc-card-{number}.inc-card-selected", timeout=STEP)
                if step < len(others) - 1:
                    laptop.click(".inc-find-next")
            table.press(".inc-confirm-votes")
        for artist in players:
            laptop.locator(".inc-reveal .inc-reveal-artist .inc-badge").get_by_text(artist, exact=True).wait_for(
                timeout=STEP)
            table.press(".inc-next")
        assert table.scores() == expected_points(players, tokens, cards)


def test_a_french_table_on_a_short_phone_in_the_dark_theme_reads_every_screen_whole(laptop, tmp_path):
    """Table mode in French, ``--theme dark`` (which starts in projector mode), six long
    names, on a 360x640 phone, the game played to its end by the teacher's bar.  The phone
    leaves projector mode (the pad was 74 px wide in it); the curtain's button is whole and
    on the screen ("suis Anne-Charlotte Dupont : montrer ma" ran past both edges, under the
    bottom); the reveal's chips speak French ("Léa : pas de carte", the mark beside it); the
    scoreboard's totals are on the screen (they ran past its edge); the teacher's question and
    the prepare screen's words are spaced as sentences; a place and its name, a score and its
    unit, stay together on the podium ("2 / points")."""
    with launcher_server(tmp_path / "saves", extra_args=("--language", "fr", "--theme", "dark")) as url:
        laptop.set_viewport_size(SHORT_PHONE)
        table = Table(laptop, url)
        table.open()
        table.start(FRENCH_NAMES)
        assert laptop.locator(".inc-app.inc-projector").count() == 0, "a phone leaves projector mode"
        assert laptop.locator(".inc-projector-toggle").is_hidden()  # and shows no toggle: a row of the bar
        snap(laptop, "curtain_fr_dark_360x640")
        button = box(laptop, ".inc-curtain .inc-show-card")
        assert button["x"] >= 0 and button["right"] <= SHORT_PHONE["width"] and button["bottom"] <= SHORT_PHONE["height"], \
            button
        seen = overflow(laptop)
        assert seen["buttons"] == [] and seen["cut"] == [] and seen["right"] <= 0, seen
        for round_number in range(1, 4):
            table.wait_for_curtain(FRENCH_NAMES[0])
            confirm_end_phase(laptop)  # the drawings as they stand (empty)
            laptop.locator(".inc-show-card").get_by_text("mes cartes").wait_for(timeout=STEP)
            confirm_end_phase(laptop)  # nobody's cards
            laptop.wait_for_selector(".inc-reveal", timeout=STEP)
            if round_number == 1:
                snap(laptop, "reveal_fr_dark_360x640")
                chips = laptop.locator(".inc-reveal .inc-vote-chip").all_inner_texts()
                assert chips == [f"{name}\u00a0: pas de carte\u00a0✘" for name in FRENCH_NAMES[1:]], chips
            confirm_end_phase(laptop)  # the reveal skipped, the scores recorded
            laptop.wait_for_selector(".inc-prepare, .inc-podium", timeout=STEP)
            totals = laptop.locator(".inc-score-total").evaluate_all(
                "ts => ts.map(t => t.getBoundingClientRect().right)")
            assert len(totals) == 7 and max(totals) <= SHORT_PHONE["width"], f"the totals on the screen: {totals}"
            assert broken_words(laptop, ".inc-score-header span") == [] and cut_texts(laptop) == []
            # "cette manche" under its round, in type one can read (8.5 px on one line).
            label = laptop.locator(".inc-score-now-label")
            if label.count():
                size = label.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
                assert size >= 10, f"'{label.first.inner_text()}' in {size}-px type"
            if round_number < 3:
                laptop.click(".inc-end-phase")
                laptop.wait_for_selector(".inc-confirm-yes", timeout=STEP)
                snap(laptop, "prepare_fr_dark_360x640")
                assert loose_lines(laptop) == []  # the prepare screen's words and the question
                # The answer in the question's words ("Distribuer maintenant la manche suivante ?"
                # was answered "Oui, la terminer").
                assert laptop.inner_text(".inc-confirm-yes").strip() == "Oui, distribuer"
                laptop.click(".inc-confirm-yes")
        laptop.wait_for_selector(".inc-podium", timeout=STEP)
        snap(laptop, "podium_fr_dark_360x640")
        apart = laptop.locator(".inc-podium-row .inc-together").evaluate_all(
            "ps => ps.filter(p => new Set([...p.getClientRects()].map(r => Math.round(r.top))).size > 1)"
            ".map(p => p.textContent)")
        assert apart == [], apart


#: A laptop's screens: 720p and the common 1366x768.
LAPTOPS = {"1280x720": LAPTOP, "1366x768": {"width": 1366, "height": 768}}


#: Each language's built-in deck.
DECKS = {"en": "everyday", "es": "es_everyday", "fr": "fr_everyday", "de": "de_everyday"}


def longest_find(language: str) -> Game:
    """Returns a game of six long names at its find phase (the drawings empty), dealt from the
    longest words of ``language``'s built-in deck, its line-up holding the three longest."""
    deck = Deck.builtin(DECKS[language])
    deck = Deck(sorted(deck.objects, key=len)[-18:], sorted(deck.locations, key=len)[-18:], language=language)
    for seed in itertools.count():
        game = Game.new(SIX_LONG, deck, seed=seed)
        if set(deck.objects[-3:]) <= {game.secret_object(player) for player in SIX_LONG}:
            game.advance(force=True)
            return game


@pytest.mark.parametrize("language", ["en", "es", "fr", "de"])
def test_a_laptop_shows_the_whole_find_screen_with_confirm_for_six_long_names(laptop, tmp_path, language):
    """Table mode on a laptop (1280x720, 1366x768), six long names and a line-up of the
    language's longest words, the first voter's cards open with a card on every drawing: the
    whole find screen is on the screen, Confirm my cards with it, in and out of projector mode.
    Out of projector mode it ran 47 px under a 720p screen, Confirm 45 px under its bottom, in
    every language (each row's label on a line of its own); projected, a word longer than a
    third of the line-up ("Briefumschlag") took a row of two, and Confirm went 22 px under a
    German 720p screen, and words on two lines ("canard en / plastique") 2 px under a French one.
    On a tablet held sideways (1024x768) the cards stay on the screen, and the whole find screen
    too: six drawings two a row ran 246 px under its bottom, Confirm 61 px under it in French."""
    GameFolder(tmp_path / "saves").save(longest_find(language))
    with launcher_server(tmp_path / "saves", extra_args=("--language", language)) as url:
        table = Table(laptop, url)
        table.open()
        table.press(".inc-resume-game")
        laptop.wait_for_selector(".inc-find .inc-curtain", timeout=STEP)
        table.open_card(SIX_LONG[0])
        laptop.wait_for_selector(".inc-votes .inc-confirm-votes", timeout=STEP)
        table.players = SIX_LONG
        for card, artist in enumerate(SIX_LONG[1:], start=1):
            table.place(artist, card)
        # On a tablet held sideways the cards stay on the screen: beside a label, "keine Karte"
        # ran past its right edge; the cards go under the label where the column is too narrow.
        resize(laptop, TABLET, timeout=STEP)
        snap(laptop, f"votes_{language}_1024x768")
        past = laptop.locator(".inc-vote .inc-card").evaluate_all(
            "cs => Math.max(...cs.map(c => c.getBoundingClientRect().right))"
            " - document.querySelector('.inc-stage').getBoundingClientRect().right")
        assert past <= 0, f"cards {past} px past the screen's right edge"
        measured = {}
        for projector in (False, True):
            if projector:
                laptop.click(".inc-projector-toggle")
                laptop.wait_for_selector(".inc-app.inc-projector", timeout=STEP)
            for name, size in (LAPTOPS | {"1024x768": TABLET}).items():
                resize(laptop, size, timeout=STEP)
                shot = f"votes_{language}_{name}" + ("_projector" if projector else "")
                snap(laptop, shot)
                seen = overflow(laptop)
                confirm = box(laptop, ".inc-votes .inc-confirm-votes")
                measured[shot] = {"bottom": seen["bottom"], "right": seen["right"],
                                  "confirm": confirm["bottom"] - size["height"], "cut": seen["cut"],
                                  "buttons": seen["buttons"]}
        wrong = {shot: got for shot, got in measured.items()
                 if got["bottom"] > 0 or got["right"] > 0 or got["confirm"] > 0 or got["cut"] or got["buttons"]}
        assert wrong == {}, wrong
        table.watch.check()
