import FocusCore

/// Encodes `--json` output: one object, keys sorted, so scripts and tests can rely on it.
enum JSONText {
    static func encode(_ value: some Encodable) -> String {
        do {
            return try JSONValueEncoder.text(value)
        } catch {
            // Only a type whose own `encode(to:)` throws can fail, and none of focus's do.
            preconditionFailure("cannot encode \(type(of: value)): \(error)")
        }
    }

    /// `json` with every character that may not reach a terminal raw (``TerminalEscaping/isUnsafe(_:)``: C1
    /// controls, bidi and other format characters) written as a `\u` escape of four hex digits, as a UTF-16
    /// surrogate pair above U+FFFF. Such characters can only stand inside strings, so the text decodes to the same
    /// values.
    static func terminalSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && TerminalEscaping.isUnsafe($0) }) else {
            return json
        }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard scalar.value >= 0x7F, TerminalEscaping.isUnsafe(scalar) else {
                out.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 { out += "\\u\(hex(unit))".unicodeScalars }
        }
        return String(out)
    }

    private static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
