"""Driving the dashboard in Chromium the way a table plays it, for the browser tests.

:class:`Table` plays through the stable CSS hooks only (README, "Stable CSS hooks"), and
:class:`Watch` collects what the page said meanwhile: errors, failed requests, dialogs.
"""

from __future__ import annotations

import csv
import subprocess
import zipfile
from pathlib import Path
from typing import Optional, Sequence

from browser import ARTIFACTS, canvas_pixels, draw_stroke, wait_for_ink, wait_for_paper

#: Every wait for the page: a 2-core CI machine starting a kernel is slow, a step is not.
SLOW = 60_000
STEP = 20_000
#: A band across the middle of a board, in board units: clear of the location text and the border.
MIDDLE = (40, 200, 720, 300)
#: A short stroke per player, as fractions of the pad: different for each seat, all in MIDDLE.
STROKES = [
    [(0.15, 0.45), (0.35, 0.55), (0.55, 0.45)],
    [(0.45, 0.40), (0.65, 0.60)],
    [(0.20, 0.60), (0.50, 0.40), (0.80, 0.60)],
    [(0.30, 0.45), (0.70, 0.45)],
    [(0.25, 0.55), (0.45, 0.40), (0.60, 0.55)],
    [(0.50, 0.38), (0.50, 0.62)],
]
FIND, NONE, WRONG = "find", "no card", "wrong"
#: One voter's intentions: for each artist, find the object, place a wrong card, or no card.
Plan = dict[str, dict[str, str]]


# -- the rule book, worked out independently of the engine ---------------------------------

def expected_points(players: Sequence[str], tokens: dict[str, int], cards: dict[str, dict[str, int]]) -> dict[str, int]:
    """Returns one round's points by RULES.md: 1 per object found; 2 for an artist found by
    at least one other player but not by all of them."""
    points = dict.fromkeys(players, 0)
    for artist in players:
        finders = [voter for voter in players if voter != artist and cards[voter].get(artist) == tokens[artist]]
        for finder in finders:
            points[finder] += 1
        if 0 < len(finders) < len(players) - 1:
            points[artist] += 2
    return points


def cards_for(plan: Plan, tokens: dict[str, int]) -> dict[str, dict[str, int]]:
    """Returns the card numbers that carry out ``plan``: the true token to find an object,
    otherwise a free token that is not the artist's (each voter holds one card per number)."""
    cards: dict[str, dict[str, int]] = {}
    for voter, intents in plan.items():
        mine = {artist: tokens[artist] for artist, intent in intents.items() if intent == FIND}
        for artist, intent in intents.items():
            if intent == WRONG:
                mine[artist] = next(n for n in range(1, 7) if n != tokens[artist] and n not in mine.values())
        cards[voter] = mine
    return cards


# -- the page, driven the way a player drives it --------------------------------------------

