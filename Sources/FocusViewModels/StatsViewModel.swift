import FocusModels
import FocusServices
import FocusStore
import FoundationEssentials

/// What `focus stats` shows, computed from the store and the flags it was given.
///
/// The command owns the UI state (range, tag, heatmap) and passes it in; this
/// struct only computes. With an empty journal it shows deterministic demo
/// sessions (``isDemo``), which are never written anywhere. Each property is
/// computed on every access: read ``data`` once per rendering.
public struct StatsViewModel {
    public let store: AppStore
    public let range: StatsRange
    /// Only sessions with this tag count, when set.
    public let tag: String?
    /// `--heatmap` was given.
    public let heatmapRequested: Bool
    public let now: Date
    public let days: LocalDays
    public let dailyGoalMinutes: Int
    /// Day summaries from the store's stats cache (``AppStore/loadStatsInput(range:today:days:)``), used instead of the sessions when there is no tag.
    public let input: StatsInput?

    public init(
        store: AppStore, range: StatsRange, tag: String? = nil, heatmapRequested: Bool = false,
        now: Date, days: LocalDays, dailyGoalMinutes: Int = FocusConfig().dailyGoalMinutes, input: StatsInput? = nil
    ) {
        self.input = tag == nil ? input : nil
        self.store = store
        self.range = range
        self.tag = tag
        self.heatmapRequested = heatmapRequested
        self.now = now
        self.days = days
        self.dailyGoalMinutes = dailyGoalMinutes
    }

    /// The journal is empty, so the numbers come from demo sessions.
    public var isDemo: Bool { input == nil && store.focusLogs.isEmpty }

    /// The sessions the statistics are built from: the journal's, or the demo's.
    public var focusLogs: [FocusLog] {
        isDemo ? StatsService.createDemoFocusLogs(now: now, days: days) : store.focusLogs
    }

    /// The statistics for the range.
    public var data: StatsData {
        if let input {
            return StatsService.buildStatsData(
                input: input, range: range, now: now, days: days, dailyGoalMinutes: dailyGoalMinutes, isDemo: false)
        }
        return StatsService.buildStatsData(
            focusLogs: focusLogs, range: range, tag: tag, now: now, days: days,
            dailyGoalMinutes: dailyGoalMinutes, isDemo: isDemo)
    }

    /// Whether to draw the calendar heatmap: asked for, or the range is `1y` or `all`.
    public var showsHeatmap: Bool {
        heatmapRequested || range == .all || range == .lastDays(365)
    }

    /// The label shown above demo numbers; `nil` for real data.
    public var demoNotice: String? {
        isDemo ? DemoData.notice : nil
    }
}
