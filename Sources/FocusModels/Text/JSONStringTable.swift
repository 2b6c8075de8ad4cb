/// A JSON object whose values are all strings, read by hand: a translation catalogue (``MessageCatalogue``).
///
/// `JSONDecoder` took 12 M instructions for the Chinese catalogue, six times the rest of a command shown in
/// Chinese. This reads the same objects as it (every escape, surrogate pairs, whitespace anywhere JSON allows it, a
/// comma after the last pair; a key given twice keeps its first value) and refuses anything else.
enum JSONStringTable {
    /// The object in `text`, or `nil` when it is not one object of strings.
    static func parse(_ text: String) -> [String: String]? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.object()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func object() -> [String: String]? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var entries: [(String, String)] = []
            skipSpace()
            while !take(UInt8(ascii: "}")) {
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = string() else { return nil }
                entries.append((key, value))
                skipSpace()
                if take(UInt8(ascii: ",")) {
                    skipSpace()
                } else if bytes.indices.contains(index), bytes[index] != UInt8(ascii: "}") {
                    return nil
                }
            }
            skipSpace()
            guard index == bytes.count else { return nil }
            // Made at once from all the pairs, each key hashed once, in a table of the right size from the start.
            return Dictionary(entries) { first, _ in first }
        }

        /// Whether the next byte is `byte`, and if so steps over it.
        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipSpace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == 0x09
            {
                index += 1
            }
        }

        /// A string and its escapes; `nil` for a control character, a bad escape or a lone surrogate.
        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var text: [UInt8] = []
            var start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    text += bytes[start..<index]
                    index += 1
                    // Cut at ASCII quotes and backslashes from the bytes of a `String`: valid UTF-8.
                    return String(decoding: text, as: UTF8.self)
                }
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                text += bytes[start..<index]
                index += 1
                guard index < bytes.count, let escaped = escape(bytes[index]) else { return nil }
                if escaped == UInt8(ascii: "u") {
                    guard let scalar = unicodeEscape() else { return nil }
                    text += String(scalar).utf8
                } else {
                    text.append(escaped)
                }
                index += 1
                start = index
            }
            return nil
        }

        /// The byte an escape stands for, `u` for `\u`, `nil` for none.
        private func escape(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "u"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        }

        /// The scalar of `\uXXXX` (the `u` at `index`), or of a surrogate pair `\uD83D\uDE00`; leaves `index` on the
        /// last hex digit.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let unit = hex4(after: index) else { return nil }
            index += 4
            guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit) }
            guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                bytes[index + 2] == UInt8(ascii: "u"),
                let low = hex4(after: index + 2), (0xDC00...0xDFFF).contains(low)
            else { return nil }
            index += 6
            return Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))
        }

        /// The four hex digits after `position`.
        private func hex4(after position: Int) -> UInt32? {
            guard position + 4 < bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[position + 1...position + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}
