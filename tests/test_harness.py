"""The suite's own harness, where a loaded machine can trip it.

:func:`browser.on_a_free_port` chooses a free port for each server a test starts; on a busy
machine another test's kernel can take that port before the server binds it, and the probe
that waits for the server then reads the kernel's ZeroMQ greeting (seen in a full run on a
2-core VM: ``BadStatusLine: ÿ\\x00…\\x01\\x7f``, an error where the harness should have chosen
another port).
"""

from __future__ import annotations

import socket
import threading

from browser import _answers

#: What a ZeroMQ socket sends first (ZMTP 3's signature): no HTTP status line.
ZMQ_GREETING = b"\xff\x00\x00\x00\x00\x00\x00\x00\x01\x7f"


def test_a_port_that_another_program_answers_on_is_no_server_of_ours():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]

        def greet() -> None:
            connection, _ = listener.accept()
            with connection:
                connection.sendall(ZMQ_GREETING)
                connection.recv(1024)  # the probe's request, then the probe hangs up

        greeter = threading.Thread(target=greet, daemon=True)
        greeter.start()
        assert _answers(f"http://127.0.0.1:{port}/incognito-nb-test-probe") is False
        greeter.join(timeout=5)
