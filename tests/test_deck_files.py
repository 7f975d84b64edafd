"""A teacher's deck files, out to a spreadsheet and back: every file the project writes opens
in columns with its accents in the teacher's language, and comes back word for word however
the spreadsheet saved it.

Each spreadsheet is played here as its documented behaviour: Excel (Windows) opens a
double-clicked CSV at the list separator of the teacher's language (';' in fr, de, es), reads
UTF-8 only after a byte-order mark, quotes a cell that holds a quote or the separator, writes
empty trailing cells as separators in some rows (here the first 16, as KB 77295 says), ends
lines with CRLF, and saves "CSV UTF-8" (a BOM) or plain "CSV" (Windows-1252); LibreOffice saves
UTF-8 without a BOM, with the separator asked for, and may quote every text cell; Google Sheets
downloads commas, CRLF, UTF-8 without a BOM.
"""

from __future__ import annotations

import csv
import io

import pytest

from incognito_nb.app import deck_cli
from incognito_nb.engine import Deck, DeckError, load_deck, parse_deck
from incognito_nb.ui.i18n import csv_delimiter, language
from incognito_nb.ui.pages.deck_editor import DeckEditor
from incognito_nb.ui.widgets.setup_form import SetupForm

pytestmark = pytest.mark.usefixtures("callback_errors_fail_the_test")

LANGUAGES = ("en", "es", "fr", "de")
WORDS = {  # words with accents, a comma and a semicolon, as teachers type them
    "fr": (["cuillère", "clé", "œuf", "sel, poivre", "pâte; colle", "fenêtre"],
           ["cuisine", "salle à manger", "forêt", "château"]),
    "de": (["Löffel", "Schlüssel", "Tür", "Salz, Pfeffer", "Straße"], ["Küche", "Bäckerei", "Schloss"]),
    "es": (["cuchara", "llave", "piñata", "sal, pimienta", "botón"], ["cocina", "jardín", "panadería"]),
    "en": (["key", "spoon", "salt, pepper", "café au lait"], ["kitchen", "beach"]),
}


def spreadsheet_rows(data: bytes, delimiter: str, encoding: str) -> list[list[str]]:
    """Returns the cells a spreadsheet shows for a file it opens at ``delimiter``."""
    return list(csv.reader(io.StringIO(data.decode(encoding), newline=""), delimiter=delimiter))


def excel_opens(data: bytes, lang: str) -> list[list[str]]:
    """Returns the cells Excel shows for a double-clicked CSV on a computer in ``lang``:
    UTF-8 after a byte-order mark, else Windows-1252; split at the list separator."""
    encoding = "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "cp1252"
    return spreadsheet_rows(data, csv_delimiter(language(lang)), encoding)


def excel_saves(rows: list[list[str]], lang: str, *, utf8: bool = True) -> bytes:
    """Returns the file Excel writes: "CSV UTF-8" (BOM) or plain "CSV" (Windows-1252)."""
    width = max(len(row) for row in rows)
    padded = [row + [""] * (width - len(row)) if index < 16 else row for index, row in enumerate(rows)]
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=csv_delimiter(language(lang)), lineterminator="\r\n").writerows(padded)
    return buffer.getvalue().encode("utf-8-sig" if utf8 else "cp1252")


def libreoffice_saves(rows: list[list[str]], delimiter: str, *, quote_all: bool) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, lineterminator="\n",
               quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL).writerows(rows)
    return buffer.getvalue().encode("utf-8")


def google_sheets_saves(rows: list[list[str]]) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    return buffer.getvalue().encode("utf-8")


def saved_by_every_spreadsheet(data: bytes, lang: str) -> dict[str, bytes]:
    """Returns the file as each spreadsheet saves it back after the teacher opened it."""
    shown = excel_opens(data, lang)
    libre = spreadsheet_rows(data, csv_delimiter(language(lang)), "utf-8-sig")
    return {
        "Excel, CSV UTF-8": excel_saves(shown, lang),
        "Excel, CSV (Windows-1252)": excel_saves(shown, lang, utf8=False),
        "LibreOffice": libreoffice_saves(libre, csv_delimiter(language(lang)), quote_all=False),
        "LibreOffice, every text cell quoted": libreoffice_saves(libre, csv_delimiter(language(lang)), quote_all=True),
        "Google Sheets": google_sheets_saves(libre),
    }


