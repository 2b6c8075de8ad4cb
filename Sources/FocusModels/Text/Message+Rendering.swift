#if canImport(Glibc)
    import Glibc
#endif

extension Message {
    /// The text in `language`: the catalogue's template for it (English when it has none), with each argument
    /// rendered in the same language.
    public func rendered(in language: Language) -> String {
        // Data or a file's text alone (`Message(verbatim:)`, a city's name) is its argument: no catalogue has `%@`, and
        // filling it costs more than the rest of showing it.
        if arguments.count == 1, template == "%@" { return arguments[0].rendered(in: language) }
        if let check = MessageCatalogue.Check.current, isTranslatable { check.look(template) }
        let format =
            language == .english ? template : MessageCatalogue.translation(of: template, in: language) ?? template
        return Self.fill(format, with: arguments.map { $0.rendered(in: language) })
    }

    /// `format` with its placeholders replaced: `%@` takes the next value, `%2$@` the second, `%%` is a `%`.
    ///
    /// Positional placeholders let a translation put the arguments in another order (`%2$@的%1$@`).
    public static func fill(_ format: String, with values: [String]) -> String {
        // Most templates (every label) hold no placeholder: nothing to walk.
        guard containsPercent(format) else { return format }
        var out = ""
        var next = 0
        var rest = Substring(format)
        // The `%`, `@` and digits of placeholders are ASCII: found among the bytes, without walking characters.
        while let percent = rest.utf8.firstIndex(of: UInt8(ascii: "%")) {
            // `append(contentsOf:)` names the overload for a substring: `+=` would take the generic one, whose first
            // call looks its types up at run time, as costly as the rest of `focus status`.
            out.append(contentsOf: rest[..<percent])
            rest = rest[rest.utf8.index(after: percent)...]
            if rest.utf8.first == UInt8(ascii: "%") {
                out += "%"
                rest = rest[rest.utf8.index(after: rest.startIndex)...]
            } else if rest.utf8.first == UInt8(ascii: "@") {
                if next < values.count { out += values[next] }
                next += 1
                rest = rest[rest.utf8.index(after: rest.startIndex)...]
            } else if let (position, after) = positional(rest) {
                if position <= values.count { out += values[position - 1] }
                rest = after
            } else {
                out += "%"
            }
        }
        out.append(contentsOf: rest)
        return out
    }

    /// The `N` of a placeholder `N$@` at the start of `text`, and the text after it.
    static func positional(_ text: Substring) -> (Int, Substring)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let after = text[digits.endIndex...]
        guard !digits.isEmpty, after.hasPrefix("$@"), let n = Int(digits), n >= 1 else { return nil }
        return (n, after.dropFirst(2))
    }
}

extension Message.Argument {
    /// The value as `language` writes it.
    public func rendered(in language: Language) -> String {
        switch self {
        case .data(let text): return text
        case .message(let message): return message.rendered(in: language)
        case .text(let text): return text.text(in: language)
        case .duration(let seconds):
            return language == .english ? LocalTime.duration(seconds) : ChineseFormat.duration(seconds)
        case .date(let date, let style):
            return language == .english ? Self.english(date, style) : ChineseFormat.date(date, style)
        case .weekday(let day):
            return language == .english ? Self.weekdays[(day - 1) % 7] : ChineseFormat.weekday(day)
        case .month(let month):
            return language == .english ? Self.months[(month - 1) % 12] : ChineseFormat.month(month)
        case .systemError(let code):
            return (language == .english ? nil : ChineseFormat.systemError(code)) ?? String(cString: strerror(code))
        }
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func english(_ date: CivilDate, _ style: Message.DateStyle) -> String {
        switch style {
        case .long: date.isoString
        case .weekdayLong: weekdays[date.isoWeekday - 1] + " " + date.isoString
        case .weekdayShort: weekdays[date.isoWeekday - 1] + " " + String(date.isoString.dropFirst(5))
        case .monthYear: months[date.month - 1] + " \(date.year)"
        }
    }
}
