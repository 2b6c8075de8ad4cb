#!/usr/bin/env bash
# End-to-end check of `make install`: the installed release binary, copied alone
# into an empty folder, still runs, knows time zones and shows the embedded
# expedition (no Bundle.module, no shared Swift libraries).
set -uo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() { # check NAME CONDITION-COMMAND...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name" >&2; fi
}

make -s install PREFIX="$work/prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; echo "installed binary: make install failed" >&2; exit 1; }
mkdir "$work/alone"
cp "$work/prefix/bin/focus" "$work/alone/focus"
cd "$work/alone"
run() { env -i PATH=/usr/bin:/bin HOME="$work/home" FOCUS_HOME="$work/home" "$@"; }

check "man page installed" test -s "$work/prefix/share/man/man1/focus.1"
check "no Swift shared libraries" bash -c "! ldd ./focus 2>&1 | grep -qE 'libswift|libFoundation'"
check "--version" bash -c "$(declare -f run); work='$work'; run ./focus --version | grep -q '^focus '"
out=$(run TZ=Asia/Shanghai FOCUS_NOW=2026-11-29T01:00:00Z ./focus start 1s --tag alone 2>&1)
check "Shanghai local time in a static build" grep -q 'started 09:00' <<<"$out"
check "session recorded" grep -q '"tz":"Asia/Shanghai"' "$work"/home/journal/*.jsonl
out=$(run TZ=America/New_York FOCUS_NOW=2026-11-29T01:00:00Z ./focus status --format '{state}' --idle '{state}' 2>&1)
check "status" test "$out" = idle
# Each session belongs to the local date of its start in its own zone: 01:00 UTC
# on the 29th is 09:00 on the 29th in Shanghai but 20:00 on the 28th in New York.
run TZ=America/New_York FOCUS_NOW=2026-11-29T01:00:10Z ./focus start 1s >/dev/null 2>&1
out=$(run TZ=Asia/Shanghai FOCUS_NOW=2026-11-29T12:00:00Z ./focus stats --from 2026-11-27 --to 2026-11-29 --json 2>&1)
check "each session on its own zone's date" python3 -c '
import json, sys
days = {d["date"]: d["sessions"] for d in json.loads(sys.argv[1])["days"]}
sys.exit(0 if days == {"2026-11-27": 0, "2026-11-28": 1, "2026-11-29": 1} else 1)' "$out"
out=$(run ./focus expedition 2>&1)
check "embedded expedition" grep -q 'Lisbon' <<<"$out"
check "nothing written beside the binary" test "$(ls -A "$work/alone")" = focus

if [ "$failed" -eq 0 ]; then
  echo "installed binary: all $passed checks hold"
else
  echo "installed binary: $failed of $((passed + failed)) checks failed" >&2
  exit 1
fi
