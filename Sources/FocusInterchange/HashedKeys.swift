/// A set of strings held as hashes of 12 bytes, each with the roles it has in an import (an identity read, an id
/// taken): the keys of a million sessions in about 16 MiB, where `Set<String>`s of them took several times that.
///
/// Two strings are one key when they are equal as `String`s (canonical equivalence, as in a `Set<String>`): the
/// hash is `Hasher`'s of the `String`, twice, seeded apart. The keys are spread over 256 tables by 8 of its bits,
/// and a table's slot holds 93 more (the other two bits are the roles'): 101 bits compared, so two of a million
/// different keys share one with a chance of about 2⁻⁶². Each table is grown on its own, by a quarter, so growing
/// never holds two copies of all of them, and the tables stay between 68% and 85% full.
struct HashedKeys {
    /// What a key is in an import.
    struct Roles: OptionSet {
        let rawValue: UInt32
        /// The identity of a record read (``ImportPlan/identity(_:)``).
        static let identity = Roles(rawValue: 1)
        /// The id of a session the import adds.
        static let id = Roles(rawValue: 2)
    }

    private var shards = [Shard](repeating: Shard(), count: 256)

    /// Gives `key` `role`: whether it did not have it yet.
    mutating func insert(_ key: String, as role: Roles) -> Bool {
        let (shard, hash) = Self.hash(key)
        return shards[shard].insert(hash, role.rawValue)
    }

    /// Whether `key` has `role`.
    func contains(_ key: String, as role: Roles) -> Bool {
        let (shard, hash) = Self.hash(key)
        return shards[shard].roles(of: hash) & role.rawValue != 0
    }

    /// `key`'s table, and what its slot holds: `high` never 0 (an empty slot), `low` with its two low bits clear
    /// (the roles').
    private static func hash(_ key: String) -> (shard: Int, Hash) {
        var first = Hasher()
        first.combine(key)
        var second = Hasher()
        second.combine(0x9E37_79B9_7F4A_7C15 as UInt64)
        second.combine(key)
        let a = UInt64(UInt(bitPattern: first.finalize()))
        let b = UInt64(UInt(bitPattern: second.finalize()))
        // The table is told by `a`'s top byte: the slot holds `a`'s other bits, and a byte of `b` in their place.
        return (Int(a >> 56), Hash(high: a << 8 | b & 0xFF | 1, low: UInt32(truncatingIfNeeded: b >> 32) & ~3))
    }

    /// What a slot holds of a key's hash.
    private struct Hash {
        let high: UInt64
        let low: UInt32
    }

    /// An open-addressing table of hashes, a slot in two arrays (the high words; the low words with the roles).
    private struct Shard {
        var highs: [UInt64] = []
        var lows: [UInt32] = []
        var count = 0

        var capacity: Int { highs.count }

        /// The slot of `hash`, or the empty slot where it goes.
        private func slot(of hash: Hash) -> Int {
            var i = Int((UInt64(hash.low) << 32).multipliedFullWidth(by: UInt64(capacity)).high)
            while highs[i] != 0, highs[i] != hash.high || lows[i] & ~3 != hash.low {
                i = i + 1 == capacity ? 0 : i + 1
            }
            return i
        }

        func roles(of hash: Hash) -> UInt32 {
            guard count > 0 else { return 0 }
            let i = slot(of: hash)
            return highs[i] == 0 ? 0 : lows[i] & 3
        }

        mutating func insert(_ hash: Hash, _ role: UInt32) -> Bool {
            // At most 85% full: a table a quarter bigger takes the keys over.
            if 20 * (count + 1) > 17 * capacity { grow() }
            let i = slot(of: hash)
            if highs[i] == 0 {
                highs[i] = hash.high
                lows[i] = hash.low | role
                count += 1
                return true
            }
            guard lows[i] & role == 0 else { return false }
            lows[i] |= role
            return true
        }

        private mutating func grow() {
            let (oldHighs, oldLows) = (highs, lows)
            let capacity = max(16, self.capacity * 5 / 4)
            highs = [UInt64](repeating: 0, count: capacity)
            lows = [UInt32](repeating: 0, count: capacity)
            for (high, low) in zip(oldHighs, oldLows) where high != 0 {
                let j = slot(of: Hash(high: high, low: low & ~3))
                highs[j] = high
                lows[j] = low
            }
        }
    }
}
