"""Runs the benchmarks: ``python -m benchmarks [--smoke|--quick|--full] [--out DIR]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .run import MODES, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--smoke", dest="mode", action="store_const", const="smoke",
                      help="the shortest run (about a minute): proves the harness, for the tests; figures too rough to quote")
    mode.add_argument("--quick", dest="mode", action="store_const", const="quick",
                      help="a short run (under two minutes): proves the harness, rough figures")
    mode.add_argument("--full", dest="mode", action="store_const", const="full",
                      help="more moves and repetitions (the default)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results",
                        help="folder for latest.json, latest.md and latest.png (default: benchmarks/results)")
    args = parser.parse_args(argv)
    paths, results = run(args.mode or "full", args.out)
    sys.stdout.write(paths[1].read_text(encoding="utf-8"))
    print("\nwritten: " + ", ".join(str(p) for p in paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())
