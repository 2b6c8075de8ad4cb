#!/usr/bin/env python3
"""`make bench`: focus against Timewarrior and Watson on the same sessions.

Run by `make bench` after `make release` (the static-stdlib release build).
Asserts nothing about time: it measures and writes docs/BENCHMARKS.md.

For each size N (BENCH_SIZES, default "1000 10000 100000 1000000"):
  1. Tests/Support/gen_sessions.py N writes the sessions (JSONL, a
     Timewarrior DB, a Watson dir) under /tmp/peers-data/N, once;
  2. Tests/Benchmarks/make_journal.py turns its sessions.jsonl into a focus journal
     (FOCUS_HOME=/tmp/peers-data/N/focus);
  3. every scenario is timed with hyperfine (median wall time, -N, output to
     /dev/null) and its peak RSS measured with /usr/bin/time -f %M (median).
Then the 60 s timer check (`focus start 1m`, piped), the dashboard at 100k sessions (idle CPU, key to\nscreen per tab) and the sound bench output.

Knobs: BENCH_SIZES, BENCH_SKIP_TIMER=1, BENCH_SKIP_DASHBOARD=1, BENCH_SKIP_PEERS=1, MIN_RUNS (5),
RSS_RUNS (3), DATA_ROOT (/tmp/peers-data), FOCUS_BIN (another focus binary),
BENCH_OUT (another report path).
"""
import json, os, platform, shutil, statistics, subprocess, sys, tempfile, time
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GENERATOR = os.path.join(ROOT, "Tests", "Support", "gen_sessions.py")
FOCUS = os.environ.get("FOCUS_BIN", os.path.join(ROOT, ".build", "release", "focus"))
DATA_ROOT = os.environ.get("DATA_ROOT", "/tmp/peers-data")
SIZES = [int(n) for n in os.environ.get("BENCH_SIZES", "1000 10000 100000 1000000").split()]
NOW = "2026-11-29T18:00:00Z"
MIN_RUNS = os.environ.get("MIN_RUNS", "5")
RSS_RUNS = int(os.environ.get("RSS_RUNS", "3"))
BASE_ENV = dict(os.environ, TZ="UTC", LC_ALL="C.UTF-8")

# scenario, focus arguments, timew arguments, watson arguments (None: no equivalent)
SCENARIOS = [
    ("status", "status", "", "status"),
    ("7d", "stats --range 7d", "summary 2026-11-23 - 2026-11-30", "report -G --from 2026-11-23 --to 2026-11-29"),
    ("30d", "stats --range 30d", "summary 2026-10-31 - 2026-11-30", "report -G --from 2026-10-31 --to 2026-11-29"),
    ("all", "stats --range all", "summary :all", "report -G --all"),
    ("expedition", "expedition", None, None),
    ("log 20", "log --limit 20", None, None),
    ("export", "export --format jsonl", "export :all", "log -G --all --json"),
]


def peer_allowed(peer, scenario, n):
    """Which peer runs are affordable: timew's all-time summary is quadratic (16 s at 100k), Watson is ~25 ms per 1k sessions."""
    if n >= 1_000_000:
        # At 1M the sessions start in 1684: every timew report but the bare `timew` aborts
        # (Datetime.cpp: assertion `y >= 1969 && y <= 9999' failed).
        return (peer == "timew" and scenario == "status") or (peer == "watson" and scenario == "status")
    return True


def slow(peer, scenario, n):
    return n >= 100_000 and (peer == "watson" and scenario != "status" or peer == "timew" and scenario in ("all", "export"))


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, **kw)


def ensure_tools():
    missing = [p for p, b in (("timewarrior", "timew"), ("hyperfine", "hyperfine")) if not shutil.which(b)]
    if not os.path.exists("/usr/bin/time"):
        missing.append("time")
    if missing:
        sh("apt-get install -y " + " ".join(missing) + " || (apt-get update && apt-get install -y " + " ".join(missing) + ")")
    if not watson_path():
        sh(sys.executable + " -m pip install td-watson")


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


