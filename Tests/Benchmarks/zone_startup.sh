#!/bin/sh
# Start-up cost of reading one zone: instructions (valgrind's callgrind) of three tiny static programs,
# one that prints, one that reads Asia/Shanghai with focus's Zone, one with Foundation's TimeZone (ICU).
# Needs `make release` first (for FocusModels' objects) and valgrind; prints, asserts nothing.
set -e
out=.build/bench/startup
mkdir -p "$out"
# Output through fputs: print's dynamic casts would scan every protocol conformance in the binary.
cat > "$out/hello.swift" <<'SWIFT'
import Glibc
fputs("hello\n", stdout)
SWIFT
cat > "$out/zone.swift" <<'SWIFT'
import FocusModels
import Glibc
let zone = Zone(identifier: "Asia/Shanghai")!
fputs(String(zone.secondsFromGMT(at: 1_795_914_000)) + "\n", stdout)
SWIFT
# As focus's executable does (Sources/focus/Terminal/Internationalization.swift): FoundationEssentials alone
# has no zones, and a static link keeps ICU's only when something from FoundationInternationalization is used.
cat > "$out/timezone.swift" <<'SWIFT'
import FoundationEssentials
import FoundationInternationalization
import Glibc
let style = Date.FormatStyle(
    date: .omitted, time: .omitted, locale: Locale(identifier: "en_US_POSIX"),
    calendar: Calendar(identifier: .gregorian), timeZone: TimeZone.gmt)
withExtendedLifetime(style) {}
let zone = TimeZone(identifier: "Asia/Shanghai")!
fputs(String(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_795_914_000))) + "\n", stdout)
SWIFT
swiftc -O -static-executable "$out/hello.swift" -o "$out/hello"
swiftc -O -static-executable -I .build/release/Modules "$out/zone.swift" .build/release/FocusModels.build/*.o -o "$out/zone"
swiftc -O -static-executable "$out/timezone.swift" -o "$out/timezone"
for p in hello zone timezone; do
    printf '%-9s %s  ' "$p" "$("$out/$p")"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$out/$p" 2>&1 >/dev/null | sed -n 's/.*Collected : //p' \
        | awk '{ printf "%\047d instructions\n", $1 }'
done
