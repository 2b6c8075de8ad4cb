/// A voiced sound whose pitch glides: a bird's note, a gull's cry, a pigeon's coo, a horn, a squealing rail.
///
/// Harmonics of one phase (read from ``SineTable``) under an ``Envelope``;
/// the pitch follows a contour of exponential glides, with optional vibrato
/// and a rasp for throaty calls: noise below 400 Hz on the amplitude, which roughens each harmonic without
/// spreading it up to where a click would be.
struct ToneVoice: Sounding {
    private var phase: Float = 0
    private var step: Float
    private var glides: [(factor: Float, frames: Int)]
    private var glide = 0
    private var glideLeft: Int
    private let harmonics: [Float]
    private var envelope: Envelope
    private var vibratoPhase: Float = 0
    private let vibratoStep: Float
    private let vibratoDepth: Float
    private var rasp: WhiteNoise
    private var raspLow = OnePole(hertz: 400)
    private let raspDepth: Float
    private let pan: Pan

    /// `contour` is the pitch at each node and the seconds to the next; the last node's pitch is held.
    init(
        contour: [(hertz: Double, seconds: Double)], harmonics: [Float], envelope: Envelope, pan: Pan,
        vibrato: (hertz: Double, depth: Float) = (0, 0), rasp: Float = 0, random: SoundRandom
    ) {
        let rate = Double(SoundFormat.sampleRate)
        step = Float(contour[0].hertz / rate)
        glides = zip(contour, contour.dropFirst()).map { from, to in
            let frames = max(1, Int(from.seconds * rate))
            return (Float(SoundMath.exp(SoundMath.log(to.hertz / from.hertz) / Double(frames))), frames)
        }
        glideLeft = glides.first?.frames ?? .max
        self.harmonics = harmonics
        self.envelope = envelope
        vibratoStep = Float(vibrato.hertz / rate)
        vibratoDepth = vibrato.depth
        self.rasp = WhiteNoise(random)
        raspDepth = rasp
        self.pan = pan
    }

    mutating func add(
        to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, from start: Int, gain: Float
    ) -> Bool {
        let left = pan.left * gain
        let right = pan.right * gain
        let size = Float(SineTable.size)
        SineTable.values.withUnsafeBufferPointer { table in
            harmonics.withUnsafeBufferPointer { partials in
                for i in start..<l.count {
                    if glide < glides.count {
                        step *= glides[glide].factor
                        glideLeft -= 1
                        if glideLeft == 0 {
                            glide += 1
                            glideLeft = glide < glides.count ? glides[glide].frames : .max
                        }
                    }
                    var vibrato: Float = 1
                    if vibratoDepth > 0 {
                        vibratoPhase += vibratoStep
                        if vibratoPhase >= 1 { vibratoPhase -= 1 }
                        vibrato += vibratoDepth * table[Int(vibratoPhase * size) & SineTable.mask]
                    }
                    phase += step * vibrato
                    if phase >= 1 { phase -= 1 }
                    let index = Int(phase * size)
                    var x: Float = 0
                    for k in partials.indices { x += partials[k] * table[(index &* (k + 1)) & SineTable.mask] }
                    var level = envelope.next()
                    if raspDepth > 0 { level *= 1 + raspDepth * raspLow.lowPass(rasp.next()) }
                    l[i] += x * level * left
                    r[i] += x * level * right
                }
            }
        }
        return envelope.isAudible
    }
}
