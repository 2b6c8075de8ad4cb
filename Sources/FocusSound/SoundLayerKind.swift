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
    /// channels together, measured over three renders of ten minutes. Dividing by it makes every layer
    /// equally loud, so a recipe's decibels say how loud each layer is heard, and every sound meets its
    /// target loudness.
    var loudness: Double {
        switch self {
        case .white: 6.06
        case .pink: 2.42
        case .brown: -2.8
        case .rain: 2.06
        case .ocean: -0.47
        case .wind: -9.89
        case .murmur: -7.32
        case .rumble: -2.76
        case .fountain: -5.39
        case .lapping: -20.89
        case .engine: -0.07
        case .steam: 3.23
        case .foam: -3.01
        case .churchBells: -13.23
        case .clockBells: -11.36
        case .glasses: -16.48
        case .cups: -25.84
        case .wallClock: -26.78
        case .clockwork: -22.4
        case .sparrows: -8.77
        case .songbirds: -8.94
        case .gulls: -17.41
        case .tram: -21.29
        case .bicycleBells: -15.89
        case .ferryHorn: -14.89
        case .pages: -11.12
        case .piano: -13.46
        case .canalDrips: -22.44
        case .bathDrips: -24.39
        }
    }
}
