#!/usr/bin/env python3
"""Converts gen_sessions.py's neutral sessions.jsonl into a focus journal.

Usage: make_journal.py DATA_DIR   (reads DATA_DIR/sessions.jsonl, writes
DATA_DIR/focus/journal/focus.jsonl; DATA_DIR/focus is the FOCUS_HOME).

Same sessions as the peers read: focused = end - start (an abandoned session
keeps its real, shorter length), planned = planned_minutes * 60, no tz (the
benchmark runs with TZ=UTC), source timer (the default, omitted).
"""
import json, os, sys
from datetime import datetime, timezone


def epoch(text):
    return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())


def main():
    data = sys.argv[1]
    journal = os.path.join(data, "focus", "journal")
    os.makedirs(journal, exist_ok=True)
    tmp = os.path.join(journal, ".focus.jsonl.tmp")
    with open(os.path.join(data, "sessions.jsonl")) as src, open(tmp, "w") as out:
        for line in src:
            s = json.loads(line)
            focused = epoch(s["end"]) - epoch(s["start"])
            out.write('{"id":%s,"start":"%s","end":"%s","planned":%d,"focused":%d,"completed":%s,"tag":%s}\n' % (
                json.dumps(s["id"]), s["start"], s["end"], s["planned_minutes"] * 60, focused,
                "true" if s["completed"] else "false", json.dumps(s["tag"])))
    os.replace(tmp, os.path.join(journal, "focus.jsonl"))


if __name__ == "__main__":
    main()
