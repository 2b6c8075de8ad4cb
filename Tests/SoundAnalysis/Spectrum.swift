import Foundation

/// Levels and spectra of measured sound: RMS, a Welch power spectrum by FFT, octave and third-octave bands.
public enum Spectrum {
    public static func rms(_ x: [Double]) -> Double { (x.reduce(0) { $0 + $1 * $1 } / Double(x.count)).squareRoot() }

    public static func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }

    /// The mean power in each FFT bin of `size` (Hann windows overlapping by half), bin `k` at `k * rate / size` Hz.
    public static func power(_ x: [Double], size: Int = 4096) -> [Double] {
        var power = [Double](repeating: 0, count: size / 2)
        let window = (0..<size).map { 0.5 - 0.5 * cos(2 * .pi * Double($0) / Double(size)) }
        var re = [Double](repeating: 0, count: size)
        var im = re
        var segments = 0
        var start = 0
        while start + size <= x.count {
            for i in 0..<size {
                re[i] = x[start + i] * window[i]
                im[i] = 0
            }
            fft(&re, &im)
            for k in 0..<size / 2 { power[k] += re[k] * re[k] + im[k] * im[k] }
            segments += 1
            start += size / 2
        }
        return power.map { $0 / Double(max(1, segments)) }
    }

    /// The mean power density in bands of `fraction` of an octave around `centres`, in dB.
    static func bands(_ x: [Double], centres: [Double], fraction: Double, size: Int, rate: Double) -> [Double] {
        let spectrum = power(x, size: size)
        let binHertz = rate / Double(size)
        let half = pow(2, fraction / 2)
        return centres.map { centre in
            let low = max(1, Int((centre / half / binHertz).rounded(.up)))
            let high = max(low, Int((centre * half / binHertz).rounded(.down)))
            return 10 * log10((low...high).reduce(0) { $0 + spectrum[$1] } / Double(high - low + 1))
        }
    }

    /// Mean power spectral density per octave band centred on 125 Hz ... 8 kHz, in dB.
    public static func octaveBands(_ x: [Double], rate: Double = 44_100) -> [Double] {
        bands(x, centres: [125, 250, 500, 1000, 2000, 4000, 8000], fraction: 1, size: 4096, rate: rate)
    }

    /// The centres of the third-octave bands from 31.5 Hz to 16 kHz (IEC 61260, base 10).
    public static let thirdOctaveCentres = (15...42).map { pow(10, Double($0) / 10) }

    /// The power in each third-octave band from 31.5 Hz to 16 kHz, in dB relative to the power in all of them:
    /// the shape of a sound, whatever its level.
    public static func thirdOctaves(_ x: [Double], rate: Double = 44_100) -> [Double] {
        let densities = bands(x, centres: thirdOctaveCentres, fraction: 1.0 / 3, size: 16384, rate: rate)
        // Density times width (proportional to the centre) is the band's power.
        let powers = zip(densities, thirdOctaveCentres).map { pow(10, $0 / 10) * $1 }
        let total = powers.reduce(0, +)
        return powers.map { 10 * log10($0 / total) }
    }

    /// The root-mean-square difference of two band spectra, in dB.
    public static func distance(_ a: [Double], _ b: [Double]) -> Double {
        (zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / Double(a.count)).squareRoot()
    }

    /// The share of the power of `x` below `hertz` (whose bins are 2.7 Hz wide).
    public static func share(below hertz: Double, _ x: [Double], rate: Double = 44_100) -> Double {
        let size = 16384
        let spectrum = power(x, size: size)
        let cut = Int(hertz * Double(size) / rate)
        return spectrum[..<cut].reduce(0, +) / spectrum.reduce(0, +)
    }

    /// The least-squares slope of `bands` in dB per octave.
    public static func slope(_ bands: [Double]) -> Double {
        let n = Double(bands.count)
        let xs = bands.indices.map(Double.init)
        let mx = xs.reduce(0, +) / n
        let my = bands.reduce(0, +) / n
        return zip(xs, bands).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
    }

    /// In-place iterative radix-2 FFT.
    public static func fft(_ re: inout [Double], _ im: inout [Double]) {
        re.withUnsafeMutableBufferPointer { re in im.withUnsafeMutableBufferPointer { im in fft(re, im) } }
    }

    private static func fft(_ re: UnsafeMutableBufferPointer<Double>, _ im: UnsafeMutableBufferPointer<Double>) {
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
            let (wr, wi) = (cos(angle), sin(angle))
            for start in stride(from: 0, to: n, by: length) {
                var (cr, ci) = (1.0, 0.0)
                for k in 0..<length / 2 {
                    let a = start + k
                    let b = a + length / 2
                    let tr = re[b] * cr - im[b] * ci
                    let ti = re[b] * ci + im[b] * cr
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                    (cr, ci) = (cr * wr - ci * wi, cr * wi + ci * wr)
                }
            }
            length <<= 1
        }
    }
}
