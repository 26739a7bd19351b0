#!/usr/bin/python3
"""Adds up meson's test log (testlog.json) into one line `N passed, N failed`: a test program that prints
its own `N passed, N failed` line (the unit tests, the piglit lists) counts its inner tests; any other test
counts as one. A program whose result disagrees with its own count adds a failure."""
import json
import re
import sys

passed = failed = 0
for line in open(sys.argv[1]):
    t = json.loads(line)
    ok = t["result"] in ("OK", "EXPECTEDFAIL")
    counts = re.findall(r"^(\d+) passed, (\d+) failed", t.get("stdout", ""), re.M)
    if counts:
        p, f = map(int, counts[-1])
        passed += p
        failed += f
        if not ok and f == 0:
            failed += 1
    elif t["result"] == "SKIP":
        print(f"skipped: {t['name']}")
    elif ok:
        passed += 1
    else:
        failed += 1
print(f"{passed} passed, {failed} failed")
