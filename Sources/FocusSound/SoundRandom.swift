/// A fast deterministic generator (SplitMix64) for audio: the same seed gives the same sound everywhere.
struct SoundRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for one part of a sound, independent of its siblings.
    init(seed: UInt64, salt: UInt64) { state = seed ^ (salt &* 0xD6E8_FEB8_6659_FD93) }

    /// The state as a seed, to derive the generators of sub-parts from.
    var seedBits: UInt64 { state }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<1`.
    mutating func unit() -> Float { Float(next() >> 40) * 0x1p-24 }

    /// Uniform in `-1..<1`.
    mutating func signed() -> Float { Float(Int32(truncatingIfNeeded: Int64(bitPattern: next()) >> 32)) * 0x1p-31 }

    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Float>) -> Float {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// Uniform in `range`, in double precision (for times and pitches).
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) * 0x1p-53 * (range.upperBound - range.lowerBound)
    }

    /// Seconds until the next of events that come at random, `perSecond` on average (exponentially distributed).
    mutating func interval(perSecond: Double) -> Double {
        -SoundMath.log(1 - Double(next() >> 11) * 0x1p-53) / perSecond
    }

    /// Whether a `probability` comes true.
    mutating func chance(_ probability: Double) -> Bool { Double(next() >> 11) * 0x1p-53 < probability }

    /// A place between the ears within `spread` of the middle.
    mutating func pan(_ spread: Float = 0.4) -> Pan { Pan(uniform((0.5 - spread)...(0.5 + spread))) }

    /// A generator for a new voice, independent of this one from now on.
    mutating func fork() -> SoundRandom { SoundRandom(seed: next()) }
}
