"""The deck editor: a teacher turns a word list into a deck, sees it checked, and saves it.

Teachers have their vocabulary in a spreadsheet column, a document or their head, rarely
in a CSV file.  So the editor asks for two plain lists, *objects, one per line* and
*locations, one per line* (a column copied from a spreadsheet pastes as exactly that),
plus a name and a language; a CSV deck file can be uploaded instead, and fills the same
boxes.  *Check* builds the deck file those boxes describe and has the engine read it
(:func:`~incognito_nb.engine.decks.parse_deck`), so the editor accepts exactly what a
game accepts; the engine's complaints are pointed back at the box and line they concern
("Objects, line 4: ...").  *Save deck* writes that same file into the decks folder, as the
teacher's spreadsheet opens it (``kind;word`` in French, with a byte-order mark).
The editor speaks the language it is given (``lang``), the engine's complaints included.

>>> editor = DeckEditor(folder="/tmp/unused")
>>> editor.paste(objects=["llave", "cuchara"], locations="cocina\\njardín", name="Casa", language="es")
>>> editor.check().locations
('cocina', 'jardín')
"""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import os
import re
import tempfile
import unicodedata
from pathlib import Path
from typing import Any, Iterable, Optional

import ipywidgets as widgets

from incognito_nb.engine import Deck, DeckError, Rules, parse_deck
from incognito_nb.engine.decks import (ALREADY_ON_LINE, AT_LINE, IN_FILE, MAX_DECK_BYTES, deck_folder,
                                       locations_count, objects_count, players_count, rounds_count)
from incognito_nb.engine.errors import N_, Message, Quoted
from incognito_nb.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from incognito_nb.ui.i18n import Language, csv_delimiter, language
from incognito_nb.ui.widgets.aria import Landmark
from incognito_nb.ui.widgets.text import deck_word, markup, safe
from incognito_nb.ui.widgets.uploads import short_file_name, take_upload
from incognito_nb.ui.sheets import read_sheet

#: The deck "Try a sample" pastes: a small Spanish farm deck, big enough for a whole game.
SAMPLE = dict(
    name="En la granja",
    language="es",
    objects=("huevo", "pollito", "herradura", "cubo", "rastrillo", "sombrero de paja", "botas de agua",
             "zanahoria", "calabaza", "mazorca", "regadera", "cencerro", "manzana", "pala", "cuerda",
             "farol", "cesta", "queso", "botella de leche", "gatito"),
    locations=("establo", "gallinero", "pajar", "huerto", "granero", "pocilga", "prado", "estanque",
               "campo de trigo", "molino", "corral", "invernadero", "colmenar", "bosque", "río",
               "mercado del pueblo", "cocina de la granja", "remolque"),
)
#: Language codes offered in the language box; any other short code may be typed.
LANGUAGE_CHOICES = ("en", "es", "fr", "de", "it", "pt", "nl", "pl", "sv", "tr", "ar", "zh")
#: How many words of each kind the preview shows.
PREVIEW_WORDS = 12
#: The name the composed file has while the engine reads it; replaced in every message.
_SOURCE = "deck-editor.csv"
#: The boxes in the order the screen shows them (problems are listed in that order).
NAME, LANGUAGE, OBJECTS, LOCATIONS, ELSEWHERE = range(5)
#: A problem the editor lists: where it sits on screen (box, line), and what it says.
Problem = tuple[tuple[int, int], Message]

CSS = read_sheet(__file__, "deck_editor.css")
# Labels and buttons as wide as their words: ipywidgets' fixed widths cut German's
# 'Name des Stapels' to 'Name des…' and 'Beispiel ausprobieren' to 'Beispiel ausprob…'.
_LABEL_STYLE = {"description_width": "initial"}
_BUTTON_LAYOUT = {"width": "auto", "min_width": "9rem"}


def default_deck_folder() -> Path:
    """Returns the folder decks are saved in unless told otherwise: ``$INCOGNITO_NB_DECKS``,
    or ``incognito-decks`` in the user's home (where the classroom's new-table form finds them)."""
    return deck_folder()


