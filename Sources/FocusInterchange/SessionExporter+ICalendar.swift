import FocusModels
import FoundationEssentials

extension SessionExporter {
    /// Appends one session's `VEVENT`: its content lines escaped (RFC 5545 TEXT) and folded at 75 octets as they are
    /// written, each with its CRLF, with no `String` made but the times.
    static func iCalendarEvent(_ log: FocusLog, stamp: String, to bytes: inout [UInt8]) {
        var line = FoldedLine()
        line.write("BEGIN:VEVENT", to: &bytes)
        line.end(&bytes)
        line.write("UID:", to: &bytes)
        line.text(log.id, to: &bytes)
        line.write("@focus", to: &bytes)
        line.end(&bytes)
        line.write("DTSTAMP:", to: &bytes)
        line.raw(stamp, to: &bytes)
        line.end(&bytes)
        line.write("DTSTART:", to: &bytes)
        line.instant(log.start, to: &bytes)
        line.end(&bytes)
        line.write("DTEND:", to: &bytes)
        line.instant(log.end, to: &bytes)
        line.end(&bytes)
        line.write("SUMMARY:Focus", to: &bytes)
        for tag in log.tags {
            line.write(" #", to: &bytes)
            line.text(tag, to: &bytes)
        }
        line.end(&bytes)
        line.write("DESCRIPTION:", to: &bytes)
        line.duration(log.focused, to: &bytes)
        line.write(log.completed ? " of focus\\, completed" : " of focus\\, interrupted", to: &bytes)
        if let note = log.note {
            line.write("\\n", to: &bytes)
            line.text(note, to: &bytes)
        }
        line.end(&bytes)
        if !log.tags.isEmpty {
            line.write("CATEGORIES:", to: &bytes)
            for (index, tag) in log.tags.enumerated() {
                if index > 0 { line.write(",", to: &bytes) }
                line.text(tag, to: &bytes)
            }
            line.end(&bytes)
        }
        line.write("TRANSP:OPAQUE", to: &bytes)
        line.end(&bytes)
        line.write("END:VEVENT", to: &bytes)
        line.end(&bytes)
    }

    /// `20261129T090000Z`.
    static func icalInstant(_ date: Date) -> String {
        UTCTimestamp.format(date).filter { $0 != "-" && $0 != ":" }
    }

    /// A content line being written: folded into pieces of at most 75 octets (74 after the first, which a
    /// continuation's space begins), never inside a UTF-8 sequence.
    struct FoldedLine {
        var octets = 0
        var limit = 75

        /// Appends one character's UTF-8 sequence, after a fold when it would not fit.
        @inline(__always)
        mutating func put(_ sequence: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
            if octets + sequence.count > limit { fold(&bytes) }
            bytes += sequence
            octets += sequence.count
        }

        @inline(__always)
        mutating func put(_ byte: UInt8, to bytes: inout [UInt8]) {
            if octets + 1 > limit { fold(&bytes) }
            bytes.append(byte)
            octets += 1
        }

        /// Appends `run`, one-octet characters (ASCII) only, folded where the line is full: as many calls of
        /// ``put(_:to:)-(UInt8,_)`` would, a piece at a time.
        mutating func put(ascii run: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
            var rest = run[...]
            while octets + rest.count > limit {
                let room = limit - octets
                bytes += UnsafeBufferPointer(rebasing: rest.prefix(room))
                rest = rest.dropFirst(room)
                fold(&bytes)
            }
            bytes += UnsafeBufferPointer(rebasing: rest)
            octets += rest.count
        }

        /// Ends the piece: CRLF and the continuation's space.
        private mutating func fold(_ bytes: inout [UInt8]) {
            bytes.append(13)
            bytes.append(10)
            bytes.append(32)
            octets = 0
            limit = 74
        }

        /// Text already in content-line form (ASCII).
        mutating func write(_ text: StaticString, to bytes: inout [UInt8]) {
            put(ascii: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: &bytes)
        }

