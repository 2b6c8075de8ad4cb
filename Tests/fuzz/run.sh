#!/usr/bin/env bash
# Runs libFuzzer targets one after another, each for FUZZ_SECONDS (default 60).
# usage: Tests/fuzz/run.sh [TARGET...]   (default: every target)
# Each target starts from its committed corpus (Tests/FocusCoreTests/Fixtures/fuzz/TARGET)
# and grows a working copy under .build/fuzz/corpus/TARGET; a finding is saved
# under .build/fuzz/crashes/TARGET/ and makes the script fail. `make fuzz-merge`
# minimises the working corpus back into the committed one.
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(journal duration date definitions config running watson timewarrior csv jsonl)
failed=0
for t in "${targets[@]}"; do
  seeds=Tests/FocusCoreTests/Fixtures/fuzz/$t
  work=.build/fuzz/corpus/$t
  crashes=.build/fuzz/crashes/$t
  mkdir -p "$work" "$crashes"
  echo "fuzz $t: ${seconds}s"
  if FOCUS_FUZZ_TARGET=$t .build/fuzz/focus-fuzz -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$crashes/" -print_final_stats=1 "$work" "$seeds" >".build/fuzz/$t.log" 2>&1; then
    echo "fuzz $t: no finding ($(grep -o 'stat::number_of_executed_units: *[0-9]*' ".build/fuzz/$t.log" | grep -o '[0-9]*$') runs)"
  else
    echo "fuzz $t: FINDING, see .build/fuzz/$t.log and $crashes"
    failed=1
  fi
done
exit $failed
