import FoundationEssentials
import FoundationInternationalization  // links ICU, so the named zones in FuzzTargets resolve

#if canImport(Glibc)
    import Glibc
#endif

/// The target `FOCUS_FUZZ_TARGET` names (see `FuzzTargets.all`), chosen once.
let target: @Sendable ([UInt8]) -> String? = {
    let name = getenv("FOCUS_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let check = FuzzTargets.all[name] else {
        fatalError(
            "FOCUS_FUZZ_TARGET must be one of \(FuzzTargets.all.keys.sorted().joined(separator: ", ")), not '\(name)'")
    }
    return check
}()

/// libFuzzer's entry point: a broken property is a crash, which libFuzzer saves as a reproducer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = target(bytes) { fatalError(problem) }
    return 0
}
