import FocusModels
import FocusServices
import FoundationEssentials

extension Dashboard {
    /// A key: Ctrl-C and Ctrl-Z work whatever is showing; otherwise an animation is skipped, a prompt answered,
    /// the help closed, or the key's action on this tab done (``DashboardKeys``). Any key clears the last notice.
    mutating func press(_ key: DashboardKey, at now: ClockReading) -> [DashboardEffect] {
        let action = DashboardKeys.action(for: key, on: tab)
        if action == .interrupt { return quit(130, .interrupt, at: now) }
        if action == .suspend { return suspend(at: now) }
        notice = nil
        if animation != nil {
            animation = nil
            return [.render]
        }
        if let prompt { return answer(prompt, with: key, at: now) }
        if showsHelp {
            showsHelp = false
            return [.render]
        }
        guard let action else { return [.render] }
        return perform(action, at: now)
    }

    private mutating func perform(_ action: DashboardAction, at now: ClockReading) -> [DashboardEffect] {
        switch action {
        case .showTab(let tab): self.tab = tab
        case .nextTab: tab = tab.next
        case .previousTab: tab = tab.previous
        case .help: showsHelp = true
        case .quit:
            guard timer != nil else { return quit(0, .stopRequest, at: now) }
            prompt = .confirm(.quit)
        case .interrupt: return quit(130, .interrupt, at: now)
        case .suspend: return suspend(at: now)
        case .redraw: return [.redrawAll]
        case .scrollUp: move(by: -1)
        case .scrollDown: move(by: 1)
        case .pageUp: move(by: -max(1, DashboardLayout.bodyRows(size) - 1))
        case .pageDown: move(by: max(1, DashboardLayout.bodyRows(size) - 1))
        case .top: move(by: Int.min / 2)
        case .bottom: move(by: Int.max / 2)
        case .startSession, .startBreak: return start(action, at: now)
        case .togglePause, .extend, .stopSession, .nextPhase, .cancelSession: return control(action, at: now)
        case .nextRange, .previousRange:
            let count = Self.ranges.count
            rangeIndex = (rangeIndex + (action == .nextRange ? 1 : count - 1)) % count
            windowOffset = 0
            scroll[.stats] = 0
        case .earlierWindow:
            if range != .all { windowOffset -= 1 }
        case .laterWindow: windowOffset = min(0, windowOffset + 1)
        case .nextTag, .previousTag:
            let choices: [String?] = [nil] + facts.tags
            let index = choices.firstIndex(of: tag) ?? 0
            tag = choices[(index + (action == .nextTag ? 1 : choices.count - 1)) % choices.count]
        case .editSession: return selectedID.map { [.openEditor(id: $0)] } ?? [.render]
        case .deleteSession: if let id = selectedID { prompt = .confirm(.delete(id: id)) }
        case .undo: return [.findUndo]
        }
        return [.render]
    }

    /// The Log's selected session.
    public var selectedID: String? { facts.sessionIDs.indices.contains(selection) ? facts.sessionIDs[selection] : nil }

    /// Whether the Log's selection is past the sessions whose ids the facts hold: the journal must be read for them
    /// (``DashboardData/everySession(_:config:days:)``).
    public var wantsEverySession: Bool {
        tab == .log && facts.sessionIDs.count < facts.sessionCount && selection >= facts.sessionIDs.count
    }

    /// Moves the Log's selection, or scrolls another tab, by `rows` (clamped).
    private mutating func move(by rows: Int) {
        if tab == .log {
            selection = max(0, min(facts.sessionCount - 1, selection.addingReportingOverflow(rows).partialValue))
            revealSelection()
        } else {
            let target = scroll(tab).addingReportingOverflow(rows).partialValue
            scroll[tab] = max(0, min(maximumScroll(tab), target))
        }
    }

    // MARK: Prompts

    private mutating func answer(_ prompt: DashboardPrompt, with key: DashboardKey, at now: ClockReading)
        -> [DashboardEffect]
    {
        switch prompt {
        case .confirm(let question):
            self.prompt = nil
            guard key == .character("y") || key == .character("Y") else { return [.render] }
            return confirmed(question, at: now)
        case .form(var form):
            switch key {
            case .escape:
                self.prompt = nil
                return [.render]
            case .enter: return submit(form)
            default:
                if form.edit(key) { self.prompt = .form(form) }
                return [.render]
            }
        }
    }

