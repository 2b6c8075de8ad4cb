/// A failure a command reports to the user: one line and an exit code.
///
/// Exit codes follow `sysexits.h`, as swift-argument-parser does.
public struct FocusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, which decides the exit code.
    public enum Kind: Int32, Sendable {
        /// Nothing to act on (for example `focus stop` when idle).
        case failure = 1
        /// Bad command line: `EX_USAGE`.
        case usage = 64
        /// Bad data in a file the user owns: `EX_DATAERR`.
        case data = 65
        /// A file that should exist does not: `EX_NOINPUT`.
        case noInput = 66
        /// A program focus needs is not installed (git for `focus sync`): `EX_UNAVAILABLE`.
        case unavailable = 69
        /// A file or folder could not be created: `EX_CANTCREAT`.
        case cantCreate = 73
        /// Reading or writing failed: `EX_IOERR`.
        case io = 74
        /// Try again later, for example a session is already running: `EX_TEMPFAIL`.
        case temporary = 75
        /// An environment variable has a value focus cannot use: `EX_CONFIG`.
        case config = 78
    }

    public let kind: Kind
    /// One line, no trailing period needed; the executable shows it in the user's language.
    public let message: Message
    /// Whether the command's usage line follows a ``Kind/usage`` error: not when the arguments were right and the
    /// place is wrong (`focus dashboard` outside a terminal), where the usage would tell nothing new.
    public let showsUsage: Bool

    public init(_ kind: Kind, _ message: Message, showsUsage: Bool = true) {
        self.kind = kind
        self.message = message
        self.showsUsage = kind == .usage && showsUsage
    }

    /// The process exit status for this error.
    public var exitCode: Int32 { kind.rawValue }
    /// The message in English.
    public var description: String { message.description }
}
