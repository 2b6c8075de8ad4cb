import FocusJournal
import FocusModels
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The running session as the state folder and the other devices' markers hold it, and the lock one timer takes.
extension AppStore {
    /// The running (or crashed) session's state file, if any.
    ///
    /// A file that is not a state file, or holds a value out of its range (``RunningState/outOfRange``), is an
    /// error naming the file and the key.
    public func runningState() throws(FocusError) -> RunningState? {
        guard let bytes = try FileIO.read(paths.runningStateFile) else { return nil }
        let state: RunningState
        do {
            state = try Self.decoder.decode(RunningState.self, from: Data(bytes))
        } catch {
            throw FocusError(
                .data, "\(paths.runningStateFile) is not a valid session state file; remove it to continue")
        }
        if let problem = state.outOfRange {
            throw FocusError(.data, "\(paths.runningStateFile): \(problem); remove it to continue")
        }
        return state
    }

    /// Replaces the state file atomically.
    ///
    /// The file names this device, so a state folder copied to another machine is never taken for that
    /// machine's own session; and when what other devices should know changed (see ``RunningMarker``), the
    /// marker in the synced folder is replaced too: at start, pause, resume and extension, never on a heartbeat.
    public func saveRunningState(_ state: RunningState) throws(FocusError) {
        var state = state
        let device = try device()
        state.device = device.id
        try FileIO.makeDirectories(paths.stateDirectory)
        try FileIO.replace(paths.runningStateFile, with: try Self.fileBytes(state, what: "the session state"))
        // A phase waiting for Enter counts nothing: to other devices it reads as paused.
        var marker = RunningMarker(
            device: device, id: state.id, phase: state.phase, startedAt: state.startedAt,
            paused: state.paused || state.isWaiting,
            remaining: state.remaining(at: state.updatedAt), updatedAt: state.updatedAt, tags: state.tags)
        marker.open = state.open
        if let published = publishedMarker, published.saysTheSame(as: marker) { return }
        // The marker is news for other devices, not a record: failing to publish it never stops the session.
        if (try? FileIO.makeDirectories(paths.journalDirectory)) != nil,
            (try? FileIO.replace(
                paths.runningMarkerFile(of: device), with: Self.fileBytes(marker, what: "the running marker"))) != nil
        {
            publishedMarker = marker
        }
    }

    /// Removes the state file and this device's marker: no session is running.
    public func clearRunningState() throws(FocusError) {
        try FileIO.remove(paths.runningStateFile)
        if let device = try existingDevice() { try? FileIO.remove(paths.runningMarkerFile(of: device)) }
        publishedMarker = nil
    }

    /// The sessions other devices say they are running (their markers in the synced folder), stale ones left out.
    public func sessionsOnOtherDevices(at now: Date) throws(FocusError) -> [RunningMarker] {
        let me = try existingDevice()
        var markers: [RunningMarker] = []
        for name in try FileIO.list(paths.journalDirectory)
        where name.hasSuffix(RunningMarker.fileSuffix) && !name.hasPrefix(".") {
            guard let bytes = try? FileIO.read(paths.journalDirectory + "/" + name),
                let marker = try? Self.decoder.decode(RunningMarker.self, from: Data(bytes)), marker.outOfRange == nil,
                marker.device.id != me?.id, !marker.isStale(at: now)
            else { continue }
            markers.append(marker)
        }
        return markers.sorted { $0.device.name < $1.device.name }
    }

    /// Takes the session lock; `nil` when another process holds it. A timer claims it
    /// through ``claimSession(at:timeZone:)``, which also deals with a dead timer's state.
    ///
    /// The lock lives as long as the returned object (or the process). A
    /// timer holds it for its whole life, while `focus status` and crash
    /// recovery hold it for microseconds, so a busy lock is tried again for
    /// up to 200 ms before the answer is "someone is running".
    public func acquireSessionLock() throws(FocusError) -> FileLock? {
        try FileIO.makeDirectories(paths.stateDirectory)
        for _ in 0..<20 {
            if let lock = try FileLock.tryLock(paths.sessionLockFile) { return lock }
            usleep(10_000)
        }
        return nil
    }

    /// Whether a live process holds the session lock right now.
    ///
    /// A shared probe: it never blocks other probes, and a `focus start`
    /// racing with it retries (see ``acquireSessionLock()``).
    public func isSessionLockHeld() throws(FocusError) -> Bool {
        guard FileIO.exists(paths.sessionLockFile) else { return false }
        guard let lock = try FileLock.tryLock(paths.sessionLockFile, shared: true) else { return true }
        lock.release()
        return false
    }
}
