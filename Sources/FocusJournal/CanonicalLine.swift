import FocusModels
import FoundationEssentials

/// A fast reader for the one line shape focus itself writes (see ``JournalLineWriter``): an optimisation of the
/// general parser, not a second set of rules.
///
/// `{"id":…,"start":…,"end":…,"planned":N,"focused":N,"completed":B` followed
/// by any of `tz`, `tag`, `tags`, `note`, `source`, `origin`, `revision` in that order and `}`, with no
/// spaces, no escapes in strings and plain digits. It reads the bytes in place
/// (no per-line array, no dictionary) into ``JournalCodec/SessionFields``, which
/// the same ``JournalCodec/session(_:)`` checks as for any other line. A line in
/// any other shape returns `nil`, and the caller uses the general parser.
enum CanonicalLine {
    /// The values on `line`, or `nil` when the line is not in canonical shape.
    static func fields(_ line: UnsafeBufferPointer<UInt8>) -> JournalCodec.SessionFields? {
        fields(line, as: String.self)
    }

    /// The values on `line` with its text as `Text` (a ``JournalCodec/TextSpan`` makes no `String`), or `nil` when
    /// the line is not in canonical shape.
    @inline(__always)
    static func fields<Text: JournalCodec.FieldText>(_ line: UnsafeBufferPointer<UInt8>, as: Text.Type)
        -> JournalCodec.Fields<Text>?
    {
        var r = Cursor<Text>(p: line)
        guard r.literal("{\"id\":"), let id = r.string(), r.literal(",\"start\":"), let start = r.instant(),
            r.literal(",\"end\":"), let end = r.instant(), r.literal(",\"planned\":"), let planned = r.digits(),
            r.literal(",\"focused\":"), let focused = r.digits(), r.literal(",\"completed\":")
        else { return nil }
        let completed: Bool
        if r.literal("true") { completed = true } else if r.literal("false") { completed = false } else { return nil }
        var fields = JournalCodec.Fields<Text>(
            id: id, start: start, end: end, planned: Double(planned), focused: Double(focused), completed: completed)
        if r.literal(",\"tz\":") {
            guard let s = r.string() else { return nil }
            fields.tz = s
        }
        if r.literal(",\"tag\":") {
            guard let s = r.string() else { return nil }
            fields.tag = s
        }
        if r.literal(",\"tags\":[") {
            var list: [Text] = []
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
            r.asWritten && fields.source?.string != "timer"
            && fields.tags.map { list in
                list.count > 1 && fields.tag == list[0]
                    && list.indices.allSatisfy { i in !list[..<i].contains(list[i]) }
            } ?? true
        return fields
    }

    private struct Cursor<Text: JournalCodec.FieldText> {
        let p: UnsafeBufferPointer<UInt8>
        var i = 0
        /// No instant with an offset and no DEL in a string so far (see ``JournalCodec/Fields/asWritten``).
        var asWritten = true

        mutating func literal(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i + n <= p.count else { return false }
            let s = text.utf8Start
            for k in 0..<n where p[i + k] != s[k] { return false }
            i += n
            return true
        }

        /// A quoted string without escapes or control characters, valid UTF-8.
        mutating func string() -> Text? {
            guard i < p.count, p[i] == UInt8(ascii: "\"") else { return nil }
            let start = i + 1
            var j = start
            var ascii = true
            while j < p.count {
                let c = p[j]
                if c == UInt8(ascii: "\"") { break }
                if c < 0x20 || c == UInt8(ascii: "\\") { return nil }
                if c >= 0x80 { ascii = false } else if c == 0x7F { asWritten = false }
                j += 1
            }
            guard j < p.count else { return nil }
            i = j + 1
            let bytes = UnsafeBufferPointer(rebasing: p[start..<j])
            return Text(bytes, ascii: ascii)
        }

        /// A quoted instant: its seconds, or `.some(nil)` when the text is not one (the rules decide what that
        /// means); `nil` when it is not a plain quoted string.
        mutating func instant() -> Int?? {
            guard i < p.count, p[i] == UInt8(ascii: "\"") else { return nil }
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
