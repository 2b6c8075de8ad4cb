import FocusModels
import FoundationEssentials

/// Encodes and decodes journal lines (format version 1, see README "The journal").
///
/// Encoding is canonical: keys in the documented order, UTC `Z` timestamps in
/// whole seconds, optional keys omitted (and `source` omitted when it is the
/// default, `timer`). Decoding accepts any JSON object with the required keys
/// and ignores unknown keys.
public enum JournalCodec {
    /// Why a line could not be read as a session.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// The newest record version this build understands: 1 for sessions, 2 for changes (``JournalChange``).
    public static let version = 2

    /// One line of JSON for `log`, without the trailing newline.
    public static func encode(_ log: FocusLog) -> String {
        var writer = JournalLineWriter(capacity: 256)
        writer.append(log)
        return String(decoding: writer.bytes, as: UTF8.self)
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

    /// One change record (format version 2), without the trailing newline.
    ///
    /// `{"v":2,"kind":"edit","id":…,"target":…,"at":…}` followed, for an edit,
    /// by the overridden fields in session key order (`null` clears `tag` or `note`).
    public static func encode(_ change: JournalChange) -> String {
        var out = "{\"v\":2,\"kind\":\"" + change.kind.rawValue + "\",\"id\":" + quoted(change.id)
        out += ",\"target\":" + quoted(change.target) + ",\"at\":\"" + UTCTimestamp.format(change.at) + "\""
        let p = change.patch
        if let start = p.start { out += ",\"start\":\"" + UTCTimestamp.format(start) + "\"" }
        if let end = p.end { out += ",\"end\":\"" + UTCTimestamp.format(end) + "\"" }
        if let planned = p.planned { out += ",\"planned\":\(planned)" }
        if let focused = p.focused { out += ",\"focused\":\(focused)" }
        if let completed = p.completed { out += ",\"completed\":\(completed)" }
        if let tag = p.tag { out += ",\"tag\":" + (tag.map(quoted) ?? "null") }
        if let note = p.note { out += ",\"note\":" + (note.map(quoted) ?? "null") }
        return out + "}"
    }

    /// Reads one journal line that must be a session (without its newline).
    public static func decode(_ line: some Collection<UInt8>) throws(Failure) -> FocusLog {
        switch try decodeRecord(line) {
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
                throw Failure(
                    reason:
                        "record version \(Int(exactly: n).map(String.init) ?? "\(n)") is newer than this focus understands (\(version))"
                )
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
        let at = Date(timeIntervalSince1970: Double(try instant("at", in: fields)))
        var patch = SessionPatch()
        if kind == .edit {
            func date(_ key: String) throws(Failure) -> Date? {
                fields[key] == nil ? nil : Date(timeIntervalSince1970: Double(try instant(key, in: fields)))
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
            if fields["tag"] != nil { patch.tag = .some(try optionalString("tag", in: fields)) }
            if fields["note"] != nil { patch.note = .some(try optionalString("note", in: fields)) }
            guard !patch.isEmpty else { throw Failure(reason: "an edit that changes nothing") }
        }
        return JournalChange(id: id, kind: kind, target: target, at: at, patch: patch)
    }

    private static func session(_ fields: [String: FlatJSON.Value]) throws(Failure) -> FocusLog {
        let id = try string("id", in: fields)
        let start = try instant("start", in: fields)
        let end = try instant("end", in: fields)
        let planned = try seconds("planned", in: fields)
        let focused = try seconds("focused", in: fields)
        guard case .bool(let completed)? = fields["completed"] else {
            throw missingOrWrong("completed", "a boolean", fields)
        }
        var source = FocusLog.Source.timer
        if let raw = try optionalString("source", in: fields) {
            guard let known = FocusLog.Source(rawValue: raw) else {
                throw Failure(reason: "unknown \"source\" \"\(raw)\"")
            }
            source = known
        }
        let log = FocusLog(
            id: id, start: Date(timeIntervalSince1970: Double(start)), end: Date(timeIntervalSince1970: Double(end)),
            planned: planned, focused: focused, completed: completed,
            tz: try optionalString("tz", in: fields), tag: try optionalString("tag", in: fields),
            note: try optionalString("note", in: fields), source: source)
        try check(log)
        return log
    }

    /// What every session must satisfy to be read back: a non-empty id, `end` not before
    /// `start`, `planned` and `focused` within 0…``FocusLog/maximumSeconds``, and `focused`
    /// no longer than `end - start`.
    ///
    /// The one rule for both directions: the reader refuses a line that fails it, and the
    /// store refuses to write a session that fails it, so focus never writes what it cannot read.
    public static func check(_ log: FocusLog) throws(Failure) {
        guard !log.id.isEmpty else { throw Failure(reason: "\"id\" is empty") }
        let start = Int(log.start.timeIntervalSince1970.rounded(.down))
        let end = Int(log.end.timeIntervalSince1970.rounded(.down))
        guard end >= start else { throw Failure(reason: "\"end\" is before \"start\"") }
        try checkSeconds("planned", log.planned)
        try checkSeconds("focused", log.focused)
        guard log.focused <= end - start else {
            throw Failure(reason: "\"focused\" (\(log.focused) s) is longer than end - start (\(end - start) s)")
        }
    }

    private static func checkSeconds(_ key: String, _ value: Int) throws(Failure) {
        guard (0...FocusLog.maximumSeconds).contains(value) else { throw outOfRange(key, Double(value)) }
    }

    private static func outOfRange(_ key: String, _ value: Double) -> Failure {
        Failure(reason: "\"\(key)\" (\(value)) is outside 0…\(FocusLog.maximumSeconds) seconds")
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var writer = JournalLineWriter()
        writer.quoted(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func missingOrWrong(_ key: String, _ type: String, _ fields: [String: FlatJSON.Value]) -> Failure {
        fields[key] == nil ? Failure(reason: "missing \"\(key)\"") : Failure(reason: "\"\(key)\" must be \(type)")
    }

    private static func string(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> String {
        guard case .string(let s)? = fields[key] else { throw missingOrWrong(key, "a string", fields) }
        return s
    }

    private static func optionalString(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw Failure(reason: "\"\(key)\" must be a string")
        }
    }

    private static func instant(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> Int {
        let text = try string(key, in: fields)
        guard let seconds = UTCTimestamp.parse(Array(text.utf8)) else {
            throw Failure(reason: "\"\(key)\" is not a UTC instant like 2026-11-29T09:00:00Z")
        }
        return seconds
    }

    private static func seconds(_ key: String, in fields: [String: FlatJSON.Value]) throws(Failure) -> Int {
        guard case .number(let n)? = fields[key], n == n.rounded() else {
            throw missingOrWrong(key, "a whole number of seconds", fields)
        }
        guard let value = Int(exactly: n) else { throw outOfRange(key, n) }
        try checkSeconds(key, value)
        return value
    }
}
