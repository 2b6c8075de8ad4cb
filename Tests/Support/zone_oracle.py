#!/usr/bin/env python3
"""The oracle of ZoneDifferentialTests: focus's local dates, ranges, streaks and totals, computed
from the documented rules with Python's zoneinfo (the system tzdata), independently of the Swift code.

    zone_oracle.py INPUT.json OUTPUT.json

The rules (README, "Time zones and local dates"):
- a session belongs to the local date of its start in its own zone (`tz`; the reader's when absent);
- with a day start D, the date of an instant is the latest date that the wall clock minus D has
  shown at any moment up to it (so dates never go backwards when clocks fall back);
- 7d is today and the 6 dates before; all runs from the first session's date to today; a pair of
  dates includes both; "previous" is the period of the same length just before;
- a streak is a run of consecutive dates with a completed session; the current one is alive when it
  reaches yesterday or today; the longest is the latest of the longest runs.
"""
import json
import sys
from datetime import date, datetime, timedelta, timezone

try:
    import zoneinfo
except ImportError:
    sys.exit("python3 has no zoneinfo (needs 3.9 or later): apt-get install -y python3")

# The tzdata focus reads; a missing zone means the system has none.
zoneinfo.reset_tzpath(["/usr/share/zoneinfo"])
EPOCH = date(1970, 1, 1)
ZONES = {}


def zone(name):
    if name not in ZONES:
        try:
            ZONES[name] = zoneinfo.ZoneInfo(name)
        except zoneinfo.ZoneInfoNotFoundError:
            sys.exit(f"zoneinfo has no {name}: install the system tzdata (apt-get install -y tzdata)")
    return ZONES[name]


def offset(z, t):
    return int(datetime.fromtimestamp(t, tz=timezone.utc).astimezone(z).utcoffset().total_seconds())


def naive_day(z, t, day_start):
    return (t + offset(z, t) - day_start) // 86400


def day_number(z, t, day_start):
    """The latest date the clock minus the day start has shown up to t: the date at t, or just before
    any change of offset in the 26 hours before (found every 30 minutes, then exactly by bisection)."""
    best = naive_day(z, t, day_start)
    step = 1800
    previous = t - 26 * 3600
    before = offset(z, previous)
    while previous < t:
        current = min(previous + step, t)
        after = offset(z, current)
        if after != before:
            low, high = previous, current  # offset(low) == before, offset(high) != before
            while high - low > 1:
                mid = (low + high) // 2
                if offset(z, mid) == before:
                    low = mid
                else:
                    high = mid
            best = max(best, naive_day(z, high - 1, day_start))
        previous, before = current, after
    return best


def iso(day):
    return (EPOCH + timedelta(days=day)).isoformat()


def runs(days):
    out = []
    for day in sorted(set(days)):
        if out and out[-1][1] == day - 1:
            out[-1][1] = day
        else:
            out.append([day, day])
    return out


def streaks(completed_days, today):
    all_runs = runs(completed_days)
    current = [0, None, None]
    alive = [r for r in all_runs if r[0] <= today]
    if alive:
        first, last = alive[-1][0], min(alive[-1][1], today)
        if last >= today - 1:
            current = [last - first + 1, iso(first), iso(last)]
    longest = [0, None, None]
    for first, last in all_runs:
        if last - first + 1 >= longest[0]:
            longest = [last - first + 1, iso(first), iso(last)]
    return current, longest


def hour(z, t):
    return ((t + offset(z, t)) % 86400) // 3600


def journal(j):
    reader = j["reader"]
    day_start = j["dayStart"]
    sessions = j["sessions"]
    dated = []
    for s in sessions:
        z = zone(s["tz"] or reader)
        dated.append((day_number(z, s["start"], day_start), s, hour(z, s["start"])))
    today = day_number(zone(reader), j["now"], day_start)
    result = {"dates": [iso(d) for d, _, _ in dated], "today": iso(today), "ranges": []}
    first_session = min(d for d, _, _ in dated)
    for r in j["ranges"]:
        if r["kind"] == "last":
            low, high = today - r["days"] + 1, today
        elif r["kind"] == "all":
            low, high = min(first_session, today), today
        else:
            low, high = r["from"], r["to"]
        count = high - low + 1
        per_day = {d: [0, 0] for d in range(low, high + 1)}
        focused = sessions_in = completed = previous_focused = previous_sessions = 0
        by_hour = [0] * 24
        for d, s, h in dated:
            if low <= d <= high:
                per_day[d][0] += s["focused"]
                per_day[d][1] += 1
                focused += s["focused"]
                sessions_in += 1
                completed += 1 if s["completed"] else 0
                by_hour[h] += s["focused"]
            elif low - count <= d < low:
                previous_focused += s["focused"]
                previous_sessions += 1
        result["ranges"].append({
            "from": iso(low), "to": iso(high),
            "days": [[iso(d), per_day[d][0], per_day[d][1]] for d in range(low, high + 1)],
            "focused": focused, "sessions": sessions_in, "completed": completed,
            "previous": [previous_focused, previous_sessions], "byHour": by_hour,
        })
    result["todayFocused"] = sum(s["focused"] for d, s, _ in dated if d == today)
    current, longest = streaks([d for d, s, _ in dated if s["completed"]], today)
    result["currentStreak"] = current
    result["longestStreak"] = longest
    return result


def main():
    with open(sys.argv[1]) as f:
        journals = json.load(f)["journals"]
    with open(sys.argv[2], "w") as f:
        json.dump({"journals": [journal(j) for j in journals]}, f)


if __name__ == "__main__":
    main()
