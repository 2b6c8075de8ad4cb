/// The partials of a cast bell, as ratios of its prime: hum, prime, tierce, quint, nominal, superquint, octave nominal.
///
/// The tierce (a minor third) gives a church bell its plaintive colour; the
/// hum rings longest. `brightness` scales the upper partials (a far bell
/// loses them first), `decay` the ringing.
enum Bell {
    static func partials(brightness: Float, decay: Double) -> [RingVoice.Partial] {
        [
            .init(ratio: 0.5, amplitude: 0.35, decay: decay * 1.3),
            .init(ratio: 1, amplitude: 0.45, decay: decay),
            .init(ratio: 1.2, amplitude: 0.4, decay: decay * 0.8),
            .init(ratio: 1.5, amplitude: 0.18 * brightness, decay: decay * 0.6),
            .init(ratio: 2, amplitude: 0.5 * brightness, decay: decay * 0.5),
            .init(ratio: 2.99, amplitude: 0.2 * brightness * brightness, decay: decay * 0.3),
            .init(ratio: 3.98, amplitude: 0.12 * brightness * brightness, decay: decay * 0.2),
        ]
    }
}
