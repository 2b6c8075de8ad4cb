/// A breath of filtered noise under an envelope: a splash, a page turning, steam, a tram going by.
///
/// White noise through a band-pass (or its low-pass output, for rumbles)
/// whose centre can glide exponentially from one frequency to another; a
/// `steep` one passes it through a second, so a short tap keeps out of the
/// highest octave (where it would click).
struct NoiseBurst: Sounding {
    private var noise: WhiteNoise
    private var filter: BandPass
    private var second: BandPass?
    private let lowPass: Bool
    private var hertz: Double
    private let to: Double
    private let glide: Double
    private var envelope: Envelope
    private let loudness: Float
    private let pan: Pan
    private static let retune = 32

    /// The band sweeps from `from` to `to` hertz over `seconds` (then holds); `lowPass` takes the filter's low output.
    init(
        from: Double, to: Double, seconds: Double, q: Float, lowPass: Bool = false, steep: Bool = false,
        envelope: Envelope, loudness: Float = 1, pan: Pan, random: SoundRandom
    ) {
        noise = WhiteNoise(random)
        filter = BandPass(hertz: from, q: q)
        second = steep ? BandPass(hertz: from, q: q) : nil
        self.lowPass = lowPass
        hertz = from
        let steps = max(1, seconds * Double(SoundFormat.sampleRate) / Double(Self.retune))
        glide = SoundMath.exp(SoundMath.log(to / from) / steps)
        self.envelope = envelope
        self.loudness = loudness
        self.pan = pan
        self.to = to
    }

    mutating func add(
        to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, from start: Int, gain: Float
    ) -> Bool {
        let left = pan.left * gain * loudness
        let right = pan.right * gain * loudness
        for i in start..<l.count {
            if i % Self.retune == 0, glide != 1 {
                hertz = glide > 1 ? min(to, hertz * glide) : max(to, hertz * glide)
                filter.tune(hertz)
                second?.tune(hertz)
            }
            var y = filter.next(noise.next())
            if second != nil { y = second!.next(y) }
            let x = (lowPass ? filter.low : y) * envelope.next()
            l[i] += x * left
            r[i] += x * right
        }
        return envelope.isAudible
    }
}
