import FocusModels
import FoundationEssentials

/// A fast reader for the one line shape focus itself writes (see ``JournalCodec/encode(_:)-(FocusLog)``).
///
/// `{"id":…,"start":…,"end":…,"planned":N,"focused":N,"completed":B` followed
/// by any of `tz`, `tag`, `note`, `source` in that order and `}`, with no
/// spaces, no escapes in strings, plain digits and `Z` timestamps. It reads the
/// bytes in place: no per-line array, no dictionary. Anything else, and any
/// line that would fail a check, returns `nil`, and the caller uses the general
/// parser, which accepts every valid JSON object and gives the error. So the
/// two paths return the same session for every line this one accepts.
enum CanonicalLine {
    /// The session on `line`, or `nil` when the line is not in canonical shape (or is not a valid session).
    static func session(_ line: UnsafeBufferPointer<UInt8>) -> FocusLog? {
        var r = Cursor(p: line)
        guard r.literal("{\"id\":"), let id = r.string(),
            r.literal(",\"start\":\""), let start = r.timestamp(), r.literal(",\"end\":\""), let end = r.timestamp(),
            r.literal(",\"planned\":"), let planned = r.seconds(),
            r.literal(",\"focused\":"), let focused = r.seconds(),
            r.literal(",\"completed\":")
        else { return nil }
        let completed: Bool
        if r.literal("true") { completed = true } else if r.literal("false") { completed = false } else { return nil }
        var tz: String?
        var tag: String?
        var note: String?
        var source = FocusLog.Source.timer
        if r.literal(",\"tz\":") {
            guard let s = r.string() else { return nil }
            tz = s
        }
        if r.literal(",\"tag\":") {
            guard let s = r.string() else { return nil }
            tag = s
        }
        if r.literal(",\"note\":") {
            guard let s = r.string() else { return nil }
            note = s
        }
        if r.literal(",\"source\":") {
            guard let s = r.string(), let known = FocusLog.Source(rawValue: s) else { return nil }
            source = known
        }
        guard r.literal("}"), r.i == line.count else { return nil }
        let log = FocusLog(
            id: id, start: Date(timeIntervalSince1970: Double(start)), end: Date(timeIntervalSince1970: Double(end)),
            planned: planned, focused: focused, completed: completed, tz: tz, tag: tag, note: note, source: source)
        do throws(JournalCodec.Failure) { try JournalCodec.check(log) } catch { return nil }
        return log
    }

    private struct Cursor {
        let p: UnsafeBufferPointer<UInt8>
        var i = 0

        mutating func literal(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i + n <= p.count else { return false }
            let s = text.utf8Start
            for k in 0..<n where p[i + k] != s[k] { return false }
            i += n
            return true
        }

        /// A quoted string without escapes or control characters, valid UTF-8.
        mutating func string() -> String? {
            guard i < p.count, p[i] == UInt8(ascii: "\"") else { return nil }
            let start = i + 1
            var j = start
            var ascii = true
            while j < p.count {
                let c = p[j]
                if c == UInt8(ascii: "\"") { break }
                if c < 0x20 || c == UInt8(ascii: "\\") { return nil }
                if c >= 0x80 { ascii = false }
                j += 1
            }
            guard j < p.count else { return nil }
            i = j + 1
            let bytes = UnsafeBufferPointer(rebasing: p[start..<j])
            return ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }

        /// `YYYY-MM-DDTHH:MM:SSZ"`: seconds since the epoch, checked as ``UTCTimestamp/parse(_:)-(C)`` checks it.
        mutating func timestamp() -> Int? {
            guard i + 21 <= p.count, p[i + 4] == 45, p[i + 7] == 45, p[i + 10] == 84, p[i + 13] == 58, p[i + 16] == 58,
                p[i + 19] == 90, p[i + 20] == UInt8(ascii: "\"")
            else { return nil }
            func digits(_ at: Int, _ count: Int) -> Int? {
                var v = 0
                for k in at..<at + count {
                    let d = p[i + k] &- 48
                    guard d < 10 else { return nil }
                    v = v * 10 + Int(d)
                }
                return v
            }
            guard let y = digits(0, 4), let mo = digits(5, 2), let d = digits(8, 2), let h = digits(11, 2),
                let mi = digits(14, 2), let s = digits(17, 2),
                (1...12).contains(mo), d >= 1, d <= CivilDate.daysIn(year: y, month: mo), h < 24, mi < 60, s < 60
            else { return nil }
            i += 21
            return CivilDate(year: y, month: mo, day: d).dayNumber * 86_400 + h * 3600 + mi * 60 + s
        }

        /// Plain digits (no sign, fraction or leading zero), at most six: ``JournalCodec/check(_:)`` bounds the value.
        mutating func seconds() -> Int? {
            var v = 0
            let start = i
            while i < p.count, p[i] &- 48 < 10, i - start < 7 {
                v = v * 10 + Int(p[i] - 48)
                i += 1
            }
            guard i > start, i - start < 7, !(p[start] == 48 && i - start > 1) else { return nil }
            return v
        }
    }
}
