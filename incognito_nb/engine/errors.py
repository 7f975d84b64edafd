"""The three ways the engine says no, each a ``ValueError`` a person can act on.

An :class:`IllegalAction` names the rule it breaks and leaves the game exactly as it
was; a :class:`DeckError` names the file and line of a bad word list; a
:class:`SaveError` says why a saved game cannot be read.

The engine speaks English only and imports nothing outside the standard library, yet
its refusals reach classes that read Spanish or German.  So an error keeps its sentence
apart from the values in it: ``error.message`` is a :class:`Message`, an English
template (the gettext ``msgid``, marked with :func:`N_` so that Babel's extraction puts
it in the catalogue) and its parameters.  ``str(error)`` is the English sentence; a user
interface looks the template up in its own language and fills it in itself.

>>> error = IllegalAction(N_("{voter} cannot place a card on their own drawing."), rule="own_drawing",
...                       voter="Ana")
>>> str(error), error.message.template, error.message.params
('Ana cannot place a card on their own drawing.', '{voter} cannot place a card on their own drawing.', {'voter': 'Ana'})
"""

from __future__ import annotations

from typing import Any


def N_(template: str) -> str:
    """Returns ``template`` unchanged: marks an English sentence for Babel's extraction
    (``pybabel extract`` finds every ``N_("...")``), to be translated where it is shown."""
    return template


class Message:
    """An English sentence kept as a template and its parameters, to be said in any language.

    ``params`` are the values put into the template: text (names, words: shown as they
    are), whole numbers, other :class:`Message` values (a part of the sentence, translated
    too) and tuples of names (said as a list: "Ana, Ben and Cleo").  With ``plural``, the
    message is said in the singular or plural form that suits the number ``n``
    (build it with :meth:`ngettext`).
    """

    __slots__ = ("template", "plural", "params")

    def __init__(self, template: str, /, plural: str | None = None, **params: Any) -> None:
        self.template, self.plural, self.params = template, plural, dict(params)

    @classmethod
    def ngettext(cls, singular: str, plural: str, n: int, /, **params: Any) -> "Message":
        """Returns a message said in the form that suits the number ``n`` (``{n}`` in it).

        Babel's extraction reads the two templates as one entry with a plural form, as
        it reads a call of gettext's ``ngettext``: each language has its own plural rules.
        """
        return cls(singular, plural=plural, n=n, **params)

    def __str__(self) -> str:
        """Returns the sentence in English."""
        template = self.template
        if self.plural is not None and self.params.get("n") != 1:
            template = self.plural
        return template.format(**{name: _english(value) for name, value in self.params.items()})

    def __repr__(self) -> str:
        plural = f", plural={self.plural!r}" if self.plural is not None else ""
        params = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Message({self.template!r}{plural}{params})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and (self.template, self.plural, self.params)
                == (other.template, other.plural, other.params))

    __hash__ = None  # type: ignore[assignment]  # params are a dict


class Quoted(str):
    """A name a sentence quotes as it was typed (a player's, a class's): an English sentence
    quotes it as Python's ``repr`` does ('Ana'), a page in another language in its own
    quotation marks («Ana»).  ``cut``: only the name's start is given ('María Fernanda de los Án'…).

    >>> str(Message("Someone called {name} has joined.", name=Quoted("Ana")))
    "Someone called 'Ana' has joined."
    """

    cut: bool = False

    def __new__(cls, text: str, cut: bool = False) -> "Quoted":
        quoted = super().__new__(cls, text)
        quoted.cut = cut
        return quoted

    def english(self) -> str:
        """Returns the name quoted as an English sentence quotes it."""
        return repr(str(self)) + ("…" if self.cut else "")


def quoted(value: Any) -> Any:
    """Returns a value a sentence quotes as it was given: a string as :class:`Quoted` (in the
    reader's quotation marks), anything else (a number sent for a name) as Python writes it.

    >>> str(Message("{word} appears twice.", word=quoted("gato"))), quoted(None)
    ("'gato' appears twice.", 'None')
    """
    return Quoted(value) if isinstance(value, str) else repr(value)


def _english(value: Any) -> str:
    """Returns a parameter as an English sentence says it."""
    if isinstance(value, Quoted):
        return value.english()
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, tuple):
        names = [str(v) for v in value]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return str(value)


class Explained(ValueError):
    """A ``ValueError`` whose sentence can be said in another language: ``message`` is a
    :class:`Message` (the English template and its parameters); ``str()`` is its English."""

    def __init__(self, template: str | Message, /, **params: Any) -> None:
        self.message = template if isinstance(template, Message) else Message(template, **params)
        super().__init__(str(self.message))


def unfilled(error: BaseException) -> str:
    """Returns what ``error`` says with its values left out, for a log line: an
    :class:`Explained` error's English template ("Still drawing: {players}. …"), any other
    error's type.  A refusal of the rules or of the store names players; a log names none.

    >>> unfilled(IllegalAction("Still drawing: {players}.", rule="all_done", players=("Ana",)))
    'Still drawing: {players}. (all_done)'
    """
    if isinstance(error, Explained):
        rule = getattr(error, "rule", None)
        return f"{error.message.template} ({rule})" if rule else error.message.template
    return type(error).__name__


class IllegalAction(Explained):
    """Raised when a move breaks a rule of the game; the game is left unchanged.

    ``rule`` is a short name of the rule that was broken (``"distinct_votes"``,
    ``"phase"``, ``"own_drawing"``, ...), handy for tests and for pages that react to one
    rule; the other keyword arguments are the values in the sentence.
    """

    def __init__(self, template: str | Message, /, *, rule: str, **params: Any) -> None:
        super().__init__(template, **params)
        self.rule = rule


class DeckError(Explained):
    """Raised when a word deck cannot be used: a bad file, or too few words for the table.

    ``problems`` lists every problem found, one :class:`Message` each (a problem on a
    line of the file has the parameters ``source`` and ``line``); ``errors`` is the same
    list in English.
    """

    #: At most this many problems are listed in the English text; the rest are counted.
    LISTED = 25

    def __init__(self, template: str | Message, /, problems: list[Message] | None = None, **params: Any) -> None:
        super().__init__(template, **params)
        self.problems: list[Message] = list(problems) if problems is not None else [self.message]

    def __str__(self) -> str:
        """Returns the error in English: its sentence, then each problem on a line of its own."""
        if self.problems == [self.message]:
            return str(self.message)
        listed = [str(problem) for problem in self.problems[:self.LISTED]]
        if len(self.problems) > self.LISTED:
            listed.append(str(more_problems(len(self.problems) - self.LISTED)))
        return "\n".join([str(self.message), *listed])

    @property
    def errors(self) -> list[str]:
        """Returns every problem found, in English, one sentence each."""
        return [str(problem) for problem in self.problems]


class SaveError(Explained):
    """Raised when a saved game cannot be read or written."""


def message_of(error: BaseException) -> Message | None:
    """Returns the :class:`Message` an error carries, or None for an error that has none."""
    message = getattr(error, "message", None)
    return message if isinstance(message, Message) else None



def detail(error: BaseException) -> Message | str:
    """Returns what an error says, as a parameter of another message: its :class:`Message`
    (translated with the sentence around it), or its text."""
    return message_of(error) or str(error)


def more_problems(count: int) -> Message:
    """Returns the line that counts the problems a list leaves out ("... and 3 more.")."""
    return Message(N_("... and {n} more."), n=count)
