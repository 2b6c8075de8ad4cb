import Foundation
import SoundAnalysis
import Testing

/// The measuring instruments of the sound tests, checked against signals whose answers are known: a sound test that
/// passes proves something only if its meter reads right and its detectors fire.
@Suite struct SoundAnalysisTests {
    private static let rate = Recording.rate

    /// A sine of `amplitude` (peak, of full scale) at `hertz`, `seconds` long.
    private static func sine(_ hertz: Double, amplitude: Double, seconds: Double, phase: Double = 0) -> [Double] {
        (0..<Int(seconds * rate)).map { amplitude * sin(2 * .pi * hertz * Double($0) / rate + phase) }
    }

    // MARK: Loudness (ITU-R BS.1770-4, EBU Tech 3341 and 3342)

    /// EBU Tech 3341's convention (and ffmpeg's ebur128 reads the same): a 1 kHz sine at -20 dBFS peak in both
    /// channels is -20.0 LUFS; in one channel alone, 3 dB less (the channels' powers add). (-17.0 would be the
    /// reading for -20 dBFS RMS per channel, a sine peaking at -17 dBFS.)
    @Test(arguments: [(-20.0, true, -20.0), (-20.0, false, -23.01), (-33.0, true, -33.0), (-10.0, true, -10.0)])
    func aSineReadsItsLoudness(dBFS: Double, bothChannels: Bool, lufs: Double) {
        let tone = Self.sine(997, amplitude: pow(10, dBFS / 20), seconds: 10)
        let silence = [Double](repeating: 0, count: tone.count)
        let measured = Loudness.integrated(left: tone, right: bothChannels ? tone : silence)
        #expect(abs(measured - lufs) <= 0.1, "\(measured) LUFS")
    }

    /// The K-weighting: relative to 997 Hz, the response of BS.1770-4's two filters (its 48 kHz coefficients; ffmpeg's
    /// ebur128 reads the same): 25 Hz 11.1 dB quieter, 100 Hz 1.8 dB, 8 kHz 3.4 dB louder.
    @Test(arguments: [(25.0, -11.08), (100.0, -1.82), (8000.0, 3.35)])
    func kWeightingFollowsTheStandardsCurve(hertz: Double, relative: Double) {
        let reference = Self.sine(997, amplitude: 0.1, seconds: 5)
        let tone = Self.sine(hertz, amplitude: 0.1, seconds: 5)
        let difference =
            Loudness.integrated(left: tone, right: tone) - Loudness.integrated(left: reference, right: reference)
        #expect(abs(difference - relative) <= 0.15, "\(hertz) Hz: \(difference) dB from 1 kHz")
    }

    /// EBU Tech 3341 case 4: the gates. 10 s passages 13 LU under a minute at -23 dBFS fall below the relative
    /// gate, near-silence below the absolute one: only the -23 dBFS minute counts.
    @Test func theGatesLeaveOutQuietPassages() {
        let levels = [(-72.0, 10.0), (-36, 10), (-23, 60), (-36, 10), (-72, 10)]
        let tone = levels.flatMap { Self.sine(1000, amplitude: pow(10, $0 / 20), seconds: $1) }
        let measured = Loudness.integrated(left: tone, right: tone)
        #expect(abs(measured + 23) <= 0.1, "\(measured) LUFS")
        let silence = [Double](repeating: 0, count: 44_100)
        #expect(Loudness.integrated(left: silence, right: silence) == -.infinity)
    }

    /// EBU Tech 3342 case 1: 20 s at -20 dBFS then 20 s at -30 dBFS has a loudness range of 10 LU; a steady
    /// tone has none.
    @Test func theLoudnessRangeOfTwoLevelsIsTheirDifference() {
        let tone = Self.sine(1000, amplitude: 0.1, seconds: 20) + Self.sine(1000, amplitude: 0.1 / 3.162, seconds: 20)
        let range = Loudness.range(left: tone, right: tone)
        #expect(abs(range - 10) <= 1, "\(range) LU")
        let steady = Self.sine(1000, amplitude: 0.1, seconds: 20)
        #expect(Loudness.range(left: steady, right: steady) < 0.1)
    }

