import FocusCore
import Foundation
import Testing

@testable import focus

/// Every view rendered with real, demo and hostile data (Chinese, an emoji family, OSC 52, hidden text, a bidi
/// override, a CR/LF in an id) at 80 and 40 columns, the live frame at every width from 1 to 120: no line is wider
/// than the width, measured with ``DisplayWidth`` on what it shows with colour off; and nothing from data can drive
/// the terminal: with colour off the output holds no ESC, C0, C1 or format character but its newlines, and with
/// colour on only the renderer's SGR codes more.
@Suite struct ViewFitAndSafetyTests {
    static let hostile = [
        "专注", "声境护照", "👨‍👩‍👧‍👦", "\u{1B}]52;c;aGk=\u{07}", "\u{1B}[8m", "\u{202E}",
        "x\r\n2026-11-29 09:00  25m  #forged",
    ]
    /// Each hostile value as it must show: escaped, never obeyed.
    static let shown = [
        "专注", "声境护照", "👨‍👩‍👧‍👦", "\\e]52;c;aGk=\\x07", "\\e[8m", "\\u{202E}", "x\\r\\n2026-11-29",
    ]
    static let widths = [80, 40]
    static let utc = Zone(identifier: "UTC")!
    static let days = LocalDays(timeZone: utc)
    /// 2026-11-29T18:00:00Z
    static let now = Date(timeIntervalSince1970: 1_795_975_200)

    /// Sessions over the past 400 days, most with a hostile tag and note, each id starting with a hostile value.
    static let logs: [FocusLog] = (0..<400).map { n in
        let start = now.addingTimeInterval(-Double(n) * 86_400 - 8 * 3600)
        let value = hostile[n % hostile.count]
        return FocusLog(
            id: value + "-\(n)", start: start, end: start.addingTimeInterval(3000), planned: 3000, focused: 3000,
            completed: n % 5 != 0, tz: "UTC", tags: n % 8 == 7 ? [] : n % 8 == 6 ? [value, "二" + value] : [value],
            note: n % 3 == 0 ? "note " + hostile[(n + 1) % hostile.count] : nil)
    }

    /// A store in a fresh folder with `logs` and, when `hostileRoute`, an `expeditions.json` whose titles,
    /// countries, stories, soundscapes and missions are hostile too; its expedition is loaded.
    static func store(_ logs: [FocusLog], hostileRoute: Bool = true) throws -> AppStore {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let paths = DataPaths(dataDirectory: dir, configDirectory: dir)
        if hostileRoute {
            let chapters = ExpeditionDefinitions.builtIn.chapters.enumerated().map { index, chapter in
                let value = hostile[index % hostile.count]
                return ExpeditionChapterDefinition(
                    id: chapter.id, title: chapter.title + " " + value, country: value + chapter.country,
                    story: chapter.story + " " + value, soundscape: value + " " + chapter.soundscape,
                    missions: chapter.missions.map {
                        ExpeditionMissionDefinition(
                            id: $0.id, title: value + $0.title, kind: $0.kind, targetValue: $0.targetValue,
                            rewardMiles: $0.rewardMiles)
                    })
            }
            let route = ExpeditionDefinitions(deepFocusMinutes: 50, chapters: chapters)
            try JSONEncoder().encode(route).write(to: URL(fileURLWithPath: paths.expeditionsFile))
        }
        let store = AppStore(paths: paths, focusLogs: logs)
        try store.loadExpedition(days: days)
        return store
    }

    /// Whether `scalar` may not reach a terminal, a newline ending a row aside.
    static func unsafe(_ scalar: Unicode.Scalar) -> Bool { scalar != "\n" && TerminalEscaping.isUnsafe(scalar) }

