"""The Chromium the tests and benchmarks launch: Playwright's own flags kept, no hidden pop-ups.

Chromium reads only the last ``--disable-features`` of its command line, and ours comes after
Playwright's, so ours repeats Playwright's list (``PLAYWRIGHT_DISABLED_FEATURES``).  These
tests read what the browser was really given (``chrome://version``) and what runs in it.
"""

from __future__ import annotations

import pytest

from browser import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser


def disabled_features(browser) -> list[str]:
    """Returns the features of the last ``--disable-features`` on ``browser``'s command line."""
    page = browser.new_page()
    try:
        page.goto("chrome://version")
        line = page.locator("#command_line").inner_text()
    finally:
        page.close()
    flags = [word for word in line.split() if word.startswith("--disable-features=")]
    return flags[-1].split("=", 1)[1].split(",") if flags else []


def test_every_feature_playwright_turns_off_stays_off_beside_ours(browser):
    plain = browser.browser_type.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])  # Playwright's flags alone
    try:
        playwrights = disabled_features(plain)
    finally:
        plain.close()
    ours = disabled_features(browser)
    assert playwrights, "Playwright no longer turns any feature off: the list in benchmarks/harness.py can go"
    missing = [name for name in playwrights if name not in ours]
    assert missing == [], f"add {missing} to PLAYWRIGHT_DISABLED_FEATURES in benchmarks/harness.py"
    assert {"WebUIOmniboxPopup", "WebUIOmniboxAimPopup"} <= set(ours)


def test_a_new_browser_context_loads_no_hidden_address_bar_popup(browser):
    context = browser.new_context()
    try:
        context.new_page().goto("data:text/html,<p>A phone</p>")
        session = browser.new_browser_cdp_session()
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        session.detach()
    finally:
        context.close()
    urls = [target["url"] for target in targets]
    assert "data:text/html,<p>A phone</p>" in urls  # the listing does see the pages
    assert [url for url in urls if url.startswith("chrome://omnibox-popup")] == [], urls
    assert "--disable-features=" in CHROMIUM_ARGS[-1]
