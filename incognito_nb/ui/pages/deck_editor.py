"""The deck editor: a teacher turns a word list into a deck, sees it checked, and saves it.

Teachers have their vocabulary in a spreadsheet column, a document or their head, rarely
in a CSV file.  So the editor asks for two plain lists, *objects, one per line* and
*locations, one per line* (a column copied from a spreadsheet pastes as exactly that),
plus a name and a language; a CSV deck file can be uploaded instead, and fills the same
boxes.  *Check* builds the deck file those boxes describe and has the engine read it
(:func:`~incognito_nb.engine.decks.parse_deck`), so the editor accepts exactly what a
game accepts; the engine's complaints are pointed back at the box and line they concern
("Objects, line 4: ...").  *Save deck* writes that same file into the decks folder.

>>> editor = DeckEditor(folder="/tmp/unused")
>>> editor.paste(objects=["llave", "cuchara"], locations="cocina\\njardín", name="Casa", language="es")
>>> editor.check().locations
('cocina', 'jardín')
"""

from __future__ import annotations

import csv
import dataclasses
import io
import os
import re
import tempfile
import unicodedata
from pathlib import Path
from typing import Any, Iterable, Optional

import ipywidgets as widgets

from incognito_nb.engine import Deck, DeckError, Rules, parse_deck
from incognito_nb.engine.decks import MAX_DECK_BYTES
from incognito_nb.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from incognito_nb.ui.widgets.text import markup, safe
from incognito_nb.ui.widgets.uploads import take_upload

#: Language codes offered in the language box; any other short code may be typed.
LANGUAGE_CHOICES = ("en", "es", "fr", "de", "it", "pt", "nl", "pl", "sv", "tr", "ar", "zh")
#: How many words of each kind the preview shows.
PREVIEW_WORDS = 12
#: An uploaded file's name is shown in messages; a longer one is cut.
MAX_FILE_NAME = 80
#: The name the composed file has while the engine reads it; replaced in every message.
_SOURCE = "deck-editor.csv"
_LINE_MESSAGE = re.compile(rf"{re.escape(_SOURCE)}:(\d+): (.*)\Z", re.DOTALL)
_EARLIER_LINE = re.compile(r"is already on line (\d+)")

CSS = """
.inc-deck-editor { max-width: 52rem; gap: 0.4rem; }
.inc-deck-editor h2 { margin: 0.2rem 0; }
.inc-deck-editor .inc-howto { opacity: 0.85; }
.inc-deck-editor .inc-word-box textarea { font-size: 1rem; }
.inc-deck-editor .inc-deck-result:empty { display: none; }
.inc-deck-editor .inc-error { color: var(--jp-error-color1, #b3261e); }
.inc-deck-editor .inc-error ul, .inc-deck-editor .inc-preview ul { margin: 0.2rem 0; padding-left: 1.4rem; }
.inc-deck-editor .inc-preview { border: 2px solid #009e73; border-radius: 6px; padding: 0.4rem 0.8rem; }
.inc-deck-editor .inc-preview table { border-collapse: collapse; }
.inc-deck-editor .inc-preview td, .inc-deck-editor .inc-preview th { padding: 0.1rem 0.8rem 0.1rem 0; text-align: left; }
.inc-deck-editor .inc-note { opacity: 0.85; font-style: italic; }
"""


