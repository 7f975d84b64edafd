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

from typing import Any, Callable, Iterable, Optional

import ipywidgets as widgets
from babel.dates import format_datetime

from incognito_nb.engine import (
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Deck,
    DeckError,
    Game,
    IllegalAction,
    Phase,
    SaveError,
    parse_deck,
)
from incognito_nb.engine.decks import locations_count, objects_count
from incognito_nb.engine.errors import N_, more_problems
from incognito_nb.store import AUTOSAVE, GameFolder

from incognito_nb.ui.widgets.aria import focus_at_once
from incognito_nb.ui.widgets.shared import own_layout
from incognito_nb.ui.guard import Guard
from incognito_nb.ui.choices import deck_for_language, table_deck_problems, timer_choices
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.language_menu import LanguageMenu
from incognito_nb.ui.widgets.player_rows import PlayerRow, name_problems
from incognito_nb.ui.widgets.progress import phase_name, phase_title
from incognito_nb.ui.widgets.text import markup, safe
from incognito_nb.ui.widgets.uploads import short_file_name, take_upload
from incognito_nb.ui.sheets import read_sheet


#: In em, not rem: the labels grow with projector type, and "Idioma de la interfaz" is long.
_LABEL_STYLE = {"description_width": "11em"}
#: At most this many problems of an uploaded deck are listed; the rest are counted.
MAX_LISTED_DECK_ERRORS = 50

CSS = read_sheet(__file__, "setup_form.css")


def _show(widget: widgets.Widget, visible: bool) -> None:
    """Shows or hides ``widget`` (hiding it keeps its place in the layout tree).

    Shown is ``""``, not ``None``: the in-browser kernel of the static site drops ``None``
    from the changes it sends, so a widget once hidden would stay hidden there
    (docs/platform-notes.md).
    """
    own_layout(widget).display = "" if visible else "none"


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


