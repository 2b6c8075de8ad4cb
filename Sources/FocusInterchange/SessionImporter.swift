import FocusJournal
import FocusModels
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Reads other tools' data as sessions; pure, bytes in.
///
/// A session from a peer gets source `import`, an id derived from the source record, and its stable identity in
/// the source (``FocusLog/Origin``: Watson's frame id, a Timewarrior interval's start) with the source's revision
/// of it, which ``ImportPlan`` follows. A session from focus's own export keeps its id, source and origin.
public enum SessionImporter {
    /// A format `focus import --from` reads.
    public enum Format: String, Sendable, CaseIterable {
        case watson, timewarrior, csv, json, jsonl

        /// The peer whose records this format follows (`--prune`), `nil` for focus's own formats.
        public var peer: String? {
            switch self {
            case .watson, .timewarrior: rawValue
            case .csv, .json, .jsonl: nil
            }
        }
    }

    /// A source record that was not imported, and why.
    public struct Skipped: Equatable, Sendable, CustomStringConvertible {
        /// Where it is: `frames[3]`, `2026-11.data:4`, `row 7`, `line 2`.
        public let place: Message
        public let reason: Message
        /// `place: reason`.
        public var message: Message { "\(place): \(reason)" }
        public var description: String { message.description }
    }

    /// What a file held.
    public struct Parsed: Equatable, Sendable {
        public var sessions: [FocusLog] = []
        public var skipped: [Skipped] = []

        public init(sessions: [FocusLog] = [], skipped: [Skipped] = []) {
            self.sessions = sessions
            self.skipped = skipped
        }
    }

    /// How far a parse has come: records gone through, of how many.
    public typealias Progress = (_ done: Int, _ total: Int) -> Void

    /// Parses one input. `name` labels skipped records; for Timewarrior, pass
    /// each month file (`2026-11.data`) or one `timew export` JSON file. `progress` hears every few thousand records.
    public static func parse(_ bytes: [UInt8], format: Format, name: String, progress: Progress? = nil) -> Parsed {
        switch format {
        case .watson: return watson(bytes, progress: progress)
        case .timewarrior:
            return firstByte(bytes) == UInt8(ascii: "[")
                ? timewarriorExport(bytes, name: name, progress: progress)
                : timewarriorData(bytes, name: name, progress: progress)
        case .csv: return csv(bytes, progress: progress)
        case .json: return json(bytes, progress: progress)
        case .jsonl: return jsonl(bytes, progress: progress)
        }
    }

    /// Tells `progress` about record `index` of `total`, every 4096 records.
    private static func tick(_ progress: Progress?, _ index: Int, _ total: Int) {
        if index % 4096 == 0 { progress?(index, total) }
    }

    // MARK: Watson

    /// One frame of Watson's `frames` file: `[start, stop, project, id, tags, updated_at]`.
    struct WatsonFrame: Decodable {
        let start: Int, stop: Int, project: String, id: String, tags: [String], updatedAt: Int?

        init(start: Int, stop: Int, project: String, id: String, tags: [String], updatedAt: Int?) {
            self.start = start
            self.stop = stop
            self.project = project
            self.id = id
            self.tags = tags
            self.updatedAt = updatedAt
        }

        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            start = try Self.seconds(c.decode(Double.self), in: c)
            stop = try Self.seconds(c.decode(Double.self), in: c)
            project = try c.decode(String.self)
            id = try c.decode(String.self)
            tags = (try? c.decode([String].self)) ?? []
            updatedAt = (try? c.decode(Double.self)).flatMap { Int(exactly: $0.rounded(.down)) }
        }

