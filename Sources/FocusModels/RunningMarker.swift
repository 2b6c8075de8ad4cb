import FoundationEssentials

/// What a device tells the others, through the synced journal folder, about the session it is running.
///
/// Written when a phase starts, pauses, resumes or changes its length, and removed when it ends: never on a
/// heartbeat, so a sync engine moves a handful of small files a session. Another device shows it
/// (`focus status`: "running on laptop, ends 10:25") and `focus start` there warns; it is never a session to
/// record. A marker that outlived its session (the device crashed, or went offline before it could remove
/// it) is stale after ``staleAfter(_:)``.
public struct RunningMarker: Codable, Equatable, Sendable {
    /// The name ending of marker files, beside the journal files (`laptop-1a2b3c4d.running`).
    public static let fileSuffix = ".running"
    /// How long past its planned end a running marker is still believed.
    public static let graceSeconds = 10 * 60
    /// How long a paused marker is believed after it was written.
    public static let pausedSeconds = 12 * 3600

    public var device: Device
    /// The session's id.
    public var id: String
    public var phase: TimerPhase
    public var startedAt: Date
    public var paused: Bool
    /// Seconds left as of `updatedAt`.
    public var remaining: Int
    /// When the marker was written, on the device's own clock.
    public var updatedAt: Date
    /// The session's tags (a marker of an older focus has one `tag`, read as the list of it).
    public var tags: [String]
    /// An open session (`focus start --open`): it has no end; absent otherwise.
    public var open: Bool?

    public init(
        device: Device, id: String, phase: TimerPhase, startedAt: Date, paused: Bool, remaining: Int,
        updatedAt: Date, tags: [String]
    ) {
        self.device = device
        self.id = id
        self.phase = phase
        self.startedAt = startedAt
        self.paused = paused
        self.remaining = remaining
        self.updatedAt = updatedAt
        self.tags = tags
    }

    /// When the phase ends if it runs on; `nil` while it is paused, and for an open session.
    public var endsAt: Date? { paused || open == true ? nil : updatedAt.addingTimeInterval(Double(remaining)) }

    /// The instant after which the marker is stale: the planned end plus ``graceSeconds``, or for a paused or open
    /// session ``pausedSeconds`` after it was written.
    public var staleAfter: Date {
        endsAt.map { $0.addingTimeInterval(Double(Self.graceSeconds)) }
            ?? updatedAt.addingTimeInterval(Double(Self.pausedSeconds))
    }

    /// Whether the marker no longer describes a live session at `now`.
    public func isStale(at now: Date) -> Bool { now > staleAfter }

    private enum CodingKeys: String, CodingKey {
        case device, id, phase, startedAt, paused, remaining, updatedAt, tag, tags, open
    }

    /// Reads a marker of this focus or of an older one on another device (one `tag`, no `tags`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        device = try c.decode(Device.self, forKey: .device)
        id = try c.decode(String.self, forKey: .id)
        phase = try c.decode(TimerPhase.self, forKey: .phase)
        startedAt = try c.decode(Date.self, forKey: .startedAt)
        paused = try c.decode(Bool.self, forKey: .paused)
        remaining = try c.decode(Int.self, forKey: .remaining)
        updatedAt = try c.decode(Date.self, forKey: .updatedAt)
        tags = try c.tags(.tags, or: .tag)
        open = try c.decodeIfPresent(Bool.self, forKey: .open)
    }

    /// Writes `tag` (the first) beside `tags`, so another device running an older focus still shows it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(device, forKey: .device)
        try c.encode(id, forKey: .id)
        try c.encode(phase, forKey: .phase)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(paused, forKey: .paused)
        try c.encode(remaining, forKey: .remaining)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(tags.first, forKey: .tag)
        try c.encode(tags, forKey: .tags)
        try c.encodeIfPresent(open, forKey: .open)
    }

    /// Whether another device would see anything new in `other`: what the marker says, not when it was written.
    public func saysTheSame(as other: RunningMarker) -> Bool {
        id == other.id && phase == other.phase && paused == other.paused && tags == other.tags
            && endsAt.map { end in other.endsAt.map { abs($0.timeIntervalSince(end)) < 2 } ?? false }
                ?? (other.endsAt == nil && remaining == other.remaining)
    }
}
