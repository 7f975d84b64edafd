"""Accessibility checks in the browser: axe-core, pinned in ``tests/a11y/package.json``.

The browser tests inject axe-core (from the npm registry, installed into
``tests/a11y/node_modules`` by :func:`axe_script`, which runs ``npm ci`` the first time)
into a page and run it on the whole document, as a screen-reader user's tools would
judge it.  ``serious`` and ``critical`` findings fail the tests that call
:func:`check_page`.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent / "a11y"
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"
#: The findings that fail a test; "moderate" and "minor" ones are reported, not failed.
FAILING = ("serious", "critical")


@functools.lru_cache(maxsize=None)
def axe_script() -> Path:
    """Returns axe-core's script, installing the pinned version with ``npm ci`` if needed."""
    if not AXE.exists():
        npm = shutil.which("npm")
        if npm is None:
            import pytest

            reason = "npm is missing: install Node.js and npm to run the accessibility checks"
            if os.environ.get("CI"):
                pytest.fail(reason)
            pytest.skip(reason)
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE, check=True)
    return AXE


def axe_findings(page) -> list[dict]:
    """Runs axe-core on the page's whole document; returns its violations, each with its
    ``id``, ``impact``, ``help`` and the ``nodes`` (targets and summaries) it found."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script()))
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
    }""")


def check_page(page, where: str) -> list[dict]:
    """Fails if axe-core finds a serious or critical violation on the page; returns every finding."""
    findings = axe_findings(page)
    failing = [f for f in findings if f["impact"] in FAILING]
    assert not failing, f"accessibility at {where}:\n" + "\n".join(
        f"- {f['impact']} {f['id']}: {f['help']} ({len(f['nodes'])}: "
        + "; ".join(f"{n['target']} — {(n['summary'] or '').splitlines()[-1] if n['summary'] else ''}"
                    for n in f['nodes'][:3]) + ")"
        for f in failing)
    return findings


# -- the page's modes, switched on one page ------------------------------------------------

#: The modes every screen is checked in: Voilà's light and dark themes, and projector mode
#: (the dark theme with the page's ``inc-projector`` class, as ``incognito-nb --theme dark`` starts it).
MODES = ("light", "dark", "projector")


def set_theme(page, theme: str) -> None:
    """Switches the Voilà page to its ``light`` or ``dark`` theme, as ``?theme=`` would have
    served it: the same stylesheet (``theme-dark.css``) and the same ``data-jp-theme-*``
    attributes on the body; waits until the theme's stylesheet is applied."""
    page.evaluate("""async (theme) => {
        const link = [...document.querySelectorAll('link[rel=stylesheet]')]
            .find(l => /\\/theme-(light|dark)\\.css/.test(l.href));
        if (!link) throw new Error('no Voila theme stylesheet on the page');
        document.body.dataset.jpThemeLight = theme === 'light' ? 'true' : 'false';
        document.body.dataset.jpThemeName = theme === 'light' ? 'JupyterLab Light' : 'JupyterLab Dark';
        const href = link.href.replace(/theme-(light|dark)\\.css/, `theme-${theme}.css`);
        if (href === link.href) return;
        await new Promise((loaded, failed) => {
            link.addEventListener('load', loaded, {once: true});
            link.addEventListener('error', () => failed(new Error('theme stylesheet failed: ' + href)), {once: true});
            link.href = href;
        });
    }""", theme)
    # The themes differ in the page's background colour: wait for it to follow.
    page.wait_for_function("""(dark) => {
        const rgb = getComputedStyle(document.body).getPropertyValue('--jp-layout-color0').trim();
        const probe = document.createElement('div'); probe.style.color = rgb; document.body.appendChild(probe);
        const [r, g, b] = getComputedStyle(probe).color.match(/\\d+/g).map(Number); probe.remove();
        return dark ? r + g + b < 200 : r + g + b > 600;
    }""", arg=theme != "light", timeout=20_000)


def set_mode(page, mode: str) -> None:
    """Shows the page in ``mode`` (one of :data:`MODES`): its theme, and the page shell's
    projector class put on or taken off in the browser (what the page's projector switch
    does, without a round trip to the kernel)."""
    set_theme(page, "light" if mode == "light" else "dark")
    page.evaluate("""(on) => document.querySelectorAll('.inc-app').forEach(
        app => app.classList.toggle('inc-projector', on))""", mode == "projector")


