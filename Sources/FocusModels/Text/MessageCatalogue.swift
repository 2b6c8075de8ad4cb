import Synchronization

/// The translations of every message template: one resource file a language (`Resources/zh-Hans.json`), written
/// into the binary by the build as two sorted arrays of string literals (`EmbeddedResources.zhHansTemplates` and
/// `zhHansTranslations`), so that showing a message parses and hashes nothing.
///
/// Each file is one JSON object from English template to translated template, with the same placeholders:
/// `"cannot read %@: %@": "无法读取 %1$@：%2$@"`. English has no file; it is the key. A template the catalogue lacks
/// is shown in English (the key-coverage test makes sure there is none).
public enum MessageCatalogue {
    /// The translations into `language` (empty for English), by English template: a dictionary made on each call,
    /// for tests of the whole catalogue; showing a message uses ``translation(of:in:)``.
    public static func entries(for language: Language) -> [String: String] {
        let table = table(for: language)
        return Dictionary(uniqueKeysWithValues: zip(table.templates, table.translations))
    }

    /// The translation of `template` into `language`, `nil` when there is none.
    public static func translation(of template: String, in language: Language) -> String? {
        let (templates, translations) = table(for: language)
        // The first template not below `template`: the build sorted them with the same `<`.
        var low = 0
        var high = templates.count
        while low < high {
            let middle = (low + high) / 2
            if templates[middle] < template { low = middle + 1 } else { high = middle }
        }
        return low < templates.count && templates[low] == template ? translations[low] : nil
    }

    /// The English templates of `language`'s catalogue, strictly increasing by `<`, and the translation of each.
    static func table(for language: Language) -> (templates: [String], translations: [String]) {
        switch language {
        case .english: ([], [])
        case .simplifiedChinese: (EmbeddedResources.zhHansTemplates, EmbeddedResources.zhHansTranslations)
        }
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
}
