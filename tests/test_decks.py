"""Word decks: the CSV format a teacher writes, the built-in decks, and the size check."""

from __future__ import annotations

import pytest

from incognito_nb.engine.decks import MAX_DECK_BYTES, MAX_NAME_LENGTH, Deck, load_deck, parse_deck
from incognito_nb.engine.errors import DeckError

HEADER = "kind,word\n"
ENOUGH = "object,key\nlocation,kitchen\n"


def deck_error(text: str | bytes, source: str = "deck.csv") -> DeckError:
    with pytest.raises(DeckError) as caught:
        parse_deck(text, source)
    return caught.value


# --- reading a good file ---------------------------------------------------------------


def test_deck_rows_are_read_into_objects_and_locations_in_file_order():
    deck = parse_deck(HEADER + "object,key\nlocation,kitchen\nobject,spoon\nlocation,beach\n")
    assert deck.objects == ("key", "spoon")
    assert deck.locations == ("kitchen", "beach")


def test_deck_file_with_utf8_bom_is_read():
    deck = parse_deck(b"\xef\xbb\xbf" + (HEADER + "object,crème\nlocation,café\n").encode("utf-8"))
    assert deck.objects == ("crème",)
    assert deck.locations == ("café",)


def test_deck_file_with_crlf_line_endings_is_read():
    deck = parse_deck(b"# name: Windows\r\nkind,word\r\nobject,key\r\n\r\nlocation,kitchen\r\n")
    assert (deck.objects, deck.locations, deck.name) == (("key",), ("kitchen",), "Windows")


def test_deck_file_with_old_mac_line_endings_counts_lines():
    error = deck_error(b"kind,word\robject,key\rgadget,lamp\rlocation,kitchen\r")
    assert error.errors[0].startswith("deck.csv:3:")


def test_deck_words_in_quotes_may_contain_commas():
    deck = parse_deck(HEADER + 'object,"salt, pepper"\nlocation,"Mum\'s ""big"" kitchen"\n')
    assert deck.objects == ("salt, pepper",)
    assert deck.locations == ('Mum\'s "big" kitchen',)


def test_deck_kinds_and_header_ignore_case_and_spaces():
    deck = parse_deck(" Kind , WORD \n OBJECT ,key\nLocation,kitchen\n")
    assert deck.objects == ("key",) and deck.locations == ("kitchen",)


def test_deck_words_are_trimmed_and_inner_spaces_collapsed():
    deck = parse_deck(HEADER + "object,   rubber    duck  \nlocation,  living \u00a0 room\n")
    assert deck.objects == ("rubber duck",)
    assert deck.locations == ("living room",)


def test_deck_comment_and_blank_lines_are_ignored():
    deck = parse_deck("# my words\n\n   \nkind,word\n  # object,hidden\nobject,key\n\n,,\nlocation,kitchen\n")
    assert deck.objects == ("key",) and deck.locations == ("kitchen",)


def test_deck_name_and_language_come_from_comment_lines_anywhere():
    deck = parse_deck("# Name:  Alrededor  de la casa\nkind,word\nobject,llave\n"
                      "#LANGUAGE: ES\nlocation,cocina\n")
    assert deck.name == "Alrededor de la casa"
    assert deck.language == "es"


def test_deck_name_falls_back_to_the_readable_file_stem_and_language_to_english():
    deck = parse_deck(HEADER + ENOUGH, source="my_words-for-class.csv")
    assert deck.name == "my words for class"
    assert deck.language == "en"
    assert deck.source == "my_words-for-class.csv"


def test_deck_language_must_be_a_short_code():
    error = deck_error("# language: Spanish\n" + HEADER + ENOUGH)
    assert error.errors == ["deck.csv:1: 'Spanish' is not a language code; "
                            "write a short code such as 'en' or 'es'."]


def test_deck_extra_columns_are_kept_as_notes():
    deck = parse_deck("kind,word,Hint,translation\n"
                      "object,key,opens doors,llave\n"
                      "object,spoon,,cuchara\n"
                      "object,cup\n"
                      "location,kitchen,,\n")
    assert deck.notes == {"key": {"hint": "opens doors", "translation": "llave"},
                          "spoon": {"translation": "cuchara"}}
    with pytest.raises(TypeError):
        deck.notes["key"]["hint"] = "changed"  # type: ignore[index]


