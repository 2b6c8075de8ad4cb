import Foundation
import Testing

@testable import FocusJournal

/// ``FlatJSON`` reads strings as `JSONDecoder` does, on its short way for ASCII and its checked way for the rest.
@Suite struct FlatJSONTests {
    @Test(arguments: [
        "00000001", "bench", "", "a b~", "专注", "café", "🏔️ trail", "tab\\tand \\\"quote\\\"", "\\u00e9t\\u00e9",
        "\\ud83d\\ude00", "x\\/y\\\\z",
    ])
    func aStringIsWhatTheDecoderReads(_ text: String) throws {
        let json = Array("{\"name\":\"\(text)\",\"id\":\"1\"}".utf8)
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(json))
        #expect(try FlatJSON.parseObject(json) == ["name": .string(decoded["name"]!), "id": .string("1")])
    }

    @Test(arguments: [[0xFF], [0xC3], [0xE4, 0xB8], [0xED, 0xA0, 0x80], [0x61, 0x80, 0x62]] as [[UInt8]])
    func invalidUTF8IsRefused(_ bytes: [UInt8]) {
        let json = Array("{\"name\":\"".utf8) + bytes + Array("\"}".utf8)
        #expect(throws: FlatJSON.Failure.self) { try FlatJSON.parseObject(json) }
    }
}
