#!/usr/bin/env python3
"""`make bench`: what every focus command costs, at 1k to 1M sessions, against the targets of issue 15.

Run by `make bench` (and `make bench-quick`) after `make release`, the fully static release build. It asserts
nothing about time: it measures, prints a line per figure on stderr and writes docs/BENCHMARKS.md (the tables)
and docs/BENCHMARKS.json (the raw figures the next run compares itself with).

For each size N (BENCH_SIZES):
  1. Tests/Support/gen_sessions.py N writes the sessions (JSONL, a Timewarrior DB, a Watson dir) under
     DATA_ROOT/N once; Tests/Benchmarks/make_journal.py turns them into a focus home (DATA_ROOT/N/focus).
  2. bench_home.py copies that home to DATA_ROOT/N/bench/home, every reading command runs once there (the
     derived files in state/cache/ are built) and the result is kept as the warm snapshot.
  3. The yardsticks: a static Swift program that prints one line (Hello.swift, `swiftc -O -static-executable`)
     and `focus --version`.
  4. Every command in every state (warm, append, edit, cold; see bench_home.py): wall time with hyperfine
     (`-N`, warm-up, at least MIN_RUNS runs, the state's steps as `--prepare`), peak RSS with /usr/bin/time
     (-f %M), and the instructions one run executes under `valgrind --tool=cachegrind --cache-sim=no`.
  5. Timewarrior and Watson beside focus, interleaved run by run, where they survive the size.
  6. At 100k (when it is among the sizes, not quick): `focus dashboard` at 80x24 in tmux on the warm home: its
     idle CPU over 5 s, and for each tab key and each range of the Stats tab the redraw (from an strace of the
     process: the key's read to the frame's last write) and the key to the screen (see dashboard_check).

Knobs (environment):
  BENCH_SIZES          sizes, "1k 10k 100k 1M" by default (1000, 10k, 1M and commas work too)
  BENCH_COMMANDS       a subset of the command names below (space- or comma-separated)
  BENCH_STATES         a subset of warm append edit cold
  BENCH_STATES_1M      the same for the sizes of a million sessions and more (default: BENCH_STATES)
  BENCH_SKIP_PEERS=1   no Timewarrior or Watson
  BENCH_SKIP_DASHBOARD=1  no dashboard figures
  BENCH_ONLY_DASHBOARD=1  only the dashboard figures (at 100k, whatever BENCH_SIZES says), printed and written to
                       .build/bench/dashboard.json (or BENCH_JSON); the report in docs/ is left alone
  BENCH_SKIP_VALGRIND=1  no instruction counts (then the append rule is judged on wall time)
  BENCH_VALGRIND_MAX_MS  no instruction count for a figure whose median wall time is above it (default 2000: a
                       rebuild at 1M runs for minutes under valgrind); its row shows none
  BENCH_QUICK=1        `make bench-quick`: 1k and 100k, eight commands, no peers, at most 10 runs, peak RSS of
                       one run, a 1 s session;
                       the report goes to .build/bench/BENCHMARKS-quick.md (compared with docs/BENCHMARKS.json)
  BENCH_RESUME=1       keep the figures of an interrupted run of the same binary (.build/bench/partial.json)
  BENCH_END_SECONDS    length of the session `session-end` runs (3; quick 1)
  MIN_RUNS (5), MAX_RUNS (30; quick 10), WARMUP (1), RSS_RUNS (3; quick 1), DATA_ROOT (/tmp/peers-data),
  FOCUS_BIN (another focus binary), BENCH_OUT and BENCH_JSON (other report paths)
"""
import hashlib, json, os, platform, re, shlex, shutil, statistics, subprocess, sys, tempfile, time
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_home  # noqa: E402
import bench_report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
GENERATOR = os.path.join(ROOT, "Tests", "Support", "gen_sessions.py")
MAKE_JOURNAL = os.path.join(HERE, "make_journal.py")
HOME_STEPS = os.path.join(HERE, "bench_home.py")
BUILD = os.path.join(ROOT, ".build", "bench")
FOCUS = os.environ.get("FOCUS_BIN", os.path.join(ROOT, ".build", "release", "focus"))
HELLO_SOURCE = os.path.join(HERE, "Hello.swift")
HELLO = os.path.join(BUILD, "hello")
DATA_ROOT = os.environ.get("DATA_ROOT", "/tmp/peers-data")
QUICK = os.environ.get("BENCH_QUICK") == "1"
ONLY_DASHBOARD = os.environ.get("BENCH_ONLY_DASHBOARD") == "1"
DATA_NOW = "2026-11-29T18:00:00Z"  # gen_sessions.py's default: the last generated day
MIN_RUNS = int(os.environ.get("MIN_RUNS", "5"))
MAX_RUNS = int(os.environ.get("MAX_RUNS", "10" if QUICK else "30"))
WARMUP = int(os.environ.get("WARMUP", "1"))
RSS_RUNS = int(os.environ.get("RSS_RUNS", "1" if QUICK else "3"))
END_SECONDS = int(os.environ.get("BENCH_END_SECONDS", "1" if QUICK else "3"))
SKIP_VALGRIND = os.environ.get("BENCH_SKIP_VALGRIND") == "1"
VALGRIND_MAX_MS = float(os.environ.get("BENCH_VALGRIND_MAX_MS", "2000"))
SKIP_PEERS = QUICK or os.environ.get("BENCH_SKIP_PEERS") == "1"
STATES = ("warm", "append", "edit", "cold")
VALGRIND = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
BASE_ENV = dict(os.environ, TZ="UTC", LC_ALL="C.UTF-8")
for key in ("FOCUS_HOME", "FOCUS_NOW", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME",
            "SWIFT_DETERMINISTIC_HASHING", "NO_COLOR"):
    BASE_ENV.pop(key, None)


