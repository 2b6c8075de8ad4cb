# focus: build, test, run and install. `make test` is the test command CI runs.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
ARGS ?= stats
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1

.PHONY: build test lint messages test-tools run man install release clean bench bench-quick torture fuzz fuzz-build fuzz-merge unicode-tables

build:
	$(SWIFT) build

# Unit, rendering and end-to-end tests (they run .build/debug/focus, and play
# sound through real audio servers: it stops at once naming any missing), then
# the installed release binary copied alone into an empty folder. The audio tests run on their own, after the rest:
# they judge every sample a real player sends to the server, and the end-to-end suites that Swift Testing runs beside
# them in one process starve the player into dropouts a user would hear (a player's fault under that load, not
# focus's: alone they pass), so they are kept apart rather than made to overlook dropouts. ZoneLibcTests run apart
# too: they set TZ and TZDIR for the whole process to ask the C library, and a suite beside them that compares
# values by their descriptions saw a Date printed 27 s early (Foundation prints through glibc's gmtime, which under a
# `right/` zone counts leap seconds; a clean-clone run, seed 2 of theSessionIndexAnswersAsTheLoadedJournal).
test: test-tools build
	$(SWIFT) test --skip SoundServerTests --skip ZoneLibcTests
	$(SWIFT) test --skip-build --filter ZoneLibcTests
	$(SWIFT) test --skip-build --filter SoundServerTests
	./Tests/install/installed-binary.sh

# swift format's rules (.swift-format) and lines of at most 120 columns, as a terminal shows them; CI runs it.
lint: messages
	$(SWIFT) format lint --strict -r -p Sources Tests Package.swift
	python3 scripts/check-line-length.py

# Every message in the sources has its Chinese (Resources/zh-Hans.json) and no entry is left unused: the compiler
# finds the messages (scripts/message-keys.py), so this builds once more in .build/message-keys.
messages:
	python3 scripts/message-keys.py check

# Stops at once, naming what is missing and the command that installs it (scripts/test-tools install).
test-tools:
	@scripts/test-tools check

# The main job: `make run` shows your statistics (a labelled demo when there is no data yet).
run: build
	./.build/debug/focus $(ARGS)

# A release binary linked fully statically (Swift runtime, FoundationEssentials and the C library; no ICU) with
# every resource embedded: it runs when copied alone to an empty folder, and starts faster than a dynamically
# linked one. The static link makes glibc warn that a few functions the Swift runtime links in (dlopen,
# getaddrinfo, getpwuid_r, getgrgid_r, getgrnam_r) would need the same glibc at run time, and that Foundation's
# Data.write links mktemp; focus calls none of them (it reads HOME and TZ itself, opens no network connection and
# writes every file through its own FileIO), so those lines are filtered out.
release:
	@set -o pipefail; $(SWIFT) build -c release --static-swift-stdlib -Xswiftc -static-executable 2>&1 \
		| { grep -v -e "in statically linked applications requires at runtime the shared libraries" \
			-e "the use of .mktemp' is dangerous" || true; }

# The man page, generated from the executable's command table.
man: build
	./.build/debug/focus man-page > focus.1

install: release
	install -d "$(BINDIR)" "$(MANDIR)"
	install -s -m 755 .build/release/focus "$(BINDIR)/focus"
	./.build/release/focus man-page > "$(MANDIR)/focus.1"
	chmod 644 "$(MANDIR)/focus.1"

# Benchmarks (not part of `make test`; asserts nothing about time): installs hyperfine, valgrind and the
# peers when missing; measures every command of the release build in four states (warm, right after an
# append, right after an edit, cold) at 1k-1M sessions: wall time, peak RSS and instruction counts, against
# the targets of issue 15, beside Timewarrior and Watson; then sound generation and reading zones. Writes
# docs/BENCHMARKS.md and docs/BENCHMARKS.json. Knobs: BENCH_SIZES="1k 100k", BENCH_COMMANDS="status
# stats-7d", BENCH_STATES, BENCH_SKIP_PEERS=1, BENCH_SKIP_VALGRIND=1, BENCH_RESUME=1, BENCH_ONLY_DASHBOARD=1 (the
# dashboard's redraw and idle figures alone, written to .build/bench/dashboard.json; see bench.py).
bench: release
	mkdir -p .build/bench
	swiftc -O -static-stdlib -I .build/release/Modules -I .build/release Tests/Benchmarks/SoundBench.swift \
		$$(scripts/module-objects.py FocusModels FocusJournal FocusSound) -o .build/bench/sound
	./.build/bench/sound | tee .build/bench/sound.txt
	swiftc -O -static-stdlib -I .build/release/Modules Tests/Benchmarks/ZoneBench.swift \
		$$(scripts/module-objects.py FocusModels) -o .build/bench/zones
	./.build/bench/zones | tee .build/bench/zones.txt
	python3 Tests/Benchmarks/bench.py

