#!/usr/bin/env python3
"""The benchmark's focus homes, and the steps that put one in a state before a timed run.

`bench.py` keeps, for each size N, a scratch folder ROOT = DATA_ROOT/N/bench:

  ROOT/home/            the FOCUS_HOME every command runs in: a copy of DATA_ROOT/N/focus (make_journal.py),
                        journal/bench-00000001.jsonl and state/device.json, plus the derived files focus
                        writes in state/cache/
  ROOT/snapshot/        state/cache/ as the warm-up left it, and journal.json: the journal file's size,
                        modification time, inode and a hash of its last 4 KiB at that moment
  ROOT/import-home/     the empty FOCUS_HOME `focus import` runs in
  ROOT/counter          how many lines `append` and `edit` wrote so far (each gets a new id)
  ROOT/edit-targets.json  sessions from the middle of the history that `edit` changes, one per run

Steps (run in process by bench.py, and as `bench_home.py ROOT STEP...` by hyperfine's --prepare):

  restore   the home as the warm-up left it: the journal truncated back to its size (focus only ever appends)
            with its modification time put back, every other file of journal/ and state/ removed, and
            state/cache/ replaced by the snapshot. The store sees the same file (inode, size, mtime, bytes) and
            the same derived files, so they are current again without a rebuild.
  append    one new session appended to the device file as focus appends one (with its note in
            state/cache/appends.bin): a completed 25-minute #tag session on the bench's "today", in one of 34
            half-hour slots (00:00 to 16:30, so none overlaps another or the history)
  edit      one "v":2 edit record appended: a session from the middle of the history loses a minute of focus
            and changes tag
  cold      state/cache/ deleted: no derived files
  empty     ROOT/import-home emptied, with only the pinned state/device.json
"""
import hashlib, json, os, shutil, struct, sys
from datetime import datetime, timedelta, timezone

DEVICE = {"id": "00000001", "name": "bench"}
JOURNAL_FILE = "bench-00000001.jsonl"
# The data ends on 2026-11-29 (gen_sessions.py's default now); the bench's clock is one day later, so the
# sessions `append` writes fall on an empty "today" and overlap nothing.
NOW = "2026-11-30T18:00:00Z"
TAGS = ["coding", "writing", "study", "reading"]
SLOTS = 34
TAIL = 4096


