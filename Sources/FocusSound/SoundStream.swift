/// A never-ending sound, rendered on demand as 16-bit stereo PCM.
///
/// Mixes the layers of a ``SoundRecipe`` so that each is heard at its level
/// in the recipe and the whole at the volume's share of the target
/// loudness (ITU-R BS.1770), removes what lies below 20 Hz with a high-pass
/// at 25 Hz (it is felt, not heard, and would eat the headroom), follows a fade level (silence costs no
/// generation), and passes everything through a soft limiter so no sample is
/// louder than -1 dBFS. The same recipe, seed and calls give the same
/// samples, byte for byte.
public struct SoundStream {
    private var layers: [any SoundLayer]
    private let gains: [Float]
    private var left: [Float] = []
    private var right: [Float] = []
    private var level: Float = 0
    private var target: Float = 0
    private var step: Float = 0
    /// A fourth-order Butterworth high-pass at 25 Hz for each ear: two sections apiece, left then right.
    private var highPass = [0.5412, 1.3066, 0.5412, 1.3066].map { Biquad(highPass: 25, q: $0) }

    /// A stream of `recipe` from `seed`, silent until ``fade(to:seconds:)``; `volume` is 0 to 100.
    public init(recipe: SoundRecipe, seed: UInt64, volume: Int) {
        layers = recipe.layers.enumerated().map { $1.kind.makeLayer(seed: seed &+ UInt64($0) &* 0x51_7CC1) }
        let levels = recipe.layers.map { SoundMath.amplitude(decibels: $0.decibels) }
        let share =
            Double(max(0, min(100, volume))) / 100 / levels.reduce(0) { $0 + $1 * $1 }.squareRoot()
            / SoundMath.amplitude(decibels: recipe.trim)
        gains = zip(recipe.layers, levels).map { layer, level in
            Float(level * share * SoundMath.amplitude(decibels: SoundFormat.fullVolumeLoudness - layer.kind.loudness))
        }
    }

    /// Moves the level (0 silent, 1 full) to `level` linearly over `seconds`.
    public mutating func fade(to level: Float, seconds: Double) {
        target = level
        let frames = Float(max(1, seconds * Double(SoundFormat.sampleRate)))
        step = abs(target - self.level) / frames
    }

    /// Whether the stream is silent and will stay so until the next fade.
    public var isSilent: Bool { level == 0 && target == 0 }

    /// The next `frames` frames, interleaved left/right.
    public mutating func render(frames: Int) -> [Int16] {
        guard !isSilent else { return [Int16](repeating: 0, count: frames * 2) }
        if left.count != frames {
            left = [Float](repeating: 0, count: frames)
            right = left
        } else {
            for i in 0..<frames {
                left[i] = 0
                right[i] = 0
            }
        }
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                for k in layers.indices { layers[k].add(to: l, r, gain: gains[k]) }
                highPass.withUnsafeMutableBufferPointer { hp in
                    for i in 0..<frames {
                        l[i] = hp[1].next(hp[0].next(l[i]))
                        r[i] = hp[3].next(hp[2].next(r[i]))
                    }
                }
            }
        }
        var out = [Int16](repeating: 0, count: frames * 2)
        for i in 0..<frames {
            if level < target {
                level = min(target, level + step)
            } else if level > target {
                level = max(target, level - step)
            }
            out[2 * i] = Self.limit(left[i] * level)
            out[2 * i + 1] = Self.limit(right[i] * level)
        }
        return out
    }

    /// The next `frames` frames as little-endian bytes, ready for a player or a WAV file.
    public mutating func renderBytes(frames: Int) -> [UInt8] {
        let samples = render(frames: frames)
        var bytes = [UInt8](repeating: 0, count: samples.count * 2)
        for (i, s) in samples.enumerated() {
            let u = UInt16(bitPattern: s)
            bytes[2 * i] = UInt8(truncatingIfNeeded: u)
            bytes[2 * i + 1] = UInt8(truncatingIfNeeded: u >> 8)
        }
        return bytes
    }

    private static let knee: Float = 0.7
    private static let room = SoundFormat.peakLimit - knee

    /// Passes quiet samples untouched and bends loud ones softly toward the -1 dBFS ceiling, never past it.
    static func limit(_ x: Float) -> Int16 {
        let magnitude = abs(x)
        var y = x
        if magnitude > knee {
            let t = (magnitude - knee) / room
            y = (knee + room * t / (1 + t)) * (x < 0 ? -1 : 1)
        }
        return Int16((y * 32767).rounded())
    }
}
