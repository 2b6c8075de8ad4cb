/// The few transcendental functions filter design needs, in pure Swift.
///
/// FoundationEssentials has no `sin`, `exp` or `log`; these are accurate to
/// about 1e-9 over the arguments the generators use and run only when a
/// coefficient is computed or an event starts, never per sample (tones read
/// ``SineTable``).
enum SoundMath {
    static let twoPi = 6.283_185_307_179_586
    private static let ln2 = 0.693_147_180_559_945_3
    private static let ln10 = 2.302_585_092_994_046

    /// e to the power `x`.
    static func exp(_ x: Double) -> Double {
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0
        var sum = 1.0
        for n in 1...14 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    /// The natural logarithm of `x` (> 0): the exponent, and an atanh series for the significand in 1..<2.
    static func log(_ x: Double) -> Double {
        let z = (x.significand - 1) / (x.significand + 1)
        let z2 = z * z
        var term = z
        var sum = z
        for n in stride(from: 3, through: 29, by: 2) {
            term *= z2
            sum += term / Double(n)
        }
        return Double(x.exponent) * ln2 + 2 * sum
    }

    /// The sine of `x` radians.
    static func sin(_ x: Double) -> Double {
        var r = x.truncatingRemainder(dividingBy: twoPi)
        if r > .pi { r -= twoPi } else if r < -.pi { r += twoPi }
        let r2 = r * r
        var term = r
        var sum = r
        for n in stride(from: 2, through: 20, by: 2) {
            term *= -r2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    /// The cosine of `x` radians.
    static func cos(_ x: Double) -> Double { sin(x + .pi / 2) }

    /// The amplitude ratio of `db` decibels.
    static func amplitude(decibels db: Double) -> Double { exp(db * ln10 / 20) }

    /// The factor that makes a value fall by 1/e every `seconds` when applied once a sample.
    static func decay(seconds: Double) -> Float { Float(exp(-1 / (seconds * Double(SoundFormat.sampleRate)))) }

    /// The coefficient of a one-pole smoother with corner `hertz` at ``SoundFormat/sampleRate``.
    static func onePole(hertz: Double) -> Float { Float(1 - exp(-twoPi * hertz / Double(SoundFormat.sampleRate))) }
}
