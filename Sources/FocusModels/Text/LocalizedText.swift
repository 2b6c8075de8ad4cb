/// Text a file gives in English and, optionally, other languages: a route's city, country, story, soundscape or
/// mission title (`"i18n": {"zh-Hans": {…}}` in `expeditions.json`).
///
/// Shown in the reader's language when the file has it, else in English: a custom route may give English only.
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible {
    public let english: String
    /// Translations by language tag (`zh-Hans`); tags focus has no catalogue for are kept and never shown.
    public let translations: [String: String]

    public init(_ english: String, translations: [String: String] = [:]) {
        self.english = english
        self.translations = translations
    }

    /// The text in `language`, or the English when the file gives none.
    public func text(in language: Language) -> String {
        language == .english ? english : translations[language.rawValue] ?? english
    }

    /// Every spelling: the English and each translation (what a user may type to name it).
    public var spellings: [String] { [english] + translations.keys.sorted().compactMap { translations[$0] } }

    public var description: String { english }
}