    // MARK: Spectrum

    /// White noise has the same power density at every frequency, pink noise 3 dB less per octave up, brown 6:
    /// noise shaped exactly so in the frequency domain reads those slopes, in octave bands and third-octaves.
    @Test(arguments: [(0.0, "white"), (-3.0, "pink"), (-6.0, "brown")])
    func shapedNoiseReadsItsSlope(slope: Double, name: String) {
        let noise = Self.noise(decibelsPerOctave: slope)
        let octaves = Spectrum.slope(Spectrum.octaveBands(noise))
        #expect(abs(octaves - slope) <= 0.2, "\(name): \(octaves) dB per octave")
        // A third-octave band's power is density times width: 1 dB more per band than the density's slope / 3.
        let thirds = Spectrum.slope(Spectrum.thirdOctaves(noise))
        #expect(abs(thirds - (slope / 3 + 1)) <= 0.1, "\(name): \(thirds) dB per third-octave")
    }

    @Test func aSineHasItsPowerAtItsFrequency() {
        let low = Self.sine(10, amplitude: 0.5, seconds: 10)
        let high = Self.sine(1000, amplitude: 0.5, seconds: 10)
        #expect(abs(Spectrum.share(below: 20, zip(low, high).map(+)) - 0.5) <= 0.01)
        #expect(Spectrum.share(below: 20, high) < 0.001)
        #expect(abs(Spectrum.decibels(Spectrum.rms(high)) + 9.03) <= 0.01)
        let bands = Spectrum.octaveBands(high)
        #expect(bands.firstIndex(of: bands.max()!) == 3, "1 kHz is the fourth octave band: \(bands)")
    }

    // MARK: Transients

    /// A steady noise's band peaks some 13-15 dB over its RMS (a Gaussian's peaks in ten seconds), a sine's by
    /// 3 dB, and two sharp strikes a second on a quiet bed by 20 dB or more.
    @Test func crestFactorTellsStrikesFromHissAndTone() {
        let white = Self.noise(decibelsPerOctave: 0)
        #expect((12...15.5).contains(Transients.crestFactor(white)), "white: \(Transients.crestFactor(white)) dB")
        let pink = Self.noise(decibelsPerOctave: -3)
        #expect((12...15.5).contains(Transients.crestFactor(pink)), "pink: \(Transients.crestFactor(pink)) dB")
        let tone = Self.sine(4000, amplitude: 0.5, seconds: 5)
        #expect(abs(Transients.crestFactor(tone) - 3.01) <= 0.1, "sine: \(Transients.crestFactor(tone)) dB")
        let struck = Self.strikes(perSecond: 2, over: white.map { $0 * 0.01 })
        #expect(Transients.crestFactor(struck) >= 20, "strikes: \(Transients.crestFactor(struck)) dB")
    }

    /// Steady noise has (almost) no onsets; strikes 20 dB over a bed, five a second, are counted five a second.
    @Test func onsetRateCountsStrikes() {
        let white = Self.noise(decibelsPerOctave: 0)
        let pink = Self.noise(decibelsPerOctave: -3)
        #expect(Transients.onsetRate(white) < 0.5, "white: \(Transients.onsetRate(white)) a second")
        #expect(Transients.onsetRate(pink) < 0.5, "pink: \(Transients.onsetRate(pink)) a second")
        let struck = Self.strikes(perSecond: 5, over: pink.map { $0 * 0.05 })
        #expect(abs(Transients.onsetRate(struck) - 5) <= 0.25, "strikes: \(Transients.onsetRate(struck)) a second")
    }

    /// A step of 0.35 of full scale (what Prague's bells did) is a click, alone, on a tone or on a quiet bed, and so
    /// is a bell struck at the crest of its wave; it is found where it is (1 s in), once.
    @Test(arguments: ["step on silence", "step on a tone", "step on a bed", "bell struck at its crest"])
    func aStepIsAClick(name: String) {
        let clicks = Transients.clicks(Self.signal(name))
        #expect(clicks.count == 1, "\(name): \(clicks)")
        #expect(abs((clicks.first ?? 0) - 1) <= 0.001, "\(name): \(clicks)")
    }

