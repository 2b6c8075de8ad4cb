import FocusJournal
import FocusModels
import FoundationEssentials

extension SessionExporter {
    /// Appends one session's `VEVENT`: its content lines escaped (RFC 5545 TEXT) and folded at 75 octets as they are
    /// written, each with its CRLF, with no `String` made: put together in memory with room for it (an escape at most
    /// doubles a byte, a fold adds three to 74), then appended at once. `line`, when given, is the session's journal
    /// line as written (``Writer/append(_:line:to:)``): its instants' text is copied.
    static func iCalendarEvent(
        _ log: FocusLog, line: UnsafeBufferPointer<UInt8>? = nil, stamp: String, to bytes: inout [UInt8]
    ) {
        var text = log.id.utf8.count + (log.note?.utf8.count ?? 0)
        for tag in log.tags { text += 2 * (tag.utf8.count + 2) }
        let written = line.map { JournalCodec.written($0, idCount: log.id.utf8.count) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * text + 512) { buffer in
            var line = FoldedLine(base: buffer.baseAddress!)
            event(log, written: written, stamp: stamp, to: &line)
            bytes += UnsafeBufferPointer(rebasing: buffer[..<line.count])
        }
    }

    private static func event(
        _ log: FocusLog, written: JournalCodec.WrittenLine?, stamp: String, to line: inout FoldedLine
    ) {
        line.write("BEGIN:VEVENT")
        line.end()
        line.write("UID:")
        line.text(log.id)
        line.write("@focus")
        line.end()
        line.write("DTSTAMP:")
        line.raw(stamp)
        line.end()
        line.write("DTSTART:")
        if let written { line.instant(written: written.start) } else { line.instant(log.start) }
        line.end()
        line.write("DTEND:")
        if let written { line.instant(written: written.end) } else { line.instant(log.end) }
        line.end()
        line.write("SUMMARY:Focus")
        for tag in log.tags {
            line.write(" #")
            line.text(tag)
        }
        line.end()
        line.write("DESCRIPTION:")
        line.duration(log.focused)
        line.write(log.completed ? " of focus\\, completed" : " of focus\\, interrupted")
        if let note = log.note {
            line.write("\\n")
            line.text(note)
        }
        line.end()
        if !log.tags.isEmpty {
            line.write("CATEGORIES:")
            for (index, tag) in log.tags.enumerated() {
                if index > 0 { line.write(",") }
                line.text(tag)
            }
            line.end()
        }
        line.write("TRANSP:OPAQUE")
        line.end()
        line.write("END:VEVENT")
        line.end()
    }

    /// `20261129T090000Z`.
    static func icalInstant(_ date: Date) -> String {
        UTCTimestamp.format(date).filter { $0 != "-" && $0 != ":" }
    }

    /// Content lines being written into memory with room for them, each folded into pieces of at most 75 octets (74
    /// after the first, which a continuation's space begins), never inside a UTF-8 sequence.
    struct FoldedLine {
        let base: UnsafeMutablePointer<UInt8>
        /// Bytes written so far.
        var count = 0
        var octets = 0
        var limit = 75

        init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

        @inline(__always)
        private mutating func fold(_ size: Int) {
            guard octets + size > limit else { return }
            base[count] = 13
            base[count + 1] = 10
            base[count + 2] = UInt8(ascii: " ")
            count += 3
            octets = 0
            limit = 74
        }

        /// Appends one character's UTF-8 sequence, after a fold when it would not fit.
        @inline(__always)
        mutating func put(_ sequence: UnsafeBufferPointer<UInt8>) {
            fold(sequence.count)
            for byte in sequence {
                base[count] = byte
                count += 1
            }
            octets += sequence.count
        }

        @inline(__always)
        mutating func put(_ byte: UInt8) {
            fold(1)
            base[count] = byte
            count += 1
            octets += 1
        }

