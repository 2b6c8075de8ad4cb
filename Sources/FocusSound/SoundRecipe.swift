import FocusJournal

/// What a sound is made of: layers and their levels in dB. The first layer leads.
public struct SoundRecipe: Equatable, Sendable {
    /// One layer and its level relative to the others.
    public struct Layer: Equatable, Sendable {
        public let kind: SoundLayerKind
        public let decibels: Double
    }

    public let layers: [Layer]

    init(_ layers: [(SoundLayerKind, Double)]) { self.layers = layers.map { Layer(kind: $0.0, decibels: $0.1) } }

    /// The generator a plain sound is: `white` is white noise alone.
    static func single(_ kind: SoundLayerKind) -> SoundRecipe { SoundRecipe([(kind, 0)]) }

    /// The soundscape of the chapter `id`: a composition for each built-in
    /// city, and for any other a default one chosen by its id, so a city
    /// added in JSON has a sound of its own without code.
    static func city(_ id: String) -> SoundRecipe {
        if let known = cities[id] { return SoundRecipe(known) }
        let hash = FNV1a.hash(id)
        let beds: [SoundLayerKind] = [.rain, .ocean, .wind, .brown, .pink, .murmur]
        let accents: [SoundLayerKind] = [.drips, .chirps, .bells, .clinks, .ticks]
        return SoundRecipe([
            (beds[Int(hash % UInt64(beds.count))], 0), (accents[Int((hash >> 16) % UInt64(accents.count))], -4),
        ])
    }

    private static let cities: [String: [(SoundLayerKind, Double)]] = [
        "lisbon": [(.wind, 0), (.rumble, -5), (.bells, 0)],
        "seville": [(.pink, -4), (.drips, 0), (.chirps, -2)],
        "madrid": [(.wind, -2), (.chirps, 0)],
        "barcelona": [(.ocean, 0), (.wind, -10)],
        "paris": [(.murmur, 0), (.clinks, 0), (.brown, -12)],
        "amsterdam": [(.rain, 0), (.drips, -2), (.rumble, -14)],
        "berlin": [(.brown, -6), (.ticks, 0), (.pink, -16)],
        "prague": [(.murmur, -4), (.ticks, 2), (.bells, 2)],
        "vienna": [(.murmur, 0), (.clinks, 2), (.pink, -14)],
        "budapest": [(.pink, -2), (.drips, 2), (.white, -14)],
        "istanbul": [(.ocean, 0), (.rumble, -4), (.chirps, -6)],
    ]

}
