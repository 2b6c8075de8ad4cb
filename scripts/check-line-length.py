#!/usr/bin/env python3
"""Lists the lines of the given Swift files (default: every one git tracks) wider than 120 columns, as a terminal
shows them.

A wide (East Asian Wide or Fullwidth) character takes two columns and a combining mark none, so a line of
Chinese test data is measured as it looks. Exits 1 when it finds any, for `make lint`.
"""
import subprocess
import sys
import unicodedata

LIMIT = 120


def columns(line):
    width = 0
    for ch in line:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def main(paths):
    found = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if columns(line) > LIMIT:
                    print(f"{path}:{number}: {columns(line)} columns (at most {LIMIT})")
                    found += 1
    return 1 if found else 0


def swift_files():
    listed = subprocess.run(["git", "ls-files", "*.swift"], capture_output=True, text=True)
    return listed.stdout.split() if listed.returncode == 0 else []


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or swift_files()))
