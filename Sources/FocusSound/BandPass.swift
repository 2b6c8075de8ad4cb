/// A state-variable band-pass filter (Chamberlin) whose centre can move while it runs; ``low`` is its low-pass output.
struct BandPass {
    private var tuning: Float = 0
    private let damping: Float
    private(set) var low: Float = 0
    private var band: Float = 0

    /// `q` above about 0.7 rings; the centre should stay below a sixth of the sample rate.
    init(hertz: Double, q: Float) {
        damping = 1 / q
        tune(hertz)
    }

    /// Moves the centre frequency (often: a short series for sin, exact to 1e-8 below 7 kHz).
    mutating func tune(_ hertz: Double) {
        let x = Double.pi * hertz / Double(SoundFormat.sampleRate)
        let x2 = x * x
        tuning = Float(2 * x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72)))))
    }

    mutating func next(_ x: Float) -> Float {
        low += tuning * band
        let high = x - low - damping * band
        band += tuning * high
        return band
    }
}
