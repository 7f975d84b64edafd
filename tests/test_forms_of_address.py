"""Who each French and German sentence speaks to: "vous" and "Sie" to the teacher, "tu" and
"du" to the players, and neither in a sentence both can read.

A sentence's readers are found from where the code says it: the catalogue's ``#:``
references name its source files, and each file below is the teacher's (the classroom's
teacher page and desk, the deck editor, the class pages and files, the commands the teacher
types) or the players' (a student's page and phone, the printed seat cards, the game at a
table's laptop, passed from player to player behind the curtain).  A sentence of any other
file, or of files of both, reaches both, and speaks impersonally ("Enregistrer le fichier en
CSV UTF-8", „Datei als CSV UTF-8 speichern“): the engine and the store refuse without knowing
who reads (a deck's problems show in the deck editor, under "Tapez ou collez les mots", in
the classroom teacher's setup, and in the table's form), and the table's setup form shows
under the deck editor in ``notebooks/teacher_decks.ipynb`` as well as on a table's laptop.
A file whose sentences go to either (the server's doors, a seat link's box) and the few
sentences of a shared file that one side alone reads are listed by sentence.

What this cannot see: a sentence a listed file says to the other side, and an imperative
not in the lists below.  A new file of sentences joins a list here, or its sentences are held
to the impersonal.  Spanish says "tú" to everyone (no sentence says "usted").
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from incognito_nb.ui.i18n import locales_folder

#: Files whose every sentence the teacher reads (formal: "vous", "Sie").
TEACHER_FILES = {
    "teacher.py", "teacher_desk.py", "teacher_files.py", "deck_editor.py", "class_page.py", "class_files.py",
    "class_report_pdf.py", "class_doors.py", "deck_cli.py", "deck_template.py", "class_cli.py", "classroom_cli.py",
    "launcher.py", "serving.py",
}
#: Files whose every sentence the players read (familiar: "tu", "du").
PLAYER_FILES = {
    "student.py", "table.py", "curtain.py", "pad.py", "voting.py", "find_phone.py", "seat_cards.py",
    "budget.py", "hub.py", "ink.py", "guard.py", "save_status.py", "seated.py",
}
#: Sentences of a shared file that only the players read: a student's own points, the board
#: only their page still holds, the refusals of the student's door to a table.
PLAYER_SENTENCES = {
    "You scored {n} point this round.", "You score {n} point with this drawing.",
    "Wait for your teacher to start round {n}.", "Wait for your teacher to show who won.",  # under a phone's scores
    "Your drawing is still on this page: download it as a picture (PNG) to keep it.",
    "Your seat was opened on another page (another tab or device), so this page is closed: play on the newest one. "
    "To play here again, reload this page.",
    "This link to a seat has no table code. Type the code shown on the projector and your name.",
    "No table code was given: a code is {length} letters and digits, like K7QXM. Type the code shown on the "
    "projector, or open the link your teacher gave.",
    "This rejoin link is not valid for table {code}: ask the teacher for a new one.",
    "The game at table {code} has already started, so no one can join it now. If you were playing, open your rejoin "
    "link, or ask the teacher for a new one.",
    "Someone called {name} has already joined table {code}; choose another name, or add an initial. If that was you, "
    "open your rejoin link instead.",
    "{name} looks just like {taken}, who has already joined table {code}: choose a name the class can tell apart, or "
    "add an initial. If that was you, open your rejoin link instead.",
    "Table {code} is full: {limit} players have joined. Ask the teacher which table to join.",
    "Take the game home:",  # the table's; the teacher's desk says it in its own words (pgettext)
    "The connection to the class server is lost: what you do now is not saved. Wait a moment; if this stays, "
    "reload the page (your link brings you back to your seat).",
}
#: The server's doors and a seat link's box: their sentences go to the teacher (TEACHER_SENTENCES) or the players.
EITHER_FILES = {"door.html", "doors.py", "seat_link.py"}
#: Sentences of those files that either may read: the refusals of the teacher's page on a device without
#: its key (a student, or the teacher on another computer), the doors' pace (the join form's and the
#: teacher's pages and forms alike), the seat link's box (a student's, or the teacher's handing one out).
EVERYONE_SENTENCES = {
    "Incognito · wait a moment",
    "Many table codes were tried from this device in a short while. Wait a minute, then type the code shown on "
    "the projector again.",
    "Many pages were opened from this device in a short while. Wait a few seconds, then open your link again.",
    "Many forms were sent from this device in a short while. Wait a minute, then try again.",
    "The link is selected: copy it (Ctrl+C, or press and hold it on a phone).",
    "Only the teacher can create a table for the class. Students: open the student page and type the code shown "
    "on the projector.",
    "The teacher's page of table {code} opens only in the browser that created the table. On that computer, open "
    "the teacher page again: it lists your tables. Students: open the student page and type the code.",
}
#: Sentences of the teacher's alone: the doors' new-table form and passphrase, the teacher page's banner,
#: the teacher's desk handing a student their link.
TEACHER_SENTENCES = {
    "✓ Link copied: give it to {name}.",
    "The connection to the class server is lost: what you do now is not saved. Wait a moment; if this stays, "
    "reload the page (its address opens the table again).",
    "Your tables in this browser:", "Or create another table:", "Your classes:",
    "Incognito · a new table for your class",
    "There is no class called {name}: choose a class from the list.",
    "Choose a deck, 1 to {limit} rounds and a timer from the form.",
    "When the classroom server started, it printed a passphrase in the window of the computer that runs it. Type it "
    "here to create tables from this device.",
    "That is not the classroom's passphrase. Look again in the window where the classroom server started, and type "
    "it as it is written there.",
}

#: The imperatives the catalogues said (or might say) as "tu" and "du" (and German's "ihr": "gebt", "tippt").
TU_VERBS = """corrige appuie tape colle choisis écris donne mets garde regarde importe enregistre commence crée
    attends réessaie vérifie ouvre ajoute utilise retape reprends passe supprime termine place ferme demande limite
    joue annule efface interroge recharge touche scanne dessine pose cache coche décoche rejoins lance copie
    télécharge essaie lis va sers indique patiente envoie retire clique sélectionne quitte relance emporte""".split()
DU_VERBS = """wähle drücke gib prüfe tippe öffne lade füge schreibe behebe heb lass sieh starte speichere spiele
    probiere versuche warte kopiere nimm lege leg ergänze lösche nutze beende frag frage mach geh entferne bewahre
    schließe setze kreuze hake scanne zeichne versteck berühre gebt tippt""".split()
#: Where a clause begins, so that an imperative stands there.
CLAUSE = r"(?:^|[:;.,!?·—]\s|\b(?:et|ou|puis|und|oder|dann)\s)"
#: "tu" and "du", and those imperatives where a clause begins.
FAMILIAR = {
    "fr": re.compile(r"\b(?:tu|te|ton|ta|tes|toi)\b|\bt['’]|%s(?:%s|n'y\sgarde)\b"
                     % (CLAUSE, "|".join(TU_VERBS)), re.I),
    "de": re.compile(r"\b(?:du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure)\b|%s(?:%s|bitte\sdie)\b"
                     % (CLAUSE, "|".join(DU_VERBS)), re.I),
}
#: "vous" and "Sie", and the imperatives said so.
FORMAL = {
    "fr": re.compile(r"\b(?:vous|votre|vos)\b|\b(?!(?:chez|assez|nez)\b)\w{2,}ez\b", re.I),
    # "Sie" begins a clause as "she", "it" or "they" too ("Sie wird gesendet": the board), where
    # "Sie" the teacher follows its verb ("Speichern Sie", "wenn Sie"): it is sought within a clause.
    "de": re.compile(r"(?<![:;.!?]\s)(?<!^)\bSie\b|\b(?:Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b"),
}


def catalogue(code: str):
    with (locales_folder() / code / "LC_MESSAGES" / "incognito_nb.po").open("rb") as file:
        return read_po(file, locale=code)


def readers(message) -> str:
    """Returns who reads ``message``: "teacher", "players" or "everyone"."""
    ident = message.id if isinstance(message.id, str) else message.id[0]
    found = set()
    for location, _ in message.locations:
        name = location.rsplit("/", 1)[-1]
        if ident in EVERYONE_SENTENCES:
            found.add("everyone")
        elif name in TEACHER_FILES or ident in TEACHER_SENTENCES:
            found.add("teacher")
        elif name in PLAYER_FILES or name in EITHER_FILES or ident in PLAYER_SENTENCES:
            found.add("players")
        else:
            found.add("everyone")
    return found.pop() if len(found) == 1 else "everyone"


def wrongly_addressed(code: str) -> list[str]:
    """Returns, for each sentence of ``code``'s catalogue said in a form its readers must not
    read, "readers: translation (English)"."""
    wrong = []
    for message in catalogue(code):
        if not message.id:
            continue
        who = readers(message)
        forbidden = {"teacher": [FAMILIAR], "players": [FORMAL], "everyone": [FAMILIAR, FORMAL]}[who]
        for form in message.string if isinstance(message.string, tuple) else (message.string,):
            if any(pattern[code].search(form) for pattern in forbidden):
                ident = message.id if isinstance(message.id, str) else message.id[0]
                wrong.append(f"{who}: {form} ({ident})")
                break
    return wrong


@pytest.mark.parametrize("code", ["fr", "de"])
def test_each_sentence_speaks_to_its_readers_as_they_are_addressed(code):
    """The deck's problems said "enregistre le fichier en CSV UTF-8" ("speichere die Datei") to
    the teacher of the deck editor, whose page says "vous" ("Sie"), and "enregistrez-le" to the
    players of a table, whose form says "tu"; the class's part of that form said "Cochez" in
    French and "Kreuze an" in German; the projected page "Rejoins la table" below the teacher's
    "Ouvrez-le"; the store told the teacher "Termine plutôt la phase" and "crée une nouvelle
    table", the class book "Lösche stattdessen die Klasse". Before them, the deck editor said
    "Tape ou colle les mots… corrige ceci et appuie à nouveau", the new-table form "Tes tables
    dans ce navigateur" under its title "une nouvelle table pour votre classe", the desk "Garde
    ce lien", "Diese Seite ist nur für dich", the report "Spiele ein Spiel mit dieser Klasse"."""
    assert wrongly_addressed(code) == []


def test_the_forms_are_told_apart():
    """The patterns find what they look for, and not in words that only look like it."""
    assert FAMILIAR["fr"].search("Enregistre le fichier.") and FAMILIAR["fr"].search("corrige-les et réessaie")
    assert not FAMILIAR["fr"].search("Enregistrer le fichier en CSV UTF-8 ; la table, les tables")
    assert FORMAL["fr"].search("Tapez le code") and not FORMAL["fr"].search("chez soi, assez")
    assert FAMILIAR["de"].search("Ergänze Wörter") and FAMILIAR["de"].search("wenn du willst")
    assert not FAMILIAR["de"].search("Datei als CSV UTF-8 speichern; Durchgang")
    assert FORMAL["de"].search("Speichern Sie die Datei") and not FORMAL["de"].search("sie ist leer")
