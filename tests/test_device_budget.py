"""A device's budget (``incognito_nb/app/server/devices.py``), rule by rule, with a clock the
test moves: a device is slowed, then refused for a while, and the others go on; the log keeps
one line of each repeated kind (``bounded_log.py``)."""

from __future__ import annotations

import logging

from incognito_nb.app.server.bounded_log import LINES_AT_ONCE, LINES_IN_ALL_PER_SECOND, LINES_PER_KIND, RepeatsCounted
from incognito_nb.app.server.devices import GO, MAX_DEVICES, REFUSED, SLOW, DeviceBudget, Rate
from incognito_nb.app.server.passphrase import LETTERS, new_passphrase, normal_passphrase


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def books(clock, **rates) -> DeviceBudget:
    return DeviceBudget(rates={"lookup": Rate(per_second=0.2, burst=20, pause=60), **rates}, clock=clock)


def test_a_device_within_its_bucket_goes_on_at_once():
    clock = Clock()
    budget = books(clock)
    assert [budget.ask("10.0.0.5", "lookup")[0] for _ in range(15)] == [GO] * 15


def test_a_device_low_on_its_bucket_is_slowed_then_refused_for_a_while():
    clock = Clock()
    budget = books(clock)
    asks = [budget.ask("10.0.0.5", "lookup") for _ in range(20)]
    slowed = [delay for verdict, delay in asks if verdict == SLOW]
    assert [verdict for verdict, _ in asks] == [GO] * 15 + [SLOW] * 5  # the last quarter of 20 is slowed
    assert slowed == sorted(slowed) and slowed[0] > 0
    assert budget.ask("10.0.0.5", "lookup")[0] == REFUSED  # empty: refused
    clock.now += 30  # its bucket has refilled a little, but the pause is not over
    assert budget.ask("10.0.0.5", "lookup")[0] == REFUSED and budget.refused("10.0.0.5", "lookup")
    clock.now += 31
    assert budget.ask("10.0.0.5", "lookup")[0] == GO


def test_one_devices_flood_costs_another_device_nothing():
    clock = Clock()
    budget = books(clock)
    for _ in range(300):
        budget.ask("10.0.0.5", "lookup")
    assert budget.ask("10.0.0.6", "lookup") == (GO, 0.0)
    assert budget.counted["lookup refused"] > 250


def test_a_device_that_broke_a_rule_is_refused_that_kind():
    clock = Clock()
    budget = books(clock, socket=Rate(per_second=0.2, burst=12, pause=60))
    budget.refuse("10.0.0.5", "socket")
    assert budget.ask("10.0.0.5", "socket")[0] == REFUSED
    assert budget.ask("10.0.0.6", "socket")[0] == GO


def test_the_books_remember_a_bounded_number_of_devices():
    clock = Clock()
    budget = books(clock)
    for number in range(MAX_DEVICES + 50):
        budget.ask(f"10.{number // 65536}.{number // 256 % 256}.{number % 256}", "lookup")
    assert len(budget._books) == MAX_DEVICES


def record(message: str, *args, level=logging.WARNING, name="incognito_nb.app.server.sockets") -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, message, args, None)


def test_a_repeated_log_line_is_written_a_few_times_then_counted():
    clock = Clock()
    repeats = RepeatsCounted(clock)
    written = [repeats.filter(record("closed a socket of kernel %s: %s", "k1", "a message sent twice"))
               for _ in range(1000)]
    assert sum(written) == LINES_PER_KIND
    clock.now += 5
    assert sum(repeats.filter(record("closed a socket of kernel %s: %s", "k1", "again")) for _ in range(100)) == 5
    assert repeats.filter(record("another kind of line"))  # other kinds are not held back
    assert repeats.filter(record("an info line", level=logging.INFO, name="Voila"))


def test_the_summary_says_how_many_lines_were_left_out(caplog):
    repeats = RepeatsCounted(Clock())
    for _ in range(100):
        repeats.filter(record("closed a socket of kernel %s: %s", "k1", "too many messages"))
    with caplog.at_level(logging.WARNING):
        repeats.summary(logging.getLogger("test"))
    assert "90 more log lines like this were left out" in caplog.text
    caplog.clear()
    repeats.summary(logging.getLogger("test"))
    assert caplog.text == ""


