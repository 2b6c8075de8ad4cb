# focus: build, test, run and install. `make test` is the test command CI runs.
PREFIX ?= /usr/local
SWIFT ?= swift
ARGS ?= stats
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1

.PHONY: build test run man install release clean bench

build:
	$(SWIFT) build

# Unit, rendering and end-to-end tests (they run .build/debug/focus), then the
# installed release binary copied alone into an empty folder.
test: build
	$(SWIFT) test
	./Tests/install/installed-binary.sh

# The main job: `make run` shows your statistics (a labelled demo when there is no data yet).
run: build
	./.build/debug/focus $(ARGS)

# A release binary linked fully statically (Swift runtime, Foundation, ICU and
# the C library) with every resource embedded: it runs when copied alone to an
# empty folder, and starts faster than a dynamically linked one.
release:
	$(SWIFT) build -c release --static-swift-stdlib -Xswiftc -static-executable

# The man page, generated from the executable's command table.
man: build
	./.build/debug/focus man-page > focus.1

install: release
	install -d "$(BINDIR)" "$(MANDIR)"
	install -m 755 .build/release/focus "$(BINDIR)/focus"
	./.build/release/focus man-page > "$(MANDIR)/focus.1"
	chmod 644 "$(MANDIR)/focus.1"

# Benchmarks (not part of `make test`; asserts nothing about time): installs the
# peers and hyperfine when missing, times the release build next to Timewarrior
# and Watson at 1k-1M sessions, the 60 s timer and sound generation, and writes
# docs/BENCHMARKS.md. BENCH_SIZES="1000 100000" picks sizes.
bench: release
	mkdir -p .build/bench
	swiftc -O -static-stdlib -I .build/release/Modules -I .build/release Benchmarks/SoundBench.swift .build/release/FocusCore.build/*.o -o .build/bench/sound
	./.build/bench/sound | tee .build/bench/sound.txt
	python3 Benchmarks/bench.py

clean:
	$(SWIFT) package clean
	rm -rf .build focus.1
