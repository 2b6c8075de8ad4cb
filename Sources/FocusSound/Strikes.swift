/// Struck sounds at random moments (or on a beat): bells, glasses, drops, a clock's tick.
///
/// Each strike picks a pitch and a place between the ears; its partials
/// ring and decay on their own.
struct Strikes: SoundLayer {
    /// What is struck and how often.
    struct Style {
        var pitches: ClosedRange<Float>
        /// `(frequency ratio, amplitude)` of each partial.
        var partials: [(Float, Float)]
        var decaySeconds: Double
        var perSecond: Float
        /// Strike exactly every `1 / perSecond` seconds instead of at random.
        var regular = false

        static let bells = Style(
            pitches: 330...660, partials: [(0.5, 0.3), (1, 0.5), (1.19, 0.25), (1.5, 0.2), (2, 0.2), (2.74, 0.1)],
            decaySeconds: 1.6, perSecond: 0.12)
        static let clinks = Style(
            pitches: 2400...4200, partials: [(1, 0.35), (2.76, 0.15)], decaySeconds: 0.12, perSecond: 0.5)
        static let drips = Style(pitches: 900...2600, partials: [(1, 0.45)], decaySeconds: 0.025, perSecond: 5)
        static let chirps = Style(
            pitches: 2800...5200, partials: [(1, 0.3), (1.5, 0.1)], decaySeconds: 0.04, perSecond: 3)
        static let ticks = Style(
            pitches: 2800...3000, partials: [(1, 0.5), (1.7, 0.3)], decaySeconds: 0.006, perSecond: 1, regular: true)
    }

    private let style: Style
    private var random: SoundRandom
    private var voices: [(ring: [Resonator], left: Float, right: Float, active: Bool)]
    private var nextVoice = 0
    private var untilBeat = 0

    init(_ style: Style, seed: UInt64) {
        self.style = style
        random = SoundRandom(seed: seed, salt: 61)
        voices = Array(
            repeating: ([Resonator](repeating: Resonator(), count: style.partials.count), 0, 0, false), count: 6)
    }

    private mutating func strike() {
        let pitch = Double(random.uniform(style.pitches))
        let loudness = random.uniform(0.5...1)
        let pan = random.uniform(0.15...0.85)
        for (k, partial) in style.partials.enumerated() {
            voices[nextVoice].ring[k].strike(
                hertz: pitch * Double(partial.0), decaySeconds: style.decaySeconds / Double(k + 1).squareRoot(),
                amplitude: partial.1 * loudness)
        }
        voices[nextVoice].left = (1 - pan) * 2
        voices[nextVoice].right = pan * 2
        voices[nextVoice].active = true
        nextVoice = (nextVoice + 1) % voices.count
    }

    private mutating func due() -> Bool {
        guard style.regular else { return random.chance(perSecond: style.perSecond) }
        untilBeat -= 1
        guard untilBeat <= 0 else { return false }
        untilBeat = Int(Float(SoundFormat.sampleRate) / style.perSecond)
        return true
    }

    mutating func add(to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, gain: Float) {
        for _ in 0..<l.count where due() { strike() }
        for v in voices.indices where voices[v].active {
            let left = voices[v].left * gain
            let right = voices[v].right * gain
            for k in voices[v].ring.indices {
                for i in 0..<l.count {
                    let x = voices[v].ring[k].next()
                    l[i] += x * left
                    r[i] += x * right
                }
            }
            voices[v].active = voices[v].ring.indices.contains { voices[v].ring[$0].isRinging() }
        }
    }
}