class SetupForm(widgets.HBox):
    """The new-game form: pick a deck, name the players, choose a timer, start or resume.

    The form speaks ``lang``.  ``on_language(code)`` is told when the interface language
    is changed (the dashboard then builds the form again in that language); without it the
    language choice is hidden.
    ``on_start(game, timer_seconds)`` receives a fresh :class:`Game` (timer 0 means off);
    ``on_resume(game)`` receives the game read from ``folder``'s autosave.  ``deck`` is
    a preselected deck (from the launcher's ``--deck``); it is listed first and chosen.
    """

    hand_focus = staticmethod(focus_at_once)  # after a press: the page's PageAria.hand_focus, on a page

    def __init__(
        self,
        *,
        on_start: Callable[[Game, int], None],
        folder: Optional[GameFolder] = None,
        on_resume: Optional[Callable[[Game], None]] = None,
        deck: Optional[Deck] = None,
        on_language: Optional[Callable[[str], None]] = None,
        lang: Optional[Language] = None,
        **kwargs: Any,
    ) -> None:
        self.lang = lang = lang or language()
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

        self.language_choice = LanguageMenu(
            lang, on_choose=self._on_language, label=lambda lang: lang._("Interface language"),
            css_class="inc-language", style=_LABEL_STYLE, layout=widgets.Layout(width="calc(11em + 10rem)"))
        _show(self.language_choice, on_language is not None)

        self.deck_choice = widgets.Dropdown(description=lang._("Deck"), tooltip=lang._("Deck"), style=_LABEL_STYLE,
                                            layout=widgets.Layout(width="calc(11em + 20rem)"))
        self.deck_choice.add_class("inc-deck")
        # A tooltip of its own: without one, ipywidgets titles the button "null" (docs/platform-notes.md).
        self.deck_upload = widgets.FileUpload(accept=".csv,.txt", multiple=False,
                                              description=lang._("Upload a deck (.csv)"),
                                              tooltip=lang._("Upload a deck (.csv)"),
                                              layout=widgets.Layout(width="auto"))
        self.deck_upload.add_class("inc-deck-upload")
        self._deck_status = markup("", "inc-deck-status")
        self._deck_status_text = ""
        self.deck_error = ErrorArea()

        self.timer_choice = widgets.Dropdown(options=timer_choices(lang), value=0, description=lang._("Drawing timer"),
                                             style=_LABEL_STYLE, tooltip=lang._("How long the players have to draw"),
                                             layout=widgets.Layout(width="calc(11em + 14rem)"))
        self.timer_choice.add_class("inc-timer")

        self._player_list = widgets.VBox()
        self._player_list.add_class("inc-players")
        self.add_player_button = widgets.Button(description=lang._("Add player"), icon="plus",
                                                layout=widgets.Layout(width="fit-content"))
        self.add_player_button.add_class("inc-add-player")
        self.form_error = ErrorArea()
        self.start_button = widgets.Button(description=lang._("Start the game"), icon="play",
                                           layout=widgets.Layout(width="fit-content"),
                                           button_style="primary")
        self.start_button.add_class("inc-start")

        # Two columns that wrap: the game's settings, then the players and Start. Side by
        # side they keep six players and Start on one projected screen.
        heading = lang._("New game of Incognito")
        self.howto_text = lang._("Choose a word deck and a timer, type each player's name in seating order, "
                                 "then press Start.")
        self.howto = markup(safe(self.howto_text), "inc-howto")
        settings = widgets.VBox([
            markup(f"<h2>{safe(heading)}</h2>", "inc-title"),
            self.howto,
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
            markup(safe(lang._("Players, in seating order ({low} to {high}; names of at most {length} "
                               "characters)", low=MIN_PLAYERS, high=MAX_PLAYERS, length=MAX_NAME_LENGTH)),
                   "inc-section"),
            self._player_list,
            self.add_player_button,
            self.form_error,
            self.start_button,
        ])
        players.add_class("inc-setup-players")
        super().__init__([settings, players], **kwargs)
        self.add_class("inc-setup")

        self.list_decks(deck)
        self.set_names([""] * MIN_PLAYERS)
        self.deck_choice.observe(self._on_deck_change, names="value")
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
        # A deck left as the form first offered it follows the new language; one chosen stays.
        kept = earlier.deck_choice.value
        self._refresh_decks(self._first_choice() if kept == earlier._first_choice() else kept)
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
    def list_decks(self, preselected: Optional[Deck]) -> None:
        """Fills the deck dropdown: the preselected deck first, then the built-in decks; chooses
        the preselected deck, else the first deck in the form's language (a Spanish table gets
        Spanish words), else the first. Called again, it preselects another deck."""
        if preselected is not None:
            self._decks["preset"] = preselected
        for deck_id in Deck.builtin_names():
            builtin = Deck.builtin(deck_id)
            if builtin != preselected:
                self._decks[f"builtin:{deck_id}"] = builtin
        self._refresh_decks(self._first_choice())

    def _first_choice(self) -> str:
        """Returns the deck the form offers first: the preselected one, else the first in its language."""
        if "preset" in self._decks:
            return "preset"
        return deck_for_language(self._decks, self.lang.code) or next(iter(self._decks))

    def _refresh_decks(self, selected: str) -> None:
        options = []
        for key, deck in self._decks.items():
            label = self.lang._("{name} ({objects}, {locations})", name=deck.name,
                                objects=objects_count(len(deck.objects)), locations=locations_count(len(deck.locations)))
            if key.startswith("upload:"):
                label = self.lang._("{option} — uploaded from {source}", option=label, source=deck.source)
            # Option labels are set as text by the front end, never as HTML.
            options.append((label, key))
        self.deck_choice.options = options
        self.deck_choice.value = selected

    def _on_language(self, code: str) -> None:
        if self.on_language is not None:
            self.on_language(code)

    def _on_deck_change(self, change: dict) -> None:
        self.deck_error.clear()

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        name, data = take_upload(self.deck_upload, files)
        if data is None:
            self._deck_failed(self.lang._("The upload arrived without its content; choose the file again."))
            return
        self.upload(data, name)

    def upload(self, content: bytes, name: str) -> Optional[Deck]:
        """Reads an uploaded deck file, then lists and chooses it; returns it, or None if refused.

        A refused file leaves the deck choice as it was and lists every problem found.
        """
        name = short_file_name(str(name)) or "deck.csv"
        try:
            deck = parse_deck(bytes(content), source=name, language=self.lang.code.partition("-")[0])  # unless it says
        except DeckError as error:
            self._deck_failed(*self.lang.problems(error), file=name)
            return None
        for key in [k for k, d in self._decks.items() if k.startswith("upload:") and d.source == name]:
            del self._decks[key]  # a corrected file replaces its earlier version
        self._uploads += 1
        key = f"upload:{self._uploads}"
        self._decks[key] = deck
        self._refresh_decks(key)
        # A deck too small is said so, alone: "Loaded" above "too small" said two things of it.
        problems = table_deck_problems(deck, MIN_PLAYERS, self.lang)
        self.deck_error.show(problems)
        self._say_deck("" if problems else self.lang._(
            "Loaded '{name}' — {objects}, {locations}.", name=deck.name, objects=objects_count(len(deck.objects)),
            locations=locations_count(len(deck.locations))))
        return deck

    def _deck_failed(self, *problems: str, file: str = "") -> None:
        listed = list(problems[:MAX_LISTED_DECK_ERRORS])
        if len(problems) > len(listed):
            listed.append(self.lang.say(more_problems(len(problems) - len(listed))))
        heading = (self.lang._("{file} cannot be used as a deck; fix these problems and upload it again:", file=file)
                   if file else "")
        self.deck_error.show(listed, heading=heading)
        self._say_deck("")

    def _say_deck(self, text: str) -> None:
        self._deck_status_text = text
        self._deck_status.value = safe(text) if text else ""

    # ------------------------------------------------------------- players
    def set_names(self, names: Iterable[str]) -> None:
        """Shows one name field per name, filled in (any count: Start lets the engine judge it)."""
        self._rows = [self._new_row(seat, str(name)) for seat, name in enumerate(names, start=1)]
        self._relayout()

    def add_player(self) -> None:
        """Adds an empty name field, unless the table is full, and focuses it for the name
        typed next (the focus stayed on Add player, or fell to the page's body at six)."""
        if len(self._rows) >= MAX_PLAYERS:
            return
        row = self._new_row(len(self._rows) + 1)
        self._rows.append(row)
        self._relayout()
        self.hand_focus(row.name_field, self.add_player_button)

    def remove_player(self, seat: int) -> None:
        """Removes the name field of seat ``seat`` (from 1), unless the table is at its minimum,
        and focuses the name now there (the Remove pressed goes: the focus fell to the body)."""
        if len(self._rows) <= MIN_PLAYERS or not 1 <= seat <= len(self._rows):
            return
        removed = self._rows.pop(seat - 1)
        for number, row in enumerate(self._rows, start=1):
            row.set_seat(number)
        self._relayout()
        self.hand_focus(self._rows[min(seat, len(self._rows)) - 1].name_field, removed.remove_button)

    def _new_row(self, seat: int, name: str = "") -> PlayerRow:
        row = PlayerRow(seat, name, lang=self.lang)
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
        bad, messages = name_problems(self.names, blank_too=False, lang=self.lang)
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
        bad, messages = name_problems(names, blank_too=True, lang=self.lang)
        if bad:  # the engine's rules, and look-alike names the engine does not know of
            self._mark(bad)
            self.form_error.show(messages)
            return None
        try:
            game = self.new_game(names)
        except IllegalAction as error:
            self._mark(name_problems(names, blank_too=True, lang=self.lang)[0])
            self.form_error.show([self.lang.error(error)])
            return None
        except DeckError as error:  # said as table mode's form can act on it: no rounds to choose
            self._mark(())
            self.form_error.clear()
            self.deck_error.show(table_deck_problems(self.deck, len(names), self.lang) or self.lang.problems(error))
            return None
        self._mark(())
        self.form_error.clear()
        self.deck_error.clear()
        if not self._call(self.on_start, game, self.timer_seconds, failed=N_("Could not start the game: {error}")):
            return None
        return game

    def new_game(self, names: list[str]) -> Game:
        """Returns the game Start deals for ``names`` (a class's form deals with practice)."""
        return Game.new(names, self.deck)

    def _build_resume(self) -> tuple[widgets.VBox, widgets.Button, widgets.Button]:
        self._resume_text = markup("", "inc-resume-text")
        self._save_notice = ""
        resume = widgets.Button(description=self.lang._("Resume it"), icon="play", button_style="success",
                                layout=widgets.Layout(width="auto"))
        resume.add_class("inc-resume-game")
        discard = widgets.Button(description=self.lang._("Start a new game instead"), layout=widgets.Layout(width="auto"))
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
        lang = self.lang
        finished = game.phase is Phase.OVER
        stage = (phase_title(Phase.OVER, lang) if finished else
                 lang._("round {round}, {phase} phase", round=game.round, phase=phase_name(game.phase, lang)))
        description = lang._("{players} — {stage}", players=", ".join(game.players), stage=stage)
        if saved is not None:  # None if the file changed between the two reads: say what was read
            when = format_datetime(saved.saved_at.astimezone(), "short", locale=lang.locale)
            description += " " + lang._("(saved {when})", when=when)
        # A finished game is not resumed: it is looked at again (its results, its files).
        if finished:
            self._save_notice = lang._("The last game is over: {description}", description=description)
        else:
            self._save_notice = lang._("A saved game is waiting: {description}", description=description)
        self.resume_button.description = lang._("See its results") if finished else lang._("Resume it")
        self.resume_button.icon = "trophy" if finished else "play"
        self.discard_button.description = (lang._("Start a new game") if finished
                                            else lang._("Start a new game instead"))
        self._resume_text.value = safe(self._save_notice)
        self._resume_offered = True
        _show(self.resume_box, True)

    def _report_save_problem(self, error: Exception) -> None:
        self._save_notice = self.lang._("The saved game could not be read: {error} It is left in the saves folder, "
                                        "untouched; the next game is saved beside it.", error=self.lang.error(error))
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
        if not self._call(self.on_resume, game, failed=N_("Could not resume the saved game: {error}")):
            return None
        return game

    def discard_save(self) -> None:
        """Hides the resume offer; the file stays until the next game's autosave replaces it."""
        self._resume_offered = False
        _show(self.resume_box, False)

    def _call(self, callback: Callable[..., Any], *args: Any, failed: str) -> bool:
        """Calls a callback of the dashboard; a failure is shown on the form, not only logged.

        ``failed`` is the sentence said of a failure nobody foresaw (see :meth:`Guard.run`).
        """
        return Guard(lambda text: self.form_error.show([text]), lang=self.lang).run(callback, *args, failed=failed)[0]
