/// The items of a JSON list, each as its own bytes: how `focus import --from json` reads an export one session at a
/// time, so one bad item skips only itself.
enum JSONList {
    /// The bytes of each item of the list `bytes` holds, or `nil` when `bytes` is not one list (with only white
    /// space around it). Items are found by their brackets and strings; each is then parsed on its own.
    static func items(_ bytes: [UInt8]) -> [ArraySlice<UInt8>]? {
        var i = 0
        func skipSpace() { while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 } }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        var items: [ArraySlice<UInt8>] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
        } else {
            while true {
                skipSpace()
                let start = i
                guard let end = itemEnd(bytes, from: i), end > start else { return nil }
                items.append(bytes[start..<end])
                i = end
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    break
                }
                guard bytes[i] == UInt8(ascii: ",") else { return nil }
                i += 1
            }
        }
        skipSpace()
        return i == bytes.count ? items : nil
    }

    /// Where the item starting at `start` ends: after its closing bracket or quote, or at the `,` or `]` (or space)
    /// after a scalar; `nil` when the file ends inside it.
    private static func itemEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var i = start
        while i < bytes.count {
            let c = bytes[i]
            if inString {
                if c == UInt8(ascii: "\\") {
                    i += 1
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return i + 1 }
                }
            } else {
                switch c {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return i }
                    depth -= 1
                    if depth == 0 { return i + 1 }
                case UInt8(ascii: ","), 32, 9, 10, 13:
                    if depth == 0 { return i }
                default: break
                }
            }
            i += 1
        }
        return nil
    }
}
