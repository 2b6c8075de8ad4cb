/// Parses the durations people type: `25` (minutes), `25m`, `90s`, `1h30m`, `1h5m30s`.
public enum DurationParser {
    /// Why a duration was refused; `reason` is one line for the user.
    public struct Failure: Error, Equatable, Sendable {
        public let reason: Message
    }

    /// The longest duration accepted: a day.
    public static let maximumSeconds = 24 * 3600

    /// Seconds in `text`, which must be more than zero and at most 24 hours.
    ///
    /// A bare number means minutes. Units are `h`, `m` and `s`, each at most
    /// once and in that order.
    public static func seconds(_ text: String) throws(Failure) -> Int {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw Failure(reason: "the duration is empty") }
        if trimmed.hasPrefix("-") {
            throw Failure(reason: "'\(text)' is negative; give a duration like 25, 25m, 90s or 1h30m")
        }
        guard let total = total(trimmed) else {
            throw Failure(reason: "'\(text)' is not a duration; try 25, 25m, 90s or 1h30m")
        }
        guard total > 0 else { throw Failure(reason: "'\(text)' is zero; a session needs some time") }
        guard total <= maximumSeconds else { throw Failure(reason: "'\(text)' is longer than 24 hours") }
        return total
    }

    /// The seconds `text` (already trimmed) spells, or `nil` when it is not the grammar of ``seconds(_:)``.
    ///
    /// Zero and lengths over the maximum are returned as they are, for the caller to word; a number of more
    /// than six digits counts as 1 000 000 of its unit, which is over any maximum and cannot overflow.
    static func total(_ text: String) -> Int? {
        func number(_ digits: Substring) -> Int { digits.count > 6 ? 1_000_000 : Int(digits)! }
        guard !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) { return number(Substring(text)) * 60 }
        var total = 0
        var start = text.startIndex
        var lastUnit = 0
        for index in text.indices where !(text[index].isASCII && text[index].isNumber) {
            let (rank, scale): (Int, Int)
            switch text[index] {
            case "h": (rank, scale) = (1, 3600)
            case "m": (rank, scale) = (2, 60)
            case "s": (rank, scale) = (3, 1)
            default: return nil
            }
            guard start < index, rank > lastUnit else { return nil }
            total += number(text[start..<index]) * scale
            start = text.index(after: index)
            lastUnit = rank
        }
        return start == text.endIndex ? total : nil
    }

    /// A compact human form: `25m`, `1h30m`, `90s` → `1m30s`.
    public static func format(seconds: Int) -> String {
        let h = seconds / 3600
        let m = seconds / 60 % 60
        let s = seconds % 60
        var out = ""
        if h > 0 { out += "\(h)h" }
        if m > 0 { out += "\(m)m" }
        if s > 0 || out.isEmpty { out += "\(s)s" }
        return out
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks).
    ///
    /// FoundationEssentials has no `trimmingCharacters(in:)`; this is the one trim the project uses.
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
