import FocusModels

/// A minimal reader for one JSON object whose interesting values are scalars.
///
/// The journal is read line by line and most of a command's time can go into
/// that, so this avoids `JSONDecoder` (about 30 MB/s here) while still
/// accepting any valid JSON object: a list of strings is read (`tags`), other
/// nested values are validated and skipped.
package struct FlatJSON {
    package enum Value: Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        /// A list whose every item is a string.
        case strings([String])
        /// Any other list or object, validated and skipped.
        case nested
    }

    package struct Failure: Error, Equatable {
        package let reason: Message
    }

    private let bytes: [UInt8]
    private var index = 0

    /// Parses `bytes` as one JSON object; keys map to their values (the last wins).
    package static func parseObject(_ bytes: [UInt8]) throws(Failure) -> [String: Value] {
        var parser = FlatJSON(bytes: bytes)
        return try parser.object()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func object() throws(Failure) -> [String: Value] {
        skipSpace()
        guard peek() == UInt8(ascii: "{") else { throw Failure(reason: "not a JSON object") }
        index += 1
        var fields: [String: Value] = [:]
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipSpace()
                guard peek() == UInt8(ascii: "\"") else {
                    throw Failure(reason: "expected a key at column \(index + 1)")
                }
                let key = try string()
                skipSpace()
                guard peek() == UInt8(ascii: ":") else { throw Failure(reason: "expected ':' at column \(index + 1)") }
                index += 1
                fields[key] = try value(depth: 0)
                skipSpace()
                if peek() == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    break
                }
                throw Failure(
                    reason: index >= bytes.count
                        ? "line ends inside the record" : "expected ',' or '}' at column \(index + 1)")
            }
        }
        skipSpace()
        guard index == bytes.count else {
            throw Failure(reason: "unexpected text after the record at column \(index + 1)")
        }
        return fields
    }

    private mutating func value(depth: Int) throws(Failure) -> Value {
        guard depth < 64 else { throw Failure(reason: "nesting too deep") }
        skipSpace()
        guard let c = peek() else { throw Failure(reason: "line ends inside the record") }
        switch c {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "["):
            let start = index
            if let strings = try stringList() { return .strings(strings) }
            index = start
            try skipContainer(open: c, depth: depth)
            return .nested
        case UInt8(ascii: "{"):
            try skipContainer(open: c, depth: depth)
            return .nested
        default: return .number(try number())
        }
    }

    /// A list of strings from its `[`, or `nil` when an item is not a string (the caller then reads it again from
    /// where it began, as a nested value to skip).
    private mutating func stringList() throws(Failure) -> [String]? {
        index += 1
        var out: [String] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return out
        }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else { return nil }
            out.append(try string())
            skipSpace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if peek() == UInt8(ascii: "]") {
                index += 1
                return out
            }
            return nil
        }
    }

    private mutating func skipContainer(open: UInt8, depth: Int) throws(Failure) {
        let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        skipSpace()
        if peek() == close {
            index += 1
            return
        }
        while true {
            if open == UInt8(ascii: "{") {
                skipSpace()
                guard peek() == UInt8(ascii: "\"") else {
                    throw Failure(reason: "expected a key at column \(index + 1)")
                }
                _ = try string()
                skipSpace()
                guard peek() == UInt8(ascii: ":") else { throw Failure(reason: "expected ':' at column \(index + 1)") }
                index += 1
            }
            _ = try value(depth: depth + 1)
            skipSpace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if peek() == close {
                index += 1
                return
            }
            throw Failure(reason: "malformed nested value at column \(index + 1)")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else {
            throw Failure(reason: "invalid literal at column \(index + 1)")
        }
        index += expected.count
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        while let c = peek(),
            c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || (c >= 48 && c <= 57)
        {
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty, let value = Double(text), value.isFinite else {
            throw Failure(reason: "invalid value at column \(start + 1)")
        }
        return value
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        var hasEscape = false
        while true {
            guard let c = peek() else { throw Failure(reason: "line ends inside a string") }
            if c == UInt8(ascii: "\"") { break }
            if c < 0x20 { throw Failure(reason: "control character inside a string at column \(index + 1)") }
            if c == UInt8(ascii: "\\") {
                hasEscape = true
                index += 1
            }
            index += 1
        }
        let raw = bytes[start..<index]
        index += 1
        if !hasEscape {
            // ASCII (ids, names, nearly every string) needs no validation, and `String(decoding:)` copies the bytes at
            // once, where `String(validating:)` on a slice costs thousands of instructions a string.
            if raw.allSatisfy({ $0 < 0x80 }) { return String(decoding: raw, as: UTF8.self) }
            guard let s = String(validating: raw, as: UTF8.self) else {
                throw Failure(reason: "invalid UTF-8 in a string")
            }
            return s
        }
        return try unescape(raw)
    }

    private func unescape(_ raw: ArraySlice<UInt8>) throws(Failure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        func hex4(_ at: Int) throws(Failure) -> UInt32 {
            guard at + 4 <= raw.endIndex else { throw Failure(reason: "bad \\u escape") }
            var v: UInt32 = 0
            for b in raw[at..<at + 4] {
                let d: UInt32
                switch b {
                case 48...57: d = UInt32(b - 48)
                case 65...70: d = UInt32(b - 55)
                case 97...102: d = UInt32(b - 87)
                default: throw Failure(reason: "bad \\u escape")
                }
                v = v << 4 | d
            }
            return v
        }
        while i < raw.endIndex {
            let c = raw[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < raw.endIndex else { throw Failure(reason: "bad escape") }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 6 <= raw.endIndex, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") else {
                        throw Failure(reason: "unpaired surrogate in a string")
                    }
                    let low = try hex4(i + 2)
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw Failure(reason: "unpaired surrogate in a string")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let u = Unicode.Scalar(scalar) else { throw Failure(reason: "unpaired surrogate in a string") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw Failure(reason: "bad escape")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw Failure(reason: "invalid UTF-8 in a string") }
        return s
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let c = peek(), c == 32 || c == 9 || c == 13 || c == 10 { index += 1 }
    }
}