def now():
    return datetime.strptime(NOW, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def stamp(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def home(root):
    return os.path.join(root, "home")


def journal(root, base=None):
    return os.path.join(base or home(root), "journal", JOURNAL_FILE)


def cache(root):
    return os.path.join(home(root), "state", "cache")


def import_home(root):
    return os.path.join(root, "import-home")


def write_device(focus_home):
    state = os.path.join(focus_home, "state")
    os.makedirs(state, exist_ok=True)
    with open(os.path.join(state, "device.json"), "w") as f:
        json.dump(DEVICE, f, separators=(",", ":"))


def _tail_hash(path, size):
    with open(path, "rb") as f:
        f.seek(max(0, size - TAIL))
        return hashlib.sha256(f.read(min(size, TAIL))).hexdigest()


def create(root, pristine):
    """ROOT/home as a fresh copy of the pristine home `pristine` (no derived files), and the edit targets."""
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    shutil.copytree(os.path.join(pristine, "journal"), os.path.join(home(root), "journal"))
    write_device(home(root))
    targets = []
    with open(journal(root)) as f:
        lines = f.readlines()
    middle = len(lines) // 2
    for line in lines[middle:middle + 1000]:
        s = json.loads(line)
        # `edit` takes a minute off: any session longer than that (the 1M journal's are one to two minutes long).
        if s["focused"] > 60:
            targets.append([s["id"], s["focused"], s["tag"]])
    with open(os.path.join(root, "edit-targets.json"), "w") as f:
        json.dump(targets, f)
    with open(os.path.join(root, "counter"), "w") as f:
        f.write("0")


def snapshot(root):
    """Saves state/cache/ and the journal's identity: what `restore` puts back."""
    snap = os.path.join(root, "snapshot")
    if os.path.exists(snap):
        shutil.rmtree(snap)
    os.makedirs(snap)
    if os.path.isdir(cache(root)):
        shutil.copytree(cache(root), os.path.join(snap, "cache"))
    st = os.stat(journal(root))
    with open(os.path.join(snap, "journal.json"), "w") as f:
        json.dump({"size": st.st_size, "mtime_ns": st.st_mtime_ns, "inode": st.st_ino,
                   "tail": _tail_hash(journal(root), st.st_size)}, f)


def derived_files(root):
    """Name -> (size, mtime in ns) of every derived file: what a run that rebuilt one changes."""
    out = {}
    if os.path.isdir(cache(root)):
        for name in sorted(os.listdir(cache(root))):
            st = os.stat(os.path.join(cache(root), name))
            out[name] = (st.st_size, st.st_mtime_ns)
    return out


def restore(root):
    with open(os.path.join(root, "snapshot", "journal.json")) as f:
        saved = json.load(f)
    path = journal(root)
    st = os.stat(path)
    if st.st_ino != saved["inode"] or st.st_size < saved["size"]:
        sys.exit(f"bench_home: {path} was replaced or shrank; it is only ever appended to")
    if st.st_size != saved["size"]:
        os.truncate(path, saved["size"])
    if _tail_hash(path, saved["size"]) != saved["tail"]:
        sys.exit(f"bench_home: {path} was changed in place; it is only ever appended to")
    os.utime(path, ns=(st.st_atime_ns, saved["mtime_ns"]))
    folder = os.path.dirname(path)
    for name in os.listdir(folder):
        if name != JOURNAL_FILE:
            _remove(os.path.join(folder, name))
    state = os.path.join(home(root), "state")
    for name in os.listdir(state):
        if name != "device.json":
            _remove(os.path.join(state, name))
    snap = os.path.join(root, "snapshot", "cache")
    if os.path.isdir(snap):
        shutil.copytree(snap, cache(root))


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.remove(path)


def _next(root):
    path = os.path.join(root, "counter")
    with open(path) as f:
        k = int(f.read() or "0")
    with open(path, "w") as f:
        f.write(str(k + 1))
    return k


def _new_id(kind, k):
    return hashlib.md5(f"bench-{kind}-{k}".encode()).hexdigest()


def _append_line(root, line):
    """Appends `line` as focus appends its own lines: the line, then its note in state/cache/appends.bin (the
    file's size and modification time just before and after; see Sources/FocusStore/OwnAppends.swift), without
    which the derived files take the growth for another program's and read the journal whole."""
    fd = os.open(journal(root), os.O_WRONLY | os.O_APPEND)
    try:
        before = os.fstat(fd)
        os.write(fd, line.encode())
        after = os.fstat(fd)
    finally:
        os.close(fd)
    words = [0x3141_4F53_5543_4F46, before.st_ino, before.st_dev]
    for st in (before, after):
        words += [st.st_size, st.st_mtime_ns // 1_000_000_000, st.st_mtime_ns % 1_000_000_000]
    record = struct.pack("<3Q6q", *words)
    h = 0xcbf29ce484222325
    for byte in record:
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    record += struct.pack("<Q", h)
    notes = os.path.join(cache(root), "appends.bin")
    os.makedirs(cache(root), exist_ok=True)
    size = os.path.getsize(notes) if os.path.exists(notes) else 0
    with open(notes, "ab") as f:
        f.write(bytes((80 - size % 80) % 80) + record)


def append(root):
    k = _next(root)
    day = now().replace(hour=0, minute=0, second=0)
    start = day + timedelta(minutes=30 * (k % SLOTS))
    end = start + timedelta(minutes=25)
    _append_line(root, '{"id":"%s","start":"%s","end":"%s","planned":1500,"focused":1500,"completed":true,'
                       '"tag":"%s"}\n' % (_new_id("append", k), stamp(start), stamp(end), TAGS[k % len(TAGS)]))


def edit(root):
    k = _next(root)
    with open(os.path.join(root, "edit-targets.json")) as f:
        targets = json.load(f)
    target, focused, tag = targets[k % len(targets)]
    new_tag = TAGS[(TAGS.index(tag) + 1) % len(TAGS)] if tag in TAGS else TAGS[0]
    at = now() - timedelta(seconds=3600 - k % 3600)
    _append_line(root, '{"v":2,"kind":"edit","id":"%s","target":"%s","at":"%s","focused":%d,"tag":"%s"}\n' % (
        _new_id("edit", k), target, stamp(at), focused - 60, new_tag))


def cold(root):
    if os.path.isdir(cache(root)):
        shutil.rmtree(cache(root))


def empty(root):
    if os.path.exists(import_home(root)):
        shutil.rmtree(import_home(root))
    write_device(import_home(root))


STEPS = {"restore": restore, "append": append, "edit": edit, "cold": cold, "empty": empty}


def run(root, steps):
    for step in steps:
        STEPS[step](root)


if __name__ == "__main__":
    if len(sys.argv) < 3 or any(s not in STEPS for s in sys.argv[2:]):
        sys.exit("usage: bench_home.py ROOT " + "|".join(STEPS) + "...")
    run(sys.argv[1], sys.argv[2:])
