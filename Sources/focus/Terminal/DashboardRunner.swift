import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `focus dashboard`'s loop: terminal I/O around the ``Dashboard`` reducer, and nothing else.
///
/// It waits in one `poll` on the keyboard, the signal pipe and an inotify descriptor on the journal and state
/// folders, with the reducer's next deadline as the timeout (none when nothing counts down), so an idle dashboard
/// costs no CPU. Each event goes through the reducer; its effects are performed here (the session's through the
/// same ``SessionEffects`` as `focus start`, edits as `focus log edit` records them), and each frame is written as
/// the rows that changed since the last one.
final class DashboardRunner {
    private let ctx: Context
    private var state: Dashboard
    private var decoder = DashboardKeyDecoder()
    private let watch: FolderWatch
    /// The running session's hooks and notifications, and its lock, while one runs here.
    private var session: SessionEffects?
    private var lock: FileLock?
    private var previous: [TerminalLine]?
    /// The last body drawn of a tab other than the Timer, and what it was drawn from.
    private var body: (key: DashboardBodyKey, lines: [TerminalLine])?
    /// Counts the journal's reads, for ``DashboardBodyKey``.
    private var journalReads = 0
    /// What the tabs are drawn from: the journal as of its last change, read into a store of its own each time
    /// (``DashboardData``); `ctx.store` records, edits and holds the session.
    private var reader: AppStore
    private var dirty = true
    /// Hook and player problems waiting for the session to end, said on the shell's screen after leaving.
    private var leftover: [Message] = []

    /// Wakes at least this often with nothing to do, so that the dates follow midnight.
    private static let idleWake = 60.0

    init(_ ctx: Context) throws(FocusError) {
        self.ctx = ctx
        let paths = ctx.paths
        watch = FolderWatch([paths.journalDirectory, paths.stateDirectory, paths.configDirectory])
        let motion = (ctx.environment["FOCUS_NO_ANIMATION"] ?? "").isEmpty
        state = Dashboard(size: Self.terminalSize(), motion: motion, pid: getpid())
        reader = ctx.store
    }

    /// Runs until `q`, Ctrl-C or a signal ends it; the exit status.
    func run() throws(FocusError) -> Int32 {
        ctx.recoverCrashedSession()
        // What cannot be read at the start is an error, as for the commands; later, the last facts read stay.
        let first = try DashboardData.facts(reader, config: (try? ctx.loadConfig()) ?? FocusConfig(), days: try days())
        if reader.isLoaded { ctx.reportIssues() }
        SignalPipe.install(TimerInput.signals)
        FullScreen.enter(ctx.out)
        defer {
            FullScreen.leave()
            leftover += session?.finish() ?? []
            lock?.release()
            for line in leftover { ctx.err.line(line) }
        }
        journalReads += 1
        if let code = try feed(.journalChanged(first)) { return code }
        if let code = try feed(sessionEvent()) { return code }
        while true {
            // The Log scrolled past the newest sessions the derived files keep: every session's id is read.
            if state.wantsEverySession, !reader.isLoaded,
                let every = try? DashboardData.everySession(reader, config: state.facts.config, days: days()),
                let code = try feed(.journalChanged(every))
            {
                return code
            }
            if dirty { draw() }
            let now = ctx.reading()
            for event in wait(now) {
                if let code = try feed(event) { return code }
            }
            session?.follow(state.timer?.session, at: ctx.reading())
            for line in session?.reap() ?? [] {
                if let code = try feed(.problem(line)) { return code }
            }
        }
    }

    // MARK: Waiting