def editor_deck_file(lang: str, tmp_path) -> bytes:
    objects, locations = WORDS[lang]
    editor = DeckEditor(folder=tmp_path, lang=language(lang))
    editor.paste(objects=objects, locations=locations, name=f"Ma liste {lang}", language=lang)
    return editor.save().read_bytes()


def same_deck(read: Deck, written: Deck) -> None:
    assert (read.objects, read.locations, read.name, read.language) == \
        (written.objects, written.locations, written.name, written.language)
    assert {w: dict(n) for w, n in read.notes.items()} == {w: dict(n) for w, n in written.notes.items()}


# --- what the project writes opens in the teacher's spreadsheet -----------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deck_saved_by_the_editor_opens_in_excel_in_columns_with_its_accents(lang, tmp_path):
    data = editor_deck_file(lang, tmp_path)
    assert data.startswith(b"\xef\xbb\xbf")
    rows = [row for row in excel_opens(data, lang) if row and not row[0].startswith("#")]
    objects, locations = WORDS[lang]
    assert rows[0] == ["kind", "word"]
    assert rows[1:] == [["object", w] for w in objects] + [["location", w] for w in locations]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_template_copied_for_a_teacher_opens_in_excel_in_columns(lang, tmp_path):
    target = tmp_path / "mine.csv"
    assert deck_cli.main(["template", str(target), "--language", lang], out=io.StringIO(), err=io.StringIO()) == 0
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = [row for row in excel_opens(data, lang) if row and not row[0].startswith("#")]
    assert rows[0] == ["kind", "word", "hint"]
    template = template_deck(lang)
    assert rows[1] == ["object", template.objects[0], template.notes[template.objects[0]]["hint"]]
    assert len(rows) == 1 + len(template.objects) + len(template.locations)
    same_deck(load_deck(target), template)
    between = csv_delimiter(language(lang))
    example = next(line for line in data.decode("utf-8-sig").splitlines() if f'object{between}"' in line)
    assert example.startswith("# ") and example.endswith('".'), "the quoted example ends its line, whole"
    assert example.count('"') == 2 and example.count(between) == 2


def template_deck(lang: str):
    """Returns the deck of the template a teacher reading ``lang`` gets (its words in ``lang``)."""
    return parse_deck(deck_cli.template_text(language(lang)).encode("utf-8"), "mine.csv")


def test_the_template_printed_keeps_out_the_byte_order_mark():
    out = io.StringIO()
    assert deck_cli.main(["template", "--language", "fr"], out=out, err=io.StringIO()) == 0
    assert not out.getvalue().startswith("\ufeff")
    assert "\nkind;word;hint\nobject;clé;petite et en métal\n" in out.getvalue()


# --- and comes back word for word, however the spreadsheet saved it ---------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deck_saved_by_the_editor_reads_back_word_for_word_from_every_spreadsheet(lang, tmp_path):
    data = editor_deck_file(lang, tmp_path)
    written = parse_deck(data, "ma_liste.csv")
    for spreadsheet, saved in saved_by_every_spreadsheet(data, lang).items():
        try:
            same_deck(parse_deck(saved, "ma_liste.csv"), written)
        except (AssertionError, DeckError) as error:
            raise AssertionError(f"{spreadsheet}: {error}") from None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_template_reads_back_from_every_spreadsheet(lang, tmp_path):
    target = tmp_path / "mine.csv"
    deck_cli.main(["template", str(target), "--language", lang], out=io.StringIO(), err=io.StringIO())
    template = template_deck(lang)
    for spreadsheet, saved in saved_by_every_spreadsheet(target.read_bytes(), lang).items():
        try:
            same_deck(parse_deck(saved, "mine.csv"), template)
        except (AssertionError, DeckError) as error:
            raise AssertionError(f"{spreadsheet}: {error}") from None


