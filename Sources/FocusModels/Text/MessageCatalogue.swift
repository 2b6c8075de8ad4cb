import Synchronization

/// The translations of every message template: one resource file a language (`Resources/zh-Hans.json`), embedded
/// in the binary like the route.
///
/// Each file is one JSON object from English template to translated template, with the same placeholders:
/// `"cannot read %@: %@": "无法读取 %1$@：%2$@"`. English has no file; it is the key. A template the catalogue lacks
/// is shown in English (the key-coverage test makes sure there is none).
public enum MessageCatalogue {
    /// The translations into `language` (empty for English), by English template.
    public static func entries(for language: Language) -> [String: String] {
        switch language {
        case .english: [:]
        case .simplifiedChinese: simplifiedChinese
        }
    }

    /// The translation of `template` into `language`, `nil` when there is none.
    public static func translation(of template: String, in language: Language) -> String? {
        entries(for: language)[template]
    }

    /// Notes every template shown while it is on (``current``) that some language's catalogue lacks, whatever
    /// language it was shown in: a test renders its views inside `Check.$current.withValue(check)` and expects
    /// ``missing`` to be empty; a debug build of focus checks every message it shows (``CommandLineTool``).
    public final class Check: Sendable {
        @TaskLocal public static var current: Check?

        private let found = Mutex<Set<String>>([])

        public init() {}

        /// The templates with words that a catalogue lacks, by language, sorted.
        public var missing: [String] { found.withLock { $0.sorted() } }

        func look(_ template: String) {
            for language in Language.allCases where language != .english {
                if translation(of: template, in: language) == nil {
                    found.withLock { _ = $0.insert("\(language.rawValue): \(template)") }
                }
            }
        }
    }

    /// Decoded once, the first time a message is shown in Chinese: English never pays for it.
    private static let simplifiedChinese = decode(EmbeddedResources.zhHansJSON, file: "Resources/zh-Hans.json")

    /// The object in `text`; a catalogue that does not decode is a bug in the build, caught by every test.
    static func decode(_ text: String, file: String) -> [String: String] {
        guard let entries = JSONStringTable.parse(text) else {
            preconditionFailure("\(file) is not a JSON object of strings")
        }
        return entries
    }
}
