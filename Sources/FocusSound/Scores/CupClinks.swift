/// Porcelain in a Viennese coffee house: a cup set on its saucer, a spoon stirring.
struct CupClinks: Score {
    private var random: SoundRandom
    private var stirs = 0
    private var stirPitch = 0.0
    private var pan = Pan(0.5)

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        if stirs > 0 {
            stirs -= 1
            let spoon = RingVoice(
                hertz: stirPitch * random.double(in: 0.99...1.01),
                partials: [
                    .init(ratio: 1, amplitude: 0.3, decay: 0.05), .init(ratio: 1.71, amplitude: 0.1, decay: 0.03),
                ],
                loudness: random.uniform(0.3...0.6), pan: pan, attack: 0.001)
            return (.ring(spoon), stirs == 0 ? random.interval(perSecond: 0.4) : random.double(in: 0.13...0.17))
        }
        if random.chance(0.3) {
            stirs = Int(random.double(in: 5...9.99))
            stirPitch = random.double(in: 3000...3800)
            pan = random.pan()
            return (nil, 0.5)
        }
        let cup = RingVoice(
            hertz: random.double(in: 1300...2100),
            partials: [
                .init(ratio: 1, amplitude: 0.45, decay: 0.07), .init(ratio: 1.62, amplitude: 0.3, decay: 0.05),
                .init(ratio: 2.45, amplitude: 0.15, decay: 0.03),
            ], loudness: random.uniform(0.4...1), pan: random.pan(), attack: 0.001)
        return (.ring(cup), random.interval(perSecond: 0.4))
    }
}
