/// "Did you mean": the closest candidate within a small edit distance.
public enum Suggestion {
    /// The candidate nearest to `word`, if one is close enough to be a likely typo (or starts with `word`).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0)) }.filter {
            $0.1 <= max(1, min(2, word.count - 2)) || $0.0.hasPrefix(word) && !word.isEmpty
        }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
