"""What the two serving commands share (``incognito-nb`` and ``incognito-nb classroom``):
the Voilà command line they run, how its kernels reach it, the deck they hand to its
kernels, and what their ``--language`` and ``--theme`` options say of themselves.

The kernels inherit the command's environment: a deck checked here reaches them as
``INCOGNITO_NB_DECK``.  Both :mod:`.launcher` and :mod:`.classroom_cli` import this module;
it imports neither.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Mapping, Sequence

from ..engine import DeckError, load_deck
from ..engine.decks import locations_count, objects_count
from ..engine.errors import N_, Message
from incognito_nb.ui.i18n import PSEUDO, Language, language

#: The port both commands serve on unless ``--port`` says otherwise (and the one the seat
#: cards' links lead to unless ``--url`` does).
DEFAULT_PORT = 8866
#: What ``--language`` says of itself, in both commands.
LANGUAGE_HELP = ("the interface language: en (English, the default), es (Spanish), fr (French) or de (German); "
                 f"{PSEUDO} shows every sentence transformed, to spot text that escaped translation")
#: What ``--theme`` says of itself, in both commands (Voilà's ``--theme``).
THEME_HELP = "the page theme; dark also starts in projector mode"


#: The longest path Linux takes for a Unix socket (``sun_path`` holds 108 bytes, the last a NUL).
UNIX_SOCKET_PATH = 107


def unix_sockets_fit(connection_dir: str) -> bool:
    """Checks if a kernel's sockets can be Unix sockets in ``connection_dir``: on Linux, when
    the longest of them (``kernel-<uuid>-ipc-5``, jupyter_client's naming) fits the limit.
    Elsewhere (macOS's long temporary folders, Windows) kernels keep loopback TCP."""
    longest = os.path.join(connection_dir, f"kernel-{'0' * 36}-ipc-5")
    return sys.platform.startswith("linux") and len(os.fsencode(longest)) <= UNIX_SOCKET_PATH


def port_taken(ip: str, port: int) -> bool:
    """Checks if another program already listens on ``port`` at ``ip`` (bound as Tornado binds)."""
    return port_problem(ip, port) is not None


#: The two addresses a classroom is served on, as a mistaken ``--host`` is told.
HOSTS = N_("give --host 0.0.0.0 (every address of this computer, to let the class's devices in) or "
           "--host 127.0.0.1 (this computer only).")


def port_problem(ip: str, port: int) -> Message | None:
    """Returns why Voilà could not serve on ``port`` at ``ip`` (bound as Tornado binds), in
    words that say what to do, to be said in the command's language; None when it can."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(ip or None, port, type=socket.SOCK_STREAM,
                                                            flags=socket.AI_PASSIVE)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except socket.gaierror:
        return Message(N_("{ip} is not an address: {hosts}"), ip=ip, hosts=Message(HOSTS))
    except OSError as error:
        if error.errno == errno.EADDRNOTAVAIL:
            return Message(N_("{ip} is not an address of this computer: {hosts}"), ip=ip, hosts=Message(HOSTS))
        if error.errno == errno.EACCES:
            return Message(N_("port {port} needs an administrator's rights on this computer: choose a port from 1024 "
                              "up, such as --port {default}."), port=str(port), default=str(DEFAULT_PORT))
        return Message(N_("port {port} is already in use on {ip} (another Incognito, or another program): stop it, "
                          "or choose another port with --port {next}."), port=str(port), ip=ip, next=str(port + 1))
    return None


def offer_port(ip: str, port: int, prog: str, lang: Language | None = None) -> bool:
    """Checks that ``port`` at ``ip`` is free to serve on; returns False after saying what to do,
    in ``lang``, when it is not (another program holds it, or ``ip`` is no address of this computer)."""
    problem = port_problem(ip, port)
    if problem is not None:
        print(f"{prog}: {(lang or language()).say(problem)}", file=sys.stderr)
    return problem is None


def port_number(text: str) -> int:
    """Returns ``--port``'s value as a port number (argparse's type: it says what is wrong)."""
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give a number from 1024 to 65535, "
                                         f"such as {DEFAULT_PORT}")
    return port


def voila_serving(target: Path, *, port: int, ip: str, no_browser: bool, extra: Sequence[str] = (),
                  module: str = "voila") -> list[str]:
    """Returns the command line of a standalone Voilà serving ``target`` (a notebook or a folder);
    ``module`` is the Voilà application to run (the classroom has its own)."""
    command = [
        sys.executable, "-m", module, str(target), f"--port={port}", f"--Voila.ip={ip}", *extra,
        # A closed or reloaded page leaves its kernel running (Voilà refuses the page's own
        # shutdown request): end kernels nobody is connected to after ten idle minutes.
        "--MappingKernelManager.cull_idle_timeout=600",
        "--MappingKernelManager.cull_interval=60",
        # On a port already taken, stop and say so: Voilà would move to another port on its
        # own, and the address the command printed (and a teacher wrote on the board) would
        # lead nowhere, or to another program.
        "--Voila.port_retries=0",
    ]
    # Kernels reach Voilà by Unix sockets in its own folder (``voila_`` and eight letters in
    # the temporary folder), not by loopback TCP ports: jupyter_client picks a TCP kernel's
    # ports by binding to port 0 and letting go, and on a busy machine another process can
    # take one before the kernel binds it; that kernel dies at start ("Address already in
    # use") and comes back bare, a page with no widgets.
    if unix_sockets_fit(os.path.join(tempfile.gettempdir(), "voila_" + "x" * 8)):
        command.append("--KernelManager.transport=ipc")
    if no_browser:
        command.append("--no-browser")
    return command


def serve(command: Sequence[str], env: Mapping[str, str]) -> int:
    """Runs the server ``command`` until it stops, and returns its exit code.

    A Ctrl+C reaches the server itself (the terminal signals its whole process group) and
    ends this wait at once.  A SIGTERM or SIGHUP sent to this process alone (``kill`` with
    its pid, a service manager that signals the process it started) is passed on to the
    server: without it the server stayed behind, holding the port, for the next start to
    find taken.
    """
    server = subprocess.Popen(list(command), env=dict(env))

    def pass_on(signum: int, frame: object) -> None:
        server.send_signal(signum)

    previous = {signum: signal.signal(signum, pass_on) for signum in (signal.SIGTERM, signal.SIGHUP)}
    try:
        return server.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def offer_deck(path: str, env: dict[str, str], prog: str, lang: Language | None = None) -> bool:
    """Checks the CSV deck at ``path`` and hands it to the kernels through ``env``
    (``INCOGNITO_NB_DECK``); returns False after saying what is wrong with it (in ``lang``)."""
    lang = lang or language()
    try:
        deck = load_deck(path)
    except DeckError as error:
        problems = lang.problems(error)
        said = problems if len(problems) == 1 else [lang.error(error), *(f"  {problem}" for problem in problems)]
        print(f"{prog}: " + "\n".join(said), file=sys.stderr)
        return False
    env["INCOGNITO_NB_DECK"] = str(Path(path).resolve())
    print(lang._("Deck: {name} ({objects}, {locations})", name=deck.name,
                 objects=lang.say(objects_count(len(deck.objects))),
                 locations=lang.say(locations_count(len(deck.locations)))))
    return True
