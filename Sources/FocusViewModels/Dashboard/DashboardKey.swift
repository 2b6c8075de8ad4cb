/// A key as the dashboard reads it, decoded from the terminal's bytes by ``DashboardKeyDecoder``.
public enum DashboardKey: Hashable, Sendable {
    /// A character typed: a letter, a digit, a space, a Chinese character, a piece of an emoji.
    case character(Character)
    case enter, tab, backTab, escape, backspace, delete
    case up, down, left, right, pageUp, pageDown, home, end
    /// A control key, by its letter: `control("c")` is Ctrl-C.
    case control(Character)
}

/// Turns the bytes a terminal sends into ``DashboardKey``s: UTF-8 characters, control keys and the escape
/// sequences of arrows, Shift-Tab, Page Up and Down, Home, End and Delete (both the `ESC [` and `ESC O` forms,
/// with or without modifiers).
///
/// A value: what one read left unfinished (half a character, half a sequence) waits for the next read. An escape
/// byte that ends a read is the Escape key, since a terminal writes a whole sequence at once.
public struct DashboardKeyDecoder: Equatable, Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The keys in `bytes`, after what the last read left.
    public mutating func keys(_ bytes: [UInt8]) -> [DashboardKey] {
        let input = pending + bytes
        pending = []
        var keys: [DashboardKey] = []
        var index = 0
        while index < input.count {
            guard let (key, length) = Self.key(in: input, at: index) else {
                pending = Array(input[index...])
                break
            }
            if let key { keys.append(key) }
            index += length
        }
        return keys
    }

    /// The key that starts at `index` (`nil` for bytes that are no key) and how many bytes it takes; `nil` when
    /// the bytes end before it does.
    private static func key(in bytes: [UInt8], at index: Int) -> (DashboardKey?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escape(in: bytes, at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x00...0x1F: return (nil, 1)
        default: return character(in: bytes, at: index)
        }
    }

    private static func escape(in bytes: [UInt8], at index: Int) -> (DashboardKey?, Int)? {
        guard index + 1 < bytes.count else { return (.escape, 1) }
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            // CSI: parameters and intermediates, then one final byte.
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return nil }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            return (csi(final: bytes[end], parameters: parameters), end - index + 1)
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            return (csi(final: bytes[index + 2], parameters: ""), 3)
        default:
            // Alt and a key: the Escape key, then the key.
            return (.escape, 1)
        }
    }

    private static func csi(final: UInt8, parameters: String) -> DashboardKey? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// One UTF-8 encoded scalar; a byte that cannot start or continue one is skipped.
    private static func character(in bytes: [UInt8], at index: Int) -> (DashboardKey?, Int)? {
        let lead = bytes[index]
        let length =
            switch lead {
            case 0x20...0x7E: 1
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (nil, 1) }
        guard index + length <= bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[index..<(index + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (nil, 1) }
        return (.character(Character(scalar)), length)
    }
}