@pytest.mark.parametrize("data", [
    b"\xef\xbb\xbfkind;word\r\nobject;cuill\xc3\xa8re\r\nlocation;cuisine\r\n",  # Excel, CSV UTF-8 (fr)
    b"kind;word\r\nobject;cuill\xe8re\r\nlocation;cuisine\r\n",  # Excel, CSV (Windows-1252)
    b"kind,word\nobject,cuill\xc3\xa8re\nlocation,cuisine\n",  # Google Sheets, LibreOffice
    b"kind;word;\r\nobject;cuill\xc3\xa8re;\r\nlocation;cuisine;\r\n",  # a trailing empty column
    b";;\r\nkind;word;\r\n;;\r\nobject;cuill\xc3\xa8re;\r\nlocation;cuisine;\r\n",  # empty rows, before the header too
    b'"kind";"word"\n"object";"cuill\xc3\xa8re"\n"location";"cuisine"\n',  # every cell quoted
    b"Type;Mot\r\nobjet;cuill\xc3\xa8re\r\nlieu;cuisine\r\n",  # the header retyped in French
], ids=["excel-utf8", "excel-cp1252", "comma-no-bom", "trailing-column", "empty-rows", "quoted", "french-header"])
def test_every_way_a_french_teacher_brings_a_deck_back_is_read(data):
    deck = parse_deck(data, "cuisine.fr.csv")
    assert (deck.objects, deck.locations) == (("cuillère",), ("cuisine",))


def test_a_german_header_and_kinds_are_read():
    deck = parse_deck("Art;Wort\nGegenstand;Löffel\nOrt;Küche\n".encode(), "küche.de.csv")
    assert (deck.objects, deck.locations) == (("Löffel",), ("Küche",))


def test_settings_padded_or_quoted_by_a_spreadsheet_keep_their_value():
    deck = parse_deck(b'# name: Ma cuisine;;\r\n"# language: fr";;\r\nkind;word;\r\nobject;cl\xc3\xa9;\r\n'
                      b"location;cuisine;\r\n", "x.csv")
    assert (deck.name, deck.language) == ("Ma cuisine", "fr")


@pytest.mark.parametrize("encoding, source", [
    ("cp1251", "words.csv"),  # Cyrillic: 'ключ' would read 'êëþ÷'
    ("mac_roman", "words.es.csv"),  # a Mac's plain CSV: 'río' would read 'r’o'
    ("cp1252", "words.pl.csv"),  # a Polish deck is not Windows-1252 text
], ids=["cyrillic", "mac", "polish"])
def test_text_of_another_code_page_is_refused_with_the_fix_rather_than_misread(encoding, source):
    word = {"cp1251": "ключ", "mac_roman": "río", "cp1252": "żółw"}[encoding]
    data = f"kind,word\nobject,{word}\nlocation,x\n".encode(encoding, errors="replace")
    with pytest.raises(DeckError) as refused:
        parse_deck(data, source)
    assert "is not UTF-8 text" in str(refused.value) and "CSV UTF-8" in str(refused.value)


def test_a_file_that_names_no_language_is_read_in_the_language_it_is_given():
    """The Windows-1252 reader took English for a file naming no language, where parse_deck takes
    the caller's: a Polish Excel's plain CSV (Windows-1250) read on a Polish caller's behalf gave
    the deck the word 'œwiêto' for 'święto'; it is refused with the fix, as a Polish file is."""
    polish = "kind;word\r\nobject;święto\r\nlocation;kuchnia\r\n".encode("cp1250")
    with pytest.raises(DeckError) as refused:
        parse_deck(polish, "slowa.csv", language="pl")
    assert "is not UTF-8 text" in str(refused.value) and "CSV UTF-8" in str(refused.value)
    french = parse_deck("kind;word\r\nobject;cuillère\r\nlocation;cuisine\r\n".encode("cp1252"), "mots.csv",
                        language="fr")
    assert (french.objects, french.language) == (("cuillère",), "fr")


# --- the uploads: the deck editor and the setup form --------------------------------------------


