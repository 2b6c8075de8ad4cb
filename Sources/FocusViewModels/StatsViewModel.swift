import FocusModels
import FocusServices
import FocusStore
import FoundationEssentials

/// What `focus stats` shows, computed from the store and the flags it was given.
///
/// The command owns the UI state (range, tag, heatmap) and passes it in; this
/// struct only computes. When nothing was ever recorded it shows the labelled
/// demo history every view shows (``isDemo``), which is never written anywhere.
/// Each property is computed on every access: read ``data`` once per rendering.
public struct StatsViewModel {
    public let store: AppStore
    public let range: StatsRange
    /// Which window of `range` to show: 0 is the range itself, `-1` the window of the same length just before it
    /// (``StatsRange/shifted(by:today:)``). The dashboard's `←` and `→` move it.
    public let windowOffset: Int
    /// Only sessions with this tag count, when set.
    public let tag: String?
    /// Only sessions this device recorded count, when set (a device name, as `focus log` shows it).
    public let device: String?
    /// `--heatmap` was given.
    public let heatmapRequested: Bool
    public let now: Date
    public let days: LocalDays
    public let dailyGoalMinutes: Int

    public init(
        store: AppStore, range: StatsRange, windowOffset: Int = 0, tag: String? = nil, device: String? = nil,
        heatmapRequested: Bool = false, now: Date, days: LocalDays,
        dailyGoalMinutes: Int = FocusConfig().dailyGoalMinutes
    ) {
        self.store = store
        self.range = range
        self.windowOffset = windowOffset
        self.tag = tag
        self.device = device
        self.heatmapRequested = heatmapRequested
        self.now = now
        self.days = days
        self.dailyGoalMinutes = dailyGoalMinutes
    }

    /// The dates shown: `range`, moved by ``windowOffset`` windows.
    public var shownRange: StatsRange { range.shifted(by: windowOffset, today: days.date(of: now)) }

    /// The statistics for the shown range: the store's, or the demo's when nothing was ever recorded.
    public var data: StatsData {
        get throws(FocusError) {
            let today = days.date(of: now).dayNumber
            let range = shownRange
            let input = try store.statsInput(range: range, tag: tag, device: device, today: today, days: days)
            guard !store.hasRecords else {
                return StatsService.buildStatsData(
                    input: input, range: range, tag: tag, now: now, days: days, dailyGoalMinutes: dailyGoalMinutes)
            }
            return StatsService.buildStatsData(
                focusLogs: DemoData.focusLogs(now: now, days: days), range: range, tag: tag, now: now, days: days,
                dailyGoalMinutes: dailyGoalMinutes, isDemo: true)
        }
    }

    /// Whether to draw the calendar heatmap: asked for, or the range is `1y` or `all`.
    public var showsHeatmap: Bool {
        heatmapRequested || range == .all || range == .lastDays(365)
    }
}
