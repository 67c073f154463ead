import ContractJSON

/// What the streaming validator decides about an object or array before reading it: which
/// structural checks its schemas file (through `allOf` and `$ref`), whether a schema rejects it
/// by type or needs it built, and its `oneOf`/`anyOf` checks, tried from a bookmark.
extension StreamingValidator {
    /// How far `expand` got with one schema of a container.
    enum Expansion {
        case streamed, invalid, needsValue
    }

    /// What `prepare` left to do for a container.
    enum Preparation {
        /// Read it, applying the checks filed from the mark on.
        case read
        /// Nothing: the container has been read (or skipped) and this is the verdict.
        case decided(Bool)
    }

    /// Files the checks of `frames[set]` for the container at the reader's offset, of the type
    /// `typeBit`, and decides what can be decided before reading it: a schema that rejects it
    /// outright, one that needs it built, and its `oneOf`/`anyOf` checks.
    mutating func prepare(_ reader: inout JSONByteReader, _ set: Range<Int>, typeBit: UInt8)
        throws(JSONParseError) -> Preparation
    {
        let checks = structural.count
        switch expand(set, typeBit: typeBit) {
        case .streamed: break
        case .invalid:
            if consumesRest { try reader.skipValue() }
            return .decided(false)
        case .needsValue:
            structural.truncate(to: checks)
            return .decided(try validateBuilt(&reader, set))
        }
        var choices = 0
        for index in checks..<structural.count {
            if case .choice = structural[index] { choices += 1 }
        }
        guard choices > 0 else { return .read }
        let (holds, end) = try choicesHold(&reader, from: checks)
        guard holds, let end else {
            if consumesRest { try reader.skipValue() }
            return .decided(false)
        }
        // A branch that held read the whole container; with nothing else to check, it is done.
        guard choices == structural.count - checks else { return .read }
        reader.rewind(to: end)
        return .decided(true)
    }

    /// Decides the `oneOf`/`anyOf` checks filed from `checks` on by trying each branch on the
    /// container at the reader's offset, moving the reader back after each: a branch that fails
    /// stops where it fails (in the commonest shape, a list of items told apart by a `type`
    /// member, at that member), so the container is read about once, not built. Returns the
    /// reader's place after the container, as a branch that held left it.
    private mutating func choicesHold(_ reader: inout JSONByteReader, from checks: Int) throws(JSONParseError) -> (
        holds: Bool, end: JSONByteReader.Bookmark?
    ) {
        let start = reader.bookmark()
        var end: JSONByteReader.Bookmark?
        let consumes = consumesRest
        consumesRest = false
        defer { consumesRest = consumes }
        for index in checks..<structural.count {
            guard case .choice(let choice, let childDepth) = structural[index] else { continue }
            let exactlyOne = choice.exactlyOne
            var matches = 0
            for branch in choice.nodes {
                let first = frames.count
                frames.append(Frame(node: branch, depth: childDepth))
                let valid = try validate(&reader, first..<first + 1)
                frames.truncate(to: first)
                if valid {
                    matches += 1
                    end = reader.bookmark()
                }
                reader.rewind(to: start)
                if matches > 1 || (matches == 1 && !exactlyOne) { break }
            }
            guard exactlyOne ? matches == 1 : matches > 0 else { return (false, end) }
        }
        return (true, end)
    }

    /// Files the structural checks of every schema in `frames[set]` for a container of the type
    /// `typeBit`, from `structural`'s top.
    private mutating func expand(_ set: Range<Int>, typeBit: UInt8) -> Expansion {
        for index in set {
            let frame = frames[index]
            let expansion = expand(frame.node, depth: frame.depth, typeBit: typeBit)
            if expansion != .streamed { return expansion }
        }
        return .streamed
    }

    /// Files the structural checks of `node`, which the tree would evaluate at `depth`, and of the
    /// `allOf` and `$ref` targets it holds, for a container of the type `typeBit`.
    private mutating func expand(_ node: SchemaNode, depth: Int, typeBit: UInt8) -> Expansion {
        guard depth < state.maximumDepth, node.acceptedTypes & typeBit != 0 else { return .invalid }
        // Where a schema leads back to itself, the tree's walk is cut for the value (`SchemaNode.cutsLoops`).
        if node.cutsLoops { return .needsValue }
        let isObject = typeBit == TypeMask.object
        let childDepth = depth + 1
        for index in 0..<node.checkCount {
            switch node.streamingRole(ofCheck: index) {
            case .needsValue:
                return .needsValue
            case .scalarOnly:
                break
            case .properties(let properties):
                if isObject { structural.append(.properties(properties, childDepth: childDepth)) }
            case .required(let required):
                if isObject { structural.append(.required(required)) }
            case .count(let count):
                if count.countsProperties == isObject { structural.append(.count(count)) }
            case .items(let items):
                if !isObject { structural.append(.items(items, childDepth: childDepth)) }
            case .allOf(let allOf):
                for child in allOf.nodes.indices {
                    let expansion = expand(allOf.nodes[child], depth: childDepth, typeBit: typeBit)
                    if expansion != .streamed { return expansion }
                }
            case .choice(let choice):
                structural.append(.choice(choice, childDepth: childDepth))
            case .reference(let reference):
                let expansion = expand(reference.target, depth: childDepth, typeBit: typeBit)
                if expansion != .streamed { return expansion }
            }
        }
        return .streamed
    }
}
