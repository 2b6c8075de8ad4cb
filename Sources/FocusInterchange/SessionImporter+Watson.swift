import FocusJournal
import FocusModels
import FoundationEssentials

/// Watson's `frames` file.
extension SessionImporter {
    /// One frame of Watson's `frames` file: `[start, stop, project, id, tags, updated_at]`.
    struct WatsonFrame: Decodable {
        let start: Int, stop: Int, project: String, id: String, tags: [String], updatedAt: Int?

        init(start: Int, stop: Int, project: String, id: String, tags: [String], updatedAt: Int?) {
            self.start = start
            self.stop = stop
            self.project = project
            self.id = id
            self.tags = tags
            self.updatedAt = updatedAt
        }

        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            start = try Self.seconds(c.decode(Double.self), in: c)
            stop = try Self.seconds(c.decode(Double.self), in: c)
            project = try c.decode(String.self)
            id = try c.decode(String.self)
            tags = (try? c.decode([String].self)) ?? []
            updatedAt = (try? c.decode(Double.self)).flatMap { Int(exactly: $0.rounded(.down)) }
        }

        /// A Unix time as whole seconds; one no `Int` can hold (1e300) is a bad frame, not a crash.
        private static func seconds(_ value: Double, in c: UnkeyedDecodingContainer) throws -> Int {
            guard let whole = Int(exactly: value.rounded(.down)) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "\(value) is not a time")
            }
            return whole
        }
    }

    /// A frame that does not decode, kept apart so one bad frame skips only itself.
    struct Lenient<T: Decodable>: Decodable {
        let value: Result<T, any Error>
        init(from decoder: any Decoder) throws {
            do { value = .success(try T(from: decoder)) } catch { value = .failure(error) }
        }
    }

    /// Reads Watson's frames into `out`: with ``WatsonFrames`` when the whole file has Watson's own shape (checked
    /// first, so that no frame reaches `out` before the general decoder reads the file again), else with the general
    /// decoder (always without `fastPath`: the reference the fast reader is tested against). `false` when the second
    /// pass does not read what the first did (the file changed in between).
    static func watson(
        _ input: ImportInput, fastPath: Bool = true, progress: Progress? = nil, into out: inout some Sink
    ) -> Bool {
        var index = 0
        if fastPath,
            WatsonFrames.parse(
                input.bytes,
                { _, offset in
                    index += 1
                    if index % 4096 == 0 { input.read(upTo: offset) }
                })
        {
            let checked = index
            index = 0
            let read = WatsonFrames.parse(input.bytes) { frame, offset in
                tick(progress, index, input: input, offset: offset)
                add(frame, index: index, to: &out)
                index += 1
            }
            return read && index == checked
        }
        // `nil` for a frame that does not decode.
        let frames: [WatsonFrame?]
        do {
            frames = try JSONDecoder().decode([Lenient<WatsonFrame>].self, from: Data(input.bytes)).map {
                try? $0.value.get()
            }
        } catch {
            out.skip(Skipped(place: "frames", reason: "not a Watson frames file (a JSON list of frames)"))
            return true
        }
        for (index, frame) in frames.enumerated() {
            tick(progress, index, frames.count)
            guard let f = frame else {
                out.skip(
                    Skipped(
                        place: "frames[\(index)]", reason: "not a frame [start, stop, project, id, tags, updated_at]"))
                continue
            }
            add(f, index: index, to: &out)
        }
        return true
    }

    /// Adds the session of frame `index`.
    private static func add(_ f: WatsonFrame, index: Int, to out: inout some Sink) {
        let tags = (f.project.isEmpty ? [] : [f.project]) + f.tags.filter { $0 != "abandoned" }
        let log = session(
            id: f.id, start: f.start, end: f.stop, completed: !f.tags.contains("abandoned"), tags: tags, note: nil,
            origin: FocusLog.Origin(key: "watson:" + f.id, revision: f.updatedAt.map(String.init)))
        add(log, place: "frames[\(index)]", to: &out)
    }
}