def prepare(n):
    data = os.path.join(DATA_ROOT, str(n))
    try:
        expected = json.load(open(os.path.join(data, "expected.json")))
        fresh = expected["n"] == n and expected["now"].rstrip("Z") == NOW.rstrip("Z")
    except Exception:
        fresh = False
    if not fresh:
        started = time.time()
        sh(f"python3 {GENERATOR} {n} --now {NOW} --out {data} --force", stdout=subprocess.DEVNULL)
        print(f"generated {n} sessions in {time.time() - started:.1f} s", file=sys.stderr)
    journal = os.path.join(data, "focus", "journal", "focus.jsonl")
    if not os.path.exists(journal) or os.path.getmtime(journal) < os.path.getmtime(os.path.join(data, "sessions.jsonl")):
        sh(f"python3 {ROOT}/Tests/Benchmarks/make_journal.py {data}")
    return data


def env_for(peer, data):
    env = dict(BASE_ENV)
    if peer == "focus":
        env.update(FOCUS_HOME=os.path.join(data, "focus"), FOCUS_NOW=NOW)
    elif peer == "timew":
        env.update(TIMEWARRIORDB=os.path.join(data, "tw"), HOME=os.path.join(data, "home"))
    else:
        env.update(WATSON_DIR=os.path.join(data, "watson"), HOME=os.path.join(data, "home"))
    return env


def hyperfine(cmd, env, runs_slow, ignore_failure):
    with tempfile.NamedTemporaryFile(suffix=".json") as tf:
        args = ["hyperfine", "-N", "--style", "none", "--export-json", tf.name, "--output", "null"]
        args += ["--warmup", "0", "--runs", "3"] if runs_slow else ["--warmup", "1", "--min-runs", MIN_RUNS, "--max-runs", "50"]
        if ignore_failure:
            args.append("-i")
        subprocess.run(args + [cmd], env=env, check=True, stdout=subprocess.DEVNULL)
        result = json.load(open(tf.name))["results"][0]
    return result["median"] * 1000, len(result["times"])


