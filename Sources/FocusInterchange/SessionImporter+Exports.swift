import FocusJournal
import FocusModels
import FoundationEssentials

/// focus's own exports: JSON Lines, JSON and CSV.
extension SessionImporter {
    /// `focus export --format jsonl`: journal lines, each session as it was (id, source, origin).
    static func jsonl(_ input: ImportInput, progress: Progress? = nil, into out: inout some Sink) {
        if firstByte(input.bytes) == UInt8(ascii: "[") {
            return out.skip(
                Skipped(
                    place: "file",
                    reason: "a JSON list, not JSON Lines (read `focus export --format json` with --from json)"))
        }
        guard let base = input.bytes.baseAddress else { return }
        forEachLine(input.bytes) { number, line in
            guard !isBlank(line) else { return }
            tick(progress, number, input: input, offset: base.distance(to: line.baseAddress ?? base) + line.count)
            do throws(JournalCodec.Failure) {
                // Read in place when the line is UTF-8: it is then the text `String(decoding:as:)` would make of it.
                let utf8 = !line.contains(where: { $0 >= 0x80 }) || String(validating: line, as: UTF8.self) != nil
                let log =
                    utf8
                    ? try JournalCodec.decode(line)
                    : try JournalCodec.decode(Array(String(decoding: line, as: UTF8.self).utf8))
                add(log, place: "line \(number)", to: &out)
            } catch {
                out.skip(Skipped(place: "line \(number)", reason: error.reason))
            }
        }
    }

    /// `focus export --format json`: a list of journal objects, each session as it was (id, source, origin).
    static func json(_ input: ImportInput, progress: Progress? = nil, into out: inout some Sink) {
        guard let items = JSONList.items(Array(input.bytes)) else {
            out.skip(
                Skipped(place: "file", reason: "not a JSON list of sessions (what `focus export --format json` writes)")
            )
            return
        }
        for (index, item) in items.enumerated() {
            tick(progress, index, items.count)
            let place = Message("item \(index + 1)")
            do {
                add(try JournalCodec.decode(item), place: place, to: &out)
            } catch {
                out.skip(Skipped(place: place, reason: error.reason))
            }
        }
    }

    static func csv(_ input: ImportInput, progress: Progress? = nil, into out: inout some Sink) {
        guard let text = String(validating: input.bytes, as: UTF8.self) else {
            out.skip(Skipped(place: "file", reason: "not UTF-8 text"))
            return
        }
        let rows: [[String]]
        do { rows = try CSV.parse(text) } catch {
            out.skip(Skipped(place: "file", reason: error.reason))
            return
        }
        guard let header = rows.first else { return }
        // focus's own export neutralised fields a spreadsheet would run as formulas; its header says it is one.
        let own = header == SessionExporter.csvHeader || header == SessionExporter.singleTagCSVHeader
        let columns = Dictionary(
            header.enumerated().map { ($1.trimmingWhitespace().lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        let required = ["start", "end", "focused"]
        if let missing = required.first(where: { columns[$0] == nil }) {
            out.skip(
                Skipped(
                    place: "row 1",
                    reason: """
                        the header has no "\(missing)" column (expected \
                        \(SessionExporter.csvHeader.joined(separator: ",")))
                        """
                ))
            return
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
                out.skip(
                    Skipped(place: place, reason: "start and end must be instants like 2026-11-29T09:00:00Z"))
                continue
            }
            guard let focused = field("focused").flatMap(Int.init) else {
                out.skip(Skipped(place: place, reason: "focused must be a whole number of seconds"))
                continue
            }
            let planned = field("planned").flatMap(Int.init) ?? focused
            let completedText = field("completed")?.lowercased() ?? "true"
            guard completedText == "true" || completedText == "false" else {
                out.skip(Skipped(place: place, reason: "completed must be true or false"))
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
    }

    /// A field of focus's own CSV as it was before ``SessionExporter/csvField(_:)`` neutralised it: one leading `'`
    /// removed when one of ``SessionExporter/formulaStarts`` follows it.
    static func unneutralised(_ field: String) -> String {
        let scalars = field.unicodeScalars
        guard scalars.first == "'", let next = scalars.dropFirst().first, SessionExporter.formulaStarts.contains(next)
        else { return field }
        return String(scalars.dropFirst())
    }
}
