/// A place between the ears at constant power: `left² + right²` is 2 wherever it is, 1 and 1 in the middle.
struct Pan {
    let left: Float
    let right: Float

    /// `position` runs from 0 (left) to 1 (right).
    init(_ position: Float) {
        let angle = Double(position) * .pi / 2
        left = Float(SoundMath.cos(angle) * 2.squareRoot())
        right = Float(SoundMath.sin(angle) * 2.squareRoot())
    }
}
