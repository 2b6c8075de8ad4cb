/// A second-order IIR section (transposed direct form II).
struct Biquad {
    private let b0, b1, b2, a1, a2: Float
    private var z1: Float = 0
    private var z2: Float = 0

    /// A Butterworth-style high-pass at `hertz` with quality `q` (0.7071 for one section alone).
    init(highPass hertz: Double, q: Double) {
        let w = SoundMath.twoPi * hertz / Double(SoundFormat.sampleRate)
        let alpha = SoundMath.sin(w) / (2 * q)
        let cosw = SoundMath.cos(w)
        let a0 = 1 + alpha
        b0 = Float((1 + cosw) / 2 / a0)
        b1 = Float(-(1 + cosw) / a0)
        b2 = b0
        a1 = Float(-2 * cosw / a0)
        a2 = Float((1 - alpha) / a0)
    }

    @inline(__always)
    mutating func next(_ x: Float) -> Float {
        let y = b0 * x + z1
        z1 = b1 * x - a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }
}