class Command:
    """One command a user runs: its arguments, what kind of cost it should have (see bench_report.TARGETS) and
    the states it is measured in. `writes`: it changes the journal, so the home is restored before every run."""

    def __init__(self, name, args, kind, states=STATES, writes=False):
        self.name, self.args, self.kind, self.states, self.writes = name, args, kind, states, writes

    def argv(self, data):
        sources = {"{watson}": os.path.join(data, "watson", "frames"),
                   "{jsonl}": os.path.join(data, "focus", "journal", bench_home.JOURNAL_FILE)}
        return [FOCUS] + [sources.get(a, a) for a in self.args]


COMMANDS = [
    Command("version", ["--version"], "yardstick", states=("warm",)),
    Command("status", ["status"], "status"),
    Command("status-format", ["status", "--format", "{remaining}"], "status"),
    Command("stats-7d", ["stats", "--range", "7d"], "stats7d"),
    Command("stats-30d", ["stats", "--range", "30d"], "bounded"),
    Command("stats-90d", ["stats", "--range", "90d"], "bounded"),
    Command("stats-1y", ["stats", "--range", "1y"], "bounded"),
    Command("stats-30d-tag", ["stats", "--range", "30d", "--tag", "coding"], "bounded"),
    Command("stats-all", ["stats", "--range", "all"], "history"),
    Command("expedition", ["expedition"], "bounded"),
    Command("passport", ["passport"], "bounded"),
    Command("profile", ["profile"], "bounded"),
    Command("log-20", ["log", "--limit", "20"], "bounded"),
    Command("log-all", ["log", "--limit", "0"], "history"),
    Command("completions-tags", ["completions", "--tags"], "bounded"),
    Command("completions-sounds", ["completions", "--sounds"], "bounded"),
    Command("export-jsonl", ["export", "--format", "jsonl"], "stream"),
    Command("export-csv", ["export", "--format", "csv"], "stream"),
    Command("doctor", ["doctor"], "stream"),
    Command("import-watson", ["import", "{watson}", "--from", "watson"], "import", states=("empty",)),
    Command("import-jsonl", ["import", "{jsonl}", "--from", "jsonl"], "import", states=("empty",)),
    Command("log-add", ["log", "add", "--start", "2026-11-30 17:00", "--duration", "25m", "--tag", "coding"],
            "write", writes=True),
    Command("undo", ["undo"], "write", writes=True),
    Command("session-end", ["start", f"{END_SECONDS}s"], "end", writes=True),
]
QUICK_COMMANDS = ["version", "status", "stats-7d", "expedition", "log-20", "completions-tags", "export-jsonl",
                  "session-end"]

# The commands run once to build every derived file before the warm snapshot is taken. The last builds the session
# index, as a user's first `log add`, `log edit` or `undo` does (it names no session: exit 1, nothing written).
WARM_UP = [["stats"], ["stats", "--range", "all"], ["expedition"], ["passport"], ["profile"], ["log"],
           ["completions", "--tags"], ["completions", "--sounds"], ["status"], ["log", "delete", "no-such-session"]]


def sizes():
    text = os.environ.get("BENCH_SIZES", "1k 100k" if QUICK else "1k 10k 100k 1M")
    out = []
    for word in re.split(r"[\s,]+", text.strip()):
        m = re.fullmatch(r"(\d+)([kKmM]?)", word)
        if not m:
            sys.exit(f"BENCH_SIZES: '{word}' is not a size (1000, 10k, 1M)")
        out.append(int(m.group(1)) * {"": 1, "k": 1000, "m": 1000000}[m.group(2).lower()])
    return out


def selected_commands():
    names = os.environ.get("BENCH_COMMANDS")
    if not names:
        return [c for c in COMMANDS if c.name in QUICK_COMMANDS] if QUICK else COMMANDS
    wanted = [w for w in re.split(r"[\s,]+", names.strip()) if w]
    known = {c.name for c in COMMANDS}
    unknown = [w for w in wanted if w not in known]
    if unknown:
        sys.exit(f"BENCH_COMMANDS: unknown {', '.join(unknown)}; known: {' '.join(c.name for c in COMMANDS)}")
    # The ratios need the yardstick: --version is always measured.
    return [c for c in COMMANDS if c.name in wanted or c.name == "version"]


def selected_states(n=None):
    """BENCH_STATES, or at a million sessions and more BENCH_STATES_1M when it is set (a rebuild at 1M takes tens of
    seconds a run, so a full run may leave the edit and cold states out there only)."""
    large = n is not None and n >= 1_000_000 and os.environ.get("BENCH_STATES_1M")
    name = "BENCH_STATES_1M" if large else "BENCH_STATES"
    text = os.environ.get(name)
    if not text:
        return STATES
    wanted = tuple(w for w in re.split(r"[\s,]+", text.strip()) if w)
    bad = [w for w in wanted if w not in STATES]
    if bad:
        sys.exit(f"{name}: unknown {', '.join(bad)}; known: {' '.join(STATES)}")
    return wanted


