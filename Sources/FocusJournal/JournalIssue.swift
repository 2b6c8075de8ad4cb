import FocusModels

/// A journal line that could not be read; it is skipped, never rewritten.
public struct JournalIssue: Equatable, Sendable, CustomStringConvertible {
    /// Path of the journal file.
    public let file: String
    /// 1-based line number.
    public let line: Int
    /// Why the line was skipped.
    public let reason: Message
    /// Whether the line is a record a crash cut short (see ``TornLine``): never a saved record, so a note, not
    /// damage. It is the file's unterminated last line, or that line followed by the newline focus writes before
    /// its next record.
    public let isTornTail: Bool

    public init(file: String, line: Int, reason: Message, isTornTail: Bool = false) {
        self.file = file
        self.line = line
        self.reason = reason
        self.isTornTail = isTornTail
    }

    /// `file:line: reason`, the form compilers use.
    public var message: Message { "\(file):\(line): \(reason)" }

    /// ``message`` in English.
    public var description: String { message.description }
}

/// An id read more than once. An identical copy is the same record read once
/// (another machine's export, say); a copy that differs is a conflict `focus doctor` reports.
public struct DuplicateRecord: Equatable, Sendable {
    public let id: String
    /// `file:line` of the copy that is used.
    public let first: String
    /// `file:line` of the copy that is ignored.
    public let again: String
    /// Whether both copies say the same thing.
    public let identical: Bool

    package init(id: String, first: String, again: String, identical: Bool) {
        self.id = id
        self.first = first
        self.again = again
        self.identical = identical
    }
}

/// A sync engine's conflict copy of a journal file (see ``JournalFileName/conflictCopy(of:)``), as a load found it.
public struct ConflictCopy: Equatable, Sendable {
    /// Path of the copy.
    public let path: String
    /// The name of the file it is a copy of.
    public let original: String
    /// Records in the copy.
    public let records: Int
    /// Of those, the records no other journal file holds word for word: while any remain, the copy is kept.
    public let onlyHere: Int

    package init(path: String, original: String, records: Int, onlyHere: Int) {
        self.path = path
        self.original = original
        self.records = records
        self.onlyHere = onlyHere
    }
}