# The day-to-day subset, in a few minutes: 1k and 100k sessions, eight commands, no peers; writes
# .build/bench/BENCHMARKS-quick.md, with what moved since the committed full run.
bench-quick: release
	BENCH_QUICK=1 python3 Tests/Benchmarks/bench.py

# The crash, concurrency and bad-input tests at full counts (200 random kills, imports of 10,000 sessions,
# 8 x 500 concurrent adds, 16 concurrent undos, 8 concurrent imports), a kill at every openat and close too, and
# the derived-files fuzzer's 40 random cases of 8 steps (DerivedFuzzTests; FOCUS_FUZZ_SEEDS=100-199 runs others).
torture: build
	FOCUS_TORTURE_SCALE=full $(SWIFT) test --filter 'TortureTests|KillPointTests|DerivedFuzzTests'

# libFuzzer campaigns: every target for FUZZ_SECONDS (default 60) each, or FUZZ_TARGETS only.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_MODULES = FocusModels FocusJournal FocusServices FocusInterchange
FUZZ_FLAGS = -sanitize=fuzzer,address -parse-as-library -O -g -enable-testing -package-name focus -I .build/fuzz
fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) Tests/fuzz/run.sh $(FUZZ_TARGETS)

# The parsers' modules, built with the fuzzer's instrumentation one by one (each imports the ones before),
# then the entry point linked against them.
fuzz-build: build
	mkdir -p .build/fuzz
	./.build/debug/EmbedResources .build/fuzz/EmbeddedResources.swift Resources/*.json
	for m in $(FUZZ_MODULES); do \
		extra=$$( [ $$m = FocusModels ] && echo .build/fuzz/EmbeddedResources.swift ); \
		swiftc $(FUZZ_FLAGS) -wmo -module-name $$m -emit-module -emit-module-path .build/fuzz/$$m.swiftmodule \
			-c $$(find Sources/$$m -name '*.swift') $$extra -o .build/fuzz/$$m.o || exit 1; \
	done
	swiftc $(FUZZ_FLAGS) -module-name FocusFuzz Tests/FocusCoreTests/Support/FuzzTargets.swift Tests/fuzz/FuzzEntry.swift \
		$(patsubst %,.build/fuzz/%.o,$(FUZZ_MODULES)) -o .build/fuzz/focus-fuzz

# Minimises each grown corpus into the committed one: the fewest inputs of at most 256 bytes that keep
# every feature (-set_cover_merge=1); crash reproducers (crash-*) are kept as they are.
fuzz-merge: fuzz-build
	for t in journal duration date definitions config running watson timewarrior csv jsonl; do \
		seeds=Tests/FocusCoreTests/Fixtures/fuzz/$$t; rm -rf .build/fuzz/merged/$$t && mkdir -p .build/fuzz/merged/$$t .build/fuzz/corpus/$$t; \
		FOCUS_FUZZ_TARGET=$$t .build/fuzz/focus-fuzz -set_cover_merge=1 -max_len=256 .build/fuzz/merged/$$t $$seeds .build/fuzz/corpus/$$t || exit 1; \
		find $$seeds -type f ! -name 'crash-*' -delete && cp .build/fuzz/merged/$$t/* $$seeds/; \
	done

# The display-width table, from the Unicode Character Database (Debian: apt-get install unicode-data).
unicode-tables:
	mkdir -p .build && python3 scripts/generate-display-width-table.py > .build/DisplayWidthTable.swift
	mv .build/DisplayWidthTable.swift Sources/FocusViewModels/Text/DisplayWidthTable.swift

clean:
	$(SWIFT) package clean
	rm -rf .build focus.1
