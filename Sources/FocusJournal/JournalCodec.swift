import FocusModels
import FoundationEssentials

/// Encodes and decodes journal lines (see README "The journal").
///
/// Encoding is canonical: keys in the documented order, UTC `Z` timestamps in
/// whole seconds, optional keys omitted (and `source` omitted when it is the
/// default, `timer`). Decoding accepts any JSON object with the required keys
/// and ignores unknown keys.
public enum JournalCodec {
    /// Why a line could not be read as a session.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: Message
        public var description: String { reason.description }
    }

    /// The newest record version this build understands: 1 for sessions, 2 for changes (``JournalChange``).
    public static let version = 2

    /// One line of JSON for `log`, without the trailing newline.
    public static func encode(_ log: FocusLog) -> String {
        var writer = JournalLineWriter(capacity: 256)
        writer.append(log)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Appends `log`'s line (``encode(_:)-(FocusLog)``) to `bytes`, without a newline, with no `String` made.
    public static func append(_ log: FocusLog, to bytes: inout [UInt8]) {
        var writer = JournalLineWriter(appendingTo: bytes)
        // The writer holds the only reference now, so it appends in place.
        bytes = []
        writer.append(log)
        bytes = writer.bytes
    }

    /// Where each value's text is on `line`, which is exactly what ``append(_:to:)`` writes for a session whose id is
    /// `idCount` bytes of UTF-8: the instants as ``UTCTimestamp/format(_:)`` writes them, the numbers in plain digits,
    /// the strings with nothing escaped (no quote, backslash or control character in them). An export copies them
    /// rather than formatting the session's values again, and makes no `String` for them.
    package static func written(_ line: UnsafeBufferPointer<UInt8>, idCount: Int) -> WrittenLine {
        // `{"id":"` id `","start":"` start `","end":"` end `","planned":` digits `,"focused":` digits
        // `,"completed":` `true` or `false`, then the optional keys in the writer's order, each `,"key":` and a
        // string or a list of strings, and `}`. An instant as written is 20 bytes.
        var i = idCount + 61 + 18
        func string() -> UnsafeBufferPointer<UInt8> {
            let first = i
            while line[i] != UInt8(ascii: "\"") { i += 1 }
            defer { i += 1 }
            return UnsafeBufferPointer(rebasing: line[first..<i])
        }
        func digits() -> UnsafeBufferPointer<UInt8> {
            let first = i
            while line[i] != UInt8(ascii: ",") { i += 1 }
            return UnsafeBufferPointer(rebasing: line[first..<i])
        }
        let planned = digits()
        i += 11
        let focused = digits()
        i += 13
        let start = idCount + 18
        var fields = WrittenLine(
            id: UnsafeBufferPointer(rebasing: line[7..<7 + idCount]),
            start: UnsafeBufferPointer(rebasing: line[start..<start + 20]),
            end: UnsafeBufferPointer(rebasing: line[start + 29..<start + 49]), planned: planned, focused: focused,
            completed: line[i] == UInt8(ascii: "t"))
        i += fields.completed ? 4 : 5
        while line[i] == UInt8(ascii: ",") {
            i += 2
            let key = string()
            i += 1
            if line[i] == UInt8(ascii: "[") {
                // The only list is `tags`: its strings as they stand, quotes and commas between them.
                let first = i + 1
                repeat {
                    i += 2
                    _ = string()
                } while line[i] == UInt8(ascii: ",")
                fields.tags = UnsafeBufferPointer(rebasing: line[first..<i])
                i += 1
                continue
            }
            i += 1
            let value = string()
            switch (key.count, key[0]) {
            case (2, _): fields.tz = value
            case (3, _): fields.tag = value
            case (4, _): fields.note = value
            case (6, UInt8(ascii: "s")): fields.source = value
            case (6, _): fields.origin = value
            default: fields.revision = value
            }
        }
        return fields
    }

    /// Where ``written(_:idCount:)`` found each value's text on a line.
    package struct WrittenLine {
        package let id: UnsafeBufferPointer<UInt8>
        package let start: UnsafeBufferPointer<UInt8>
        package let end: UnsafeBufferPointer<UInt8>
        package let planned: UnsafeBufferPointer<UInt8>
        package let focused: UnsafeBufferPointer<UInt8>
        package let completed: Bool
        package var tz: UnsafeBufferPointer<UInt8>? = nil
        /// The first tag (the only one when there is no ``tags``).
        package var tag: UnsafeBufferPointer<UInt8>? = nil
        /// The list of two tags or more as it stands between its brackets: each tag quoted, commas between them.
        package var tags: UnsafeBufferPointer<UInt8>? = nil
        package var note: UnsafeBufferPointer<UInt8>? = nil
        /// `nil` for the default source, which the writer leaves out.
        package var source: UnsafeBufferPointer<UInt8>? = nil
        package var origin: UnsafeBufferPointer<UInt8>? = nil
        package var revision: UnsafeBufferPointer<UInt8>? = nil
    }

    /// Every line of `logs`, each followed by a newline: a JSON Lines export.
    public static func encodeLines(_ logs: [FocusLog]) -> String {
        var writer = JournalLineWriter(capacity: logs.count * 200)
        for log in logs {
            writer.append(log)
            writer.newline()
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// One change record (format version 2), without the trailing newline; see ``JournalLineWriter``.
    public static func encode(_ change: JournalChange) -> String {
        var writer = JournalLineWriter(capacity: 160)
        writer.append(change)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Reads one journal line that must be a session (without its newline).
    public static func decode(_ line: some Collection<UInt8>) throws(Failure) -> FocusLog {
        let bytes = Array(line)
        // Focus's own lines take the fast path, as in ``JournalReader``; both paths end in the same rules.
        if let fields = bytes.withUnsafeBufferPointer(CanonicalLine.fields) { return try session(fields) }
        switch try decodeRecord(bytes) {
        case .session(let log): return log
        case .change(let change): throw Failure(reason: "an \"\(change.kind.rawValue)\" record, not a session")
        }
    }

    /// Reads one journal line: a session (no `kind`) or a change (`kind` edit, delete or undo).
    public static func decodeRecord(_ line: some Collection<UInt8>) throws(Failure) -> JournalRecord {
        let fields: [String: FlatJSON.Value]
        do {
            fields = try FlatJSON.parseObject(Array(line))
        } catch {
            throw Failure(reason: error.reason)
        }
        if let v = fields["v"] {
            guard case .number(let n) = v, n == n.rounded() else { throw Failure(reason: "\"v\" must be an integer") }
            if n > Double(version) {
                let shown = Int(exactly: n).map(String.init) ?? "\(n)"
                throw Failure(reason: "record version \(shown) is newer than this focus understands (\(version))")
            }
        }
        if let kind = try optionalString("kind", in: fields), kind != "session" {
            guard let known = JournalChange.Kind(rawValue: kind) else {
                throw Failure(reason: "unknown record \"kind\" \"\(kind)\"")
            }
            return .change(try change(known, fields))
        }
        return .session(try session(fields))
    }

    private static func change(_ kind: JournalChange.Kind, _ fields: [String: FlatJSON.Value]) throws(Failure)
        -> JournalChange
    {
        let id = try string("id", in: fields)
        let target = try string("target", in: fields)
        guard !id.isEmpty, !target.isEmpty else { throw Failure(reason: "\"id\" or \"target\" is empty") }
        let at = Date(timeIntervalSince1970: Double(try requiredInstant("at", in: fields)))
        var patch = SessionPatch()
        if kind == .edit {
            func date(_ key: String) throws(Failure) -> Date? {
                fields[key] == nil ? nil : Date(timeIntervalSince1970: Double(try requiredInstant(key, in: fields)))
            }
            patch.start = try date("start")
            patch.end = try date("end")
            if fields["planned"] != nil { patch.planned = try seconds("planned", in: fields) }
            if fields["focused"] != nil { patch.focused = try seconds("focused", in: fields) }
            switch fields["completed"] {
            case nil: break
            case .bool(let b)?: patch.completed = b
            default: throw Failure(reason: "\"completed\" must be a boolean")
            }
            if fields["tag"] != nil || fields["tags"] != nil {
                patch.tags = tags(try optionalString("tag", in: fields), try optionalStrings("tags", in: fields))
            }
            if fields["note"] != nil { patch.note = .some(try optionalString("note", in: fields)) }
            if let key = try optionalString("origin", in: fields) {
                patch.origin = FocusLog.Origin(key: key, revision: try optionalString("revision", in: fields))
            }
            guard !patch.isEmpty else { throw Failure(reason: "an edit that changes nothing") }
        }
        return JournalChange(id: id, kind: kind, target: target, at: at, patch: patch)
    }

    /// The instants a record may hold, seconds since the epoch: 2000-01-01T00:00:00Z to 2099-12-31T23:59:59Z.
    ///
    /// A clock or a file that says otherwise is wrong (no focus session ran before 2000), and a bound keeps every
    /// date a record holds one that the views can lay out day by day.
    public static let instants = 946_684_800...4_102_444_799

    /// A session line's values as read, before the rules of the format are checked.
    ///
    /// Both readers fill one in (``CanonicalLine`` from focus's own line shape, the general parser from any
    /// JSON object) and ``session(_:)`` checks it: one set of rules, whichever path read the line.
    struct SessionFields {
        var id: String
        /// Seconds since the epoch; `nil` when the text was not a UTC instant.
        var start: Int?
        var end: Int?
        var planned: Double
        var focused: Double
        var completed: Bool
        var tz: String? = nil
        var tag: String? = nil
        /// Every tag, when the line has the list (`tag` is then its first, for readers of the single tag).
        var tags: [String]? = nil
        var note: String? = nil
        var source: String? = nil
        var origin: String? = nil
        var revision: String? = nil
    }

    /// A record's tags: its list when it has one, else its single `tag`; the list wins over a `tag` that disagrees
    /// (only a hand edit makes one), and a list that is there but empty clears them.
    private static func tags(_ tag: String?, _ list: [String]?) -> [String] {
        if let list { return FocusLog.tagSet(list) }
        return tag.map { [$0] } ?? []
    }

    /// The session `fields` describe, when they follow the format's rules.
    static func session(_ fields: SessionFields) throws(Failure) -> FocusLog {
        let checked = try check(
            idIsEmpty: fields.id.isEmpty, start: fields.start, end: fields.end, planned: fields.planned,
            focused: fields.focused, source: fields.source, hasRevision: fields.revision != nil,
            hasOrigin: fields.origin != nil)
        return FocusLog(
            id: fields.id, start: Date(timeIntervalSince1970: Double(checked.start)),
            end: Date(timeIntervalSince1970: Double(checked.end)), planned: checked.planned, focused: checked.focused,
            completed: fields.completed, tz: fields.tz, tags: tags(fields.tag, fields.tags), note: fields.note,
            source: checked.source, origin: fields.origin.map { FocusLog.Origin(key: $0, revision: fields.revision) })
    }

    /// A session's values once the rules passed.
    struct Checked {
        let start: Int
        let end: Int
        let planned: Int
        let focused: Int
        let source: FocusLog.Source
    }

    /// The format's rules for a session's values (the one place they are), and the values they give.
    static func check(
        idIsEmpty: Bool, start: Int?, end: Int?, planned: Double, focused: Double, source: String?, hasRevision: Bool,
        hasOrigin: Bool
    ) throws(Failure) -> Checked {
        guard !idIsEmpty else { throw Failure(reason: "\"id\" is empty") }
        guard let start else { throw notAnInstant("start") }
        guard let end else { throw notAnInstant("end") }
        try inRange("start", start)
        try inRange("end", end)
        guard end >= start else { throw Failure(reason: "\"end\" is before \"start\"") }
        let planned = try seconds("planned", planned)
        let focused = try seconds("focused", focused)
        guard focused <= end - start else {
            throw Failure(reason: "\"focused\" (\(focused) s) is longer than end - start (\(end - start) s)")
        }
        var known = FocusLog.Source.timer
        if let raw = source {
            guard let source = FocusLog.Source(rawValue: raw) else {
                throw Failure(reason: "unknown \"source\" \"\(raw)\"")
            }
            known = source
        }
        if hasRevision, !hasOrigin {
            throw Failure(reason: "a \"revision\" without an \"origin\"")
        }
        return Checked(start: start, end: end, planned: planned, focused: focused, source: known)
    }

    /// Whether focus can read `log` back once written: every record focus appends passes the reader's rules.
    public static func validate(_ log: FocusLog) throws(Failure) {
        _ = try validated(log)
    }

    /// `log` as focus reads it back once written (``encode(_:)-(FocusLog)``, then ``decode(_:)``), without writing
    /// it: its times in whole seconds, its tags as a set; an error when the reader's rules refuse it.
    public static func validated(_ log: FocusLog) throws(Failure) -> FocusLog {
        let fields = SessionFields(
            id: log.id, start: wholeSeconds(log.start), end: wholeSeconds(log.end), planned: Double(log.planned),
            focused: Double(log.focused), completed: log.completed, tz: log.tz, tags: log.tags, note: log.note,
            source: log.source.rawValue, origin: log.origin?.key, revision: log.origin?.revision)
        return try session(fields)
    }

    private static func session(_ fields: [String: FlatJSON.Value]) throws(Failure) -> FocusLog {
        guard case .bool(let completed)? = fields["completed"] else {
            throw missingOrWrong("completed", Message("a boolean"), fields)
        }
        return try session(
            SessionFields(
                id: try string("id", in: fields), start: try instant("start", in: fields),
                end: try instant("end", in: fields), planned: try number("planned", in: fields),
                focused: try number("focused", in: fields), completed: completed,
                tz: try optionalString("tz", in: fields), tag: try optionalString("tag", in: fields),
                tags: try optionalStrings("tags", in: fields), note: try optionalString("note", in: fields),
                source: try optionalString("source", in: fields), origin: try optionalString("origin", in: fields),
                revision: try optionalString("revision", in: fields)))
    }

    /// `date` in whole seconds since the epoch, `nil` when it is beyond any instant a record may hold (or not finite).
    public static func wholeSeconds(_ date: Date) -> Int? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        return Int(seconds)
    }

    /// Refuses an instant outside ``instants``, naming the key.
    private static func inRange(_ key: String, _ seconds: Int) throws(Failure) {
        guard instants.contains(seconds) else {
            let instant = UTCTimestamp.format(epochSeconds: seconds)
            let range =
                UTCTimestamp.format(epochSeconds: instants.lowerBound) + "…"
                + UTCTimestamp.format(epochSeconds: instants.upperBound)
            throw Failure(reason: "\"\(key)\" (\(instant)) is outside \(range)")
        }
    }

    private static func notAnInstant(_ key: String) -> Failure {
        Failure(reason: "\"\(key)\" is not a UTC instant like 2026-11-29T09:00:00Z")
    }

    private static func missingOrWrong(_ key: String, _ type: Message, _ fields: [String: FlatJSON.Value]) -> Failure {
        fields[key] == nil ? Failure(reason: "missing \"\(key)\"") : Failure(reason: "\"\(key)\" must be \(type)")
    }

    private static func string(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> String {
        guard case .string(let s)? = fields[key] else { throw missingOrWrong(key, Message("a string"), fields) }
        return s
    }

    private static func optionalString(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw Failure(reason: "\"\(key)\" must be a string")
        }
    }

    private static func optionalStrings(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure)
        -> [String]?
    {
        switch fields[key] {
        case nil, .null?: return nil
        case .strings(let list)?: return list
        default: throw Failure(reason: "\"\(key)\" must be a list of strings")
        }
    }

    /// The instant under `key`, `nil` when its text is not one (the rules say so); a missing key or another type
    /// is an error here.
    private static func instant(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> Int? {
        var text = try string(key, in: fields)
        return text.withUTF8 { UTCTimestamp.parse($0) }
    }

    private static func requiredInstant(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> Int {
        guard let seconds = try instant(key, in: fields) else { throw notAnInstant(key) }
        try inRange(key, seconds)
        return seconds
    }

    private static func number(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> Double {
        guard case .number(let n)? = fields[key] else {
            throw missingOrWrong(key, Message("a whole number of seconds"), fields)
        }
        return n
    }

    /// The longest planned or focused time a record may hold: a week.
    public static let maximumSeconds = 7 * 86_400

    private static func seconds(_ key: String, _ n: Double) throws(Failure) -> Int {
        guard n == n.rounded() else { throw Failure(reason: "\"\(key)\" must be a whole number of seconds") }
        guard n >= 0, n <= Double(maximumSeconds) else {
            throw Failure(reason: "\"\(key)\" (\(n)) is outside 0…\(maximumSeconds) seconds")
        }
        return Int(n)
    }

    private static func seconds(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> Int {
        try seconds(key, try number(key, in: fields))
    }
}