        /// ASCII bytes with nothing to escape: copied at once when they fit on the line, else a byte at a time.
        mutating func put(ascii bytes: UnsafeBufferPointer<UInt8>) {
            guard octets + bytes.count <= limit, let from = bytes.baseAddress else {
                for byte in bytes { put(byte) }
                return
            }
            (base + count).update(from: from, count: bytes.count)
            count += bytes.count
            octets += bytes.count
        }

        /// Text already in content-line form (ASCII).
        mutating func write(_ text: StaticString) {
            put(ascii: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// `text` as RFC 5545 TEXT: backslash, semicolon and comma escaped, a newline as `\n`, a carriage return
        /// dropped, another control character a space.
        mutating func text(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                var i = 0
                while i < utf8.count {
                    let lead = utf8[i]
                    guard lead < 0x80 else {
                        let size = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                        put(UnsafeBufferPointer(rebasing: utf8[i..<min(i + size, utf8.count)]))
                        i += size
                        continue
                    }
                    i += 1
                    switch lead {
                    case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                        put(UInt8(ascii: "\\"))
                        put(lead)
                    case 10:
                        put(UInt8(ascii: "\\"))
                        put(UInt8(ascii: "n"))
                    case 13: continue
                    case _ where lead < 0x20 || lead == 0x7F: put(UInt8(ascii: " "))
                    default: put(lead)
                    }
                }
            }
        }

        /// ASCII text with nothing to escape, as it is.
        mutating func raw(_ text: String) {
            var text = text
            text.withUTF8 { put(ascii: $0) }
        }

        /// Two decimal digits of `n` (0 to 99).
        mutating func twoDigits(_ n: Int) {
            put(UInt8(truncatingIfNeeded: n / 10) &+ 48)
            put(UInt8(truncatingIfNeeded: n % 10) &+ 48)
        }

        /// The decimal digits of `n` (0 or more).
        mutating func decimal(_ n: Int) {
            if n >= 10 { decimal(n / 10) }
            put(UInt8(truncatingIfNeeded: n % 10) &+ 48)
        }

        /// ``icalInstant(_:)``'s text: the journal's formatter (``UTCTimestamp``) writes the instant, and its bytes
        /// but the separators are put.
        mutating func instant(_ date: Date) {
            var text: [UInt8] = []
            UTCTimestamp.append(epochSeconds: Int(date.timeIntervalSince1970.rounded(.down)), to: &text)
            for byte in text where byte != UInt8(ascii: "-") && byte != UInt8(ascii: ":") { put(byte) }
        }

        /// ``icalInstant(_:)``'s text of an instant as a journal line holds it (`2026-11-29T09:00:00Z`): its
        /// bytes but the separators.
        mutating func instant(written text: UnsafeBufferPointer<UInt8>) {
            put(ascii: UnsafeBufferPointer(rebasing: text[0..<4]))
            put(ascii: UnsafeBufferPointer(rebasing: text[5..<7]))
            put(ascii: UnsafeBufferPointer(rebasing: text[8..<13]))
            put(ascii: UnsafeBufferPointer(rebasing: text[14..<16]))
            put(ascii: UnsafeBufferPointer(rebasing: text[17..<20]))
        }

        /// ``LocalTime/duration(_:)``'s text (`45s`, `25m`, `1h05m`), escaped.
        mutating func duration(_ seconds: Int) {
            guard seconds >= 0 else { return text(LocalTime.duration(seconds)) }
            if seconds < 60 {
                decimal(seconds)
                return put(UInt8(ascii: "s"))
            }
            let hours = seconds / 3600
            if hours > 0 {
                decimal(hours)
                put(UInt8(ascii: "h"))
                twoDigits(seconds / 60 % 60)
            } else {
                decimal(seconds / 60 % 60)
            }
            put(UInt8(ascii: "m"))
        }

        /// Ends the line (CRLF); the next begins.
        mutating func end() {
            base[count] = 13
            base[count + 1] = 10
            count += 2
            octets = 0
            limit = 75
        }
    }
}
