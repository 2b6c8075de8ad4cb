/// The building blocks soundscapes are composed of.
public enum SoundLayerKind: String, CaseIterable, Sendable {
    case white, pink, brown, rain, ocean, wind, murmur, rumble, bells, clinks, drips, chirps, ticks

    /// A fresh generator of this kind.
    func makeLayer(seed: UInt64) -> any SoundLayer {
        switch self {
        case .white: NoiseLayer<WhiteNoise>(seed: seed)
        case .pink: NoiseLayer<PinkNoise>(seed: seed)
        case .brown: NoiseLayer<BrownNoise>(seed: seed)
        case .rain: NoiseLayer<Rain>(seed: seed)
        case .ocean: OceanWaves(seed: seed)
        case .wind: Wind(seed: seed)
        case .murmur: NoiseLayer<Murmur>(seed: seed)
        case .rumble: NoiseLayer<Rumble>(seed: seed)
        case .bells: Strikes(.bells, seed: seed)
        case .clinks: Strikes(.clinks, seed: seed)
        case .drips: Strikes(.drips, seed: seed)
        case .chirps: Strikes(.chirps, seed: seed)
        case .ticks: Strikes(.ticks, seed: seed)
        }
    }

    /// Whether it sounds all the time (a bed) rather than now and then (strikes).
    var isBed: Bool {
        switch self {
        case .bells, .clinks, .drips, .chirps, .ticks: false
        default: true
        }
    }
}
