"""The form a teacher fills in before a game: the deck, the players, the timer, or a resume.

A game begins with people typing names and perhaps uploading a word list, so this is
where most bad input arrives.  The form never judges a name or a deck itself: it asks
the engine (:meth:`Game.new`, :func:`clean_name`, :func:`parse_deck`) and shows the
engine's words next to the field they concern, escaped, so that a name like
``<img src=x onerror=alert(1)>`` or a deck word like ``<b>x</b>`` appears as typed.
The browser can set any synced trait, disabled buttons included, so every handler
checks the table limits again instead of trusting the state of a button.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Iterable, Optional

import ipywidgets as widgets

from incognito_nb.engine import (
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Deck,
    DeckError,
    Game,
    IllegalAction,
    Phase,
    Rules,
    SaveError,
    parse_deck,
)
from incognito_nb.engine.game import clean_name
from incognito_nb.store import AUTOSAVE, GameFolder
from incognito_nb.store.names import same_name

from incognito_nb.ui.guard import Guard
from incognito_nb.ui.i18n import DEFAULT_LANGUAGE, LANGUAGES, count, language, refusal, t
from incognito_nb.ui.widgets.palette import PLAYER_COLORS, text_color_on
from incognito_nb.ui.widgets.text import markup, player_color, safe
from incognito_nb.ui.widgets.uploads import take_upload


#: The timer choices, in seconds per phase; 0 means no timer.
TIMER_SECONDS: tuple[int, ...] = (0, 60, 90, 120, 180)


def timer_choices() -> tuple[tuple[str, int], ...]:
    """Returns the timer choices as (label in the interface language, seconds per phase)."""
    def label(seconds: int) -> str:
        if not seconds:
            return t("timer.off")
        if seconds % 60 or seconds == 60:
            return t("timer.seconds", n=seconds)
        return t("timer.minutes", n=seconds // 60)
    return tuple((label(seconds), seconds) for seconds in TIMER_SECONDS)


#: In em, not rem: the labels grow with projector type, and "Idioma de la interfaz" is long.
_LABEL_STYLE = {"description_width": "11em"}
#: At most this many problems of an uploaded deck are listed; the rest are counted.
MAX_LISTED_DECK_ERRORS = 50
#: An uploaded file's name is shown in messages; a longer one is cut.
MAX_FILE_NAME = 80

CSS = """
.inc-setup { flex-wrap: wrap; gap: 0.4rem 2.5rem; align-items: flex-start; }
.inc-setup > .inc-setup-settings { flex: 1 1 30rem; max-width: 40rem; gap: 0.4rem; }
.inc-setup > .inc-setup-players { flex: 1 1 26rem; max-width: 36rem; gap: 0.4rem; }
.inc-setup .inc-deck-upload { flex-shrink: 0; }
.inc-setup h2 { margin: 0.2rem 0; }
.inc-setup .inc-howto { opacity: 0.85; }
.inc-setup .inc-section { font-weight: bold; margin-top: 0.6rem; }
.inc-setup .inc-setup-players > .inc-section:first-child { margin-top: 0.3rem; }
.inc-setup .inc-player-row { align-items: center; gap: 0.4rem; }
.inc-setup .inc-swatch {
  display: inline-block; min-width: 1.8em; height: 1.8em; line-height: 1.8em;
  border-radius: 50%; text-align: center; font-weight: bold;
}
.inc-setup .inc-swatch-name { font-size: 85%; opacity: 0.8; margin-left: 0.3em; }
.inc-setup .inc-invalid input {
  border-color: var(--jp-error-color1, #b3261e);
  outline: 2px solid var(--jp-error-color1, #b3261e);
}
.inc-setup .inc-error { color: var(--jp-error-color1, #b3261e); }
.inc-setup .inc-error ul { margin: 0.2rem 0; padding-left: 1.4rem; }
.inc-setup .inc-deck-status { opacity: 0.85; }
.inc-setup .inc-resume, .inc-setup .inc-save-problem {
  border: 2px solid #0072b2; border-radius: 6px; padding: 0.5rem 0.8rem;
}
.inc-setup .inc-save-problem { border-color: var(--jp-warn-color1, #e69f00); }
.inc-setup .inc-start { font-weight: bold; }
"""


def _show(widget: widgets.Widget, visible: bool) -> None:
    """Shows or hides ``widget`` (hiding it keeps its place in the layout tree).

    Shown is ``""``, not ``None``: the in-browser kernel of the static site drops ``None``
    from the changes it sends, so a widget once hidden would stay hidden there
    (docs/platform-notes.md).
    """
    widget.layout.display = "" if visible else "none"


def name_problems(names: Iterable[str], *, blank_too: bool) -> tuple[dict[int, str], list[str]]:
    """Returns the fields (by index) whose names the engine would refuse, and why, in words.

    Duplicates ignore case, spacing and the way accents were typed, as in
    :func:`check_players`, and names that look alike count as one (a Cyrillic "А" in
    "Аna" beside "Ana": :func:`~incognito_nb.store.names.same_name`); blank names count
    only when ``blank_too``, so that a field being typed into is not flagged.
    """
    names = list(names)
    bad: dict[int, str] = {}
    messages: list[str] = []
    first_seen: dict[str, int] = {}
    for index, name in enumerate(names):
        if not name.strip() and not blank_too:
            continue
        try:
            cleaned = clean_name(name)
        except IllegalAction as error:
            bad[index] = refusal(error)
            if bad[index] not in messages:
                messages.append(bad[index])
            continue
        other = next((earlier for key, earlier in first_seen.items() if same_name(key, cleaned)), None)
        if other is not None:
            earlier = clean_name(names[other])
            message = (t("setup.same_name", first=other + 1, second=index + 1, name=repr(cleaned))
                       if earlier == cleaned else
                       t("setup.similar_names", first=other + 1, second=index + 1,
                         earlier=repr(earlier), name=repr(cleaned)))
            bad[other] = bad[index] = message
            messages.append(message)
        else:
            first_seen[cleaned] = index
    return bad, messages


class ErrorArea(widgets.HTML):
    """A place for what went wrong, shown as escaped lines; hidden while there is nothing."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("inc-error")
        self._lines: list[str] = []
        _show(self, False)

    @property
    def text(self) -> str:
        """The current error as plain text, one problem a line; '' if none."""
        return "\n".join(self._lines)

    def show(self, lines: Iterable[str], heading: str = "") -> None:
        """Shows ``lines`` (plain text, escaped here) as a list under ``heading``."""
        lines = [str(line) for line in lines if str(line)]
        self._lines = ([heading] if heading else []) + lines
        if not self._lines:
            self.clear()
            return
        if heading or len(lines) > 1:
            items = "".join(f"<li>{safe(line)}</li>" for line in lines)
            self.value = (f'<div role="alert">{safe(heading)}<ul>{items}</ul></div>'
                          if heading else f'<div role="alert"><ul>{items}</ul></div>')
        else:
            self.value = f'<div role="alert">{safe(lines[0])}</div>'
        _show(self, True)

    def clear(self) -> None:
        """Hides the area and forgets its error."""
        self._lines = []
        self.value = ""
        _show(self, False)


class PlayerRow(widgets.HBox):
    """One seat at the table: its colour, a name field and a remove button."""

    def __init__(self, seat: int, name: str = "") -> None:
        self.swatch = widgets.HTML(layout=widgets.Layout(width="9rem"))
        # Sent when the field is left, not per key: ipywidgets holds back a widget's further
        # updates until the kernel has answered the first, so a click on Start could
        # overtake the last letters typed (docs/platform-notes.md).
        self.name_field = widgets.Text(value=name, continuous_update=False,
                                       layout=widgets.Layout(width="16rem"))
        self.name_field.add_class("inc-player-name")
        self.remove_button = widgets.Button(description=t("setup.remove"), icon="times",
                                            layout=widgets.Layout(width="auto"))
        self.remove_button.add_class("inc-remove-player")
        super().__init__([self.swatch, self.name_field, self.remove_button])
        self.add_class("inc-player-row")
        self.set_seat(seat)

    def set_seat(self, seat: int) -> None:
        """Shows this row as seat ``seat`` (from 1): its colour, placeholder and tooltips."""
        self.seat = seat
        color_name = t("color." + PLAYER_COLORS[(seat - 1) % len(PLAYER_COLORS)][0])
        color = player_color(seat)
        # The seat number and the colour's name say what the colour alone cannot.
        self.swatch.value = (
            f'<span class="inc-swatch" style="background:{color};color:{text_color_on(color)}" '
            f'title="{html.escape(t("setup.swatch_title", seat=seat, color=color_name), quote=True)}">'
            f'{seat}</span><span class="inc-swatch-name">{html.escape(color_name)}</span>'
        )
        self.name_field.placeholder = t("setup.name_placeholder", seat=seat)
        self.remove_button.tooltip = t("setup.remove_tooltip", seat=seat)


class SetupForm(widgets.HBox):
    """The new-game form: pick a deck, name the players, choose a timer, start or resume.

    ``on_language(code)`` is told when the interface language is changed (the dashboard then
    builds the form again in that language); without it the language choice is hidden.
    ``on_start(game, timer_seconds)`` receives a fresh :class:`Game` (timer 0 means off);
    ``on_resume(game)`` receives the game read from ``folder``'s autosave.  ``deck`` is
    a preselected deck (from the launcher's ``--deck``); it is listed first and chosen.
    """

    def __init__(
        self,
        *,
        on_start: Callable[[Game, int], None],
        folder: Optional[GameFolder] = None,
        on_resume: Optional[Callable[[Game], None]] = None,
        deck: Optional[Deck] = None,
        on_language: Optional[Callable[[str], None]] = None,
        **kwargs: Any,
    ) -> None:
        self.on_start = on_start
        self.on_language = on_language
        self.on_resume = on_resume
        self.folder = folder
        self._decks: dict[str, Deck] = {}
        self._uploads = 0
        self._rows: list[PlayerRow] = []
        self._resume_offered = False

        self.resume_box, self.resume_button, self.discard_button = self._build_resume()
        self.save_problem = markup("", "inc-save-problem")
        _show(self.save_problem, False)

        # Each language named in its own words: whoever cannot read the current one still finds theirs.
        self.language_choice = widgets.Dropdown(
            options=[(name, code) for code, name in LANGUAGES.items()], value=language(),
            description=t("setup.language"), style=_LABEL_STYLE,
            layout=widgets.Layout(width="calc(11em + 10rem)"))
        self.language_choice.add_class("inc-language")
        _show(self.language_choice, on_language is not None)

        self.deck_choice = widgets.Dropdown(description=t("setup.deck"), style=_LABEL_STYLE,
                                            layout=widgets.Layout(width="calc(11em + 20rem)"))
        self.deck_choice.add_class("inc-deck")
        self.deck_upload = widgets.FileUpload(accept=".csv", multiple=False,
                                              description=t("setup.upload"),
                                              layout=widgets.Layout(width="auto"))
        self.deck_upload.add_class("inc-deck-upload")
        self._deck_status = markup("", "inc-deck-status")
        self._deck_status_text = ""
        self.deck_error = ErrorArea()

        self.timer_choice = widgets.Dropdown(options=timer_choices(), value=0, description=t("setup.timer"),
                                             style=_LABEL_STYLE, tooltip=t("setup.timer_tooltip"),
                                             layout=widgets.Layout(width="calc(11em + 14rem)"))
        self.timer_choice.add_class("inc-timer")

        self._player_list = widgets.VBox()
        self._player_list.add_class("inc-players")
        self.add_player_button = widgets.Button(description=t("setup.add_player"), icon="plus",
                                                layout=widgets.Layout(width="fit-content"))
        self.add_player_button.add_class("inc-add-player")
        self.form_error = ErrorArea()
        self.start_button = widgets.Button(description=t("setup.start"), icon="play",
                                           layout=widgets.Layout(width="fit-content"),
                                           button_style="primary")
        self.start_button.add_class("inc-start")

        # Two columns that wrap: the game's settings, then the players and Start. Side by
        # side they keep six players and Start on one projected screen.
        settings = widgets.VBox([
            markup(f"<h2>{safe(t('setup.heading'))}</h2>", "inc-title"),
            markup(safe(t("setup.howto")), "inc-howto"),
            self.resume_box,
            self.save_problem,
            self.language_choice,
            widgets.HBox([self.deck_choice, self.deck_upload], layout=widgets.Layout(flex_flow="row wrap")),
            self._deck_status,
            self.deck_error,
            self.timer_choice,
        ])
        settings.add_class("inc-setup-settings")
        players = widgets.VBox([
            markup(safe(t("setup.players", low=MIN_PLAYERS, high=MAX_PLAYERS, length=MAX_NAME_LENGTH)),
                   "inc-section"),
            self._player_list,
            self.add_player_button,
            self.form_error,
            self.start_button,
        ])
        players.add_class("inc-setup-players")
        super().__init__([settings, players], **kwargs)
        self.add_class("inc-setup")

        self._list_decks(deck)
        self.set_names([""] * MIN_PLAYERS)
        self.deck_choice.observe(self._on_deck_change, names="value")
        self.language_choice.observe(self._on_language, names="value")
        self.deck_upload.observe(self._on_upload, names="value")
        self.add_player_button.on_click(lambda _: self.add_player())
        self.start_button.on_click(lambda _: self.start())
        self.resume_button.on_click(lambda _: self.resume())
        self.discard_button.on_click(lambda _: self.discard_save())
        if self.folder is not None:
            # A folder on disk answers at once; the browser's storage once the page has read it.
            self.folder.on_loaded(self._offer_resume_if_shown)

    def carry_over(self, earlier: "SetupForm") -> None:
        """Takes the decks, the deck and timer chosen and the names typed in ``earlier``
        (the same form, before the interface language changed)."""
        self._decks = dict(earlier._decks)
        self._uploads = earlier._uploads
        self._refresh_decks(earlier.deck_choice.value)
        self.timer_choice.value = earlier.timer_seconds
        self.set_names(earlier.names)

    # ------------------------------------------------------------- reading
    @property
    def name_fields(self) -> list[widgets.Text]:
        """The players' name fields, in seating order."""
        return [row.name_field for row in self._rows]

    @property
    def names(self) -> list[str]:
        """The names as typed, in seating order."""
        return [field.value for field in self.name_fields]

    @property
    def deck(self) -> Deck:
        """The deck chosen in the deck dropdown."""
        return self._decks[self.deck_choice.value]

    @property
    def timer_seconds(self) -> int:
        """The chosen time per phase, in seconds; 0 means no timer."""
        return int(self.timer_choice.value)

    @property
    def error_text(self) -> str:
        """The errors shown now, as plain text, one a line; '' if none."""
        return "\n".join(text for text in (self.deck_error.text, self.form_error.text) if text)

    @property
    def deck_status(self) -> str:
        """The last deck message, as plain text ("Loaded 'Fruit' — ..."); '' if none."""
        return self._deck_status_text

    @property
    def save_notice(self) -> str:
        """What the form says about the autosave, as plain text; '' if nothing."""
        return self._save_notice

    # --------------------------------------------------------------- decks
    def _list_decks(self, preselected: Optional[Deck]) -> None:
        """Fills the deck dropdown: the preselected deck first, then the built-in decks."""
        if preselected is not None:
            self._decks["preset"] = preselected
        for deck_id in Deck.builtin_names():
            builtin = Deck.builtin(deck_id)
            if builtin != preselected:
                self._decks[f"builtin:{deck_id}"] = builtin
        self._refresh_decks(next(iter(self._decks)))

    def _refresh_decks(self, selected: str) -> None:
        options = []
        for key, deck in self._decks.items():
            label = t("setup.deck_option", name=deck.name, objects=count(len(deck.objects), "object"),
                      locations=count(len(deck.locations), "location"))
            if key.startswith("upload:"):
                label = t("setup.deck_uploaded", option=label, source=deck.source)
            # Option labels are set as text by the front end, never as HTML.
            options.append((label, key))
        self.deck_choice.options = options
        self.deck_choice.value = selected

    def _on_language(self, change: dict) -> None:
        # The browser can send any value: only a known language reaches the dashboard.
        if self.on_language is not None and change["new"] in LANGUAGES:
            self.on_language(change["new"])

    def _on_deck_change(self, change: dict) -> None:
        self.deck_error.clear()

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        name, data = take_upload(self.deck_upload, files)
        if data is None:
            self._deck_failed(t("setup.no_content"))
            return
        self.upload(data, name)

    def upload(self, content: bytes, name: str) -> Optional[Deck]:
        """Reads an uploaded deck file, then lists and chooses it; returns it, or None if refused.

        A refused file leaves the deck choice as it was and lists every problem found.
        """
        name = str(name)[:MAX_FILE_NAME] or "deck.csv"
        try:
            deck = parse_deck(bytes(content), source=name)
        except DeckError as error:
            self._deck_failed(*getattr(error, "errors", [str(error)]), file=name)
            return None
        for key in [k for k, d in self._decks.items() if k.startswith("upload:") and d.source == name]:
            del self._decks[key]  # a corrected file replaces its earlier version
        self._uploads += 1
        key = f"upload:{self._uploads}"
        self._decks[key] = deck
        self._refresh_decks(key)
        self.deck_error.clear()
        self._say_deck(t("setup.loaded", name=deck.name, objects=count(len(deck.objects), "object"),
                         locations=count(len(deck.locations), "location")))
        try:
            deck.check_fits(players=MIN_PLAYERS, rounds=Rules().rounds)
        except DeckError as error:
            self.deck_error.show([str(error)])
        return deck

    def _deck_failed(self, *problems: str, file: str = "") -> None:
        listed = list(problems[:MAX_LISTED_DECK_ERRORS])
        if len(problems) > len(listed):
            listed.append(t("setup.more_problems", n=len(problems) - len(listed)))
        heading = t("setup.bad_deck", file=file) if file else ""
        self.deck_error.show(listed, heading=heading)
        self._say_deck("")

    def _say_deck(self, text: str) -> None:
        self._deck_status_text = text
        self._deck_status.value = safe(text) if text else ""

    # ------------------------------------------------------------- players
    def set_names(self, names: Iterable[str]) -> None:
        """Shows one name field per name, filled in (any count: Start lets the engine judge it)."""
        names = [str(name) for name in names]
        self._rows = []
        for seat, name in enumerate(names, start=1):
            self._rows.append(self._new_row(seat, name))
        self._relayout()

    def add_player(self) -> None:
        """Adds an empty name field, unless the table is full."""
        if len(self._rows) >= MAX_PLAYERS:
            return
        self._rows.append(self._new_row(len(self._rows) + 1))
        self._relayout()

    def remove_player(self, seat: int) -> None:
        """Removes the name field of seat ``seat`` (from 1), unless the table is at its minimum."""
        if len(self._rows) <= MIN_PLAYERS or not 1 <= seat <= len(self._rows):
            return
        del self._rows[seat - 1]
        for number, row in enumerate(self._rows, start=1):
            row.set_seat(number)
        self._relayout()

    def _new_row(self, seat: int, name: str = "") -> PlayerRow:
        row = PlayerRow(seat, name)
        row.name_field.observe(lambda _: self._check_names_live(), names="value")
        row.remove_button.on_click(lambda _: self.remove_player(row.seat))
        return row

    def _relayout(self) -> None:
        self._player_list.children = tuple(self._rows)
        for row in self._rows:
            row.remove_button.disabled = len(self._rows) <= MIN_PLAYERS
        self.add_player_button.disabled = len(self._rows) >= MAX_PLAYERS
        self._check_names_live()

    def _mark(self, bad: Iterable[int]) -> None:
        bad = set(bad)
        for index, field in enumerate(self.name_fields):
            if index in bad:
                field.add_class("inc-invalid")
            else:
                field.remove_class("inc-invalid")

    def _check_names_live(self) -> None:
        """Flags names the engine would refuse while they are typed (blank ones excepted)."""
        bad, messages = name_problems(self.names, blank_too=False)
        self._mark(bad)
        if messages:
            self.form_error.show(messages)
        else:
            self.form_error.clear()

    # ---------------------------------------------------------- start/resume
    def start(self) -> Optional[Game]:
        """Starts a game with the typed names, chosen deck and timer; returns it, or None if refused.

        A refusal is shown next to the form, with the faulty name fields marked.
        """
        names = self.names
        bad, messages = name_problems(names, blank_too=True)
        if bad:  # the engine's rules, and look-alike names the engine does not know of
            self._mark(bad)
            self.form_error.show(messages)
            return None
        try:
            game = Game.new(names, self.deck)
        except IllegalAction as error:
            self._mark(name_problems(names, blank_too=True)[0])
            self.form_error.show([refusal(error)])
            return None
        except DeckError as error:
            self._mark(())
            self.form_error.clear()
            self.deck_error.show(getattr(error, "errors", [str(error)]))
            return None
        self._mark(())
        self.form_error.clear()
        self.deck_error.clear()
        if not self._call(self.on_start, game, self.timer_seconds, doing="doing.start"):
            return None
        return game

    def _build_resume(self) -> tuple[widgets.VBox, widgets.Button, widgets.Button]:
        self._resume_text = markup("", "inc-resume-text")
        self._save_notice = ""
        resume = widgets.Button(description=t("setup.resume"), icon="play", button_style="success",
                                layout=widgets.Layout(width="auto"))
        resume.add_class("inc-resume-game")
        discard = widgets.Button(description=t("setup.discard"), layout=widgets.Layout(width="auto"))
        discard.add_class("inc-discard-save")
        box = widgets.VBox([self._resume_text, widgets.HBox([resume, discard])])
        box.add_class("inc-resume")
        _show(box, False)
        return box, resume, discard

    def _offer_resume_if_shown(self) -> None:
        if self.comm is not None:  # a form already closed (the game started) offers nothing
            self._offer_resume()

    def _offer_resume(self) -> None:
        """Offers the folder's autosave, if there is a readable one; reports a damaged one."""
        if self.folder is None or self.on_resume is None:
            return
        try:
            if not self.folder.exists(AUTOSAVE):
                return
            game = self.folder.load(AUTOSAVE)
            saved = next((s for s in self.folder.list() if s.name == AUTOSAVE), None)
        except (SaveError, OSError) as error:
            self._report_save_problem(error)
            return
        if saved is not None and language() == DEFAULT_LANGUAGE:
            description = saved.describe()  # the store's own words
        else:  # another language, or the file changed between the two reads: say what was read
            stage = (t("phase.over") if game.phase is Phase.OVER else
                     t("setup.stage", round=game.round, phase=t(f"phase.short.{game.phase.value}")))
            description = t("setup.waiting_game", players=", ".join(game.players), stage=stage)
            if saved is not None:
                when = saved.saved_at.astimezone().strftime("%d/%m %H:%M")
                description += " " + t("setup.saved_when", when=when)
        self._save_notice = t("setup.waiting", description=description)
        self._resume_text.value = safe(self._save_notice)
        self._resume_offered = True
        _show(self.resume_box, True)

    def _report_save_problem(self, error: Exception) -> None:
        self._save_notice = t("setup.unreadable", error=error)
        self.save_problem.value = f'<div role="alert">{safe(self._save_notice)}</div>'
        _show(self.save_problem, True)

    def resume(self) -> Optional[Game]:
        """Reads the autosave again and hands it to ``on_resume``; returns it, or None."""
        if not self._resume_offered or self.folder is None or self.on_resume is None:
            return None
        try:
            game = self.folder.load(AUTOSAVE)
        except (SaveError, OSError) as error:
            self.discard_save()
            self._report_save_problem(error)
            return None
        if not self._call(self.on_resume, game, doing="doing.resume"):
            return None
        return game

    def discard_save(self) -> None:
        """Hides the resume offer; the file stays until the next game's autosave replaces it."""
        self._resume_offered = False
        _show(self.resume_box, False)

    def _call(self, callback: Callable[..., Any], *args: Any, doing: str) -> bool:
        """Calls a callback of the dashboard; a failure is shown on the form, not only logged.

        ``doing`` is the catalogue key of what the callback does ("doing.start").
        """
        return Guard(lambda text: self.form_error.show([text])).run(callback, *args, doing=doing)[0]
