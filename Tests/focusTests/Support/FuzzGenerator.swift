import FocusCore

/// Draws random ``FuzzScenario``s from a seed: journals and the steps between commands, with hostile text, zones and
/// day starts, dates near daylight-saving changes and at the ends of the years the journal takes.
///
/// It draws only what focus notices: an edit in place changes the file's modification time. One that puts the time
/// back is not drawn: further than 4 KiB from the end the README does not promise to notice it, and within the last
/// 4 KiB, where it does, focus does not notice it either (``DerivedFuzzTests/anEditInPlaceWithItsTimePutBack``).
struct FuzzGenerator {
    private var random: FuzzRandom
    private var now: Int
    private var serial = 0

    init(seed: UInt64) {
        random = FuzzRandom(seed: seed)
        now = 0
    }

    /// A scenario of `steps` steps comparing `commands` commands after each (all of them when nil).
    static func scenario(seed: UInt64, steps: Int, commands: Int?) -> FuzzScenario {
        var generator = FuzzGenerator(seed: seed)
        return generator.scenario(seed: seed, steps: steps, commands: commands)
    }

    private mutating func scenario(seed: UInt64, steps count: Int, commands: Int?) -> FuzzScenario {
        now = random.pick(Self.nows)
        let start = now
        let zone = random.chance(50) ? "UTC" : random.pick(Self.zones)
        let own = (0..<Int.random(in: 0...60, using: &random)).map { _ in timedSession() }.sorted {
            $0.start < $1.start
        }
        var files = [FuzzFile(name: FuzzScenario.ownFile, lines: own.map(\.line))]
        if random.chance(40) {
            files.append(
                FuzzFile(
                    name: FuzzScenario.otherFile,
                    lines: (0..<Int.random(in: 1...20, using: &random))
                        .map { _ in session() }))
        }
        let steps = (0..<count).map { _ in step() }
        var all = FuzzScenario.allCommands(tag: random.pick(Self.tags))
        if let commands { all = Array(all.shuffled(using: &random).prefix(commands)) }
        return FuzzScenario(seed: seed, zone: zone, now: start, files: files, steps: steps, commands: all)
    }

    // MARK: Values

    /// The clock's first reading: an ordinary evening, daylight-saving changes in New York and Berlin, the turn of
    /// a year, and the ends of the journal's years (2000 to 2099).
    static let nows = [
        1_796_061_600, 1_772_955_000, 1_774_747_800, 1_792_891_800, 1_793_514_600, 1_767_226_200, 4_102_430_400,
        946_814_400,
    ]
    /// Instants a session may start at besides recent ones: the first second the journal takes and the last hours,
    /// the hours around daylight-saving changes (New York, Berlin, Lord Howe's half hour), a year's last half hour,
    /// and one past 2099 (a line the journal does not take).
    static let instants = [
        946_684_800, 946_702_800, 4_102_437_600, 1_772_951_400, 1_774_745_100, 1_792_888_200, 1_793_511_900,
        1_775_313_900, 1_798_759_800, 4_102_444_800,
    ]
    static let zones = [
        "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati",
        "Pacific/Pago_Pago", "America/St_Johns", "UTC+3", "<+0530>-5:30", "CET-1CEST,M3.5.0,M10.5.0/3",
    ]
    /// Zones a session may record: IANA names, a POSIX offset, an earlier focus's form, and names glibc falls back on.
    static let recordedZones = [
        "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Lord_Howe", "Pacific/Kiritimati", "Etc/GMT+3",
        "GMT-0300", "PST", "Mars/Olympus",
    ]
    /// Tags: plain, wide, the two spellings of one (precomposed and decomposed, Kelvin sign and K), combining marks,
    /// bidi overrides, control characters and escapes, and names of the journal's keys.
    static let tags = [
        "coding", "coding", "writing", "写作", "caf\u{E9}", "cafe\u{301}", "\u{212A}elvin", "Kelvin", "🍅",
        "e\u{301}\u{302}\u{303}", "\u{202E}evil\u{202C}", "bell\u{7}", "esc\u{1B}[31m", "id", "tag", "tags",
        "\"start\":", "v", "kind", "Ａｂｃ", "\u{FEFF}bom", "שלום", "a b",
    ]
    static let notes = [
        "chapter 3", "line\nbreak", "tab\there", "\u{1B}]0;title\u{7}", "\u{202E}reversed", "💥💥", "\\u0041",
        String(repeating: "long ", count: 60), "{\"id\":\"x\"}",
    ]