    /// What is smooth never clicks: sines low and high, however loud, a bell that rises over 2 ms, steady noise.
    @Test(arguments: ["sine 100 Hz", "sine 997 Hz", "sine 8 kHz", "bell with an attack", "pink noise"])
    func somethingSmoothIsNoClick(name: String) {
        let clicks = Transients.clicks(Self.signal(name))
        #expect(clicks.isEmpty, "\(name): \(clicks.prefix(5))")
    }

    /// Two seconds of the signal called `name`; whatever starts, starts 1 s in.
    private static func signal(_ name: String) -> [Double] {
        let at = Int(rate)
        let silence = [Double](repeating: 0, count: 2 * at)
        let step = (0..<2 * at).map { $0 < at ? 0 : 0.35 }
        let pink = noise(decibelsPerOctave: -3).prefix(2 * at)
        /// A 1200 Hz bell struck 1 s in, rising over `attack` seconds (0: at once, at the crest of its wave).
        func bell(attack: Double) -> [Double] {
            (0..<2 * at).map { n in
                let t = Double(n - at) / rate
                guard t >= 0 else { return 0 }
                return 0.35 * min(1, attack > 0 ? t / attack : 1) * exp(-t / 0.5) * cos(2 * .pi * 1200 * t)
            }
        }
        switch name {
        case "step on silence": return zip(silence, step).map(+)
        case "step on a tone": return zip(sine(440, amplitude: 0.2, seconds: 2), step).map(+)
        case "step on a bed": return zip(pink.map { $0 * 0.3 }, step).map(+)
        case "bell struck at its crest": return bell(attack: 0)
        case "bell with an attack": return bell(attack: 0.002)
        case "sine 100 Hz": return sine(100, amplitude: 0.89, seconds: 2)
        case "sine 997 Hz": return sine(997, amplitude: 0.89, seconds: 2)
        case "sine 8 kHz": return sine(8000, amplitude: 0.89, seconds: 2)
        default: return pink.map { $0 * 3 }
        }
    }

    // MARK: Known signals

    /// 2^19 samples (11.9 s) of Gaussian noise whose power density falls by `decibelsPerOctave`, shaped in the
    /// frequency domain (every bin's amplitude set exactly, phases random), at an RMS of 0.1.
    private static func noise(decibelsPerOctave: Double, seed: UInt64 = 14) -> [Double] {
        let size = 1 << 19
        var random = SplitMix(seed)
        var re = [Double](repeating: 0, count: size)
        var im = re
        let exponent = decibelsPerOctave / (20 * log10(2))
        for k in 1..<size / 2 {
            let amplitude = pow(Double(k), exponent)
            let phase = 2 * Double.pi * random.unit()
            re[k] = amplitude * cos(phase)
            im[k] = amplitude * sin(phase)
            // The mirror image makes the signal real; the inverse transform is the forward one of the conjugate.
            re[size - k] = re[k]
            im[size - k] = im[k]
        }
        Spectrum.fft(&re, &im)
        let rms = Spectrum.rms(re)
        return re.map { 0.1 * $0 / rms }
    }

    /// `bed` with a 4 kHz strike (a 1 ms rise, a 15 ms decay, peaking at 0.5) `perSecond` times a second.
    private static func strikes(perSecond: Double, over bed: [Double]) -> [Double] {
        var x = bed
        let every = Int(rate / perSecond)
        for start in stride(from: every / 2, to: x.count - 2000, by: every) {
            for n in 0..<2000 {
                let t = Double(n) / rate
                x[start + n] += 0.5 * min(1, t / 0.001) * exp(-t / 0.015) * sin(2 * .pi * 4000 * t)
            }
        }
        return x
    }
}

/// SplitMix64: a small seeded generator, so the known signals are the same on every run.
private struct SplitMix {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed }

    /// A uniform number in [0, 1).
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}
