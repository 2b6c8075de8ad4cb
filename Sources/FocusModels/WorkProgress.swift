/// How far a long piece of work (reading the whole journal, an import) has come: what the core reports and the
/// executable renders (on a terminal only).
public struct WorkProgress: Equatable, Sendable {
    /// What is being done: `Reading the journal`.
    public let title: Message
    /// How many items (sessions, frames) this step has handled so far.
    public let done: Int
    /// How much of this step is done, 0 to 1.
    public let fraction: Double

    public init(title: Message, done: Int, fraction: Double) {
        self.title = title
        self.done = done
        self.fraction = min(1, max(0, fraction))
    }
}
