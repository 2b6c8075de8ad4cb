import FocusModels

/// The short animation when a session finishes a mission or stamps a city: a few frames of a bar filling up or a
/// stamp coming down, advanced by ticks and skipped by any key.
public struct DashboardAnimation: Equatable, Sendable {
    /// What is celebrated; a stamp wins over the missions that earned it.
    public enum Subject: Equatable, Sendable {
        case mission(id: String, miles: Int)
        case stamp(chapterID: String, miles: Int)
    }

    /// Frames in the whole animation.
    public static let frameCount = 12
    /// Seconds each frame shows: the whole animation lasts under a second.
    public static let frameSeconds = 0.075

    public let subject: Subject
    /// The monotonic clock when it began.
    public let startedAt: Double
    /// The frame showing, from 0 to ``frameCount`` - 1.
    public private(set) var frame = 0

    /// The animation for `events` beginning at `now`; `nil` when they complete no mission and stamp no city.
    public init?(events: [ExpeditionEvent], at now: Double) {
        var subject: Subject?
        for event in events {
            switch event {
            case .chapterStamped(let id, let miles, _): subject = .stamp(chapterID: id, miles: miles)
            case .missionCompleted(let id, let miles) where subject == nil: subject = .mission(id: id, miles: miles)
            default: continue
            }
        }
        guard let subject else { return nil }
        self.subject = subject
        startedAt = now
    }

    /// How far it is, from 0 (the first frame) to 1 (the last).
    public var progress: Double { Double(frame) / Double(Self.frameCount - 1) }

    /// When the next frame is due, on the monotonic clock.
    public var deadline: Double { startedAt + Double(frame + 1) * Self.frameSeconds }

    /// Moves to the frame due at `now`; `false` once the last frame has been shown its time.
    mutating func advance(to now: Double) -> Bool {
        let due = Int(((now - startedAt) / Self.frameSeconds).rounded(.down))
        guard due < Self.frameCount else { return false }
        frame = max(frame, due)
        return true
    }
}
