/// A tiny fixed-seed generator (a 64-bit LCG), so demo data is the same on every run and platform.
struct DemoRandom {
    private var state: UInt64 = 0x5EED_F0C5

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
