"""The teacher's desk without a browser: the new seat link it hands over, in its language.

The desk is built as the classroom's kernel builds it for the teacher's browser (the key,
the file makers); the class plays through one SQLite store, the teacher's moves made from
the projected page or the store.  What a person sees in Chromium (the buttons' widths, the
links' look, a phone's fold) is measured in ``tests/test_teacher_desk_browser.py``.
"""

from __future__ import annotations

import pytest

from incognito_nb.app.classroom import _takeaway_files, _vocabulary_chart
from incognito_nb.store import open_store
from incognito_nb.ui.pages.teacher_desk import TeacherDesk
from incognito_nb.ui.widgets.seat_link import SeatLink

from test_classroom_widgets import seat_class
from test_table import find, one, plain

pytestmark = pytest.mark.usefixtures("close_new_widgets")


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "class.sqlite") as table_store:
        yield table_store


def desk_of(teacher) -> TeacherDesk:
    """The teacher's desk of ``teacher``'s table, as the teacher's browser opens it."""
    return TeacherDesk(store=teacher.store, code=teacher.code, teacher_key=teacher.teacher_key,
                       student_url=teacher.student_url, teacher_url=teacher.teacher_url,
                       takeaway_files=_takeaway_files, vocabulary_chart=_vocabulary_chart)


def seat_links(desk) -> list[SeatLink]:
    return [widget for widget in find(desk.stage, "inc-seat-link") if isinstance(widget, SeatLink)]


def test_a_new_seat_link_comes_with_copy_and_a_qr_code_for_the_student_to_scan(store):
    """It was a 90-character address in plain text: nothing to copy it with, no code to scan."""
    teacher, _ = seat_class(store, rounds=1)
    desk = desk_of(teacher)
    assert [link.url for link in seat_links(desk)] == [""]  # nothing shown before a link is given
    url = desk.new_link("Ben")
    (handed,) = seat_links(desk)
    assert handed.url == url and "token=" in url
    assert handed.labels["copy"] == "Copy the link"
    assert handed.labels["copied"] == "✓ Link copied: give it to Ben."
    assert handed.labels["qr_alt"] == "QR code of Ben's seat link"
    if handed.has_qr:
        handed.show_qr()  # what its "Show QR code" button asks for
        assert handed.qr.startswith("data:image/svg+xml")
    assert f'href="{url}"'.replace("&", "&amp;") in one(desk, "inc-reissued-link").value


def test_a_new_seat_link_is_said_again_in_the_language_the_desk_is_switched_to(store):
    """"Ana's new link to their seat: …" stayed English on a desk switched to German."""
    teacher, _ = seat_class(store, rounds=1)
    desk = desk_of(teacher)
    url = desk.new_link("Ana")
    desk.choose_language("de")
    sentence = one(desk, "inc-reissued-link").value
    assert plain(sentence).startswith("Neuer Link von Ana zum eigenen Platz: "), plain(sentence)
    assert url.replace("&", "&amp;") in sentence
    (handed,) = seat_links(desk)
    assert handed.url == url and handed.labels["show_qr"] == "QR-Code zeigen"
    desk.choose_language("fr")
    assert plain(one(desk, "inc-reissued-link").value).startswith("Le nouveau lien de Ana vers sa place")
