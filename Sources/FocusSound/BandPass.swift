/// A state-variable band-pass filter (Chamberlin) whose centre can move while it runs.
struct BandPass {
    private var tuning: Float = 0
    private let damping: Float
    private var low: Float = 0
    private var band: Float = 0

    /// `q` above about 0.7 rings; the centre should stay below a sixth of the sample rate.
    init(hertz: Double, q: Float) {
        damping = 1 / q
        tune(hertz)
    }

    /// Moves the centre frequency.
    mutating func tune(_ hertz: Double) {
        tuning = Float(2 * SoundMath.sin(.pi * hertz / Double(SoundFormat.sampleRate)))
    }

    mutating func next(_ x: Float) -> Float {
        low += tuning * band
        let high = x - low - damping * band
        band += tuning * high
        return band
    }
}
