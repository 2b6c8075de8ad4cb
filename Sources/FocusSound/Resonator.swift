/// A struck, decaying sine: a rotating phasor that shrinks a little every sample.
struct Resonator {
    private var re: Float = 0
    private var im: Float = 0
    private var c: Float = 0
    private var s: Float = 0

    /// Starts a tone of `hertz` at `amplitude` that falls by 1/e every `decaySeconds`.
    mutating func strike(hertz: Double, decaySeconds: Double, amplitude: Float) {
        let w = SoundMath.twoPi * hertz / Double(SoundFormat.sampleRate)
        let d = SoundMath.exp(-1 / (decaySeconds * Double(SoundFormat.sampleRate)))
        c = Float(d * SoundMath.cos(w))
        s = Float(d * SoundMath.sin(w))
        re = 0
        im = amplitude
    }

    /// Whether it still sounds; a silent one is cleared so it never decays into denormals.
    mutating func isRinging() -> Bool {
        if abs(re) + abs(im) > 1e-5 { return true }
        re = 0
        im = 0
        return false
    }

    mutating func next() -> Float {
        let r = re * c - im * s
        im = re * s + im * c
        re = r
        return im
    }
}
