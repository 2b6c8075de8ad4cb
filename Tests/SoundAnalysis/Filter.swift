import Foundation

/// A cascade of second-order sections in double precision, designed the RBJ way, for measuring sound.
public struct Filter {
    private struct Section {
        var b0, b1, b2, a1, a2: Double
        var z1 = 0.0
        var z2 = 0.0

        mutating func next(_ x: Double) -> Double {
            let y = b0 * x + z1
            z1 = b1 * x - a1 * y + z2
            z2 = b2 * x - a2 * y
            return y
        }
    }

    private var sections: [Section]

    /// The Q of each section of an `order`-pole Butterworth filter (order even).
    private static func butterworthQs(_ order: Int) -> [Double] {
        (0..<order / 2).map { k in 1 / (2 * cos(Double.pi * Double(2 * k + 1) / Double(2 * order))) }
    }

    private static func section(high: Bool, hertz: Double, q: Double, rate: Double) -> Section {
        let w = 2 * Double.pi * hertz / rate
        let alpha = sin(w) / (2 * q)
        let a0 = 1 + alpha
        let b0 = (high ? (1 + cos(w)) : (1 - cos(w))) / 2
        return Section(
            b0: b0 / a0, b1: (high ? -2 : 2) * b0 / a0, b2: b0 / a0, a1: -2 * cos(w) / a0, a2: (1 - alpha) / a0)
    }

    /// A Butterworth high-pass of `order` poles at `hertz`.
    public static func highPass(_ hertz: Double, order: Int, rate: Double = 44_100) -> Filter {
        Filter(sections: butterworthQs(order).map { section(high: true, hertz: hertz, q: $0, rate: rate) })
    }

    /// A Butterworth low-pass of `order` poles at `hertz`.
    public static func lowPass(_ hertz: Double, order: Int, rate: Double = 44_100) -> Filter {
        Filter(sections: butterworthQs(order).map { section(high: false, hertz: hertz, q: $0, rate: rate) })
    }

    /// A band from `low` to `high` hertz: a high-pass then a low-pass, each of `order` poles.
    public static func bandPass(_ low: Double, _ high: Double, order: Int, rate: Double = 44_100) -> Filter {
        Filter(
            sections: highPass(low, order: order, rate: rate).sections
                + lowPass(high, order: order, rate: rate).sections)
    }

    /// The K-weighting of ITU-R BS.1770: a +4 dB shelf above about 1.7 kHz (the head), then a high-pass near 38 Hz.
    ///
    /// The standard gives coefficients for 48 kHz only. These are the bilinear transforms of the analogue filters
    /// behind them (as libebur128 and ffmpeg's ebur128 derive them), which give the standard's coefficients at
    /// 48 kHz to 1e-14 and the same response at any rate. (An RBJ-cookbook shelf with the same gain, Q and centre
    /// is a different filter: it reads a 1 kHz tone 0.26 dB low.)
    public static func kWeighting(rate: Double = 44_100) -> Filter {
        var k = tan(Double.pi * 1_681.974_450_955_533 / rate)
        var q = 0.707_175_236_955_419_6
        let high = pow(10, 3.999_843_853_973_347 / 20)
        let band = pow(high, 0.499_666_774_154_541_6)
        var a0 = 1 + k / q + k * k
        let shelf = Section(
            b0: (high + band * k / q + k * k) / a0, b1: 2 * (k * k - high) / a0, b2: (high - band * k / q + k * k) / a0,
            a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
        k = tan(Double.pi * 38.135_470_876_024_44 / rate)
        q = 0.500_327_037_323_877_3
        a0 = 1 + k / q + k * k
        let highPass = Section(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
        return Filter(sections: [shelf, highPass])
    }

    /// `x` filtered (section by section, in place: this runs over minutes of sound in debug builds).
    public mutating func apply(_ x: [Double]) -> [Double] {
        var y = x
        y.withUnsafeMutableBufferPointer { y in
            sections.withUnsafeMutableBufferPointer { sections in
                for k in sections.indices {
                    var section = sections[k]
                    for i in y.indices { y[i] = section.next(y[i]) }
                    sections[k] = section
                }
            }
        }
        return y
    }

    /// `x` through a fresh copy of this filter.
    public func filtered(_ x: [Double]) -> [Double] {
        var copy = self
        return copy.apply(x)
    }
}
