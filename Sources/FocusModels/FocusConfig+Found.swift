extension FocusConfig {
    /// A value of the wrong JSON type found in `config.json` (``FocusConfig/wrongTypes``), kept as what it is so
    /// the repair can reuse good text (`"25"` for a number) and the error can say it in the reader's language.
    public enum Found: Equatable, Sendable {
        case text(String)
        case flag(Bool)
        /// The number as the file spells it once read (`25`, `25.5`).
        case number(String)
        case null
        case list
        case object
        /// A number beyond what a JSON reader holds.
        case tooLarge

        /// In words: `the text "25"`, `true`, `the number 25.5`, `null`, `a list`, `an object`.
        public var words: Message {
            switch self {
            case .text(let text): "the text \"\(text)\""
            case .flag(let flag): Message(verbatim: flag ? "true" : "false")
            case .number(let number): "the number \(number)"
            case .null: Message(verbatim: "null")
            case .list: "a list"
            case .object: "an object"
            case .tooLarge: "a number too large to hold"
            }
        }
    }
}