def test_lines_of_ever_new_kinds_are_bounded_in_all():
    clock = Clock()
    repeats = RepeatsCounted(clock)
    written = sum(repeats.filter(record(f"a line made by a browser {number}")) for number in range(5000))
    assert written == LINES_AT_ONCE
    clock.now += 1
    assert sum(repeats.filter(record(f"another line {number}")) for number in range(100)) == LINES_IN_ALL_PER_SECOND


def test_a_record_passing_two_handlers_is_judged_once():
    repeats = RepeatsCounted(Clock())
    line = record("closed a socket of kernel %s: %s", "k1", "x")
    assert all(repeats.filter(line) for _ in range(LINES_PER_KIND + 5))


def test_a_passphrase_is_easy_to_read_and_type():
    phrase = new_passphrase()
    groups = phrase.split("-")
    assert len(groups) == 3 and all(len(group) == 4 and set(group) <= set(LETTERS) for group in groups)
    assert normal_passphrase(f" {phrase.upper().replace('-', ' ')} ") == phrase.replace("-", "")
    assert new_passphrase() != phrase


def test_the_log_file_rotates_and_keeps_a_bounded_size(tmp_path, monkeypatch):
    from incognito_nb.app.server import bounded_log

    monkeypatch.setattr(bounded_log, "FILE_BYTES", 10_000)
    logger = logging.getLogger("test.bounded_log_file")
    logger.propagate = False
    clock = Clock()
    handler = bounded_log.log_to_file(str(tmp_path / "server.log"), RepeatsCounted(clock), [logger])
    try:
        for number in range(2000):
            logger.warning("line %d: %s", number, "x" * 80)  # one kind: ten written, the rest counted
            logger.warning(f"a distinct line {number}: " + "y" * 80)  # every one a new kind
            clock.now += 0.05  # 20 lines a second in all
    finally:
        logger.removeHandler(handler)
        handler.close()
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["server.log", "server.log.1", "server.log.2"]
    assert sum(f.stat().st_size for f in files) <= 3 * 10_000 + 200


def test_the_classroom_command_passes_the_log_file_on():
    from incognito_nb.app.classroom_cli import parser, voila_command

    command = voila_command(parser().parse_args(["--log-file", "class.log"]))
    assert any(part.startswith("--ClassroomServer.log_file=/") and part.endswith("class.log") for part in command)
    assert not any("log_file" in part for part in voila_command(parser().parse_args([])))


def test_a_devices_bytes_are_counted_over_all_its_sockets_together():
    """A socket keeps its own byte rate, and one device's nine sockets had nine times it
    between them (745 MB in 20 s, over a Wi-Fi the class shares): the device's bytes are one
    allowance, its sockets' sum."""
    clock = Clock()
    budget = DeviceBudget(clock=clock)
    frame = 900_000
    taken = 0
    for second in range(20):
        for socket in range(9):  # each socket well within its own 4 MB a second
            if budget.ask("10.0.0.7", "bytes", frame)[0] != REFUSED:
                taken += frame
        clock.now += 1.0
    assert taken <= 20e6 + 4e6 * 20, f"{taken / 1e6:.0f} MB from one device in 20 s"
    assert budget.ask("10.0.0.8", "bytes", frame)[0] == GO  # another device's allowance is its own


def test_the_log_file_keeps_what_the_terminal_shows_not_the_kernels_messages(tmp_path):
    """Voilà's logger passes its debug lines to every handler (the terminal's drops them):
    they hold each message a page's kernel sends while the page renders, the students' names
    and a student's secret object among them, and must not reach the file on disk either."""
    from incognito_nb.app.server.application import ClassroomServer

    server = ClassroomServer(log_file=str(tmp_path / "server.log"))
    before = list(server.log.handlers)
    server._bound_the_log()
    try:
        server.log.debug("content: {'value': 'Round 1 of 3 · you are Xochitl'}")  # what nbclient logs
        server.log.info("Kernel started: 49f6")
    finally:
        for handler in server.log.handlers[len(before):]:
            server.log.removeHandler(handler)
            logging.getLogger().removeHandler(handler)
            handler.close()
    text = (tmp_path / "server.log").read_text(encoding="utf-8")
    assert "Kernel started" in text and "Xochitl" not in text
