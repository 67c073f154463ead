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
///
/// The distance still allowed below a node is what the third nearest found so far costs (the round's limit
/// until three are found), less what the request's later segments cost at the least: each at least its
/// distance to the nearest literal any template has at that position (nothing where one has a variable,
/// its length where one ends before it), and the template segments past the request's end at least the
/// least any template pays there. So a misspelt segment prunes the search before the first.
final class NearestPaths: Sendable {
    /// How many paths a hint names.
    static let count = 3
    /// At most this many answers are remembered: a client that gets a path wrong sends it again and again,
    /// and a recording of it asks for the same nearest paths each time.
    private static let rememberedLimit = 1024

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

    /// What templates have at one segment position, whichever node holds it.
    private struct Position: Sendable {
        /// Every literal segment at this position.
        let literals: NameIndex
        /// Whether a template has a variable segment here.
        let hasVariable: Bool
    }

    private let root: Node
    /// The most any template's own segments can cost (each literal its length, each variable four): with the
    /// request's length, a distance no template exceeds.
    private let largestTemplateCost: Int
    private let texts: [String]
    private let positions: [Position]
    /// `leastTails[depth]`: the least any template's segments from `depth` on cost (nothing for a template
    /// that ends before); past the deepest template, nothing.
    private let leastTails: [Int]
    /// The answers for the candidates asked about last, by candidates.
    private let remembered = Locked<[[[String]]: [String]]>([:])

    /// An index of `templates`; suggestions name them by `text`.
    init(templates: [PathTemplate]) {
        let draft = Draft()
        var largest = 0
        var literalsByPosition: [Set<String>] = []
        var variableByPosition: [Bool] = []
        var segmentCosts: [[Int]] = []
        for (position, template) in templates.enumerated() {
            var node = draft
            var costs: [Int] = []
            for (depth, segment) in template.segments.enumerated() {
                if depth == literalsByPosition.count {
                    literalsByPosition.append([])
                    variableByPosition.append(false)
                }
                switch segment {
                case .literal(let literal):
                    let child = node.literals[literal] ?? Draft()
                    node.literals[literal] = child
                    node = child
                    costs.append(max(literal.count, 1))
                    literalsByPosition[depth].insert(literal)
                case .template:
                    let child = node.variable ?? Draft()
                    node.variable = child
                    node = child
                    costs.append(4)
                    variableByPosition[depth] = true
                }
            }
            node.entries.append(position)
            largest = max(largest, costs.reduce(0, +))
            segmentCosts.append(costs)
        }
        root = Node(draft)
        largestTemplateCost = largest
        texts = templates.map(\.text)
        positions = zip(literalsByPosition, variableByPosition).map {
            Position(literals: NameIndex($0), hasVariable: $1)
        }
        var leastTails = Array(repeating: Int.max, count: literalsByPosition.count + 1)
        leastTails[leastTails.count - 1] = 0
        for costs in segmentCosts {
            var tail = 0
            for depth in stride(from: leastTails.count - 1, through: 0, by: -1) {
                if depth < costs.count { tail += costs[depth] }
                leastTails[depth] = min(leastTails[depth], tail)
            }
        }
        self.leastTails = leastTails
    }

    /// Up to three templates nearest to the request, least different first; `candidates` are the request's
    /// segments (decoded) after each server that matched, and a template counts with its distance to the
    /// closest of them.
    func nearest(to candidates: [[String]]) -> [String] {
        if let known = remembered.withLock({ $0[candidates] }) { return known }
        let found = search(candidates)
        remembered.withLock { answers in
            if answers.count >= Self.rememberedLimit { answers = [:] }
            answers[candidates] = found
        }
        return found
    }

    private func search(_ candidates: [[String]]) -> [String] {
        let searches = candidates.map { Search($0, positions: positions, leastTails: leastTails) }
        let most = largestTemplateCost + (searches.map(\.extraCost).max() ?? 0)
        var limit = 0
        while true {
            var ranking = Ranking(limit: limit)
            for search in searches {
                search.collect(root, depth: 0, cost: 0, into: &ranking)
            }
            if ranking.best.count >= Self.count || limit == .max {
                return ranking.best.map { texts[$0.entry] }
            }
            // Past the most a template can cost, the last round takes every template (a segment's scalars
            // may outnumber its characters, which the costs count).
            limit = limit >= most ? .max : max(limit * 2, 1)
        }
    }

