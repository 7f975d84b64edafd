"""``incognito-nb deck``: checking a teacher's deck from the command line, and the template deck.

The commands run as a teacher runs them, in a separate process (``python -m
incognito_nb.app.launcher deck ...`` is what the ``incognito-nb`` script calls), and the
tests read what they print and how they exit.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from incognito_nb.app import deck_cli, launcher
from incognito_nb.engine import Deck, load_deck

REPO = Path(__file__).resolve().parents[1]


def run_deck(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """Runs ``incognito-nb deck ARGS`` through the launcher module, in ``cwd``."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "incognito_nb.app.launcher", "deck", *args],
        cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


def write_deck(folder: Path, name: str, objects: int, locations: int, header: str = "") -> Path:
    rows = [f"object,objet {i}" for i in range(objects)] + [f"location,lieu {i}" for i in range(locations)]
    path = folder / name
    path.write_text(header + "kind,word\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return path


# --- deck check ------------------------------------------------------------------------


def test_deck_check_prints_counts_name_language_and_the_rounds_each_table_gets(tmp_path):
    path = write_deck(tmp_path, "cuisine.csv", 20, 15, header="# name: À la cuisine\n# language: fr\n")
    result = run_deck("check", str(path), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert out.splitlines()[0] == "cuisine.csv: ready for 3 to 5 players."
    assert "Name:      À la cuisine" in out
    assert "Language:  fr" in out
    assert "Words:     20 objects, 15 locations" in out
    assert "3 players: 3 rounds; 4 players: 3 rounds; 5 players: 3 rounds; 6 players: 2 rounds" in out
    assert "To seat 6 players for 3 rounds, the deck needs 18 locations" in out


def test_deck_check_takes_name_and_language_from_the_file_name_when_the_file_is_silent(tmp_path):
    path = write_deck(tmp_path, "la_granja.es.csv", 18, 18)
    result = run_deck("check", str(path), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Name:      la granja" in result.stdout and "Language:  es" in result.stdout
    assert "ready for 3 to 6 players." in result.stdout


def test_deck_check_lists_every_error_with_its_line_number_and_exits_2(tmp_path):
    path = tmp_path / "bad words.csv"
    path.write_text("# name: Bad\nkind,word\nobject,key\nanimal,cat\nobject,\nlocation,kitchen\n"
                    "object,KEY\nobject,salt, pepper\n", encoding="utf-8")
    result = run_deck("check", str(path), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == "bad words.csv has 4 problems; fix them and try again:"
    assert [re.match(r"  bad words\.csv:(\d+): ", line).group(1) for line in lines[1:]] == ["4", "5", "7", "8"]
    assert "unknown kind 'animal'" in lines[1] and "already on line 3" in lines[3]


def test_deck_check_prints_all_errors_even_beyond_the_25_a_message_lists(tmp_path):
    path = tmp_path / "many.csv"
    path.write_text("kind,word\nobject,key\nlocation,kitchen\n"
                    + "".join(f"animal,cat {i}\n" for i in range(30)), encoding="utf-8")
    result = run_deck("check", str(path), cwd=tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 + 30
    assert "many.csv:33: unknown kind" in result.stderr


def test_deck_check_of_a_file_that_cannot_be_read_says_so_and_exits_2(tmp_path):
    result = run_deck("check", "missing.csv", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == ("missing.csv: the file cannot be read (No such file or directory); "
                                     "check the path and try again.")


def test_deck_check_of_a_utf16_file_without_its_mark_gives_the_advice_and_exits_2(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_bytes("kind,word\nobject,key\nlocation,kitchen\n".encode("utf-16-le"))
    result = run_deck("check", str(path), cwd=tmp_path)
    assert result.returncode == 2 and "CSV UTF-8" in result.stderr


def test_deck_check_of_a_readable_deck_too_small_for_any_game_exits_1(tmp_path):
    path = write_deck(tmp_path, "tiny.csv", 17, 30)
    result = run_deck("check", str(path), cwd=tmp_path)
    assert result.returncode == 1
    assert "tiny.csv: too small for a game." in result.stdout
    assert "3 players: 2 rounds" in result.stdout
    assert "needs at least 18 objects and 9 locations" in result.stdout


def test_deck_check_of_several_files_reports_each_and_exits_with_the_worst(tmp_path):
    good = write_deck(tmp_path, "good.csv", 18, 18)
    bad = tmp_path / "bad.csv"
    bad.write_text("kind,word\nobject,key\n", encoding="utf-8")
    result = run_deck("check", str(good), str(bad), cwd=tmp_path)
    assert result.returncode == 2
    assert "good.csv: ready for 3 to 6 players." in result.stdout
    assert "bad.csv: the deck has no locations" in result.stderr


@pytest.mark.parametrize("name", Deck.builtin_names())
def test_deck_check_passes_every_built_in_deck_with_its_accents_intact(name):
    out, err = io.StringIO(), io.StringIO()
    path = Path(str(resources.files("incognito_nb.engine") / "word_decks" / f"{name}.csv"))
    assert deck_cli.main(["check", str(path)], out=out, err=err) == 0, err.getvalue()
    deck = Deck.builtin(name)
    assert f"Name:      {deck.name}\n" in out.getvalue()
    assert f"Language:  {deck.language}\n" in out.getvalue()


def test_deck_check_escapes_control_characters_in_a_deck_name():
    out = io.StringIO()
    deck = Deck(objects=tuple(f"o{i}" for i in range(18)), locations=tuple(f"l{i}" for i in range(18)),
                name="Red \x1b[31malert")
    for line in deck_cli.describe(deck):
        print(line, file=out)
    assert "\x1b" not in out.getvalue() and "Red \\x1b[31malert" in out.getvalue()


def test_deck_without_a_subcommand_shows_the_usage_and_exits_2(tmp_path):
    result = run_deck(cwd=tmp_path)
    assert result.returncode == 2 and "usage: incognito-nb deck" in result.stderr


# --- the template ----------------------------------------------------------------------


def test_deck_template_ships_in_the_package_and_is_not_a_built_in_deck():
    path = deck_cli.template_path()
    assert path.is_file()
    assert Path(launcher.__file__).parent in path.parents
    assert "deck_template" not in Deck.builtin_names()


def test_deck_template_passes_deck_check_for_every_table(tmp_path):
    result = run_deck("check", str(deck_cli.template_path()), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "deck_template.csv: ready for 3 to 6 players." in result.stdout
    deck = load_deck(deck_cli.template_path())
    assert deck.notes, "the template shows an optional hint column"


def test_deck_template_is_printed_and_can_be_copied_but_never_over_a_file(tmp_path):
    printed = run_deck("template", cwd=tmp_path)
    assert printed.returncode == 0
    assert printed.stdout == deck_cli.template_path().read_text(encoding="utf-8")

    copied = run_deck("template", "mine.csv", cwd=tmp_path)
    assert copied.returncode == 0, copied.stderr
    assert (tmp_path / "mine.csv").read_text(encoding="utf-8-sig") == printed.stdout.replace(
        "incognito-nb deck check my_deck.csv", "incognito-nb deck check mine.csv")
    assert (tmp_path / "mine.csv").read_bytes().startswith(b"\xef\xbb\xbf")  # Excel then reads the accents
    assert "incognito-nb deck check mine.csv" in copied.stdout

    (tmp_path / "mine.csv").write_text("my own words", encoding="utf-8")
    again = run_deck("template", "mine.csv", cwd=tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr
    assert (tmp_path / "mine.csv").read_text(encoding="utf-8") == "my own words"

    where = run_deck("template", "--path", cwd=tmp_path)
    assert Path(where.stdout.strip()) == deck_cli.template_path()


def test_a_template_copied_to_a_file_named_for_its_language_is_a_deck_of_that_language(tmp_path):
    """The template's own '# language: en' outweighed the name: a teacher's 'comida.es.csv',
    its words replaced, was an English deck in every report."""
    assert run_deck("template", "comida.es.csv", "--language", "es", cwd=tmp_path).returncode == 0
    assert load_deck(tmp_path / "comida.es.csv").language == "es"
    assert run_deck("template", "words.csv", cwd=tmp_path).returncode == 0
    assert load_deck(tmp_path / "words.csv").language == "en"


def test_deck_template_is_linked_from_the_readme():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+deck_template\.csv)\)", readme)
    assert links, "the README links to the template deck"
    assert all((REPO / link).resolve() == deck_cli.template_path().resolve() for link in links)


def test_deck_list_names_every_built_in_deck_with_its_language(tmp_path):
    result = run_deck("list", cwd=tmp_path)
    assert result.returncode == 0
    for name in Deck.builtin_names():
        deck = Deck.builtin(name)
        assert re.search(rf"^{name}\s+{deck.language}\s+{re.escape(deck.name)} \(", result.stdout, re.M)


# --- the launcher still launches -------------------------------------------------------


def test_launcher_options_still_build_the_voila_command():
    options = launcher.parser().parse_args(["--no-browser", "--port", "9000", "--theme", "dark"])
    command = launcher.voila_command(options)
    assert "--port=9000" in command and "--theme=dark" in command and "--no-browser" in command


def test_the_classroom_takes_the_theme_option_of_the_table_and_serves_every_page_in_it():
    """``incognito-nb classroom --theme dark``: the same choices, default and help as table
    mode's option, handed to Voilà, whose theme is the server's (every page in it)."""
    from incognito_nb.app import classroom_cli

    def theme(cli):
        return next(action for action in cli._actions if action.dest == "theme")

    table, room = theme(launcher.parser()), theme(classroom_cli.parser())
    assert (room.choices, room.default, room.help) == (table.choices, table.default, table.help)
    for asked, served in (["--theme", "dark"], "--theme=dark"), ([], "--theme=light"):
        assert served in classroom_cli.voila_command(classroom_cli.parser().parse_args(asked))



def _serve_with(monkeypatch, serve) -> None:
    """Puts ``serve`` in place of the server both launchers start (incognito-nb and its classroom)."""
    from incognito_nb.app import classroom_cli

    monkeypatch.setattr(launcher, "serve", serve)
    monkeypatch.setattr(classroom_cli, "serve", serve)

def test_launcher_refuses_a_bad_deck_option_before_starting_voila(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("kind,word\nobject,key\n", encoding="utf-8")
    _serve_with(monkeypatch, lambda *a, **k: pytest.fail("Voilà was started"))
    assert launcher.main(["--deck", str(bad)]) == 2
    assert "bad.csv: the deck has no locations" in capsys.readouterr().err


def test_launcher_without_deck_word_launches_voila(monkeypatch):
    started = []
    _serve_with(monkeypatch, lambda command, env: started.append(command) or 0)
    assert launcher.main(["--no-browser", "--port", "9001"]) == 0
    assert started and started[0][1:3] == ["-m", "voila"]


@pytest.mark.parametrize("command", [["--no-browser"], ["classroom", "--no-browser"]])
def test_a_port_already_taken_is_said_and_nothing_starts_on_another_one(command, tmp_path, monkeypatch, capsys):
    """Voilà would move to another port on its own, and the address the command printed (the one
    a teacher writes on the board) would lead nowhere: the command says so and stops instead, and
    the Voilà it starts never moves either."""
    import socket

    _serve_with(monkeypatch, lambda *a, **k: pytest.fail("Voilà was started"))
    monkeypatch.setenv("INCOGNITO_NB_PASSPHRASE", "a b c")
    with socket.socket() as other_program:
        other_program.bind(("127.0.0.1", 0))
        other_program.listen()
        port = other_program.getsockname()[1]
        extra = ["--host", "127.0.0.1", "--store", str(tmp_path / "class.sqlite")] if command[0] == "classroom" else []
        assert launcher.main([*command, "--port", str(port), *extra]) == 2
    said = capsys.readouterr()
    assert f"port {port} is already in use on 127.0.0.1" in said.err and f"--port {port + 1}" in said.err
    assert str(port) not in said.out  # no address printed that would lead elsewhere
    options = launcher.parser().parse_args(["--port", str(port)])
    assert "--Voila.port_retries=0" in launcher.voila_command(options)


@pytest.mark.parametrize("host, said", [
    ("999.1.1.1", "999.1.1.1 is not an address: give --host 0.0.0.0"),
    ("no-such-host.invalid", "no-such-host.invalid is not an address: give --host 0.0.0.0"),
    ("10.9.9.9", "10.9.9.9 is not an address of this computer: give --host 0.0.0.0"),
])
def test_a_host_that_is_not_this_computers_is_said_for_what_it_is(host, said, tmp_path, monkeypatch, capsys):
    """A mistyped --host was said to be 'port 8866 is already in use on 999.1.1.1 … choose
    another port': the teacher changed the port, and the same message came back."""
    _serve_with(monkeypatch, lambda *a, **k: pytest.fail("Voilà was started"))
    monkeypatch.setenv("INCOGNITO_NB_PASSPHRASE", "a b c")
    assert launcher.main(["classroom", "--no-browser", "--host", host, "--store", str(tmp_path / "c.sqlite")]) == 2
    err = capsys.readouterr().err
    assert said in err and "already in use" not in err and "--host 127.0.0.1 (this computer only)" in err


@pytest.mark.parametrize("command", [["--no-browser"], ["classroom", "--no-browser"]])
@pytest.mark.parametrize("port", ["99999", "0", "-1", "http"])
def test_a_port_that_is_no_port_is_refused_before_anything_starts(command, port, monkeypatch, capsys):
    """--port 99999 printed its pages at http://127.0.0.1:99999/… and handed Voilà a port that
    cannot be."""
    _serve_with(monkeypatch, lambda *a, **k: pytest.fail("Voilà was started"))
    with pytest.raises(SystemExit) as stopped:
        launcher.main([*command, "--port", port])
    assert stopped.value.code == 2
    said = capsys.readouterr()
    assert f"argument --port: {port!r} is not a port: give a number from 1024 to 65535" in said.err
    assert said.out == ""


def test_the_serving_commands_say_their_deck_and_their_port_in_their_language(tmp_path, monkeypatch, capsys):
    """`incognito-nb classroom --language fr --deck cocina.es.csv` printed "Deck: La cocina y la casa
    (18 objects, 18 locations)" above its French lines, and a port taken was said in English."""
    import socket

    started = []
    _serve_with(monkeypatch, lambda command, env: started.append(command) or 0)
    monkeypatch.setenv("INCOGNITO_NB_PASSPHRASE", "a b c")
    deck = tmp_path / "cocina.es.csv"
    words = "".join(f"object,cosa{i}\nlocation,sitio{i}\n" for i in range(18))
    deck.write_text("# name: La cocina\nkind,word\n" + words, encoding="utf-8")
    store = ["--store", str(tmp_path / "class.sqlite")]
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert launcher.main(["classroom", "--no-browser", "--language", "fr", "--deck", str(deck), "--port", str(port),
                          *store]) == 0 and started
    out = capsys.readouterr().out
    assert out.startswith("Jeu de mots\u00a0: La cocina (18 objets, 18 lieux)\n"), out
    assert launcher.main(["--no-browser", "--language", "es", "--port", str(port)]) == 0
    assert capsys.readouterr().out == f"Incognito está en http://127.0.0.1:{port}/: pulsa Ctrl+C para detenerlo.\n"
    with socket.socket() as other_program:
        other_program.bind(("127.0.0.1", port))
        other_program.listen()
        assert launcher.main(["classroom", "--no-browser", "--language", "de", "--port", str(port), *store]) == 2
    err = capsys.readouterr().err
    assert f"Port {port} wird auf 127.0.0.1 schon verwendet" in err and "already in use" not in err, err
    deck.write_text("kind,word\nobject,cosa\n", encoding="utf-8")
    assert launcher.main(["classroom", "--no-browser", "--language", "fr", "--deck", str(deck), *store]) == 2
    err = capsys.readouterr().err
    assert err.startswith("incognito-nb classroom: ") and "object" not in err.split(": ", 1)[1], err


def test_deck_check_speaks_the_teachers_language(tmp_path):
    """`incognito-nb class` took --language, `incognito-nb deck` had none: a French teacher read
    "cocina.es.csv: ready for 3 to 6 players. / Name: … / Serves: 3 players: 3 rounds" and
    "has 2 problems; fix them and try again" in English."""
    deck = tmp_path / "cocina.es.csv"
    deck.write_text("# name: La cocina\nkind,word\n" + "".join(f"object,cosa{i}\n" for i in range(18))
                    + "".join(f"location,sitio{i}\n" for i in range(12)), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert deck_cli.main(["check", str(deck), "--language", "fr"], out=out, err=err) == 0
    assert out.getvalue().splitlines() == [
        "cocina.es.csv\u00a0: prêt pour 3 à 4 joueurs.",
        "  Nom\u00a0:         La cocina",
        "  Langue\u00a0:      es",
        "  Mots\u00a0:        18 objets, 12 lieux",
        "  Convient à\u00a0:  3 joueurs\u00a0: 3 manches; 4 joueurs\u00a0: 3 manches; 5 joueurs\u00a0: 2 manches; "
        "6 joueurs\u00a0: 2 manches",
        "  Pour 6 joueurs et 3 manches, il faut 18 lieux au jeu\u00a0: ajoutez des lieux."], out.getvalue()
    deck.write_text("kind,word\nobject,cosa\nobject,cosa\nthing,x\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert deck_cli.main(["check", str(deck), "--language", "fr"], out=out, err=err) == 2
    said = err.getvalue().splitlines()
    assert said[0] == "cocina.es.csv a 3 problèmes\u00a0; corrigez-les et réessayez\u00a0:" and len(said) == 4, said
    assert "problem" not in err.getvalue() and "line" not in err.getvalue()
    out = io.StringIO()
    assert deck_cli.main(["template", str(tmp_path / "mio.csv"), "--language", "es"], out=out) == 0
    assert out.getvalue().startswith(f"Se ha escrito {tmp_path / 'mio.csv'}: cambia el nombre")


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de"])
def test_the_template_speaks_the_teachers_language_with_words_of_the_decks(lang, tmp_path, monkeypatch):
    """A Spanish teacher's template was English, comments and words: written now in their
    language, with the words of the built-in deck of that language, it loads as a deck of it."""
    from incognito_nb.app.deck_template import sample_deck
    from incognito_nb.ui.i18n import language

    monkeypatch.delenv("INCOGNITO_NB_LANGUAGE", raising=False)
    target = tmp_path / "mine.csv"
    assert deck_cli.main(["template", str(target), "--language", lang], out=io.StringIO()) == deck_cli.READY
    text = target.read_text(encoding="utf-8-sig")
    about = language(lang)._("Incognito word deck: a template. Copy this file, give the deck a name and a language, "
                             "replace the words with your own, and keep the header row (kind, word, hint). Save it "
                             "as CSV UTF-8, then check it before class:")
    assert text.startswith("# " + " ".join(about.split()[:4]))
    assert "#     incognito-nb deck check mine.csv\n" in text
    if lang != "en":
        assert "Copy this file" not in text and "small and made of metal" not in text, "no English left"
    deck, builtin = load_deck(target), sample_deck(lang)
    assert (deck.language, builtin.language) == (lang, lang)
    assert deck.objects == builtin.objects[:18] and deck.locations == builtin.locations[:18]
    assert deck.name == language(lang)._("My class deck")
    assert deck.notes[deck.objects[0]]["hint"] == language(lang)._("small and made of metal")
    assert deck.capacity(6)[6] >= 3, "a full game for six players"
    assert (builtin.objects[0], builtin.locations[0]) == {
        "en": ("key", "kitchen"), "es": ("llave", "cocina"), "fr": ("clé", "cuisine"),
        "de": ("Schlüssel", "Küche")}[lang], "the hints say what the first words are"


def test_a_template_named_for_a_language_speaks_it_unless_the_teacher_chose_one(tmp_path, monkeypatch):
    """comida.es.csv is a Spanish deck: Spanish words; its comments in Spanish too, unless the
    teacher chose a language (a French teacher of Spanish reads French). A language with no
    built-in deck gets the English words, to replace."""
    monkeypatch.delenv("INCOGNITO_NB_LANGUAGE", raising=False)
    assert deck_cli.main(["template", str(tmp_path / "comida.es.csv")], out=io.StringIO()) == deck_cli.READY
    spanish = (tmp_path / "comida.es.csv").read_text(encoding="utf-8-sig")
    assert spanish.startswith("# Baraja de palabras de Incognito: una plantilla.") and "\nobject;llave;" in spanish
    assert deck_cli.main(["template", str(tmp_path / "cocina.es.csv"), "--language", "fr"],
                         out=io.StringIO()) == deck_cli.READY
    french = (tmp_path / "cocina.es.csv").read_text(encoding="utf-8-sig")
    assert french.startswith("# Jeu de mots d’Incognito") and "\nobject;llave;" in french
    assert load_deck(tmp_path / "cocina.es.csv").language == "es"
    assert deck_cli.main(["template", str(tmp_path / "cibo.it.csv"), "--language", "de"],
                         out=io.StringIO()) == deck_cli.READY
    italian = load_deck(tmp_path / "cibo.it.csv")
    assert italian.language == "it" and italian.objects[0] == "key"


def test_the_shipped_template_is_the_english_one_written():
    from incognito_nb.ui.i18n import language

    assert deck_cli.template_path().read_text(encoding="utf-8") == deck_cli.template_text(language("en"))
