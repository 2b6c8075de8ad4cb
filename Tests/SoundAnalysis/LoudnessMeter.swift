/// A loudness meter (ITU-R BS.1770-4) fed a stream in pieces of any size, so minutes of sound can be measured as
/// they are made without being kept: it keeps only the power of each 100 ms.
public struct LoudnessMeter {
    private var left: Filter
    private var right: Filter
    /// Frames in 100 ms: a gating block (400 ms) is four of them.
    private let hop: Int
    private var partial = 0.0
    private var partialFrames = 0
    private var hops: [Double] = []

    public init(rate: Double = 44_100) {
        left = .kWeighting(rate: rate)
        right = .kWeighting(rate: rate)
        hop = Int(0.1 * rate)
    }

    /// Measures the next frames, `left` and `right` of equal length.
    public mutating func add(left l: [Double], right r: [Double]) {
        let l = left.apply(l)
        let r = right.apply(r)
        for i in l.indices {
            partial += l[i] * l[i] + r[i] * r[i]
            partialFrames += 1
            if partialFrames == hop {
                hops.append(partial)
                partial = 0
                partialFrames = 0
            }
        }
    }

    /// The K-weighted power, summed over the channels, of each 400 ms block so far, the blocks 100 ms apart.
    public var blockPowers: [Double] {
        let size = Double(4 * hop)
        return hops.indices.dropFirst(3).map { hops[$0 - 3...$0].reduce(0, +) / size }
    }

    /// The integrated loudness so far, in LUFS.
    public var integrated: Double { Loudness.integrated(blocks: blockPowers) }
}
