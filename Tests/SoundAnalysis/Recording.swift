import Foundation

/// Two channels of recorded or rendered sound at 44.1 kHz, and what a listener would notice in them.
public struct Recording: Sendable {
    public let left: [Double]
    public let right: [Double]
    public static let rate = 44_100.0

    public init(left: [Double], right: [Double]) {
        self.left = left
        self.right = right
    }

    /// 16-bit little-endian interleaved stereo, as a player is sent it or a WAV file's data holds it.
    public init(pcm bytes: some Collection<UInt8>) {
        let b = Array(bytes)
        let samples = (0..<b.count / 2).map {
            Double(Int16(bitPattern: UInt16(b[2 * $0]) | UInt16(b[2 * $0 + 1]) << 8)) / 32768
        }
        left = stride(from: 0, to: samples.count - 1, by: 2).map { samples[$0] }
        right = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
    }

    /// The samples of a 16-bit stereo WAV file: its `data` chunk to the end of the file, whatever size the header
    /// claims (a recorder stopped by a signal may not have written it).
    public init?(wav bytes: [UInt8]) {
        var at = 12
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = (0..<4).reduce(0) { $0 | Int(bytes[at + 4 + $1]) << (8 * $1) }
            if id == "data" {
                self.init(pcm: bytes[(at + 8)...])
                return
            }
            at += 8 + size
        }
        return nil
    }

    public var frames: Int { left.count }

    public func seconds(_ frames: Int) -> Double { Double(frames) / Self.rate }

    public func frames(_ seconds: Double) -> Int { Int(seconds * Self.rate) }

    /// The frames from the first to the last 10 ms window whose RMS is above `threshold` dBFS.
    public func audible(above threshold: Double = -50) -> Range<Int>? {
        let window = frames(0.01)
        let loud = (0..<frames / window).filter { level($0 * window..<($0 + 1) * window) > threshold }
        guard let first = loud.first, let last = loud.last else { return nil }
        return first * window..<(last + 1) * window
    }

    /// The runs of digital silence (both channels exactly zero) of at least `seconds` inside `range`.
    public func silences(atLeast seconds: Double, in range: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for i in range {
            let silent = left[i] == 0 && right[i] == 0
            if silent, start == nil { start = i }
            if !silent || i == range.upperBound - 1, let s = start {
                let end = silent ? i + 1 : i
                if end - s >= frames(seconds) { runs.append(s..<end) }
                start = nil
            }
        }
        return runs
    }

    /// The RMS of both channels over `range`, in dBFS.
    public func level(_ range: Range<Int>) -> Double {
        let sum = range.reduce(0.0) { $0 + left[$1] * left[$1] + right[$1] * right[$1] }
        return 10 * log10(sum / Double(2 * max(1, range.count)) + 1e-30)
    }

    /// The slope of the octave-band spectrum of the two channels' mean over `range`, in dB per octave.
    public func slope(_ range: Range<Int>) -> Double {
        Spectrum.slope(Spectrum.octaveBands(range.map { (left[$0] + right[$0]) / 2 }))
    }
}
