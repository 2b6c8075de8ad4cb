import FocusModels
import FoundationEssentials

/// A fast reader for the one line shape focus itself writes (see ``JournalLineWriter``): an optimisation of the
/// general parser, not a second set of rules.
///
/// `{"id":…,"start":…,"end":…,"planned":N,"focused":N,"completed":B` followed
/// by any of `tz`, `tag`, `tags`, `note`, `source`, `origin`, `revision` in that order and `}`, with no
/// spaces, no escapes in strings and plain digits. It reads the bytes in place
/// (no per-line array, no dictionary) into ``Spans`` (where each value is) and, when asked, into
/// ``JournalCodec/SessionFields``; the same rules (`JournalCodec.check`) judge it as any other line. A line
/// in any other shape returns `nil`, and the caller uses the general parser.
enum CanonicalLine {
    /// The values on `line`, or `nil` when the line is not in canonical shape.
    static func fields(_ line: UnsafeBufferPointer<UInt8>) -> JournalCodec.SessionFields? {
        spans(line)?.fields(of: line)
    }

    /// Where a string's text is on the line (valid UTF-8), and whether it is ASCII.
    struct Span {
        let start: Int
        let count: Int
        let ascii: Bool

        func bytes(of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: line[start..<start + count])
        }

        func string(of line: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: bytes(of: line), as: UTF8.self)
        }

        func equals(_ other: Span, in line: UnsafeBufferPointer<UInt8>) -> Bool {
            count == other.count && bytes(of: line).elementsEqual(other.bytes(of: line))
        }
    }

    /// A canonical line's values, its text as places on the line: no `String` made.
    struct Spans {
        var id: Span
        /// Seconds since the epoch; `nil` when the text was not a UTC instant.
        var start: Int?
        var end: Int?
        var planned: Int
        var focused: Int
        var completed: Bool
        var tz: Span? = nil
        var tag: Span? = nil
        var tags: [Span]? = nil
        var note: Span? = nil
        var source: Span? = nil
        var origin: Span? = nil
        var revision: Span? = nil
        /// Whether the line is exactly what ``JournalLineWriter`` writes for the session it holds: an export
        /// copies such a line rather than writing it again.
        var asWritten = false

        /// The values with their text as `String`s.
        func fields(of line: UnsafeBufferPointer<UInt8>) -> JournalCodec.SessionFields {
            JournalCodec.SessionFields(
                id: id.string(of: line), start: start, end: end, planned: Double(planned), focused: Double(focused),
                completed: completed, tz: tz?.string(of: line), tag: tag?.string(of: line),
                tags: tags?.map { $0.string(of: line) }, note: note?.string(of: line), source: source?.string(of: line),
                origin: origin?.string(of: line), revision: revision?.string(of: line))
        }

        /// The format's rules for these values (`JournalCodec.check`), with no `String` made but a `source`.
        func check(in line: UnsafeBufferPointer<UInt8>) throws(JournalCodec.Failure) -> JournalCodec.Checked {
            try JournalCodec.check(
                idIsEmpty: id.count == 0, start: start, end: end, planned: Double(planned), focused: Double(focused),
                source: source?.string(of: line), hasRevision: revision != nil, hasOrigin: origin != nil)
        }
    }

    /// Where the values on `line` are, or `nil` when the line is not in canonical shape.
    static func spans(_ line: UnsafeBufferPointer<UInt8>) -> Spans? {
        var r = Cursor(p: line)
        guard r.literal("{\"id\":"), let id = r.string(), r.literal(",\"start\":"), let start = r.instant(),
            r.literal(",\"end\":"), let end = r.instant(), r.literal(",\"planned\":"), let planned = r.digits(),
            r.literal(",\"focused\":"), let focused = r.digits(), r.literal(",\"completed\":")
        else { return nil }
        let completed: Bool
        if r.literal("true") { completed = true } else if r.literal("false") { completed = false } else { return nil }
        var fields = Spans(id: id, start: start, end: end, planned: planned, focused: focused, completed: completed)
        if r.literal(",\"tz\":") {
            guard let s = r.string() else { return nil }
            fields.tz = s
        }
        if r.literal(",\"tag\":") {
            guard let s = r.string() else { return nil }
            fields.tag = s
        }
        if r.literal(",\"tags\":[") {
            var list: [Span] = []
            repeat {
                guard let s = r.string() else { return nil }
                list.append(s)
            } while r.literal(",")
            guard r.literal("]") else { return nil }
            fields.tags = list
        }
        if r.literal(",\"note\":") {
            guard let s = r.string() else { return nil }
            fields.note = s
        }
        if r.literal(",\"source\":") {
            guard let s = r.string() else { return nil }
            fields.source = s
        }
        if r.literal(",\"origin\":") {
            guard let s = r.string() else { return nil }
            fields.origin = s
        }
        if r.literal(",\"revision\":") {
            guard let s = r.string() else { return nil }
            fields.revision = s
        }
        guard r.literal("}"), r.i == line.count else { return nil }
        // What the writer would change: an instant with an offset, a DEL (escaped), the default source, a list of
        // tags it would not write (one tag, one twice, a first that is not the `tag`).
        fields.asWritten =
            r.asWritten && fields.source.map { !$0.bytes(of: line).elementsEqual("timer".utf8) } ?? true
            && fields.tags.map { list in
                guard list.count > 1, let tag = fields.tag, tag.equals(list[0], in: line) else { return false }
                return list.indices.allSatisfy { i in !list[..<i].contains { $0.equals(list[i], in: line) } }
            } ?? true
        return fields
    }

    private struct Cursor {
        let p: UnsafeBufferPointer<UInt8>
        var i = 0
        /// No instant with an offset and no DEL in a string so far (see ``Spans/asWritten``).
        var asWritten = true

        mutating func literal(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            assert(n <= 16, "two words compare a key of 16 bytes at most")
            guard i + n <= p.count, let base = p.baseAddress else { return false }
            let s = UnsafeRawPointer(text.utf8Start)
            let at = UnsafeRawPointer(base + i)
            // Every key is at most 16 bytes: two words that may overlap, compared whole (a byte at a time was a fifth
            // of reading a line).
            if n >= 8 {
                guard at.loadUnaligned(as: UInt64.self) == s.loadUnaligned(as: UInt64.self),
                    at.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                        == s.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                else { return false }
            } else {
                for k in 0..<n where p[i + k] != s.load(fromByteOffset: k, as: UInt8.self) { return false }
            }
            i += n
            return true
        }

        /// A quoted string without escapes or control characters, valid UTF-8.
        mutating func string() -> Span? {
            guard i < p.count, p[i] == UInt8(ascii: "\""), let base = p.baseAddress else { return nil }
            let start = i + 1
            var j = start
            var ascii = true
            // Eight bytes at a time while none is a quote, a backslash, a control, DEL or beyond ASCII: the bytes of
            // most text, read at a quarter of the cost; the word that holds one goes on a byte at a time.
            while j + 8 <= p.count, Self.plain(UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)) { j += 8 }
            while j < p.count {
                let c = p[j]
                if c == UInt8(ascii: "\"") { break }
                if c < 0x20 || c == UInt8(ascii: "\\") { return nil }
                if c >= 0x80 { ascii = false } else if c == 0x7F { asWritten = false }
                j += 1
            }
            guard j < p.count else { return nil }
            let span = Span(start: start, count: j - start, ascii: ascii)
            guard ascii || String(validating: span.bytes(of: p), as: UTF8.self) != nil else { return nil }
            i = j + 1
            return span
        }

        /// Whether none of the eight bytes of `word` is a quote, a backslash, below 0x20 or above 0x7E (the
        /// byte-at-a-time test of ``string()``, for a word).
        @inline(__always)
        private static func plain(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZero(_ w: UInt64) -> UInt64 { (w &- ones) & ~w & highs }
            // `w + 1` carries into a byte's high bit for DEL (0x7F) and any byte that has it already.
            let special =
                hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C)) | ((word &- ones &* 0x20) & ~word)
                | (((word & ~highs) &+ ones) | word)
            return special & highs == 0
        }

        /// A quoted instant: its seconds, or `.some(nil)` when the text is not one (the rules decide what that
        /// means); `nil` when it is not a plain quoted string.
        mutating func instant() -> Int?? {
            guard i < p.count, p[i] == UInt8(ascii: "\"") else { return nil }
            // The instant as focus writes it: its 20 bytes hold no quote, control or backslash once they parse.
            if i + 21 < p.count, p[i + 21] == UInt8(ascii: "\""),
                let seconds = UTCTimestamp.parse(UnsafeBufferPointer(rebasing: p[(i + 1)..<(i + 21)]))
            {
                i += 22
                return .some(seconds)
            }
            var j = i + 1
            while j < p.count, p[j] != UInt8(ascii: "\""), p[j] >= 0x20, p[j] != UInt8(ascii: "\\") { j += 1 }
            guard j < p.count, p[j] == UInt8(ascii: "\"") else { return nil }
            defer { i = j + 1 }
            if j - i != 21 { asWritten = false }
            return .some(UTCTimestamp.parse(UnsafeBufferPointer(rebasing: p[(i + 1)..<j])))
        }

        /// Plain digits (no sign, fraction or leading zero), at most seven.
        mutating func digits() -> Int? {
            var v = 0
            let start = i
            while i < p.count, p[i] &- 48 < 10, i - start < 8 {
                v = v * 10 + Int(p[i] - 48)
                i += 1
            }
            guard i > start, i - start < 8, !(p[start] == 48 && i - start > 1) else { return nil }
            return v
        }
    }
}
