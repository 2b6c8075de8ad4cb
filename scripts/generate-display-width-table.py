#!/usr/bin/env python3
"""Generates Sources/FocusViewModels/Text/DisplayWidthTable.swift from the Unicode Character Database.

Usage (from the repository root; Debian: `apt-get install unicode-data` provides /usr/share/unicode):

    python3 scripts/generate-display-width-table.py > Sources/FocusViewModels/Text/DisplayWidthTable.swift
    python3 scripts/generate-display-width-table.py --ucd /path/to/ucd > ...   # another copy of the UCD

`make unicode-tables` runs the first line. The output depends only on the data files, so the test
`DisplayWidthTableTests` re-runs this script and requires the committed file to be identical.

The width of each scalar, in terminal columns (docs in DisplayWidth.swift say how a cluster is measured):
  0  general category Mn, Me, Cf or Cc, or an unassigned Default_Ignorable_Code_Point,
     and Hangul medial vowels and final consonants (Hangul_Syllable_Type V and T), which join the
     leading consonant into one syllable block; except U+00AD SOFT HYPHEN and the
     Prepended_Concatenation_Marks, which terminals draw visibly: 1
  2  East_Asian_Width W or F (with the unassigned ranges UAX #11 says default to W), Emoji_Presentation
     (regional indicators included), and the two blocks of GLIBC_WIDE
  1  everything else, East_Asian_Width A (ambiguous) included: outside a CJK legacy locale terminals draw it
     narrow, and focus does not try to guess the font.
A scalar of width 1 that is the base of an emoji presentation sequence (emoji-variation-sequences.txt,
"emoji style") is marked so that base + U+FE0F is measured 2.
"""

import argparse
import os
import re
import sys

ZERO, NARROW, WIDE, EMOJI_BASE = 0, 1, 2, 3
CLASS_NAMES = {ZERO: ".zero", WIDE: ".wide", EMOJI_BASE: ".emojiBase"}
MAX = 0x10FFFF

# UAX #11: unassigned code points in these ranges default to W (EastAsianWidth.txt 15.0 says so in
# its header only; later versions list them as @missing lines, which this script also reads).
DEFAULT_WIDE = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]


# Drawn two columns wide by the C library's wcwidth (glibc 2.36, which tmux measures with) although
# East_Asian_Width says otherwise: Yijing hexagrams (W from Unicode 16) and circled numbers on black
# squares. Where terminals disagree the wider count wins: a line one column short is harmless, one
# column too long wraps.
GLIBC_WIDE = [(0x3248, 0x324F), (0x4DC0, 0x4DFF)]


