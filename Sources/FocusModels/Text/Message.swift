#if canImport(Glibc)
    import Glibc
#endif

/// Text for the user, kept as an English template and its arguments so that the executable can show it in the
/// reader's language (``Language``).
///
/// Written as a string literal wherever a `Message` is expected: `FocusError(.noInput, "cannot read \(path):
/// \(reason)")` keeps the template `cannot read %@: %@` (a literal `%` is `%%`) and the two arguments apart. The
/// template is the key of the translation catalogues (``MessageCatalogue``), so English output is exactly the
/// literal. What an argument is decides how it is shown: data (a path, a tag, a number) is never translated,
/// while a duration, a date or a nested message is rendered in the language (``Argument``).
///
/// Lower layers build messages and never pick a language; the executable renders them in the one the user
/// chose. `description` is the English text, for logs and tests.
public struct Message: Hashable, Sendable, CustomStringConvertible, Encodable {
    /// The English text with a `%@` for each argument and `%%` for a percent sign.
    public let template: String
    /// The values of the placeholders, in the order they appear in ``template``.
    public let arguments: [Argument]

    /// A value a template shows.
    public enum Argument: Hashable, Sendable {
        /// Data, shown exactly as it is in every language (then escaped by the text layer): a tag, a path, an id,
        /// a number, what the user typed.
        case data(String)
        /// Seconds, as a duration in words: `1h25m` / `1小时25分`.
        case duration(Int)
        /// A date in a style of ``DateStyle``.
        case date(CivilDate, DateStyle)
        /// The short name of an ISO weekday (1 = Monday): `Mon` / `周一`.
        case weekday(Int)
        /// The short name of a month (1 = January): `Jan` / `1月`.
        case month(Int)
        /// Text given per language by a file (a route's city, mission or story).
        case text(LocalizedText)
        /// Another message, rendered in the same language.
        case message(Message)
        /// What an `errno` value means (`No space left on device`).
        case systemError(Int32)
    }

    /// How a date is written.
    public enum DateStyle: Hashable, Sendable {
        /// `2026-11-29` / `2026年11月29日`.
        case long
        /// `Sun 2026-11-29` / `2026年11月29日 周日`.
        case weekdayLong
        /// `Sun 11-29` / `11月29日 周日`.
        case weekdayShort
        /// `Nov 2026` / `2026年11月`.
        case monthYear
    }

    /// A message of `template` (placeholders `%@`, `%%` for a percent sign) and its `arguments`.
    public init(template: String, arguments: [Argument]) {
        self.template = template
        self.arguments = arguments
    }

    /// `message` itself: marks a literal as text to translate where no other context says it is a message
    /// (the key-coverage test finds the literals inside `Message(…)`).
    public init(_ message: Message) { self = message }

    /// `text` as it is, in every language: data, or text already rendered.
    public init(verbatim text: String) { self.init(template: "%@", arguments: [.data(text)]) }

    /// Text a file gives per language.
    public init(_ text: LocalizedText) { self.init(template: "%@", arguments: [.text(text)]) }

    /// The English text.
    public var description: String { rendered(in: .english) }

    /// The text in the language of the command being run (``Language/current``).
    public var localized: String { rendered(in: .current) }

    /// Whether the template holds words to translate: one of only placeholders, spaces and punctuation (`%@ · %@`)
    /// reads the same in every language and needs no catalogue entry.
    public var isTranslatable: Bool { Self.isTranslatable(template) }

    /// Whether `template` holds a letter outside its placeholders.
    public static func isTranslatable(_ template: String) -> Bool {
        template.replacing("%@", with: "").contains { $0.isLetter }
    }

