#!/usr/bin/env python3
"""Checks find_long_functions.py on function_length_fixtures/: each function is found with its
whole span, a function-try-block's catch handlers included, and the scan goes on after it.

Usage: find_long_functions_test.py. Exit status 1, with the difference, when a check fails.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import find_long_functions  # noqa: E402

FIXTURE = os.path.join(HERE, "function_length_fixtures", "function_try_blocks.cpp")
# (lines, first line, name) over 6 lines, longest first; short_before (3 lines) and short_after
# (a 5-line function-try-block after the others) stay under the limit.
EXPECTED = [(13, 16, "main"), (9, 39, "long_after"), (7, 31, "Widget::Widget")]


def main():
    found = sorted(find_long_functions.long_functions(FIXTURE, 6), key=lambda row: (-row[0], row[2]))
    got = [(span, line, name) for span, _, line, name, _ in found]
    failures = []
    if got != EXPECTED:
        failures.append(f"long_functions: expected {EXPECTED}, got {got}")
    run = subprocess.run([sys.executable, os.path.join(HERE, "find_long_functions.py"), "--max-lines", "6",
                          "--fail", os.path.dirname(FIXTURE)], capture_output=True, text=True)
    if run.returncode != 1 or "3 functions over 6 lines" not in run.stdout:
        failures.append(f"--fail: expected exit 1 and 3 functions, got {run.returncode}:\n{run.stdout}")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