    /// The nearest templates found so far, least different first and, of equally different ones, the
    /// first documented; and the distance a template must not exceed to be among them.
    private struct Ranking {
        let limit: Int
        private(set) var best: [(distance: Int, entry: Int)] = []

        init(limit: Int) {
            self.limit = limit
        }

        /// The round's limit until three are found, then the third's distance.
        var bound: Int { best.count < NearestPaths.count ? limit : best[best.count - 1].distance }

        /// Counts a template at `distance` (another server's reading may have found it nearer or farther).
        mutating func add(_ entry: Int, _ distance: Int) {
            if let known = best.firstIndex(where: { $0.entry == entry }) {
                guard distance < best[known].distance else { return }
                best.remove(at: known)
            }
            let place = best.firstIndex { ($0.distance, $0.entry) > (distance, entry) } ?? best.count
            guard place < NearestPaths.count else { return }
            best.insert((distance, entry), at: place)
            if best.count > NearestPaths.count { best.removeLast() }
        }
    }

    /// One candidate's segments, with what its extra segments cost from each depth on and the least its
    /// later segments cost under any template.
    private struct Search {
        let segments: [String]
        /// `extraCosts[depth]`: what the segments from `depth` on cost when a template ends before them.
        let extraCosts: [Int]
        /// `laterCosts[depth]`: the least any template pays for the segments after `depth` and past the
        /// request's end.
        let laterCosts: [Int]

        init(_ segments: [String], positions: [Position], leastTails: [Int]) {
            self.segments = segments
            var costs = [0]
            for segment in segments.reversed() { costs.append(costs[costs.count - 1] + max(segment.count, 1)) }
            extraCosts = costs.reversed()
            var later = Array(repeating: 0, count: segments.count + 1)
            later[segments.count] = segments.count < leastTails.count ? leastTails[segments.count] : 0
            for depth in stride(from: segments.count - 1, through: 0, by: -1) {
                let least = depth + 1 < segments.count ? Self.leastCost(segments[depth + 1], positions, depth + 1) : 0
                later[depth] = later[depth + 1] + least
            }
            laterCosts = later
        }

        /// The least any template pays for `segment` at position `depth`: a variable's cost, the distance to
        /// the nearest literal there, or the segment's length when a template ends before it.
        private static func leastCost(_ segment: String, _ positions: [Position], _ depth: Int) -> Int {
            var least = max(segment.count, 1)
            guard depth < positions.count else { return least }
            if positions[depth].hasVariable { least = min(least, segment.isEmpty ? 1 : 0) }
            guard least > 0 else { return 0 }
            positions[depth].literals.visitNames(near: segment, atMost: least - 1) { _, distance in
                least = distance
                return distance - 1
            }
            return least
        }

        var extraCost: Int { extraCosts[0] }

        /// Hands every template below `node` that may be among the nearest to `ranking`, with its distance.
        func collect(_ node: Node, depth: Int, cost: Int, into ranking: inout Ranking) {
            guard depth < segments.count else {
                collectTails(node, cost: cost, into: &ranking)
                return
            }
            let extra = cost + extraCosts[depth]
            if extra <= ranking.bound { for entry in node.entries { ranking.add(entry, extra) } }
            let segment = segments[depth]
            let later = laterCosts[depth]
            if let variable = node.variable {
                let variableCost = cost + (segment.isEmpty ? 1 : 0)
                if variableCost + later <= ranking.bound {
                    collect(variable, depth: depth + 1, cost: variableCost, into: &ranking)
                }
            }
            let slack = ranking.bound - cost - later
            guard slack >= 0 else { return }
            node.literalNames.visitNames(near: segment, atMost: slack) { name, distance in
                if let child = node.literals[name] {
                    collect(child, depth: depth + 1, cost: cost + distance, into: &ranking)
                }
                return ranking.bound - cost - later
            }
        }

        /// The templates below `node` when the request has no segments left: each remaining segment costs.
        private func collectTails(_ node: Node, cost: Int, into ranking: inout Ranking) {
            guard cost + node.leastTail <= ranking.bound else { return }
            for entry in node.entries { ranking.add(entry, cost) }
            for (tailCost, child) in node.tails {
                // Cheapest first: once one is over the limit, so are the rest.
                guard cost + tailCost <= ranking.bound else { break }
                collectTails(child, cost: cost + tailCost - child.leastTail, into: &ranking)
            }
        }
    }
}
