/// Text as the fuzzer writes it: Swift literals for a reproduction, JSON strings for journal lines.
enum FuzzText {
    /// `text` as a Swift string literal that survives a terminal and a diff: anything outside printable ASCII as
    /// `\u{…}`.
    static func swift(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { scalar in
            scalar == "\"" || scalar == "\\"
                ? "\\" + String(scalar)
                : (" "..."~").contains(scalar)
                    ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return "\"" + escaped.joined() + "\""
    }

    static func swift(_ texts: [String]) -> String { "[" + texts.map { swift($0) }.joined(separator: ", ") + "]" }

    /// `text` as a JSON string; `asciiOnly` writes every other character as `\u` escapes (surrogate pairs beyond
    /// the BMP), as some tools do.
    static func json(_ text: String, asciiOnly: Bool = false) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || (asciiOnly && scalar.value > 0x7E):
                for unit in String(scalar).utf16 { out += "\\u" + hex4(unit) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
