import Foundation
import Testing

@testable import FocusModels

/// The translation catalogues are read by hand (``JSONStringTable``), as `JSONDecoder` reads them.
@Suite struct JSONStringTableTests {
    @Test func theChineseCatalogueReadsAsJSONDecoderReadsIt() throws {
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(EmbeddedResources.zhHansJSON.utf8))
        #expect(JSONStringTable.parse(EmbeddedResources.zhHansJSON) == decoded)
        #expect(MessageCatalogue.entries(for: .simplifiedChinese) == decoded)
    }

    /// Objects of strings, escapes, surrogate pairs, wide text and combining marks read as `JSONDecoder` reads them.
    @Test(arguments: [
        #"{}"#, #" { "a" : "b" } "#, "{\n\t\"%@ of %@\": \"%1$@/%2$@\",\r\n\"x\": \"\"}",
        #"{"q\"uote": "back\\slash\/ \b\f\n\r\t"}"#, #"{"\u00e9\u0301": "\u4e13\u6CE8", "e\u0301": "专注 👨‍👩‍👧"}"#,
        #"{"\ud83d\ude00": "\uD83C\uDDE8\uD83C\uDDF3"}"#, #"{"a": "1", "a": "2"}"#, #"{"a": "b",}"#,
    ])
    func readsWhatJSONDecoderReads(_ json: String) throws {
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(JSONStringTable.parse(json) == decoded)
    }

    /// Anything but one object of strings is refused, as `JSONDecoder` refuses it.
    @Test(arguments: [
        "", "[]", #"{"a": 1}"#, "{,}", #"{"a" "b"}"#, #"{"a": "b"} x"#, "{\"a\": \"line\nbreak\"}",
        #"{"a": "\x"}"#, #"{"a": "\ud83d"}"#, #"{"a": "\ude00"}"#, #"{"a": "\u12"}"#, #"{"a": "b""#, #"{'a': 'b'}"#,
        #"{"a": "b" "c": "d"}"#,
    ])
    func refusesWhatJSONDecoderRefuses(_ json: String) {
        #expect(JSONStringTable.parse(json) == nil)
        #expect((try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) == nil)
    }
}
