/// Levenshtein distance over Unicode scalars, for "did you mean" suggestions and nearest paths.
package enum EditDistance {
    /// The distance between two strings.
    package static func between(_ lhs: String, _ rhs: String) -> Int {
        between(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars), atMost: .max) ?? .max
    }

    /// The distance between two strings when it is at most `limit`, else `nil`. Cheap when the strings
    /// are far apart: lengths that differ by more than `limit` are not compared at all, and the
    /// comparison stops at the first row of the table whose every entry is over `limit`.
    package static func between(_ lhs: String, _ rhs: String, atMost limit: Int) -> Int? {
        between(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars), atMost: limit)
    }

    /// The candidate nearest to `name`, at most `limit` away; of equally near ones, the first in the
    /// order of their Unicode scalars, so the answer does not depend on the order of `candidates` (often
    /// a dictionary's keys). For many names asked about more than once, keep a `NameIndex`.
    package static func nearest(to name: String, among candidates: some Sequence<String>, atMost limit: Int) -> String?
    {
        NameIndex(candidates).nearest(to: name, atMost: limit)
    }

    /// The table is filled with plain index loops: in a debug build, where `swift test` runs it, iterator
    /// adaptors such as `enumerated()` cost several times the arithmetic.
    private static func between(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], atMost limit: Int) -> Int? {
        guard abs(left.count - right.count) <= limit else { return nil }
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        let width = right.count + 1
        var previous = Array(0..<width)
        var current = Array(repeating: 0, count: width)
        var row = 0
        while row < left.count {
            let letter = left[row]
            current[0] = row + 1
            var rowMinimum = current[0]
            var column = 1
            while column < width {
                let substitution = previous[column - 1] + (letter == right[column - 1] ? 0 : 1)
                let cell = min(previous[column] + 1, current[column - 1] + 1, substitution)
                current[column] = cell
                if cell < rowMinimum { rowMinimum = cell }
                column += 1
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
            row += 1
        }
        return previous[right.count] <= limit ? previous[right.count] : nil
    }
}
