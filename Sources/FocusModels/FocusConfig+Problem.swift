extension FocusConfig {
    /// Why a value in `config.json` cannot be used, and the one command that repairs it.
    public struct Problem: Equatable, Sendable {
        /// The setting at fault.
        public let key: Key
        /// `cycles must be a whole number from 1 to 99, not the text "four"`.
        public let message: Message
        /// `focus config set cycles 4`, or `focus config unset KEY` when no value can be guessed.
        public let repair: String

        /// The message and its repair on one line, as every command reports a bad file.
        public var line: Message { "\(message); repair it with `\(repair)`" }
    }
}
