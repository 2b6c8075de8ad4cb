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
        let width = ctx.lineWidth
        var problems = 0
        var lines: [TerminalLine] = []
        func report(_ finding: JournalDoctor.Finding) {
            if finding.isProblem { problems += 1 }
            lines += DoctorView.finding(finding, width: width)
        }
        func fine(_ text: Message) { lines += DoctorView.fine(text, width: width) }
        let now = ctx.now()
        ctx.recoverCrashedSession()
        let store = ctx.store
        var configOK = true
        let days: LocalDays
        do {
            let config = try ctx.loadConfig()
            days = LocalDays(timeZone: ctx.zone, dayStartSeconds: config.dayStartSeconds)
        } catch {
            configOK = false
            days = LocalDays(timeZone: ctx.zone)
        }
        // The sessions are checked as they stream by, the journal's and the checkpoint's checks at once.
        var checks = JournalDoctor.SessionChecks(now: now, days: days)
        var checkpoint: AppStore.CheckpointCheck?
        var checkpointError: FocusError?
        if configOK {
            do throws(FocusError) { checkpoint = try store.expeditionCheckpointCheck(days: days) } catch {
                checkpointError = error
            }
        }
        let meter = ProgressMeter(ctx)
        let scan = try store.streamSessions(progress: meter?.report) { log in
            checks.visit(log)
            checkpoint?.visit(log)
        }
        meter?.finish()
        lines += DoctorView.journal(store.paths.journalDirectory, scan, width: width)
        for finding in JournalDoctor.check(
            changes: scan.changes, danglingChanges: scan.danglingChanges, sessions: checks, issues: scan.issues,
            duplicates: scan.duplicates, conflictCopies: scan.conflictCopies, tornTails: scan.tornTails)
        { report(finding) }

        lines += DoctorView.heading("Settings", width: width)
        do {
            _ = try ctx.loadConfig()
            _ = try store.loadExpeditionDefinitions()
            fine("ok")
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

        lines += DoctorView.heading("Derived files", width: width)
        do {
            _ = try store.runningState()
        } catch {
            report(.init(isProblem: true, text: error.message))
        }
        if configOK {
            do throws(FocusError) {
                if let checkpointError { throw checkpointError }
                switch checkpoint?.health(changes: scan.changes) ?? .missing {
                case .matches: fine("expedition checkpoint: matches a rebuild")
                case .missing: fine("expedition checkpoint: none yet (built on first use)")
                case .behind:
                    if args[repair] { try store.rebuildExpeditionCheckpoint(days: days) }
                    let behind: Message = "behind the journal (it predates a change, or the route or settings changed)"
                    fine(
                        args[repair]
                            ? "expedition checkpoint: \(behind); rebuilt"
                            : "expedition checkpoint: \(behind); the next expedition view catches up")
                case .differs(let why):
                    if args[repair] {
                        try store.rebuildExpeditionCheckpoint(days: days)
                        fine("expedition checkpoint: \(why); rebuilt")
                    } else {
                        report(
                            .init(
                                isProblem: true,
                                text: """
                                    expedition checkpoint \(store.paths.expeditionCheckpointFile): \(why) (focus \
                                    doctor --repair rebuilds it)
                                    """
                            ))
                    }
                }
            } catch {
                report(.init(isProblem: true, text: error.message))
            }
        }
        lines += DoctorView.verdict(problems: problems, width: width)
        ctx.out.lines(lines)
        return problems == 0 ? 0 : FocusError.Kind.data.rawValue
    }
}
