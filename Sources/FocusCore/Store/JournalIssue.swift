/// A journal line that could not be read; it is skipped, never rewritten.
public struct JournalIssue: Equatable, Sendable, CustomStringConvertible {
    /// Path of the journal file.
    public let file: String
    /// 1-based line number.
    public let line: Int
    /// Why the line was skipped.
    public let reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, the form compilers use.
    public var description: String { "\(file):\(line): \(reason)" }
}
