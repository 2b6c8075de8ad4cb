#!/usr/bin/env python3
"""Converts gen_sessions.py's neutral sessions.jsonl into a focus home.

Usage: make_journal.py DATA_DIR   (reads DATA_DIR/sessions.jsonl; DATA_DIR/focus is the FOCUS_HOME).

It writes the journal as focus's own device file, journal/bench-00000001.jsonl, and pins the device in
state/device.json as {"id":"00000001","name":"bench"}, so every command focus runs in that home appends to
the file the sessions are in (as on a machine that recorded them all). No derived files are written: the
first command builds them in state/cache/.

Same sessions as the peers read: focused = end - start (an abandoned session keeps its real, shorter length),
planned = planned_minutes * 60, no tz (the benchmark runs with TZ=UTC), source timer (the default, omitted).
"""
import json, os, sys
from datetime import datetime, timezone

DEVICE = {"id": "00000001", "name": "bench"}
JOURNAL_FILE = "bench-00000001.jsonl"


def epoch(text):
    return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())


def main():
    data = sys.argv[1]
    home = os.path.join(data, "focus")
    journal = os.path.join(home, "journal")
    state = os.path.join(home, "state")
    os.makedirs(journal, exist_ok=True)
    os.makedirs(state, exist_ok=True)
    tmp = os.path.join(journal, "." + JOURNAL_FILE + ".tmp")
    with open(os.path.join(data, "sessions.jsonl")) as src, open(tmp, "w") as out:
        for line in src:
            s = json.loads(line)
            focused = epoch(s["end"]) - epoch(s["start"])
            out.write('{"id":%s,"start":"%s","end":"%s","planned":%d,"focused":%d,"completed":%s,"tag":%s}\n' % (
                json.dumps(s["id"]), s["start"], s["end"], s["planned_minutes"] * 60, focused,
                "true" if s["completed"] else "false", json.dumps(s["tag"])))
    os.replace(tmp, os.path.join(journal, JOURNAL_FILE))
    with open(os.path.join(state, "device.json"), "w") as f:
        json.dump(DEVICE, f, separators=(",", ":"))
    # The layout before per-device files: a home converted by an earlier make_journal.py.
    for stale in ("focus.jsonl",):
        path = os.path.join(journal, stale)
        if os.path.exists(path):
            os.remove(path)


if __name__ == "__main__":
    main()
