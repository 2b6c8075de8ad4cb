import Foundation
import Testing

@testable import FocusModels

/// The catalogues the build writes as sorted arrays (``MessageCatalogue``) hold exactly what their JSON says.
@Suite struct MessageCatalogueTests {
    /// Entry by entry, scalar by scalar, what `JSONDecoder` reads from the embedded `Resources/zh-Hans.json`.
    @Test func theChineseTableIsWhatItsJSONSays() throws {
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(EmbeddedResources.zhHansJSON.utf8))
        let expected = decoded.sorted { $0.key < $1.key }
        let table = MessageCatalogue.table(for: .simplifiedChinese)
        #expect(table.templates.count == expected.count)
        #expect(table.translations.count == expected.count)
        for (index, entry) in zip(expected.indices, expected) {
            #expect(Array(table.templates[index].unicodeScalars) == Array(entry.key.unicodeScalars))
            #expect(Array(table.translations[index].unicodeScalars) == Array(entry.value.unicodeScalars))
        }
        #expect(MessageCatalogue.entries(for: .simplifiedChinese) == decoded)
        #expect(MessageCatalogue.entries(for: .english).isEmpty)
    }

    /// Strictly increasing by `<`, so the binary search finds every template.
    @Test func theTemplatesAreStrictlyIncreasing() {
        let templates = MessageCatalogue.table(for: .simplifiedChinese).templates
        #expect(templates.count > 600)
        for (first, second) in zip(templates, templates.dropFirst()) {
            #expect(first < second, "\(first) ≮ \(second)")
        }
    }

    /// Every template is found; anything else, before the first, between two or after the last, is not.
    @Test func theSearchFindsEveryTemplateAndNothingElse() {
        for (template, translation) in MessageCatalogue.entries(for: .simplifiedChinese) {
            #expect(MessageCatalogue.translation(of: template, in: .simplifiedChinese) == translation)
            #expect(MessageCatalogue.translation(of: template, in: .english) == nil)
            #expect(MessageCatalogue.translation(of: template + "\u{1}", in: .simplifiedChinese) == nil)
        }
        for absent in ["", " ", "\u{0}", "\u{10FFFF}", "zzzz", "no such message %@", "专注"] {
            #expect(MessageCatalogue.translation(of: absent, in: .simplifiedChinese) == nil, "\(absent)")
        }
    }
}
