/// Levenshtein distance, for "did you mean" suggestions in messages.
package enum EditDistance {
    package static func between(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = Array(repeating: 0, count: right.count + 1)
        for (i, leftScalar) in left.enumerated() {
            current[0] = i + 1
            for (j, rightScalar) in right.enumerated() {
                let substitution = previous[j] + (leftScalar == rightScalar ? 0 : 1)
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