        /// `text` as RFC 5545 TEXT: backslash, semicolon and comma escaped, a newline as `\n`, a carriage return
        /// dropped, another control character a space.
        mutating func text(_ text: String, to bytes: inout [UInt8]) {
            var text = text
            text.withUTF8 { utf8 in
                // Printable ASCII with nothing to escape goes as runs, the rest a character at a time.
                var run = 0
                var i = 0
                while i < utf8.count {
                    let lead = utf8[i]
                    if lead >= 0x20, lead < 0x7F, lead != UInt8(ascii: "\\"), lead != UInt8(ascii: ";"),
                        lead != UInt8(ascii: ",")
                    {
                        i += 1
                        continue
                    }
                    if run < i { put(ascii: UnsafeBufferPointer(rebasing: utf8[run..<i]), to: &bytes) }
                    guard lead < 0x80 else {
                        let size = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                        put(UnsafeBufferPointer(rebasing: utf8[i..<min(i + size, utf8.count)]), to: &bytes)
                        i += size
                        run = min(i, utf8.count)
                        continue
                    }
                    i += 1
                    run = i
                    switch lead {
                    case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                        put(UInt8(ascii: "\\"), to: &bytes)
                        put(lead, to: &bytes)
                    case 10:
                        put(UInt8(ascii: "\\"), to: &bytes)
                        put(UInt8(ascii: "n"), to: &bytes)
                    case 13: continue
                    default: put(UInt8(ascii: " "), to: &bytes)
                    }
                }
                if run < utf8.count { put(ascii: UnsafeBufferPointer(rebasing: utf8[run...]), to: &bytes) }
            }
        }

        /// ASCII text with nothing to escape, as it is.
        mutating func raw(_ text: String, to bytes: inout [UInt8]) {
            var text = text
            text.withUTF8 { put(ascii: $0, to: &bytes) }
        }

        /// Two decimal digits of `n` (0 to 99).
        mutating func twoDigits(_ n: Int, to bytes: inout [UInt8]) {
            put(UInt8(truncatingIfNeeded: n / 10) &+ 48, to: &bytes)
            put(UInt8(truncatingIfNeeded: n % 10) &+ 48, to: &bytes)
        }

        /// The decimal digits of `n` (0 or more).
        mutating func decimal(_ n: Int, to bytes: inout [UInt8]) {
            if n >= 10 { decimal(n / 10, to: &bytes) }
            put(UInt8(truncatingIfNeeded: n % 10) &+ 48, to: &bytes)
        }

        /// ``icalInstant(_:)``'s text: the journal's formatter (``UTCTimestamp``) writes the instant into `bytes`, and
        /// its separators are dropped in place.
        mutating func instant(_ date: Date, to bytes: inout [UInt8]) {
            let from = bytes.count
            UTCTimestamp.append(epochSeconds: Int(date.timeIntervalSince1970.rounded(.down)), to: &bytes)
            var kept = from
            for i in from..<bytes.count where bytes[i] != UInt8(ascii: "-") && bytes[i] != UInt8(ascii: ":") {
                bytes[kept] = bytes[i]
                kept += 1
            }
            bytes.removeLast(bytes.count - kept)
            guard octets + kept - from > limit else {
                octets += kept - from
                return
            }
            // Past the line's room (never after a property name, which leaves 60 octets): put again, folded.
            let text = Array(bytes[from...])
            bytes.removeLast(text.count)
            for byte in text { put(byte, to: &bytes) }
        }

        /// ``LocalTime/duration(_:)``'s text (`45s`, `25m`, `1h05m`), escaped.
        mutating func duration(_ seconds: Int, to bytes: inout [UInt8]) {
            guard seconds >= 0 else { return text(LocalTime.duration(seconds), to: &bytes) }
            if seconds < 60 {
                decimal(seconds, to: &bytes)
                return put(UInt8(ascii: "s"), to: &bytes)
            }
            let hours = seconds / 3600
            if hours > 0 {
                decimal(hours, to: &bytes)
                put(UInt8(ascii: "h"), to: &bytes)
                twoDigits(seconds / 60 % 60, to: &bytes)
            } else {
                decimal(seconds / 60 % 60, to: &bytes)
            }
            put(UInt8(ascii: "m"), to: &bytes)
        }

        /// Ends the line (CRLF); the next begins.
        mutating func end(_ bytes: inout [UInt8]) {
            bytes.append(13)
            bytes.append(10)
            self = FoldedLine()
        }
    }
}
