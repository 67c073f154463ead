/// A set of names arranged as a trie, for "did you mean": the name nearest to a misspelt one (by edit
/// distance over Unicode scalars) is found by walking the trie with one row of the edit-distance table
/// per letter and leaving every branch whose row is already over the limit. Names that share a prefix
/// share its rows, so a misspelling among twenty thousand similar names visits a few thousand nodes
/// instead of filling a table for every name.
package struct NameIndex: Sendable {
    /// Per node: the letter that leads to it, its children (in the order of their letters) and the name
    /// that ends there. Node 0 is the root.
    private var letters: [Unicode.Scalar] = ["\u{0}"]
    private var children: [[Int]] = [[]]
    private var names: [String?] = [nil]

    /// An index of `names`.
    package init(_ names: some Sequence<String>) {
        for name in names { insert(name) }
    }

    private mutating func insert(_ name: String) {
        var node = 0
        for scalar in name.unicodeScalars {
            let siblings = children[node]
            if let existing = siblings.first(where: { letters[$0] == scalar }) {
                node = existing
                continue
            }
            let child = letters.count
            letters.append(scalar)
            children.append([])
            names.append(nil)
            let place = siblings.firstIndex { letters[$0].value > scalar.value } ?? siblings.count
            children[node].insert(child, at: place)
            node = child
        }
        names[node] = name
    }

    /// The name nearest to `name`, at most `limit` away; of equally near names, the first in the order
    /// of their Unicode scalars.
    package func nearest(to name: String, atMost limit: Int) -> String? {
        var best: String?
        // A name found at distance d is beaten only by a nearer one: names after it in scalar order
        // lose ties, because the walk meets names in that order.
        visitNames(near: name, atMost: limit) { word, distance in
            best = word
            return distance - 1
        }
        return best
    }

    /// Every name at most `limit` away from `name`, with its distance, in the order of their Unicode scalars.
    package func names(near name: String, atMost limit: Int) -> [(name: String, distance: Int)] {
        var found: [(name: String, distance: Int)] = []
        visitNames(near: name, atMost: limit) { word, distance in
            found.append((word, distance))
            return limit
        }
        return found
    }

    /// Walks the names at most `limit` away from `name`, in the order of their Unicode scalars, handing each
    /// to `visit` with its distance; `visit` returns the limit for the rest of the walk (a search for the
    /// few nearest lowers it as it finds them, and the walk then leaves the branches it no longer needs).
    ///
    /// Depth first, so the rows of the nodes on the current path are all a node needs: they live in one
    /// buffer, the row of depth `d` at `rows[d * width ..< (d + 1) * width]`, which a node overwrites only
    /// after every descendant of the previous node at its depth is done (a row allocated per node made the
    /// walk over twenty thousand paths cost milliseconds).
    package func visitNames(near name: String, atMost limit: Int, _ visit: (String, Int) -> Int) {
        let target = Array(name.unicodeScalars)
        let width = target.count + 1
        var bound = limit
        if let word = names[0], target.count <= bound {
            bound = visit(word, target.count)
        }
        var rows = Array(0...target.count)
        var pending: [(node: Int, depth: Int)] = children[0].reversed().map { ($0, 1) }
        while let (node, depth) = pending.popLast() {
            let previous = (depth - 1) * width
            let current = depth * width
            if rows.count < current + width {
                rows.append(contentsOf: repeatElement(0, count: current + width - rows.count))
            }
            rows[current] = rows[previous] + 1
            var rowMinimum = rows[current]
            for column in target.indices {
                let substitution = rows[previous + column] + (target[column] == letters[node] ? 0 : 1)
                let cell = min(rows[current + column] + 1, rows[previous + column + 1] + 1, substitution)
                rows[current + column + 1] = cell
                rowMinimum = min(rowMinimum, cell)
            }
            let distance = rows[current + target.count]
            if let word = names[node], distance <= bound {
                bound = visit(word, distance)
            }
            guard rowMinimum <= bound else { continue }
            for child in children[node].reversed() { pending.append((child, depth + 1)) }
        }
    }
}
