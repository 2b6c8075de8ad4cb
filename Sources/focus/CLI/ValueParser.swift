import FocusCore

/// How the text of an option's value or of an argument becomes a typed value.
///
/// A parser throws a usage error that says what was wrong; `label` is the option (`--cycles`) or the
/// argument (`DURATION`) the text was given to.
struct ValueParser<Value: Sendable>: Sendable {
    let read: @Sendable (_ text: String, _ label: String) throws(FocusError) -> Value
    /// What completion offers when the declaration does not say otherwise.
    var completion: CompletionKind = .none
}

extension ValueParser where Value == String {
    /// The text as given.
    static let string = ValueParser { (text: String, _: String) throws(FocusError) -> String in text }

    /// Free text such as a tag or a note, trimmed; empty is a usage error.
    static let text = ValueParser { (text: String, label: String) throws(FocusError) -> String in
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw FocusError(.usage, "\(label) is empty") }
        return trimmed
    }

    /// A path; empty is a usage error.
    static let path = ValueParser(
        read: { (text: String, label: String) throws(FocusError) -> String in
            guard !text.isEmpty else { throw FocusError(.usage, "\(label) is empty") }
            return text
        }, completion: .files)
}

extension ValueParser where Value == Clearable {
    /// Free text that may be cleared: trimmed, and empty means "remove it".
    static let clearable = ValueParser { (text: String, _: String) throws(FocusError) -> Clearable in
        let trimmed = text.trimmingWhitespace()
        return Clearable(value: trimmed.isEmpty ? nil : trimmed)
    }
}

/// A new value for a text field that can also be removed (`log edit --tag ""`).
struct Clearable: Sendable, Equatable {
    /// The new text, or `nil` to clear the field.
    let value: String?
}

extension ValueParser where Value == Int {
    /// A length of time such as `25` (minutes), `25m`, `90s` or `1h30m`, in seconds: more than zero, at most a day.
    static let duration = ValueParser { (text: String, label: String) throws(FocusError) -> Int in
        do throws(DurationParser.Failure) { return try DurationParser.seconds(text) } catch {
            // A positional DURATION is the obvious subject; an option says which one it was.
            throw FocusError(.usage, label.hasPrefix("-") ? "\(label): \(error.reason)" : error.reason)
        }
    }

    /// A whole number in `range`; `meaning` explains a special value (`0 shows all`).
    static func wholeNumber(_ range: ClosedRange<Int>, meaning: String? = nil) -> ValueParser {
        ValueParser { (text: String, label: String) throws(FocusError) -> Int in
            guard let n = Int(text), range.contains(n) else {
                let bounds =
                    range.upperBound == Int.max
                    ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
                let note = meaning.map { " (\($0))" } ?? ""
                throw FocusError(.usage, "\(label) must be a whole number \(bounds)\(note), not '\(text)'")
            }
            return n
        }
    }
}

extension ValueParser where Value == UInt64 {
    /// Any whole number a `UInt64` holds.
    static let unsigned = ValueParser { (text: String, label: String) throws(FocusError) -> UInt64 in
        guard let n = UInt64(text) else {
            throw FocusError(.usage, "\(label) must be a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        return n
    }
}

extension ValueParser {
    /// One of the cases of `Value`, by its raw value; completion offers them all.
    static func choice(_ type: Value.Type = Value.self) -> ValueParser
    where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return ValueParser(
            read: { (text: String, label: String) throws(FocusError) -> Value in
                guard let value = Value(rawValue: text) else {
                    let hint = Suggestion.closest(to: text, among: names).map { "; did you mean '\($0)'?" } ?? ""
                    throw FocusError(
                        .usage, "\(label) '\(text)' is not one of \(names.joined(separator: ", "))\(hint)")
                }
                return value
            }, completion: .list(names))
    }
}
