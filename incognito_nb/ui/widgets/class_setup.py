"""The new-game form for a teacher's class: a class menu, who is here today, and practice.

A teacher who keeps a class (``incognito-nb class add``, :mod:`incognito_nb.store.class_book`)
chooses it in the form's "Class" menu instead of typing names: the class's first names
come as checkboxes, and the teacher ticks who is at this table today, in seating order
(a table is 3 to 6 players, so for a class of 25 the present few).  The players' fields
then show the ticked names, and cannot be typed in: the names are the class list's, with
no look-alike or misspelt name to split a student's record in two.  The practice switch
(on by default) deals with the class's practice schedule
(:meth:`~incognito_nb.store.class_book.ClassBook.practice`, the same deal as
``incognito-nb class tables``); off, the plain deal.

The browser can set any synced trait, a disabled checkbox's value included, so every tick
is checked here again (at most six, names of the class only), and Start reads the class
book once more: a class deleted meanwhile is said, and its ticked names stay as the players.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import anywidget
import ipywidgets as widgets
import traitlets

from incognito_nb.engine import MAX_PLAYERS, MIN_PLAYERS, Game
from incognito_nb.engine.practice import Practice
from incognito_nb.store import StoreError
from incognito_nb.store.class_book import ClassBook, ClassEntry, UnknownClass
from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.sheets import read_sheet
from incognito_nb.ui.widgets.setup_form import ErrorArea, SetupForm, _LABEL_STYLE, _show
from incognito_nb.ui.widgets.shared import front_end
from incognito_nb.ui.widgets.text import deck_word, markup, safe

CSS = read_sheet(__file__, "class_setup.css")

#: The menu's value for a game played for no class.
NO_CLASS = ""


class NameTicks(anywidget.AnyWidget):
    """A checkbox for each of the class's names, set as text (``name_ticks.js``): an
    ipywidgets Checkbox would typeset a name like "$x^2$" as mathematics.

    The browser sends ``ticked`` as the teacher ticks; :class:`ClassSetupForm` checks it.
    """

    _esm = front_end(__file__, "name_ticks.js")
    names = traitlets.List(traitlets.Unicode(), help="The class's first names, in the class's order.").tag(sync=True)
    ticked = traitlets.List(traitlets.Unicode(), help="The names ticked, in the order ticked.").tag(sync=True)
    limit = traitlets.Int(MAX_PLAYERS, help="How many names may be ticked: the rest are blocked.").tag(sync=True)
    label = traitlets.Unicode("", help="What the group of checkboxes is, for a screen reader.").tag(sync=True)


class ClassSetupForm(SetupForm):
    """The setup form with a "Class" menu, the class's names to tick and a practice switch.

    ``classes()`` opens the class book (closed after each use); ``entries`` are the classes
    it held when the form was made.  ``on_start(game, timer_seconds, class_name)`` receives
    the game dealt and the class it is played for (``None``: no class).  Everything else is
    as for :class:`SetupForm`.
    """

    def __init__(self, *, classes: Callable[[], ClassBook], entries: Sequence[ClassEntry],
                 on_start: Callable[[Game, int, Optional[str]], None], lang: Optional[Language] = None,
                 **kwargs: Any) -> None:
        lang = lang or language()
        self.classes = classes
        self._entries = {entry.name: entry for entry in entries}
        self._for_class: Optional[str] = None
        self._ticked: list[str] = []
        self._practice: Optional[Practice] = None
        self._due_words: list[str] = []
        self.class_menu = widgets.Dropdown(description=lang._("Class"), tooltip=lang._("Class"), style=_LABEL_STYLE,
                                           layout=widgets.Layout(width="calc(11em + 20rem)"))
        self.class_menu.add_class("inc-class")
        self.practice_switch = widgets.Checkbox(value=True, indent=False, layout=widgets.Layout(width="auto"),
                                                description=lang._("Practise the words this class keeps missing"))
        self.practice_switch.add_class("inc-practice")
        self._due = markup("", "inc-class-due")
        hint = lang._("Tick who is at this table today, in seating order ({low} to {high}).",
                      low=MIN_PLAYERS, high=MAX_PLAYERS)
        self._hint = markup(safe(hint), "inc-class-hint")
        self.name_ticks = NameTicks(label=hint)
        self.name_ticks.observe(lambda change: self._take(change["new"]), names="ticked")
        self.class_error = ErrorArea()
        self._class_parts = widgets.VBox([self.practice_switch, self._due, self._hint, self.name_ticks])
        super().__init__(on_start=lambda game, timer: on_start(game, timer, self._for_class), lang=lang, **kwargs)
        # Who is at the table, above the seats they fill and Start: in the settings' column the
        # names began at the foot of a 720p screen (y 680), under the deck and its messages.
        players = self.children[1]
        box = widgets.VBox([self.class_menu, self._class_parts, self.class_error])
        box.add_class("inc-class-setup")
        players.children = (box, *players.children)
        self._list_classes()
        self.class_menu.observe(lambda change: self.choose_class(change["new"]), names="value")
        self.practice_switch.observe(lambda _: self._say_due(), names="value")
        self.deck_choice.observe(lambda _: self._say_due(), names="value")  # its due words may differ

    # ------------------------------------------------------------- reading
    @property
    def class_name(self) -> Optional[str]:
        """The class chosen in the menu (``None``: no class)."""
        return self._for_class

    @property
    def ticked(self) -> list[str]:
        """The class's names ticked, in the order they were ticked (the seating order)."""
        return list(self._ticked)

    @property
    def names(self) -> list[str]:
        """The players' names: the ticked ones for a class (never what the browser put in a
        field it cannot type in), else as typed."""
        return list(self._ticked) if self._for_class is not None else super().names

    @property
    def error_text(self) -> str:
        """The errors shown now, as plain text, one a line; '' if none."""
        return "\n".join(text for text in (self.class_error.text, super().error_text) if text)

    # ------------------------------------------------------------- the class
    def _list_classes(self, selected: str = NO_CLASS) -> None:
        self.class_menu.options = [(self.lang._("No class"), NO_CLASS)] + [(name, name) for name in self._entries]
        self.class_menu.value = selected if selected in self._entries else NO_CLASS
        self._show_class()

    def choose_class(self, name: str) -> None:
        """Chooses the class ``name`` (:data:`NO_CLASS`: none): its names come to be ticked,
        practice on.  Without a class, the names ticked so far stay, to be typed in."""
        name = str(name)
        if name != NO_CLASS and name not in self._entries:
            return  # not a choice of the menu: the browser made it up
        if self.class_menu.value != name:
            self.class_menu.value = name  # the menu's observer chooses it
            return
        if (name or None) == self._for_class:
            return
        kept = self._ticked
        self._for_class = name or None
        self._say_ticked([])
        self.class_error.clear()
        if self._for_class is None:
            self._show_class()
            self.set_names(kept + [""] * max(0, MIN_PLAYERS - len(kept)))
            return
        try:
            with self.classes() as book:
                entry = book.entry(name)
                self._entries[name] = entry
                due = sorted(book.practice(entry.name).due, key=str.casefold)
        except StoreError as error:
            self._class_failed(name, error)
            return
        self.name_ticks.names = list(entry.students)
        self._say_ticked([])
        self.practice_switch.value = True
        self._due_words = due
        self._say_due()
        self._show_class()
        self.set_names([])

    def _show_class(self) -> None:
        _show(self._class_parts, self._for_class is not None)
        # With a class there is no name to type: the class's are ticked.
        self.howto.value = safe(self.howto_text if self._for_class is None else self.lang._(
            "Choose a word deck and a timer, tick who is at this table in seating order, then press Start."))

    def _say_due(self) -> None:
        # Only the chosen deck's due words can be dealt: a class that played a Spanish deck and
        # a French one has due words of both, and a French table deals only French ones.
        deck = self._decks.get(self.deck_choice.value)  # none while the menu's options change
        objects = set(deck.objects) if deck is not None else set(self._due_words)
        due = [word for word in self._due_words if word in objects]
        if not self.practice_switch.value:
            text = safe(self.lang._("Practice is off: the deal is the plain one."))
        elif due:
            # Each word in the deck's language (a screen reader says it so), the sentence in the page's.
            words = self.lang.words(deck_word(word, deck.language if deck is not None else "", self.lang.code)
                                    for word in due)
            text = self.lang._("Due for practice: {words}.", words=words)
        elif self._due_words:
            text = safe(self.lang._("None of the words due for practice is in this deck: the deal is the plain one."))
        else:
            text = safe(self.lang._("No word is due for practice yet: the deal is the plain one."))
        self._due.value = text

    def _class_failed(self, name: str, error: StoreError) -> None:
        """Says why the class ``name`` cannot be used and goes back to no class."""
        if isinstance(error, UnknownClass):
            self._entries.pop(name, None)
            text = self.lang._("The class {name} is no longer in the class book (it was deleted meanwhile); "
                               "choose another class, or play without one.", name=name)
        else:
            text = self.lang._("The class book could not be read: {error}", error=self.lang.error(error))
        kept, self._for_class = self._ticked, None
        self._say_ticked([])
        self._list_classes()
        self.set_names(kept + [""] * max(0, MIN_PLAYERS - len(kept)))
        self.class_error.show([text])

    # ------------------------------------------------------------- ticks
    def tick(self, student: str, present: bool = True) -> bool:
        """Ticks (or unticks) ``student`` as at this table, as a click on their box does;
        returns whether they are ticked now.  A seventh name is refused with a message."""
        if self._for_class is None:
            return False
        rest = [name for name in self._ticked if name != student]
        self._take(rest + [student] if present else rest)
        return student in self._ticked

    def _take(self, asked: Sequence[str]) -> None:
        """Takes the names ticked in the browser (or by :meth:`tick`), checked: names of the
        class only, once each, at most six; a name beyond is refused with a message."""
        if self._for_class is None or list(asked) == self._ticked:
            return
        students = set(self.name_ticks.names)
        wanted: list[str] = []
        for name in asked:
            if isinstance(name, str) and name in students and name not in wanted:
                wanted.append(name)
        if len(wanted) > MAX_PLAYERS:
            self.class_error.show([self.lang._("A table seats at most {high} players: untick someone "
                                               "before you tick {name}.", high=MAX_PLAYERS, name=wanted[MAX_PLAYERS])])
            wanted = [name for name in wanted if name in self._ticked][:MAX_PLAYERS]
        else:
            self.class_error.clear()
        self._say_ticked(wanted)
        self.set_names(wanted)

    def _say_ticked(self, ticked: list[str]) -> None:
        self._ticked = list(ticked)
        if self.name_ticks.ticked != self._ticked:
            self.name_ticks.ticked = list(self._ticked)  # its observer finds nothing new

    def _relayout(self) -> None:
        super()._relayout()
        for_class = self._for_class is not None
        for row in self._rows:
            row.name_field.disabled = for_class
            _show(row.remove_button, not for_class)
        _show(self.add_player_button, not for_class)

    # ------------------------------------------------------------- start
    def start(self) -> Optional[Game]:
        """Starts a game: for a class, with its 3 to 6 ticked names and, if the practice
        switch is on, its practice deal (read from the class book now); returns it, or None."""
        name = self._for_class
        if name is None:
            self._practice = None
            return super().start()
        count = len(self._ticked)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            self.class_error.show([self.lang._("Tick the {low} to {high} players at this table ({count} ticked).",
                                               low=MIN_PLAYERS, high=MAX_PLAYERS, count=count)])
            return None
        try:
            with self.classes() as book:
                entry = book.entry(name)
                self._practice = book.practice(entry.name) if self.practice_switch.value else None
        except StoreError as error:
            self._class_failed(name, error)
            return None
        strangers = [student for student in self._ticked if student not in entry.students]
        if strangers:
            self.class_error.show([self.lang._("{names} are no longer on the list of {name}; untick them.",
                                               names=self.lang.names(strangers), name=name)])
            return None
        self.class_error.clear()
        return super().start()

    def new_game(self, names: list[str]) -> Game:
        """Returns the game Start deals: with the class's practice when it is on."""
        return Game.new(names, self.deck, practice=self._practice)

    def carry_over(self, earlier: SetupForm) -> None:
        """Takes what ``earlier`` (the same form, before the language changed) chose: the
        deck, timer and names, and the class, its ticks and the practice switch."""
        super().carry_over(earlier)
        if not isinstance(earlier, ClassSetupForm) or earlier.class_name not in self._entries:
            return
        practice = earlier.practice_switch.value
        self.choose_class(earlier.class_name)
        for student in earlier.ticked:
            self.tick(student)
        self.practice_switch.value = practice
