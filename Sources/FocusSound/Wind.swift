/// Wind: white noise through a resonant band-pass whose pitch and strength gust and fall.
///
/// A band of constant Q passes more noise the higher it is, so its level is divided by the square root of its
/// centre: the gust alone decides how loud the wind is.
struct Wind: SoundLayer {
    private var gust: Drift
    private var flurry: Drift
    private var sources: [WhiteNoise]
    private var filters: [BandPass]
    private var level: Float = 0
    private static let retune = 64

    init(seed: UInt64) {
        gust = Drift(SoundRandom(seed: seed, salt: 31), seconds: 4)
        flurry = Drift(SoundRandom(seed: seed, salt: 34), seconds: 1.2)
        sources = (0..<2).map { WhiteNoise(SoundRandom(seed: seed, salt: 32 + UInt64($0))) }
        filters = [BandPass(hertz: 400, q: 2.5), BandPass(hertz: 430, q: 2.5)]
    }

    mutating func add(to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, gain: Float) {
        var i = 0
        while i < l.count {
            let g = 0.55 * gust.next(frames: Self.retune) + 0.45 * flurry.next(frames: Self.retune)
            let centre = 220 + 650 * g
            filters[0].tune(Double(centre))
            filters[1].tune(Double(centre * 1.08))
            let target = (0.55 + 1.1 * g) * gain * (220 / centre).squareRoot()
            for j in i..<min(l.count, i + Self.retune) {
                level += 0.001 * (target - level)
                l[j] += filters[0].next(sources[0].next()) * level
                r[j] += filters[1].next(sources[1].next()) * level
            }
            i += Self.retune
        }
    }
}
