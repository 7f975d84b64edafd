"""The classroom server's kernel budget, rule by rule, with a clock the test moves.

The budget decides who holds a kernel, for how long, and how many kernels are kept warm
(``incognito_nb/app/server/budget.py``); ``tests/test_classroom_server.py`` and
``tests/test_attacks.py`` check the same rules on a running server.
"""

from __future__ import annotations

import pytest

from incognito_nb.app.server.budget import MAX_EXPECTED, STUDENT, TEACHER, Claim, KernelBudget


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


def budget(clock, **options) -> KernelBudget:
    return KernelBudget(clock=clock, **options)


def seat(name: str, code: str = "K7QXM", address: str = "10.0.0.5", local: bool = False) -> Claim:
    return Claim(STUDENT, code, name, address, local)


def teacher(code: str = "K7QXM", address: str = "10.0.0.1", local: bool = True) -> Claim:
    return Claim(TEACHER, code, "", address, local)


def test_a_seat_holds_one_page_and_opening_it_again_replaces_the_old_one(clock):
    books = budget(clock)
    books.opened("k1", seat("Ana"))
    clock.now += 5
    assert books.replaced(seat("Ana")) == ["k1"]
    assert books.replaced(seat("Ben")) == []
    assert books.replaced(seat("Ana", code="ZZZZZ")) == []


def test_a_table_keeps_two_teacher_pages(clock):
    books = budget(clock)
    books.opened("t1", teacher())
    assert books.replaced(teacher()) == []
    clock.now += 1
    books.opened("t2", teacher())
    assert books.replaced(teacher()) == ["t1"]


def test_the_teachers_desk_opened_again_takes_the_older_desks_place_never_the_projected_pages(clock):
    from incognito_nb.app.server.doors import DESK_HOLDER

    books = budget(clock)
    desk = Claim(TEACHER, "K7QXM", DESK_HOLDER, "127.0.0.1", True)
    books.opened("show", teacher())
    clock.now += 1
    books.opened("desk", desk)
    clock.now += 1
    assert books.replaced(desk) == ["desk"]  # the desk reloaded
    assert books.replaced(teacher()) == []  # the projected page reloaded: the desk stays


def test_a_device_holds_at_most_its_share_of_pages(clock):
    books = budget(clock, max_per_device=2)
    books.opened("k1", seat("Ana", address="10.0.0.5"))
    books.opened("k2", seat("Ben", address="10.0.0.5"))
    refusal = books.refusal(seat("Cleo", address="10.0.0.5"), kernels=2, warm=0)
    assert refusal is not None and "This device already has 2 Incognito pages open" in str(refusal)
    assert books.refusal(seat("Cleo", address="10.0.0.6"), kernels=2, warm=0) is None
    # Opening one's own seat again frees its old page first.
    assert books.refusal(seat("Ana", address="10.0.0.5"), kernels=2, warm=0) is None


def test_the_teachers_own_machine_is_not_capped_per_device(clock):
    books = budget(clock, max_per_device=1)
    books.opened("t1", teacher(code="AAAAA", address="127.0.0.1"))
    assert books.refusal(teacher(code="BBBBB", address="127.0.0.1", local=True), kernels=1, warm=0) is None
    assert books.refusal(teacher(code="BBBBB", address="127.0.0.1", local=False), kernels=1, warm=0) is not None


def test_no_new_kernel_beyond_the_total_but_a_warm_one_can_still_be_taken(clock):
    books = budget(clock, max_kernels=3, max_per_device=0)
    for number, name in enumerate(("Ana", "Ben", "Cleo")):
        books.opened(f"k{number}", seat(name))
    refusal = books.refusal(seat("Dev"), kernels=3, warm=0)
    assert refusal is not None and "as many game pages as it can (3)" in str(refusal)
    assert books.refusal(seat("Dev"), kernels=3, warm=1) is None
    assert books.refusal(seat("Ana"), kernels=3, warm=0) is None  # Ana's old page makes room


