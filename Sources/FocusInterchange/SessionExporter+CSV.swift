import FocusJournal
import FocusModels
import FoundationEssentials

/// The CSV export's rows and fields.
extension SessionExporter {
    /// What a CSV export remembers from row to row: the text of the last day written in the `date` column and in
    /// the instants. Sessions come in order, most of them on the day of the one before.
    struct CSVDays {
        var local = DayText()
        var utc = DayText()
        /// Where a row from a written line is put together (``csvRow(written:_:days:memo:to:)``), kept from row to row.
        var row: [UInt8] = []
    }

    /// The field of one day (``appendISO(_:to:)``), kept while the days asked for are the same.
    struct DayText {
        private var day = Int.min
        private var text: [UInt8] = []

        /// Appends the field of `day` (days since 1970-01-01).
        mutating func append(_ day: Int, to bytes: inout [UInt8]) {
            bytes += field(of: day)
        }

        /// The field of `day` (days since 1970-01-01).
        mutating func field(of day: Int) -> [UInt8] {
            if day != self.day {
                text.removeAll(keepingCapacity: true)
                // A date, instants and numbers hold no character a field quotes or neutralises (a year before 1 aside).
                let date = CivilDate(dayNumber: day)
                if date.year >= 0 { appendISO(date, to: &text) } else { csvField(date.isoString, to: &text) }
                self.day = day
            }
            return text
        }
    }

    /// Appends one CSV row, with its CRLF, to `bytes`: each field as ``csvField(_:)`` writes it, with no `String`
    /// made for the fields focus itself formats. `memo` carries the day texts from the row before. `line`, when
    /// given, is the session's journal line as written (``Writer/append(_:line:to:)``): the row is written from its
    /// bytes (``csvRow(written:_:days:memo:to:)``).
    static func csvRow(
        _ log: FocusLog, line: UnsafeBufferPointer<UInt8>? = nil, days: LocalDays, memo: inout CSVDays,
        to bytes: inout [UInt8]
    ) {
        if let line { return csvRow(written: line, log, days: days, memo: &memo, to: &bytes) }
        csvField(log.id, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        memo.local.append(days.dayNumber(of: log), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        csvInstant(log.start, memo: &memo.utc, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        csvInstant(log.end, memo: &memo.utc, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        csvSeconds(log.planned, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        csvSeconds(log.focused, to: &bytes)
        let completed: StaticString = log.completed ? ",true," : ",false,"
        bytes += UnsafeBufferPointer(start: completed.utf8Start, count: completed.utf8CodeUnitCount)
        // An empty field writes nothing: those a session does not have are not looked at.
        if let tz = log.tz { csvField(tz, to: &bytes) }
        bytes.append(UInt8(ascii: ","))
        if !log.tags.isEmpty { csvField(csvTags(log.tags), to: &bytes) }
        bytes.append(UInt8(ascii: ","))
        if let note = log.note { csvField(note, to: &bytes) }
        bytes.append(UInt8(ascii: ","))
        bytes += log.source.rawValue.utf8
        bytes.append(UInt8(ascii: ","))
        if let origin = log.origin {
            csvField(origin.key, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            if let revision = origin.revision { csvField(revision, to: &bytes) }
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        bytes += "\r\n".utf8
    }

    /// The field of a number of seconds.
    private static func csvSeconds(_ seconds: Int, to bytes: inout [UInt8]) {
        if seconds >= 0 {
            JSONWriter.appendDecimal(seconds, to: &bytes)
        } else {
            csvField(String(seconds), to: &bytes)
        }
    }

    /// The field of an instant: in years 0 to 9999 (every instant a journal holds) its text needs no quoting, and
    /// is written as ``UTCTimestamp/format(_:)`` writes it, its date from `memo`.
    private static func csvInstant(_ date: Date, memo: inout DayText, to bytes: inout [UInt8]) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= -62_167_219_200, seconds < 253_402_300_800 else {
            return csvField(UTCTimestamp.format(date), to: &bytes)
        }
        let whole = Int(seconds)
        var day = whole / 86_400
        if whole % 86_400 < 0 { day -= 1 }
        memo.append(day, to: &bytes)
        let second = whole - day * 86_400
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
            func put(_ n: Int, at i: Int) {
                text[i] = UInt8(truncatingIfNeeded: n / 10) &+ 48
                text[i + 1] = UInt8(truncatingIfNeeded: n % 10) &+ 48
            }
            text[0] = UInt8(ascii: "T")
            put(second / 3600, at: 1)
            text[3] = UInt8(ascii: ":")
            put(second / 60 % 60, at: 4)
            text[6] = UInt8(ascii: ":")
            put(second % 60, at: 7)
            text[9] = UInt8(ascii: "Z")
            bytes.append(contentsOf: text)
        }
    }

    /// `YYYY-MM-DD` of a date in years 0 and later, as ``CivilDate/isoString`` writes it.
    private static func appendISO(_ date: CivilDate, to bytes: inout [UInt8]) {
        if date.year < 1000 {
            bytes += repeatElement(UInt8(ascii: "0"), count: date.year < 10 ? 3 : date.year < 100 ? 2 : 1)
        }
        JSONWriter.appendDecimal(date.year, to: &bytes)
        for part in [date.month, date.day] {
            bytes.append(UInt8(ascii: "-"))
            if part < 10 { bytes.append(UInt8(ascii: "0")) }
            JSONWriter.appendDecimal(part, to: &bytes)
        }
    }

    /// What starts a formula in a spreadsheet (OWASP's list: `=`, `+`, `-`, `@`, tab, carriage return), and the
    /// quote that neutralises it, which therefore also starts a neutralised field.
    public static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// ``formulaStarts`` by ASCII byte.
    static let formulaBytes = (0..<128).map { formulaStarts.contains(Unicode.Scalar(UInt8($0))) }

    /// One CSV field, quoted when it must be.
    ///
    /// A field starting with one of ``formulaStarts`` (a tag `=HYPERLINK(…)`, an imported id `-2+3`) would run as a
    /// formula when the file is opened in a spreadsheet (CSV injection): as OWASP recommends, it gets a `'` in
    /// front and is quoted, so the spreadsheet shows it as text. A field that starts with `'` gets one too, so the
    /// rule can be undone exactly: `focus import --from csv` removes one leading `'` from a field of focus's own CSV
    /// when another of these characters follows it (``SessionImporter``).
    public static func csvField(_ text: String) -> String {
        if let first = text.unicodeScalars.first, formulaStarts.contains(first) { return quoted("'" + text) }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        return quoted(text)
    }

    /// Appends ``csvField(_:)`` of `text`: a field with none of the bytes that quote or neutralise it is written as it
    /// is (a `Character` that is one of them is that one byte), any other through ``csvField(_:)``.
    static func csvField(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let plain = text.withUTF8 { utf8 -> Bool in
            if let first = utf8.first, first < 0x80, formulaBytes[Int(first)] { return false }
            for byte in utf8
            where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13 {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !plain { bytes += csvField(text).utf8 }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
