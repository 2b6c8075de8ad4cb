#!/usr/bin/env python3
"""Converts gen_sessions.py's neutral sessions.jsonl into a focus home.

Usage: make_journal.py DATA_DIR   (reads DATA_DIR/sessions.jsonl; DATA_DIR/focus is the FOCUS_HOME).

It writes the journal as focus's own device file, journal/bench-00000001.jsonl, and pins the device in
state/device.json as {"id":"00000001","name":"bench"}, so every command focus runs in that home appends to
the file the sessions are in (as on a machine that recorded them all). No derived files are written: the
first command builds them in state/cache/.

Same sessions as the peers read: focused = end - start (an abandoned session keeps its real, shorter length),
planned = planned_minutes * 60, no tz (the benchmark runs with TZ=UTC), source timer (the default, omitted).

focus keeps instants from 2000-01-01 on (JournalCodec.instants); the generator's history starts in 1992 at
100k sessions and in 1684 at 1M. Sessions from 2006 on are kept as they are (the recent history, the one
stats, streaks and the expedition show, stays realistic); the older ones are mapped, in order and without
overlapping, onto 2000-2005 by one linear map of their start and end (so at 1M they last about 30 seconds).
"""
import json, os, sys
from datetime import datetime, timezone

DEVICE = {"id": "00000001", "name": "bench"}
JOURNAL_FILE = "bench-00000001.jsonl"


def epoch(text):
    return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())


def squeezer(first):
    """The map of an instant (seconds) into focus's range: identity from KEEP on, linear below it."""
    floor = int(datetime(2000, 1, 1, tzinfo=timezone.utc).timestamp())
    keep = int(datetime(2006, 1, 1, tzinfo=timezone.utc).timestamp())
    if first >= floor:
        return lambda t: t
    scale = (keep - floor) / (keep - first)
    return lambda t: t if t >= keep else floor + int((t - first) * scale)


def stamp(t):
    return datetime.fromtimestamp(t, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    data = sys.argv[1]
    home = os.path.join(data, "focus")
    journal = os.path.join(home, "journal")
    state = os.path.join(home, "state")
    os.makedirs(journal, exist_ok=True)
    os.makedirs(state, exist_ok=True)
    tmp = os.path.join(journal, "." + JOURNAL_FILE + ".tmp")
    sessions = os.path.join(data, "sessions.jsonl")
    with open(sessions) as src:
        first = epoch(json.loads(src.readline())["start"])
    squeeze = squeezer(first)
    with open(sessions) as src, open(tmp, "w") as out:
        for line in src:
            s = json.loads(line)
            start, end = epoch(s["start"]), epoch(s["end"])
            planned = s["planned_minutes"] * 60
            if squeeze(start) != start:
                # Scaled like the session's length: an abandoned session still stopped before its plan.
                scale = (squeeze(end) - squeeze(start)) / max(1, end - start)
                start, end = squeeze(start), max(squeeze(start) + 1, squeeze(end))
                planned = max(end - start, int(planned * scale)) if s["completed"] else max(end - start + 1, int(planned * scale))
            out.write('{"id":%s,"start":"%s","end":"%s","planned":%d,"focused":%d,"completed":%s,"tag":%s}\n' % (
                json.dumps(s["id"]), stamp(start), stamp(end), planned, end - start,
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