def log(text):
    print(text, file=sys.stderr, flush=True)


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, **kw)


# ---------------------------------------------------------------------------------------------------------
# Tools and data


def ensure_tools():
    missing = [p for p, b in (("hyperfine", "hyperfine"), ("valgrind", "valgrind")) if not shutil.which(b)]
    if not SKIP_PEERS and not shutil.which("timew"):
        missing.append("timewarrior")
    if not os.path.exists("/usr/bin/time"):
        missing.append("time")
    if dashboard_wanted():
        missing += [p for p in ("tmux", "strace") if not shutil.which(p)]
    if SKIP_VALGRIND and "valgrind" in missing:
        missing.remove("valgrind")
    if missing:
        sh("DEBIAN_FRONTEND=noninteractive apt-get install -y " + " ".join(missing) +
           " || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y " + " ".join(missing) + ")")
    if not SKIP_PEERS and not watson_path():
        sh(sys.executable + " -m pip install td-watson")
    if not os.path.exists(FOCUS):
        sys.exit(f"{FOCUS} is missing: run `make release` first")


def watson_path():
    if os.environ.get("WATSON"):
        return os.environ["WATSON"]
    try:
        real = subprocess.run(["pyenv", "which", "watson"], capture_output=True, text=True).stdout.strip()
        if real:
            return real
    except FileNotFoundError:
        pass
    return shutil.which("watson")


def build_hello():
    os.makedirs(BUILD, exist_ok=True)
    if not os.path.exists(HELLO) or os.path.getmtime(HELLO) < os.path.getmtime(HELLO_SOURCE):
        sh(f"swiftc -O -static-executable {shlex.quote(HELLO_SOURCE)} -o {shlex.quote(HELLO)}",
           stderr=subprocess.DEVNULL)


def prepare_data(n):
    """DATA_ROOT/N with the generated sessions and the pristine focus home, each written once."""
    data = os.path.join(DATA_ROOT, str(n))
    try:
        with open(os.path.join(data, "expected.json")) as f:
            expected = json.load(f)
        fresh = expected["n"] == n and expected["now"] == DATA_NOW
    except (OSError, ValueError, KeyError):
        fresh = False
    if not fresh:
        started = time.time()
        sh(f"python3 {GENERATOR} {n} --now {DATA_NOW} --out {data} --force", stdout=subprocess.DEVNULL)
        log(f"generated {n} sessions in {time.time() - started:.1f} s")
    journal = bench_home.journal(None, os.path.join(data, "focus"))
    sessions = os.path.join(data, "sessions.jsonl")
    if not os.path.exists(journal) or os.path.getmtime(journal) < max(os.path.getmtime(sessions),
                                                                     os.path.getmtime(MAKE_JOURNAL)):
        sh(f"python3 {MAKE_JOURNAL} {data}")
    return data


def focus_env(focus_home):
    return dict(BASE_ENV, FOCUS_HOME=focus_home, FOCUS_NOW=bench_home.NOW)


