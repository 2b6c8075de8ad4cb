/// Text as a Swift string literal that the compiler reads back as the same scalars.
enum SwiftLiteral {
    /// `text` between double quotes. Only printable ASCII is written as itself, backslashes and quotes escaped; every
    /// other scalar (control characters, non-ASCII, combining marks that would join the quote) is a `\u{…}` escape.
    /// `\(` cannot start an interpolation: its backslash is escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\""
    }

    /// `text` as a multi-line raw literal (`#"""…"""#`) whose `#` delimiter is longer than any run of `#` in it, so
    /// that nothing in it ends the literal or escapes. The control characters the compiler refuses in a source file, or
    /// would read otherwise (a carriage return becomes a line feed), are the raw literal's own escapes, `\#u{7f}`.
    static func raw(_ text: String) -> String {
        var longest = 0
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "#" ? run + 1 : 0
            longest = max(longest, run)
        }
        let hashes = String(repeating: "#", count: longest + 1)
        var out = hashes + "\"\"\"\n"
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09, 0x20..<0x7F, 0x80...: out.unicodeScalars.append(scalar)
            default: out += "\\\(hashes)u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\n\"\"\"" + hashes
    }
}
