import Foundation

/// The Swift source of a message catalogue (`Resources/zh-Hans.json`, an object from English template to
/// translation) as two parallel arrays of string literals: the templates sorted by `String`'s `<`, the same operator
/// `MessageCatalogue` searches them with at run time, and the translation of each.
///
/// Parsing the JSON into a dictionary took 3.5 M instructions in every command shown in Chinese, more than the rest
/// of most commands; the arrays are constants, searched in ten comparisons. Tests check that they hold what
/// `JSONDecoder` reads from the embedded text, in strictly increasing order.
enum CatalogueSource {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Declarations of `templatesName` and `translationsName`, indented for an enum.
    static func declarations(of bytes: Data, templatesName: String, translationsName: String) throws -> String {
        let entries = try JSONDecoder().decode([String: String].self, from: bytes).sorted { $0.key < $1.key }
        // Keys that differ in their scalars but are equal as Swift strings would make the search miss one.
        for (first, second) in zip(entries, entries.dropFirst()) where !(first.key < second.key) {
            throw Problem(
                description: "\(SwiftLiteral.quoted(first.key)) and \(SwiftLiteral.quoted(second.key))"
                    + " are the same template")
        }
        func array(_ strings: [String]) -> String {
            strings.map { "        \(SwiftLiteral.quoted($0)),\n" }.joined()
        }
        return """
                /// The English templates of `Resources/zh-Hans.json`, sorted by `<`.
                static let \(templatesName): [String] = [
            \(array(entries.map(\.key)))    ]

                /// The translation of each of `\(templatesName)`, at the same index.
                static let \(translationsName): [String] = [
            \(array(entries.map(\.value)))    ]

            """
    }
}
