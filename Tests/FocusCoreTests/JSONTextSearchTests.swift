import Testing

@testable import FocusJournal

/// ``JSONTextSearch`` says "not there" only when no JSON spelling of the string can be in the text.
@Suite struct JSONTextSearchTests {
    @Test(arguments: [
        ("s12", #"{"id":"s12","start":1}"#, true),
        ("s12", #"{"id":"s13","start":1}"#, false),
        ("s12", #"{"id":"s1"}"#, false),
        ("s12", "s1", false),
        ("s12", "", false),
        ("abc", "xxabcabc", true),
        ("abc", "ababab", false),
        ("abc", "ab", false),
        // Another writer may escape any character: "\u0061bc" is "abc".
        ("abc", #"{"id":"\u0061bc"}"#, true),
        // Not plain printable ASCII: JSON may escape it, or another normalization may equal it.
        ("a\"b", #"{"id":"x"}"#, true),
        ("a\\b", #"{"id":"x"}"#, true),
        // JSON may write "/" as "\/": "a\/b" is "a/b".
        ("a/b", #"{"id":"a\/b"}"#, true),
        ("tab\there", #"{"id":"x"}"#, true),
        ("专注", #"{"id":"x"}"#, true),
        ("café", #"{"id":"x"}"#, true),
        ("", #"{"id":"x"}"#, true),
    ])
    func aStringIsReportedMissingOnlyWhenNoSpellingIsThere(_ value: String, _ text: String, _ mayHold: Bool) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { JSONTextSearch.mayHold(value, in: $0) } == mayHold)
    }
}
