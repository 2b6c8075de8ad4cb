// Generation speed of every sound: seconds of audio made per second of one core.
// Built and run by `make bench` (release, one thread); not part of `make test`.
import FocusSound

#if canImport(Glibc)
    import Glibc
#endif

func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let seconds = 60
var slowest = Double.infinity
for entry in SoundCatalog(definitions: .builtIn).entries {
    var stream = SoundStream(recipe: entry.recipe, seed: 1, volume: 70)
    stream.fade(to: 1, seconds: 0)
    let start = cpuSeconds()
    var sink: UInt8 = 0
    for _ in 0..<(seconds * SoundFormat.sampleRate / 1024) { sink ^= stream.renderBytes(frames: 1024)[7] }
    let speed = Double(seconds) / (cpuSeconds() - start)
    slowest = min(slowest, speed)
    print("\(entry.name.padding(12))\(Int(speed))x real time\(sink == 255 ? " " : "")")
}
print("slowest: \(Int(slowest))x real time (target: at least 200x)")

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
