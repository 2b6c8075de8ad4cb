/// A fast reader for Watson's `frames` file as Watson writes it: an optimisation of the general JSON decoder in
/// ``SessionImporter``, not a second set of rules.
///
/// A JSON list of frames `[start, stop, "project", "id", ["tag", …], updated_at]`, whole numbers of at most 15
/// digits, strings without escapes or control characters, any JSON white space between. Any other shape (an escape,
/// a fraction, a frame with more or fewer values, a file that is not valid UTF-8) returns `nil`, and the caller uses
/// the general decoder, which reads it the same way or says why it cannot.
enum WatsonFrames {
    /// Calls `body` with each frame as it is read, and the offset of the byte after it: no list of a million frames
    /// is held. `false` when the file is not of that shape (then `body` may have seen some of its frames).
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (SessionImporter.WatsonFrame, _ offset: Int) -> Void
    ) -> Bool {
        var r = Reader(p: bytes)
        guard r.take(UInt8(ascii: "[")) else { return false }
        if r.take(UInt8(ascii: "]")) { return r.atEnd }
        repeat {
            guard let frame = r.frame() else { return false }
            body(frame, r.i)
        } while r.take(UInt8(ascii: ","))
        return r.take(UInt8(ascii: "]")) && r.atEnd
    }

    private struct Reader {
        let p: UnsafeBufferPointer<UInt8>
        var i = 0

        init(p: UnsafeBufferPointer<UInt8>) { self.p = p }

        mutating func skipSpace() {
            while i < p.count, p[i] == 32 || p[i] == 10 || p[i] == 13 || p[i] == 9 { i += 1 }
        }

        /// Takes `byte` after any white space.
        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard i < p.count, p[i] == byte else { return false }
            i += 1
            return true
        }

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return i == p.count
            }
        }

        mutating func frame() -> SessionImporter.WatsonFrame? {
            guard take(UInt8(ascii: "[")), let start = number(), take(UInt8(ascii: ",")), let stop = number(),
                take(UInt8(ascii: ",")), let project = string(), take(UInt8(ascii: ",")), let id = string(),
                take(UInt8(ascii: ",")), take(UInt8(ascii: "["))
            else { return nil }
            var tags: [String] = []
            if !take(UInt8(ascii: "]")) {
                repeat {
                    guard let tag = string() else { return nil }
                    tags.append(tag)
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { return nil }
            }
            guard take(UInt8(ascii: ",")), let updated = number(), take(UInt8(ascii: "]")) else { return nil }
            return SessionImporter.WatsonFrame(
                start: start, stop: stop, project: project, id: id, tags: tags, updatedAt: updated)
        }

        /// A whole number of 1 to 15 digits, perhaps negative, not followed by a fraction or an exponent.
        mutating func number() -> Int? {
            skipSpace()
            let negative = i < p.count && p[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            let first = i
            var value = 0
            while i < p.count, p[i] >= 48, p[i] <= 57, i - first < 15 {
                value = value * 10 + Int(p[i] - 48)
                i += 1
            }
            // JSON allows no leading zero; a fraction, an exponent or more digits go to the general decoder.
            guard i > first, p[first] != 48 || i == first + 1,
                i == p.count || !(p[i] >= 48 && p[i] <= 57 || p[i] == 46 || p[i] == 101 || p[i] == 69)
            else { return nil }
            return negative ? -value : value
        }

        /// A string without escapes or control characters, valid UTF-8.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let first = i
            while i < p.count, p[i] != 34 {
                guard p[i] != 92, p[i] >= 32 else { return nil }
                i += 1
            }
            guard i < p.count else { return nil }
            defer { i += 1 }
            return String(validating: UnsafeBufferPointer(rebasing: p[first..<i]), as: UTF8.self)
        }
    }
}
