import FocusJournal
import FocusModels
import FoundationEssentials

/// Timewarrior's month files and `timew export`.
extension SessionImporter {
    /// Reads the intervals of a Timewarrior month file (`2026-11.data`), line by line as they come.
    static func timewarriorData(_ input: ImportInput, progress: Progress? = nil, into out: inout some Sink) {
        guard let base = input.bytes.baseAddress else { return }
        forEachLine(input.bytes) { number, raw in
            tick(progress, number, input: input, offset: base.distance(to: raw.baseAddress ?? base) + raw.count)
            timewarriorLine(String(decoding: raw, as: UTF8.self), number: number, name: input.name, into: &out)
        }
    }

    /// Reads line `number` of a month file.
    private static func timewarriorLine(_ raw: String, number: Int, name: String, into out: inout some Sink) {
        let line = raw.trimmingWhitespace()
        if line.isEmpty { return }
        let place = Message("\(name):\(number)")
        guard line.hasPrefix("inc ") else {
            return out.skip(Skipped(place: place, reason: "not an interval line (inc START - END # tags)"))
        }
        let sections = split(line.dropFirst(4), on: " # ")
        let times = sections[0].split(separator: " ")
        guard times.count == 3, times[1] == "-" else {
            let reason = Message(
                times.count == 1 ? "the interval is still open (being tracked)" : "cannot read the interval's times")
            return out.skip(Skipped(place: place, reason: reason))
        }
        guard let start = compactInstant(times[0]), let end = compactInstant(times[2]) else {
            return out.skip(Skipped(place: place, reason: "cannot read the interval's times"))
        }
        let tags = sections.count > 1 ? words(sections[1]) : []
        let annotation = sections.count > 2 ? words(sections[2]).joined(separator: " ") : nil
        add(timewarriorSession(start: start, end: end, tags: tags, annotation: annotation), place: place, to: &out)
    }

    struct TimewarriorInterval: Decodable {
        let start: String
        let end: String?
        let tags: [String]?
        let annotation: String?
    }

    static func timewarriorExport(_ input: ImportInput, progress: Progress? = nil, into out: inout some Sink) {
        let name = input.name
        let intervals: [Lenient<TimewarriorInterval>]
        do {
            intervals = try JSONDecoder().decode([Lenient<TimewarriorInterval>].self, from: Data(input.bytes))
        } catch {
            out.skip(Skipped(place: Message(verbatim: name), reason: "not a `timew export` JSON list"))
            return
        }
        for (index, item) in intervals.enumerated() {
            tick(progress, index, intervals.count)
            let place = Message("\(name)[\(index)]")
            guard case .success(let interval) = item.value, let start = compactInstant(Substring(interval.start)) else {
                out.skip(Skipped(place: place, reason: "not an interval with a start"))
                continue
            }
            guard let endText = interval.end else {
                out.skip(Skipped(place: place, reason: "the interval is still open (being tracked)"))
                continue
            }
            guard let end = compactInstant(Substring(endText)) else {
                out.skip(Skipped(place: place, reason: "cannot read the interval's end"))
                continue
            }
            add(
                timewarriorSession(start: start, end: end, tags: interval.tags ?? [], annotation: interval.annotation),
                place: place, to: &out)
        }
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
}