    /// The checks every view must pass; returns the text shown with colour off.
    @discardableResult
    static func check(_ lines: [TerminalLine], width: Int, _ what: String) -> String {
        let plain = TerminalRenderer(color: false).render(lines)
        for row in plain.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            #expect(row.displayWidth <= width, "\(what) at \(width): \(row.displayWidth) columns: \(row)")
        }
        #expect(!plain.unicodeScalars.contains(where: unsafe), "\(what) at \(width) shows a control character")
        let coloured = TerminalRenderer(color: true).render(lines)
        let withoutSGR = coloured.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(withoutSGR == plain, "\(what) at \(width): colour adds more than SGR codes")
        return plain
    }

    /// ``check(_:width:_:)`` on the expedition, the passport and the profile of `store`.
    static func checkGameViews(_ store: AppStore, width: Int) {
        let expedition = ExpeditionViewModel(store: store, now: now, days: days)
        check(ExpeditionView.lines(expedition, columns: width), width: width, "expedition")
        let passport = PassportViewModel(store: store, now: now, days: days)
        check(PassportView.lines(passport, columns: width), width: width, "passport")
        let profile = GrowthViewModel(store: store, now: now, days: days)
        check(ProfileView.lines(profile, columns: width), width: width, "profile")
    }

    static let ranges: [StatsRange] = StatsRange.names.map {
        try! StatsRange.parse(range: $0, from: nil, to: nil, today: days.date(of: now))
    }

    @Test(arguments: ranges)
    func statsAtEveryRangeWithRealDemoAndHostileData(_ range: StatsRange) throws {
        let store = try Self.store(Self.logs)
        for width in Self.widths {
            for tag in [nil, Self.hostile[3]] {
                for heatmap in [false, true] {
                    let model = StatsViewModel(
                        store: store, range: range, tag: tag, heatmapRequested: heatmap, now: Self.now, days: Self.days)
                    let text = Self.check(
                        StatsView.lines(model, data: try model.data, columns: width), width: width, "stats")
                    if tag != nil { #expect(text.contains("#\\e]52;c;")) }
                }
            }
            let demo = StatsViewModel(store: try Self.store([]), range: range, now: Self.now, days: Self.days)
            Self.check(StatsView.lines(demo, data: try demo.data, columns: width), width: width, "demo stats")
        }
    }

    @Test func byTagShowsEveryHostileTagEscapedAndAligned() throws {
        let model = StatsViewModel(store: try Self.store(Self.logs), range: .all, now: Self.now, days: Self.days)
        let text = Self.check(StatsView.lines(model, data: try model.data, columns: 80), width: 80, "stats")
        let table = text.components(separatedBy: "By tag\n").last ?? ""
        for value in Self.shown { #expect(table.contains(value.prefix(16)) || table.contains(value.prefix(14))) }
        // The durations line up: every row's bar starts in the same column.
        let rows = table.split(separator: "\n").filter { $0.contains("%") }
        let columns = Set(rows.map { row in row.prefix { $0 != "%" }.displayWidth })
        #expect(columns.count == 1, "\(table)")
        // Some of these sessions have two tags: the table counts them under each, and says so.
        #expect(table.trimmingCharacters(in: .newlines).hasSuffix("counts under each of them."), "\(table)")
    }

    @Test func expeditionPassportAndProfileWithRealDemoAndHostileData() throws {
        let stores = [
            try Self.store(Self.logs), try Self.store(Array(Self.logs.prefix(5))), try Self.store([]),
            try Self.store(Self.logs, hostileRoute: false),
        ]
        for store in stores {
            for width in Self.widths { Self.checkGameViews(store, width: width) }
        }
        let passport = PassportViewModel(store: try Self.store(Self.logs), now: Self.now, days: Self.days)
        let text = Self.check(PassportView.lines(passport, columns: 80), width: 80, "passport")
        #expect(text.contains("\\u{202E}") && text.contains("\\e[8m"))
    }

    @Test func logShowsEveryRowOnOneLineEscapedAndAligned() throws {
        let model = HistoryViewModel(
            store: try Self.store(Self.logs), limit: 30, now: Self.now, days: Self.days)
        for width in Self.widths {
            let lines = HistoryView.lines(model.rows, hidden: model.hiddenCount, width: width)
            // One line per session, each starting with its id (escaped), then the note about older ones.
            for (index, row) in model.rows.enumerated() {
                #expect(lines[index].text.hasPrefix(TerminalEscaping.escaped(row.shortID).prefix(width - 1)))
            }
            #expect(lines[30].text.hasPrefix("… 370 older sessions"))
            Self.check(lines, width: width, "log")
        }
        // On a pipe a row is whole: the CR/LF of an id and a note shows as \r\n, never as a row of its own.
        let whole = Self.check(HistoryView.lines(model.rows, hidden: 0, width: nil), width: 400, "log")
        #expect(whole.split(separator: "\n").count == 30)
        #expect(!whole.split(separator: "\n").contains { $0.hasPrefix("2026-11-29 09:00") })
        for value in Self.shown { #expect(whole.contains(value), "\(value)") }
        let statuses = whole.split(separator: "\n").map { row in
            row[..<(row.range(of: "completed") ?? row.range(of: "interrupted"))!.lowerBound].displayWidth
        }
        #expect(Set(statuses).count == 1, "the columns line up:\n\(whole)")
    }

    @Test func statusWithHostileTagsNotesAndDevices() {
        let started = Self.now.addingTimeInterval(-600)
        for value in Self.hostile {
            let state = RunningState(
                id: value + "id", phase: .focus, startedAt: started, planned: 1500, counted: 600, updatedAt: Self.now,
                paused: false, tags: [value + "写作声境护照的第一章", value], note: value, tz: "UTC", pid: 1, cycle: 1,
                cycles: 1)
            let marker = RunningMarker(
                device: Device(id: "00000002", name: value + "laptop"), id: "m", phase: .focus, startedAt: started,
                paused: false, remaining: 900, updatedAt: Self.now, tags: [value])
            for width in Self.widths {
                for state in [state, nil] {
                    let lines = StatusView.lines(
                        state, elsewhere: [marker], now: Self.now, timeZone: Self.utc, width: width)
                    Self.check(lines, width: width, "status")
                }
            }
            let format = try! StatusFormat("{{{tag}}} {note} \u{1B}[1m{remaining}\u{1B}[0m")
            let line = format.render(state, now: Self.now, timeZone: Self.utc)
            // The template's own codes stay; the values cannot add any.
            #expect(line.hasPrefix("{" + TerminalEscaping.escaped(value)))
            #expect(line.hasSuffix("\u{1B}[1m15:00\u{1B}[0m"))
            #expect(
                line.replacing("\u{1B}[1m", with: "").replacing("\u{1B}[0m", with: "").unicodeScalars.allSatisfy {
                    !TerminalEscaping.isUnsafe($0)
                })
        }
    }

    @Test func doctorFindingsFromAHostileJournal() throws {
        let store = try Self.store([])
        try store.record(
            Array(Self.logs.prefix(20)).map { log in
                .session(
                    FocusLog(
                        id: "ok-" + log.id.filter(\.isLetter), start: log.start, end: log.end, planned: log.planned,
                        focused: log.focused, completed: log.completed, tz: log.tz, tags: log.tags, note: log.note))
            })
        let journal = try #require(
            try FileManager.default.contentsOfDirectory(atPath: store.paths.journalDirectory).first {
                $0.hasSuffix(".jsonl")
            })
        let file = try FileHandle(forWritingAtPath: store.paths.journalDirectory + "/" + journal).unwrap()
        file.seekToEndOfFile()
        for value in Self.hostile { file.write(Data(("{\"id\":\"\(value)\",\"broken\n").utf8)) }
        try file.close()
        let scan = try AppStore(paths: store.paths).streamSessions { _ in }
        try store.load()
        let findings = JournalDoctor.check(
            history: store.history, sessions: store.focusLogs, issues: store.issues, duplicates: store.duplicates,
            conflictCopies: store.conflictCopies, now: Self.now, days: Self.days)
        #expect(!findings.isEmpty)
        for width in Self.widths {
            var lines = DoctorView.journal(store.paths.journalDirectory, scan, width: width)
            for finding in findings
                + Self.hostile.map({ .init(isProblem: true, text: Message(verbatim: "session " + $0)) })
            {
                lines += DoctorView.finding(finding, width: width)
            }
            lines += DoctorView.heading("Settings", width: width) + DoctorView.fine("ok", width: width)
            lines += DoctorView.verdict(problems: findings.count, width: width)
            let text = Self.check(lines, width: width, "doctor")
            #expect(text.contains("\\e]52;c;aGk=\\x07") && text.contains("\\u{202E}"))
        }
    }

    @Test func importReportOfAFileWithHostileIdsTagsAndName() throws {
        var csv = SessionExporter.csvHeader.joined(separator: ",") + "\n"
        for (index, value) in Self.hostile.enumerated() {
            let quoted = "\"" + value.replacing("\"", with: "\"\"") + "\""
            csv +=
                "\"\(value)\(index)\",2026-11-2\(index),2026-11-2\(index)T09:00:00Z,2026-11-2\(index)T09:25:00Z,"
                + "1500,1500,"
            csv += "true,UTC,\(quoted),\(quoted),import\n"
            csv += "bad\(index),,not-a-time,,,,,,,,\n"
        }
        let path = "/tmp/" + Self.hostile[3] + Self.hostile[6] + ".csv"
        var added: [FocusLog] = []
        let plan = try ImportPlan.plan(
            [ImportInput(name: "sessions.csv", bytes: Array(csv.utf8))], format: .csv,
            history: JournalHistory(sessions: [], changes: []), path: path,
            now: Self.now, newID: { UUID().uuidString }, adding: { added.append($0) })
        for width in Self.widths {
            for dryRun in [false, true] {
                let text = Self.check(
                    ImportReportView.lines(plan, from: path, dryRun: dryRun, width: width), width: width,
                    "import")
                #expect(text.contains("\\e]52;c;"))
            }
        }
        let imported = try Self.store(added)
        let model = HistoryViewModel(store: imported, now: Self.now, days: Self.days)
        let log = Self.check(HistoryView.lines(model.rows, hidden: 0, width: nil), width: 400, "imported log")
        #expect(log.split(separator: "\n").count == added.count)
    }

    @Test func sessionSummaryWithHostileTagsAndRoute() throws {
        let store = try Self.store(Self.logs)
        let definitions = store.expeditionDefinitions
        let chapter = definitions.chapters[3]
        let mission = chapter.missions[0]
        let events: [ExpeditionEvent] = [
            .missionProgressed(missionID: mission.id, progress: 1, target: 4),
            .missionCompleted(missionID: mission.id, miles: 40),
            .chapterStamped(chapterID: chapter.id, miles: 200, soundscape: chapter.soundscape),
            .chapterUnlocked(chapterID: definitions.chapters[4].id), .expeditionCompleted,
        ]
        for log in Self.logs.prefix(Self.hostile.count) {
            for width in Self.widths {
                let model = SessionSummaryViewModel(
                    store: store, recorded: log, suspendedSeconds: 120, now: Self.now, days: Self.days, events: events)
                let text = Self.check(SessionSummaryView.lines(model, width: width), width: width, "summary")
                #expect(text.contains("Passport stamped"))
                let discarded = SessionSummaryViewModel(
                    store: store, recorded: nil, discardedSeconds: 30, now: Self.now, days: Self.days)
                Self.check(SessionSummaryView.lines(discarded, width: width), width: width, "summary")
                var run = RunSummary(cycles: 4)
                run.completed = 2
                run.focusedSeconds = 3000
                Self.check(SessionSummaryView.runLines(run, width: width), width: width, "run summary")
            }
        }
    }

    /// The live frame fits every width, from one column up (keeping the last column free), with any tag.
    @Test(arguments: hostile + ["writing", String(repeating: "声境护照", count: 12)])
    func timerFrameFitsEveryWidthAndDegradesToOneLine(_ tag: String) throws {
        let clock = { (t: Double) in ClockReading(active: t, elapsed: t, wall: Self.now.addingTimeInterval(t)) }
        let steps = [CyclePlan.Step(phase: .focus, seconds: 3 * 3600, cycle: 1)]
        var machine = TimerMachine(setup: .init(steps: steps + steps, ids: ["a", "b"], tags: [tag]))
        _ = machine.handle(.start(clock(0)))
        let running = try #require(TimerViewModel(machine: machine, now: clock(10), timeZone: Self.utc))
        _ = machine.handle(.key(UInt8(ascii: " "), clock(20)))
        let paused = try #require(TimerViewModel(machine: machine, now: clock(30), timeZone: Self.utc))
        for model in [running, paused] {
            for columns in 1...120 {
                let lines = TimerView.lines(model, columns: columns)
                Self.check(lines, width: max(0, columns - 1), "frame")
                #expect(lines.count == (columns - 1 >= 1 + TimerView.minimumBar + 2 + 7 ? 3 : 1), "\(columns)")
            }
            #expect(TimerView.lines(model, columns: 20).count == 3)
            #expect(TimerView.lines(model, columns: 12).count == 1)
        }
        for columns in [80, 40, 20, 5] {
            let prompt = TimerView.prompt(CyclePlan.Step(phase: .shortBreak, seconds: 300, cycle: 1), columns: columns)
            Self.check([prompt], width: columns - 1, "prompt")
        }
    }

    @Test func helpOfEveryCommandFits() {
        for path in CommandPath(commands: [FocusCommand.self]).descendants() {
            for width in Self.widths {
                Self.check(HelpText.lines(path, width: width), width: width, "help for \(path.words)")
            }
        }
    }

    @Test func jsonOutputEscapesWhatATerminalMustNotReceiveAndDecodesTheSame() throws {
        let model = HistoryViewModel(store: try Self.store(Self.logs), limit: 10, now: Self.now, days: Self.days)
        let json = JSONText.terminalSafe(HistoryView.json(model.rows))
        #expect(!json.unicodeScalars.contains(where: TerminalEscaping.isUnsafe))
        #expect(json.contains("\\u202e") && json.contains("\\u001b]52"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(decoded.map { $0["id"] as? String } == model.rows.map(\.log.id))
        #expect(JSONText.terminalSafe("[\"\u{E0041}\u{85}\"]") == "[\"\\udb40\\udc41\\u0085\"]")
    }
}

extension Optional {
    fileprivate func unwrap() throws -> Wrapped {
        guard let self else { throw CocoaError(.fileNoSuchFile) }
        return self
    }
}