class Watch:
    """What a page said while a test played: errors, failed requests and dialogs.

    Only the console's own warnings and debug lines are let pass (a Jupyter front end
    prints many).  Any failed request (the page asks no other host: the template drops
    Voilà's CDN links), anything else on the console at the error level, any uncaught
    exception, anything mentioning ``setAttr`` (ipycanvas's symptom of a canvas drawn
    before its view connected) and any dialog fails the test.
    """

    def __init__(self, page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.failed: list[str] = []
        self.dialogs: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on("console", self._console)
        page.on("requestfailed", lambda request: self.failed.append(request.url))
        page.on("dialog", self._dialog)

    def _console(self, message) -> None:
        url = (message.location or {}).get("url", "")
        if "setAttr" in message.text:
            self.errors.append(f"console {message.type}: {message.text}")
        elif message.type == "error":
            # "Failed to load resource" carries the resource as its location.
            self.errors.append(f"console error: {message.text} ({url})")

    def _dialog(self, dialog) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def forget(self) -> None:
        """Forgets everything seen so far."""
        self.errors.clear()
        self.failed.clear()
        self.dialogs.clear()

    def check(self) -> None:
        """Asserts the page raised nothing, logged no error and opened no dialog."""
        self.page.evaluate("() => 0")  # a round trip: events the browser sent before it are in
        assert not self.errors, "\n".join(self.errors)
        assert not self.failed, self.failed
        assert not self.dialogs, self.dialogs


class Table:
    """The dashboard in one browser page, with the moves a table makes on it."""

    def __init__(self, page, url: str, watch: Optional[Watch] = None) -> None:
        self.page = page
        self.url = url
        self.watch = watch or Watch(page)
        self.secrets: dict[str, str] = {}
        self.locations: dict[str, str] = {}
        self.players: list[str] = []
        self.ink: dict[str, int] = {}  # ink pixels of each player's drawing, as their pad showed it
        self.drawing_now: Optional[str] = None  # whose pad is open

    def open(self) -> None:
        self.page.goto(self.url, timeout=SLOW)
        self.open_again()

    def open_again(self) -> None:
        """Waits for the dashboard to show again (after a reload)."""
        self.page.wait_for_selector(".inc-setup", timeout=SLOW)
        # Voilà shows widgets while the notebook still runs; it hides its spinner when done.
        self.page.wait_for_selector("#loading", state="hidden", timeout=SLOW)

    def snap(self, name: str) -> Path:
        """Saves a screenshot of the whole dashboard as ``artifacts/dashboard_<name>.png``.

        Voilà scrolls inside ``#rendered_cells``, not the page, so a full-page shot would
        stop at the window: the window is made as tall as the content for the shot.
        """
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"dashboard_{name}.png"
        size = self.page.viewport_size
        height = self.page.evaluate(
            "() => { const c = document.querySelector('#rendered_cells'); return c ? c.scrollHeight : 0; }")
        if height > size["height"]:
            self.page.set_viewport_size({"width": size["width"], "height": min(height + 20, 4000)})
        try:
            self.page.screenshot(path=str(path))
        finally:
            self.page.set_viewport_size(size)
        return path

    def press(self, selector: str, *, within: Optional[str] = None) -> None:
        """Clicks the button at ``selector`` and waits until the screen it was on is gone.

        Every move re-renders the stage: waiting for the old button to leave makes sure
        the next click lands on the next screen, not on a closed widget.
        """
        scope = self.page.locator(within) if within else self.page
        button = scope.locator(selector).first.element_handle(timeout=STEP)
        button.click(timeout=STEP)
        button.wait_for_element_state("hidden", timeout=STEP)

    # -- setup
    def type_names(self, names: Sequence[str]) -> None:
        fields = self.page.locator(".inc-player-name input")
        while fields.count() < len(names):
            before = fields.count()
            self.page.click(".inc-add-player")
            self.page.wait_for_function(
                "n => document.querySelectorAll('.inc-player-name input').length > n", arg=before, timeout=STEP)
        for name_field, name in zip(fields.all(), names):
            name_field.fill(name)

    def start(self, names: Sequence[str]) -> None:
        """Types ``names`` in the setup form and starts the game."""
        self.type_names(names)
        self.begin()

    def begin(self) -> None:
        """Presses Start with the names as typed and waits for the first curtain."""
        self.players = [value.strip() for value in
                        self.page.locator(".inc-player-name input").evaluate_all("els => els.map(e => e.value)")]
        self.press(".inc-start")
        self.wait_for_curtain(self.players[0])

    # -- the curtain
    def wait_for_curtain(self, player: str) -> None:
        """Waits for the curtain that calls ``player`` (their name exactly, in their badge)."""
        self.page.locator(".inc-curtain .inc-badge").get_by_text(player, exact=True).wait_for(timeout=STEP)

    def open_card(self, player: str) -> None:
        self.wait_for_curtain(player)
        self.press(".inc-show-card", within=".inc-curtain")

    # -- hide
    def open_pad(self, player: str) -> str:
        """Opens ``player``'s card; reads and returns their secret object, remembers their location."""
        self.open_card(player)
        canvas = ".inc-pad canvas"
        self.page.wait_for_selector(canvas, timeout=STEP)
        wait_for_paper(self.page, canvas, timeout=STEP)
        self.drawing_now = player
        self.secrets[player] = self.page.inner_text(".inc-secret b").strip()
        self.locations[player] = self.page.inner_text(".inc-location b").strip()
        assert self.secrets[player] and self.locations[player]
        return self.secrets[player]

    def draw(self, points: Sequence[tuple[float, float]]) -> None:
        """Draws one stroke with the mouse on the open pad and waits for its ink."""
        canvas = ".inc-pad canvas"
        self.page.locator(canvas).last.scroll_into_view_if_needed()
        before = canvas_pixels(self.page, canvas, MIDDLE)["ink"]
        draw_stroke(self.page, canvas, points, steps=4)
        wait_for_ink(self.page, canvas, region=MIDDLE, timeout=STEP, min_pixels=before + 1)
        self.ink[self.drawing_now] = canvas_pixels(self.page, canvas, MIDDLE)["ink"]

    def done(self) -> None:
        self.press(".inc-done")

    def hand_in_blank(self) -> None:
        """Every player in seating order opens their card and is done with an empty board."""
        for player in self.players:
            self.open_pad(player)
            self.done()

    def hide_round(self, *, snap: str = "") -> None:
        """Every player in seating order opens their card, draws one or two strokes, and is done."""
        for seat, player in enumerate(self.players):
            self.open_pad(player)
            self.draw(STROKES[seat])
            if seat == 0:
                self.draw([(0.6, 0.6), (0.75, 0.5)])  # a second stroke for the first player
            if snap and seat == 0:
                self.snap(f"{snap}3_pad")
            self.done()

    # -- find
    def lineup(self) -> list[str]:
        """Returns the words at tokens 1–6, in order."""
        cards = self.page.locator(".inc-lineup .inc-token")
        cards.nth(5).wait_for(timeout=STEP)
        numbers = [text.strip() for text in self.page.locator(".inc-lineup .inc-token-number").all_inner_texts()]
        assert numbers == ["1", "2", "3", "4", "5", "6"], numbers
        return [text.strip() for text in self.page.locator(".inc-lineup .inc-token-word").all_inner_texts()]

    def tokens(self) -> dict[str, int]:
        """Returns each player's token, from the line-up and the secrets read behind the curtain."""
        words = self.lineup()
        assert len(words) == 6, words
        return {player: words.index(self.secrets[player]) + 1 for player in self.players}

    def whole_drawing(self, player: str) -> int:
        """Returns how much ink a board must show to hold ``player``'s whole drawing.

        Every board has the pad's 800 x 600 buffer and the same renderer, so it shows the
        same pixels; a little slack allows for anti-aliasing.
        """
        return max(1, int(0.9 * self.ink.get(player, 0)))

    def gallery_shows_every_drawing(self) -> None:
        for seat, player in enumerate(self.players, start=1):
            tile = f".inc-gallery .inc-drawing-for-{seat}"
            wait_for_ink(self.page, f"{tile} canvas", region=MIDDLE, timeout=STEP, min_pixels=self.whole_drawing(player))
            if player in self.locations:  # public: the tile says where the object hides
                assert self.locations[player] in self.page.inner_text(tile), (player, self.locations[player])

    def place(self, artist: str, card: Optional[int]) -> None:
        """Places a card (``None``: takes it back) on ``artist``'s drawing and waits until it lies."""
        seat = self.players.index(artist) + 1
        # By the buttons' CSS hooks, not their labels: "no card" is said in the page's language.
        button = self.page.locator(f".inc-vote-for-{seat} " + (".inc-card-none" if card is None else f".inc-card-{card}"))
        button.click(timeout=STEP)
        self.page.wait_for_function(
            "el => el.classList.contains('inc-card-selected')", arg=button.element_handle(), timeout=STEP)

    def vote(self, voter: str, cards: dict[str, int], *, change_mind: bool = False, snap: str = "") -> None:
        """Behind the curtain, ``voter`` places ``cards`` (artist → token) and confirms.

        With ``change_mind`` the voter first puts card 1 on each drawing left without a card,
        then takes it back: a card may change until it is confirmed.
        """
        self.open_card(voter)
        self.page.wait_for_selector(".inc-votes .inc-confirm-votes", timeout=STEP)
        for artist in self.players:
            if artist == voter:
                assert self.page.locator(f".inc-vote-for-{self.players.index(artist) + 1}").count() == 0
            elif artist in cards:
                self.place(artist, cards[artist])
            elif change_mind:
                self.place(artist, 1)
                self.place(artist, None)
        if snap:
            self.snap(f"{snap}5_votes")
        self.press(".inc-confirm-votes")

    # -- score
    def reveal_round(self, tokens: dict[str, int], *, snap: str = "") -> None:
        """Steps through the reveal, drawing by drawing, checking each drawing shows and its answer."""
        for seat, artist in enumerate(self.players):
            reveal = self.page.locator(".inc-reveal")
            reveal.locator(".inc-reveal-artist .inc-badge").get_by_text(artist, exact=True).wait_for(timeout=STEP)
            assert reveal.locator(".inc-token-true .inc-token-number").inner_text().strip() == str(tokens[artist])
            # The drawing replays stroke by stroke: wait for all of it.
            wait_for_ink(self.page, ".inc-reveal canvas", region=MIDDLE, timeout=STEP,
                         min_pixels=self.whole_drawing(artist))
            if snap and seat == 0:
                self.snap(f"{snap}6_reveal")
            self.press(".inc-next")

    def scores(self) -> dict[str, int]:
        """Returns the totals on the scoreboard, by player name."""
        self.page.wait_for_selector(".inc-scoreboard .inc-score-row .inc-score-total", timeout=STEP)
        rows = self.page.locator(".inc-scoreboard .inc-score-row")
        totals = {}
        for row in rows.all():
            name = row.locator(".inc-badge").inner_text().strip()
            totals[name] = int(row.locator(".inc-score-total").inner_text().strip())
        return totals

    def play_find_and_score(self, plan: Plan, *, snap: str = "", change_mind: bool = False) -> dict[str, int]:
        """Plays the find phase by ``plan`` and the reveal; returns the round's expected points."""
        tokens = self.tokens()
        cards = cards_for(plan, tokens)
        self.gallery_shows_every_drawing()
        if snap:
            self.snap(f"{snap}4_find")
        for seat, voter in enumerate(self.players):
            self.vote(voter, cards[voter], change_mind=change_mind, snap=snap if seat == 0 else "")
            if seat < len(self.players) - 1:
                self.gallery_shows_every_drawing()  # still up for the next voter
        self.reveal_round(tokens, snap=snap)
        return expected_points(self.players, tokens, cards)


def download_takeaways(page, folder: Path) -> dict[str, Path]:
    """Downloads every file the game-over screen's links offer into ``folder``; returns
    them by file name."""
    received = {}
    for link in page.locator(".inc-download").all():
        with page.expect_download(timeout=STEP) as arrival:
            link.click()
        download = arrival.value
        received[download.suggested_filename] = path = folder / download.suggested_filename
        download.save_as(path)
    return received


def check_reports(received: dict[str, Path], table: "Table", players: Sequence[str]) -> list[str]:
    """Opens the poster and the two reports of a three-round game of ``players`` and checks
    them (Ben wins; the last round's objects are the secrets read behind the curtain);
    returns the PNG names inside ``drawings.zip``, nine of them."""
    poster = subprocess.run(["pdftotext", str(received["poster.pdf"]), "-"], capture_output=True, text=True,
                            check=True).stdout
    assert all(player in poster for player in players) and "Ben wins!" in poster
    with received["results.csv"].open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 9 and {row["artist"] for row in rows} == set(players)
    for row in rows:  # the last round's objects are the secrets its players read behind the curtain
        if row["round"] == "3":
            assert row["object"] == table.secrets[row["artist"]]
    with received["vocabulary.csv"].open(encoding="utf-8-sig", newline="") as file:
        assert len(list(csv.DictReader(file))) == 9
    with zipfile.ZipFile(received["drawings.zip"]) as archive:
        drawings = sorted(name for name in archive.namelist() if name.endswith(".png"))
    assert len(drawings) == 9
    return drawings
