import FoundationEssentials

/// One finished focus session: a session record of the journal (see README "The journal").
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
    /// Tags, in the order given, each once (``tagSet(_:)``); empty for an untagged session.
    public var tags: [String]
    /// Free-text note.
    public var note: String?
    /// Where the session came from.
    public var source: Source
    /// The record of another tool this session was imported from, so a later import can follow it; `nil` for a
    /// session that was not imported from a peer.
    public var origin: Origin?

    /// The stable identity of an imported record in its source, and the source's revision of it.
    public struct Origin: Equatable, Hashable, Sendable {
        /// `watson:<frame id>` or `timewarrior:<start, 20261129T100000Z>`: the same record however it changes there.
        public var key: String
        /// What the source said the last time focus took the record: Watson's `updated_at` (epoch seconds), a hash
        /// of a Timewarrior interval's end and tags.
        public var revision: String?

        public init(key: String, revision: String? = nil) {
            self.key = key
            self.revision = revision
        }

        /// The source the key names: `watson`, `timewarrior`.
        public var source: Substring { key.prefix { $0 != ":" } }
    }

    /// Creates a session record.
    public init(
        id: String, start: Date, end: Date, planned: Int, focused: Int, completed: Bool,
        tz: String? = nil, tags: [String] = [], note: String? = nil, source: Source = .timer, origin: Origin? = nil
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.planned = planned
        self.focused = focused
        self.completed = completed
        self.tz = tz
        self.tags = Self.tagSet(tags)
        self.note = note
        self.source = source
        self.origin = origin
    }

    /// `tags` in order with each one once (the first place it appears).
    public static func tagSet(_ tags: some Sequence<String>) -> [String] {
        let tags = Array(tags)
        // A session has a tag or two: comparing them costs less than hashing them (every session read comes here).
        if tags.count < 2 { return tags }
        guard tags.count > 8 else {
            return tags.indices.filter { i in !tags[..<i].contains(tags[i]) }.map { tags[$0] }
        }
        var seen = Set<String>()
        return tags.filter { seen.insert($0).inserted }
    }

    /// `#a #b` for `tags`, `nil` for none: how every view shows a session's tags.
    public static func hashtags(_ tags: [String]) -> String? {
        guard !tags.isEmpty else { return nil }
        // Appended in a loop: `joined(separator:)` looks its generic types up at run time on its first call, which
        // costs more than the rest of drawing twenty rows of `focus log`.
        var text = ""
        for tag in tags {
            if !text.isEmpty { text += " " }
            text += "#"
            text += tag
        }
        return text
    }

    /// Whether the session carries `tag`.
    public func has(tag: String) -> Bool { tags.contains(tag) }
}
