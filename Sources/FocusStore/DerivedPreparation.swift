import FocusModels
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The derived files brought up to date with the journal on a thread of their own, while a session counts down.
///
/// The end of a session records one line and shows what it changed (today's totals, the streak, the expedition's
/// events): from current derived files that is a fold of that line, from missing or stale ones a rebuild from the
/// whole history (seconds at a million sessions) that would make the summary late. The countdown is idle time, so
/// `focus start` starts this as the countdown begins and waits for it only when the phase ends (``wait()``), before
/// the session is recorded: the record's check that its id is new, and the summary, then read current files.
///
/// A thread rather than the start itself: the rebuild takes longer than a short phase at a million sessions, and a
/// countdown that froze meanwhile would take keys and signals (whose reading is the time a stop counts to) late.
/// The thread has its own ``AppStore`` of the same folders and shares nothing with the caller's: what it leaves is
/// files, written as every command writes them (atomically, a fold under the file's lock), so the caller's store
/// reads them as it would read another command's. A failure leaves the caller's store to do what it did before (read
/// the history); signals stay with the calling thread.
public final class DerivedPreparation: Sendable {
    private let thread: Mutex<pthread_t?>

    private init(thread: pthread_t?) { self.thread = Mutex(thread) }

    /// Starts bringing the derived files of `paths` up to date for `days` (the zone and day start the session's
    /// summary uses), the expedition's included.
    public static func start(paths: DataPaths, days: LocalDays) -> DerivedPreparation {
        let work = Unmanaged.passRetained(Work(paths: paths, days: days)).toOpaque()
        // The new thread inherits the mask: every signal stays with the caller's signal handling.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, work)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return DerivedPreparation(thread: nil)
        }
        return DerivedPreparation(thread: thread)
    }

    /// Waits until the preparation is over (at once when it is, or was waited for).
    public func wait() {
        thread.withLock { thread in
            if let running = thread { pthread_join(running, nil) }
            thread = nil
        }
    }

    private final class Work: Sendable {
        let paths: DataPaths
        let days: LocalDays

        init(paths: DataPaths, days: LocalDays) {
            self.paths = paths
            self.days = days
        }

        func run() {
            let store = AppStore(paths: paths)
            _ = store.derivedJournal(days: days, definitions: try? store.loadExpeditionDefinitions())
        }
    }
}
