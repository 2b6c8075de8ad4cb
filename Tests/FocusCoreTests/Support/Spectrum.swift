import FocusCore
import Foundation

/// Measurements of rendered sound for the tests: levels, and a Welch power spectrum by FFT.
enum Spectrum {
    /// `seconds` of `recipe` at full level after its fade-in, one channel as Double in -1...1 each.
    static func render(_ recipe: SoundRecipe, seconds: Double, seed: UInt64 = 7, volume: Int = 100) -> (
        left: [Double], right: [Double]
    ) {
        var stream = SoundStream(recipe: recipe, seed: seed, volume: volume)
        stream.fade(to: 1, seconds: 0)
        let samples = stream.render(frames: Int(seconds * Double(SoundFormat.sampleRate)))
        let left = stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) / 32768 }
        let right = stride(from: 1, to: samples.count, by: 2).map { Double(samples[$0]) / 32768 }
        return (left, right)
    }

    static func rms(_ x: [Double]) -> Double { (x.reduce(0) { $0 + $1 * $1 } / Double(x.count)).squareRoot() }

    static func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }

    /// Mean power spectral density per octave band centred on 125 Hz ... 8 kHz, in dB.
    static func octaveBands(_ x: [Double]) -> [Double] {
        let size = 4096
        var power = [Double](repeating: 0, count: size / 2)
        var segments = 0
        var start = 0
        while start + size <= x.count {
            var re = (0..<size).map { x[start + $0] * (0.5 - 0.5 * cos(2 * .pi * Double($0) / Double(size))) }
            var im = [Double](repeating: 0, count: size)
            fft(&re, &im)
            for k in 0..<size / 2 { power[k] += re[k] * re[k] + im[k] * im[k] }
            segments += 1
            start += size / 2
        }
        let binHertz = Double(SoundFormat.sampleRate) / Double(size)
        return [125.0, 250, 500, 1000, 2000, 4000, 8000].map { centre in
            let bins =
                Int(
                    (centre / 2.squareRoot() / binHertz).rounded(.up))...Int(
                    (centre * 2.squareRoot() / binHertz).rounded(.down))
            return 10 * log10(bins.reduce(0) { $0 + power[$1] } / Double(bins.count * segments))
        }
    }

    /// The least-squares slope of `bands` in dB per octave.
    static func slope(_ bands: [Double]) -> Double {
        let n = Double(bands.count)
        let xs = bands.indices.map(Double.init)
        let mx = xs.reduce(0, +) / n
        let my = bands.reduce(0, +) / n
        return zip(xs, bands).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
    }

    /// In-place iterative radix-2 FFT.
    static func fft(_ re: inout [Double], _ im: inout [Double]) {
        let n = re.count
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 {
                j ^= bit
                bit >>= 1
            }
            j |= bit
            if i < j {
                re.swapAt(i, j)
                im.swapAt(i, j)
            }
        }
        var length = 2
        while length <= n {
            let angle = -2 * Double.pi / Double(length)
            for start in stride(from: 0, to: n, by: length) {
                for k in 0..<length / 2 {
                    let wr = cos(angle * Double(k))
                    let wi = sin(angle * Double(k))
                    let a = start + k
                    let b = a + length / 2
                    let tr = re[b] * wr - im[b] * wi
                    let ti = re[b] * wi + im[b] * wr
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                }
            }
            length <<= 1
        }
    }
}
