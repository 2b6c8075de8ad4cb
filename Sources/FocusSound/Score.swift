/// What an ``EventLayer`` plays and when: each call gives the next voice (or a rest) and the seconds until the
/// call after.
///
/// A score keeps its own random generator; a wait of 0 starts the next
/// voice on the same sample (a chord, a bell's two hammers).
protocol Score {
    init(_ random: SoundRandom)
    mutating func next() -> (voice: Voice?, wait: Double)
}

/// Events at sample-exact moments: each voice starts on its own sample, wherever the render block begins.
struct EventLayer<S: Score>: SoundLayer {
    private var score: S
    // One array per kind, so each voice is mutated in place.
    private var rings: [(voice: RingVoice, start: Int)] = []
    private var tones: [(voice: ToneVoice, start: Int)] = []
    private var noises: [(voice: NoiseBurst, start: Int)] = []
    /// Frames from the start of the next block to the next event, with its fraction, so periods never drift.
    private var untilNext = 0.0

    init(seed: UInt64) { score = S(SoundRandom(seed: seed, salt: 61)) }

    mutating func add(to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, gain: Float) {
        let frames = Double(l.count)
        while untilNext < frames {
            let (voice, wait) = score.next()
            let start = Int(untilNext)
            switch voice {
            case .ring(let v): rings.append((v, start))
            case .tone(let v): tones.append((v, start))
            case .noise(let v): noises.append((v, start))
            case nil: break
            }
            untilNext += wait * Double(SoundFormat.sampleRate)
        }
        untilNext -= frames
        Self.render(&rings, l, r, gain)
        Self.render(&tones, l, r, gain)
        Self.render(&noises, l, r, gain)
    }

    /// Renders each of `voices` from its start and drops the ones that have gone quiet.
    private static func render<V: Sounding>(
        _ voices: inout [(voice: V, start: Int)], _ l: UnsafeMutableBufferPointer<Float>,
        _ r: UnsafeMutableBufferPointer<Float>, _ gain: Float
    ) {
        var k = 0
        while k < voices.count {
            if voices[k].voice.add(to: l, r, from: voices[k].start, gain: gain) {
                voices[k].start = 0
                k += 1
            } else {
                voices.remove(at: k)
            }
        }
    }
}
