import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a `TZ` value exactly as glibc 2.36's `tzset` does, and names what it read.
///
/// Unset: `/etc/localtime`, UTC when it cannot be read. Set and empty: `Universal`. A leading `:`
/// is dropped. Then a TZif file (the value as a path when it starts with `/`, else under the
/// tzdata folder), else a POSIX rule, taking the dates of a rule that gives none from
/// `posixrules` (else the United States' dates); what is neither comes out as glibc leaves it,
/// UTC in most cases, with ``Reading/isExact`` false.
///
/// Each value is read once per process and kept (a table of immutable readings that only grows,
/// so nothing a caller can observe changes once read).
enum ZoneReader {
    struct Reading: Sendable {
        var zone: Zone
        /// A TZif file, the system default, or a complete POSIX rule: not one of glibc's fallbacks.
        var isExact: Bool
    }

    /// A reading kept, in a chain of those whose values hash to the same bucket.
    private final class Entry: Sendable {
        let files: ZoneFiles
        let value: String?
        let reading: Reading
        let next: Entry?

        init(files: ZoneFiles, value: String?, reading: Reading, next: Entry?) {
            (self.files, self.value, self.reading, self.next) = (files, value, reading, next)
        }
    }

    /// The readings so far, in 64 buckets by the hash of the value. Not a `Dictionary`: its first use
    /// costs a scan of every protocol conformance in the binary, and start-up matters here.
    private static let readings = Mutex([Entry?](repeating: nil, count: 64))

    /// glibc's reading of `TZ=value` (`nil`: unset) with `files`.
    static func read(tz value: String?, files: ZoneFiles) -> Reading {
        let bucket = (value?.hashValue ?? 0) & 63
        var entry = readings.withLock { $0[bucket] }
        while let known = entry {
            if known.value == value && known.files == files { return known.reading }
            entry = known.next
        }
        let reading = uncachedRead(tz: value, files: files)
        readings.withLock { $0[bucket] = Entry(files: files, value: value, reading: reading, next: $0[bucket]) }
        return reading
    }

    private static func uncachedRead(tz value: String?, files: ZoneFiles) -> Reading {
        var name = value.map { $0.isEmpty ? "Universal" : $0 } ?? files.localtime
        if name.hasPrefix(":") { name.removeFirst() }
        guard !name.isEmpty else { return Reading(zone: utc(files), isExact: true) }
        if let table = table(at: path(name, files)) {
            let iana = ianaName(of: table, readAs: name, files: files)
            return Reading(
                zone: Zone(identifier: iana ?? name, ianaIdentifier: iana, files: files, rules: .table(table)),
                isExact: true)
        }
        if name == files.localtime { return Reading(zone: utc(files), isExact: true) }
        let parsed = PosixRuleParser.read(name)
        if parsed.isUndefined { return Reading(zone: utc(files), isExact: false) }
        let rule = parsed.rule
        if parsed.wantsDefaultRules, let defaults = table(at: path("posixrules", files)),
            let table = moved(defaults, standard: rule.standard, daylight: rule.daylight)
        {
            return Reading(
                zone: Zone(identifier: name, ianaIdentifier: nil, files: files, rules: .table(table)),
                isExact: parsed.isExact)
        }
        return Reading(
            zone: Zone(identifier: name, ianaIdentifier: nil, files: files, rules: .rule(rule)), isExact: parsed.isExact
        )
    }

    /// glibc's UTC when it has nothing to read.
    private static func utc(_ files: ZoneFiles) -> Zone {
        var part = PosixRule.Part()
        part.name = "UTC"
        return Zone(
            identifier: "Etc/UTC", ianaIdentifier: nil, files: files,
            rules: .rule(PosixRule(standard: part, daylight: part)))
    }

    private static func path(_ name: String, _ files: ZoneFiles) -> String {
        name.hasPrefix("/") ? name : files.directory + "/" + name
    }

    /// glibc's `__tzfile_default`: `posixrules`' transitions moved to the offsets of the rule's two
    /// parts and renamed after them; its footer, names included, stays `posixrules`' own.
    ///
    /// glibc moves a transition by the difference between the rule's offset and the one it says the
    /// file uses: for standard time, the latest standard type's; for daylight time, a variable that
    /// glibc 2.36 (with the fix for its bug 29951, as Debian ships it) no longer sets from the file.
    /// It keeps whatever an earlier `tzset` in the process left, which is 0 in a fresh process: the
    /// value used here, so focus agrees with `date` and every other program that reads `TZ` once.
    private static func moved(_ rules: ZoneTable, standard: PosixRule.Part, daylight: PosixRule.Part) -> ZoneTable? {
        guard rules.types.count >= 2 else { return nil }
        let latestStandard = rules.transitionTypes.reversed().lazy.map { rules.types[Int($0)] }.first { !$0.isDaylight }
        let fromStandard = latestStandard?.offset ?? 0
        let fromDaylight = 0
        var table = rules
        var wasDaylight = false
        for (i, index) in rules.transitionTypes.enumerated() {
            let type = rules.types[Int(index)]
            table.transitionTypes[i] = type.isDaylight ? 1 : 0
            if type.isUT {
            } else if wasDaylight && !type.isStandard {
                table.transitions[i] += daylight.offset - fromDaylight
            } else {
                table.transitions[i] += standard.offset - fromStandard
            }
            wasDaylight = type.isDaylight
        }
        table.types = [
            ZoneTable.LocalType(offset: standard.offset, isDaylight: false, abbreviation: standard.name),
            ZoneTable.LocalType(offset: daylight.offset, isDaylight: true, abbreviation: daylight.name),
        ]
        return table
    }

    // MARK: - Names

    /// The IANA name of a table read as `name`: `name` itself when it is one, else one found from
    /// where the file really is (`…/zoneinfo/Asia/Tokyo`) or, for the system zone, Debian's
    /// `/etc/timezone`; a candidate counts only when tzdata's file under it holds the same table.
    private static func ianaName(of table: ZoneTable, readAs name: String, files: ZoneFiles) -> String? {
        if Zone.isIANASyntax(name) { return name }
        let real = realPath(path(name, files))
        var candidates: [String] = []
        let parts = real?.split(separator: "/") ?? []
        if let index = parts.lastIndex(of: "zoneinfo") {
            var tail = parts[(index + 1)...]
            if tail.first == "posix" { tail.removeFirst() }
            candidates.append(tail.joined(separator: "/"))
        }
        if real != nil, real == realPath(files.localtime), let text = contents(of: files.timezoneName) {
            candidates.append(String(decoding: text, as: UTF8.self).trimmingWhitespace())
        }
        return candidates.first { Zone.isIANASyntax($0) && Self.table(at: path($0, files)) == table }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: - Files

    /// The TZif table at `path`, or `nil` when it is missing or not one glibc reads.
    static func table(at path: String) -> ZoneTable? { contents(of: path).flatMap(TZifReader.read) }

    /// The bytes of a small file: a zone file is a few kilobytes, so more than a megabyte is not one.
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return bytes }
            bytes += chunk.prefix(n)
        }
        return nil
    }
}