def peak_rss(cmd, env, runs):
    values = []
    with tempfile.NamedTemporaryFile() as tf:
        for _ in range(runs):
            subprocess.run(["/usr/bin/time", "-f", "%M", "-o", tf.name] + cmd.split(), env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            values.append(int(open(tf.name).read().split()[-1]))
    return statistics.median(values) / 1024


def measure(peer, cmd, data, scenario, n):
    env = env_for(peer, data)
    is_slow = slow(peer, scenario, n)
    try:
        ms, runs = hyperfine(cmd, env, is_slow, peer == "timew" and scenario == "status")
    except subprocess.CalledProcessError:
        print(f"{n:>8} {scenario:<10} {peer:<6} failed", file=sys.stderr)
        return None
    rss = peak_rss(cmd, env, 1 if is_slow else RSS_RUNS)
    print(f"{n:>8} {scenario:<10} {peer:<6} {ms:10.1f} ms {rss:7.1f} MiB  ({runs} runs)", file=sys.stderr)
    return ms, rss


def cold_stats(data):
    """`focus stats --range 7d` right after its derived cache was deleted (the first run after an upgrade)."""
    env = env_for("focus", data)
    cache = os.path.join(data, "focus", "stats-cache.bin")
    times = []
    for _ in range(3):
        if os.path.exists(cache):
            os.remove(cache)
        started = time.perf_counter()
        subprocess.run([FOCUS, "stats", "--range", "7d"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def timer_check():
    """A 60 s `focus start 1m`, piped: CPU time and how late it ends."""
    home = tempfile.mkdtemp(prefix="focus-bench-timer-")
    env = dict(BASE_ENV, FOCUS_HOME=home)
    env.pop("FOCUS_NOW", None)
    started = time.monotonic()
    before = os.times()
    proc = subprocess.run([FOCUS, "start", "1m", "--tag", "bench"], env=env, capture_output=True, text=True)
    wall = time.monotonic() - started
    after = os.times()
    cpu = (after.children_user - before.children_user + after.children_system - before.children_system) * 1000
    shutil.rmtree(home, ignore_errors=True)
    return {"exit": proc.returncode, "wall": wall, "late_ms": (wall - 60) * 1000, "cpu_ms": cpu}


def machine():
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    mem = next((int(l.split()[1]) for l in open("/proc/meminfo") if l.startswith("MemTotal")), 0) / 1048576
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    timew = subprocess.run(["timew", "--version"], capture_output=True, text=True).stdout.strip()
    watson = subprocess.run([watson_path(), "--version"], capture_output=True, text=True).stdout.strip().split()[-1]
    hyper = subprocess.run(["hyperfine", "--version"], capture_output=True, text=True).stdout.split()[-1]
    return (f"{os.cpu_count()} cores ({cpu}), {mem:.0f} GiB RAM, {platform.system()} {platform.release()}; "
            f"{swift[0] if swift else 'swift ?'}; timewarrior {timew}, watson {watson}, hyperfine {hyper}")


def fmt(v, digits=1):
    return "" if v is None else f"{v:.{digits}f}"


def dashboard_check(n=100000):
    """`focus dashboard` at 80x24 in tmux on N sessions: CPU idle over 5 s (from /proc), and for each tab the time
    from the key to the tab on the screen (tmux's own latency included, so an upper bound on a redraw), median of 3."""
    if not shutil.which("tmux"):
        return None
    data = os.path.join(DATA_ROOT, str(n))
    sock = f"focus-bench-{os.getpid()}"
    tmux = ["tmux", "-L", sock, "-f", "/dev/null"]
    env = f"env FOCUS_HOME={data}/focus FOCUS_NOW={NOW} TZ=UTC LC_ALL=C.UTF-8 FOCUS_NO_ANIMATION=1"
    subprocess.run(tmux + ["new-session", "-d", "-x", "80", "-y", "24", f"{env} {FOCUS} dashboard; sleep 600"], check=True)
    def screen():
        return subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout
    def wait_for(text, timeout=30):
        start = time.perf_counter()
        while text not in screen():
            if time.perf_counter() - start > timeout:
                raise RuntimeError(f"dashboard never showed {text!r}")
        return (time.perf_counter() - start) * 1000
    try:
        wait_for("[1 Timer]", timeout=60)
        shell = subprocess.run(tmux + ["display-message", "-p", "#{pane_pid}"], capture_output=True, text=True).stdout.strip()
        pid = open(f"/proc/{shell}/task/{shell}/children").read().split()[0]
        def ticks():
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
        before = ticks()
        time.sleep(5)
        idle = (ticks() - before) / os.sysconf("SC_CLK_TCK") / 5 * 100
        tabs = {"2": "[2 Stats]", "3": "[3 Expedition]", "4": "[4 Passport]", "5": "[5 Profile]", "6": "[6 Log]",
                "1": "[1 Timer]"}
        times = {marker: [] for marker in tabs.values()}
        for _ in range(3):
            for key, marker in tabs.items():
                subprocess.run(tmux + ["send-keys", key], check=True)
                times[marker].append(wait_for(marker))
        return {"n": n, "idle": idle, "tabs": {m: statistics.median(v) for m, v in times.items()}}
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)


def main():
    ensure_tools()
    watson = watson_path()
    rows = []
    colds = {}
    skip_peers = os.environ.get("BENCH_SKIP_PEERS") == "1"
    for n in SIZES:
        data = prepare(n)
        for scenario, fargs, targs, wargs in SCENARIOS:
            row = {"n": n, "scenario": scenario}
            row["focus"] = measure("focus", f"{FOCUS} {fargs}", data, scenario, n)
            for peer, args, binary in (("timew", targs, "timew"), ("watson", wargs, watson)):
                if args is None or skip_peers or not peer_allowed(peer, scenario, n):
                    row[peer] = None
                    continue
                row[peer] = measure(peer, f"{binary} {args}".strip(), data, scenario, n)
            rows.append(row)
        colds[n] = cold_stats(data)
    timer = None if os.environ.get("BENCH_SKIP_TIMER") == "1" else timer_check()
    sound_path = os.path.join(ROOT, ".build", "bench", "sound.txt")
    sound = open(sound_path).read().rstrip() if os.path.exists(sound_path) else "(not run)"
    dashboard = None if os.environ.get("BENCH_SKIP_DASHBOARD") == "1" else dashboard_check()
    write_report(rows, colds, timer, sound, dashboard)


def write_report(rows, colds, timer, sound, dashboard=None):
    date = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Benchmarks", "",
        "Written by `make bench` (`Tests/Benchmarks/bench.py`); the numbers below are from its last run.",
        "Nothing here is asserted: `make test` never looks at time.", "",
        "## Machine and method", "",
        f"- Date: {date}", f"- Machine: {machine()}",
        "- focus: the release build (`make release`: `-c release --static-swift-stdlib -Xswiftc -static-executable`).",
        "- Data: `Tests/Support/gen_sessions.py N` (seed 20261129, now 2026-11-29T18:00:00Z); its `sessions.jsonl` "
        "converted to a focus journal by `Tests/Benchmarks/make_journal.py` (focused = end - start). All three tools read the same sessions.",
        "- Environment: `TZ=UTC LC_ALL=C.UTF-8`, `FOCUS_HOME=/tmp/peers-data/N/focus FOCUS_NOW=2026-11-29T18:00:00Z`, "
        "`TIMEWARRIORDB=/tmp/peers-data/N/tw`, `WATSON_DIR=/tmp/peers-data/N/watson`.",
        f"- Wall time: `hyperfine -N --warmup 1 --min-runs {MIN_RUNS} --max-runs 50`, output to /dev/null, median in ms "
        "(slow peer runs, marked in the log, use `--warmup 0 --runs 3`). Peak RSS: `/usr/bin/time -f %M`, median of "
        f"{RSS_RUNS} runs (1 for slow peer runs), MiB.",
        "- The warm-up run leaves focus's derived stats cache in place, so the focus numbers are the steady state; the "
        "cold column is `stats --range 7d` right after deleting the cache.", "",
        "## Commands", "",
        "| scenario | focus | timewarrior | watson |", "|---|---|---|---|",
    ]
    for scenario, fargs, targs, wargs in SCENARIOS:
        t = "" if targs is None else f"`timew {targs}`".replace("`timew `", "`timew`")
        w = "" if wargs is None else f"`watson {wargs}`"
        lines.append(f"| {scenario} | `focus {fargs}` | {t} | {w} |")
    lines += [
        "", "At 1M sessions only `timew` and `watson status` run: the generated history starts in 1684 and every "
        "Timewarrior report on it aborts (`Datetime.cpp:127: Assertion y >= 1969 && y <= 9999 failed`), and Watson "
        "re-parses everything on every call (about 30 s per report). An empty cell: not run or failed.", "",
        "## Results", "",
        "| N | scenario | focus ms | focus MiB | timew ms | timew MiB | watson ms | watson MiB |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        cells = []
        for peer in ("focus", "timew", "watson"):
            v = r[peer]
            cells += ["", ""] if v is None else [fmt(v[0]), fmt(v[1])]
        lines.append(f"| {r['n']} | {r['scenario']} | " + " | ".join(cells) + " |")
    lines += ["", "`focus stats --range 7d` with no cache (it is rebuilt by that run), median of 3, ms:", "",
              "| N | cold 7d ms |", "|---:|---:|"]
    lines += [f"| {n} | {fmt(v)} |" for n, v in colds.items()]
    lines += ["", "## Timer", ""]
    if timer:
        lines += [f"`focus start 1m --tag bench`, piped (no terminal), real clock: exit {timer['exit']}, "
                  f"wall {timer['wall']:.3f} s, so it ended {timer['late_ms']:.0f} ms after its 60 s deadline "
                  f"(this includes process start-up and recording); CPU time (user + system) {timer['cpu_ms']:.0f} ms. "
                  "Targets: under 50 ms of CPU, within 100 ms of the deadline."]
    else:
        lines += ["(skipped: BENCH_SKIP_TIMER=1)"]
    lines += ["", "## Dashboard", ""]
    if dashboard:
        lines += [f"`focus dashboard` at 80x24 in tmux on {dashboard['n']} sessions: {dashboard['idle']:.2f} % of one core "
                  "idle over 5 s (target: under 1 %). From a tab's key to the tab on the screen (tmux's capture "
                  "latency included), median of 3, ms:", "", "| tab | ms |", "|---|---:|"]
        lines += [f"| {m} | {fmt(v)} |" for m, v in dashboard["tabs"].items()]
    else:
        lines += ["(skipped: BENCH_SKIP_DASHBOARD=1, or no tmux)"]
    lines += ["", "## Sound generation", "", "`Tests/Benchmarks/SoundBench.swift`, release, one core: seconds of audio per second of CPU.", "",
              "```", sound, "```", ""]
    notes = os.path.join(ROOT, "Tests", "Benchmarks", "notes.md")
    if os.path.exists(notes):
        lines += [open(notes).read().rstrip(), ""]
    os.makedirs(os.path.join(ROOT, "docs"), exist_ok=True)
    out = os.environ.get("BENCH_OUT", os.path.join(ROOT, "docs", "BENCHMARKS.md"))
    with open(out, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