        /// A Unix time as whole seconds; one no `Int` can hold (1e300) is a bad frame, not a crash.
        private static func seconds(_ value: Double, in c: UnkeyedDecodingContainer) throws -> Int {
            guard let whole = Int(exactly: value.rounded(.down)) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "\(value) is not a time")
            }
            return whole
        }
    }

    /// A frame that does not decode, kept apart so one bad frame skips only itself.
    struct Lenient<T: Decodable>: Decodable {
        let value: Result<T, any Error>
        init(from decoder: any Decoder) throws {
            do { value = .success(try T(from: decoder)) } catch { value = .failure(error) }
        }
    }

    /// `fastPath`: read Watson's own shape with ``WatsonFrames`` (the general decoder when it cannot).
    static func watson(_ bytes: [UInt8], fastPath: Bool = true, progress: Progress? = nil) -> Parsed {
        var out = Parsed()
        // `nil` for a frame that does not decode.
        let frames: [WatsonFrame?]
        if fastPath, let fast = WatsonFrames.parse(bytes) {
            frames = fast
        } else {
            do {
                frames = try JSONDecoder().decode([Lenient<WatsonFrame>].self, from: Data(bytes)).map {
                    try? $0.value.get()
                }
            } catch {
                out.skipped.append(Skipped(place: "frames", reason: "not a Watson frames file (a JSON list of frames)"))
                return out
            }
        }
        for (index, frame) in frames.enumerated() {
            tick(progress, index, frames.count)
            guard let f = frame else {
                out.skipped.append(
                    Skipped(
                        place: "frames[\(index)]", reason: "not a frame [start, stop, project, id, tags, updated_at]"))
                continue
            }
            let tags = (f.project.isEmpty ? [] : [f.project]) + f.tags.filter { $0 != "abandoned" }
            let log = session(
                id: f.id, start: f.start, end: f.stop, completed: !f.tags.contains("abandoned"), tags: tags, note: nil,
                origin: FocusLog.Origin(key: "watson:" + f.id, revision: f.updatedAt.map(String.init)))
            add(log, place: "frames[\(index)]", to: &out)
        }
        return out
    }

    // MARK: Timewarrior

    static func timewarriorData(_ bytes: [UInt8], name: String, progress: Progress? = nil) -> Parsed {
        var out = Parsed()
        let all = lines(bytes)
        for (number, raw) in all {
            tick(progress, number, all.count)
            let line = raw.trimmingWhitespace()
            if line.isEmpty { continue }
            let place = Message("\(name):\(number)")
            guard line.hasPrefix("inc ") else {
                out.skipped.append(Skipped(place: place, reason: "not an interval line (inc START - END # tags)"))
                continue
            }
            let sections = split(line.dropFirst(4), on: " # ")
            let times = sections[0].split(separator: " ")
            guard times.count == 3, times[1] == "-" else {
                let reason = Message(
                    times.count == 1 ? "the interval is still open (being tracked)" : "cannot read the interval's times"
                )
                out.skipped.append(Skipped(place: place, reason: reason))
                continue
            }
            guard let start = compactInstant(times[0]), let end = compactInstant(times[2]) else {
                out.skipped.append(Skipped(place: place, reason: "cannot read the interval's times"))
                continue
            }
            let tags = sections.count > 1 ? words(sections[1]) : []
            let annotation = sections.count > 2 ? words(sections[2]).joined(separator: " ") : nil
            add(timewarriorSession(start: start, end: end, tags: tags, annotation: annotation), place: place, to: &out)
        }
        return out
    }

    struct TimewarriorInterval: Decodable {
        let start: String
        let end: String?
        let tags: [String]?
        let annotation: String?
    }

    static func timewarriorExport(_ bytes: [UInt8], name: String, progress: Progress? = nil) -> Parsed {
        var out = Parsed()
        let intervals: [Lenient<TimewarriorInterval>]
        do {
            intervals = try JSONDecoder().decode([Lenient<TimewarriorInterval>].self, from: Data(bytes))
        } catch {
            out.skipped.append(Skipped(place: Message(verbatim: name), reason: "not a `timew export` JSON list"))
            return out
        }
        for (index, item) in intervals.enumerated() {
            tick(progress, index, intervals.count)
            let place = Message("\(name)[\(index)]")
            guard case .success(let interval) = item.value, let start = compactInstant(Substring(interval.start)) else {
                out.skipped.append(Skipped(place: place, reason: "not an interval with a start"))
                continue
            }
            guard let endText = interval.end else {
                out.skipped.append(Skipped(place: place, reason: "the interval is still open (being tracked)"))
                continue
            }
            guard let end = compactInstant(Substring(endText)) else {
                out.skipped.append(Skipped(place: place, reason: "cannot read the interval's end"))
                continue
            }
            add(
                timewarriorSession(start: start, end: end, tags: interval.tags ?? [], annotation: interval.annotation),
                place: place, to: &out)
        }
        return out
    }

    /// The same session from a data file or from `timew export`: the interval's start is its identity (intervals
    /// cannot overlap there), and its revision hashes what can change (the end, the tags, the annotation).
    static func timewarriorSession(start: Int, end: Int, tags: [String], annotation: String?) -> FocusLog {
        let note = annotation.flatMap { $0.isEmpty ? nil : $0 }
        let revision = FNV1a.hex("\(end)|\(tags.joined(separator: "\u{0}"))|\(note ?? "")")
        return session(
            id: "tw" + FNV1a.hex("timewarrior|\(start)"), start: start, end: end,
            completed: !tags.contains("abandoned"), tags: tags.filter { $0 != "abandoned" }, note: note,
            origin: FocusLog.Origin(key: timewarriorKey(start: start), revision: revision))
    }

    /// The identity of the Timewarrior interval that starts at `start`: `timewarrior:20261129T100000Z`.
    public static func timewarriorKey(start: Int) -> String {
        "timewarrior:" + UTCTimestamp.format(epochSeconds: start).filter { $0 != "-" && $0 != ":" }
    }

    /// `20261129T100000Z` as epoch seconds.
    static func compactInstant(_ text: Substring) -> Int? {
        let b = Array(text.utf8)
        guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return nil }
        let s = String(decoding: b, as: UTF8.self)
        let d = s.prefix(8)
        let t = s.dropFirst(9).prefix(6)
        let iso =
            "\(d.prefix(4))-\(d.dropFirst(4).prefix(2))-\(d.suffix(2))T\(t.prefix(2)):\(t.dropFirst(2).prefix(2)):"
            + "\(t.suffix(2))Z"
        return UTCTimestamp.parse(Array(iso.utf8))
    }

    /// Space-separated words; a double-quoted word may hold spaces and `\"`.
    static func words(_ text: Substring) -> [String] {
        var out: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        var started = false
        for ch in text {
            if escaped {
                current.append(ch)
                escaped = false
                continue
            }
            if quoted {
                if ch == "\\" { escaped = true } else if ch == "\"" { quoted = false } else { current.append(ch) }
                continue
            }
            if ch == "\"" {
                quoted = true
                started = true
                continue
            }
            if ch == " " {
                if started { out.append(current) }
                current = ""
                started = false
                continue
            }
            current.append(ch)
            started = true
        }
        if started { out.append(current) }
        return out
    }

    static func split(_ text: Substring, on separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = text
        while let range = rest.firstRange(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts
    }

    // MARK: Our own formats

    /// The first byte of `bytes` that is not white space.
    static func firstByte(_ bytes: [UInt8]) -> UInt8? { bytes.first { $0 != 32 && $0 != 10 && $0 != 13 && $0 != 9 } }

    /// `focus export --format jsonl`: journal lines, each session as it was (id, source, origin).
    static func jsonl(_ bytes: [UInt8], progress: Progress? = nil) -> Parsed {
        var out = Parsed()
        if firstByte(bytes) == UInt8(ascii: "[") {
            out.skipped.append(
                Skipped(
                    place: "file",
                    reason: "a JSON list, not JSON Lines (read `focus export --format json` with --from json)"))
            return out
        }
        bytes.withUnsafeBufferPointer { all in
            let total = lineCount(all)
            forEachLine(all) { number, line in
                guard !isBlank(line) else { return }
                tick(progress, number, total)
                do throws(JournalCodec.Failure) {
                    // Read in place when the line is UTF-8: it is then the text ``lines(_:)`` would make of it.
                    let utf8 = !line.contains(where: { $0 >= 0x80 }) || String(validating: line, as: UTF8.self) != nil
                    let log =
                        utf8
                        ? try JournalCodec.decode(line)
                        : try JournalCodec.decode(Array(String(decoding: line, as: UTF8.self).utf8))
                    add(log, place: "line \(number)", to: &out)
                } catch {
                    out.skipped.append(Skipped(place: "line \(number)", reason: error.reason))
                }
            }
        }
        return out
    }

    /// Calls `body` with each line of `bytes` and its number, as ``lines(_:)`` splits them (a line ends at a newline
    /// that is a `Character` of its own, so not at a CR LF, and a CR that ends the text is dropped), without making
    /// a `String` of each.
    static func forEachLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var number = 0
        var start = 0
        var from = 0
        while true {
            number += 1
            var end = bytes.count
            while let base = bytes.baseAddress, from < bytes.count,
                let found = memchr(base + from, 10, bytes.count - from)
            {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                from = at + 1
                if at == 0 || bytes[at - 1] != 13 {
                    end = at
                    break
                }
            }
            if end == bytes.count {
                let stop = end > start && bytes[end - 1] == 13 ? end - 1 : end
                return body(number, UnsafeBufferPointer(rebasing: bytes[start..<stop]))
            }
            body(number, UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end + 1
            from = start
        }
    }

    /// How many lines ``forEachLine(_:_:)`` finds in `bytes`.
    static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        forEachLine(bytes) { _, _ in count += 1 }
        return count
    }

    /// Whether `line` is only white space (`Character.isWhitespace`), looked at byte by byte when it is ASCII.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in line {
            if byte >= 0x80 {
                ascii = false
            } else if !(9...13).contains(byte) && byte != 32 {
                return false
            }
        }
        return ascii || String(decoding: line, as: UTF8.self).trimmingWhitespace().isEmpty
    }

    /// `focus export --format json`: a list of journal objects, each session as it was (id, source, origin).
    static func json(_ bytes: [UInt8], progress: Progress? = nil) -> Parsed {
        var out = Parsed()
        guard let items = JSONList.items(bytes) else {
            out.skipped.append(
                Skipped(place: "file", reason: "not a JSON list of sessions (what `focus export --format json` writes)")
            )
            return out
        }
        for (index, item) in items.enumerated() {
            tick(progress, index, items.count)
            let place = Message("item \(index + 1)")
            do {
                add(try JournalCodec.decode(item), place: place, to: &out)
            } catch {
                out.skipped.append(Skipped(place: place, reason: error.reason))
            }
        }
        return out
    }

    static func csv(_ bytes: [UInt8], progress: Progress? = nil) -> Parsed {
        var out = Parsed()
        guard let text = String(validating: bytes, as: UTF8.self) else {
            out.skipped.append(Skipped(place: "file", reason: "not UTF-8 text"))
            return out
        }
        let rows: [[String]]
        do { rows = try CSV.parse(text) } catch {
            out.skipped.append(Skipped(place: "file", reason: error.reason))
            return out
        }
        guard let header = rows.first else { return out }
        // focus's own export neutralised fields a spreadsheet would run as formulas; its header says it is one.
        let own = header == SessionExporter.csvHeader || header == SessionExporter.singleTagCSVHeader
        let columns = Dictionary(
            header.enumerated().map { ($1.trimmingWhitespace().lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        let required = ["start", "end", "focused"]
        if let missing = required.first(where: { columns[$0] == nil }) {
            out.skipped.append(
                Skipped(
                    place: "row 1",
                    reason: """
                        the header has no "\(missing)" column (expected \
                        \(SessionExporter.csvHeader.joined(separator: ",")))
                        """
                ))
            return out
        }
        for (index, row) in rows.enumerated().dropFirst() {
            tick(progress, index, rows.count)
            if row.count == 1 && row[0].isEmpty { continue }
            let place = Message("row \(index + 1)")
            func field(_ name: String) -> String? {
                guard let i = columns[name], i < row.count else { return nil }
                let value = own ? Self.unneutralised(row[i]) : row[i]
                return value.isEmpty ? nil : value
            }
            guard let startText = field("start"), let start = UTCTimestamp.parse(Array(startText.utf8)),
                let endText = field("end"), let end = UTCTimestamp.parse(Array(endText.utf8))
            else {
                out.skipped.append(
                    Skipped(place: place, reason: "start and end must be instants like 2026-11-29T09:00:00Z"))
                continue
            }
            guard let focused = field("focused").flatMap(Int.init) else {
                out.skipped.append(Skipped(place: place, reason: "focused must be a whole number of seconds"))
                continue
            }
            let planned = field("planned").flatMap(Int.init) ?? focused
            let completedText = field("completed")?.lowercased() ?? "true"
            guard completedText == "true" || completedText == "false" else {
                out.skipped.append(Skipped(place: place, reason: "completed must be true or false"))
                continue
            }
            let tags = field("tags").map(SessionExporter.csvTags) ?? field("tag").map { [$0] } ?? []
            let id = field("id") ?? "csv" + FNV1a.hex("csv|\(start)|\(end)|\(tags.first ?? "")")
            // focus's own export says where each session came from; another tool's CSV is an import.
            let source = own ? field("source").flatMap(FocusLog.Source.init(rawValue:)) ?? .timer : .import
            let origin = own ? field("origin").map { FocusLog.Origin(key: $0, revision: field("revision")) } : nil
            let log = FocusLog(
                id: id, start: Date(timeIntervalSince1970: Double(start)),
                end: Date(timeIntervalSince1970: Double(end)),
                planned: planned, focused: focused, completed: completedText == "true", tz: field("tz"), tags: tags,
                note: field("note"), source: source, origin: origin)
            add(log, place: place, to: &out)
        }
        return out
    }

    /// A field of focus's own CSV as it was before ``SessionExporter/csvField(_:)`` neutralised it: one leading `'`
    /// removed when one of ``SessionExporter/formulaStarts`` follows it.
    static func unneutralised(_ field: String) -> String {
        let scalars = field.unicodeScalars
        guard scalars.first == "'", let next = scalars.dropFirst().first, SessionExporter.formulaStarts.contains(next)
        else { return field }
        return String(scalars.dropFirst())
    }

    // MARK: Helpers

    static func session(
        id: String, start: Int, end: Int, completed: Bool, tags: [String], note: String?, origin: FocusLog.Origin
    ) -> FocusLog {
        let length = max(0, end - start)
        return FocusLog(
            id: id, start: Date(timeIntervalSince1970: Double(start)), end: Date(timeIntervalSince1970: Double(end)),
            planned: length, focused: length, completed: completed, tags: tags, note: note, source: .import,
            origin: origin)
    }

    /// Adds `log` after checking it against the journal's rules (through the codec, so the rules live in one place):
    /// as the reader reads the line focus would write for it (``JournalCodec/validated(_:)``).
    static func add(_ log: FocusLog, place: @autoclosure () -> Message, to out: inout Parsed) {
        do throws(JournalCodec.Failure) {
            out.sessions.append(try JournalCodec.validated(log))
        } catch {
            // The reason the reader gives for that line: the same, but for a time beyond the years the journal's
            // text holds, which reads as "not a UTC instant" there.
            var reason = error.reason
            if !Self.hasFourDigitYears(log) {
                do throws(JournalCodec.Failure) {
                    _ = try JournalCodec.decode(Array(JournalCodec.encode(log).utf8))
                } catch {
                    reason = error.reason
                }
            }
            out.skipped.append(Skipped(place: place(), reason: reason))
        }
    }

    /// Whether the start and end of `log` fall in the years 1000 to 9999, which the journal writes and reads back
    /// exactly.
    static func hasFourDigitYears(_ log: FocusLog) -> Bool {
        [log.start, log.end].allSatisfy { date in
            JournalCodec.wholeSeconds(date).map { seconds in
                (1000...9999).contains(CivilDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down))).year)
            } ?? false
        }
    }

    static func lines(_ bytes: [UInt8]) -> [(Int, String)] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated().map
        {
            ($0.offset + 1, String($0.element.hasSuffix("\r") ? $0.element.dropLast() : $0.element))
        }
    }

}

/// RFC 4180 CSV reading: quoted fields may hold commas, doubled quotes, CR and LF.
public enum CSV {
    public struct Failure: Error, Equatable, Sendable {
        public let reason: Message
    }

    /// Rows of fields. Rows end at CRLF or LF outside quotes; a final line end is optional.
    public static func parse(_ text: String) throws(Failure) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var wasQuoted = false
        var scalars = Array(text.unicodeScalars)[...]
        var line = 1
        while let c = scalars.popFirst() {
            if inQuotes {
                if c == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard field.isEmpty, !wasQuoted else {
                    throw Failure(reason: "line \(line): a quote inside an unquoted field")
                }
                inQuotes = true
                wasQuoted = true
            case ",":
                row.append(field)
                field = ""
                wasQuoted = false
            case "\r" where scalars.first == "\n":
                break
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                wasQuoted = false
                line += 1
            default:
                guard !wasQuoted else { throw Failure(reason: "line \(line): text after a closing quote") }
                field.unicodeScalars.append(c)
            }
        }
        guard !inQuotes else { throw Failure(reason: "line \(line): a quoted field is never closed") }
        if !field.isEmpty || !row.isEmpty || wasQuoted {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
