import FocusModels

/// The live timer's key table: which byte does what, and the help the screen shows for it.
///
/// ``TimerMachine`` looks keys up here and the help line is generated from the same
/// entries, so the two never disagree.
public enum TimerKeys {
    /// What a key asks for.
    public enum Action: Equatable, Sendable {
        /// Pause, or resume when paused.
        case togglePause
        /// Add ``extensionSeconds`` to the plan.
        case extend
        /// Stop early, as `focus stop` does (exit 0).
        case stop
        /// Ctrl-C: stop early and exit 130, as SIGINT would.
        case interrupt
        /// Ctrl-Z: suspend the timer, as in any terminal program.
        case suspend
        /// Begin the next phase (while waiting for Enter).
        case next
    }

    /// One entry: the bytes that trigger `action`, and how the help line names it.
    public struct Key: Equatable, Sendable {
        public let bytes: [UInt8]
        public let action: Action
        /// The key as the help line shows it (`space`, `+`), or `nil` when it is not listed.
        public let name: Message?
        /// What the help line says it does; a pause key says `resume` while paused.
        public let help: Message

        public init(_ bytes: [UInt8], _ action: Action, name: Message? = nil, help: Message = "") {
            self.bytes = bytes
            self.action = action
            self.name = name
            self.help = help
        }
    }

    /// Seconds `+` adds to the plan.
    public static let extensionSeconds = 5 * 60

    /// The keys while a phase counts down.
    public static let running: [Key] = [
        Key([32, UInt8(ascii: "p"), UInt8(ascii: "P")], .togglePause, name: Message("space"), help: "pause"),
        Key([UInt8(ascii: "+"), UInt8(ascii: "=")], .extend, name: "+", help: "\(extensionSeconds / 60) min"),
        Key([UInt8(ascii: "q"), UInt8(ascii: "Q")], .stop, name: "q", help: "stop"),
        Key([3], .interrupt),
        Key([26], .suspend),
    ]

    /// The keys of an open session (`focus start --open`): no plan to extend.
    public static let open: [Key] = running.filter { $0.action != .extend }

    /// The keys while the next phase waits for Enter.
    public static let waiting: [Key] = [
        Key([13, 10, 32], .next, name: Message("Enter"), help: "to start"),
        Key([UInt8(ascii: "q"), UInt8(ascii: "Q")], .stop, name: "q", help: "to finish"),
        Key([3], .interrupt),
        Key([26], .suspend),
    ]

    /// The action of `byte` in `table`, or `nil` for a key that does nothing.
    public static func action(_ byte: UInt8, in table: [Key]) -> Action? {
        table.first { $0.bytes.contains(byte) }?.action
    }

    /// `space pause · + 5 min · q stop`: the help line for `table`.
    public static func help(_ table: [Key], paused: Bool = false) -> Message {
        let items = table.compactMap { key -> Message? in
            key.name.map { "\($0) \(key.action == .togglePause && paused ? Message("resume") : key.help)" }
        }
        return .joined(items, separator: " · ")
    }
}
