import FocusCore
import Foundation
import Testing

/// The dashboard's session, in process: the reducer holds the same ``TimerMachine`` as `focus start`, and its
/// effects go out for the loop to perform; here a driver performs the store's part on a real store.
@Suite struct DashboardSessionTests {
    typealias D = MachineDriver

    /// Feeds `event` and performs the session's store effects as the loop does; every effect returned, in order.
    static func drive(_ dashboard: inout Dashboard, _ event: DashboardEvent, store: AppStore) -> [DashboardEffect] {
        var all: [DashboardEffect] = []
        for effect in dashboard.handle(event) {
            all.append(effect)
            guard case .timer(let timerEffect) = effect else { continue }
            switch timerEffect {
            case .persist(let state): try? store.saveRunningState(state)
            case .finish(let final):
                all += drive(&dashboard, .timer(.finished(store.finish(final), D.at(60))), store: store)
            case .clear: try? store.clearRunningState()
            default: break
            }
        }
        return all
    }

    @Test func aSessionStartedHereRunsToItsEndAndIsRecorded() throws {
        let folder = NSTemporaryDirectory() + "focus-dash-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = AppStore(paths: DataPaths(dataDirectory: folder, configDirectory: folder))
        var dashboard = Dashboard(size: DashboardSize(columns: 80, rows: 24), pid: 4242)
        _ = Self.drive(&dashboard, .claimed(D.focus(3), D.at(0)), store: store)
        #expect(dashboard.timer != nil)
        #expect(dashboard.deadline(after: D.at(0)) != nil)
        let effects = Self.drive(&dashboard, .tick(D.at(3.1)), store: store)
        #expect(effects.contains(.releaseSession))
        #expect(dashboard.timer == nil)
        try store.load()
        #expect(store.focusLogs.map(\.focused) == [3])
    }
}
