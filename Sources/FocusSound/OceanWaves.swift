/// Ocean waves: surf noise that swells, brightens and recedes, one wave every 7 to 13 seconds.
///
/// Each wave draws its own length and height, so the sea never repeats.
struct OceanWaves: SoundLayer {
    private var random: SoundRandom
    private var voices: [(brown: BrownNoise, pink: PinkNoise, low: Float)]
    private var phase: Float = 0
    private var step: Float = 0
    private var height: Float = 1

    init(seed: UInt64) {
        random = SoundRandom(seed: seed, salt: 21)
        voices = (0..<2).map { ear in
            (
                BrownNoise(SoundRandom(seed: seed, salt: 22 + UInt64(ear))),
                PinkNoise(SoundRandom(seed: seed, salt: 24 + UInt64(ear))), 0
            )
        }
        phase = random.unit()
        nextWave()
    }

    private mutating func nextWave() {
        step = 1 / (random.uniform(7...13) * Float(SoundFormat.sampleRate))
        height = random.uniform(0.75...1.0)
    }

    /// The swell of the wave at `phase`: a slow rise over 65% of it, a quicker fall.
    private var swell: Float {
        let t = phase < 0.65 ? phase / 0.65 : (1 - phase) / 0.35
        return t * t * (3 - 2 * t) * height
    }

    mutating func add(to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, gain: Float) {
        for i in 0..<l.count {
            phase += step
            if phase >= 1 {
                phase -= 1
                nextWave()
            }
            let s = swell
            let brightness = 0.02 + 0.3 * s
            let level = (0.6 + 1.3 * s) * gain
            for ear in 0..<2 {
                let x = voices[ear].brown.next() * 0.6 + voices[ear].pink.next() * 0.8
                voices[ear].low += brightness * (x - voices[ear].low)
                let out = voices[ear].low * level
                if ear == 0 { l[i] += out } else { r[i] += out }
            }
        }
    }
}
