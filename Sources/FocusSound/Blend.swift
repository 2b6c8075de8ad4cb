/// Two layers heard as one sound, the second at `balance` (an amplitude) of the first: a bed and what falls on it.
struct Blend<Bed: SoundLayer, Accent: SoundLayer>: SoundLayer {
    private var bed: Bed
    private var accent: Accent
    private let balance: Float

    init(_ bed: Bed, _ accent: Accent, decibels: Double) {
        self.bed = bed
        self.accent = accent
        balance = Float(SoundMath.amplitude(decibels: decibels))
    }

    mutating func add(to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, gain: Float) {
        bed.add(to: l, r, gain: gain)
        accent.add(to: l, r, gain: gain * balance)
    }
}
