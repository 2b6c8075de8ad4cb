/// The building blocks soundscapes are composed of.
public enum SoundLayerKind: String, CaseIterable, Sendable {
    // Beds: they sound all the time.
    case white, pink, brown, rain, ocean, wind, murmur, rumble, fountain, lapping, engine, steam, foam
    // Accents: they come and go.
    case churchBells, clockBells, glasses, cups, wallClock, clockwork, sparrows, songbirds, gulls, tram
    case bicycleBells, ferryHorn, pages, piano, canalDrips, bathDrips

    /// A fresh generator of this kind.
    func makeLayer(seed: UInt64) -> any SoundLayer {
        switch self {
        case .white: NoiseLayer<WhiteNoise>(seed: seed)
        case .pink: NoiseLayer<PinkNoise>(seed: seed)
        case .brown: NoiseLayer<BrownNoise>(seed: seed)
        case .rain: Blend(NoiseLayer<RainBed>(seed: seed), EventLayer<RainPatter>(seed: seed), decibels: 6)
        case .ocean: OceanWaves(seed: seed)
        case .wind: Wind(seed: seed)
        case .murmur: NoiseLayer<Murmur>(seed: seed)
        case .rumble: NoiseLayer<Rumble>(seed: seed)
        case .fountain:
            Blend(NoiseLayer<FountainSplash>(seed: seed), EventLayer<Drops<FountainBubbles>>(seed: seed), decibels: 0)
        case .lapping: NoiseLayer<Lapping>(seed: seed)
        case .engine: NoiseLayer<Engine>(seed: seed)
        case .steam: NoiseLayer<Steam>(seed: seed)
        case .foam: NoiseLayer<Foam>(seed: seed)
        case .churchBells: EventLayer<ChurchBells>(seed: seed)
        case .clockBells: EventLayer<ClockBells>(seed: seed)
        case .glasses: EventLayer<GlassClinks>(seed: seed)
        case .cups: EventLayer<CupClinks>(seed: seed)
        case .wallClock: EventLayer<ClockTicks<WallClock>>(seed: seed)
        case .clockwork: EventLayer<ClockTicks<Clockwork>>(seed: seed)
        case .sparrows: EventLayer<Chorus<Sparrows>>(seed: seed)
        case .songbirds: EventLayer<Chorus<Songbirds>>(seed: seed)
        case .gulls: EventLayer<Gulls>(seed: seed)
        case .tram: EventLayer<Tram>(seed: seed)
        case .bicycleBells: EventLayer<BicycleBells>(seed: seed)
        case .ferryHorn: EventLayer<FerryHorn>(seed: seed)
        case .pages: EventLayer<PageTurns>(seed: seed)
        case .piano: EventLayer<Piano>(seed: seed)
        case .canalDrips: EventLayer<Drops<CanalDrips>>(seed: seed)
        case .bathDrips: EventLayer<Drops<BathDrips>>(seed: seed)
        }
    }

    /// The long-run loudness of one unit of gain, in LU: the K-weighted power (ITU-R BS.1770) of both
    /// channels together, ungated, measured over six renders of ten minutes from different seeds (a sparse layer's
    /// events vary by up to 1 LU from one ten minutes to the next: its level is their mean, not one render's).
    /// Dividing by it makes every layer equally loud, so a recipe's decibels say how loud each layer is heard.
    var loudness: Double {
        switch self {
        case .white: 6.13
        case .pink: 2.56
        case .brown: -2.57
        case .rain: 2.2
        case .ocean: -0.23
        case .wind: -9.76
        case .murmur: -6.87
        case .rumble: -2.5
        case .fountain: -5.2
        case .lapping: -20.59
        case .engine: 0.21
        case .steam: 3.33
        case .foam: -2.88
        case .churchBells: -12.79
        case .clockBells: -11.34
        case .glasses: -16.27
        case .cups: -25.7
        case .wallClock: -26.36
        case .clockwork: -22.3
        case .sparrows: -8.82
        case .songbirds: -8.57
        case .gulls: -17.57
        case .tram: -20.97
        case .bicycleBells: -15.51
        case .ferryHorn: -15.04
        case .pages: -11.68
        case .piano: -13.43
        case .canalDrips: -22.14
        case .bathDrips: -24.35
        }
    }
}
