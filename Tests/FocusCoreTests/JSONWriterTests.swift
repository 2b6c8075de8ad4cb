import FocusCore
import Foundation
import Testing

@Suite struct JSONWriterTests {
    struct Everything: Codable, Equatable {
        var int = -42
        var int32: Int32 = 7
        var int64: Int64 = 1 << 40
        var uint8: UInt8 = 255
        var double = 0.75
        var whole = 1.0
        var tiny = 1e-7
        var huge = 1e21
        var text = "q\"b\\s/n\nr\rt\tb\u{8}f\u{c}c\u{1}dé专注\u{2028}"
        var date = Date(timeIntervalSince1970: 1_000_000_000)
        var missing: String? = nil
        var present: String? = "x"
        var flags = [true, false]
        var nested = [["a": 1], [:]]
        var empty: [Int] = []
        var optionals: [Int?] = [1, nil]
        var day = CivilDate(year: 2026, month: 11, day: 29)
    }

    /// The one writer gives what `JSONEncoder` (sorted keys, unescaped slashes, ISO 8601 dates) gives, but for
    /// DEL, which it escapes (a terminal would act on it).
    @Test func codableValuesMatchJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let expected = String(decoding: try encoder.encode(Everything()), as: UTF8.self)
        #expect(try JSONValueEncoder.text(Everything()) == expected)
        #expect(JSONValue.string("a\u{7f}").text() == #""a\u007f""#)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        struct Flat: Codable {
            var b = 2
            var a = "x"
            var c = true
        }
        #expect(
            try JSONValueEncoder.text(Flat(), pretty: true)
                == String(decoding: try encoder.encode(Flat()), as: UTF8.self))
    }

    @Test(arguments: [
        (JSONValue.object(["b": .int(1), "a": .null]), false, #"{"b":1,"a":null}"#),
        (.object(["b": .int(1), "a": .null]), true, #"{"a":null,"b":1}"#),
        (.array([.double(0.5), .double(2), .double(.nan), .bool(true)]), false, "[0.5,2,null,true]"),
        (.object([:]), false, "{}"),
    ])
    func valuesKeepTheirOrderOrSortIt(value: JSONValue, sorted: Bool, text: String) {
        #expect(value.text(sortedKeys: sorted) == text)
    }
}