def deck_file_name(name: str) -> str:
    """Returns a portable file name for a deck called ``name``.

    >>> deck_file_name("Animales de la granja!")
    'animales_de_la_granja.csv'
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^a-z0-9]+", "_", ascii_name.casefold()).strip("_")[:60].strip("_")
    return f"{stem or 'deck'}.csv"


class DeckEditor(widgets.VBox):
    """Paste or upload a word list, check it, preview it, save it as a deck.

    ``deck`` is the deck as last checked, or ``None`` before a successful check and
    after any change to the boxes.  ``folder`` is where *Save deck* writes (default:
    :func:`default_deck_folder`).  Every button has a method twin: :meth:`check`,
    :meth:`save`, :meth:`paste_sample`, and :meth:`load` for an upload.  The editor speaks ``lang``.
    """

    def __init__(self, *, folder: str | os.PathLike | None = None, rules: Rules | None = None,
                 lang: Language | None = None, **kwargs: Any) -> None:
        self.lang = lang = lang or language()
        self.folder = Path(folder) if folder is not None else default_deck_folder()
        self.rules = rules if rules is not None else Rules()
        self.deck: Optional[Deck] = None
        self.problems: list[str] = []
        self.saved_path: Optional[Path] = None
        self._tables: list[Any] = []  # the dashboards made by table(), told of each deck checked
        self._notes: dict[str, dict[str, str]] = {}  # the extra columns of an uploaded file
        self._message = ""
        self._filling = False
        # What an upload or the sample replaced in the boxes: name, language, objects, locations, notes.
        self._replaced: Optional[tuple[str, str, str, str, dict[str, dict[str, str]]]] = None

        # A tooltip of its own: without one, ipywidgets titles the button "null" (docs/platform-notes.md).
        self.upload_button = widgets.FileUpload(accept=".csv,.txt", multiple=False,
                                                description=lang._("Upload a deck (.csv)"),
                                                tooltip=lang._("Upload a deck (.csv)"),
                                                layout=widgets.Layout(width="auto"))
        self.upload_button.add_class("inc-deck-editor-upload")
        self.name_field = widgets.Text(description=lang._("Deck name"), tooltip=lang._("Deck name"),
                                       placeholder=lang._("for example: Animales"),
                                       continuous_update=False, layout=widgets.Layout(width="26rem"),
                                       style=_LABEL_STYLE)
        self.name_field.add_class("inc-deck-name")
        # The teacher's own language first: a French teacher's words are French more often than not.
        self.language_field = widgets.Combobox(value=lang.code.partition("-")[0], options=LANGUAGE_CHOICES,
                                               ensure_option=False,
                                               continuous_update=False,
                                               description=lang._("Language"), tooltip=lang._("Language"),
                                               placeholder=lang._("en, es, fr, de..."),
                                               layout=widgets.Layout(width="14rem", margin="2px 2px 2px 1rem"),
                                               style=_LABEL_STYLE)
        self.language_field.add_class("inc-deck-language")
        self.objects_field = self._word_box("inc-deck-objects", lang._("key\nspoon\numbrella\n..."))
        self.locations_field = self._word_box("inc-deck-locations", lang._("kitchen\nbeach\nlibrary\n..."))
        self.check_button = widgets.Button(description=lang._("Check"), icon="check", button_style="primary",
                                           layout=_BUTTON_LAYOUT)
        self.check_button.add_class("inc-deck-check")
        self.save_button = widgets.Button(description=lang._("Save deck"), icon="save", layout=_BUTTON_LAYOUT)
        self.save_button.add_class("inc-deck-save")
        # A button, not a notebook cell: Voilà runs every cell as the page opens.
        self.sample_button = widgets.Button(description=lang._("Try a sample"), icon="magic", layout=_BUTTON_LAYOUT)
        self.sample_button.add_class("inc-deck-sample")
        # Shown once an upload or the sample has replaced words: a teacher's typing is never lost.
        self.restore_button = widgets.Button(description=lang._("Bring back the words you had"), icon="undo",
                                             layout=widgets.Layout(width="auto", display="none"))
        self.restore_button.add_class("inc-deck-restore")
        self.result = markup("", "inc-deck-result")
        self.status = markup("", "inc-deck-status")

        super().__init__(
            [
                markup(f"<style>{CSS}</style>"),
                # A form landmark named by its heading: on the deck notebook's page, the table's
                # dashboard below is the main one, and nothing is left outside a landmark.
                Landmark(role="form", label=lang._("Make a word deck"), box=".inc-deck-editor"),
                markup("<h2>" + safe(lang._("Make a word deck")) + "</h2>", "inc-title"),
                markup(lang._("Type or paste the words, <b>one per line</b>: small <b>objects</b> to hide "
                              "in a drawing on the left, <b>locations</b> (scenes to hide them in) on the "
                              "right. A column copied from a spreadsheet pastes just right. Or upload a CSV "
                              "deck file to edit it. Then press <b>Check</b>, and <b>Save deck</b>."),
                       "inc-howto"),
                self.upload_button,
                widgets.HBox([self.name_field, self.language_field]),
                widgets.HBox([
                    widgets.VBox([markup(lang._("<b>Objects</b>, one per line")), self.objects_field]),
                    widgets.VBox([markup(lang._("<b>Locations</b>, one per line")), self.locations_field]),
                ]),
                widgets.HBox([self.check_button, self.save_button, self.sample_button, self.restore_button]),
                self.result,
                self.status,
            ],
            **kwargs,
        )
        self.add_class("inc-deck-editor")
        for field in (self.name_field, self.language_field, self.objects_field, self.locations_field):
            field.observe(self._on_edit, names="value")
        self.upload_button.observe(self._on_upload, names="value")
        self.check_button.on_click(lambda _: self.check())
        self.save_button.on_click(lambda _: self.save())
        self.sample_button.on_click(lambda _: self.paste_sample())
        self.restore_button.on_click(lambda _: self.restore())

    @staticmethod
    def _word_box(css_class: str, placeholder: str) -> widgets.Textarea:
        box = widgets.Textarea(placeholder=placeholder, rows=14, continuous_update=False,
                               layout=widgets.Layout(width="24rem"))
        box.add_class("inc-word-box")
        box.add_class(css_class)
        return box

    # ------------------------------------------------------------ reading
    @property
    def objects(self) -> list[str]:
        """The object lines as typed, blank ones left out."""
        return [line.strip() for line in _lines(self.objects_field.value) if line.strip()]

    @property
    def locations(self) -> list[str]:
        """The location lines as typed, blank ones left out."""
        return [line.strip() for line in _lines(self.locations_field.value) if line.strip()]

    @property
    def message(self) -> str:
        """What the editor says now, as plain text (the problems, the preview or the save)."""
        return self._message

    # ------------------------------------------------------------ filling
    def paste(self, *, objects: Iterable[str] | str = (), locations: Iterable[str] | str = (),
              name: str | None = None, language: str | None = None) -> None:
        """Fills the boxes as a teacher pasting would: each word list is a list or a text
        with one word per line; ``name`` and ``language`` are left as they are if ``None``."""
        if name is not None:
            self.name_field.value = str(name)
        if language is not None:
            self.language_field.value = str(language)
        self.objects_field.value = objects if isinstance(objects, str) else "\n".join(map(str, objects))
        self.locations_field.value = locations if isinstance(locations, str) else "\n".join(map(str, locations))
        self._notes = {}

    def paste_sample(self) -> Optional[Deck]:
        """Fills the boxes with :data:`SAMPLE` and checks it, as *Try a sample* does; returns
        the deck. Nothing is saved: *Save deck* does that. Words the boxes held can be
        brought back (:meth:`restore`)."""
        self._keep_for_restore()
        self.paste(**SAMPLE)
        return self.check()

    def load(self, content: bytes, file_name: str = "deck.csv") -> Optional[Deck]:
        """Reads a CSV deck file into the boxes and checks it; returns the deck, or None.

        A file the engine refuses leaves the boxes as they were and lists every problem
        with the file's own line numbers; words a file replaces can be brought back
        (:meth:`restore`).
        """
        file_name = short_file_name(str(file_name)) or "deck.csv"  # as the setup form cuts it
        try:
            deck = parse_deck(bytes(content), source=file_name, language=self.lang.code.partition("-")[0])
        except DeckError as error:
            self.deck = None
            self._show_problems(self.lang.problems(error), heading=self.lang._(
                "{file} cannot be used as a deck; fix these problems and upload it again, or paste the words "
                "instead:", file=file_name))
            return None
        self._keep_for_restore()
        self._filling = True
        try:
            self.paste(objects=deck.objects, locations=deck.locations, name=deck.name, language=deck.language)
        finally:
            self._filling = False
        self._notes = {word: dict(notes) for word, notes in deck.notes.items()}
        return self.check()

    def restore(self) -> Optional[Deck]:
        """Puts back the words that the last upload or *Try a sample* replaced, and keeps the
        ones it puts away in their place (a second call brings those back), as *Bring back
        the words you had* does; checks them and returns the deck, or None (nothing to bring
        back, or problems)."""
        if self._replaced is None:
            return None
        name, code, objects, locations, notes = self._replaced
        self._keep_for_restore()
        self._filling = True
        try:
            self.paste(objects=objects, locations=locations, name=name, language=code)
        finally:
            self._filling = False
        self._notes = notes
        self.saved_path = None
        self.status.value = ""
        return self.check()

    def _keep_for_restore(self) -> None:
        """Keeps the boxes' words, when they hold any, for :meth:`restore`."""
        if not (self.objects_field.value.strip() or self.locations_field.value.strip()):
            return
        self._replaced = (self.name_field.value, self.language_field.value, self.objects_field.value,
                          self.locations_field.value, {word: dict(notes) for word, notes in self._notes.items()})
        self.restore_button.layout.display = None

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        name, data = take_upload(self.upload_button, files)
        if data is None:
            self.deck = None
            self._show_problems([self.lang._("The upload arrived without its content; choose the file again.")])
            return
        self.load(data, name)

    def _on_edit(self, change: dict) -> None:
        if self._filling:
            return
        self.saved_path = None
        self.status.value = ""
        if self.deck is not None:
            self.deck = None
            text = self.lang._("Changed since the last check: press {check} again.", check=self.lang._("Check"))
            self._say(markup_text=safe(text), text=text)

    # ------------------------------------------------------------ checking
    def csv_text(self) -> str:
        """Returns the deck file the boxes describe (what :meth:`save` writes)."""
        return self._compose()[0]

    def check(self) -> Optional[Deck]:
        """Checks the boxes as a deck and shows the problems or a preview; returns the deck or None."""
        self.saved_path = None
        self.status.value = ""
        problems = self._own_problems()
        text, where = self._compose()
        try:
            deck = parse_deck(text, source=_SOURCE)
        except DeckError as error:
            problems += [p for p in (_point_back(e, where) for e in error.problems) if p is not None]
            deck = None
        if problems:
            self.deck = None
            self._show_problems([self.lang.say(message) for _, message in sorted(problems, key=lambda p: p[0])],
                                heading=self.lang._("Not a deck yet; fix these and press Check again:"))
            return None
        self.deck = deck = dataclasses.replace(deck, source=deck_file_name(deck.name))
        self._show_preview(deck)
        for table in self._tables:
            table.use_deck(deck)
        return deck

    def table(self, **options: Any) -> Any:
        """Returns a table dashboard (:class:`~incognito_nb.ui.pages.table.TableApp`, given
        ``options``) whose setup offers the deck checked last, and each deck checked later:
        Voilà runs the notebook's cells as the page opens, before any deck is checked."""
        from incognito_nb.ui.pages.table import TableApp

        app = TableApp(deck=self.deck, **{"language": self.lang.code, **options})  # the editor's language
        self._tables.append(app)
        return app

    def _own_problems(self) -> list[Problem]:
        """Returns what the boxes get wrong before any deck is read: blanks, pasted columns."""
        problems: list[Problem] = []
        if not self.name_field.value.strip():
            problems.append(((NAME, 0), _in_box(_box(NAME), Message(N_("give the deck a name, like 'Animales'.")))))
        for index, box, empty in (
                (OBJECTS, self.objects_field, N_("the box is empty; type one object per line, like key.")),
                (LOCATIONS, self.locations_field, N_("the box is empty; type one location per line, like kitchen."))):
            if not any(line.strip() for line in _lines(box.value)):
                problems.append(((index, 0), _in_box(_box(index), Message(empty))))
            for number, line in enumerate(_lines(box.value), start=1):
                if "\t" in line.strip():
                    problems.append(((index, number), _in_box(_box(index, number), Message(N_(
                        "this line holds several spreadsheet cells; paste one column at a time, objects and "
                        "locations apart.")))))
        if len(self.objects_field.value) + len(self.locations_field.value) > MAX_DECK_BYTES:
            problems.append(((ELSEWHERE, 0), Message(N_("The lists are too long for a deck (at most {limit} bytes)."),
                                                     limit=MAX_DECK_BYTES)))
        return problems

    def _compose(self) -> tuple[str, dict[int, tuple[tuple[int, int], Message]]]:
        """Returns the CSV for the boxes and, for each of its lines, the box line it came
        from: where it sits on screen, and how a message names it."""
        name = " ".join(self.name_field.value.split())
        language = " ".join(self.language_field.value.split())
        rows: list[tuple[str, str, tuple[tuple[int, int], Message]]] = []  # (kind, word, where)
        for kind, index, box in (("object", OBJECTS, self.objects_field),
                                 ("location", LOCATIONS, self.locations_field)):
            for number, line in enumerate(_lines(box.value), start=1):
                if line.strip() and "\t" not in line.strip():
                    rows.append((kind, line.strip(), ((index, number), _box(index, number))))
        columns = sorted({column for notes in self._notes.values() for column in notes})
        buffer = io.StringIO()
        buffer.write(f"# name: {name}\n# language: {language}\n")
        # Translators: a comment line of the deck file the editor saves, read in a spreadsheet; one line.
        made = self.lang._("Made with the Incognito deck editor: one row per word.")
        buffer.write(f"# {' '.join(made.splitlines())}\n")  # in the teacher's language, as the file's columns
        where = {1: ((NAME, 0), _box(NAME)), 2: ((LANGUAGE, 0), _box(LANGUAGE))}
        # Separated as the teacher's spreadsheet separates (';' in French), as the class's exports.
        writer = csv.writer(buffer, delimiter=csv_delimiter(self.lang), lineterminator="\n")
        writer.writerow(["kind", "word", *columns])
        for line_number, (kind, word, origin) in enumerate(rows, start=5):
            notes = self._notes.get(word, {})
            writer.writerow([kind, word, *(notes.get(column, "") for column in columns)])
            where[line_number] = origin
        return buffer.getvalue(), where

    # ------------------------------------------------------------ saving
    def save(self) -> Optional[Path]:
        """Checks the boxes and writes the deck into :attr:`folder`; returns the file, or None.

        The file is named after the deck (``Animales`` → ``animales.csv``) and replaces an
        earlier save of the same deck; it is written whole or not at all.
        """
        lang = self.lang
        deck = self.check()
        if deck is None:
            self.status.value = safe(lang._("Fix the problems above, then save."))
            return None
        target = self.folder / deck_file_name(deck.name)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            replaced = target.exists()
            fd, temporary = tempfile.mkstemp(prefix=".deck.", suffix=".tmp", dir=self.folder)
            try:
                # With a byte-order mark, as the class's CSV files: Excel then reads the accents.
                with os.fdopen(fd, "w", encoding="utf-8-sig", newline="") as file:
                    file.write(self.csv_text())
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            text = lang._("Could not save the deck in {folder}: {reason}.", folder=str(self.folder),
                          reason=str(error.strerror or error))
            self.status.value = f'<div class="inc-error" role="alert">{safe(text)}</div>'
            self._message = text
            return None
        self.saved_path = target
        text = (lang._("Saved '{name}' as {file} (it replaces the earlier file).", name=deck.name, file=str(target))
                if replaced else lang._("Saved '{name}' as {file}.", name=deck.name, file=str(target)))
        text += " " + lang._("Choose it at setup with {upload}, or start a game with it below.",
                             upload=lang._("Upload a deck (.csv)"))
        self.status.value = safe(text)
        self._message = text
        return target

    # ------------------------------------------------------------ showing
    def _show_problems(self, problems: list[str], heading: str = "") -> None:
        items = "".join(f"<li>{safe(problem)}</li>" for problem in problems)
        self.problems = list(problems)
        self._say(markup_text=f'<div class="inc-error" role="alert">{safe(heading)}<ul>{items}</ul></div>',
                  text="\n".join(([heading] if heading else []) + list(problems)))

    def _show_preview(self, deck: Deck) -> None:
        self.problems = []
        rules, lang = self.rules, self.lang
        capacity = deck.capacity(rules.lineup_size, MAX_PLAYERS)
        full, short = lang._("✓ a full game"), lang._("✗ too few words for a full game")
        rows = "".join(
            f"<tr><td>{html.escape(lang.say(players_count(players)))}</td>"
            f"<td>{html.escape(lang.say(rounds_count(rounds)))}</td>"
            f"<td>{html.escape(full if rounds >= rules.rounds else short)}</td></tr>"
            for players, rounds in capacity.items()
        )
        served = [players for players, rounds in capacity.items() if rounds >= rules.rounds]
        if len(served) == len(capacity):
            verdict = lang._("Ready for {low} to {high} players.", low=MIN_PLAYERS, high=MAX_PLAYERS)
        elif served:
            verdict = lang._("Ready for {low} to {high} players; {locations} locations would seat {most}.",
                             low=MIN_PLAYERS, high=served[-1], locations=rules.rounds * MAX_PLAYERS, most=MAX_PLAYERS)
        else:
            verdict = lang._("Too small for a game: {rounds} need at least {objects} and {locations}.",
                             rounds=rounds_count(rules.rounds),
                             objects=objects_count(rules.rounds * rules.lineup_size),
                             locations=locations_count(rules.rounds * MIN_PLAYERS))
        commas = [word for word in deck.objects + deck.locations if "," in word]
        note = ""
        if commas:  # "key, spoon, cup" on one line is more likely a slip than one word
            advice = lang.ngettext("{n} word with a comma, like {word}: if that is several words, put each on its "
                                   "own line.",
                                   "{n} words with a comma, like {word}: if that is several words, put each on its "
                                   "own line.", len(commas), word=Quoted(commas[0]))
            note = f'<div class="inc-note">{safe(advice)}</div>'
        counts = lang._("{objects}, {locations}", objects=objects_count(len(deck.objects)),
                        locations=locations_count(len(deck.locations)))
        about = lang._("language {code}", code=deck.language)
        table, can_deal = lang._("Table"), lang._("Rounds it can deal")
        objects = lang._("Objects: {words}", words=_sample(deck.objects, deck.language, lang))
        locations = lang._("Locations: {words}", words=_sample(deck.locations, deck.language, lang))
        self._say(
            markup_text=(
                '<div class="inc-preview">'
                f"<b>{deck_word(deck.name, deck.language, lang.code)}</b> · {safe(about)} · {safe(counts)}"
                f"<div>{safe(verdict)}</div>"
                f"<table><tr><th>{safe(table)}</th><th>{safe(can_deal)}</th><th></th></tr>{rows}</table>"
                f"<div>{objects}</div><div>{locations}</div>{note}</div>"
            ),
            text=(f"{deck.name} ({deck.language}): {counts}. {verdict} "
                  + "; ".join(lang._("{players}: {rounds}", players=players_count(p), rounds=rounds_count(r))
                              for p, r in capacity.items())),
        )

    def _say(self, *, markup_text: str, text: str) -> None:
        self.result.value = markup_text
        self._message = text


