/// A slowly wandering control value in `0...1`: glides to a new random
/// target every `seconds` (give or take half), smoothly and never repeating.
struct Drift {
    private var random: SoundRandom
    private let seconds: Float
    private var from: Float
    private var to: Float
    private var phase: Float = 0
    private var step: Float = 0

    init(_ random: SoundRandom, seconds: Float) {
        self.random = random
        self.seconds = seconds
        from = self.random.unit()
        to = self.random.unit()
        step = nextStep()
    }

    /// The value now; advances by `frames`.
    mutating func next(frames: Int = 1) -> Float {
        phase += step * Float(frames)
        if phase >= 1 {
            phase = 0
            from = to
            to = random.unit()
            step = nextStep()
        }
        let eased = phase * phase * (3 - 2 * phase)
        return from + (to - from) * eased
    }

    private mutating func nextStep() -> Float {
        1 / (seconds * random.uniform(0.5...1.5) * Float(SoundFormat.sampleRate))
    }
}
