/// One sounding event a ``Score`` starts, of any of the three kinds.
enum Voice {
    case ring(RingVoice)
    case tone(ToneVoice)
    case noise(NoiseBurst)
}

/// What the three kinds of voice do: add themselves to a block, from a frame on, until they fall silent.
protocol Sounding {
    /// Adds frames `start...` to `l` and `r` at `gain`; whether it still sounds afterwards.
    mutating func add(
        to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, from start: Int, gain: Float
    ) -> Bool
}
