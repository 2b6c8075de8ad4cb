import FocusCore
import Foundation

/// One thing a user, another device, a sync engine or another program does to a focus home between two commands.
///
/// Every value is written out (nothing random is left for when it is applied), so a case replays and shrinks step by
/// step; `description` is the Swift that builds the step again, for a regression test.
enum FuzzStep: Sendable, CustomStringConvertible {
    /// The clock (`FOCUS_NOW`) moves on.
    case advance(minutes: Int)
    /// `focus log add`, `minutesAgo` before now: an RFC 3339 instant, or (`local`) the zone's wall time.
    case logAdd(minutesAgo: Int, minutes: Int, tags: [String], note: String?, local: Bool)
    /// `focus log edit` of the session ``FuzzHome/sessionID(_:)`` picks, with `arguments` after its id.
    case logEdit(pick: Int, arguments: [String])
    /// `focus log delete` of a picked session.
    case logDelete(pick: Int)
    /// `focus log split` of a picked session, `minutes` after its start.
    case logSplit(pick: Int, minutes: Int)
    /// `focus undo`.
    case undo
    /// A `focus start` of a few seconds that runs to its end.
    case start(seconds: Int, tag: String?)
    /// `focus import` of a file in another tool's format (`name`: the file's name, which Timewarrior's reader needs).
    case importFile(format: String, name: String, content: String)
    /// Lines another program appends to a journal file (created when missing), with CR LF line ends or not, the
    /// last with its newline or not.
    case append(file: String, lines: [FuzzLine], crlf: Bool, newline: Bool)
    /// A sync engine renames a new copy over the file (a new inode).
    case replace(file: String, how: FuzzReplacement)
    /// One digit changed in place `fromEnd` bytes before the file's end (same length, the modification time moved).
    case editInPlace(file: String, fromEnd: Int)
    /// The file's modification time moves on, its bytes stay.
    case touch(file: String)
    /// `focus config set day-start` (nil: `config unset day-start`).
    case dayStart(String?)
    /// The commands from here on run in this zone (`TZ`).
    case zone(String)

    var description: String {
        switch self {
        case .advance(let minutes): ".advance(minutes: \(minutes))"
        case .logAdd(let ago, let minutes, let tags, let note, let local):
            ".logAdd(minutesAgo: \(ago), minutes: \(minutes), tags: \(FuzzText.swift(tags)), "
                + "note: \(note.map(FuzzText.swift) ?? "nil"), local: \(local))"
        case .logEdit(let pick, let arguments): ".logEdit(pick: \(pick), arguments: \(FuzzText.swift(arguments)))"
        case .logDelete(let pick): ".logDelete(pick: \(pick))"
        case .logSplit(let pick, let minutes): ".logSplit(pick: \(pick), minutes: \(minutes))"
        case .undo: ".undo"
        case .start(let seconds, let tag): ".start(seconds: \(seconds), tag: \(tag.map(FuzzText.swift) ?? "nil"))"
        case .importFile(let format, let name, let content):
            ".importFile(format: \(FuzzText.swift(format)), name: \(FuzzText.swift(name)), "
                + "content: \(FuzzText.swift(content)))"
        case .append(let file, let lines, let crlf, let newline):
            ".append(file: \(FuzzText.swift(file)), lines: [\(lines.map(\.description).joined(separator: ", "))], "
                + "crlf: \(crlf), newline: \(newline))"
        case .replace(let file, let how): ".replace(file: \(FuzzText.swift(file)), how: \(how))"
        case .editInPlace(let file, let fromEnd): ".editInPlace(file: \(FuzzText.swift(file)), fromEnd: \(fromEnd))"
        case .touch(let file): ".touch(file: \(FuzzText.swift(file)))"
        case .dayStart(let time): ".dayStart(\(time.map(FuzzText.swift) ?? "nil"))"
        case .zone(let zone): ".zone(\(FuzzText.swift(zone)))"
        }
    }
}

/// A line another program writes into a journal file: as it is, or a change record whose target is found in the
/// journal when the line is written (so a shrunk case still names a session that is there).
enum FuzzLine: Sendable, CustomStringConvertible {
    case text(String)
    /// An edit of a picked session (`otherSpelling`: its id in the other normalization form) with `fields`, the
    /// JSON members after `at`.
    case edit(id: String, pick: Int, otherSpelling: Bool, fields: String)
    case delete(id: String, pick: Int, otherSpelling: Bool)
    /// An undo of the picked change record.
    case undo(id: String, pick: Int)

    var description: String {
        switch self {
        case .text(let text): ".text(\(FuzzText.swift(text)))"
        case .edit(let id, let pick, let other, let fields):
            ".edit(id: \(FuzzText.swift(id)), pick: \(pick), otherSpelling: \(other), "
                + "fields: \(FuzzText.swift(fields)))"
        case .delete(let id, let pick, let other):
            ".delete(id: \(FuzzText.swift(id)), pick: \(pick), otherSpelling: \(other))"
        case .undo(let id, let pick): ".undo(id: \(FuzzText.swift(id)), pick: \(pick))"
        }
    }
}

/// What a sync engine's new copy of a file holds.
enum FuzzReplacement: Sendable, CustomStringConvertible {
    /// The very bytes.
    case sameBytes
    /// The bytes and one more line.
    case grown(line: String)
    /// One digit changed `fromEnd` bytes before the end.
    case editedDigit(fromEnd: Int)
    /// The last line dropped.
    case shorter

    var description: String {
        switch self {
        case .sameBytes: ".sameBytes"
        case .grown(let line): ".grown(line: \(FuzzText.swift(line)))"
        case .editedDigit(let fromEnd): ".editedDigit(fromEnd: \(fromEnd))"
        case .shorter: ".shorter"
        }
    }
}
