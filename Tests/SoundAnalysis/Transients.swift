import Foundation

/// What a listener hears as separate events: onsets in a band, the band's crest factor, and clicks.
public enum Transients {
    /// Onsets per second in the band `low...high` Hz: 5 ms frames whose energy rises at least `rise` dB above
    /// the median of the 200 ms around them, counted once per run of such frames.
    public static func onsetRate(
        _ x: [Double], low: Double = 2000, high: Double = 8000, rise: Double = 6, rate: Double = 44_100
    ) -> Double {
        let energy = frameEnergy(Filter.bandPass(low, high, order: 4, rate: rate).filtered(x), frame: Int(rate / 200))
        let decibels = energy.map { 10 * log10($0 + 1e-20) }
        let half = 20
        var onsets = 0
        var above = false
        for i in decibels.indices {
            let window = decibels[max(0, i - half)..<min(decibels.count, i + half + 1)].sorted()
            let loud = decibels[i] - window[window.count / 2] >= rise
            if loud, !above { onsets += 1 }
            above = loud
        }
        return Double(onsets) * rate / Double(x.count)
    }

    /// The crest factor of the band `low...high` Hz: its peak over its RMS, in dB (a steady noise gives 13 to 15,
    /// a sine 3). The first 20 ms are left out: there the band filter rings from its own start.
    public static func crestFactor(
        _ x: [Double], low: Double = 2000, high: Double = 8000, rate: Double = 44_100
    ) -> Double {
        let band = Array(Filter.bandPass(low, high, order: 4, rate: rate).filtered(x).dropFirst(Int(rate / 50)))
        return Spectrum.decibels((band.map(abs).max() ?? 0) / Spectrum.rms(band))
    }

    /// The moments (in seconds) of clicks: steps and spikes in the waveform.
    ///
    /// A step or a spike is a sample whose second difference (`x[n] - 2x[n-1] + x[n-2]`, what no smooth curve
    /// has much of) is eight times the RMS of the second differences within 5 ms around it, not counting its own
    /// neighbours, and above 0.01 of full scale. A tone that starts smoothly, however high, keeps its second
    /// differences after its start as large as at it; a step has one lone spike. Noise that is all second
    /// differences (white noise) would hide a step from the ear too, and hides it here.
    public static func clicks(_ x: [Double], rate: Double = 44_100) -> [Double] {
        guard x.count > 2 else { return [] }
        var d = [Double](repeating: 0, count: x.count)
        for n in 2..<x.count { d[n] = x[n] - 2 * x[n - 1] + x[n - 2] }
        var sums = [Double](repeating: 0, count: x.count + 1)
        for n in d.indices { sums[n + 1] = sums[n] + d[n] * d[n] }
        let reach = Int(rate / 200)
        var times: [Double] = []
        var last = Int.min / 2
        for n in reach..<max(reach, d.count - reach) where abs(d[n]) > 0.01 && n - last > reach {
            let around = sums[n + reach + 1] - sums[n - reach] - (sums[n + 3] - sums[n - 2])
            let level = (around / Double(2 * reach - 4)).squareRoot()
            if abs(d[n]) > 8 * level {
                times.append(Double(n) / rate)
                last = n
            }
        }
        return times
    }

    static func frameEnergy(_ x: [Double], frame: Int) -> [Double] {
        (0..<x.count / frame).map { f in x[f * frame..<(f + 1) * frame].reduce(0) { $0 + $1 * $1 } / Double(frame) }
    }
}
