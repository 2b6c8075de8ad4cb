/// Recognises a record a crash cut short: what a killed or powered-off append leaves in a journal file.
///
/// focus writes each record as one line of JSON and reports it saved only after the whole line is on disk,
/// so a write cut short is the beginning of a JSON object that never got its end: the unterminated last line
/// of a file, or that line followed by the newline focus writes before its next record (see
/// ``JournalIssue/isTornTail``). Such a line was never a saved record; it is skipped and noted, not reported
/// as damage. A line that is any other kind of broken (complete JSON with a bad value, garbage, text after
/// the record) is not torn.
package enum TornLine {
    /// Whether `line` is a proper prefix of a JSON object: every byte fits the grammar and the object is still open
    /// where the bytes end.
    package static func isCutShort(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isUTF8Prefix(line) else { return false }
        var scanner = Scanner(bytes: line)
        return scanner.endsInsideAnObject()
    }

    /// Whether `bytes` are valid UTF-8, allowing the last sequence to be cut off.
    private static func isUTF8Prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for cut in 0...min(3, bytes.count) {
            let kept = UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - cut)])
            if String(validating: kept, as: UTF8.self) != nil {
                // Only a leading byte and its continuations may be cut off, never a whole character.
                return cut == 0 || bytes[bytes.count - cut] >= 0xC0
            }
        }
        return false
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The open containers, `{` or `[`.
        var open: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        private enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose }

        /// `true` when the bytes end before the top-level object closes, `false` at the first byte that breaks
        /// the grammar or when the object is complete.
        mutating func endsInsideAnObject() -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
            open.append(bytes[index])
            index += 1
            var expect = Expect.keyOrClose
            while true {
                skipSpace()
                guard index < bytes.count else { return true }
                let c = bytes[index]
                switch expect {
                case .value, .valueOrClose:
                    if c == UInt8(ascii: "]"), expect == .valueOrClose {
                        guard close(c) else { return false }
                        if open.isEmpty { return false }
                        expect = .commaOrClose
                        continue
                    }
                    switch c {
                    case UInt8(ascii: "{"):
                        open.append(c)
                        index += 1
                        expect = .keyOrClose
                        continue
                    case UInt8(ascii: "["):
                        open.append(c)
                        index += 1
                        expect = .valueOrClose
                        continue
                    case UInt8(ascii: "\""):
                        guard let ended = string() else { return false }
                        if !ended { return true }
                    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                        let word = c == UInt8(ascii: "t") ? "true" : c == UInt8(ascii: "f") ? "false" : "null"
                        guard let ended = literal(word) else { return false }
                        if !ended { return true }
                    case UInt8(ascii: "-"), 48...57:
                        number()
                        if index == bytes.count { return true }
                    default: return false
                    }
                    expect = .commaOrClose
                case .key, .keyOrClose:
                    if c == UInt8(ascii: "}"), expect == .keyOrClose {
                        guard close(c) else { return false }
                        if open.isEmpty { return false }
                        expect = .commaOrClose
                        continue
                    }
                    guard c == UInt8(ascii: "\""), let ended = string() else { return false }
                    if !ended { return true }
                    expect = .colon
                case .colon:
                    guard c == UInt8(ascii: ":") else { return false }
                    index += 1
                    expect = .value
                case .commaOrClose:
                    if c == UInt8(ascii: ",") {
                        index += 1
                        expect = open.last == UInt8(ascii: "{") ? .key : .value
                        continue
                    }
                    guard close(c) else { return false }
                    // The object is complete: whatever made the line unreadable, it was not cut short.
                    if open.isEmpty { return false }
                }
            }
        }

        /// Closes the innermost container with `c`; `false` when `c` does not close it.
        private mutating func close(_ c: UInt8) -> Bool {
            let expected = open.last == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            guard c == expected else { return false }
            open.removeLast()
            index += 1
            return true
        }

        /// Skips a string from its opening quote: `true` when it closed, `false` when the bytes end inside it,
        /// `nil` for a byte no JSON string may hold.
        private mutating func string() -> Bool? {
            index += 1
            while index < bytes.count {
                let c = bytes[index]
                if c == UInt8(ascii: "\"") {
                    index += 1
                    return true
                }
                if c < 0x20 { return nil }
                if c == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { return false }
                    let e = bytes[index]
                    if e == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            index += 1
                            guard index < bytes.count else { return false }
                            guard isHexDigit(bytes[index]) else { return nil }
                        }
                    } else if !Array("\"\\/bfnrt".utf8).contains(e) {
                        return nil
                    }
                }
                index += 1
            }
            return false
        }

        /// Reads `word` (`true`, `false`, `null`): `true` when complete, `false` when the bytes end inside it,
        /// `nil` when they differ from it.
        private mutating func literal(_ word: String) -> Bool? {
            for expected in word.utf8 {
                guard index < bytes.count else { return false }
                guard bytes[index] == expected else { return nil }
                index += 1
            }
            return true
        }

        private mutating func number() {
            while index < bytes.count,
                Array("+-.eE".utf8).contains(bytes[index]) || (48...57).contains(bytes[index])
            {
                index += 1
            }
        }

        private mutating func skipSpace() {
            while index < bytes.count, [32, 9, 13, 10].contains(bytes[index]) { index += 1 }
        }

        private func isHexDigit(_ b: UInt8) -> Bool {
            (48...57).contains(b) || (65...70).contains(b) || (97...102).contains(b)
        }
    }
}
