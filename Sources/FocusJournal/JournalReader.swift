import FocusModels

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
            var lineNumber = 0
            var start = 0
            let count = all.count
            while start < count {
                lineNumber += 1
                var end = start
                while end < count && all[end] != 10 { end += 1 }
                let terminated = end < count
                var stop = end
                if stop > start && all[stop - 1] == 13 { stop -= 1 }
                let line = UnsafeBufferPointer(rebasing: all[start..<stop])
                start = end + 1
                if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
                do throws(JournalCodec.Failure) {
                    // Focus's own lines take the fast path; both paths end in the same rules.
                    if let fields = CanonicalLine.fields(line) {
                        records.append(.session(try JournalCodec.session(fields)))
                    } else {
                        records.append(try JournalCodec.decodeRecord(line))
                    }
                    lines.append(lineNumber)
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
        }
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
