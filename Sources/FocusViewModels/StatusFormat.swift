import FocusModels
import FoundationEssentials

/// A `focus status --format` template: text with `{placeholder}`s, for shell prompts and tmux.
///
/// `{{` and `}}` stand for literal braces. An unknown placeholder or an
/// unclosed brace is a usage error that lists the placeholders.
public struct StatusFormat: Equatable, Sendable {
    /// A value the template can show. When idle, every placeholder but `{state}` is empty.
    public enum Placeholder: String, CaseIterable, Sendable {
        case state, phase, remaining, minutes, elapsed, planned, tag, tags, note, id, paused, cycle, cycles, started,
            ends

        /// One line for help, the README and the man page.
        public var help: Message {
            switch self {
            case .state: "idle, running, paused or waiting (for Enter)"
            case .phase: "focus, break or long-break"
            case .remaining: "time left, 12:34 (1:05:00 above an hour); empty if open"
            case .minutes: "whole minutes left, rounded up: 13"
            case .elapsed: "time counted so far, pauses excluded, 12:26"
            case .planned: "planned length, 25:00"
            case .tag: "the first tag, or nothing"
            case .tags: "every tag, #a #b, or nothing"
            case .note: "the note, or nothing"
            case .id: "the first 8 characters of the session id"
            case .paused: "paused while paused, else nothing"
            case .cycle: "the current cycle, 1 to cycles"
            case .cycles: "how many cycles were asked for"
            case .started: "local start time, HH:MM"
            case .ends: "local end time if it runs on, HH:MM"
            }
        }

        /// The value for `state` (`nil` when idle) at `now`.
        func value(_ state: RunningState?, now: Date, timeZone: () -> Zone) -> String {
            guard let state else { return self == .state ? "idle" : "" }
            let remaining = state.remaining(at: now)
            // An open session counts up: it has no time left, plan or end to show.
            if state.isOpen, [.remaining, .minutes, .planned, .ends].contains(self) { return "" }
            switch self {
            case .state: return state.stateWord
            case .phase: return state.phase.rawValue
            case .remaining: return LocalTime.countdown(Double(remaining))
            case .minutes: return "\((remaining + 59) / 60)"
            case .elapsed: return LocalTime.countdown(Double(min(state.planned, state.counted(at: now))))
            case .planned: return LocalTime.countdown(Double(state.planned))
            case .tag: return state.tags.first ?? ""
            case .tags: return FocusLog.hashtags(state.tags) ?? ""
            case .note: return state.note ?? ""
            case .id: return String(state.id.prefix(8))
            case .paused: return state.paused ? "paused" : ""
            case .cycle: return "\(state.cycle)"
            case .cycles: return "\(state.cycles)"
            case .started: return LocalTime.hourMinute(state.startedAt, in: timeZone())
            case .ends: return LocalTime.hourMinute(now.addingTimeInterval(Double(remaining)), in: timeZone())
            }
        }
    }

    private enum Piece: Equatable, Sendable {
        case text(String)
        case placeholder(Placeholder)
    }

    private let pieces: [Piece]

    /// Parses `template`; `option` names the flag in error messages.
    public init(_ template: String, option: String = "--format") throws(FocusError) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(template)
        while let first = rest.first {
            rest = rest.dropFirst()
            if first == "}" {
                guard rest.first == "}" else {
                    throw FocusError(.usage, "\(option) has a '}' without a '{'; write }} for a brace")
                }
                rest = rest.dropFirst()
                text.append("}")
            } else if first != "{" {
                text.append(first)
            } else if rest.first == "{" {
                rest = rest.dropFirst()
                text.append("{")
            } else {
                guard let close = rest.firstIndex(of: "}") else {
                    throw FocusError(.usage, "\(option) has a '{' without a '}'; write {{ for a brace")
                }
                let name = String(rest[..<close])
                guard let placeholder = Placeholder(rawValue: name) else {
                    let known = Placeholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
                    throw FocusError(
                        .usage, "\(option) has an unknown placeholder {\(name)}; the placeholders are \(known)")
                }
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.placeholder(placeholder))
                rest = rest[rest.index(after: close)...]
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The template filled in for `state` (`nil` when idle) at `now`, local times in `timeZone` (read only for
    /// `{started}` and `{ends}` while a session runs).
    ///
    /// The template's own text is kept exactly (it is the user's, and may colour a prompt), while the values
    /// (a tag, a note) are escaped (``TerminalEscaping``): a prompt or a status line cannot be driven by data.
    public func render(_ state: RunningState?, now: Date, timeZone: @autoclosure () -> Zone) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .placeholder(let p): TerminalEscaping.escaped(p.value(state, now: now, timeZone: timeZone))
            }
        }.joined()
    }
}
