import FocusCore
import Foundation

/// A focus home the derived-files fuzzer changes step by step, with the clock and zone its commands run at, in a
/// work folder that also holds the copies it compares against. Removed when the value goes away.
final class FuzzHome {
    let work: String
    /// The home the steps change, whose derived files are folded as the commands go.
    let path: String
    private(set) var now: Int
    private(set) var zone: String

    init(_ scenario: FuzzScenario) throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("focus-fuzz-\(UUID().uuidString)").path
        path = work + "/home"
        now = scenario.now
        zone = scenario.zone
        try FileManager.default.createDirectory(atPath: path + "/journal", withIntermediateDirectories: true)
        try TempHome.pin(TempHome.device, in: path)
        for file in scenario.files where !file.lines.isEmpty {
            try Data(file.lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: journal(file.name)))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: work) }

    func journal(_ name: String) -> String { path + "/journal/" + name }

    /// Runs `args` in `home` (this home by default) at the fuzzer's clock and zone.
    @discardableResult
    func run(_ args: [String], in home: String? = nil) throws -> RunResult {
        try FocusBinary.run(args, home: home ?? path, tz: zone, now: UTCTimestamp.format(epochSeconds: now))
    }

    /// Runs a step's command in this home.
    private func runStep(_ args: [String]) throws {
        let result = try run(args)
        if ProcessInfo.processInfo.environment["FOCUS_FUZZ_VERBOSE"] != nil {
            print("  focus \(FuzzText.swift(args)) exit \(result.status) \(FuzzText.swift(result.stderr))")
        }
    }

    /// A copy of this home without its derived files (`state/cache`), at `work/name`.
    func copyWithoutDerivedFiles(_ name: String) throws -> String {
        let copy = work + "/" + name
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try? FileManager.default.removeItem(atPath: copy + "/state/cache")
        return copy
    }

    // MARK: Steps

    /// Applies `step`; with `FOCUS_FUZZ_VERBOSE` set, prints it and what each command it ran printed on stderr and
    /// its exit status (to see which steps a generator's cases really take).
    func apply(_ step: FuzzStep) throws {
        if ProcessInfo.processInfo.environment["FOCUS_FUZZ_VERBOSE"] != nil { print("step \(step)") }
        switch step {
        case .advance(let minutes): now += minutes * 60
        case .logAdd(let ago, let minutes, let tags, let note, let local):
            // A wall time in the zone (`yesterday 14:05`), or the instant itself.
            let start =
                local
                ? "yesterday " + String(format: "%02d:%02d", ago / 60 % 24, ago % 60)
                : UTCTimestamp.format(epochSeconds: now - ago * 60)
            try runStep(
                ["log", "add", "--start", start, "--duration", "\(minutes)m"] + tags.flatMap { ["--tag", $0] }
                    + (note.map { ["--note", $0] } ?? []))
        case .logEdit(let pick, let arguments): try runStep(["log", "edit", sessionID(pick)] + arguments)
        case .logDelete(let pick): try runStep(["log", "delete", sessionID(pick)])
        case .logSplit(let pick, let minutes):
            let id = sessionID(pick)
            let start = records().first { $0.id == id }?.start ?? now
            try runStep(["log", "split", id, UTCTimestamp.format(epochSeconds: start + minutes * 60)])
        case .undo: try runStep(["undo"])
        case .start(let seconds, let tag):
            try runStep(["start", "\(seconds)s"] + (tag.map { ["--tag", $0] } ?? []))
            now += seconds + 2
        case .importFile(let format, let name, let content):
            let folder = work + "/import-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(content.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            try runStep(["import", folder + "/" + name, "--from", format])
        case .append(let file, let lines, let crlf, let newline):
            let text = lines.compactMap(resolve).joined(separator: crlf ? "\r\n" : "\n")
            try append(text + (newline ? (crlf ? "\r\n" : "\n") : ""), to: journal(file))
        case .replace(let file, let how): try replace(journal(file), how)
        case .editInPlace(let file, let fromEnd): try editInPlace(journal(file), fromEnd)
        case .touch(let file):
            if FileManager.default.fileExists(atPath: journal(file)) { utimensat(AT_FDCWD, journal(file), nil, 0) }
        case .dayStart(let time):
            try runStep(time.map { ["config", "set", "day-start", $0] } ?? ["config", "unset", "day-start"])
        case .zone(let zone): self.zone = zone
        }
    }

    /// The records in the journal files as they are (file by file, in name order): sessions' and change records'
    /// ids, a session's start.
    func records() -> [Record] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path + "/journal")) ?? []).sorted()
        var records: [Record] = []
        for name in names where name.hasSuffix(".jsonl") {
            let data = FileManager.default.contents(atPath: journal(name)) ?? Data()
            for line in data.split(separator: UInt8(ascii: "\n")) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                    let id = object["id"] as? String
                else { continue }
                let start = (object["start"] as? String).flatMap { UTCTimestamp.parse(Array($0.utf8)) }
                records.append(Record(id: id, start: start, isChange: object["kind"] != nil))
            }
        }
        return records
    }

    struct Record {
        let id: String
        let start: Int?
        let isChange: Bool
    }

    /// The `pick`-th session id of the journal (modulo their number), or one no session has.
    func sessionID(_ pick: Int) -> String {
        let sessions = records().filter { !$0.isChange }
        return sessions.isEmpty ? "ffffffffffffffff" : sessions[pick % sessions.count].id
    }

    private func resolve(_ line: FuzzLine) -> String? {
        let at = "\"at\":\"\(UTCTimestamp.format(epochSeconds: now))\""
        func target(_ pick: Int, _ other: Bool) -> String? {
            let sessions = records().filter { !$0.isChange }
            guard !sessions.isEmpty else { return nil }
            let id = sessions[pick % sessions.count].id
            guard other else { return id }
            let composed = id.precomposedStringWithCanonicalMapping
            return Array(id.utf8) == Array(composed.utf8) ? id.decomposedStringWithCanonicalMapping : composed
        }
        switch line {
        case .text(let text): return text
        case .edit(let id, let pick, let other, let fields):
            return target(pick, other).map {
                "{\"v\":2,\"kind\":\"edit\",\"id\":\(FuzzText.json(id)),\"target\":\(FuzzText.json($0)),"
                    + "\(at),\(fields)}"
            }
        case .delete(let id, let pick, let other):
            return target(pick, other).map {
                "{\"v\":2,\"kind\":\"delete\",\"id\":\(FuzzText.json(id)),\"target\":\(FuzzText.json($0)),\(at)}"
            }
        case .undo(let id, let pick):
            let changes = records().filter(\.isChange)
            guard !changes.isEmpty else { return nil }
            let target = changes[pick % changes.count].id
            return "{\"v\":2,\"kind\":\"undo\",\"id\":\(FuzzText.json(id)),\"target\":\(FuzzText.json(target)),\(at)}"
        }
    }

    private func append(_ text: String, to file: String) throws {
        let fd = open(file, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A new copy renamed over `file`, as Syncthing and Dropbox write one.
    private func replace(_ file: String, _ how: FuzzReplacement) throws {
        guard var bytes = FileManager.default.contents(atPath: file).map(Array.init) else { return }
        switch how {
        case .sameBytes: break
        case .grown(let line): bytes += Array((line + "\n").utf8)
        case .editedDigit(let fromEnd): Self.changeDigit(&bytes, fromEnd)
        case .shorter:
            let body = bytes.dropLast()
            bytes = Array(body[..<((body.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0)])
        }
        let copy = path + "/journal/.syncthing.copy.tmp"
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        guard rename(copy, file) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// One digit changed in place, the file's length kept (its modification time moves, as an editor's write moves
    /// it: focus does not promise to see an edit whose time is put back).
    private func editInPlace(_ file: String, _ fromEnd: Int) throws {
        guard var bytes = FileManager.default.contents(atPath: file).map(Array.init) else { return }
        Self.changeDigit(&bytes, fromEnd)
        let fd = open(file, O_WRONLY)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        _ = pwrite(fd, bytes, bytes.count, 0)
        close(fd)
    }

    /// The digit nearest `fromEnd` bytes before the end, at or before it, becomes the next digit.
    static func changeDigit(_ bytes: inout [UInt8], _ fromEnd: Int) {
        let from = max(0, bytes.count - fromEnd)
        guard let at = bytes[..<min(from + 1, bytes.count)].lastIndex(where: { (0x30...0x39).contains($0) })
        else { return }
        bytes[at] = bytes[at] == 0x39 ? 0x30 : bytes[at] + 1
    }
}
