import FocusCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `Zone` against the C library itself: `setenv("TZ")`, `tzset()` and `localtime_r` in this process,
/// compared on the offset, daylight flag and abbreviation. Serialized: `TZ` is process-wide.
@Suite(.serialized) struct ZoneLibcTests {
    static let tzdata = "/usr/share/zoneinfo"
    /// 1900-01-01 and 2100-01-01, UTC.
    static let span = -2_208_988_800...4_102_444_800

    /// Every TZif file under tzdata, as the relative name `TZ` takes (the `posix/` and `right/` trees included).
    static let zoneNames: [String] = {
        var names: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? tzdata : tzdata + "/" + relative
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                if let handle = FileHandle(forReadingAtPath: path),
                    (try? handle.read(upToCount: 4)) == Data("TZif".utf8)
                {
                    names.append(relative)
                }
                return
            }
            for entry in entries.sorted() { walk(relative.isEmpty ? entry : relative + "/" + entry) }
        }
        walk("")
        return names
    }()

    /// Each zone at every change from 1900 to 2100, a second either side, and at random instants; a name
    /// that is another path to a file already checked (`posix/…`, links) gets the random instants only.
    @Test func everyZoneInTzdataReadsAsTheCLibraryReadsIt() throws {
        #expect(Self.zoneNames.count > 500, "tzdata is missing: apt-get install tzdata")
        var random = TestRandom(seed: 2026)
        var seenFiles = Set<String>()
        var problems: [String] = []
        var checked = 0
        for name in Self.zoneNames {
            let zone = try #require(Zone(identifier: name), "\(name)")
            let real = URL(fileURLWithPath: Self.tzdata + "/" + name).resolvingSymlinksInPath().path
            var instants = (0..<40).map { _ in random.next(in: Self.span) }
            if seenFiles.insert(real).inserted {
                instants += zone.changeCandidates(in: Self.span.lowerBound, Self.span.upperBound).flatMap {
                    [$0 - 1, $0, $0 + 1]
                }
                instants += (0..<160).map { _ in random.next(in: Self.span) }
            }
            problems += LibC.with(tz: name) { LibC.mismatches(zone, at: instants) }
            checked += instants.count
        }
        #expect(checked > 300_000)
        #expect(problems.isEmpty, "\(problems.count) mismatches: \(problems.prefix(10))")
    }

    /// A sample of zones read at noon UTC of every day from 1900 to 2100: a change `Zone` missed
    /// altogether would show here.
    @Test(arguments: [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "Asia/Tehran",
        "Africa/Casablanca", "Pacific/Apia", "America/Sao_Paulo", "right/Europe/Paris", "Asia/Gaza",
    ])
    func dailyReadingsOfSampleZonesMatchTheCLibrary(_ name: String) throws {
        let zone = try #require(Zone(identifier: name))
        let instants = stride(from: Self.span.lowerBound + 43_200, to: Self.span.upperBound, by: 86_400).map { $0 }
        let problems = LibC.with(tz: name) { LibC.mismatches(zone, at: instants) }
        #expect(problems.isEmpty, "\(problems.count) mismatches: \(problems.prefix(10))")
    }

    /// POSIX rules glibc reads, with its defaults, its clamping and its partial readings: each at every
    /// change from 1900 to 2100 and at random instants.
    @Test(arguments: [
        "UTC+3", "UTC-5:30", "<+0545>-5:45", "<-03>3", "UTC0", "XXX-14", "UTC+24", "UTC+25", "UTC+3:75",
        "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0/2,M11.1.0/2", "NZST-12NZDT,M9.5.0,M4.1.0/3",
        "AAA-10BBB,M10.1.0,M4.1.0/3", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "IST-2IDT,M3.4.4/26,M10.5.0",
        "AAA3BBB2,J60/-1,300", "AAA3BBB,J1/0,J365/25", "AAA3BBB,0/0,365/25", "AAA3BBB,M3.5.6/24:59:59,M10.5.6",
        "AAA3BBB,M1.1.0/0,M12.5.6/24", "AAA3BBB-4:30,M3.2.0,M11.1.0", "AAA3BBB+4,M3.2.0,M11.1.0", "AAA3BBB,M3.2",
        "AAA3BBB,M3.2.0,M11.1.0junk", "AAA3BBB,M3.2.0/x,M11.1.0", "AAA3BBB,M3.6.0,M11.1.7", "AAA3BBB,J0,J1",
        "AAA3BBB,366,1", "AAA3BBB, M3.2.0,M11.1.0", "AAA3BBB,M 3. 2. 0,M11.1.0", "AAA3BBB,M3.2.0/-167,M11.1.0/167",
        "AAA3BBB", "AAA3BBB,", "AAA3", "PST", "IST", "GMT+3", "GMT-0300", "UTC+-3", "UTC+65536", "UTC+3:",
        "UTC+3:30:15", "A", "<>5", "<AB>5", "<A1B2>-4<C3D4>", " UTC+3", "UTC +3", "Not/AZone", "/nonexistent",
    ])
    func posixRulesReadAsGlibcReadsThem(_ rule: String) {
        let zone = ZoneSetting.resolve(rule, files: .system).zone
        var random = TestRandom(seed: 15)
        var instants = zone.changeCandidates(in: Self.span.lowerBound, Self.span.upperBound).flatMap {
            [$0 - 1, $0, $0 + 1]
        }
        instants += (0..<300).map { _ in random.next(in: Self.span) }
        let problems = LibC.with(tz: rule) { LibC.mismatches(zone, at: instants) }
        #expect(problems.isEmpty, "\(problems.count) mismatches: \(problems.prefix(10))")
    }

    /// The cases and the other forms of `TZ`: unset, empty, `:`, `:name`, paths (the `posix/`
    /// copy and `/etc/localtime` are valid for the C library), offsets and bare names.
    @Test(
        arguments: [
            nil, "", ":", ":Europe/Paris", "Europe/Paris", "/usr/share/zoneinfo/posix/Europe/London", "/etc/localtime",
            "/usr/share/zoneinfo/Asia/Tokyo", ":/usr/share/zoneinfo/right/UTC", "localtime", "posixrules", "Universal",
            "UTC+3", "GMT+3", "PST", "IST", "Not/AZone", "/etc/passwd", "America",
        ] as [String?])
    func theEnvironmentIsReadAsTheCLibraryReadsIt(_ tz: String?) {
        let zone = ZoneSetting.resolve(tz, files: .system).zone
        var random = TestRandom(seed: 16)
        let instants = (0..<400).map { _ in random.next(in: Self.span) }
        let problems = LibC.with(tz: tz) { LibC.mismatches(zone, at: instants) }
        #expect(problems.isEmpty, "\(problems.count) mismatches: \(problems.prefix(10))")
    }

    /// `TZDIR` moves both the names and `posixrules`: with Paris's file as `posixrules`, a rule without
    /// dates takes Europe's, in the C library and in `Zone` alike.
    @Test func tzdirMovesNamesAndThePosixRulesFile() throws {
        let dir = try TemporaryFolder()
        try dir.copy(Self.tzdata + "/Asia/Tokyo", to: "My/Zone")
        try dir.copy(Self.tzdata + "/Europe/Paris", to: "posixrules")
        let files = ZoneFiles(environment: ["TZDIR": dir.path])
        var random = TestRandom(seed: 17)
        for tz in ["My/Zone", "AAA-1BBB", "AAA3BBB,", "Asia/Tokyo"] {
            let zone = ZoneSetting.resolve(tz, files: files).zone
            let instants =
                zone.changeCandidates(in: Self.span.lowerBound, Self.span.upperBound).flatMap { [$0 - 1, $0] }
                + (0..<200).map { _ in random.next(in: Self.span) }
            let problems = LibC.with(tz: tz, tzdir: dir.path) { LibC.mismatches(zone, at: instants) }
            #expect(problems.isEmpty, "\(tz): \(problems.count) mismatches: \(problems.prefix(10))")
        }
    }

    /// TZif files glibc reads (version 1 alone, versions 3 and 4, an empty footer) and refuses (cut
    /// short, no footer, a bad magic, a type index out of range), given as paths.
    @Test func craftedTZifFilesAreReadOrRefusedAsGlibcDoes() throws {
        let dir = try TemporaryFolder()
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.tzdata + "/America/New_York"))
        let bytes = [UInt8](original)
        let v1Length = 44 + Self.v1DataLength(bytes)
        var variants: [(String, [UInt8])] = [("v2", bytes)]
        variants.append(("v1", Array(bytes.prefix(v1Length)).replacing(at: 4, with: 0)))
        variants.append(("v1-with-rest", bytes.replacing(at: 4, with: 0)))
        variants.append(("v3", bytes.replacing(at: 4, with: UInt8(ascii: "3"))))
        variants.append(("v4", bytes.replacing(at: 4, with: UInt8(ascii: "4"))))
        let footerStart = bytes.lastIndex(of: UInt8(ascii: "\n"), before: bytes.count - 1)
        variants.append(("empty-footer", Array(bytes.prefix(footerStart)) + Array("\n\n".utf8)))
        variants.append(("no-final-newline", Array(bytes.dropLast())))
        variants.append(("no-footer", Array(bytes.prefix(footerStart))))
        variants.append(("odd-footer", Array(bytes.prefix(footerStart)) + Array("\nAAA3BBB,M3.2.0,M11.1.0\nxy".utf8)))
        variants.append(("cut-short", Array(bytes.prefix(bytes.count / 2))))
        variants.append(("bad-magic", bytes.replacing(at: 0, with: UInt8(ascii: "X"))))
        variants.append(("header-only", Array(bytes.prefix(44))))
        let second = v1Length
        variants.append(
            ("bad-type-index", bytes.replacing(at: second + 44 + Self.count(bytes, 3, header: second) * 8, with: 200)))
        var random = TestRandom(seed: 18)
        for (name, content) in variants {
            let path = try dir.write(content, to: name)
            let zone = ZoneSetting.resolve(path, files: .system).zone
            let instants =
                zone.changeCandidates(in: Self.span.lowerBound, Self.span.upperBound).flatMap { [$0 - 1, $0] }
                + (0..<200).map { _ in random.next(in: Self.span) }
            let problems = LibC.with(tz: path) { LibC.mismatches(zone, at: instants) }
            #expect(problems.isEmpty, "\(name): \(problems.count) mismatches: \(problems.prefix(5))")
        }
    }

    /// The six counts of a TZif header at `offset` (ut, std, leap, time, type, char), as `index` picks.
    static func count(_ bytes: [UInt8], _ index: Int, header offset: Int = 0) -> Int {
        let at = offset + 20 + index * 4
        return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    /// Bytes of the version 1 data block after the first header.
    static func v1DataLength(_ bytes: [UInt8]) -> Int {
        let (ut, std, leaps, times, types, chars) = (
            count(bytes, 0), count(bytes, 1), count(bytes, 2), count(bytes, 3), count(bytes, 4), count(bytes, 5)
        )
        return times * 5 + types * 6 + chars + leaps * 8 + std + ut
    }
}

extension Array where Element == UInt8 {
    fileprivate func replacing(at index: Int, with byte: UInt8) -> [UInt8] {
        var copy = self
        copy[index] = byte
        return copy
    }

    fileprivate func lastIndex(of byte: UInt8, before end: Int) -> Int {
        self[..<end].lastIndex(of: byte)!
    }
}

/// A folder under the temporary directory, removed when the value goes.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "focus-zones-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Copies `source` to `relative` inside the folder, creating its folders.
    func copy(_ source: String, to relative: String) throws {
        try write([UInt8](try Data(contentsOf: URL(fileURLWithPath: source))), to: relative)
    }

    /// Writes `bytes` to `relative` and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let target = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }
}