EXCEL_FRENCH_PLAIN_CSV = ("# name: Cuisine\r\n# language: fr\r\nkind;word;hint\r\nobject;cuillère;\r\n"
                          "object;clé;pour la porte\r\nlocation;cuisine;\r\n").encode("cp1252")


def test_the_deck_editor_reads_a_file_excel_saved_as_plain_csv(tmp_path):
    editor = DeckEditor(folder=tmp_path, lang=language("fr"))
    deck = editor.load(EXCEL_FRENCH_PLAIN_CSV, "cuisine.csv")
    assert deck is not None and deck.objects == ("cuillère", "clé")
    assert editor.objects_field.value == "cuillère\nclé"
    assert editor.save().read_bytes().decode("utf-8-sig").splitlines()[3:] == [
        "kind;word;hint", "object;cuillère;", "object;clé;pour la porte", "location;cuisine;"]


def test_the_deck_editor_says_in_french_how_to_save_a_file_it_cannot_read(tmp_path):
    editor = DeckEditor(folder=tmp_path, lang=language("fr"))
    assert editor.load("kind;word\nobject;ключ\nlocation;x\n".encode("cp1251"), "mots.csv") is None
    assert "la ligne 2 n'est pas du texte UTF-8" in editor.message
    assert "«\xa0CSV UTF-8 (délimité par des virgules)\xa0»" in editor.message


def test_the_setup_form_reads_a_file_excel_saved_as_plain_csv():
    form = SetupForm(on_start=lambda *args: None, lang=language("fr"))
    deck = form.upload(EXCEL_FRENCH_PLAIN_CSV, "cuisine.csv")
    assert deck is not None and form.deck is deck and deck.objects == ("cuillère", "clé")
    assert deck.notes["clé"] == {"hint": "pour la porte"}


def test_the_setup_form_says_in_german_how_to_save_a_file_it_cannot_read():
    form = SetupForm(on_start=lambda *args: None, lang=language("de"))
    assert form.upload("kind;word\nobject;ключ\nlocation;x\n".encode("cp1251"), "wörter.csv") is None
    assert "Zeile 2 ist kein UTF-8-Text" in form.error_text
    assert "„CSV UTF-8 (durch Trennzeichen getrennt)“" in form.error_text


# --- a French or German teacher's own language ---------------------------------------------------


def test_the_editor_of_a_french_teacher_takes_french_words_for_french(tmp_path):
    """The language box said 'en' on a French teacher's page: a deck typed without changing it
    was saved as English ('# language: en'), and so were the file's words in every report."""
    editor = DeckEditor(folder=tmp_path, lang=language("fr"))
    editor.paste(objects=["cuillère"], locations=["cuisine"], name="Cuisine")
    assert editor.language_field.value == "fr"
    assert editor.check().language == "fr"


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_an_uploaded_word_list_that_names_no_language_is_in_the_pages(lang, tmp_path):
    """A deck file saved by Excel with no '# language:' line read as English on a French or
    German teacher's page (the editor's preview said 'langue en'); one that says keeps its own."""
    silent = "kind;word\r\nobject;clé\r\nlocation;cuisine\r\n".encode("cp1252")
    editor = DeckEditor(folder=tmp_path, lang=language(lang))
    assert editor.load(silent, "mots.csv").language == lang
    assert editor.language_field.value == lang
    form = SetupForm(on_start=lambda *args: None, lang=language(lang))
    assert form.upload(silent, "mots.csv").language == lang
    assert form.upload(b"# language: es\nkind,word\nobject,llave\nlocation,cocina\n", "llaves.csv").language == "es"


def test_the_editors_note_in_a_saved_deck_is_in_the_teachers_language(tmp_path):
    """A French teacher's saved deck said '# Made with the Incognito deck editor: one row per word.'
    in the spreadsheet's first cells, above French words and columns."""
    lines = editor_deck_file("fr", tmp_path).decode("utf-8-sig").splitlines()
    assert lines[2] == "# Fait avec l'éditeur de jeux d'Incognito\u00a0: une ligne par mot."
