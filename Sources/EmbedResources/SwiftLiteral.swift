/// Text as a Swift string literal that the compiler reads back as the same scalars.
///
/// Only printable ASCII is written as itself, backslashes and quotes escaped; every other scalar (control
/// characters, non-ASCII, combining marks that would join the quote) is a `\u{…}` escape. `\(` cannot start an
/// interpolation: its backslash is escaped.
enum SwiftLiteral {
    /// `text` between double quotes.
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
}
