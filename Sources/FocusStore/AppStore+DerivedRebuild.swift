import FocusJournal
import FocusModels

/// The rebuild: the derived files made again from the whole journal, streamed by rather than loaded.
extension AppStore {
    /// The derived files rebuilt from the journal read as ``streamSessions(progress:beginning:withDevices:)`` reads it
    /// (a piece at a time, memory flat in the history; one pass for a journal focus appended to) and written, for a
    /// store that has not loaded the journal: what ``saveDerived(days:summaries:expedition:)`` would write after a
    /// load (``StatsCacheBuilder``).
    /// With `definitions` (a command that shows the expedition) the expedition checkpoint is written too, as
    /// ``loadExpedition(days:)`` writes it, and the result holds every session's expedition events.
    ///
    /// `nil` when a load must do it: the journal could not be streamed (the store is then loaded), has unreadable
    /// lines or no session, the ids' short ids are not a matter of bytes, or the files cannot be written.
    /// ``rebuildProgress`` hears how far it has come. The session index is filled by the same pass
    /// (``SessionIndexBuilder``) unless the one there can follow the journal; what is kept of each session goes
    /// through temp files `spillChunk` values at a time (``SpillSorter``).
    func rebuiltJournal(
        days: LocalDays, definitions: ExpeditionDefinitions?, spillChunk: Int = SpillSorter<Int>.defaultChunkSize
    ) -> DerivedJournal? {
        guard !isLoaded else { return nil }
        let builderDefinitions = try? loadExpeditionDefinitions()
        let spill = paths.cacheDirectory
        var builder = StatsCacheBuilder(
            days: days, definitions: builderDefinitions, spillingIn: spill, chunk: spillChunk)
        let indexer = sessionIndexIsCurrent ? nil : SessionIndexBuilder(spillingIn: spill, chunk: spillChunk)
        let progress = rebuildProgress.map { report in
            { (step: WorkProgress) in
                let title: Message =
                    step.title == "Reading the journal"
                    ? "Rebuilding the derived files: reading the journal"
                    : "Rebuilding the derived files: going through the sessions"
                report(WorkProgress(title: title, done: step.done, fraction: step.fraction))
            }
        }
        let streamed = try? streamSessions(
            progress: progress,
            beginning: { records, changes in
                builder = StatsCacheBuilder(
                    days: days, definitions: builderDefinitions, spillingIn: spill, chunk: spillChunk)
                builder.plan(sessionRecords: records, changes: changes)
            },
            withDevices: { log, device in builder.add(log, device: device) }, indexing: indexer)
        rebuildProgress?(nil)
        guard let scan = streamed, !isLoaded,
            let (cache, sharedHash) = builder.finish(scan, fingerprint: cacheFingerprint(days: days)),
            (try? writeStatsCache(cache)) != nil, let file = StatsCacheFile.open(paths.statsCacheFile)
        else { return nil }
        _ = indexer?.write(to: paths.sessionIndexFile, states: scan.files, lines: scan.lines, usable: !sharedHash)
        if let definitions, let (checkpoint, earns) = builder.checkpoint(changes: scan.changes) {
            let saved = readCheckpoint(definitions)
            if checkpoint != saved, saved != nil || earns { try? saveCheckpoint(checkpoint) }
        }
        return DerivedJournal(file: file, delta: nil, events: builder.events)
    }

    /// Whether the session index there describes the journal, or lines appended to it (then it is folded when a
    /// command needs it): a rebuild need not fill it.
    private var sessionIndexIsCurrent: Bool {
        guard let file = SessionIndexFile.open(paths.sessionIndexFile) else { return false }
        return (try? changedSince(files: file.files.map(\.state))) != nil
    }
}