def test_a_closed_page_ends_after_the_grace_and_a_reconnection_saves_it(clock):
    books = budget(clock, alone_grace=20, first_grace=120)
    books.opened("k1", seat("Ana"))
    assert books.connected("k1")
    books.disconnected("k1")
    clock.now += 19
    assert books.orphans() == []
    assert books.connected("k1")  # the browser came back (a network blip)
    books.disconnected("k1")
    clock.now += 20
    assert books.orphans() == ["k1"]


def test_a_page_whose_browser_never_connects_ends_after_the_first_grace(clock):
    books = budget(clock, alone_grace=20, first_grace=120)
    books.opened("k1", seat("Ana"))
    clock.now += 119
    assert books.orphans() == []
    clock.now += 1
    assert books.orphans() == ["k1"]


def test_a_page_with_two_sockets_is_alone_only_when_both_close(clock):
    books = budget(clock, alone_grace=20)
    books.opened("k1", seat("Ana"))
    books.connected("k1")
    books.connected("k1")
    books.disconnected("k1")
    clock.now += 60
    assert books.orphans() == []


def test_a_kernel_that_serves_no_page_is_not_counted_as_connected(clock):
    assert not budget(clock).connected("warm-kernel")


def test_a_new_table_warms_a_kernel_per_seat_and_each_arrival_cools_one(clock):
    books = budget(clock)
    books.expect("K7QXM", STUDENT, 6)
    assert books.warm_targets()[STUDENT] == 6
    books.arrived(seat("Ana"))
    books.arrived(seat("Ana"))  # a reload is the same student
    books.arrived(seat("Ben"))
    assert books.warm_targets()[STUDENT] == 4


def test_a_game_started_with_fewer_players_expects_only_them(clock):
    books = budget(clock)
    books.expect("K7QXM", STUDENT, 6)
    books.arrived(seat("Ana"))
    books.seated("K7QXM", 4)
    assert books.warm_targets()[STUDENT] == 3


def test_nobody_expected_means_no_warm_kernel(clock):
    books = budget(clock, expect_for=600)
    books.expect("K7QXM", STUDENT, 6)
    books.expect("", TEACHER, 1, seconds=60)
    assert books.warm_targets() == {TEACHER: 1, STUDENT: 6}
    clock.now += 61
    assert books.warm_targets() == {TEACHER: 0, STUDENT: 6}
    clock.now += 540
    assert books.warm_targets() == {TEACHER: 0, STUDENT: 0}
    assert books.expected == {}


def test_warm_kernels_leave_room_for_the_pages(clock):
    books = budget(clock, max_kernels=8)
    for number in range(5):
        books.opened(f"k{number}", seat(f"P{number}", code="ZZZZZ"))
    books.expect("K7QXM", STUDENT, 6)
    assert books.warm_targets()[STUDENT] == 3


def test_a_flood_of_new_tables_is_remembered_up_to_a_bound(clock):
    books = budget(clock, max_kernels=48, max_warm=48)
    for number in range(MAX_EXPECTED + 20):
        books.expect(f"T{number:04d}", STUDENT, 6)
    assert len(books.expected) == MAX_EXPECTED
    assert books.warm_targets()[STUDENT] == 48


def test_warm_kernels_are_capped_in_total_whatever_the_tables_expect(clock):
    books = budget(clock, max_kernels=48)
    for number in range(10):
        books.expect(f"T{number:04d}", STUDENT, 6)
    books.expect("", TEACHER, 1)
    targets = books.warm_targets()
    assert sum(targets.values()) == books.max_warm == 30 and targets[TEACHER] == 1


def test_a_page_about_to_be_opened_keeps_its_room_from_the_warm_kernels(clock):
    books = budget(clock, max_kernels=4)
    books.opened("k1", seat("Ben"))
    books.expect("K7QXM", STUDENT, 6)
    assert books.warm_targets()[STUDENT] == 3
    assert books.warm_targets(coming=1)[STUDENT] == 2  # Ben, the page coming, two warm: four
