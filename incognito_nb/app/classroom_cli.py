"""``incognito-nb classroom``: serves the teacher and student pages for a class.

    incognito-nb classroom [--host 127.0.0.1] [--port 8866] [--store PATH_OR_URL] [--deck FILE.csv]
                           [--language es] [--theme dark] [--max-kernels 48] [--max-pages-per-device 4]
                           [--log-file FILE] [--no-browser]

The server is standalone Voilà (which refuses code execution from the browser, so a
student's page can run nothing but its own notebook) with the classroom's doors, kernel
budget and preheated kernels (:mod:`incognito_nb.app.server`).  Every page's kernel
opens the same table store, named by ``INCOGNITO_NB_STORE`` (a SQLite file by default;
``redis://…`` for several servers).  Tables are created only on this computer, or in a
browser that typed the *classroom passphrase* printed at start (a teacher on a tablet).
"""

from __future__ import annotations

import argparse
import os
import sys

from ..store import StoreError, default_store_url, open_store
from .addresses import EVERY_ADDRESS, HOST_ENV, is_loopback, lan_address
from .classroom import STUDENT_NOTEBOOK, TEACHER_NOTEBOOK, classroom_folder
from .server.passphrase import new_passphrase
from .serving import DEFAULT_PORT, LANGUAGE_HELP, THEME_HELP, offer_deck, offer_port, port_number, serve, voila_serving
from incognito_nb.ui.i18n import LANGUAGES, PSEUDO, Language, first_language, language


def parser() -> argparse.ArgumentParser:
    """Returns the command line of ``incognito-nb classroom``."""
    cli = argparse.ArgumentParser(
        prog="incognito-nb classroom",
        description="Serve Incognito for a class: a teacher page to project, a student page for each device.",
    )
    cli.add_argument("--host", default="127.0.0.1",
                     help="the address to serve on (default: 127.0.0.1; 0.0.0.0 lets the class's devices in)")
    cli.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                     help=f"the port to serve on (default: {DEFAULT_PORT})")
    cli.add_argument("--store", metavar="PATH_OR_URL",
                     help=f"where the tables live: a SQLite file or redis://host:port/db (default: {default_store_url()})")
    cli.add_argument("--deck", metavar="FILE.csv", help="a CSV word deck to offer first when a table is created")
    cli.add_argument("--language", choices=(*LANGUAGES, PSEUDO), default=None,
                     help=LANGUAGE_HELP + "; a table keeps its teacher's language, and ?lang=es on a page chooses its own")
    cli.add_argument("--theme", choices=("light", "dark"), default="light", help=THEME_HELP)
    cli.add_argument("--max-kernels", type=int, default=48, metavar="N",
                     help="the most game pages (Python kernels, ~60 MB each) the server runs at once, "
                          "kernels kept warm included (default: 48: five tables of six and their teacher pages)")
    cli.add_argument("--max-pages-per-device", type=int, default=4, metavar="N",
                     help="the most game pages one device may hold open, 0 for no limit; pages opened on this "
                          "computer are not counted (default: 4)")
    cli.add_argument("--log-file", metavar="FILE",
                     help="also write the server's log to FILE (rotated at 5 MB, two old files kept)")
    cli.add_argument("--no-browser", action="store_true", help="start the server without opening a browser")
    return cli


def voila_command(options: argparse.Namespace) -> list[str]:
    """Returns the command line of the classroom server (Voilà serving the classroom folder;
    a student's seat lives in the store, so ending a kernel no page is connected to loses nothing)."""
    return voila_serving(classroom_folder(), port=options.port, ip=options.host, no_browser=options.no_browser,
                         module="incognito_nb.app.server",
                         extra=[f"--theme={options.theme}",
                                f"--ClassroomServer.max_kernels={options.max_kernels}",
                                f"--ClassroomServer.max_pages_per_device={options.max_pages_per_device}",
                                *([f"--ClassroomServer.log_file={os.path.abspath(options.log_file)}"]
                                  if options.log_file else [])])


def store_location(store: str) -> str:
    """Returns ``store`` as every kernel must see it: a file path made absolute (kernels run
    in the classroom folder), a URL as it is."""
    if "://" in store or store.strip() in ("", ":memory:"):
        return store  # open_store says what is wrong with a memory store, and creates no file
    return os.path.abspath(store)


def started_message(lang: Language, *, host: str, port: int, passphrase: str, durability,
                    address: str | None = None) -> str:
    """Returns what the server prints when it starts, in ``lang`` (``--language``): the two
    pages' addresses, the classroom passphrase and where a teacher on another device types it,
    what the store keeps, and how to stop.

    The addresses are the ones the class's devices open: this computer's network
    ``address`` when the server listens on every address (``--host 0.0.0.0``).  Served on
    127.0.0.1, no other device can open them, and the message says how to let the class in.
    """
    shown = (address or "127.0.0.1") if host in EVERY_ADDRESS else host
    base = f"http://{shown}:{port}"
    lines = [
        lang._("Teacher page: {url}", url=f"{base}/voila/render/{TEACHER_NOTEBOOK}"),
        lang._("Student page: {url}", url=f"{base}/voila/render/{STUDENT_NOTEBOOK}"),
    ]
    if host in EVERY_ADDRESS and address is None:
        lines.append(lang._("This computer is on no network yet: connect it to the class's network (its Wi-Fi), "
                            "and the class's devices will open these pages at its address there."))
    elif is_loopback(host):
        lines.append(lang._("Only this computer can open these pages. To let the class's devices in, start the "
                            "server with --host 0.0.0.0 (they and this computer on the same network)."))
    if is_loopback(shown):  # no other device opens this address: no teacher's tablet either
        lines.append(lang._("Classroom passphrase: {passphrase} (only this computer creates tables)",
                            passphrase=passphrase))
    else:
        lines.append(lang._("Classroom passphrase: {passphrase} (only this computer creates tables; on another "
                            "device, open {url} and type it)", passphrase=passphrase,
                            url=f"{base}/classroom/passphrase"))
    lines += [
        lang.say(durability),
        lang._("Press Ctrl+C to stop."),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Runs ``incognito-nb classroom``; returns the process exit code."""
    options = parser().parse_args(argv)
    lang = language(first_language(options.language))
    store = store_location(options.store or default_store_url())
    if options.max_kernels < 1 or options.max_pages_per_device < 0:
        print("incognito-nb classroom: --max-kernels must be at least 1 and --max-pages-per-device at least 0",
              file=sys.stderr)
        return 2
    try:
        with open_store(store) as opened:  # a bad store is said here, once, not on every page
            durability = opened.durability()
    except StoreError as error:
        print(f"incognito-nb classroom: {lang.error(error)}", file=sys.stderr)
        return 2
    env = dict(os.environ, INCOGNITO_NB_STORE=store)
    if options.deck and not offer_deck(options.deck, env, "incognito-nb classroom", lang):
        return 2
    if options.language:
        env["INCOGNITO_NB_LANGUAGE"] = options.language
    if not offer_port(options.host, options.port, "incognito-nb classroom", lang):
        return 2
    env["INCOGNITO_NB_PASSPHRASE"] = passphrase = env.get("INCOGNITO_NB_PASSPHRASE", "").strip() or new_passphrase()
    env[HOST_ENV] = options.host  # the teacher pages' join links: see addresses.for_the_class
    print(started_message(lang, host=options.host, port=options.port,
                          passphrase=passphrase, durability=durability, address=lan_address()), flush=True)
    return serve(voila_command(options), env)
