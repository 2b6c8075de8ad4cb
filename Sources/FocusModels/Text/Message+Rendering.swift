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
        // Written as bytes: the `%`, `@`, `$` and digits of placeholders are ASCII, so the text is cut only between
        // characters, and each piece is copied at once (a string appended piece by piece checks its storage each time).
        var out: [UInt8] = []
        out.reserveCapacity(values.reduce(format.utf8.count) { $0 + $1.utf8.count })
        var format = format
        format.withUTF8 { bytes in
            var next = 0
            var index = 0
            var literal = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "%") else {
                    index += 1
                    continue
                }
                out.append(contentsOf: bytes[literal..<index])
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "%") {
                    out.append(UInt8(ascii: "%"))
                    index += 1
                } else if index < bytes.count, bytes[index] == UInt8(ascii: "@") {
                    if next < values.count { out.append(contentsOf: values[next].utf8) }
                    next += 1
                    index += 1
                } else if let (position, after) = positional(bytes, at: index) {
                    if position <= values.count { out.append(contentsOf: values[position - 1].utf8) }
                    index = after
                } else {
                    out.append(UInt8(ascii: "%"))
                }
                literal = index
            }
            out.append(contentsOf: bytes[literal...])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The `N` of a placeholder `N$@` at `index` of `bytes`, and the index after it.
    static func positional(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, Int)? {
        var end = index
        var n = 0
        while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
            let (times10, overflow) = n.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times10.addingReportingOverflow(Int(bytes[end] - UInt8(ascii: "0")))
            guard !overflow, !overflowSum else { return nil }
            n = sum
            end += 1
        }
        guard end > index, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "$"), bytes[end + 1] == UInt8(ascii: "@"),
            n >= 1
        else { return nil }
        return (n, end + 2)
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
