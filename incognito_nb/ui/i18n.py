"""The words of every screen in the page's own language: gettext catalogues read with Babel.

A class reads the game in one language (English, Spanish, French or German), whatever
the deck's: a Spanish class may draw English words with Spanish instructions.  Each page
chooses its language and hands a :class:`Language` down to every widget it builds; there
is no language of the process, so two pages in one kernel can each speak their own.

Every sentence a person sees is an English ``msgid`` in the code (``lang._("Start the
game")``), extracted by Babel into ``incognito_nb/locales/incognito_nb.pot`` and translated
in ``incognito_nb/locales/<code>/LC_MESSAGES/incognito_nb.po`` (the README says how to add a
string or a language).  A :class:`Language` reads its ``.po`` once per process, compiles it
in memory and answers with gettext, each language's plural rules (``ngettext``: "0 point"
in French), and Babel's number formats, list patterns and ordinal rules.  Errors of the
engine and the store are said through :meth:`Language.say`, which translates their
template (see :class:`~incognito_nb.engine.errors.Message`) and fills it in.

Values put into a sentence that ends up in HTML are escaped by the caller
(:func:`~incognito_nb.ui.widgets.text.safe`) first.

>>> language("es")._("{names} wins!", names="Ana")
'¡Ana gana!'
>>> language("fr").ngettext("{n} point", "{n} points", 0)
'0 point'
>>> language("de").names(["Ana", "Ben", "Cleo"])
'Ana, Ben und Cleo'

A pseudo-language, :data:`PSEUDO` (``en-XA``), says every English sentence visibly
transformed, ``"[Šţàŕţ ţĥé ĝàɱé]"``, placeholders kept: a screen shown in it reveals at a
glance any text that did not go through the catalogue (the tests walk every screen in it).
"""

from __future__ import annotations

import functools
import io
import logging
import re
from importlib import resources
from typing import Any, Iterable, Mapping

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol
from babel.support import Translations

from incognito_nb.engine.errors import Message, Quoted, message_of

log = logging.getLogger(__name__)

#: The interface languages, in the order a menu offers them.
LANGUAGES = ("en", "es", "fr", "de")
DEFAULT_LANGUAGE = "en"
#: The pseudo-language: English, every sentence visibly transformed (see :func:`pseudo`).
PSEUDO = "en-XA"
#: How a sentence quotes a name as typed (:class:`~incognito_nb.engine.errors.Quoted`), where
#: not as English does ('Ana'): the marks each language's readers expect.
QUOTES = {"es": ("«", "»"), "fr": ("«\u00a0", "\u00a0»"), "de": ("„", "“")}
#: The gettext domain: the catalogues' file name.
DOMAIN = "incognito_nb"
#: Babel's locale for each interface language's numbers and lists (British English: the
#: project's spelling, and lists without a comma before "and").
_FORMATS = {"en": "en_GB", "es": "es", "fr": "fr", "de": "de", PSEUDO: "en_GB"}
#: The Babel locales the interface formats with (the static site keeps only their data).
FORMAT_LOCALES = tuple(sorted(set(_FORMATS.values())))


def locales_folder():
    """Returns the folder of the catalogues (a package resource: works from a wheel too)."""
    return resources.files("incognito_nb") / "locales"


def check_language(code: object) -> str:
    """Returns ``code`` as a known language code (case, spaces and ``_`` for ``-`` forgiven).

    :raises ValueError: if it is not one of :data:`LANGUAGES` or :data:`PSEUDO`.
    """
    cleaned = str(code or "").strip().replace("_", "-").lower()
    for known in (*LANGUAGES, PSEUDO):
        if cleaned == known.lower():
            return known
    raise ValueError(f"the interface speaks {', '.join(LANGUAGES)}, not {str(code)!r:.20}")


def first_language(*choices: object, default: str = DEFAULT_LANGUAGE) -> str:
    """Returns the first of ``choices`` that is a known language code (``None`` and unknown
    codes are passed over: a page asked for ``?lang=xx`` speaks the next choice)."""
    for choice in choices:
        if choice:
            try:
                return check_language(choice)
            except ValueError:
                continue
    return default