    /// Whether the two read the same in English: a literal equals the message it spells, however either was built
    /// (what tests and lookups compare).
    public static func == (left: Message, right: Message) -> Bool { left.description == right.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Encodes the English text: a message in a `--json` report reads the same in every language.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Message: ExpressibleByStringInterpolation {
    #if MESSAGE_KEYS
        // `scripts/message-keys` builds with this flag: the compiler then warns at every literal that becomes a
        // message, which is how the script finds every key (``MessageCatalogue``) with no list to keep by hand.
        @available(*, deprecated, message: "message key")
        public init(stringLiteral value: String) { self.init(literal: value) }

        @available(*, deprecated, message: "message key")
        public init(stringInterpolation: StringInterpolation) { self.init(interpolation: stringInterpolation) }
    #else
        public init(stringLiteral value: String) { self.init(literal: value) }

        public init(stringInterpolation: StringInterpolation) { self.init(interpolation: stringInterpolation) }
    #endif

    private init(literal value: String) { self.init(template: Self.escapingPercent(value), arguments: []) }

    /// `text` with each `%` doubled, as a template spells a percent sign. Most literals have none and are kept as
    /// they are: every command's help builds its messages at start-up, where a general `replacing` costs more
    /// than the rest of a command together.
    static func escapingPercent(_ text: String) -> String {
        guard containsPercent(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 4)
        for character in text {
            out.append(character)
            if character == "%" { out.append("%") }
        }
        return out
    }

    /// Whether `text` has a `%`, found by `memchr` among its bytes (a generic search walks them one call at a time).
    static func containsPercent(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { !$0.isEmpty && memchr($0.baseAddress!, 0x25, $0.count) != nil }
            ?? text.utf8.contains(UInt8(ascii: "%"))
    }

    private init(interpolation: StringInterpolation) {
        self.init(template: interpolation.template, arguments: interpolation.arguments)
    }

    /// Builds a template from a literal: each interpolation becomes a `%@` and an argument, typed by what is
    /// interpolated. Only the types below may be interpolated, so a value whose English `description` would
    /// silently go untranslated does not compile.
    public struct StringInterpolation: StringInterpolationProtocol {
        var template = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            template.reserveCapacity(literalCapacity + 2 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { template += Message.escapingPercent(literal) }

        /// Data, never translated: a tag, a path, what the user typed.
        public mutating func appendInterpolation(_ value: String) { append(.data(value)) }

        /// Data, never translated.
        public mutating func appendInterpolation(_ value: Substring) { append(.data(String(value))) }

        /// Data, never translated.
        public mutating func appendInterpolation(_ value: Character) { append(.data(String(value))) }

        /// A number, in digits in every language.
        public mutating func appendInterpolation(_ value: some BinaryInteger) { append(.data("\(value)")) }

        /// A number as Swift writes it (`1.5`, `1e+20`), the same in every language.
        public mutating func appendInterpolation(_ value: Double) { append(.data("\(value)")) }

        /// A date as `YYYY-MM-DD`, the same in every language.
        public mutating func appendInterpolation(_ date: CivilDate) { append(.data(date.isoString)) }

        /// A date in words.
        public mutating func appendInterpolation(_ date: CivilDate, _ style: DateStyle) { append(.date(date, style)) }

        /// Seconds as a duration in words: `1h25m` / `1小时25分`.
        public mutating func appendInterpolation(duration seconds: Int) { append(.duration(seconds)) }

        /// The short name of an ISO weekday (1 = Monday).
        public mutating func appendInterpolation(weekday: Int) { append(.weekday(weekday)) }

        /// The short name of a month (1 = January).
        public mutating func appendInterpolation(month: Int) { append(.month(month)) }

        /// What an `errno` value means.
        public mutating func appendInterpolation(systemError code: Int32) { append(.systemError(code)) }

        /// Another message, in the same language.
        public mutating func appendInterpolation(_ message: Message) { append(.message(message)) }

        /// Text a file gives per language.
        public mutating func appendInterpolation(_ text: LocalizedText) { append(.text(text)) }

        private mutating func append(_ argument: Argument) {
            template += "%@"
            arguments.append(argument)
        }
    }
}

extension Message {
    /// `seconds` as a duration in words, alone: `1h25m` / `1小时25分`.
    public static func duration(_ seconds: Int) -> Message { "\(duration: seconds)" }

    /// `items` with `separator` (punctuation such as ` · `, the same in every language) between each two.
    public static func joined(_ items: [Message], separator: String) -> Message {
        Message(
            template: items.map { _ in "%@" }.joined(separator: escapingPercent(separator)),
            arguments: items.map { .message($0) })
    }

    /// `a, b or c` (`a、b 或 c`): `items` joined as a choice.
    public static func choice(_ items: [Message]) -> Message { joined(items, last: { "\($0) or \($1)" }) }

    /// `a, b and c` (`a、b 和 c`): `items` joined as a whole.
    public static func all(_ items: [Message]) -> Message { joined(items, last: { "\($0) and \($1)" }) }

    /// `a, b, c` (`a、b、c`): `items` listed.
    public static func list(_ items: [Message]) -> Message {
        items.dropFirst().reduce(items.first ?? "") {
            Message(template: "%@%@%@", arguments: [.message($0), .text(listSeparator), .message($1)])
        }
    }

    /// Punctuation, not words, so no catalogue entry: Chinese lists with the enumeration comma.
    private static let listSeparator = LocalizedText(", ", translations: [Language.simplifiedChinese.rawValue: "、"])

    /// `items` as data (words the user types), joined as a choice.
    public static func choice(_ words: [String]) -> Message { choice(words.map(Message.init(verbatim:))) }

    /// `items` as data, listed.
    public static func list(_ words: [String]) -> Message { list(words.map(Message.init(verbatim:))) }

    private static func joined(_ items: [Message], last: (Message, Message) -> Message) -> Message {
        guard let final = items.last else { return "" }
        guard items.count > 1 else { return final }
        return last(list(Array(items.dropLast())), final)
    }
}
