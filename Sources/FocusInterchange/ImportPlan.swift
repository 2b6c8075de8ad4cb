import FocusModels

/// What `focus import` will do with its inputs: the sessions to add, how many
/// were already in the journal, and the records skipped with why.
public struct ImportPlan: Equatable, Sendable {
    /// New sessions, in input order.
    public let added: [FocusLog]
    /// Sessions whose id the journal (or an earlier input record) already has.
    public let duplicates: Int
    /// Records that could not be read, with where and why.
    public let skipped: [SessionImporter.Skipped]

    /// Parses every input and sets aside the ids in `known`.
    ///
    /// Input of which nothing could be read is a data error (exit 65) naming
    /// `path`: the wrong `--from`, or not a file of that format at all.
    public init(
        inputs: [(name: String, bytes: [UInt8])], format: SessionImporter.Format, known: Set<String>, path: String
    ) throws(FocusError) {
        var parsed = SessionImporter.Parsed()
        for input in inputs {
            let part = SessionImporter.parse(input.bytes, format: format, name: input.name)
            parsed.sessions += part.sessions
            parsed.skipped += part.skipped
        }
        // A whole-file problem (not JSON, no header) is reported as itself.
        if parsed.sessions.isEmpty, parsed.skipped.count == 1, inputs.count == 1, let only = parsed.skipped.first,
            ["frames", "file", inputs[0].name, "row 1"].contains(only.place.description)
        {
            throw FocusError(.data, "\(path): \(only.reason)")
        }
        if parsed.sessions.isEmpty, let first = parsed.skipped.first {
            let what = format.rawValue
            guard parsed.skipped.count > 1 else {
                throw FocusError(.data, "\(path): nothing could be read as \(what): \(first.message)")
            }
            throw FocusError(
                .data,
                """
                \(path): nothing could be read as \(what): \(first.message) (and \(parsed.skipped.count - 1) more \
                like it)
                """
            )
        }
        var seen = known
        var added: [FocusLog] = []
        var duplicates = 0
        for log in parsed.sessions {
            if seen.insert(log.id).inserted { added.append(log) } else { duplicates += 1 }
        }
        self.added = added
        self.duplicates = duplicates
        skipped = parsed.skipped
    }
}
