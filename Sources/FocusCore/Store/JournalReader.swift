/// Splits journal bytes into sessions and problems.
///
/// Pure: it never touches a file, so every bad-input case is testable on
/// bytes. Blank lines are ignored; a line that does not parse becomes a
/// ``JournalIssue`` and the rest of the file is still read.
enum JournalReader {
    static func parse(_ bytes: [UInt8], file: String, into logs: inout [FocusLog], issues: inout [JournalIssue]) {
        var lineNumber = 0
        var start = 0
        let count = bytes.count
        while start < count {
            lineNumber += 1
            var end = start
            while end < count && bytes[end] != 10 { end += 1 }
            let terminated = end < count
            var line = bytes[start..<end]
            if line.last == 13 { line = line.dropLast() }
            start = end + 1
            if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            do {
                logs.append(try JournalCodec.decode(line))
            } catch {
                let reason = terminated ? error.reason : "incomplete last line (\(error.reason)); a write was probably cut short"
                issues.append(JournalIssue(file: file, line: lineNumber, reason: reason))
            }
        }
    }
}