#: The teacher's controls on the projected page, which fade out at rest (show_controls.js).
SHOW_CONTROLS = ".inc-show :is(.inc-teacher-row, .inc-start, .inc-next, .inc-page-language)"


def settle(page) -> None:
    """Shows the page as a person using it sees it, its colours settled.  On the projected
    page the pointer goes to rest on one of the teacher's controls, which holds them all in
    sight; then the check waits until no transition is under way: axe-core judges the
    colours of the moment, and a control caught half-way through its fade has a contrast
    nobody reads (it failed CI once that way)."""
    place = page.evaluate("""(selector) => {
        for (const el of document.querySelectorAll(selector)) {
            const box = el.getBoundingClientRect();
            if (box.width && box.height) return [box.x + box.width / 2, box.y + box.height / 2];
        }
        return null;
    }""", SHOW_CONTROLS)
    if place is not None:
        x, y = place
        page.mouse.move(x + 8, y)  # a move the page counts (it ignores a hand's tremor)
        page.mouse.move(x, y)
        page.wait_for_function("() => !document.body.classList.contains('inc-at-rest')", timeout=20_000)
    page.wait_for_function("""() => !document.getAnimations().some(
        a => a instanceof CSSTransition && a.playState === 'running')""", timeout=20_000)


def check_modes(page, where: str, modes=MODES) -> None:
    """Runs :func:`check_page` in every one of ``modes`` and fails on content outside
    landmarks (axe's ``region`` rule) too; leaves the page as it found it.  A page Voilà
    did not serve (a door of the classroom server) has one look: checked as it is.  The
    page is asked for reduced motion meanwhile, so that nothing fades while axe-core looks
    (see :func:`settle`)."""
    if not page.evaluate("() => !!document.querySelector('link[href*=\"/theme-light.css\"], "
                         "link[href*=\"/theme-dark.css\"]')"):
        assert tuple(modes) == ("light",), f"{where}: no Voilà theme to switch"
        findings = check_page(page, where)
        assert not [f for f in findings if f["id"] == "region"], f"content outside landmarks at {where}: {findings}"
        return
    theme_was = page.evaluate("() => document.body.dataset.jpThemeLight === 'false' ? 'dark' : 'light'")
    projector_was = page.evaluate("() => !!document.querySelector('.inc-app.inc-projector')")
    page.emulate_media(reduced_motion="reduce")
    try:
        for mode in modes:
            set_mode(page, mode)
            settle(page)
            findings = check_page(page, f"{where} ({mode})")
            outside = [f for f in findings if f["id"] == "region"]
            assert not outside, f"content outside landmarks at {where} ({mode}): " + "; ".join(
                n["target"] for f in outside for n in f["nodes"][:5])
    finally:
        set_theme(page, theme_was)
        page.evaluate("""(on) => document.querySelectorAll('.inc-app').forEach(
            app => app.classList.toggle('inc-projector', on))""", projector_was)
        page.emulate_media(reduced_motion="no-preference")


def announcement(page) -> str:
    """Returns what the page's live region (``role=status``, ``aria-live=polite``) says now."""
    return page.locator(".inc-announcement").inner_text().strip()


def wait_for_announcement(page, text: str, timeout: float = 20_000) -> None:
    """Waits until the page's live region says ``text`` (a part of what it says)."""
    page.wait_for_function("""(text) => {
        const live = document.querySelector('.inc-announcement');
        return live && live.getAttribute('aria-live') === 'polite' && live.getAttribute('role') === 'status'
            && live.textContent.includes(text);
    }""", arg=text, timeout=timeout)


def wait_for_heading_focus(page, timeout: float = 20_000) -> None:
    """Waits until the focus is on the page's level-1 heading (the title line)."""
    page.wait_for_function("""() => {
        const h = document.activeElement;
        return h && h.classList.contains('inc-header') && h.getAttribute('role') === 'heading'
            && h.getAttribute('aria-level') === '1';
    }""", timeout=timeout)


def drawing_names(page, selector: str = "[role=img]") -> list[str]:
    """Returns the accessible names of the drawings (``role=img``) at ``selector``."""
    return page.locator(selector).evaluate_all(
        "els => els.filter(e => e.getAttribute('role') === 'img').map(e => e.getAttribute('aria-label'))")
