import FocusModels
import FoundationEssentials

/// The ranges of the numbers in the small state files, checked when they are read.
///
/// Each file focus reads is bounded where it is read, so no value in it can make a command trap on overflow
/// or lay out a date beyond the calendar: a value out of range is an error naming the file and the key
/// (`running.json`), or makes another device's marker ignored (it is only news). The limits are the
/// journal's own: times within ``JournalCodec/instants``, durations up to ``JournalCodec/maximumSeconds``.
extension RunningState {
    /// The most cycles a run can have (`--cycles` and the `cycles` setting accept 1 to 99).
    package static let maximumCycles = 99

    /// The first value out of its range, as `key is VALUE, outside LOW…HIGH`; `nil` when every value is in range.
    ///
    /// `planned` and `counted` 0 to a week, `startedAt` and `updatedAt` within the journal's instants, `pid`
    /// positive, `cycles` 1 to 99 and `cycle` 1 to `cycles`, `activeAt` (seconds of the monotonic clock) 0 to
    /// 10^12.
    package var outOfRange: String? {
        let problems: [String?] = [
            StateFileBounds.seconds("planned", planned), StateFileBounds.seconds("counted", counted),
            StateFileBounds.instant("startedAt", startedAt), StateFileBounds.instant("updatedAt", updatedAt),
            StateFileBounds.check("pid", Int(pid), 1...Int(Int32.max)),
            StateFileBounds.check("cycles", cycles, 1...Self.maximumCycles),
            StateFileBounds.check("cycle", cycle, 1...max(1, cycles)),
            activeAt.flatMap { $0.isFinite && (0...1e12).contains($0) ? nil : "activeAt is \($0), outside 0…1e12" },
        ]
        return problems.lazy.compactMap { $0 }.first
    }
}

extension RunningMarker {
    /// The first value out of its range (see ``RunningState/outOfRange``): `remaining` 0 to a week, `startedAt`
    /// and `updatedAt` within the journal's instants.
    package var outOfRange: String? {
        let problems: [String?] = [
            StateFileBounds.seconds("remaining", remaining), StateFileBounds.instant("startedAt", startedAt),
            StateFileBounds.instant("updatedAt", updatedAt),
        ]
        return problems.lazy.compactMap { $0 }.first
    }
}

/// The checks behind ``RunningState/outOfRange`` and ``RunningMarker/outOfRange``.
package enum StateFileBounds {
    /// `key is VALUE, outside LOW…HIGH`, or `nil` when `range` holds `value`.
    package static func check(_ key: String, _ value: Int, _ range: ClosedRange<Int>) -> String? {
        range.contains(value) ? nil : "\(key) is \(value), outside \(range.lowerBound)…\(range.upperBound)"
    }

    /// A duration: 0 to ``JournalCodec/maximumSeconds``.
    static func seconds(_ key: String, _ value: Int) -> String? { check(key, value, 0...JournalCodec.maximumSeconds) }

    /// An instant within ``JournalCodec/instants``.
    static func instant(_ key: String, _ date: Date) -> String? {
        if let seconds = JournalCodec.wholeSeconds(date), JournalCodec.instants.contains(seconds) { return nil }
        let range = JournalCodec.instants
        return "\(key) is outside \(UTCTimestamp.format(epochSeconds: range.lowerBound))…"
            + UTCTimestamp.format(epochSeconds: range.upperBound)
    }
}
