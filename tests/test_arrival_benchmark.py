"""The class-arrival benchmark runs end to end (smoke mode) and writes its results.

No thresholds: the figures are the benchmark's own output (``benchmarks/results/arrival.md``).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from browser import REPO, need_chromium

pytestmark = pytest.mark.browser


def test_the_arrival_benchmark_writes_json_and_markdown(tmp_path):
    need_chromium()
    run = subprocess.run([sys.executable, "-m", "benchmarks.arrival", "--smoke", "--out", str(tmp_path)],
                         cwd=REPO, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    results = json.loads((tmp_path / "arrival.json").read_text())
    assert results["mode"] == "smoke" and results["pages"] == 6
    assert results["floor"]["pages"]["n"] == 6 and results["class"]["pages"]["n"] == 6
    assert len(results["floor"]["kernel_rss_mb"]) == 6 and len(results["class"]["student_rss_mb"]) == 6
    assert len(results["class"]["teacher_rss_mb"]) == 1
    assert set(results["ratios"]) == {"median_ratio", "slowest_ratio", "memory_ratio"}
    assert all(value > 0 for value in results["ratios"].values())
    table = (tmp_path / "arrival.md").read_text()
    assert "one-button" in table and "| target |" in table