    private func wait(_ now: ClockReading) -> [DashboardEvent] {
        let wake =
            [state.deadline(after: now), session?.nextDeadline, watch.isComplete ? nil : now.active + 2]
            .compactMap { $0 }.min() ?? now.active + Self.idleWake
        var fds = [
            pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watch.fd, events: Int16(POLLIN), revents: 0),
        ]
        let ms = max(0, ((wake - LiveClock.monotonic()) * 1000).rounded(.up))
        let ready = poll(&fds, nfds_t(fds.count), Int32(min(ms, 3_600_000)))
        let reading = ctx.reading()
        var events: [DashboardEvent] = []
        if ready > 0 {
            events += signals(at: reading)
            if fds[1].revents & Int16(POLLIN | POLLHUP) != 0 {
                let bytes = TerminalMode.readKeys()
                // The terminal went away: leave as a hangup does.
                if bytes.isEmpty { events.append(.signal(.hangup, reading)) }
                events += decoder.keys(bytes).map { .key($0, reading) }
            }
            if fds[2].revents != 0 { events += fileEvents(watch.changes()) }
        } else if !watch.isComplete {
            watch.watchMissing()
            if watch.isComplete { events += [.journalChanged(facts()), sessionEvent()] }
        }
        // Keys and files never hold back the clock: a deadline passed is a tick, whatever else woke the loop.
        if reading.active >= wake || ready <= 0 { events.append(.tick(reading)) }
        return events
    }

    /// The signals that arrived, named as the timer names them (``TimerInput/event(_:at:)``).
    private func signals(at reading: ClockReading) -> [DashboardEvent] {
        SignalPipe.drain().map { signal in
            switch TimerInput.event(signal, at: reading) {
            case .signal(.resize, _): .resize(Self.terminalSize())
            case .signal(let named, let at): .signal(named, at)
            default: .continued(reading)
            }
        }
    }

    /// What the changed files mean: the journal, the settings or the route read again; the session's state or
    /// another device's marker read again. The locks and temporary files the store leaves in the state folder mean
    /// nothing (reading the session's state takes the lock file, which would wake the loop again and again).
    private func fileEvents(_ changes: [(folder: String, name: String)]) -> [DashboardEvent] {
        let paths = ctx.paths
        var journal = false
        var session = false
        for change in changes {
            if change.name.isEmpty {
                watch.watchMissing()
                journal = true
                session = true
            } else if change.folder == paths.journalDirectory {
                if change.name.hasSuffix(RunningMarker.fileSuffix) { session = true } else { journal = true }
            } else if change.folder == paths.stateDirectory {
                if "/" + change.name == paths.runningStateFile.dropFirst(paths.stateDirectory.count) { session = true }
            } else if paths.configFile.hasSuffix("/" + change.name)
                || paths.expeditionsFile.hasSuffix("/" + change.name)
            {
                journal = true
            }
        }
        return (journal ? [.journalChanged(facts())] : []) + (session ? [sessionEvent()] : [])
    }

    /// The journal read again, as the reducer needs it: the settings, the tags, the newest sessions.
    private func facts() -> DashboardFacts {
        // The settings too: `focus config set` in another terminal shows at once.
        do throws(FocusError) { ctx.config = .success(try ctx.store.loadConfig()) } catch {
            ctx.config = .failure(error)
        }
        journalReads += 1
        let fresh = AppStore(paths: ctx.paths)
        do throws(FocusError) {
            let facts = try DashboardData.facts(fresh, config: (try? ctx.loadConfig()) ?? FocusConfig(), days: days())
            reader = fresh
            return facts
        } catch {
            // What cannot be read now is said; the dashboard goes on with what it last read.
            dirty = true
            return state.facts
        }
    }

    /// The days of the settings as they are now.
    private func days() throws(FocusError) -> LocalDays { try ctx.localDays() }

    /// What this machine's state folder and the other devices' markers say runs now.
    private func sessionEvent() -> DashboardEvent {
        .sessionChanged(
            (try? ctx.store.liveSession()) ?? nil,
            elsewhere: (try? ctx.store.sessionsOnOtherDevices(at: ctx.now())) ?? [])
    }

    // MARK: The reducer's effects

    /// Hands `event` to the reducer and performs what it asks, in order; the exit status once it is leaving.
    private func feed(_ event: DashboardEvent) throws(FocusError) -> Int32? {
        for effect in state.handle(event) {
            if let code = try perform(effect) { return code }
        }
        return nil
    }

    private func perform(_ effect: DashboardEffect) throws(FocusError) -> Int32? {
        switch effect {
        case .render: dirty = true
        case .redrawAll:
            previous = nil
            dirty = true
        case .claim(let start): return try claim(start)
        case .timer(let timerEffect):
            switch try session?.perform(timerEffect) {
            case .event(let event)?: return try feed(.timer(event))
            case .problem(let line)?: return try feed(.problem(line))
            case .done?, nil: break
            }
        case .summarize(let summary):
            var events: [ExpeditionEvent] = []
            do throws(FocusError) {
                // The derived files fold in the session just recorded: the history is read only when they cannot tell.
                if let id = summary.recorded?.id {
                    events = try DashboardData.events(ofSession: id, AppStore(paths: ctx.paths), days: days())
                }
            } catch {
                if let code = try feed(.problem("focus: the expedition was not updated: \(error.message)")) {
                    return code
                }
            }
            if let code = try feed(.summarized(summary, events, ctx.reading())) { return code }
            return try feed(.journalChanged(facts()))
        case .releaseSession:
            leftover += session?.finish() ?? []
            session = nil
            lock?.release()
            lock = nil
        case .signalSession(let running, let signal):
            do throws(FocusError) { try TimerSignal.send(running, signal == .stop ? SIGUSR1 : SIGUSR2) } catch {
                return try feed(.refused(error))
            }
        case .openEditor(let id):
            guard let log = reader.shownSession(id: id, days: try days()) else { return try feed(.refused(Self.gone)) }
            return try feed(.formOpened(.edit(log, days: try ctx.localDays())))
        case .edit(let log, let edit): return try self.edit(log, edit)
        case .delete(let id):
            do throws(FocusError) {
                let old = try ctx.changingJournal { () throws(FocusError) -> FocusLog in
                    guard let old = ctx.store.session(id: id) else { throw Self.gone }
                    try ctx.store.record(
                        JournalChange(id: UUID().uuidString, kind: .delete, target: old.id, at: ctx.now()))
                    return old
                }
                if let code = try feed(.deleted(old)) { return code }
                return try feed(.journalChanged(facts()))
            } catch { return try feed(.refused(error)) }
        case .findUndo:
            try ctx.loadJournal(quiet: true)
            return try feed(.undoFound(ctx.store.lastUndoable()))
        case .undo(let target):
            do throws(FocusError) {
                try ctx.changingJournal { () throws(FocusError) in
                    guard ctx.store.lastUndoable() == target else {
                        throw FocusError(.failure, "the last change is no longer that one; press u again")
                    }
                    try ctx.store.undo(target, at: ctx.now()) { UUID().uuidString }
                }
                if let code = try feed(.undone(target)) { return code }
                return try feed(.journalChanged(facts()))
            } catch { return try feed(.refused(error)) }
        case .ring: ctx.out.send(.bell)
        case .suspend:
            FullScreen.leave()
            raise(SIGSTOP)
            FullScreen.enter(ctx.out)
            return try feed(.continued(ctx.reading()))
        case .exit(let code): return code
        }
        return nil
    }

    private static let gone = FocusError(.noInput, "that session is no longer in the history")

    /// Claims the session as `focus start` does and starts it on the reducer's machine.
    private func claim(_ start: DashboardStart) throws(FocusError) -> Int32? {
        let claim: AppStore.SessionClaim
        do throws(FocusError) { claim = try ctx.store.claimSession(at: ctx.reading(), timeZone: ctx.zone) } catch {
            return try feed(.refused(error))
        }
        lock = claim.lock
        // The configured sound plays as with `focus start`; one that is not unlocked is said, and the focus is silent.
        var sound: SoundCatalog.Entry?
        if let name = state.facts.config.sound {
            do throws(FocusError) { sound = try SessionLaunch.unlockedSound(name, ctx) } catch {
                if let code = try feed(.problem(SessionLaunch.configuredSoundRefused(error))) { return code }
            }
        }
        let effects = SessionEffects(ctx, sound: sound, hookOutputDiscarded: true)
        session = effects
        if let recovery = claim.recovery {
            if let line = RecoveryView.line(recovery, in: ctx.zone), let code = try feed(.problem(line)) {
                return code
            }
            if let hook = recovery.hook, let problem = effects.run(hook), let code = try feed(.problem(problem)) {
                return code
            }
        }
        let request = TimerRunner.Request(steps: start.steps, tags: start.tags, sound: sound)
        return try feed(.claimed(request.setup(ctx, keyboard: true), ctx.reading()))
    }

    /// Records `edit` of `log` as `focus log edit` does, under the change lock.
    private func edit(_ log: FocusLog, _ edit: DashboardEdit) throws(FocusError) -> Int32? {
        do throws(FocusError) {
            let duration = try edit.duration.map { (text) throws(FocusError) -> Int in
                do throws(DurationParser.Failure) { return try DurationParser.seconds(text) } catch {
                    throw FocusError(.usage, "duration: \(error.reason)")
                }
            }
            let (new, overlapping) = try ctx.changingJournal { () throws(FocusError) -> (FocusLog, FocusLog?) in
                guard let old = ctx.store.session(id: log.id) else { throw Self.gone }
                var patch = try LogEditCommand.patch(old, start: edit.start, end: nil, duration: duration, ctx)
                patch.tags = edit.tags.flatMap { SessionEditor.tags(old.tags, set: $0, adding: [], removing: []) }
                patch.note = edit.note
                let new = patch.applied(to: old)
                guard new != old else { return (new, nil) }
                try ctx.store.record(
                    JournalChange(id: UUID().uuidString, kind: .edit, target: old.id, at: ctx.now(), patch: patch))
                let others = ctx.store.focusLogs.filter { $0.id != old.id }
                return (new, patch.start != nil || patch.end != nil ? SessionEditor.overlap(of: new, in: others) : nil)
            }
            if let code = try feed(.edited(new, overlapping: overlapping)) { return code }
            return try feed(.journalChanged(facts()))
        } catch { return try feed(.refused(error)) }
    }

    // MARK: The screen

    private func draw() {
        dirty = false
        let days = LocalDays(timeZone: ctx.zone, dayStartSeconds: state.facts.config.dayStartSeconds)
        let inputs = DashboardView.Inputs(
            store: reader, now: ctx.now(), reading: ctx.reading(), days: days, zone: ctx.zone)
        func content() -> [TerminalLine] {
            guard let key = DashboardBodyKey(state, today: days.date(of: inputs.now), journal: journalReads) else {
                return DashboardView.body(state, inputs)
            }
            if let body, body.key == key { return body.lines }
            let lines = DashboardView.body(state, inputs)
            body = (key, lines)
            return lines
        }
        var frame = DashboardView.screen(state, inputs, content: content())
        if state.contentRows[state.tab] != frame.contentRows {
            _ = state.handle(.laidOut(state.tab, rows: frame.contentRows))
            frame = DashboardView.screen(state, inputs, content: content())
        }
        ctx.out.screen(frame.lines, replacing: previous, columns: state.size.columns)
        previous = frame.lines
    }

    /// The terminal's size (80×24 when it cannot be read).
    private static func terminalSize() -> DashboardSize {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return DashboardSize(columns: 80, rows: 24)
        }
        return DashboardSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
