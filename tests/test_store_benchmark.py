"""The table-store benchmark runs end to end (smoke mode) and prints its report.

No thresholds: the figures are the benchmark's own output (``python -m benchmarks.store``),
recorded in docs/platform-notes.md.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_store_benchmark_reports_every_backend_it_can_reach():
    run = subprocess.run([sys.executable, "-m", "benchmarks.store", "--smoke"], cwd=REPO,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "| SQLite (WAL) |" in run.stdout
    assert "| Redis |" in run.stdout or "Redis is not measured" in run.stderr
