/// The loudness contour of one event: an S-shaped rise from silence, a hold, then an exponential fall.
///
/// The rise is what keeps a strike from clicking: it starts with neither a step nor a corner.
struct Envelope {
    private var value: Float = 0
    private var progress: Float = 0
    private let rise: Float
    private var holdFrames: Int
    private let fall: Float
    private var rising = true

    /// Rises over `attack` seconds (never less than a millisecond), holds for `hold`, then falls by 1/e every
    /// `decay` seconds.
    init(attack: Double, hold: Double = 0, decay: Double) {
        rise = 1 / Float(max(0.001, attack) * Double(SoundFormat.sampleRate))
        holdFrames = Int(hold * Double(SoundFormat.sampleRate))
        fall = SoundMath.decay(seconds: decay)
    }

    /// Whether it is still above -60 dB: below that it is lost under any bed, and stops costing time.
    var isAudible: Bool { rising || holdFrames > 0 || value > 1e-3 }

    mutating func next() -> Float {
        if rising {
            progress = min(1, progress + rise)
            value = progress * progress * (3 - 2 * progress)
            rising = progress < 1
        } else if holdFrames > 0 {
            holdFrames -= 1
        } else {
            value *= fall
        }
        return value
    }
}
