import FoundationEssentials

/// One finished focus session: a record of journal format version 1.
///
/// A `FocusLog` is the unit everything else is computed from. It is a value:
/// the journal holds it as one JSON line (see ``JournalCodec``) and nothing
/// ever rewrites it.
public struct FocusLog: Equatable, Hashable, Sendable, Identifiable {
    /// Where a session came from. Only `timer` sessions earn expedition progress.
    public enum Source: String, Sendable, CaseIterable {
        case timer, manual, `import`
    }

    /// Unique id; a duplicate id in the journal is the same session.
    public var id: String
    /// Wall-clock instant the session started, whole seconds.
    public var start: Date
    /// Wall-clock instant the session ended, whole seconds.
    public var end: Date
    /// Planned focus length in seconds.
    public var planned: Int
    /// Seconds actually focused: pauses and machine sleep excluded.
    public var focused: Int
    /// Whether the planned time was reached.
    public var completed: Bool
    /// IANA zone where the session ran; `nil` means the reader's zone.
    public var tz: String?
    /// Free-text tag.
    public var tag: String?
    /// Free-text note.
    public var note: String?
    /// Where the session came from.
    public var source: Source

    /// Creates a session record.
    public init(
        id: String, start: Date, end: Date, planned: Int, focused: Int, completed: Bool,
        tz: String? = nil, tag: String? = nil, note: String? = nil, source: Source = .timer
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.planned = planned
        self.focused = focused
        self.completed = completed
        self.tz = tz
        self.tag = tag
        self.note = note
        self.source = source
    }
}
