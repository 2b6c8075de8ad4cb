/// What one session changed in the expedition, for the session summary.
public enum ExpeditionEvent: Equatable, Sendable {
    /// A chapter opened: the first with the first timer session, the next after a stamp.
    case chapterUnlocked(chapterID: String)
    /// A mission moved but is not complete yet.
    case missionProgressed(missionID: String, progress: Int, target: Int)
    /// A mission reached its target; it is worth `miles` when the chapter is stamped.
    case missionCompleted(missionID: String, miles: Int)
    /// Every mission of the chapter is complete: the stamp, its miles and soundscape.
    case chapterStamped(chapterID: String, miles: Int, soundscape: String)
    /// The last chapter of the route was stamped.
    case expeditionCompleted
}
