import FoundationEssentials

/// What wall-clock arithmetic (``LocalTime``, ``LocalDateTime``) asks of a zone.
///
/// ``Zone`` answers it. Foundation's `TimeZone` conforms only while the executable still hands
/// its views a `TimeZone`; once every caller passes a `Zone`, the conformance and this protocol go.
public protocol ZoneOffsets: Sendable {
    /// The zone's name, for messages.
    var identifier: String { get }
    /// Seconds to add to UTC to read the wall clock at `date`.
    func secondsFromGMT(for date: Date) -> Int
}

extension Zone: ZoneOffsets {}

extension TimeZone: ZoneOffsets {}
