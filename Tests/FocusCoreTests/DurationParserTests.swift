import FocusCore
import Testing

@Suite struct DurationParserTests {
    @Test(arguments: [
        ("25", 1500), ("25m", 1500), ("90s", 90), ("1h30m", 5400), ("1h", 3600), ("1h5m30s", 3930),
        ("2m30s", 150), (" 45 ", 2700), ("1440", 86_400), ("24h", 86_400), ("0h1s", 1),
    ])
    func accepts(_ text: String, _ seconds: Int) throws {
        #expect(try DurationParser.seconds(text) == seconds)
    }

    @Test(arguments: [
        ("0", "zero"), ("0m", "zero"), ("-5", "negative"), ("1441", "longer than 24 hours"),
        ("25h", "longer than 24 hours"),
        ("abc", "not a duration"), ("", "empty"), ("5x", "not a duration"), ("m5", "not a duration"),
        ("30m1h", "not a duration"),
        ("1h1h", "not a duration"), ("1.5h", "not a duration"), ("99999999999999999999", "longer than 24 hours"),
    ])
    func refuses(_ text: String, _ reason: String) {
        #expect {
            try DurationParser.seconds(text)
        } throws: { error in
            (error as? DurationParser.Failure)?.reason.description.contains(reason) == true
        }
    }

    @Test(arguments: [(1500, "25m"), (5400, "1h30m"), (90, "1m30s"), (0, "0s")])
    func formats(_ seconds: Int, _ text: String) {
        #expect(DurationParser.format(seconds: seconds) == text)
    }
}