def default_deck_folder() -> Path:
    """Returns the folder decks are saved in unless told otherwise: ``$INCOGNITO_NB_DECKS``,
    or ``incognito-decks`` in the user's home."""
    return Path(os.environ.get("INCOGNITO_NB_DECKS") or Path.home() / "incognito-decks")


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
    :meth:`save`, and :meth:`load` for an upload.
    """

    def __init__(self, *, folder: str | os.PathLike | None = None, rules: Rules | None = None,
                 **kwargs: Any) -> None:
        self.folder = Path(folder) if folder is not None else default_deck_folder()
        self.rules = rules if rules is not None else Rules()
        self.deck: Optional[Deck] = None
        self.problems: list[str] = []
        self.saved_path: Optional[Path] = None
        self._notes: dict[str, dict[str, str]] = {}  # the extra columns of an uploaded file
        self._message = ""
        self._filling = False

        self.upload_button = widgets.FileUpload(accept=".csv", multiple=False,
                                                description="Upload a deck (.csv)",
                                                layout=widgets.Layout(width="auto"))
        self.upload_button.add_class("inc-deck-editor-upload")
        self.name_field = widgets.Text(description="Deck name", placeholder="for example: Animales",
                                       continuous_update=False, layout=widgets.Layout(width="26rem"))
        self.name_field.add_class("inc-deck-name")
        self.language_field = widgets.Combobox(value="en", options=LANGUAGE_CHOICES, ensure_option=False,
                                               continuous_update=False,
                                               description="Language", placeholder="en, es, fr, de...",
                                               layout=widgets.Layout(width="14rem"))
        self.language_field.add_class("inc-deck-language")
        self.objects_field = self._word_box("inc-deck-objects", "key\nspoon\numbrella\n...")
        self.locations_field = self._word_box("inc-deck-locations", "kitchen\nbeach\nlibrary\n...")
        self.check_button = widgets.Button(description="Check", icon="check", button_style="primary")
        self.check_button.add_class("inc-deck-check")
        self.save_button = widgets.Button(description="Save deck", icon="save")
        self.save_button.add_class("inc-deck-save")
        self.result = markup("", "inc-deck-result")
        self.status = markup("", "inc-deck-status")

        super().__init__(
            [
                markup(f"<style>{CSS}</style>"),
                markup("<h2>Make a word deck</h2>", "inc-title"),
                markup("Type or paste the words, <b>one per line</b>: small <b>objects</b> to hide "
                       "in a drawing on the left, <b>locations</b> (scenes to hide them in) on the "
                       "right. A column copied from a spreadsheet pastes just right. Or upload a CSV "
                       "deck file to edit it. Then press <b>Check</b>, and <b>Save deck</b>.",
                       "inc-howto"),
                self.upload_button,
                widgets.HBox([self.name_field, self.language_field]),
                widgets.HBox([
                    widgets.VBox([markup("<b>Objects</b>, one per line"), self.objects_field]),
                    widgets.VBox([markup("<b>Locations</b>, one per line"), self.locations_field]),
                ]),
                widgets.HBox([self.check_button, self.save_button]),
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

    def load(self, content: bytes, file_name: str = "deck.csv") -> Optional[Deck]:
        """Reads a CSV deck file into the boxes and checks it; returns the deck, or None.

        A file the engine refuses leaves the boxes as they were and lists every problem
        with the file's own line numbers.
        """
        file_name = str(file_name)[:MAX_FILE_NAME] or "deck.csv"
        try:
            deck = parse_deck(bytes(content), source=file_name)
        except DeckError as error:
            self.deck = None
            self._show_problems(getattr(error, "errors", [str(error)]),
                                heading=f"{file_name} cannot be used as a deck; fix these problems "
                                        "and upload it again, or paste the words instead:")
            return None
        self._filling = True
        try:
            self.paste(objects=deck.objects, locations=deck.locations, name=deck.name, language=deck.language)
        finally:
            self._filling = False
        self._notes = {word: dict(notes) for word, notes in deck.notes.items()}
        return self.check()

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        name, data = take_upload(self.upload_button, files)
        if data is None:
            self.deck = None
            self._show_problems(["The upload arrived without its content; choose the file again."])
            return
        self.load(data, name)

    def _on_edit(self, change: dict) -> None:
        if self._filling:
            return
        self.saved_path = None
        self.status.value = ""
        if self.deck is not None:
            self.deck = None
            self._say(markup_text="Changed since the last check: press <b>Check</b> again.",
                      text="Changed since the last check: press Check again.")

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
            problems += [p for p in (_point_back(e, where) for e in getattr(error, "errors", [str(error)])) if p]
            deck = None
        if problems:
            self.deck = None
            self._show_problems(sorted(problems, key=_box_order),
                                heading="Not a deck yet; fix these and press Check again:")
            return None
        self.deck = deck = dataclasses.replace(deck, source=deck_file_name(deck.name))
        self._show_preview(deck)
        return deck

    def _own_problems(self) -> list[str]:
        """Returns what the boxes get wrong before any deck is read: blanks, pasted columns."""
        problems = []
        if not self.name_field.value.strip():
            problems.append("Name: give the deck a name, like 'Animales'.")
        for label, box, example in (("Objects", self.objects_field, "key"),
                                    ("Locations", self.locations_field, "kitchen")):
            if not any(line.strip() for line in _lines(box.value)):
                problems.append(f"{label}: the box is empty; type one {label.lower()[:-1]} per line, "
                                f"like {example}.")
            for number, line in enumerate(_lines(box.value), start=1):
                if "\t" in line.strip():
                    problems.append(f"{label}, line {number}: this line holds several spreadsheet "
                                    "cells; paste one column at a time, objects and locations apart.")
        if len(self.objects_field.value) + len(self.locations_field.value) > MAX_DECK_BYTES:
            problems.append(f"The lists are too long for a deck (at most {MAX_DECK_BYTES:,} bytes).")
        return problems

    def _compose(self) -> tuple[str, dict[int, str]]:
        """Returns the CSV for the boxes and, for each of its lines, the box line it came from."""
        name = " ".join(self.name_field.value.split())
        language = " ".join(self.language_field.value.split())
        rows: list[tuple[str, str, str]] = []  # (kind, word, where)
        for kind, label, box in (("object", "Objects", self.objects_field),
                                 ("location", "Locations", self.locations_field)):
            for number, line in enumerate(_lines(box.value), start=1):
                if line.strip() and "\t" not in line.strip():
                    rows.append((kind, line.strip(), f"{label}, line {number}"))
        columns = sorted({column for notes in self._notes.values() for column in notes})
        buffer = io.StringIO()
        buffer.write(f"# name: {name}\n# language: {language}\n")
        buffer.write("# Made with the Incognito deck editor: one row per word.\n")
        where = {1: "Name", 2: "Language"}
        writer = csv.writer(buffer, lineterminator="\n")
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
        deck = self.check()
        if deck is None:
            self.status.value = safe("Fix the problems above, then save.")
            return None
        target = self.folder / deck_file_name(deck.name)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            replaced = target.exists()
            fd, temporary = tempfile.mkstemp(prefix=".deck.", suffix=".tmp", dir=self.folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="") as file:
                    file.write(self.csv_text())
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            text = f"Could not save the deck in {self.folder}: {error.strerror or error}."
            self.status.value = f'<div class="inc-error" role="alert">{safe(text)}</div>'
            self._message = text
            return None
        self.saved_path = target
        text = (f"Saved '{deck.name}' as {target}" + (" (it replaces the earlier file)." if replaced else ".")
                + " Choose it at setup with Upload a deck, or start a game with it below.")
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
        rules = self.rules
        capacity = deck.capacity(rules.lineup_size, MAX_PLAYERS)
        rows = "".join(
            f"<tr><td>{players} players</td><td>{_count(rounds, 'round')}</td>"
            f"<td>{'✓ a full game' if rounds >= rules.rounds else '✗ too few words for a full game'}</td></tr>"
            for players, rounds in capacity.items()
        )
        served = [players for players, rounds in capacity.items() if rounds >= rules.rounds]
        if len(served) == len(capacity):
            verdict = f"Ready for {MIN_PLAYERS} to {MAX_PLAYERS} players."
        elif served:
            verdict = (f"Ready for {MIN_PLAYERS} to {served[-1]} players; {rules.rounds * MAX_PLAYERS} "
                       f"locations would seat {MAX_PLAYERS}.")
        else:
            verdict = (f"Too small for a game: {rules.rounds} rounds need at least "
                       f"{rules.rounds * rules.lineup_size} objects and {rules.rounds * MIN_PLAYERS} locations.")
        commas = [word for word in deck.objects + deck.locations if "," in word]
        note = ""
        if commas:  # "key, spoon, cup" on one line is more likely a slip than one word
            advice = (f"{_count(len(commas), 'word')} with a comma, like {commas[0]!r}: "
                      "if that is several words, put each on its own line.")
            note = f'<div class="inc-note">{safe(advice)}</div>'
        self._say(
            markup_text=(
                '<div class="inc-preview">'
                f"<b>{safe(deck.name)}</b> · language {safe(deck.language)} · "
                f"{_count(len(deck.objects), 'object')}, {_count(len(deck.locations), 'location')}"
                f"<div>{safe(verdict)}</div>"
                f"<table><tr><th>Table</th><th>Rounds it can deal</th><th></th></tr>{rows}</table>"
                f"<div>Objects: {_sample(deck.objects)}</div>"
                f"<div>Locations: {_sample(deck.locations)}</div>{note}</div>"
            ),
            text=(f"{deck.name} ({deck.language}): {_count(len(deck.objects), 'object')}, "
                  f"{_count(len(deck.locations), 'location')}. {verdict} "
                  + "; ".join(f"{p} players: {_count(r, 'round')}" for p, r in capacity.items())),
        )

    def _say(self, *, markup_text: str, text: str) -> None:
        self.result.value = markup_text
        self._message = text


def _lines(text: str) -> list[str]:
    # The same line breaks as the deck reader, so that "line 4" means the same line.
    return re.split(r"\r\n|\r|\n", text) if text else []


def _point_back(problem: str, where: dict[int, str]) -> str:
    """Returns the engine's problem about the composed file, said of the editor's boxes ('' to drop)."""
    if problem.startswith(f"{_SOURCE}: the deck has no "):
        return ""  # the editor's own check already says which box is empty
    match = _LINE_MESSAGE.match(problem)
    if not match:
        return problem.replace(f"{_SOURCE}: ", "").replace(_SOURCE, "The deck")
    origin = where.get(int(match.group(1)), "The deck")
    detail = _EARLIER_LINE.sub(lambda m: f"is already in {where.get(int(m.group(1)), 'the deck')}",
                               match.group(2))
    return f"{origin}: {detail}"


def _box_order(problem: str) -> tuple[int, int]:
    """Returns where a problem sits on screen: by box (name, language, objects, locations), then line."""
    match = re.match(r"(Name|Language|Objects|Locations)(?:, line (\d+))?:", problem)
    if not match:
        return 4, 0
    box = ("Name", "Language", "Objects", "Locations").index(match.group(1))
    return box, int(match.group(2) or 0)


def _sample(words: tuple[str, ...]) -> str:
    shown = ", ".join(safe(word) for word in words[:PREVIEW_WORDS])
    return shown + (f" … and {len(words) - PREVIEW_WORDS} more" if len(words) > PREVIEW_WORDS else "")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