def test_deck_columns_may_come_in_any_order():
    deck = parse_deck("word,kind\nkey,object\nkitchen,location\n")
    assert deck.objects == ("key",) and deck.locations == ("kitchen",)


def test_deck_file_saved_with_semicolons_is_read():
    deck = parse_deck("kind;word;hint\nobject;key;a, b\nlocation;kitchen;\n")
    assert deck.objects == ("key",) and deck.notes == {"key": {"hint": "a, b"}}


def test_deck_is_read_from_a_file_named_by_its_file_name(tmp_path):
    path = tmp_path / "around_the_house.csv"
    path.write_bytes((HEADER + ENOUGH).encode())
    deck = load_deck(path)
    assert (deck.name, deck.source, deck.objects) == ("around the house", "around_the_house.csv", ("key",))
    assert load_deck(str(path)) == deck


# --- refusing a bad file ---------------------------------------------------------------


def test_deck_file_over_one_megabyte_is_refused():
    big = HEADER + ENOUGH + "# padding\n" * (MAX_DECK_BYTES // 10)
    assert len(big.encode()) > MAX_DECK_BYTES
    error = deck_error(big.encode())
    assert "1,000,000 bytes" in str(error) and str(error).startswith("deck.csv:")
    deck_error(big)  # text is measured in UTF-8 bytes too


def test_deck_file_of_exactly_one_megabyte_is_accepted():
    start = (HEADER + ENOUGH).encode()
    data = start + b"#" * (MAX_DECK_BYTES - len(start))
    assert parse_deck(data).objects == ("key",)


def test_deck_file_over_one_megabyte_is_refused_before_being_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.csv"
    with path.open("wb") as file:
        file.truncate(MAX_DECK_BYTES + 1)

    def no_reading(*args, **kwargs):
        raise AssertionError("the file was opened")

    monkeypatch.setattr(type(path), "open", no_reading)
    with pytest.raises(DeckError, match=r"huge\.csv: the file is 1,000,001 bytes"):
        load_deck(path)


def test_deck_file_that_cannot_be_read_is_refused(tmp_path):
    with pytest.raises(DeckError, match=r"missing\.csv: the file cannot be read"):
        load_deck(tmp_path / "missing.csv")


def test_deck_file_that_is_not_utf8_names_the_line_of_the_first_bad_byte():
    # Windows-1251 (a Russian Excel's plain CSV): Windows-1252 of a Western deck is read instead.
    data = (HEADER + "object,key\nlocation,kitchen\n").encode() + "object,ключ\n".encode("cp1251")
    error = deck_error(data, "words.csv")
    assert str(error).startswith("words.csv:4: line 4 is not UTF-8 text")
    assert "CSV UTF-8" in str(error)
    assert error.errors == [str(error)]


def test_a_deck_saved_as_excels_unicode_text_is_read():
    """Excel's "Unicode Text" (and LibreOffice's UTF-16 CSV) is UTF-16 with its byte-order
    mark, which says the encoding for sure: tabs or semicolons between the columns, CRLF."""
    rows = ["# name: Cocina", "# language: es", "tipo\tpalabra", "objeto\tcuchara", "objeto\tpiña", "lugar\tbaño"]
    for encoding in ("utf-16", "utf-16-be"):
        data = "\r\n".join(rows).encode(encoding)
        data = data if encoding == "utf-16" else b"\xfe\xff" + data
        deck = parse_deck(data, "unicode.txt")
        assert (deck.name, deck.language, deck.objects, deck.locations) == (
            "Cocina", "es", ("cuchara", "piña"), ("baño",))
    assert parse_deck("\n".join(r.replace("\t", ";") for r in rows).encode("utf-16")).objects == ("cuchara", "piña")


def test_deck_file_in_utf16_without_its_mark_is_refused_with_advice():
    error = deck_error((HEADER + ENOUGH).encode("utf-16-le"))
    assert "UTF-16" in str(error) and "CSV UTF-8" in str(error)


@pytest.mark.parametrize("start", [b"PK\x03\x04\x14\x00\x06\x00", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00"])
def test_a_spreadsheets_own_file_is_named_for_what_it_is(start):
    """An .xlsx uploaded as a deck was told 'line 1 is not UTF-8 text (byte 0xf2)': true, and
    no help to a teacher who saved from Excel without choosing CSV."""
    error = deck_error(start + bytes(range(256)), "words.xlsx")
    assert str(error).startswith("words.xlsx: the file is a spreadsheet's own file (.xlsx, .ods or .xls), not CSV")
    assert "save it as 'CSV UTF-8 (comma delimited)'" in str(error) and "byte" not in str(error)


def test_deck_file_without_header_is_refused():
    error = deck_error("# name: No header\nobject,key\nlocation,kitchen\n")
    assert str(error).startswith("deck.csv:2: the first row must be the header kind,word")


@pytest.mark.parametrize("header", ["kind,text", "word", "sort,word,hint"])
def test_deck_header_needs_both_kind_and_word(header):
    error = deck_error(header + "\nobject,key\n")
    assert str(error).startswith("deck.csv:1: the first row must be the header kind,word")


def test_deck_file_with_no_rows_is_refused():
    assert "the first row must be the header kind,word" in str(deck_error("# just a comment\n\n"))


def test_deck_rows_with_unknown_kind_name_the_line():
    error = deck_error(HEADER + ENOUGH + "animal,cat\n")
    assert error.errors == ["deck.csv:4: unknown kind 'animal'; the kind must be 'object' or 'location'."]


def test_deck_rows_with_empty_word_name_the_line():
    error = deck_error(HEADER + ENOUGH + "object,   \nlocation\n")
    assert error.errors == ["deck.csv:4: the word is empty; write a word or delete the row.",
                            "deck.csv:5: the word is empty; write a word or delete the row."]


def test_deck_duplicate_words_name_both_lines_ignoring_case_and_kind():
    error = deck_error(HEADER + "object,lamp\nlocation,kitchen\nobject,LAMP\nlocation,Lamp\n")
    assert error.errors == [
        "deck.csv:4: 'LAMP' is already on line 2; each word may appear only once.",
        "deck.csv:5: 'Lamp' is already on line 2; each word may appear only once.",
    ]


def test_deck_duplicates_are_found_after_spaces_are_collapsed():
    error = deck_error(HEADER + "object,teddy bear\nlocation,kitchen\nobject, Teddy   Bear\n")
    assert error.errors == ["deck.csv:4: 'Teddy Bear' is already on line 2; each word may appear only once."]


def test_deck_words_longer_than_40_characters_are_refused():
    assert parse_deck(HEADER + "object," + "a" * 40 + "\nlocation,kitchen\n").objects == ("a" * 40,)
    error = deck_error(HEADER + ENOUGH + "object," + "b" * 41 + "\n")
    assert len(error.errors) == 1
    assert error.errors[0].startswith("deck.csv:4: the word 'bbbbbbbbbbbbbbbbbbbb'… is 41 characters")


@pytest.mark.parametrize("control", ["\x00", "\t", "\x07", "\x1b", "\x0b", "\x7f", "\x85", "\ud800"])
def test_deck_words_with_control_characters_are_refused(control):
    error = deck_error(HEADER + ENOUGH + f"object,bad{control}word\n")
    assert len(error.errors) == 1
    assert error.errors[0].startswith("deck.csv:4: the word ")
    assert "control character" in error.errors[0]


def test_deck_row_with_an_unquoted_comma_is_refused():
    error = deck_error(HEADER + ENOUGH + "object,salt, pepper\n")
    assert error.errors == ["deck.csv:4: the row has 3 values but the header only 2; "
                            "put a word that contains a comma in double quotes."]


def test_deck_row_with_unpaired_quotes_is_refused():
    error = deck_error(HEADER + ENOUGH + 'object,"salt\n')
    assert error.errors[0].startswith("deck.csv:4: the double quotes on this line do not pair up")


def test_deck_without_objects_is_refused():
    error = deck_error(HEADER + "location,kitchen\n")
    assert error.errors == ["deck.csv: the deck has no objects; add rows like object,key."]


def test_deck_without_locations_is_refused():
    error = deck_error(HEADER + "object,key\n")
    assert error.errors == ["deck.csv: the deck has no locations; add rows like location,kitchen."]


def test_deck_errors_are_all_reported_together():
    error = deck_error(
        HEADER
        + "object,lamp\n"  # 2
        + "furniture,chair\n"  # 3
        + "object,\n"  # 4
        + "location,kitchen\n"  # 5
        + "location,Lamp\n"  # 6
        + "object," + "x" * 50 + "\n",  # 7
        source="class 4b.csv",
    )
    lines = [e.split(":")[1] for e in error.errors]
    assert lines == ["3", "4", "6", "7"]
    message = str(error).splitlines()
    assert message[0] == "class 4b.csv has 4 problems; fix them and try again:"
    assert message[1:] == error.errors


def test_deck_error_message_lists_at_most_25_problems_but_keeps_them_all():
    error = deck_error(HEADER + ENOUGH + "".join(f"animal,cat {i}\n" for i in range(30)))
    assert len(error.errors) == 30
    message = str(error).splitlines()
    assert len(message) == 1 + 25 + 1 and message[-1] == "... and 5 more."


# --- the Deck value --------------------------------------------------------------------


def test_deck_equality_ignores_notes_and_source():
    plain = Deck(("key",), ("kitchen",), name="House")
    annotated = Deck(("key",), ("kitchen",), name="House", notes={"key": {"hint": "h"}}, source="a.csv")
    assert plain == annotated and hash(plain) == hash(annotated)
    assert plain != Deck(("key",), ("kitchen",), name="House", language="es")


def test_deck_repr_evaluates_to_an_equal_deck_with_its_notes():
    deck = parse_deck("# name: House\nkind,word,hint\nobject,key,opens\nlocation,kitchen,\n", "house.csv")
    again = eval(repr(deck), {"Deck": Deck})
    assert again == deck
    assert again.notes == deck.notes and again.source == "house.csv"


def test_deck_built_in_code_refuses_duplicate_words():
    with pytest.raises(DeckError, match="'Key' appears twice"):
        Deck(objects=("key", "spoon"), locations=("Key",))


def test_deck_word_lists_become_tuples():
    deck = Deck(objects=["key"], locations=["kitchen"])  # type: ignore[arg-type]
    assert deck.objects == ("key",) and deck.locations == ("kitchen",)


# --- does it fit the table -------------------------------------------------------------


def test_deck_too_small_names_counts_needed_and_available():
    deck = Deck(objects=tuple(f"o{i}" for i in range(10)), locations=tuple(f"l{i}" for i in range(30)),
                name="Around the house")
    with pytest.raises(DeckError) as caught:
        deck.check_fits(players=4, rounds=3)
    assert str(caught.value) == (
        "The deck 'Around the house' is too small for 4 players and 3 rounds: it needs 18 objects "
        "and 12 locations, and has 10 objects and 30 locations. "
        "Add words to the deck or play fewer rounds."
    )


def test_a_deck_too_small_for_a_table_that_cannot_choose_its_rounds_is_never_told_to_play_fewer():
    """Table mode plays three rounds and its form offers no other: the advice is another deck."""
    deck = Deck(objects=tuple(f"o{i}" for i in range(8)), locations=tuple(f"l{i}" for i in range(4)), name="petit")
    with pytest.raises(DeckError) as caught:
        deck.check_fits(players=3, rounds=3, rounds_chosen=False)
    assert str(caught.value) == (
        "The deck 'petit' is too small for 3 players and 3 rounds: it needs 18 objects and 9 locations, and has "
        "8 objects and 4 locations. Add words to the deck, or choose another deck.")


def test_a_deck_named_after_a_long_file_name_keeps_whole_words_within_the_name_limit():
    """A name made from a file name is one the deck editor and a '# name:' line accept: at most
    60 characters, ending on a whole word and "…" (the setup form took a 78-character name cut
    mid-word, "…(version fin", that the editor refused)."""
    rows = "kind,word\n" + "".join(f"object,o{i}\n" for i in range(18)) + "".join(f"location,l{i}\n" for i in range(9))
    stem = "Vocabulaire_de_la_semaine_12_-_les_objets_de_la_maison_et_du_jardin_(version_finale)"
    deck = parse_deck(rows, source=f"{stem}.csv")
    assert deck.name == "Vocabulaire de la semaine 12 les objets de la maison et du…"
    assert len(deck.name) <= MAX_NAME_LENGTH
    named = parse_deck(f"# name: {deck.name}\n{rows}", source="again.csv")  # a name line takes it as it is
    assert named.name == deck.name
    assert parse_deck(rows, source="words_for_the_week.csv").name == "words for the week"


def test_deck_too_few_locations_is_refused():
    deck = Deck(objects=tuple(f"o{i}" for i in range(18)), locations=tuple(f"l{i}" for i in range(17)))
    deck.check_fits(players=6, rounds=2)
    with pytest.raises(DeckError, match="needs 18 objects and 18 locations, and has 18 objects and 17"):
        deck.check_fits(players=6, rounds=3)


def test_deck_that_fits_exactly_is_accepted():
    deck = Deck(objects=tuple(f"o{i}" for i in range(18)), locations=tuple(f"l{i}" for i in range(9)))
    deck.check_fits(players=3, rounds=3)
    deck.check_fits(players=3, rounds=2, lineup_size=9)


def test_deck_capacity_counts_rounds_for_each_player_count():
    deck = Deck(objects=tuple(f"o{i}" for i in range(20)), locations=tuple(f"l{i}" for i in range(15)))
    assert deck.capacity() == {3: 3, 4: 3, 5: 3, 6: 2}
    assert deck.capacity(lineup_size=4, max_players=4) == {3: 5, 4: 3}


# --- built-in decks --------------------------------------------------------------------

#: The built-in decks in languages other than English, and their language codes.
BUILTIN_LANGUAGES = {"es_everyday": "es", "fr_everyday": "fr", "de_everyday": "de"}


def test_builtin_deck_names_put_the_default_first():
    names = Deck.builtin_names()
    assert names[0] == "everyday"
    assert set(names) >= {"everyday", "nature", "town"}
    assert Deck.builtin() == Deck.builtin("everyday")


@pytest.mark.parametrize("name", Deck.builtin_names())
def test_builtin_deck_loads_and_fits_six_players_for_three_rounds(name):
    deck = Deck.builtin(name)
    deck.check_fits(players=6, rounds=3)
    assert len(deck.objects) >= 30 and len(deck.locations) >= 30
    assert deck.language == BUILTIN_LANGUAGES.get(name, "en")
    assert deck.name and deck.name != name
    assert deck.source == f"{name}.csv"


def test_builtin_decks_have_distinct_names():
    names = [Deck.builtin(n).name for n in Deck.builtin_names()]
    assert len(set(names)) == len(names)


def test_builtin_deck_with_unknown_name_lists_the_names_available():
    with pytest.raises(DeckError) as caught:
        Deck.builtin("space")
    message = str(caught.value)
    assert "'space'" in message
    assert all(repr(name) in message for name in Deck.builtin_names())


def test_decks_module_uses_the_standard_library_only():
    import ast
    import sys

    import incognito_nb.engine.decks as decks

    tree = ast.parse(open(decks.__file__, encoding="utf-8").read())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


# --- built-in decks in several languages -----------------------------------------------

#: Letters outside ASCII that each language's deck must show intact (read as UTF-8).
SPECIAL_LETTERS = {"es": "áéíóúñ", "fr": "éèêàâçôû", "de": "äöüß"}


def test_builtin_decks_cover_english_spanish_french_and_german():
    languages = {Deck.builtin(name).language for name in Deck.builtin_names()}
    assert languages >= {"en", "es", "fr", "de"}


def test_builtin_deck_names_list_english_decks_first_then_each_language_together():
    languages = [Deck.builtin(name).language for name in Deck.builtin_names()]
    assert languages[: languages.count("en")] == ["en"] * languages.count("en")
    seen: list[str] = []
    for language in languages:
        if not seen or seen[-1] != language:
            assert language not in seen, f"the {language} decks are not listed together: {languages}"
            seen.append(language)


@pytest.mark.parametrize("name", Deck.builtin_names())
def test_builtin_deck_serves_every_table_for_three_rounds(name):
    deck = Deck.builtin(name)
    for players in range(3, 7):
        deck.check_fits(players=players, rounds=3)
    assert all(rounds >= 3 for rounds in deck.capacity().values())


@pytest.mark.parametrize("name", Deck.builtin_names())
def test_builtin_deck_has_no_word_twice_even_ignoring_case_and_accents(name):
    import unicodedata

    deck = Deck.builtin(name)

    def bare(word: str) -> str:
        letters = unicodedata.normalize("NFKD", word.casefold())
        return "".join(ch for ch in letters if not unicodedata.combining(ch))

    words = [bare(w) for w in deck.objects + deck.locations]
    assert len(set(words)) == len(words)


@pytest.mark.parametrize("name", Deck.builtin_names())
def test_builtin_deck_words_are_tidy(name):
    deck = Deck.builtin(name)
    for word in deck.objects + deck.locations:
        assert word == " ".join(word.split()) and len(word) <= 40
        assert unicodedata_is_composed(word), f"{word!r} is not in NFC form"


def unicodedata_is_composed(word: str) -> bool:
    import unicodedata

    return unicodedata.normalize("NFC", word) == word


@pytest.mark.parametrize("name, language", sorted(BUILTIN_LANGUAGES.items()))
def test_builtin_deck_in_another_language_keeps_its_accents(name, language):
    deck = Deck.builtin(name)
    assert deck.language == language
    text = "".join(deck.objects + deck.locations).casefold()
    found = {letter for letter in SPECIAL_LETTERS[language] if letter in text}
    assert len(found) >= 2, f"{name} shows only {found} of {SPECIAL_LETTERS[language]}"
    assert not any("\ufffd" in word or "Ã" in word for word in deck.objects + deck.locations)


def test_builtin_german_deck_capitalises_its_nouns():
    deck = Deck.builtin("de_everyday")
    assert all(word[0].isupper() for word in deck.objects + deck.locations)


@pytest.mark.parametrize("name", ["es_everyday", "fr_everyday"])
def test_builtin_spanish_and_french_decks_are_bare_lowercase_nouns(name):
    deck = Deck.builtin(name)
    articles = ("el ", "la ", "los ", "las ", "un ", "una ", "le ", "les ", "l'", "une ")
    for word in deck.objects + deck.locations:
        assert word == word.lower() and not word.startswith(articles), word


@pytest.mark.parametrize("name", Deck.builtin_names())
def test_builtin_deck_name_is_written_in_its_language_and_file_says_so(name):
    from importlib import resources

    text = (resources.files("incognito_nb.engine") / "word_decks" / f"{name}.csv").read_text("utf-8")
    comments = [line for line in text.splitlines() if line.startswith("#")]
    assert f"# language: {Deck.builtin(name).language}" in comments
    assert f"# name: {Deck.builtin(name).name}" in comments


# --- a deck's name and language: from the file, or from the file name ------------------


def test_deck_language_in_the_file_wins_over_the_file_name():
    deck = parse_deck("# language: fr\n" + HEADER + ENOUGH, source="mots.es.csv")
    assert (deck.name, deck.language) == ("mots", "fr")


def test_deck_name_in_the_file_wins_over_the_file_name():
    deck = parse_deck("# name: Les animaux\n" + HEADER + ENOUGH, source="animals.fr.csv")
    assert (deck.name, deck.language) == ("Les animaux", "fr")


@pytest.mark.parametrize("source, name, language", [
    ("animales.es.csv", "animales", "es"),
    ("Tiere_im_Zoo.DE.csv", "Tiere im Zoo", "de"),
    ("words.en-GB.csv", "words", "en-GB"),
    ("palavras.pt_br.csv", "palavras", "pt-BR"),
])
def test_deck_language_falls_back_to_a_code_before_csv_in_the_file_name(source, name, language):
    deck = parse_deck(HEADER + ENOUGH, source=source)
    assert (deck.name, deck.language) == (name, language)


@pytest.mark.parametrize("source", ["deck.old.csv", "es.csv", "fruit_es.csv", "v1.2.csv", "words.csv"])
def test_deck_file_name_without_a_language_suffix_means_english(source):
    deck = parse_deck(HEADER + ENOUGH, source=source)
    assert deck.language == "en"
    assert deck.name == " ".join(source.removesuffix(".csv").replace("_", " ").split())


def test_deck_loaded_from_disk_takes_name_and_language_from_its_file_name(tmp_path):
    path = tmp_path / "la_ferme.fr.csv"
    path.write_text(HEADER + "object,poussin\nlocation,étable\n", encoding="utf-8")
    deck = load_deck(path)
    assert (deck.name, deck.language, deck.locations) == ("la ferme", "fr", ("étable",))


def test_deck_settings_lines_that_are_blank_fall_back_to_the_file_name():
    deck = parse_deck("# name:\n# language:\n" + HEADER + ENOUGH, source="casa.es.csv")
    assert (deck.name, deck.language) == ("casa", "es")