def language(code: str = DEFAULT_LANGUAGE) -> "Language":
    """Returns the :class:`Language` for ``code``, read once per process (one object per
    language: however the code is written, ``language("ES") is language("es")``).

    :raises ValueError: if the language is not known.
    """
    return _language(check_language(code))


@functools.lru_cache(maxsize=None)
def _language(code: str) -> "Language":
    return Language(code)


class Language:
    """One interface language: its catalogue, plural rules, numbers and lists.

    Build one with :func:`language` (it is read once and shared: a :class:`Language`
    never changes).  The methods named after gettext's (:meth:`_`, :meth:`ngettext`,
    :meth:`pgettext`, :meth:`npgettext`) are the ones Babel's extraction looks for: their
    first arguments must be string literals.  Keyword arguments are the sentence's
    placeholders: numbers are written in the language's format, :class:`Message` values
    said in it, tuples of names said as a list.
    """

    def __init__(self, code: str) -> None:
        self.code = check_language(code)
        self.locale = Locale.parse(_FORMATS[self.code])
        self.translations = _translations(self.code)

    def __repr__(self) -> str:
        return f"language({self.code!r})"

    @property
    def name(self) -> str:
        """The language's name in its own words ("Español"), as a menu offers it."""
        if self.code == PSEUDO:
            return pseudo("English")
        own = Locale.parse(self.code).get_display_name(self.code) or self.code
        return own[:1].upper() + own[1:]

    # ------------------------------------------------------------------ gettext
    def _(self, msgid: str, /, **params: Any) -> str:
        """Returns ``msgid`` (an English sentence) in this language, ``params`` filled in."""
        return self._fill(self.translations.gettext(msgid), msgid, params)

    def pgettext(self, context: str, msgid: str, /, **params: Any) -> str:
        """Returns ``msgid`` in this language, where ``context`` tells apart two meanings of one English text."""
        return self._fill(self.translations.pgettext(context, msgid), msgid, params)

    def ngettext(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """Returns the form of the sentence that suits the number ``n`` (``{n}`` in it)."""
        params.setdefault("n", n)
        return self._fill(self.translations.ngettext(singular, plural, n), singular if n == 1 else plural, params)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """Returns :meth:`ngettext` for the meaning ``context`` of the English text."""
        params.setdefault("n", n)
        return self._fill(self.translations.npgettext(context, singular, plural, n),
                          singular if n == 1 else plural, params)

    def plural_forms(self, message: Message) -> dict[str, str]:
        """Returns the sentence of a plural ``message`` (made with :meth:`Message.ngettext
        <incognito_nb.engine.errors.Message.ngettext>`, which Babel extracts) for each of the
        language's plural categories (CLDR's ``one``, ``few``, ``many``, ``other``...),
        placeholders left in: for a browser that counts by itself (``Intl.PluralRules``)."""
        forms: dict[str, str] = {}
        for n in (*range(0, 200), 1_000_000):
            forms.setdefault(self.locale.plural_form(n),
                             self.translations.ngettext(message.template, message.plural or message.template, n))
        return forms

    # ------------------------------------------------------------------ numbers and names
    def number(self, n: int | float) -> str:
        """Returns ``n`` written as this language writes numbers ("1.000" in German)."""
        return format_decimal(n, locale=self.locale)

    def place(self, n: int) -> str:
        """Returns a player's place on the podium: 1st, 2nd (English); 1re place, 2e place
        (French); 1.er puesto, 2.º puesto (Spanish); 1. Platz (German).

        A bare ordinal takes the gender of the person it ranks in French and Spanish ("1er"
        for Ben, "1re" for Inès), which a name does not tell: the place is said with the word
        for it ("place", "puesto"), whose own gender it takes, so that it suits every player.
        The form follows the language's ordinal rules (CLDR's, through Babel: Spanish "1.er"
        and "3.er", "primer" and "tercer" before a masculine word); each form is a sentence
        of the catalogue.
        """
        form = self.locale.ordinal_form(n)
        # Translators: a player's place on the podium, said so that it suits any player whatever their gender
        # (French "1re place", not "1er"; Spanish "1.er puesto"; German "1. Platz").
        if form == "one":
            return self.pgettext("a place on the podium: one (1st, 21st)", "{n}st", n=n)
        if form == "two":
            return self.pgettext("a place on the podium: two (2nd, 22nd)", "{n}nd", n=n)
        if form == "few":
            return self.pgettext("a place on the podium: few (3rd, 23rd)", "{n}rd", n=n)
        return self.pgettext("a place on the podium: other (4th, 11th)", "{n}th", n=n)

    def names(self, names: Iterable[str]) -> str:
        """Returns names joined as a sentence says them: "Ana", "Ana and Ben", "Ana, Ben and Cleo".

        The names are joined as given: escape them first when the result goes into HTML.
        """
        names = [str(name) for name in names]
        if not names:
            return ""
        joined = format_list(names, locale=self.locale)
        return pseudo(joined, keep=names) if self.code == PSEUDO else joined

    def language_name(self, code: str) -> str:
        """Returns the name of the language ``code`` (a deck's, "es") in this language, as a
        report labels a deck's words: "Spanish", "Espagnol" in French (``code`` as it is for
        a code Babel does not know)."""
        try:
            name = Locale.parse(code.replace("-", "_")).get_display_name(self.locale) or code
        except (ValueError, TypeError, UnknownLocaleError):
            return code
        name = name[:1].upper() + name[1:]
        return pseudo(name) if self.code == PSEUDO else name

    def words(self, words: Iterable[str]) -> str:
        """Returns a deck's words as a list in a report says them: "champú; sal, pimienta"
        ("champú ; sal, pimienta" in French, a no-break space before the semicolon).

        A deck's word may hold a comma ("sal, pimienta"), so the words stand apart by a
        semicolon rather than the comma and "and" of :meth:`names` (Babel's list patterns
        use commas in every language, and no pattern of CLDR uses a semicolon).  The
        separator is the catalogue's, so that each language writes it as its typography
        wants.  A CSV file's cells keep "; " in every language
        (:func:`~incognito_nb.engine.class_report.words_said`): a script splits them alike.
        """
        # Translators: between two words of a deck in a list of a class's report ("pan; sal, pimienta"),
        # as your language's typography writes a semicolon there (French: a no-break space before it).
        between = self.pgettext("between the words of a list (a word may hold a comma: 'salt, pepper')", "; ")
        return between.join(str(word) for word in words)

    # ------------------------------------------------------------------ messages and errors
    def say(self, message: Message | str) -> str:
        """Returns an engine or store :class:`Message` in this language (a plain string as it is)."""
        if not isinstance(message, Message):
            return str(message)
        if message.plural is not None:
            return self.ngettext(message.template, message.plural, message.params.get("n", 0), **message.params)
        return self._(message.template, **message.params)

    def error(self, error: BaseException) -> str:
        """Returns what an error says, in this language when it carries a :class:`Message`."""
        message = message_of(error)
        return self.say(message) if message is not None else str(error)

    def problems(self, error: BaseException) -> list[str]:
        """Returns every problem a :class:`~incognito_nb.engine.errors.DeckError` lists,
        in this language (one sentence for any other error)."""
        problems = getattr(error, "problems", None)
        return [self.say(problem) for problem in problems] if problems else [self.error(error)]

    # ------------------------------------------------------------------ plumbing
    def _fill(self, template: str, english: str, params: Mapping[str, Any]) -> str:
        if not params:
            return template
        values = {name: self._value(value) for name, value in params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):  # a broken translation: say the English
            log.warning("the %s catalogue's sentence %r does not take %s", self.code, template, sorted(params))
            return english.format(**values)

    def _value(self, value: Any) -> Any:
        if isinstance(value, Quoted):  # a name as typed, in this language's quotation marks
            opening, closing = QUOTES.get(self.code, ("", ""))
            return opening + value + ("…" if value.cut else "") + closing if opening else value.english()
        if isinstance(value, Message):
            return self.say(value)
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, (int, float)):
            return self.number(value)
        if isinstance(value, tuple):
            return self.names(value)
        return value


