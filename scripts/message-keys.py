#!/usr/bin/env python3
"""Every message template in the sources, found by the compiler, checked against the translation catalogues.

A string literal that becomes a `Message` is a key of `Resources/zh-Hans.json` (see MessageCatalogue.swift).
Built with `-DMESSAGE_KEYS`, `Message`'s literal initialisers are deprecated, so the compiler warns at exactly
the literals that become messages, whatever the context: an argument, a return value, a ternary. This script
builds that way in its own scratch folder, reads each literal at a warned location, turns it into its template
(`\\(…)` → `%@`, `%` → `%%`, multi-line literals as Swift reads them) and:

  check       (default) names every template with words that a catalogue lacks, and every catalogue entry
              that no literal uses any more or whose placeholders differ from its key; exit 1 if any.
  list        prints the templates as a JSON list.
  missing     prints a JSON object of the missing templates, each mapped to "" (to fill in).

Usage: scripts/message-keys.py [check|list|missing] [--scratch PATH]
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOGUES = {"zh-Hans": os.path.join(ROOT, "Resources", "zh-Hans.json")}
WARNING = re.compile(r"^(/[^:]+\.swift):(\d+):(\d+): warning: '(init\(stringLiteral:\)|init\(stringInterpolation:\))'"
                     r" is deprecated: message key")


def literal_at(source, offset):
    """The template of the string literal starting at `offset`, as Message builds it."""
    multi = source.startswith('"""', offset)
    text, _ = read_literal(source, offset, multi)
    return text


def read_literal(src, i, multi):
    quote = '"""' if multi else '"'
    i += len(quote)
    parts = []
    while not src.startswith(quote, i):
        c = src[i]
        if c == "\\":
            d = src[i + 1]
            if d == "(":
                depth, j = 1, i + 2
                while depth:
                    ch = src[j]
                    if ch == '"':
                        _, j = read_literal(src, j, src.startswith('"""', j))
                        continue
                    depth += {"(": 1, ")": -1}.get(ch, 0)
                    j += 1
                parts.append("%@")
                i = j
                continue
            if d == "\n":
                parts.append("\x01\n")
            elif d == "u":
                end = src.index("}", i)
                parts.append(chr(int(src[i + 3:end], 16)))
                i = end + 1
                continue
            else:
                parts.append({"n": "\n", "t": "\t", "r": "\r", "0": "\0"}.get(d, d))
            i += 2
            continue
        parts.append("%%" if c == "%" else c)
        i += 1
    text = "".join(parts)
    if multi:
        lines = text.split("\n")
        indent = len(lines[-1])
        text = "\n".join(line[indent:] for line in lines[1:-1]).replace("\x01\n", "")
    return text, i + len(quote)


def templates(scratch):
    env = dict(os.environ)
    # Warnings come only from files that compile: drop the modules' objects so that every file does.
    for triple in glob.glob(os.path.join(scratch, "*-*-*")):
        for module in glob.glob(os.path.join(triple, "debug", "*.build")):
            shutil.rmtree(module, ignore_errors=True)
    build = subprocess.run(
        ["swift", "build", "--scratch-path", scratch, "-Xswiftc", "-DMESSAGE_KEYS"],
        cwd=ROOT, capture_output=True, text=True, env=env)
    if build.returncode != 0:
        sys.exit("message-keys: the build failed:\n" + build.stdout[-4000:] + build.stderr[-4000:])
    found = set()
    sources = {}
    for line in build.stdout.splitlines() + build.stderr.splitlines():
        match = WARNING.match(line)
        if not match:
            continue
        path, row, column = match.group(1), int(match.group(2)), int(match.group(3))
        if path not in sources:
            sources[path] = open(path, encoding="utf-8").read()
        source = sources[path]
        offset = 0
        for _ in range(row - 1):
            offset = source.index("\n", offset) + 1
        # The compiler counts columns in UTF-8 bytes.
        line = source[offset:source.find("\n", offset)]
        offset += len(line.encode("utf-8")[:column - 1].decode("utf-8"))
        # The warning points at the literal itself.
        if source[offset] != '"':
            offset = source.index('"', offset)
        found.add(literal_at(source, offset))
    if not found:
        sys.exit("message-keys: the build warned about no literal; was it a clean build of the MESSAGE_KEYS flag?")
    return found


def translatable(template):
    """Whether a template has words (placeholders, spaces and punctuation read the same in every language)."""
    return any(c.isalpha() for c in template.replace("%@", ""))


def placeholders(template):
    return len(re.findall(r"%(?:\d+\$)?@", template))


def main():
    args = sys.argv[1:]
    scratch = os.path.join(ROOT, ".build", "message-keys")
    if "--scratch" in args:
        at = args.index("--scratch")
        scratch = args[at + 1]
        del args[at:at + 2]
    mode = args[0] if args else "check"
    keys = sorted(t for t in templates(scratch) if translatable(t))
    if mode == "list":
        print(json.dumps(keys, ensure_ascii=False, indent=1))
        return 0
    problems = []
    missing = {}
    for language, path in CATALOGUES.items():
        catalogue = json.load(open(path, encoding="utf-8"))
        for key in keys:
            if key not in catalogue or not catalogue[key].strip():
                missing[key] = ""
                problems.append(f"{os.path.relpath(path, ROOT)}: no {language} text for {json.dumps(key)}")
            elif placeholders(catalogue[key]) != placeholders(key):
                problems.append(f"{os.path.relpath(path, ROOT)}: {json.dumps(key)} has {placeholders(key)} "
                                f"placeholder(s) but its {language} text has {placeholders(catalogue[key])}")
        for key in sorted(set(catalogue) - set(keys)):
            problems.append(f"{os.path.relpath(path, ROOT)}: {json.dumps(key)} is no longer used; remove it")
    if mode == "missing":
        print(json.dumps(missing, ensure_ascii=False, indent=1))
        return 0
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
