import FocusJournal
import FocusModels

/// The CSV row of a session read from a journal line exactly as focus writes it, written from the line's bytes.
extension SessionExporter {
    /// Appends the row ``csvRow(_:line:days:memo:to:)`` writes for `log`, read from `line`, a journal line exactly as
    /// ``JournalCodec/append(_:to:)`` writes it: each field's text is taken from the line
    /// (``JournalCodec/written(_:idCount:)``) and put together in `memo`'s buffer, then appended at once. Only the
    /// `date` column is computed, from `log`.
    static func csvRow(
        written line: UnsafeBufferPointer<UInt8>, _ log: FocusLog, days: LocalDays, memo: inout CSVDays,
        to bytes: inout [UInt8]
    ) {
        let fields = JournalCodec.written(line, idCount: log.id.utf8.count)
        let date = memo.local.field(of: days.dayNumber(of: log))
        // A field from the line grows by its quotes and a `'` at most, a list of tags by a backslash a comma.
        let room = 2 * line.count + date.count + 64
        if memo.row.count < room { memo.row += repeatElement(0, count: room - memo.row.count) }
        let count = memo.row.withUnsafeMutableBufferPointer { buffer in
            var row = RowBytes(base: buffer.baseAddress!)
            row.field(fields.id)
            row.put(UInt8(ascii: ","))
            date.withUnsafeBufferPointer { row.put($0) }
            row.put(UInt8(ascii: ","))
            row.put(fields.start)
            row.put(UInt8(ascii: ","))
            row.put(fields.end)
            row.put(UInt8(ascii: ","))
            row.put(fields.planned)
            row.put(UInt8(ascii: ","))
            row.put(fields.focused)
            row.put(fields.completed ? ",true," : ",false,")
            if let tz = fields.tz { row.field(tz) }
            row.put(UInt8(ascii: ","))
            if let list = fields.tags {
                row.tags(list, list: true)
            } else if let tag = fields.tag {
                row.tags(tag, list: false)
            }
            row.put(UInt8(ascii: ","))
            if let note = fields.note { row.field(note) }
            row.put(UInt8(ascii: ","))
            if let source = fields.source { row.put(source) } else { row.put("timer") }
            row.put(UInt8(ascii: ","))
            if let origin = fields.origin { row.field(origin) }
            row.put(UInt8(ascii: ","))
            if let revision = fields.revision { row.field(revision) }
            row.put("\r\n")
            return row.count
        }
        memo.row.withUnsafeBufferPointer { bytes += UnsafeBufferPointer(rebasing: $0[..<count]) }
    }

    /// A row being put together in memory with room for it.
    private struct RowBytes {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func put(_ byte: UInt8) {
            base[count] = byte
            count += 1
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let from = bytes.baseAddress else { return }
            // A joined list of tags is moved towards the start of its own bytes (``tags(_:list:)``): a move.
            UnsafeMutableRawPointer(base + count).copyMemory(from: from, byteCount: bytes.count)
            count += bytes.count
        }

        mutating func put(_ text: StaticString) {
            put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// ``csvField(_:)`` of `text`, which holds no quote, CR or LF: as it is, or quoted (with a `'` in front when
        /// it starts a formula) when it starts a formula or holds a comma.
        mutating func field(_ text: UnsafeBufferPointer<UInt8>) {
            guard let first = text.first else { return }
            let formula = first < 0x80 && formulaBytes[Int(first)]
            var comma = false
            // Eight bytes at a time up to the first comma (most fields have none).
            var from = 0
            if let start = text.baseAddress {
                let ones: UInt64 = 0x0101_0101_0101_0101
                while from + 8 <= text.count {
                    let word = UnsafeRawPointer(start + from).loadUnaligned(as: UInt64.self) ^ (ones &* 0x2C)
                    guard (word &- ones) & ~word & (ones &* 0x80) == 0 else { break }
                    from += 8
                }
            }
            for i in from..<text.count where text[i] == UInt8(ascii: ",") {
                // `csvField(_:)` looks for a comma that is a `Character` of its own, which one between ASCII bytes
                // (or at an end) is; beside any other byte, a combining mark may make it part of another.
                guard (i == 0 || text[i - 1] < 0x80) && (i + 1 == text.count || text[i + 1] < 0x80) else {
                    var field = csvField(String(decoding: text, as: UTF8.self))
                    return field.withUTF8 { put($0) }
                }
                comma = true
            }
            guard formula || comma else { return put(text) }
            put(UInt8(ascii: "\""))
            if formula { put(UInt8(ascii: "'")) }
            put(text)
            put(UInt8(ascii: "\""))
        }

        /// The `tags` field (``csvField(_:)`` of ``csvTags(_:)-(Array<String>)``) of a written list's inside (its
        /// strings with their quotes, commas between them) or of one tag's text.
        mutating func tags(_ text: UnsafeBufferPointer<UInt8>, list: Bool) {
            // The tags joined, a comma in a tag after a backslash (a tag holds no backslash as written), are put past
            // the room the field's quote and `'` take, then written as a field from there.
            let joined = count + 2
            var end = joined
            var inTag = !list
            for byte in text {
                if list && byte == UInt8(ascii: "\"") {
                    inTag.toggle()
                    continue
                }
                if inTag && byte == UInt8(ascii: ",") {
                    base[end] = UInt8(ascii: "\\")
                    end += 1
                }
                base[end] = byte
                end += 1
            }
            field(UnsafeBufferPointer(start: base + joined, count: end - joined))
        }
    }
}