    private mutating func confirmed(_ question: DashboardConfirmation, at now: ClockReading) -> [DashboardEffect] {
        switch question {
        case .delete(let id): return [.delete(id: id)]
        case .undo(let target): return [.undo(target)]
        case .quit: return quit(0, .stopRequest, at: now)
        case .cancelSession:
            if timer != nil { return run(.signal(.cancelRequest, now)) }
            guard let external else { return [.render] }
            notice = .signalled(external, .cancel)
            return [.signalSession(external, .cancel), .render]
        }
    }

    private mutating func submit(_ form: DashboardForm) -> [DashboardEffect] {
        var form = form
        switch form.purpose {
        case .start:
            let seconds: Int
            do throws(DurationParser.Failure) {
                seconds = try DurationParser.seconds(form.text(.duration))
            } catch {
                form.problem = .duration(error.reason)
                prompt = .form(form)
                return [.render]
            }
            guard let cycles = Int(form.text(.cycles).trimmingWhitespace()), (1...99).contains(cycles) else {
                form.problem = .cycles
                prompt = .form(form)
                return [.render]
            }
            let tags = DashboardForm.tags(form.text(.tag))
            let plan = CyclePlan(
                config: facts.config, focusSeconds: seconds, breakSeconds: nil, longBreakSeconds: nil, cycles: cycles)
            prompt = nil
            return [.claim(DashboardStart(steps: plan.steps, tags: tags)), .render]
        case .edit(let log):
            // A text emptied clears the tags or the note, as `focus log edit --tag ""` does.
            func cleared(_ text: String?) -> String?? {
                text.map { $0.trimmingWhitespace().isEmpty ? nil : $0.trimmingWhitespace() }
            }
            let edit = DashboardEdit(
                tags: form.changed(.tag).map(DashboardForm.tags), note: cleared(form.changed(.note)),
                start: form.changed(.start),
                duration: form.changed(.duration))
            guard !edit.isEmpty else {
                prompt = nil
                notice = .unchanged(log)
                return [.render]
            }
            // The form stays open until the edit is recorded (``DashboardEvent/edited(_:overlapping:)``) or refused.
            return [.edit(log, edit)]
        }
    }

    // MARK: The session

    private mutating func start(_ action: DashboardAction, at now: ClockReading) -> [DashboardEffect] {
        guard tab == .timer else { return [.render] }
        guard timer == nil, external == nil else {
            notice = .sessionRunning
            return [.render]
        }
        if action == .startSession {
            prompt = .form(.start(config: facts.config))
            return [.render]
        }
        let step = CyclePlan.Step(phase: .shortBreak, seconds: facts.config.breakMinutes * 60, cycle: 1)
        return [.claim(DashboardStart(steps: [step], tags: [])), .render]
    }

    /// Pause, `+`, stop, the next phase and cancel: for the session run here, the machine's own keys; for one
    /// another terminal runs, only stop and cancel, sent as `focus stop` and `focus cancel` send them.
    private mutating func control(_ action: DashboardAction, at now: ClockReading) -> [DashboardEffect] {
        if action == .cancelSession {
            if timer != nil || external != nil { prompt = .confirm(.cancelSession) }
            return [.render]
        }
        if let timer {
            let wanted: TimerKeys.Action? =
                switch action {
                case .togglePause: .togglePause
                case .extend: .extend
                case .stopSession: .stop
                case .nextPhase: .next
                default: nil
                }
            // The byte the machine's current key table has for it: a key the machine would refuse does nothing.
            guard let byte = timer.keys.first(where: { $0.action == wanted })?.bytes.first else { return [.render] }
            return run(.key(byte, now)) + [.render]
        }
        guard let external, action != .nextPhase else { return [.render] }
        guard action == .stopSession else {
            notice = .runsElsewhere(external)
            return [.render]
        }
        notice = .signalled(external, .stop)
        return [.signalSession(external, .stop), .render]
    }
}
