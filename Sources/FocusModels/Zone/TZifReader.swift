/// Reads TZif files (RFC 8536, versions 1 to 4) with the checks of glibc 2.36's `__tzfile_read`:
/// a file glibc refuses is refused here, and what glibc reads is read the same way.
///
/// Version 2 and later files are read from their 64-bit part and footer, version 1 from the
/// 32-bit part alone. Version 3's extended footer (hours up to 167, negative times) and
/// version 4's leap-second table need nothing more: glibc reads them with the same code.
enum TZifReader {
    /// The table in `bytes`, or `nil` for what glibc would not read as a TZif file.
    static func read(_ bytes: [UInt8]) -> ZoneTable? {
        var reader = ByteReader(bytes: bytes)
        guard var header = reader.header() else { return nil }
        var wide = false
        if header.version != 0 {
            // Skip the 32-bit part: the 64-bit one follows with its own header.
            let skip =
                header.transitions * 5 + header.types * 6 + header.characters + header.leaps * 8
                + header.standardFlags + header.utFlags
            reader.offset += skip
            guard let second = reader.header() else { return nil }
            header = second
            wide = true
        }
        let width = wide ? 8 : 4
        var footerLength = 0
        if wide {
            // glibc sizes the footer from what is left of the file and refuses a file without one.
            var rest = bytes.count - reader.offset - (header.transitions * 9 + header.types * 6 + header.characters)
            rest -= header.leaps * 12 + header.standardFlags
            guard rest > header.utFlags else { return nil }
            rest -= header.utFlags + 1
            guard rest > 0 else { return nil }
            footerLength = rest
        }
        guard header.types > 0,
            let transitions = reader.integers(count: header.transitions, width: width),
            let transitionTypes = reader.bytes(count: header.transitions),
            transitionTypes.allSatisfy({ Int($0) < header.types })
        else { return nil }
        var types: [ZoneTable.LocalType] = []
        var names: [Int] = []
        for _ in 0..<header.types {
            guard let offset = reader.integers(count: 1, width: 4)?.first, let flags = reader.bytes(count: 2),
                flags[0] <= 1, Int(flags[1]) <= header.characters
            else { return nil }
            types.append(ZoneTable.LocalType(offset: offset, isDaylight: flags[0] == 1, abbreviation: ""))
            names.append(Int(flags[1]))
        }
        guard let characters = reader.bytes(count: header.characters) else { return nil }
        var leaps: [ZoneTable.Leap] = []
        for _ in 0..<header.leaps {
            guard let time = reader.integers(count: 1, width: width)?.first,
                let correction = reader.integers(count: 1, width: 4)?.first
            else { return nil }
            leaps.append(ZoneTable.Leap(time: time, correction: correction))
        }
        guard let standard = reader.bytes(count: header.standardFlags), let ut = reader.bytes(count: header.utFlags)
        else { return nil }
        for index in types.indices {
            types[index].abbreviation = abbreviation(in: characters, at: names[index])
            types[index].isStandard = index < standard.count && standard[index] != 0
            types[index].isUT = index < ut.count && ut[index] != 0
        }
        var footer: PosixRule?
        if wide, reader.bytes(count: 1) == [UInt8(ascii: "\n")], let text = reader.bytes(count: footerLength - 1) {
            let spec = String(decoding: text.prefix { $0 != 0 }, as: UTF8.self)
            let reading = PosixRuleParser.read(spec)
            // zic writes neither of glibc's two undefined cases: a footer without change dates (glibc
            // loads `posixrules` over the whole zone; here it keeps the United States' dates) and a
            // month out of range (glibc reads outside its table; here the footer is left out).
            if !spec.isEmpty && !reading.isUndefined { footer = reading.rule }
        }
        return ZoneTable(
            transitions: transitions, transitionTypes: transitionTypes, types: types, leaps: leaps, footer: footer)
    }

    /// The NUL-terminated abbreviation at `index` (empty past the end, where glibc reads beyond the table).
    private static func abbreviation(in characters: [UInt8], at index: Int) -> String {
        String(decoding: characters[min(index, characters.count)...].prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Big-endian reads that fail past the end of the file.
    private struct ByteReader {
        let bytes: [UInt8]
        var offset = 0

        struct Header {
            var version: UInt8
            var utFlags: Int
            var standardFlags: Int
            var leaps: Int
            var transitions: Int
            var types: Int
            var characters: Int
        }

        mutating func header() -> Header? {
            guard let magic = self.bytes(count: 20), magic.prefix(4).elementsEqual("TZif".utf8),
                let counts = integers(count: 6, width: 4), counts.allSatisfy({ $0 >= 0 })
            else { return nil }
            let header = Header(
                version: magic[4], utFlags: counts[0], standardFlags: counts[1], leaps: counts[2],
                transitions: counts[3], types: counts[4], characters: counts[5])
            guard header.standardFlags <= header.types, header.utFlags <= header.types else { return nil }
            return header
        }

        mutating func bytes(count: Int) -> [UInt8]? {
            guard count >= 0, offset >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        /// `count` signed big-endian integers of `width` bytes.
        mutating func integers(count: Int, width: Int) -> [Int]? {
            guard count >= 0, count <= (bytes.count - offset) / width else { return nil }
            var out: [Int] = []
            out.reserveCapacity(count)
            for _ in 0..<count {
                var value: UInt64 = 0
                for byte in bytes[offset..<offset + width] { value = value << 8 | UInt64(byte) }
                out.append(width == 4 ? Int(Int32(truncatingIfNeeded: value)) : Int(Int64(bitPattern: value)))
                offset += width
            }
            return out
        }
    }
}
