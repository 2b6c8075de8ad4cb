/// A language focus speaks: every message, label and help text exists in each.
///
/// The executable chooses one (``resolve(setting:environment:)``) and renders every ``Message`` in it; nothing
/// below it ever picks one. Machine formats (`--json`, exit codes, the journal, exports, the man page and
/// completion words) are the same in every language.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    /// Simplified Chinese.
    case simplifiedChinese = "zh-Hans"

    /// The values of the config key `language`: `auto` follows the environment.
    public static let settings = ["auto"] + allCases.map(\.rawValue)

    /// The language for the config `setting` (`auto`, `en`, `zh-Hans`; `nil` when there is no setting or it cannot
    /// be read) and the locale variables of `environment`.
    ///
    /// As in POSIX, the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty names the locale
    /// of messages; ``init(locale:)`` reads it.
    public static func resolve(setting: String?, environment: Environment) -> Language {
        if let setting, let language = Language(rawValue: setting) { return language }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.map(Language.init(locale:)) ?? .english
    }

    /// The language of a POSIX locale name (`zh_CN.UTF-8`, `zh_SG`, `zh_Hans`, `zh-Hans`, `zh`): Simplified Chinese
    /// for China, Singapore, the `Hans` script or `zh` alone; English for anything else, Traditional Chinese
    /// (`zh_TW`, `zh_HK`, `zh_MO`, `zh_Hant`) included, as there is no Traditional catalogue yet.
    public init(locale: String) {
        // Only `Z` and `H` lower to `z` and `h`: a name that does not start with those bytes is not Chinese, which
        // is all most locales (`C.UTF-8`, `en_US.UTF-8`) need to know.
        let bytes = Array(locale.utf8.prefix(2))
        guard bytes.count == 2, bytes[0] | 0x20 == UInt8(ascii: "z"), bytes[1] | 0x20 == UInt8(ascii: "h") else {
            self = .english
            return
        }
        // `zh_CN.UTF-8@euro` → `zh`, `cn`; `zh-Hans-CN` → `zh`, `hans`, `cn`.
        let name = locale.prefix { $0 != "." && $0 != "@" }.lowercased()
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard parts.first == "zh" else {
            self = .english
            return
        }
        let rest = parts.dropFirst()
        if rest.isEmpty || rest.first == "hans" || ["cn", "sg"].contains(rest.first!) && !rest.contains("hant") {
            self = .simplifiedChinese
        } else {
            self = .english
        }
    }

    /// `message` rendered in this language.
    public func callAsFunction(_ message: Message) -> String { message.rendered(in: self) }

    /// The language of the work in progress: the executable sets it once for the whole command
    /// (`Language.$current.withValue(…)`), and views render their text in it (``Message/localized``). A task-local
    /// rather than a parameter of every view, so tests can render the same view in two languages side by side.
    @TaskLocal public static var current: Language = .english
}