def prepare_home(n, data):
    """The bench home of size n, warmed up and snapshotted; checks that `restore` gives a warm home."""
    root = os.path.join(data, "bench")
    bench_home.create(root, os.path.join(data, "focus"))
    env = focus_env(bench_home.home(root))
    started = time.time()
    for args in WARM_UP:
        subprocess.run([FOCUS] + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    bench_home.snapshot(root)
    bench_home.restore(root)
    before = bench_home.derived_files(root)
    for args in WARM_UP:
        subprocess.run([FOCUS] + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    restored_is_warm = bench_home.derived_files(root) == before
    if not restored_is_warm:
        log(f"{n:>8} warning: the restored home was not warm (a command rewrote a derived file): the figures of "
            "log-add, undo and session-end include that rebuild")
    log(f"{n:>8} home ready in {time.time() - started:.1f} s")
    return root, restored_is_warm


# ---------------------------------------------------------------------------------------------------------
# Measuring


def steps_for(command, state):
    """The bench_home steps before each run of `command` in `state`."""
    if state == "empty":
        return ["empty"]
    # After an append or an edit, always from the warm snapshot: exactly one new line since the derived files were
    # current, and the appended session the newest (runs piling lines up would wrap the 34 slots around).
    steps = ["restore"] if command.writes or state in ("append", "edit") else []
    return steps + ([] if state == "warm" else [state])


def hyperfine(argv, env, steps, root):
    with tempfile.NamedTemporaryFile(suffix=".json") as tf:
        args = ["hyperfine", "-N", "-i", "--style", "none", "--export-json", tf.name, "--output", "null",
                "--warmup", str(WARMUP), "--min-runs", str(MIN_RUNS), "--max-runs", str(MAX_RUNS)]
        if steps:
            args += ["--prepare", shlex.join(["python3", HOME_STEPS, root] + steps)]
        proc = subprocess.run(args + [shlex.join(argv)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if proc.returncode != 0:
            sys.exit(f"hyperfine failed on {shlex.join(argv)}: {proc.stderr.strip()}")
        with open(tf.name) as f:
            result = json.load(f)["results"][0]
    return {"wall_ms": result["median"] * 1000, "wall_min_ms": result["min"] * 1000, "runs": len(result["times"]),
            "exit_codes": sorted(set(result.get("exit_codes") or [0]))}


def peak_rss(argv, env, steps, root, runs):
    """Median peak RSS in MiB; also the exit code, stderr's first line and a hash of stdout of the last run."""
    values, digest, exit_code, first_error = [], None, 0, ""
    with tempfile.NamedTemporaryFile() as tf:
        for _ in range(runs):
            bench_home.run(root, steps)
            proc = subprocess.Popen(["/usr/bin/time", "-f", "%M %x", "-o", tf.name] + argv, env=env,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            h, last_line = hashlib.sha256(), b""
            for chunk in iter(lambda: proc.stdout.read(1 << 20), b""):
                h.update(chunk)
                last_line = (last_line + chunk).rstrip(b"\n").rsplit(b"\n", 1)[-1][-400:]
            err = proc.stderr.read().decode(errors="replace")
            proc.wait()
            with open(tf.name) as f:
                fields = f.read().split()
            values.append(int(fields[-2]) / 1024)
            exit_code = int(fields[-1])
            digest = h.hexdigest()
            first_error = next((l for l in err.splitlines() if l.strip()), "")
            if exit_code and not first_error:
                first_error = last_line.decode(errors="replace").strip()
    return {"rss_mib": statistics.median(values), "exit": exit_code, "stdout_sha": digest, "stderr": first_error[:160]}


def instructions(argv, env, steps, root):
    """Instructions one run executes (valgrind's "I refs"), with Swift's hashing seed fixed so it repeats."""
    if SKIP_VALGRIND:
        return None
    bench_home.run(root, steps)
    with tempfile.NamedTemporaryFile() as tf:
        subprocess.run(VALGRIND + ["--log-file=" + tf.name] + argv, env=dict(env, SWIFT_DETERMINISTIC_HASHING="1"),
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(tf.name) as f:
            m = re.search(r"I\s+refs:\s+([\d,]+)", f.read())
    return int(m.group(1).replace(",", "")) if m else None


def yardstick_walls(env):
    """`focus --version` and the static hello, timed right before and right after a figure: the mean of the two
    medians is what the figure is divided by, so a change in the machine's load falls on both sides."""
    with tempfile.NamedTemporaryFile(suffix=".json") as tf:
        subprocess.run(["hyperfine", "-N", "--style", "none", "--export-json", tf.name, "--output", "null",
                        "--warmup", "3", "--min-runs", "10", "--max-runs", "30", shlex.join([FOCUS, "--version"]),
                        HELLO], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(tf.name) as f:
            version, hello = json.load(f)["results"]
    return {"ver_wall_ms": version["median"] * 1000, "hello_wall_ms": hello["median"] * 1000}


def measure(argv, env, steps, root):
    before = yardstick_walls(env)
    row = hyperfine(argv, env, steps, root)
    after = yardstick_walls(env)
    row.update({key: (before[key] + after[key]) / 2 for key in before})
    row.update(peak_rss(argv, env, steps, root, 1 if row["wall_ms"] > 1000 else RSS_RUNS))
    row["instr"] = instructions(argv, env, steps, root) if row["wall_ms"] <= VALGRIND_MAX_MS else None
    return row


def session_end(argv, env, steps, root):
    """`focus start Ns`, piped: how long after its deadline the summary arrives, CPU time and peak RSS.

    It runs under /usr/bin/time (-f %M: the peak RSS), which is waited for with wait4: its rusage holds the
    CPU time of focus, which it waited for, to the microsecond (time's own is a fraction of a millisecond)."""
    lates, lates_after_start, cpus, rss, exits = [], [], [], [], set()
    with tempfile.TemporaryFile() as err, tempfile.NamedTemporaryFile() as tf:
        for i in range(WARMUP + MIN_RUNS):
            bench_home.run(root, steps)
            started = time.monotonic()
            proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", tf.name] + argv, env=env,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err)
            proc.stdout.readline()
            start_line = time.monotonic()
            proc.stdout.readline()
            summary = time.monotonic()
            proc.stdout.read()
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            if i < WARMUP:
                continue
            lates.append((summary - started - END_SECONDS) * 1000)
            lates_after_start.append((summary - start_line - END_SECONDS) * 1000)
            cpus.append((usage.ru_utime + usage.ru_stime) * 1000)
            with open(tf.name) as f:
                rss.append(int(f.read().split()[-1]) / 1024)
            exits.add(proc.returncode)
        err.seek(0)
        first_error = next((l for l in err.read().decode(errors="replace").splitlines() if l.strip()), "")
    row = {"late_ms": statistics.median(lates), "late_max_ms": max(lates),
           "late_after_start_ms": statistics.median(lates_after_start), "cpu_ms": statistics.median(cpus),
           "rss_mib": statistics.median(rss), "runs": len(lates), "exit_codes": sorted(exits),
           "exit": max(exits), "stderr": first_error[:160]}
    row["instr"] = instructions(argv, env, steps, root)
    return row


def yardstick_hello():
    row = hyperfine([HELLO], BASE_ENV, [], None)
    row.update(peak_rss([HELLO], BASE_ENV, [], None, RSS_RUNS))
    row["instr"] = instructions([HELLO], BASE_ENV, [], None)
    return row


# ---------------------------------------------------------------------------------------------------------
# Timewarrior and Watson

PEER_SCENARIOS = [
    # name, focus command, timew arguments, watson arguments
    ("status", "status", "", "status"),
    ("stats-7d", "stats-7d", "summary 2026-11-24 - 2026-12-01", "report -G --from 2026-11-24 --to 2026-11-30"),
    ("stats-30d", "stats-30d", "summary 2026-11-01 - 2026-12-01", "report -G --from 2026-11-01 --to 2026-11-30"),
    ("stats-all", "stats-all", "summary :all", "report -G --all"),
    ("export", "export-jsonl", "export :all", "log -G --all --json"),
]


def peer_allowed(peer, scenario, n):
    """What each peer survives: at 1M the history starts in 1684 and every timew report but the bare `timew`
    aborts (Datetime.cpp: assertion `y >= 1969 && y <= 9999'); Watson takes about 30 s a report there."""
    return n < 1_000_000 or scenario == "status"


def peers(n, data, root, focus_rows):
    """Each scenario's tools timed in rounds (one run of each per round, the order rotated), so a change in
    the machine's load falls on all of them."""
    watson = watson_path()
    env = dict(focus_env(bench_home.home(root)), TIMEWARRIORDB=os.path.join(data, "tw"),
               WATSON_DIR=os.path.join(data, "watson"), HOME=os.path.join(data, "home"))
    rows = []
    bench_home.restore(root)
    for scenario, focus_name, targs, wargs in PEER_SCENARIOS:
        tools = [("focus", [FOCUS] + next(c for c in COMMANDS if c.name == focus_name).args)]
        for peer, binary, args in (("timew", "timew", targs), ("watson", watson, wargs)):
            if peer_allowed(peer, scenario, n):
                tools.append((peer, [binary] + shlex.split(args)))
        first = {}
        for tool, argv in tools:
            t = time.monotonic()
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            first[tool] = time.monotonic() - t
        rounds = 3 if max(first.values()) > 1 else MIN_RUNS
        times = {tool: [] for tool, _ in tools}
        for r in range(rounds):
            order = tools[r % len(tools):] + tools[:r % len(tools)]
            with tempfile.NamedTemporaryFile(suffix=".json") as tf:
                subprocess.run(["hyperfine", "-N", "-i", "--style", "none", "--runs", "1", "--output", "null",
                                "--export-json", tf.name] + [shlex.join(argv) for _, argv in order],
                               env=env, check=True, stdout=subprocess.DEVNULL)
                with open(tf.name) as f:
                    for (tool, _), result in zip(order, json.load(f)["results"]):
                        times[tool].append(result["median"] * 1000)
        row = {"n": n, "scenario": scenario, "rounds": rounds}
        for tool, argv in tools:
            wall = statistics.median(times[tool])
            rss = peak_rss(argv, env, [], root, 1 if wall > 1000 else RSS_RUNS)["rss_mib"]
            if tool == "focus":
                instr = (focus_rows.get((n, focus_name, "warm")) or {}).get("instr")
            else:
                # Valgrind slows a run 5-50 times: only where a run is short.
                instr = instructions(argv, env, [], root) if wall < (1000 if tool == "timew" else 300) else None
            row[tool] = {"wall_ms": wall, "rss_mib": rss, "instr": instr, "argv": " ".join(argv[1:])}
            log(f"{n:>8} peer {scenario:<10} {tool:<6} {bench_report.fmt_ms(wall):>9} {rss:7.1f} MiB "
                f"{bench_report.fmt_count(instr):>9}  ({rounds} interleaved rounds)")
        rows.append(row)
    return rows


# The keys the dashboard measurement sends, in order, each round: every tab, the Stats tab last, then its range key
# once for each range (back to 7 days). A label is what the key shows: the tab, or the range `r` moved to.
DASHBOARD_TABS = [("3", "Expedition"), ("4", "Passport"), ("5", "Profile"), ("6", "Log"), ("1", "Timer"),
                  ("2", "Stats")]
DASHBOARD_RANGES = ["30d", "90d", "1y", "all", "7d"]
DASHBOARD_ROUNDS = 5
# `strace -ttt -T` lines: an optional pid, the instant, the call, its result and the time it took (or the halves of
# a call another thread's line interrupted, `<unfinished ...>` and `<... poll resumed>`).
STRACE_LINE = re.compile(r"^(?:\[?pid\s+)?(?:\d+\]?\s+)?(?P<at>\d+\.\d+)\s+(?:<\.\.\.\s+(?P<resumed>\w+) resumed>|"
                         r"(?P<call>\w+)\((?P<fd>\d+)?)(?P<rest>.*?)(?:<(?P<took>\d+\.\d+)>)?$")


def dashboard_frames(trace):
    """Each key's redraw in an `strace -f -ttt -T` log of the dashboard: (the bytes read from fd 0, ms from the start
    of that read to the end of the last write to fd 1 before the loop waits again in poll)."""
    frames, key, started, ended, pending_write = [], None, None, None, False

    def close():
        if key is not None and ended is not None:
            frames.append((key, (ended - started) * 1000))
    for line in trace.splitlines():
        m = STRACE_LINE.match(line)
        if not m:
            continue
        call, fd, at = m.group("call"), m.group("fd"), float(m.group("at"))
        took = float(m.group("took")) if m.group("took") else 0.0
        if m.group("resumed"):
            # The end of a write another thread's line cut in two (`<unfinished ...>`).
            if m.group("resumed") == "write" and pending_write and key is not None:
                ended = at + took
            continue
        pending_write = False
        if call in ("poll", "ppoll", "pselect6", "epoll_wait"):
            close()
            key, ended = None, None
        elif call == "read" and fd == "0":
            close()
            quoted = re.match(r'\s*,\s*"((?:[^"\\]|\\.)*)"', m.group("rest"))
            key = quoted.group(1).encode().decode("unicode_escape") if quoted else "?"
            started, ended = at, None
        elif call == "write" and fd == "1" and key is not None:
            ended = at + took
            pending_write = "<unfinished" in line
    close()
    return frames


def dashboard_check(root, n):
    """`focus dashboard` at 80x24 in tmux on the warm home of N sessions, three figures:

    - idle: the CPU it uses over 5 s with nothing happening, in % of one core (from /proc/PID/stat, in clock
      ticks: one tick in 5 s is 0.2 %);
    - redraw: for each tab key (1-6) and each press of the Stats tab's `r` (one per range), the time the redraw
      itself takes, read from `strace -f -ttt -T -e trace=read,write,poll,... -p PID`: from the start of the
      `read` of the key on fd 0 to the end of the last `write` on fd 1 before the loop waits in `poll` again.
      ptrace stops the process at every traced call, so this is an upper bound on the redraw (a few calls a
      frame, tens of microseconds each); no hook in the product;
    - key to screen: the same keys without strace, from `tmux send-keys` to capture-pane showing the tab (tmux's
      latency and the spawning of two tmux clients a poll included, so a looser upper bound);
    - arrival: a session `focus log add` records in another terminal, from that command's return to the Log tab
      showing it (inotify, the journal read again, the frame; target under a second).
    Each over DASHBOARD_ROUNDS rounds; the median and the max of each key."""
    if not shutil.which("tmux") or not shutil.which("strace"):
        log("  dashboard: tmux and strace are needed; no dashboard figures")
        return None
    bench_home.restore(root)
    sock = f"focus-bench-{os.getpid()}"
    tmux = ["tmux", "-L", sock, "-f", "/dev/null"]
    env = (f"env FOCUS_HOME={shlex.quote(bench_home.home(root))} FOCUS_NOW={bench_home.NOW} TZ=UTC LC_ALL=C.UTF-8 "
           "FOCUS_NO_ANIMATION=1")
    subprocess.run(tmux + ["new-session", "-d", "-x", "80", "-y", "24",
                           f"{env} {shlex.quote(FOCUS)} dashboard; sleep 600"], check=True)

    def screen():
        return subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout

    def wait_for(shows, timeout=30):
        start = time.perf_counter()
        while True:
            text = screen()
            if all(s in text for s in shows):
                return (time.perf_counter() - start) * 1000
            if time.perf_counter() - start > timeout:
                raise RuntimeError(f"dashboard never showed {shows!r}:\n{text}")

    def keys():
        """Each round's keys, and what the screen shows once each has been handled."""
        # A round ends on the Stats tab and the next begins elsewhere: every key changes the screen.
        out = [(key, label, [f"[{key} {label}]"]) for key, label in DASHBOARD_TABS]
        out += [("r", f"Stats {r}", ["[2 Stats]", f"[{r}]"]) for r in DASHBOARD_RANGES]
        return out

    def press_all(timed):
        for _ in range(DASHBOARD_ROUNDS):
            for key, label, shows in keys():
                subprocess.run(tmux + ["send-keys", key], check=True)
                timed.setdefault(label, []).append(wait_for(shows))

    def summary(values):
        return {"median": statistics.median(values), "max": max(values), "count": len(values)}

    try:
        wait_for(["[1 Timer]"], timeout=60)
        shell = subprocess.run(tmux + ["display-message", "-p", "#{pane_pid}"], capture_output=True,
                               text=True).stdout.strip()
        pid = open(f"/proc/{shell}/task/{shell}/children").read().split()[0]

        def ticks():
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
        # Every tab drawn once first: the idle figure and the timings are of a dashboard that has read its data.
        press_all({})
        before = ticks()
        time.sleep(5)
        idle = (ticks() - before) / os.sysconf("SC_CLK_TCK") / 5 * 100
        screen_ms = {}
        press_all(screen_ms)
        # Kept for a look at what a frame does (e.g. `grep -c write`).
        trace_path = os.path.join(BUILD, "dashboard.strace")
        strace = subprocess.Popen(["strace", "-f", "-ttt", "-T", "-s", "16", "-o", trace_path, "-e",
                                   "trace=read,write,pselect6,ppoll,poll,epoll_wait", "-p", pid],
                                  stderr=subprocess.PIPE, text=True)
        # strace says on stderr when it is attached (or why it cannot be).
        attached = strace.stderr.readline().strip()
        press_all({})
        strace.send_signal(2)
        strace.wait()
        with open(trace_path) as f:
            frames = dashboard_frames(f.read())
        if not frames:
            log(f"  dashboard: strace saw no frame ({attached}); see {trace_path}")
        labels = {key: label for key, label, _ in keys() if key != "r"}
        ranges = iter(DASHBOARD_RANGES * DASHBOARD_ROUNDS)
        redraw = {}
        for key, ms in frames:
            label = f"Stats {next(ranges)}" if key == "r" else labels.get(key)
            if label:
                redraw.setdefault(label, []).append(ms)
        expected = len(keys()) * DASHBOARD_ROUNDS
        if len(frames) != expected:
            log(f"  dashboard: the trace holds {len(frames)} keys' frames, not {expected}: the figures may be off")
        # A session recorded by another terminal (`focus log add`, as a person would): from the moment that
        # command has returned (the line is on disk) to the Log tab showing it (issue 18: within a second).
        subprocess.run(tmux + ["send-keys", "6"], check=True)
        wait_for(["[6 Log]"])
        arrived = []
        for k in range(DASHBOARD_ROUNDS):
            note = f"dashbench-{k}"
            subprocess.run([FOCUS, "log", "add", "--start", f"2026-11-30 {k + 1:02d}:00", "--duration", "25m",
                            "--note", note], env=dict(BASE_ENV, FOCUS_HOME=bench_home.home(root),
                                                      FOCUS_NOW=bench_home.NOW),
                           check=True, capture_output=True)
            arrived.append(wait_for([note]))
        return {"n": n, "idle": idle, "rounds": DASHBOARD_ROUNDS,
                "redraw": {label: summary(v) for label, v in redraw.items()},
                "screen": {label: summary(v) for label, v in screen_ms.items()},
                "arrival": summary(arrived)}
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        bench_home.restore(root)


def dashboard_wanted():
    if ONLY_DASHBOARD:
        return True
    return not QUICK and os.environ.get("BENCH_SKIP_DASHBOARD") != "1" and 100000 in sizes()


def log_dashboard(figures):
    if not figures:
        return
    log(f"  100000 dashboard idle {figures['idle']:.2f} % of a core (target < {bench_report.DASHBOARD_IDLE_PERCENT:g} %)")
    for label, redraw in figures["redraw"].items():
        screen = figures["screen"].get(label) or {}
        log(f"  100000 dashboard {label:<11} redraw median {bench_report.fmt_ms(redraw['median']):>8} "
            f"max {bench_report.fmt_ms(redraw['max']):>8}; key to screen median "
            f"{bench_report.fmt_ms(screen.get('median')):>8} max {bench_report.fmt_ms(screen.get('max')):>8}")
    if figures.get("arrival"):
        arrival = figures["arrival"]
        log(f"  100000 dashboard a session from another terminal on screen after median "
            f"{bench_report.fmt_ms(arrival['median'])} max {bench_report.fmt_ms(arrival['max'])} (target < 1 s)")


# ---------------------------------------------------------------------------------------------------------
# The run


def machine():
    """One line: the hardware, the system and the version of every tool that measured."""
    def version(cmd, pattern=r"\d+(\.\d+)+"):
        try:
            first = subprocess.run(cmd, capture_output=True, text=True).stdout.strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"
        m = re.search(pattern, first)
        return m.group(0) if m else first
    with open("/proc/cpuinfo") as f:
        cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "?")
    with open("/proc/meminfo") as f:
        mem = next((int(l.split()[1]) for l in f if l.startswith("MemTotal")), 0) / 1048576
    parts = [f"{os.cpu_count()} cores ({cpu}), {mem:.0f} GiB RAM, {platform.system()} {platform.release()}",
             "Swift " + version(["swift", "--version"]), "valgrind " + version(["valgrind", "--version"]),
             "hyperfine " + version(["hyperfine", "--version"]), "Python " + platform.python_version()]
    if not SKIP_PEERS:
        parts += ["Timewarrior " + version(["timew", "--version"]), "Watson " + version([watson_path(), "--version"])]
    return "; ".join(parts)


def commit():
    def git(*args):
        return subprocess.run(["git", "-C", ROOT] + list(args), capture_output=True, text=True).stdout.strip()
    dirty = git("status", "--porcelain", "--", "Sources", "Package.swift")
    return git("rev-parse", "--short", "HEAD") + (" + uncommitted changes in Sources" if dirty else "")


def binary_hash():
    h = hashlib.sha256()
    with open(FOCUS, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def write_json(path, results):
    """The figures, one row a line, so that the next run's diff of docs/BENCHMARKS.json reads as a table."""
    def rounded(value):
        if isinstance(value, float):
            return round(value, 3)
        if isinstance(value, dict):
            return {k: rounded(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rounded(v) for v in value]
        return value
    results = rounded(results)
    lines = ["{"]
    for i, (key, value) in enumerate(results.items()):
        comma = "," if i < len(results) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n".join("  " + json.dumps(v, ensure_ascii=False, sort_keys=True) for v in value)
            lines.append(f" {json.dumps(key)}: [\n{items}\n ]{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}{comma}")
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    started = time.time()
    ensure_tools()
    build_hello()
    os.makedirs(BUILD, exist_ok=True)
    partial_path = os.path.join(BUILD, "partial.json")
    binary = binary_hash()
    results = {"rows": [], "peers": [], "hello": {}, "restored_is_warm": {}}
    if os.environ.get("BENCH_RESUME") == "1" and os.path.exists(partial_path) and not ONLY_DASHBOARD:
        with open(partial_path) as f:
            saved = json.load(f)
        if saved.get("binary") == binary:
            results = saved["results"]
            log(f"resuming: {len(results['rows'])} figures kept from {partial_path}")
    done = {(r["n"], r["command"], r["state"]): r for r in results["rows"]}
    commands, states = selected_commands(), selected_states()
    load_before = os.getloadavg()
    # Named at the start: the binary measured is the one built from it, whatever is committed while the run goes on.
    measured_commit = commit()

    def save():
        # The dashboard alone leaves an interrupted full run's figures where they are.
        if ONLY_DASHBOARD:
            return
        with open(partial_path, "w") as f:
            json.dump({"binary": binary, "results": results}, f)

    for n in [] if ONLY_DASHBOARD else sizes():
        data = prepare_data(n)
        root, warm_ok = prepare_home(n, data)
        results["restored_is_warm"][str(n)] = warm_ok
        if str(n) not in results["hello"]:
            results["hello"][str(n)] = yardstick_hello()
            save()
        hello = results["hello"][str(n)]
        states = selected_states(n)
        log(f"{n:>8} hello      {bench_report.fmt_ms(hello['wall_ms']):>9} {hello['rss_mib']:6.1f} MiB "
            f"{bench_report.fmt_count(hello['instr']):>9}")
        for command in commands:
            for state in command.states:
                skipped = command.kind != "yardstick" and state != "empty" and state not in states
                if skipped or (n, command.name, state) in done:
                    continue
                argv = command.argv(data)
                home = bench_home.import_home(root) if command.kind == "import" else bench_home.home(root)
                env = focus_env(home)
                steps = steps_for(command, state)
                if not command.writes and state != "empty":
                    bench_home.restore(root)
                measured = (session_end if command.kind == "end" else measure)(argv, env, steps, root)
                row = dict(measured, n=n, command=command.name, state=state, kind=command.kind,
                           args=" ".join(shlex.quote(a) for a in command.args))
                results["rows"].append(row)
                done[(n, command.name, state)] = row
                save()
                log(bench_report.summary_line(row, done, results["hello"]))
        if not SKIP_PEERS and not any(p["n"] == n for p in results["peers"]):
            results["peers"] += peers(n, data, root, done)
            save()
        bench_home.restore(root)

    if dashboard_wanted():
        if ONLY_DASHBOARD:
            prepare_home(100000, prepare_data(100000))
        results["dashboard"] = dashboard_check(os.path.join(DATA_ROOT, "100000", "bench"), 100000)
        log_dashboard(results["dashboard"])
        save()
    results["machine"] = machine()
    results["commit"] = measured_commit
    results["date"] = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    results["seconds"] = time.time() - started
    results["load"] = [load_before, os.getloadavg()]
    results["quick"] = QUICK
    results["settings"] = {"min_runs": MIN_RUNS, "max_runs": MAX_RUNS, "warmup": WARMUP, "rss_runs": RSS_RUNS,
                           "end_seconds": END_SECONDS, "valgrind": not SKIP_VALGRIND, "now": bench_home.NOW}
    sound = os.path.join(BUILD, "sound.txt")
    results["sound"] = open(sound).read().rstrip() if os.path.exists(sound) and not QUICK else None
    zones = os.path.join(BUILD, "zones.txt")
    results["zones"] = open(zones).read().rstrip() if os.path.exists(zones) and not QUICK else None
    if ONLY_DASHBOARD:
        # A partial run: never the committed report.
        out_json = os.environ.get("BENCH_JSON", os.path.join(BUILD, "dashboard.json"))
        write_json(out_json, results)
        if os.environ.get("BENCH_OUT"):
            with open(os.environ["BENCH_OUT"], "w") as f:
                f.write("\n".join(bench_report.dashboard_section(results.get("dashboard"))))
        log(f"wrote {out_json}")
        return
    folder, name = (BUILD, "BENCHMARKS-quick") if QUICK else (os.path.join(ROOT, "docs"), "BENCHMARKS")
    out = os.environ.get("BENCH_OUT", os.path.join(folder, name + ".md"))
    out_json = os.environ.get("BENCH_JSON", os.path.join(folder, name + ".json"))
    previous_path = os.path.join(ROOT, "docs", "BENCHMARKS.json")
    previous = None
    if os.path.exists(previous_path):
        with open(previous_path) as f:
            previous = json.load(f)
    notes_path = os.path.join(HERE, "notes.md")
    notes = open(notes_path).read().rstrip() if os.path.exists(notes_path) else ""
    bench_report.write(out, results, previous, notes)
    write_json(out_json, results)
    os.remove(partial_path)
    log(f"wrote {out} and {out_json} in {bench_report.fmt_duration(results['seconds'])}")
    bench_report.print_standing(results)


if __name__ == "__main__":
    main()
