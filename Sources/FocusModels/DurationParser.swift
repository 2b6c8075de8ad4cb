/// Parses the durations people type: `25` (minutes), `25m`, `90s`, `1h30m`, `1h5m30s`.
public enum DurationParser {
    /// Why a duration was refused; `reason` is one line for the user.
    public struct Failure: Error, Equatable, Sendable {
        public let reason: String
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
        let bad = Failure(reason: "'\(text)' is not a duration; try 25, 25m, 90s or 1h30m")
        var total = 0
        if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard trimmed.count <= 6, let minutes = Int(trimmed) else {
                throw Failure(reason: "'\(text)' is longer than 24 hours")
            }
            total = minutes * 60
        } else {
            var digits = ""
            var lastUnit = 0
            for ch in trimmed {
                if ch.isASCII && ch.isNumber {
                    digits.append(ch)
                    continue
                }
                let rank: Int
                let scale: Int
                switch ch {
                case "h": (rank, scale) = (1, 3600)
                case "m": (rank, scale) = (2, 60)
                case "s": (rank, scale) = (3, 1)
                default: throw bad
                }
                guard !digits.isEmpty, rank > lastUnit else { throw bad }
                guard digits.count <= 6, let n = Int(digits) else {
                    throw Failure(reason: "'\(text)' is longer than 24 hours")
                }
                total += n * scale
                digits = ""
                lastUnit = rank
            }
            guard digits.isEmpty else { throw bad }
        }
        guard total > 0 else { throw Failure(reason: "'\(text)' is zero; a session needs some time") }
        guard total <= maximumSeconds else { throw Failure(reason: "'\(text)' is longer than 24 hours") }
        return total
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
