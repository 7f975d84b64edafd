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