def records(path):
    """(first, last, fields, is_default) for every range of a UCD file; is_default marks an @missing line."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            missing = line.startswith("# @missing:")
            if missing:
                line = line[len("# @missing:"):]
            elif line.startswith("#"):
                continue
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            fields = [x.strip() for x in data.split(";")]
            points = fields[0].split("..")
            if " " in points[0]:
                continue  # a sequence, not a range
            yield int(points[0], 16), int(points[-1], 16), fields[1:], missing


def version(path, pattern):
    with open(path, encoding="utf-8") as f:
        head = f.read(2000)
    match = re.search(pattern, head)
    if not match:
        sys.exit(f"{path}: no version line matching {pattern}")
    return match.group(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ucd", default="/usr/share/unicode", help="folder of the UCD files (default: %(default)s)")
    ucd = parser.parse_args().ucd
    files = {
        "eaw": "EastAsianWidth.txt",
        "gc": "extracted/DerivedGeneralCategory.txt",
        "core": "DerivedCoreProperties.txt",
        "props": "PropList.txt",
        "hangul": "HangulSyllableType.txt",
        "emoji": "emoji/emoji-data.txt",
        "variations": "emoji/emoji-variation-sequences.txt",
    }
    paths = {key: os.path.join(ucd, name) for key, name in files.items()}
    missing = [p for p in paths.values() if not os.path.exists(p)]
    if missing:
        sys.exit("missing Unicode data files (Debian: apt-get install unicode-data): " + ", ".join(missing))

    unicode_version = version(paths["eaw"], r"EastAsianWidth-(\d+\.\d+\.\d+)\.txt")
    for key in ("gc", "core", "props", "hangul"):
        other = version(paths[key], r"-(\d+\.\d+\.\d+)\.txt")
        if other != unicode_version:
            sys.exit(f"{paths[key]} is Unicode {other}, EastAsianWidth.txt is {unicode_version}")
    emoji_version = version(paths["emoji"], r"Emoji Version (\d+\.\d+)")
    if not unicode_version.startswith(emoji_version + "."):
        sys.exit(f"emoji-data.txt is Emoji {emoji_version}, the UCD is Unicode {unicode_version}")

    eaw = ["N"] * (MAX + 1)
    for first, last in DEFAULT_WIDE:
        eaw[first:last + 1] = ["W"] * (last - first + 1)
    for first, last, fields, _ in sorted(records(paths["eaw"]), key=lambda r: not r[3]):
        eaw[first:last + 1] = [fields[0]] * (last - first + 1)

    def points(key, value):
        out = set()
        for first, last, fields, is_default in records(paths[key]):
            if not is_default and fields[0] == value:
                out.update(range(first, last + 1))
        return out

    category = {}
    for first, last, fields, is_default in records(paths["gc"]):
        if not is_default:
            for cp in range(first, last + 1):
                category[cp] = fields[0]
    ignorable = points("core", "Default_Ignorable_Code_Point")
    visible_format = points("props", "Prepended_Concatenation_Mark") | {0x00AD}
    jamo_joining = points("hangul", "V") | points("hangul", "T")
    emoji_presentation = points("emoji", "Emoji_Presentation")
    emoji_bases = set()
    with open(paths["variations"], encoding="utf-8") as f:
        for line in f:
            data = line.split("#", 1)[0].strip()
            if data and "emoji style" in data:
                base, selector = data.split(";")[0].split()
                assert selector == "FE0F", line
                emoji_bases.add(int(base, 16))

    def width_class(cp):
        wide = eaw[cp] in ("W", "F")
        if cp in visible_format:
            return NARROW
        if cp in jamo_joining:
            return ZERO
        if category.get(cp, "Cn") in ("Mn", "Me", "Cf", "Cc"):
            return ZERO
        if cp in ignorable and category.get(cp, "Cn") == "Cn":
            return ZERO
        if wide or cp in emoji_presentation or any(a <= cp <= b for a, b in GLIBC_WIDE):
            return WIDE
        return EMOJI_BASE if cp in emoji_bases else NARROW

    ranges = []
    for cp in range(MAX + 1):
        cls = width_class(cp)
        if cls == NARROW:
            continue
        if ranges and ranges[-1][1] == cp - 1 and ranges[-1][2] == cls:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp, cls])

    out = sys.stdout
    out.write(f"""\
// Generated from the Unicode Character Database {unicode_version} (Emoji {emoji_version}) by
// scripts/generate-display-width-table.py; do not edit. Regenerate with `make unicode-tables`
// (Debian: `apt-get install unicode-data`); DisplayWidthTableTests fails when this file is stale.

extension DisplayWidth {{
    /// The Unicode version the table was generated from.
    public static let unicodeVersion = "{unicode_version}"

    /// Every scalar that is not one column wide, as sorted, disjoint, inclusive ranges
    /// (`first`, `last`, class): the scalars of ``Class/zero``, ``Class/wide`` and ``Class/emojiBase``.
    static let table: [(first: UInt32, last: UInt32, class: Class)] = [
""")
    for i in range(0, len(ranges), 3):
        row = ", ".join(f"(0x{a:04X}, 0x{b:04X}, {CLASS_NAMES[c]})" for a, b, c in ranges[i:i + 3])
        out.write(f"        {row},\n")
    out.write("    ]\n}\n")


if __name__ == "__main__":
    main()
