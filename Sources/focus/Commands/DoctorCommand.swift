import FocusCore
import FoundationEssentials

/// `focus doctor`: checks the journal, the derived files and the settings; `--repair` rebuilds derived files only.
enum DoctorCommand: ParsableCommand {
    static let repair = Flag(
        "repair", "Rebuild the derived files (the expedition checkpoint); the journal is never rewritten")

    static let configuration = CommandConfiguration(
        name: "doctor",
        abstract: "Check the journal, derived files and settings",
        discussion: "Exits 0 when everything is healthy, 65 when a problem remains.",
        options: [repair])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        var problems = 0
        func report(_ finding: JournalDoctor.Finding) {
            if finding.isProblem { problems += 1 }
            ctx.out.line("  \(finding.isProblem ? "problem" : "note"): \(finding.text)")
        }
        let now = ctx.now()
        ctx.recoverCrashedSession()
        try ctx.store.load()
        let store = ctx.store
        ctx.out.line(
            "Journal: \(store.paths.journalDirectory): \(store.history.sessions.count) session records, "
                + "\(store.history.changes.count) change records, \(store.focusLogs.count) sessions in the history."
        )

        var configOK = true
        let days: LocalDays
        do {
            let config = try ctx.loadConfig()
            days = LocalDays(timeZone: ctx.timeZone, dayStartSeconds: config.dayStartSeconds)
        } catch {
            configOK = false
            days = LocalDays(timeZone: ctx.timeZone)
        }
        for finding in JournalDoctor.check(
            history: store.history, sessions: store.focusLogs, issues: store.issues, duplicates: store.duplicates,
            conflictCopies: store.conflictCopies, tornTails: store.tornTails, now: now, days: days)
        { report(finding) }

        ctx.out.line("Settings:")
        do {
            _ = try ctx.loadConfig()
            _ = try store.loadExpeditionDefinitions()
            ctx.out.line("  ok")
        } catch {
            report(.init(isProblem: true, text: error.message))
        }
        for event in Hook.Event.allCases {
            switch store.hook(event) {
            case .missing, .runnable: break
            case .notExecutable(let path): report(.init(isProblem: true, text: "hook \(path) is not executable"))
            case .untrusted(let path, let reason):
                report(.init(isProblem: true, text: "hook \(path) will not run: \(reason)"))
            }
        }

        ctx.out.line("Derived files:")
        do {
            _ = try store.runningState()
        } catch {
            report(.init(isProblem: true, text: error.message))
        }
        if configOK {
            do {
                switch try store.checkExpeditionCheckpoint(days: days) {
                case .matches: ctx.out.line("  expedition checkpoint: matches a rebuild")
                case .missing: ctx.out.line("  expedition checkpoint: none yet (built on first use)")
                case .behind:
                    if args[repair] { try store.rebuildExpeditionCheckpoint(days: days) }
                    ctx.out.line(
                        "  expedition checkpoint: behind the journal (it predates a change, or the route or settings "
                            + "changed); " + (args[repair] ? "rebuilt" : "the next expedition view catches up"))
                case .differs(let why):
                    if args[repair] {
                        try store.rebuildExpeditionCheckpoint(days: days)
                        ctx.out.line("  expedition checkpoint: \(why); rebuilt")
                    } else {
                        report(
                            .init(
                                isProblem: true,
                                text:
                                    "expedition checkpoint \(store.paths.expeditionCheckpointFile): \(why) (focus "
                                    + "doctor --repair rebuilds it)"
                            ))
                    }
                }
            } catch {
                report(.init(isProblem: true, text: error.message))
            }
        }
        ctx.out.line(problems == 0 ? "Healthy." : "\(problems) problem\(problems == 1 ? "" : "s") found.")
        return problems == 0 ? 0 : FocusError.Kind.data.rawValue
    }
}
