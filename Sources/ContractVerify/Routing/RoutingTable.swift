import ContractJSON
import ContractSpec

// Memory safety: `compare` reads a segment's bytes (lent for the call) only at offsets below a name whose
// count equals the segment's.

/// Path templates arranged in a tree by segment, built once: a request's segments walk it literal
/// children first, so a concrete path (`/pets/mine`) wins over a templated one (`/pets/{petId}`) at the
/// first segment where they differ.
struct RoutingTable: Sendable {
    /// The operations of one path template, by method.
    struct PathEntry: Sendable {
        let template: PathTemplate
        var methods: [(method: String, index: Int)]
    }

    /// A node of the finished, immutable tree.
    private final class Node: Sendable {
        let literals: [String: Node]
        /// The literal children by their UTF-8 bytes, when every name is ASCII and there are few: an
        /// ASCII segment without escapes is then compared byte by byte, with neither a decoded copy nor
        /// a hash (ASCII text equals only itself, so the verdict is the dictionary's).
        let asciiLiterals: [(name: [UInt8], node: Node)]?
        let templates: [(pieces: [PathTemplate.Piece], node: Node)]
        let entry: Int?

        init(_ draft: Draft) {
            let literals = draft.literals.mapValues(Node.init)
            let isSmallAndASCII = literals.count <= 8 && literals.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            self.literals = literals
            asciiLiterals = isSmallAndASCII ? literals.map { (Array($0.key.utf8), $0.value) } : nil
            templates = draft.templates.map { ($0.pieces, Node($0.node)) }
            entry = draft.entry
        }

        /// The literal child named by segment `number` once percent-decoded.
        func literal(_ segments: PathSegments, _ number: Int) -> Node? {
            if let asciiLiterals, let verdict = segments.withBytes(of: number, { Self.compare($0, asciiLiterals) }) {
                switch verdict {
                case .found(let node): return node
                case .absent: return nil
                case .undecided: break
                }
            }
            return literals[URLDecoding.lenient(segments.substring(number))]
        }

        private enum Verdict {
            case found(Node)
            case absent
            /// Escapes need decoding, and non-ASCII text is compared as Swift compares strings.
            case undecided
        }

        private static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ names: [(name: [UInt8], node: Node)])
            -> Verdict
        {
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) else { return .undecided }
            // By index, and the bytes compared in one loop: iterating the pairs copied each name and node,
            // and the generic `elementsEqual` stepped two iterators byte by byte.
            for index in names.indices where names[index].name.count == bytes.count {
                let same = names[index].name.withUnsafeBufferPointer { name in
                    var offset = 0
                    while offset < name.count, name[offset] == bytes[offset] { offset += 1 }
                    return offset == name.count
                }
                if same { return .found(names[index].node) }
            }
            return .absent
        }
    }

    /// A node while the tree is built.
    private final class Draft {
        var literals: [String: Draft] = [:]
        var templates: [(pieces: [PathTemplate.Piece], node: Draft)] = []
        var entry: Int?
    }

    private let root: Node
    private(set) var entries: [PathEntry] = []
    /// The index of `nearest`, made when first needed.
    private let nearestPaths = Locked<NearestPaths?>(nil)

    /// Builds the tree from operations (their positions are the indexes matches report).
    init(operations: [Spec.Operation]) {
        let draft = Draft()
        var entryByText: [String: Int] = [:]
        for (index, operation) in operations.enumerated() {
            let text = operation.template.text
            if let existing = entryByText[text] {
                entries[existing].methods.append((operation.method, index))
                continue
            }
            var node = draft
            for segment in operation.template.segments {
                switch segment {
                case .literal(let literal):
                    let child = node.literals[literal] ?? Draft()
                    node.literals[literal] = child
                    node = child
                case .template(let pieces):
                    if let existing = node.templates.first(where: { $0.pieces == pieces }) {
                        node = existing.node
                    } else {
                        let child = Draft()
                        node.templates.append((pieces, child))
                        node = child
                    }
                }
            }
            if node.entry == nil {
                node.entry = entries.count
                entryByText[text] = entries.count
                entries.append(PathEntry(template: operation.template, methods: [(operation.method, index)]))
            } else if let existing = node.entry {
                // Same shape, other variable names (a lint error): the first declared wins.
                entryByText[text] = existing
                entries[existing].methods.append((operation.method, index))
            }
        }
        root = Node(draft)
    }

    /// The entry the path segments `numbers` (after the server's base path) match, by its position in
    /// `entries`, with its raw variables. A position, not the entry: a copy of the entry retained its
    /// template's parts.
    ///
    /// The first entry in matching order (literal segments before templates, templates in the order
    /// declared) that `accepts` (has the request's method); else the first that matches at all, for a 405.
    /// Two templates of one shape with other variable names (Mistral's `/connectors/{connector_id_or_name}`
    /// for `GET`, `/connectors/{connector_id}` for `PATCH` and `DELETE`) each get their own methods.
    func lookup(_ segments: PathSegments, _ numbers: Range<Int>, accepts: (Int) -> Bool) -> (
        entry: Int, variables: [String: Substring]
    )? {
        var variables: [(name: String, value: Substring)] = []
        var fallback: (entry: Int, variables: [(name: String, value: Substring)])?
        let index: Int
        if let accepted = walk(root, segments, numbers, &variables, accepts, &fallback) {
            index = accepted
        } else if let fallback {
            index = fallback.entry
            variables = fallback.variables
        } else {
            return nil
        }
        // Most paths have no variables: an empty dictionary allocates nothing.
        let byName = variables.isEmpty ? [:] : Dictionary(variables, uniquingKeysWith: { first, _ in first })
        return (index, byName)
    }

    private func walk(
        _ node: Node, _ segments: PathSegments, _ numbers: Range<Int>,
        _ variables: inout [(name: String, value: Substring)], _ accepts: (Int) -> Bool,
        _ fallback: inout (entry: Int, variables: [(name: String, value: Substring)])?
    ) -> Int? {
        guard let number = numbers.first else {
            guard let entry = node.entry else { return nil }
            if accepts(entry) { return entry }
            if fallback == nil { fallback = (entry, variables) }
            return nil
        }
        let rest = numbers.dropFirst()
        if let child = node.literal(segments, number),
            let found = walk(child, segments, rest, &variables, accepts, &fallback)
        {
            return found
        }
        // A template needs the segment as text; most nodes have none.
        guard !node.templates.isEmpty else { return nil }
        let segment = segments.substring(number)
        for (pieces, child) in node.templates {
            guard let captured = TemplateMatcher.match(pieces[...], segment) else { continue }
            let mark = variables.count
            variables.append(contentsOf: captured)
            if let found = walk(child, segments, rest, &variables, accepts, &fallback) { return found }
            variables.removeSubrange(mark...)
        }
        return nil
    }

    /// Up to three documented paths closest to the request's path, least different first (of equally
    /// different ones, the first documented); `candidates` are the path's segments after each server that
    /// matched. The index is made on the first request that needs it: most verifiers never do.
    func nearest(to candidates: [[Substring]]) -> [String] {
        let index = nearestPaths.withLock { index in
            if let index { return index }
            let made = NearestPaths(templates: entries.map(\.template))
            index = made
            return made
        }
        return index.nearest(to: candidates.map { $0.map { URLDecoding.lenient($0) } })
    }
}
