import FocusCore

@testable import FocusInterchange

extension SessionImporter {
    /// Everything a file held, kept whole for the tests to look at (an import plans each record as it comes).
    struct Parsed: Equatable, Sink {
        var sessions: [FocusLog] = []
        var skipped: [Skipped] = []

        mutating func take(_ log: FocusLog) { sessions.append(log) }
        mutating func skip(_ skipped: Skipped) { self.skipped.append(skipped) }
    }

    /// What ``read(_:format:progress:into:)`` reads of `bytes`, named `name` (a Timewarrior month file's name says
    /// its month).
    static func parse(_ bytes: [UInt8], format: Format, name: String) -> Parsed {
        var out = Parsed()
        _ = read(ImportInput(name: name, bytes: bytes), format: format, into: &out)
        return out
    }

    /// Watson's `frames` file read with the fast reader when it can (`fastPath`), else with the general decoder.
    static func watson(_ bytes: [UInt8], fastPath: Bool = true) -> Parsed {
        var out = Parsed()
        _ = watson(ImportInput(name: "frames", bytes: bytes), fastPath: fastPath, into: &out)
        return out
    }
}
