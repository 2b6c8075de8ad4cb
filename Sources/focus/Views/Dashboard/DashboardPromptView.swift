import FocusCore

/// The dashboard's questions and forms in words, drawn over the bottom of a tab; and its one line of news.
enum DashboardPromptView {
    /// The form, or the question, as lines within `width`.
    static func lines(_ prompt: DashboardPrompt, store: AppStore, days: LocalDays, zone: Zone, width: Int)
        -> [TerminalLine]
    {
        switch prompt {
        case .form(let form): formLines(form, zone: zone, width: width)
        case .confirm(let question):
            TerminalLine(confirmation(question, store: store, days: days, zone: zone), .bold).folded(toWidth: width)
                + TerminalLine("y: yes · any other key: no", .dim).folded(toWidth: width)
        }
    }

    private static func label(_ field: DashboardForm.Field) -> Message {
        switch field {
        case .duration: "Duration"
        case .tag: "Tags"
        case .cycles: "Cycles"
        case .note: "Note"
        case .start: "Start"
        }
    }

    /// What a field takes, beside it.
    private static func example(_ field: DashboardForm.Field, _ purpose: DashboardForm.Purpose) -> Message {
        switch (field, purpose) {
        case (.duration, .start): "25, 25m, 90s, 1h30m"
        case (.duration, .edit): "the focused time: 25m, 1h30m"
        case (.tag, _): "a, b for two; empty for none"
        case (.cycles, _): "focus phases, a break between each two"
        case (.note, _): "empty for none"
        case (.start, _): "10:15 on its day, or 2026-11-29 10:15"
        }
    }

    private static func formLines(_ form: DashboardForm, zone: Zone, width: Int) -> [TerminalLine] {
        let title: Message
        switch form.purpose {
        case .start: title = "Start a focus session"
        case .edit(let log): title = "Edit \(HistoryView.describe(log, readerZone: zone))"
        }
        var lines = [TerminalLine(title, .bold).truncated(toWidth: width)]
        let labelWidth = (form.entries.map { label($0.field).localized.displayWidth }.max() ?? 0) + 3
        for (index, entry) in form.entries.enumerated() {
            let focused = index == form.focus
            var line =
                TerminalLine(verbatim: focused ? "› " : "  ", .cyan)
                + TerminalLine(label(entry.field), focused ? .bold : .plain)
                .padded(toWidth: labelWidth - 2)
            line.append(verbatim: entry.text)
            if focused { line.append(verbatim: "▏", .cyan) }
            if entry.text.isEmpty || !focused {
                line.append(verbatim: "  " + example(entry.field, form.purpose).localized, .dim)
            }
            lines.append(line.truncated(toWidth: width))
        }
        if let problem = form.problem {
            let text: Message
            switch problem {
            case .duration(let reason): text = "Duration: \(reason)"
            case .cycles: text = "Cycles: a whole number from 1 to 99"
            case .refused(let error): text = error.message
            }
            lines += TerminalLine(text, .red).folded(toWidth: width)
        }
        let keys: Message =
            form.purpose == .start
            ? "Enter starts · Tab next field · Esc cancels" : "Enter saves · Tab next field · Esc cancels"
        lines += TerminalLine(keys, .dim).folded(toWidth: width)
        return lines
    }

    private static func confirmation(_ question: DashboardConfirmation, store: AppStore, days: LocalDays, zone: Zone)
        -> Message
    {
        switch question {
        case .delete(let id):
            guard let log = store.shownSession(id: id, days: days) else { return "Delete this session?" }
            return "Delete \(HistoryView.describe(log, readerZone: zone))? (u brings it back)"
        case .undo(let target): return UndoCommand.question(target, readerZone: zone)
        case .cancelSession: return "Cancel the running session? Nothing of it is recorded."
        case .quit: return "A session is running: quit and stop it? It is recorded as focus stop records it."
        }
    }

    /// The notice as one line of the status bar (red for what went wrong).
    static func notice(_ notice: DashboardNotice, zone: Zone) -> TerminalLine {
        let describe = { (log: FocusLog) in HistoryView.describe(log, readerZone: zone) }
        return switch notice {
        case .failed(let error): TerminalLine(error.message, .red)
        case .problem(let line): TerminalLine(line, .red)
        case .sessionRunning: TerminalLine("A session is running: x stops it, c cancels it.", .yellow)
        case .runsElsewhere(let state):
            TerminalLine(
                "This session runs in another terminal (process \(state.pid)): x stops it, c cancels it.", .yellow)
        case .signalled(let state, let signal):
            TerminalLine(
                signal == .stop
                    ? "Stopping the session of process \(state.pid)…"
                    : "Cancelling the session of process \(state.pid)…",
                .cyan)
        case .edited(let log, let overlapping?):
            TerminalLine("Edited: \(describe(log)). It overlaps \(describe(overlapping)).", .green)
        case .edited(let log, nil): TerminalLine("Edited: \(describe(log)).", .green)
        case .unchanged(let log): TerminalLine("Nothing changed: \(describe(log)) already reads that way.")
        case .deleted(let log): TerminalLine("Deleted \(describe(log)). u brings it back.", .green)
        case .undone(let target): TerminalLine(UndoCommand.done(target, readerZone: zone), .green)
        case .nothingToUndo: TerminalLine("Nothing to undo.")
        case .warning(.stateNotSaved(let error)):
            TerminalLine("Cannot save the session state (\(error.message)); the countdown goes on.", .red)
        case .notRecorded(let log, let error):
            TerminalLine(LogAddCommandLine.notRecorded(log, because: error, in: zone), .red)
        }
    }
}