# ---------------------------------------------------------------------- the catalogues
@functools.lru_cache(maxsize=None)
def _translations(code: str) -> Translations:
    """Returns the compiled catalogue of ``code``: its ``.po`` file compiled in memory (no
    build step, so the package works the same installed from a wheel or with ``pip -e``);
    the pseudo-language is made from the template."""
    if code == PSEUDO:
        catalog = pseudo_catalog()
    else:
        with (locales_folder() / code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
            catalog = read_po(file, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out: they say the English until reviewed
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def read_template() -> Catalog:
    """Returns the template every catalogue translates (``incognito_nb.pot``)."""
    with (locales_folder() / f"{DOMAIN}.pot").open("rb") as file:
        return read_po(file, domain=DOMAIN)


def pseudo_catalog() -> Catalog:
    """Returns the catalogue of :data:`PSEUDO`: every sentence of the template, transformed."""
    template = read_template()
    catalog = Catalog(locale="en", domain=DOMAIN)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            catalog.add(message.id, tuple(pseudo(form) for form in message.id), context=message.context)
        else:
            catalog.add(message.id, pseudo(message.id), context=message.context)
    return catalog


#: What the pseudo-language keeps as it is: placeholders, HTML tags and entities.
_KEPT = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&#?\w+;)")
_LOOKALIKES = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķļɱñôƥʠŕšţûʋŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÔƤɊŔŠŢÛṼŴẊÝŽ",
)


def pseudo(text: str, *, keep: Iterable[str] = ()) -> str:
    """Returns ``text`` as the pseudo-language says it: bracketed, each Latin letter a
    look-alike with a mark, placeholders, tags and the strings in ``keep`` untouched.

    >>> pseudo("Start round {next}")
    '[Šţàŕţ ŕôûñđ {next}]'
    """
    kept = [re.escape(k) for k in keep if k]
    splitter = re.compile("(" + "|".join([_KEPT.pattern[1:-1], *kept]) + ")") if kept else _KEPT
    parts = splitter.split(text)
    return "[" + "".join(part if index % 2 else part.translate(_LOOKALIKES)
                         for index, part in enumerate(parts)) + "]"


def same_language(code: str, other: str) -> bool:
    """Checks if two language codes name one language, whatever their regions ("es" and
    "es-MX"): a deck's words in it need no mark of their own on a page (or a PDF) in the other.

    >>> same_language("es", "ES-mx"), same_language("es", "en")
    (True, False)
    """
    return code.partition("-")[0].lower() == other.partition("-")[0].lower()


def csv_delimiter(lang: Language) -> str:
    """Returns the column separator of a CSV file a teacher reading ``lang`` opens: ``;``
    where the language writes its decimals with a comma (German, Spanish, French), else ``,``.

    Excel splits a double-clicked ``.csv`` at the list separator of Windows' regional
    settings, which is ``;`` where the decimal sign is ``,`` (de-DE, es-ES, fr-FR): a comma
    file opened there shows each row in one cell.  A first line ``sep=;`` would tell Excel
    alone, and Python's csv module and the class's own importers would read it as a row of
    data.  Every CSV file starts with a byte-order mark, from which Excel reads UTF-8 ("Zoë",
    not "ZoÃ«"); LibreOffice asks for the separator and offers ``;``; Python reads the files
    with ``csv.reader(f, delimiter=";")`` or its Sniffer, as ``incognito-nb class add --csv``.

    >>> [csv_delimiter(language(code)) for code in ("en", "es", "fr", "de")]
    [',', ';', ';', ';']
    """
    return ";" if get_decimal_symbol(lang.locale) == "," else ","
