/// A set of strings held as 128-bit hashes, each with the roles it has in an import (an identity read, an id
/// taken): the keys of a million sessions in about 22 MiB, where `Set<String>`s of them took several times that.
///
/// Two strings are one key when they are equal as `String`s (canonical equivalence, as in a `Set<String>`): the
/// hash is `Hasher`'s of the `String`, twice, seeded apart; 125 of its bits are compared, so two of a million
/// different keys share one with a chance of about 2⁻⁸⁵. The keys are spread over 256 tables by their hash, each
/// grown on its own, so growing never holds two copies of all of them.
struct HashedKeys {
    /// What a key is in an import.
    struct Roles: OptionSet {
        let rawValue: UInt64
        /// The identity of a record read (``ImportPlan/identity(_:)``).
        static let identity = Roles(rawValue: 1)
        /// The id of a session the import adds.
        static let id = Roles(rawValue: 2)
    }

    private var shards = [Shard](repeating: Shard(), count: 256)

    /// Gives `key` `role`: whether it did not have it yet.
    mutating func insert(_ key: String, as role: Roles) -> Bool {
        let hash = Self.hash(key)
        return shards[Int(hash.high >> 56)].insert(hash, role.rawValue)
    }

    /// Whether `key` has `role`.
    func contains(_ key: String, as role: Roles) -> Bool {
        let hash = Self.hash(key)
        return shards[Int(hash.high >> 56)].roles(of: hash) & role.rawValue != 0
    }

    /// The two words of `key`'s hash: `high` never 0 (an empty slot), `low` with its two low bits clear (the roles').
    private static func hash(_ key: String) -> (high: UInt64, low: UInt64) {
        var first = Hasher()
        first.combine(key)
        var second = Hasher()
        second.combine(0x9E37_79B9_7F4A_7C15 as UInt64)
        second.combine(key)
        return (
            UInt64(UInt(bitPattern: first.finalize())) | 1, UInt64(UInt(bitPattern: second.finalize())) & ~3
        )
    }

    /// An open-addressing table of hashes, two words a slot (the high word, then the low word with the roles).
    private struct Shard {
        var words: [UInt64] = []
        var count = 0

        var capacity: Int { words.count / 2 }

        /// The slot of `hash`, or the empty slot where it goes.
        private func slot(of hash: (high: UInt64, low: UInt64)) -> Int {
            var i = Int(hash.low.multipliedFullWidth(by: UInt64(capacity)).high)
            while words[2 * i] != 0, words[2 * i] != hash.high || words[2 * i + 1] & ~3 != hash.low {
                i = i + 1 == capacity ? 0 : i + 1
            }
            return i
        }

        func roles(of hash: (high: UInt64, low: UInt64)) -> UInt64 {
            guard count > 0 else { return 0 }
            let i = slot(of: hash)
            return words[2 * i] == 0 ? 0 : words[2 * i + 1] & 3
        }

        mutating func insert(_ hash: (high: UInt64, low: UInt64), _ role: UInt64) -> Bool {
            // At most 85% full: a table half again as big takes the keys over.
            if 20 * (count + 1) > 17 * capacity { grow() }
            let i = slot(of: hash)
            if words[2 * i] == 0 {
                words[2 * i] = hash.high
                words[2 * i + 1] = hash.low | role
                count += 1
                return true
            }
            guard words[2 * i + 1] & role == 0 else { return false }
            words[2 * i + 1] |= role
            return true
        }

        private mutating func grow() {
            let old = words
            words = [UInt64](repeating: 0, count: 2 * max(16, capacity * 3 / 2))
            for i in stride(from: 0, to: old.count, by: 2) where old[i] != 0 {
                let j = slot(of: (old[i], old[i + 1] & ~3))
                words[2 * j] = old[i]
                words[2 * j + 1] = old[i + 1]
            }
        }
    }
}
