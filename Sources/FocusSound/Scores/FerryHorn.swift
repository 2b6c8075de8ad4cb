/// A ferry's horn on the Bosphorus: a long, low, brassy blast, its echo off the far shore a moment later.
struct FerryHorn: Score {
    private var random: SoundRandom
    private var echo = false
    private var pitch = 0.0
    private var length = 0.0
    /// The first blast comes soon, so a listener hears it early.
    private var rest: ClosedRange<Double> = 4...10

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        if !echo {
            pitch = random.double(in: 105...135)
            length = random.double(in: 1.8...3)
        }
        defer { echo.toggle() }
        let horn = ToneVoice(
            contour: [(pitch * 0.97, 0.25), (pitch, 0)],
            harmonics: [0.5, 0.42, 0.34, 0.28, 0.2, 0.15, 0.1, 0.07].map { echo ? $0 * 0.25 : $0 },
            envelope: Envelope(attack: 0.3, hold: length, decay: 0.35), pan: echo ? Pan(0.3) : Pan(0.62),
            vibrato: (4.5, 0.002), random: random.fork())
        defer { rest = 35...70 }
        return (.tone(horn), echo ? random.double(in: rest) : 0.7)
    }
}
