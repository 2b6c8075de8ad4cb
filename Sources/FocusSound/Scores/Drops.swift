/// How water drips somewhere: how often, the pitch of the bubble each drop makes, how long it rings, and its echoes.
protocol DropStyle {
    static var perSecond: Double { get }
    static var hertz: ClosedRange<Double> { get }
    static var decay: ClosedRange<Double> { get }
    static var loudness: ClosedRange<Float> { get }
    /// Quieter copies of each drop, as from the walls of a hall.
    static var echoes: Int { get }
    /// Whether each bubble's pitch rises as it closes; a dense spray of tiny ones rings at one pitch, which is cheaper.
    static var rises: Bool { get }
}

/// Drops falling into water: each one's bubble rings with a pitch that rises as it closes ("plink").
struct Drops<Style: DropStyle>: Score {
    private var random: SoundRandom
    private var echo = 0
    private var last: (hertz: Double, loudness: Float, decay: Double) = (0, 0, 0)

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        if echo > 0 {
            echo -= 1
            last.loudness *= 0.4
        } else {
            echo = Style.echoes
            last = (random.double(in: Style.hertz), random.uniform(Style.loudness), random.double(in: Style.decay))
        }
        let wait = echo > 0 ? random.double(in: 0.07...0.14) : random.interval(perSecond: Style.perSecond)
        guard Style.rises else {
            let bubble = RingVoice(
                hertz: last.hertz, partials: [.init(ratio: 1, amplitude: 0.5, decay: last.decay)],
                loudness: last.loudness, pan: random.pan(0.45), attack: 0.001)
            return (.ring(bubble), wait)
        }
        let drop = ToneVoice(
            contour: [(last.hertz, last.decay * 3), (last.hertz * 1.7, 0)], harmonics: [0.5 * last.loudness],
            envelope: Envelope(attack: 0.001, decay: last.decay), pan: random.pan(0.45), random: random.fork())
        return (.tone(drop), wait)
    }
}

/// Rain dripping from gutters and moored boats into a canal.
enum CanalDrips: DropStyle {
    static let perSecond = 2.5
    static let hertz = 700.0...1600
    static let decay = 0.02...0.05
    static let loudness: ClosedRange<Float> = 0.3...1
    static let echoes = 0
    static let rises = true
}

/// Condensation falling from the dome of a thermal bath into the pools, echoing in the hall.
enum BathDrips: DropStyle {
    static let perSecond = 0.8
    static let hertz = 500.0...1100
    static let decay = 0.04...0.09
    static let loudness: ClosedRange<Float> = 0.5...1
    static let echoes = 2
    static let rises = true
}

/// A fountain's jet breaking into the basin: bubbles by the hundred.
enum FountainBubbles: DropStyle {
    static let perSecond = 70.0
    static let hertz = 600.0...2600
    static let decay = 0.006...0.02
    static let loudness: ClosedRange<Float> = 0.1...1
    static let echoes = 0
    static let rises = false
}
