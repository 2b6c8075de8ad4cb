/// How a clock sounds: its period, and the pitch and ring of its tick and of its tock.
protocol TickingClock {
    static var period: Double { get }
    static var tick: (hertz: Double, partials: [RingVoice.Partial]) { get }
    static var tock: (hertz: Double, partials: [RingVoice.Partial]) { get }
    static var pan: Float { get }
}

/// A clock that ticks and tocks exactly on its period, each beat on its own sample.
struct ClockTicks<Clock: TickingClock>: Score {
    private var random: SoundRandom
    private var tock = false

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        let beat = tock ? Clock.tock : Clock.tick
        tock.toggle()
        let voice = RingVoice(
            hertz: beat.hertz, partials: beat.partials, loudness: random.uniform(0.9...1), pan: Pan(Clock.pan),
            attack: 0.001)
        return (.ring(voice), Clock.period)
    }
}

/// The wall clock of a reading room: a light, woody tick-tock once a second.
enum WallClock: TickingClock {
    static let period = 1.0
    static let pan: Float = 0.7
    static let tick: (hertz: Double, partials: [RingVoice.Partial]) = (
        1850, [.init(ratio: 1, amplitude: 0.5, decay: 0.012), .init(ratio: 2.1, amplitude: 0.3, decay: 0.006)]
    )
    static let tock: (hertz: Double, partials: [RingVoice.Partial]) = (
        1450, [.init(ratio: 1, amplitude: 0.5, decay: 0.014), .init(ratio: 2.3, amplitude: 0.25, decay: 0.006)]
    )
}

/// The astronomical clock's works: a heavy, slow beat of iron and wood every second and a half.
enum Clockwork: TickingClock {
    static let period = 1.5
    static let pan: Float = 0.5
    static let tick: (hertz: Double, partials: [RingVoice.Partial]) = (
        420,
        [
            .init(ratio: 1, amplitude: 0.6, decay: 0.05), .init(ratio: 2.7, amplitude: 0.3, decay: 0.03),
            .init(ratio: 5.4, amplitude: 0.15, decay: 0.012),
        ]
    )
    static let tock: (hertz: Double, partials: [RingVoice.Partial]) = (
        360,
        [
            .init(ratio: 1, amplitude: 0.6, decay: 0.06), .init(ratio: 2.9, amplitude: 0.3, decay: 0.03),
            .init(ratio: 5.1, amplitude: 0.15, decay: 0.012),
        ]
    )
}
