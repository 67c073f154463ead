import ContractSpec

/// The documented paths nearest to a request's path, for the "nearest:" hint of a route-not-found
/// violation, found through an index so that a contract of tens of thousands of paths answers in
/// microseconds.
///
/// How different a template is from a request's segments: literal segments by edit distance (over Unicode
/// scalars), a variable segment nothing (one for an empty segment), each missing template segment its
/// length in characters (four for a variable), each extra request segment its length (at least one).
/// Templates are arranged in a tree by segment, the literal children of each node in a `NameIndex`, so the
/// search follows only the literal children within the distance still allowed. It asks for every template
/// at most 0, 1, 2, 4, 8, … away until three are found: that finds the same three as measuring every
/// template, least different first and, of equally different ones, the first documented.
final class NearestPaths: Sendable {
    /// How many paths a hint names.
    static let count = 3

    private final class Node: Sendable {
        let literals: [String: Node]
        let literalNames: NameIndex
        /// The child for a variable segment: every variable segment counts the same, whatever its pieces.
        let variable: Node?
        /// The templates that end here, by their position in the routing table's entries.
        let entries: [Int]
        /// The children with what reaching them costs when the request has no segments left (a literal's
        /// length, four for a variable) plus their own `leastTail`, cheapest first.
        let tails: [(cost: Int, node: Node)]
        /// The least a request with no segments left pays from here to a template's end.
        let leastTail: Int

        init(_ draft: Draft) {
            let literals = draft.literals.mapValues(Node.init)
            self.literals = literals
            literalNames = NameIndex(literals.keys)
            variable = draft.variable.map(Node.init)
            entries = draft.entries
            var tails = literals.map { (cost: max($0.key.count, 1) + $0.value.leastTail, node: $0.value) }
            if let variable { tails.append((4 + variable.leastTail, variable)) }
            tails.sort { $0.cost < $1.cost }
            self.tails = tails
            leastTail = entries.isEmpty ? (tails.first?.cost ?? 0) : 0
        }
    }

    private final class Draft {
        var literals: [String: Draft] = [:]
        var variable: Draft?
        var entries: [Int] = []
    }

    private let root: Node
    /// The most any template's own segments can cost (each literal its length, each variable four): with the
    /// request's length, a distance no template exceeds.
    private let largestTemplateCost: Int
    private let texts: [String]

    /// An index of `templates`; suggestions name them by `text`.
    init(templates: [PathTemplate]) {
        let draft = Draft()
        var largest = 0
        for (position, template) in templates.enumerated() {
            var node = draft
            var cost = 0
            for segment in template.segments {
                switch segment {
                case .literal(let literal):
                    let child = node.literals[literal] ?? Draft()
                    node.literals[literal] = child
                    node = child
                    cost += max(literal.count, 1)
                case .template:
                    let child = node.variable ?? Draft()
                    node.variable = child
                    node = child
                    cost += 4
                }
            }
            node.entries.append(position)
            largest = max(largest, cost)
        }
        root = Node(draft)
        largestTemplateCost = largest
        texts = templates.map(\.text)
    }

    /// Up to three templates nearest to the request, least different first; `candidates` are the request's
    /// segments (decoded) after each server that matched, and a template counts with its distance to the
    /// closest of them.
    func nearest(to candidates: [[String]]) -> [String] {
        let searches = candidates.map(Search.init)
        let most = largestTemplateCost + (searches.map(\.extraCost).max() ?? 0)
        var limit = 0
        while true {
            var found: [Int: Int] = [:]
            for search in searches {
                search.collect(root, depth: 0, cost: 0, limit: limit) { entry, distance in
                    found[entry] = min(found[entry] ?? distance, distance)
                }
            }
            if found.count >= Self.count || limit == .max {
                let ranked = found.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
                return ranked.prefix(Self.count).map { texts[$0.key] }
            }
            // Past the most a template can cost, the last round takes every template (a segment's scalars
            // may outnumber its characters, which the costs count).
            limit = limit >= most ? .max : max(limit * 2, 1)
        }
    }

    /// One candidate's segments, with what its extra segments cost from each depth on.
    private struct Search {
        let segments: [String]
        /// `extraCosts[depth]`: what the segments from `depth` on cost when a template ends before them.
        let extraCosts: [Int]

        init(_ segments: [String]) {
            self.segments = segments
            var costs = [0]
            for segment in segments.reversed() { costs.append(costs[costs.count - 1] + max(segment.count, 1)) }
            extraCosts = costs.reversed()
        }

        var extraCost: Int { extraCosts[0] }

        /// Hands every template below `node` at most `limit` away to `found`, with its distance.
        func collect(_ node: Node, depth: Int, cost: Int, limit: Int, _ found: (Int, Int) -> Void) {
            guard depth < segments.count else {
                collectTails(node, cost: cost, limit: limit, found)
                return
            }
            let extra = cost + extraCosts[depth]
            if extra <= limit { for entry in node.entries { found(entry, extra) } }
            let segment = segments[depth]
            if let variable = node.variable {
                let variableCost = cost + (segment.isEmpty ? 1 : 0)
                if variableCost <= limit {
                    collect(variable, depth: depth + 1, cost: variableCost, limit: limit, found)
                }
            }
            for (name, distance) in node.literalNames.names(near: segment, atMost: limit - cost) {
                guard let child = node.literals[name] else { continue }
                collect(child, depth: depth + 1, cost: cost + distance, limit: limit, found)
            }
        }

        /// The templates below `node` when the request has no segments left: each remaining segment costs.
        private func collectTails(_ node: Node, cost: Int, limit: Int, _ found: (Int, Int) -> Void) {
            guard cost + node.leastTail <= limit else { return }
            for entry in node.entries { found(entry, cost) }
            for (tailCost, child) in node.tails {
                // Cheapest first: once one is over the limit, so are the rest.
                guard cost + tailCost <= limit else { break }
                collectTails(child, cost: cost + tailCost - child.leastTail, limit: limit, found)
            }
        }
    }
}
