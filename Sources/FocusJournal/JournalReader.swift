import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

/// Splits journal bytes into records (sessions and changes) and problems.
///
/// Pure: it never touches a file, so every bad-input case is testable on
/// bytes. Blank lines are ignored; a line that does not parse becomes a
/// ``JournalIssue`` and the rest of the file is still read.
package enum JournalReader {
    /// Appends each readable line's record to `records` and its 1-based line number to `lines`.
    package static func parse(
        _ bytes: [UInt8], file: String, into records: inout [JournalRecord], lines: inout [Int],
        issues: inout [JournalIssue]
    ) {
        bytes.withUnsafeBufferPointer { all in
            _ = scan(all, file: file, firstLine: 1, issues: &issues) { record, line, _ in
                records.append(record)
                lines.append(line)
            }
        }
    }

    /// Reads the lines of `bytes`, a piece of a journal file that ends where a line ends (or where the file
    /// ends), and calls `visit` with each readable line's record, its line number and its offset in `bytes`.
    ///
    /// `firstLine` numbers the piece's first line, so a file read piece by piece is numbered as if read whole.
    /// Returns the number of lines in the piece (an unterminated last one counts).
    package static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int, issues: inout [JournalIssue],
        _ visit: (JournalRecord, _ line: Int, _ offset: Int) -> Void
    ) -> Int {
        scanLines(bytes, file: file, firstLine: firstLine, issues: &issues, read: record, visit)
    }

    /// ``scan(_:file:firstLine:issues:_:)`` that also gives the bytes of a session's line (without its line end)
    /// when they are exactly what ``JournalCodec/append(_:to:)`` writes for it: an export copies them.
    package static func scanWithLines(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int, issues: inout [JournalIssue],
        _ visit: (JournalRecord, _ asWritten: UnsafeBufferPointer<UInt8>?, _ line: Int, _ offset: Int) -> Void
    ) -> Int {
        scanLines(bytes, file: file, firstLine: firstLine, issues: &issues, read: recordAndLine) { read, line, offset in
            visit(read.record, read.asWritten, line, offset)
        }
    }

    /// A record and, when it is exactly what the writer writes for it, its line (a struct, not a tuple: its
    /// copies are specialised, where a tuple's go through the runtime).
    package struct LineRecord {
        package let record: JournalRecord
        package let asWritten: UnsafeBufferPointer<UInt8>?
    }

    /// What ``scanKeys(_:file:firstLine:issues:_:)`` sees of a line: a session's start and the hash of its id
    /// (``RecordID``), or a change record.
    package enum Key {
        case session(start: Int, idHash: UInt64)
        case change(JournalChange)
    }

    /// ``scan(_:file:firstLine:issues:_:)`` that checks every session by the same rules but makes no `String` or
    /// ``FocusLog`` for one in focus's own line shape: the first pass of a streamed read, which keeps only where
    /// each session is.
    package static func scanKeys(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int, issues: inout [JournalIssue],
        _ visit: (Key, _ line: Int, _ offset: Int) -> Void
    ) -> Int {
        scanLines(bytes, file: file, firstLine: firstLine, issues: &issues, read: key, visit)
    }

    private static func record(_ line: UnsafeBufferPointer<UInt8>) throws(JournalCodec.Failure) -> JournalRecord {
        // Focus's own lines take the fast path; both paths end in the same rules.
        if let fields = CanonicalLine.fields(line) { return .session(try JournalCodec.session(fields)) }
        return try JournalCodec.decodeRecord(line)
    }

    private static func recordAndLine(_ line: UnsafeBufferPointer<UInt8>) throws(JournalCodec.Failure) -> LineRecord {
        if let spans = CanonicalLine.spans(line) {
            let log = try JournalCodec.session(spans.fields(of: line))
            return LineRecord(record: .session(log), asWritten: spans.asWritten ? line : nil)
        }
        return LineRecord(record: try JournalCodec.decodeRecord(line), asWritten: nil)
    }

    private static func key(_ line: UnsafeBufferPointer<UInt8>) throws(JournalCodec.Failure) -> Key {
        if let spans = CanonicalLine.spans(line) {
            let checked = try spans.check(in: line)
            return .session(
                start: checked.start, idHash: RecordID.hash(UnsafeRawBufferPointer(spans.id.bytes(of: line))))
        }
        switch try JournalCodec.decodeRecord(line) {
        case .session(let log):
            return .session(start: Int(log.start.timeIntervalSince1970), idHash: RecordID.hash(log.id))
        case .change(let change): return .change(change)
        }
    }

    @inline(__always)
    private static func scanLines<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int, issues: inout [JournalIssue],
        read: (UnsafeBufferPointer<UInt8>) throws(JournalCodec.Failure) -> R, _ visit: (R, Int, Int) -> Void
    ) -> Int {
        var lineNumber = firstLine - 1
        var start = 0
        let count = bytes.count
        while start < count {
            lineNumber += 1
            let lineStart = start
            let end = lineEnd(bytes, from: start)
            let terminated = end < count
            var stop = end
            if stop > start && bytes[stop - 1] == 13 { stop -= 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<stop])
            start = end + 1
            if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            do throws(JournalCodec.Failure) {
                visit(try read(line), lineNumber, lineStart)
            } catch {
                if TornLine.isCutShort(line) {
                    issues.append(
                        JournalIssue(
                            file: file, line: lineNumber, reason: Self.tornReason(terminated: terminated),
                            isTornTail: true))
                    continue
                }
                let reason: Message =
                    terminated
                    ? error.reason : "incomplete last line (\(error.reason)); a write was probably cut short"
                issues.append(JournalIssue(file: file, line: lineNumber, reason: reason))
            }
        }
        return lineNumber - firstLine + 1
    }

    /// The record on the one line at the start of `bytes` (up to its newline), `nil` when it does not parse.
    package static func record(atStartOf bytes: UnsafeBufferPointer<UInt8>) -> JournalRecord? {
        recordAndLine(atStartOf: bytes)?.record
    }

    /// ``record(atStartOf:)`` and, as ``scanWithLines(_:file:firstLine:issues:_:)`` gives it, the line's bytes.
    package static func recordAndLine(atStartOf bytes: UnsafeBufferPointer<UInt8>) -> LineRecord? {
        var stop = lineEnd(bytes, from: 0)
        if stop > 0 && bytes[stop - 1] == 13 { stop -= 1 }
        return try? recordAndLine(UnsafeBufferPointer(rebasing: bytes[0..<stop]))
    }

    /// Where the line that starts at `start` ends: the index of its newline, or `bytes.count`.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
            let newline = memchr(base + start, 10, bytes.count - start)
        else { return bytes.count }
        return base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
    }

    /// Why a torn line (``TornLine``) is skipped.
    static func tornReason(terminated: Bool) -> Message {
        terminated
            ? """
            a record cut short by a crash, ended by the newline focus wrote before its next one: it was never \
            saved, and is skipped
            """
            : "a record cut short by a crash: it was never saved, and is skipped"
    }
}
