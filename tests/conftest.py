"""Fixtures for the real-browser tests (``@pytest.mark.browser``): Chromium via Playwright; and
``close_new_widgets`` for the tests that search every live widget."""

from __future__ import annotations

import contextlib
from pathlib import Path

import ipywidgets
import pytest

from browser import CHROMIUM, CHROMIUM_ARGS, need_chromium


@pytest.fixture(scope="module")
def browser():
    """Yields a headless Chromium, shared by one module's browser tests.

    Not by the whole session: Playwright's sync API keeps an asyncio loop running in the
    main thread while it lives, which breaks later tests that run their own loop
    (``asyncio.run``) or check that none is running.
    """
    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """Yields a fresh page in its own context, laptop-sized; its console is kept in ``page.console``."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.console = []
    page.on("console", lambda message: page.console.append(f"{message.type}: {message.text}"))
    yield page
    context.close()


@pytest.fixture
def callback_errors_fail_the_test(monkeypatch):
    """Lets an exception in a widget callback reach the test instead of a log line.

    ipywidgets' CallbackDispatcher logs and swallows callback errors; widget tests that
    click buttons use this fixture so that a failing handler fails the test.
    """

    def call_all(self, *args, **kwargs):
        value = None
        for callback in self.callbacks:
            result = callback(*args, **kwargs)
            value = result if result is not None else value
        return value

    monkeypatch.setattr(ipywidgets.CallbackDispatcher, "__call__", call_all)


@pytest.fixture
def close_new_widgets():
    """Closes every widget a test made: in one process, a page's secret-deck words (or
    its sentences) would otherwise stay in the live widgets that later tests search.
    Modules that search them use it for every test (``pytest.mark.usefixtures``)."""
    before = set(ipywidgets.Widget.widgets)
    yield
    for model_id, widget in list(ipywidgets.Widget.widgets.items()):
        if model_id not in before:
            widget.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that ran against a classroom server (a ``Classroom`` among its fixtures)
    carries the end of that server's log in its report: what CI prints is all there is of a
    failure on its machine, and the log says what the server did meanwhile."""
    report = yield
    if report.failed:
        for value in getattr(item, "funcargs", {}).values():
            log = getattr(value, "log", None)
            if isinstance(log, Path) and log.is_file():
                with contextlib.suppress(OSError):
                    tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-60:]
                    report.sections.append((f"the end of the classroom server's log ({log.name})", "\n".join(tail)))
    return report
