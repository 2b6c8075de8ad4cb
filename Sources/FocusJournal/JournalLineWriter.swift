import FocusModels
import FoundationEssentials

/// Writes journal lines as bytes: sessions and change records, keys in the documented order.
///
/// ``JournalCodec`` returns the same lines (it is built on this); exports of every session use it directly,
/// without a `String` per field: an export of 100,000 sessions spends most of its time here.
struct JournalLineWriter {
    private var json: JSONWriter

    init(capacity: Int = 0) { json = JSONWriter(capacity: capacity) }

    /// A writer that appends to `bytes`.
    init(appendingTo bytes: [UInt8]) { json = JSONWriter(appendingTo: bytes) }

    var bytes: [UInt8] { json.bytes }

    /// Appends `log`'s line, without a newline.
    mutating func append(_ log: FocusLog) {
        json.raw("{\"id\":")
        json.quoted(log.id)
        json.raw(",\"start\":")
        json.timestamp(log.start)
        json.raw(",\"end\":")
        json.timestamp(log.end)
        json.raw(",\"planned\":")
        json.integer(log.planned)
        json.raw(",\"focused\":")
        json.integer(log.focused)
        json.raw(log.completed ? ",\"completed\":true" : ",\"completed\":false")
        if let tz = log.tz {
            json.raw(",\"tz\":")
            json.quoted(tz)
        }
        if let tag = log.tags.first {
            json.raw(",\"tag\":")
            json.quoted(tag)
        }
        if log.tags.count > 1 { list("tags", log.tags) }
        if let note = log.note {
            json.raw(",\"note\":")
            json.quoted(note)
        }
        if log.source != .timer {
            json.raw(",\"source\":")
            json.quoted(log.source.rawValue)
        }
        if let origin = log.origin { self.origin(origin) }
        json.raw("}")
    }

    /// `,"origin":…` and, when known, `,"revision":…`.
    private mutating func origin(_ origin: FocusLog.Origin) {
        json.raw(",\"origin\":")
        json.quoted(origin.key)
        if let revision = origin.revision {
            json.raw(",\"revision\":")
            json.quoted(revision)
        }
    }

    /// `,"key":["a","b"]`.
    private mutating func list(_ key: StaticString, _ values: [String]) {
        json.raw(",\"")
        json.raw(key)
        json.raw("\":[")
        for (index, value) in values.enumerated() {
            if index > 0 { json.raw(",") }
            json.quoted(value)
        }
        json.raw("]")
    }

    /// Appends a change record's line (format version 2), without a newline: `{"v":2,"kind":…,"id":…,
    /// "target":…,"at":…}` followed, for an edit, by the overridden fields in session key order (`"tag":null`
    /// clears the tags, `"note":null` the note; several tags are `tag`, the first, then the `tags` list).
    mutating func append(_ change: JournalChange) {
        json.raw("{\"v\":2,\"kind\":")
        json.quoted(change.kind.rawValue)
        json.raw(",\"id\":")
        json.quoted(change.id)
        json.raw(",\"target\":")
        json.quoted(change.target)
        json.raw(",\"at\":")
        json.timestamp(change.at)
        let patch = change.patch
        if let start = patch.start {
            json.raw(",\"start\":")
            json.timestamp(start)
        }
        if let end = patch.end {
            json.raw(",\"end\":")
            json.timestamp(end)
        }
        if let planned = patch.planned {
            json.raw(",\"planned\":")
            json.integer(planned)
        }
        if let focused = patch.focused {
            json.raw(",\"focused\":")
            json.integer(focused)
        }
        if let completed = patch.completed { json.raw(completed ? ",\"completed\":true" : ",\"completed\":false") }
        if let tags = patch.tags {
            optional("tag", tags.first)
            if tags.count > 1 { list("tags", tags) }
        }
        if let note = patch.note { optional("note", note) }
        if let origin = patch.origin { self.origin(origin) }
        json.raw("}")
    }

    private mutating func optional(_ key: StaticString, _ value: String?) {
        json.raw(",\"")
        json.raw(key)
        json.raw("\":")
        if let value { json.quoted(value) } else { json.raw("null") }
    }

    /// Appends a newline.
    mutating func newline() { json.newline() }
}