def _lines(text: str) -> list[str]:
    # The same line breaks as the deck reader, so that "line 4" means the same line.
    return re.split(r"\r\n|\r|\n", text) if text else []


def _box(index: int, line: int = 0) -> Message:
    """Returns how a message names a box of the editor, or one of its lines."""
    if index == NAME:
        return Message(N_("Name"))
    if index == LANGUAGE:
        return Message(N_("Language"))
    if index == OBJECTS:
        return Message(N_("Objects, line {line}"), line=line) if line else Message(N_("Objects"))
    return Message(N_("Locations, line {line}"), line=line) if line else Message(N_("Locations"))


def _in_box(box: Message, problem: Message) -> Message:
    """Returns ``problem`` said of ``box`` ("Objects, line 4: the word is empty; ...")."""
    return Message(N_("{box}: {problem}"), box=box, problem=problem)


def _point_back(problem: Message, where: dict[int, tuple[tuple[int, int], Message]]) -> Problem | None:
    """Returns the engine's problem about the composed file, said of the editor's boxes (None to drop)."""
    inner = problem.params.get("problem")
    if problem.template == IN_FILE and isinstance(inner, Message):
        if inner.template.startswith("the deck has no "):
            return None  # the editor's own check already says which box is empty
        return (ELSEWHERE, 0), inner
    if problem.template != AT_LINE or not isinstance(inner, Message):
        return (ELSEWHERE, 0), problem
    order, box = where.get(int(problem.params["line"]), ((ELSEWHERE, 0), Message(N_("The deck"))))
    if inner.template == ALREADY_ON_LINE:
        earlier = where.get(int(inner.params["previous"]), (None, Message(N_("the deck"))))[1]
        inner = Message(N_("{word} is already in {earlier}; each word may appear only once."),
                        word=inner.params["word"], earlier=earlier)
    return order, _in_box(box, inner)


def _sample(words: tuple[str, ...], code: str, lang: Language) -> str:
    """Returns the first of a deck's ``words`` (HTML), each in the deck's language ``code``."""
    shown = ", ".join(deck_word(word, code, lang.code) for word in words[:PREVIEW_WORDS])
    if len(words) > PREVIEW_WORDS:
        shown += " " + safe(lang._("… and {n} more", n=len(words) - PREVIEW_WORDS))
    return shown
