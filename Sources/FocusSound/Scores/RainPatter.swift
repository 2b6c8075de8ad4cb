/// Raindrops striking close by: a crisp tap of noise for each, many small and a few big, now and then a plink.
struct RainPatter: Score {
    private var random: SoundRandom

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        let size = random.unit()
        // Small drops are common, big ones rare: loudness by the cube of a uniform draw.
        let loudness = 0.08 + 0.92 * size * size * size
        if random.chance(0.08) {
            let hertz = random.double(in: 1800...4200)
            let plink = ToneVoice(
                contour: [(hertz, 0.03), (hertz * 1.5, 0)], harmonics: [0.3 * loudness],
                envelope: Envelope(attack: 0.001, decay: 0.012), pan: random.pan(0.45), random: random.fork())
            return (.tone(plink), random.interval(perSecond: 45))
        }
        let centre = random.double(in: 2400...5200)
        let tap = NoiseBurst(
            from: centre, to: centre * 0.8, seconds: 0.01, q: 1.5, steep: true,
            envelope: Envelope(attack: 0.0015, decay: random.double(in: 0.004...0.014)), loudness: loudness,
            pan: random.pan(0.45), random: random.fork())
        return (.noise(tap), random.interval(perSecond: 45))
    }
}