    /// A record id: mostly focus's own hex, or one another program wrote (accented, in either normalization form,
    /// with a Kelvin sign, upper case).
    private mutating func id() -> String {
        serial += 1
        switch Int.random(in: 0..<20, using: &random) {
        case 0...11: return String((0..<32).map { _ in "0123456789abcdef".randomElement(using: &random)! })
        case 12, 13: return "caf\u{E9}-\(serial)"
        case 14, 15: return "cafe\u{301}-\(serial)"
        case 16: return "\u{212A}-\(serial)"
        default: return "ID-\(serial)-\(Int.random(in: 0...999, using: &random))"
        }
    }

    private mutating func session() -> String { timedSession().line }

    /// A session's line as another program may write it, and its start.
    private mutating func timedSession() -> (start: Int, line: String) {
        let start =
            random.chance(85)
            ? now - Int.random(in: 10...(60 * 24 * 60), using: &random) * 60 : random.pick(Self.instants)
        let seconds = Int.random(in: 1...180, using: &random) * 60 - (random.chance(20) ? 17 : 0)
        let focused = random.chance(70) ? seconds : Int.random(in: 0...seconds, using: &random)
        let planned = random.chance(70) ? focused : Int.random(in: 0...(2 * seconds), using: &random)
        let ascii = random.chance(15)
        var line =
            "{\"id\":\(FuzzText.json(id(), asciiOnly: ascii)),"
            + "\"start\":\"\(UTCTimestamp.format(epochSeconds: start))\","
            + "\"end\":\"\(UTCTimestamp.format(epochSeconds: start + seconds))\",\"planned\":\(planned),"
            + "\"focused\":\(focused),\"completed\":\(focused >= planned)"
        if random.chance(40) { line += ",\"tz\":\(FuzzText.json(random.pick(Self.recordedZones)))" }
        let tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in random.pick(Self.tags) }
        if let first = tags.first { line += ",\"tag\":\(FuzzText.json(first, asciiOnly: ascii))" }
        if tags.count > 1 {
            line += ",\"tags\":[\(tags.map { FuzzText.json($0, asciiOnly: ascii) }.joined(separator: ","))]"
        }
        if random.chance(20) { line += ",\"note\":\(FuzzText.json(random.pick(Self.notes), asciiOnly: ascii))" }
        if random.chance(30) { line += ",\"source\":\"\(random.pick(["timer", "manual", "import"]))\"" }
        return (start, line + "}")
    }

    // MARK: Steps

    private mutating func step() -> FuzzStep {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<12:
            let minutes = random.pick([1, 30, 600, 1440, 2880, 10080])
            now += minutes * 60
            return .advance(minutes: minutes)
        case 12..<26:
            return .logAdd(
                minutesAgo: Int.random(in: 30...(60 * 24 * 20), using: &random),
                minutes: Int.random(in: 1...120, using: &random),
                tags: (0..<Int.random(in: 0...2, using: &random)).map { _ in random.pick(Self.tags) },
                note: random.chance(20) ? random.pick(Self.notes) : nil, local: random.chance(30))
        case 26..<36:
            return .logEdit(pick: Int.random(in: 0...999, using: &random), arguments: editArguments())
        case 36..<42: return .logDelete(pick: Int.random(in: 0...999, using: &random))
        case 42..<45:
            return .logSplit(
                pick: Int.random(in: 0...999, using: &random), minutes: Int.random(in: 1...30, using: &random))
        case 45..<52: return .undo
        case 52..<54:
            now += 3
            return .start(seconds: 1, tag: random.chance(50) ? random.pick(Self.tags) : nil)
        case 54..<60: return importFile()
        case 60..<80: return append()
        case 80..<86:
            let how: FuzzReplacement = random.pick([
                .sameBytes, .sameBytes, .grown(line: session()),
                .editedDigit(fromEnd: Int.random(in: 1...9000, using: &random)),
                .shorter,
            ])
            return .replace(file: journalFile(), how: how)
        case 86..<92:
            return .editInPlace(file: journalFile(), fromEnd: Int.random(in: 1...20000, using: &random))
        case 92..<95: return .touch(file: journalFile())
        case 95..<98: return .dayStart(random.pick([nil, "04:00", "01:30", "23:00", "00:00"]))
        default: return .zone(random.pick(Self.zones + ["UTC"]))
        }
    }

    private mutating func journalFile() -> String {
        random.chance(70) ? FuzzScenario.ownFile : FuzzScenario.otherFile
    }

    private mutating func editArguments() -> [String] {
        random.pick([
            ["--tag", random.pick(Self.tags)], ["--note", random.pick(Self.notes)],
            ["--add-tag", random.pick(Self.tags)],
            ["--remove-tag", random.pick(Self.tags)], ["--shorten", "5m"], ["--lengthen", "10m"], ["--tag", ""],
            ["--start", "06:15"], ["--note", ""],
        ])
    }

    /// Lines another program appends: sessions (out of order, in other spellings), change records, a torn line,
    /// a line that does not parse; with CR LF or not, the last line with its newline or not.
    private mutating func append() -> FuzzStep {
        let file = random.pick([
            FuzzScenario.ownFile, FuzzScenario.otherFile, FuzzScenario.otherFile, "desk-0000abcd.jsonl",
        ])
        var lines: [FuzzLine] = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            switch Int.random(in: 0..<20, using: &random) {
            case 0...12: return .text(session())
            case 13, 14:
                return .edit(
                    id: id(), pick: Int.random(in: 0...999, using: &random), otherSpelling: random.chance(30),
                    fields: random.pick([
                        "\"tag\":\(FuzzText.json(random.pick(Self.tags)))", "\"tag\":null", "\"focused\":60",
                        "\"note\":\"edited\"", "\"end\":\"\(UTCTimestamp.format(epochSeconds: now - 60))\"",
                    ]))
            case 15, 16:
                return .delete(
                    id: id(), pick: Int.random(in: 0...999, using: &random), otherSpelling: random.chance(30))
            case 17: return .undo(id: id(), pick: Int.random(in: 0...999, using: &random))
            case 18: return .text("not json")
            default: return .text("{\"v\":3,\"kind\":\"future\",\"id\":\"\(id())\"}")
            }
        }
        var newline = random.chance(80)
        if random.chance(8) {
            lines.append(.text("{\"id\":\"cut\",\"start\":\"2026-11"))
            newline = false
        }
        return .append(file: file, lines: lines, crlf: random.chance(15), newline: newline)
    }

    /// A Watson frames file, a Timewarrior month file or focus's own JSON Lines.
    private mutating func importFile() -> FuzzStep {
        let starts = (0..<Int.random(in: 1...5, using: &random)).map { _ in
            now - Int.random(in: 60...(60 * 24 * 30), using: &random) * 60
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let frames = starts.map { start in
                "[\(start), \(start + Int.random(in: 60...7200, using: &random)), "
                    + "\(FuzzText.json(random.pick(Self.tags))), "
                    + "\"\(id())\", [\(FuzzText.json(random.pick(Self.tags)))], \(start + 9000)]"
            }
            return .importFile(format: "watson", name: "frames", content: "[" + frames.joined(separator: ",\n") + "]\n")
        case 1:
            let lines = starts.sorted().map { start in
                "inc \(Self.compact(start)) - \(Self.compact(start + Int.random(in: 60...3000, using: &random))) # "
                    + "\(random.pick(["coding", "\"two words\"", "写作", "abandoned"]))"
            }
            let month = String(UTCTimestamp.format(epochSeconds: now).prefix(7))
            return .importFile(
                format: "timewarrior", name: month + ".data", content: lines.joined(separator: "\n") + "\n")
        default:
            return .importFile(
                format: "jsonl", name: "sessions.jsonl", content: starts.map { _ in session() + "\n" }.joined())
        }
    }

    /// Timewarrior's instants: `20261129T100000Z`.
    private static func compact(_ seconds: Int) -> String {
        UTCTimestamp.format(epochSeconds: seconds).filter { $0 != "-" && $0 != ":" }
    }
}
