/// A one-pole low-pass filter; `input - low` is its high-pass.
struct OnePole {
    var coefficient: Float
    private(set) var low: Float = 0

    init(hertz: Double) { coefficient = SoundMath.onePole(hertz: hertz) }

    /// Filters `x` and returns the low-passed sample.
    mutating func lowPass(_ x: Float) -> Float {
        low += coefficient * (x - low)
        return low
    }

    /// Filters `x` and returns the high-passed sample.
    mutating func highPass(_ x: Float) -> Float { x - lowPass(x) }
}
