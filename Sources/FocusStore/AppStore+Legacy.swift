import FocusModels
import FocusServices
import FoundationEssentials

extension AppStore {
    /// Takes over a session that ran under the layout of an earlier focus (`running.json` in the data folder).
    ///
    /// While the earlier focus's timer is alive (it holds its lock), the session is left to it: ``liveSession()``
    /// shows it and a new session is refused. Once it is gone, its session is recorded exactly once (not again if
    /// the journal holds it, whatever was interrupted before) and the old files are removed.
    func takeOverLegacySession() throws(FocusError) -> Recovery? {
        let legacy = paths.legacy
        guard FileIO.exists(legacy.runningStateFile) else { return nil }
        guard let lock = try FileLock.tryLock(legacy.sessionLockFile) else { return nil }
        defer { lock.release() }
        guard let bytes = try FileIO.read(legacy.runningStateFile) else { return nil }
        guard let state = try? Self.decoder.decode(RunningState.self, from: Data(bytes)) else {
            throw FocusError(
                .data, "\(legacy.runningStateFile) is not a valid session state file; remove it to continue")
        }
        let outcome = try state.sessionLog.map { (log) throws(FocusError) in
            SessionOutcome.recorded(try recordOnce(log))
        }
        try FileIO.remove(legacy.runningStateFile)
        try FileIO.remove(legacy.sessionLockFile)
        return Recovery(state: state, outcome: outcome ?? .discarded)
    }

    /// The state of a session an earlier focus's timer is still running (it holds its lock), if any.
    func legacyLiveSession() throws(FocusError) -> RunningState? {
        let legacy = paths.legacy
        guard FileIO.exists(legacy.sessionLockFile), FileIO.exists(legacy.runningStateFile) else { return nil }
        guard let probe = try FileLock.tryLock(legacy.sessionLockFile, shared: true) else {
            return (try FileIO.read(legacy.runningStateFile)).flatMap {
                try? Self.decoder.decode(RunningState.self, from: Data($0))
            }
        }
        probe.release()
        return nil
    }
}
