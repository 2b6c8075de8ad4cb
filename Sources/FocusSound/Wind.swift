/// Wind: white noise through a resonant band-pass whose pitch and strength gust and fall.
struct Wind: SoundLayer {
    private var gust: Drift
    private var sources: [WhiteNoise]
    private var filters: [BandPass]
    private var level: Float = 0
    private static let retune = 64

    init(seed: UInt64) {
        gust = Drift(SoundRandom(seed: seed, salt: 31), seconds: 3)
        sources = (0..<2).map { WhiteNoise(SoundRandom(seed: seed, salt: 32 + UInt64($0))) }
        filters = [BandPass(hertz: 400, q: 2.5), BandPass(hertz: 430, q: 2.5)]
    }

    mutating func add(to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, gain: Float) {
        var i = 0
        while i < l.count {
            let g = gust.next(frames: Self.retune)
            filters[0].tune(Double(220 + 650 * g))
            filters[1].tune(Double(240 + 700 * g))
            let target = (0.35 + 1.4 * g) * 3.07 * gain
            for j in i..<min(l.count, i + Self.retune) {
                level += 0.001 * (target - level)
                l[j] += filters[0].next(sources[0].next()) * level
                r[j] += filters[1].next(sources[1].next()) * level
            }
            i += Self.retune
        }
    }
}
