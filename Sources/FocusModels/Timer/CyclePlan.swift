/// The sequence of phases that `focus start` runs.
///
/// Cycles are focus phases with a break between each two; every `longBreakEvery`-th
/// break is a long one, and the run ends after the last focus phase. A single focus
/// phase given a break (`focus start --break 5`) is one focus/break pair.
public struct CyclePlan: Equatable, Sendable {
    /// One step of the plan.
    public struct Step: Equatable, Sendable {
        public let phase: TimerPhase
        public let seconds: Int
        /// 1-based index of the focus/break pair this step belongs to.
        public let cycle: Int

        public init(phase: TimerPhase, seconds: Int, cycle: Int) {
            self.phase = phase
            self.seconds = seconds
            self.cycle = cycle
        }
    }

    public let focusSeconds: Int
    public let breakSeconds: Int?
    public let longBreakSeconds: Int
    public let cycles: Int
    public let longBreakEvery: Int
    /// Whether a break follows the last focus phase: only for a lone focus/break pair.
    public let endsWithBreak: Bool

    /// A plan; `breakSeconds == nil` and `cycles == 1` is a single focus phase, `cycles == 1`
    /// with a break is a focus/break pair unless `endsWithBreak` is `false`.
    public init(
        focusSeconds: Int, breakSeconds: Int? = nil, longBreakSeconds: Int = 15 * 60, cycles: Int = 1,
        longBreakEvery: Int = 4, endsWithBreak: Bool? = nil
    ) {
        self.focusSeconds = focusSeconds
        self.breakSeconds = breakSeconds
        self.longBreakSeconds = longBreakSeconds
        self.cycles = max(1, cycles)
        self.longBreakEvery = max(1, longBreakEvery)
        self.endsWithBreak = breakSeconds != nil && (endsWithBreak ?? (self.cycles == 1))
    }

    /// The plan for `focus start`: what the command line gives (`nil` when not given), the settings for the rest.
    ///
    /// Breaks are planned when more than one cycle is asked for or a break length is
    /// given; a break length without `--cycles` means one focus/break pair, not the
    /// configured number of cycles. With `--cycles N` the run ends after the N-th focus.
    public init(config: FocusConfig, focusSeconds: Int?, breakSeconds: Int?, longBreakSeconds: Int?, cycles: Int?) {
        let givenBreak = breakSeconds != nil || longBreakSeconds != nil
        let count = cycles ?? (givenBreak ? 1 : config.cycles)
        self.init(
            focusSeconds: focusSeconds ?? config.defaultMinutes * 60,
            breakSeconds: count > 1 || givenBreak ? breakSeconds ?? config.breakMinutes * 60 : nil,
            longBreakSeconds: longBreakSeconds ?? config.longBreakMinutes * 60,
            cycles: count, endsWithBreak: cycles == nil && givenBreak)
    }

    /// Every step in order.
    public var steps: [Step] {
        var out: [Step] = []
        for cycle in 1...cycles {
            out.append(Step(phase: .focus, seconds: focusSeconds, cycle: cycle))
            guard let breakSeconds, cycle < cycles || endsWithBreak else { continue }
            let isLong = cycle % longBreakEvery == 0
            out.append(
                Step(
                    phase: isLong ? .longBreak : .shortBreak, seconds: isLong ? longBreakSeconds : breakSeconds,
                    cycle: cycle))
        }
        return out
    }
}
