import FocusModels
import FoundationEssentials

/// A small form the dashboard opens over a tab: the start prompt (duration, tag, cycles) or a session's editor
/// (tag, note, start, duration), each field prefilled.
///
/// A value the reducer changes key by key; what the fields mean is decided when it is submitted. Its labels are
/// the view's.
public struct DashboardForm: Equatable, Sendable {
    /// What the form is for.
    public enum Purpose: Equatable, Sendable {
        /// A focus session from the Timer tab.
        case start
        /// This session, from the Log tab.
        case edit(FocusLog)
    }

    /// One field of a form.
    public enum Field: Equatable, Sendable {
        case duration, tag, cycles, note, start
    }

    /// A field, what it was prefilled with, and what it holds now.
    public struct Entry: Equatable, Sendable {
        public let field: Field
        public let initial: String
        public var text: String

        init(_ field: Field, _ initial: String) {
            self.field = field
            self.initial = initial
            text = initial
        }
    }

    /// Why a submitted form was refused; shown under it, which stays open.
    public enum Problem: Equatable, Sendable {
        /// The duration field: the parser's reason.
        case duration(Message)
        /// The cycles field is not a whole number from 1 to 99.
        case cycles
        /// What the store or the rules for edits refused.
        case refused(FocusError)
    }

    public let purpose: Purpose
    public private(set) var entries: [Entry]
    /// The field the cursor is in.
    public private(set) var focus = 0
    public var problem: Problem?

    /// The start prompt, prefilled from the settings: `default-minutes`, no tag, `cycles`.
    public static func start(config: FocusConfig) -> DashboardForm {
        DashboardForm(
            purpose: .start,
            entries: [
                Entry(.duration, DurationParser.format(seconds: config.defaultMinutes * 60)), Entry(.tag, ""),
                Entry(.cycles, "\(config.cycles)"),
            ])
    }

    /// The editor of `log`, prefilled with its tag, note, start (`HH:MM` in its own zone, as `focus log` shows it)
    /// and focused time.
    public static func edit(_ log: FocusLog, days: LocalDays) -> DashboardForm {
        DashboardForm(
            purpose: .edit(log),
            entries: [
                Entry(.tag, log.tags.joined(separator: ", ")), Entry(.note, log.note ?? ""),
                Entry(.start, LocalTime.hourMinute(log.start, in: days.zone(log.tz))),
                Entry(.duration, DurationParser.format(seconds: log.focused)),
            ])
    }

    /// The tags typed in the tag field: comma-separated, trimmed, each once, in order.
    public static func tags(_ text: String) -> [String] {
        FocusLog.tagSet(text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty })
    }

    /// What `field` holds now.
    public func text(_ field: Field) -> String { entries.first { $0.field == field }?.text ?? "" }

    /// What `field` holds, when it is not what it was prefilled with.
    public func changed(_ field: Field) -> String? {
        entries.first { $0.field == field && $0.text != $0.initial }?.text
    }

    /// Applies an editing key: a character is typed, Backspace takes back the last one, Tab and the arrows move
    /// between fields. Whether the key was one of those.
    mutating func edit(_ key: DashboardKey) -> Bool {
        switch key {
        case .character(let character):
            entries[focus].text.append(character)
        case .backspace:
            if !entries[focus].text.isEmpty { entries[focus].text.removeLast() }
        case .control("u"):
            entries[focus].text = ""
        case .tab, .down:
            focus = (focus + 1) % entries.count
        case .backTab, .up:
            focus = (focus + entries.count - 1) % entries.count
        default:
            return false
        }
        problem = nil
        return true
    }
}
