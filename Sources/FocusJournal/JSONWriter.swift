import FocusModels
import FoundationEssentials

/// The one JSON writer: journal lines, `--json` output and state files are all written through it.
///
/// It writes bytes, not strings, because exports of every session spend most of their time here. Strings are
/// escaped as JSON requires and no more: `"` and `\`, `\n`, `\r`, `\t`, `\b`, `\f`, other controls and DEL as
/// `\u00XX`; `/` and non-ASCII text are written as they are. Doubles take their shortest form (`0.75`, `1`,
/// `1e-07`), instants the journal's `2026-11-29T09:00:00Z`.
public struct JSONWriter {
    /// What has been written so far.
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// A writer that appends to `bytes`.
    public init(appendingTo bytes: [UInt8]) { self.bytes = bytes }

    /// Appends `value`: members in their order, or sorted by key; `pretty` indents by two spaces, one member
    /// or element a line, with `" : "` between key and value (the layout `JSONEncoder` uses).
    public mutating func write(_ value: JSONValue, sortedKeys: Bool = false, pretty: Bool = false) {
        write(value, sortedKeys: sortedKeys, indent: pretty ? 0 : nil)
    }

    private mutating func write(_ value: JSONValue, sortedKeys: Bool, indent: Int?) {
        switch value {
        case .null: raw("null")
        case .bool(let b): raw(b ? "true" : "false")
        case .int(let n): integer(n)
        case .double(let d): double(d)
        case .string(let s): quoted(s)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent.map { $0 + 1 })
                write(item, sortedKeys: sortedKeys, indent: indent.map { $0 + 1 })
            }
            if !items.isEmpty { newline(indent) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            let ordered = sortedKeys ? members.sorted { $0.key < $1.key } : members
            for (index, member) in ordered.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent.map { $0 + 1 })
                quoted(member.key)
                raw(indent == nil ? ":" : " : ")
                write(member.value, sortedKeys: sortedKeys, indent: indent.map { $0 + 1 })
            }
            if !members.isEmpty { newline(indent) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(_ indent: Int?) {
        guard let indent else { return }
        bytes.append(10)
        bytes += repeatElement(UInt8(ascii: " "), count: indent * 2)
    }

    /// Appends `text` as it is: a piece of JSON the caller built.
    public mutating func raw(_ text: StaticString) {
        bytes += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends `text` as a JSON string literal, quotes included.
    public mutating func quoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most text has nothing to escape: its bytes go in at once rather than one by one.
        let plain =
            text.utf8.withContiguousStorageIfAvailable { utf8 in
                guard !utf8.contains(where: Self.isEscaped) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            } ?? false
        if plain {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 10: raw("\\n")
            case 13: raw("\\r")
            case 9: raw("\\t")
            case 8: raw("\\b")
            case 12: raw("\\f")
            case 0..<0x20, 0x7F:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 15)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether `byte` is written as an escape (the cases above).
    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `n` in decimal.
    public mutating func integer(_ n: Int) { Self.appendDecimal(n, to: &bytes) }

    /// Appends `n` in decimal to `bytes`, as `String(n)` writes it: the one integer writer of byte output.
    package static func appendDecimal(_ n: Int, to bytes: inout [UInt8]) {
        // Right to left into a buffer on the stack, then one append: two of them in every journal line.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var value = n.magnitude
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(truncatingIfNeeded: value % 10) &+ 48
                value /= 10
            } while value > 0
            if n < 0 {
                i -= 1
                digits[i] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }

    /// Appends `d` in its shortest form; JSON has no infinity or NaN, so those are `null`.
    public mutating func double(_ d: Double) {
        guard d.isFinite else { return raw("null") }
        var text = d.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes += text.utf8
    }

    /// Appends `date`, rounded down to the second, as a quoted `2026-11-29T09:00:00Z`.
    public mutating func timestamp(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        UTCTimestamp.append(epochSeconds: Int(date.timeIntervalSince1970.rounded(.down)), to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a newline, between the lines of a JSON Lines file.
    public mutating func newline() { bytes.append(10) }
}
