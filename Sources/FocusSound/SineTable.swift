/// One cycle of a sine in a table, for tones whose pitch moves every sample.
///
/// A phase in `0..<1` times ``size`` is an index; harmonic `k` of that
/// phase is the index times `k`, wrapped. 4096 points keep the error
/// below -66 dB, far under any bed.
enum SineTable {
    static let size = 4096
    static let mask = size - 1
    static let values: [Float] = (0..<size).map { Float(SoundMath.sin(SoundMath.twoPi * Double($0) / Double(size))) }
}
