import ContractJSON

/// `isValid` straight from JSON bytes, reading the instance once and building a `JSONValue` only
/// where a schema needs one.
///
/// Parsing builds every string, member array and element array of the instance and frees them
/// again, which costs more than validating it. Here the objects and arrays whose schemas only
/// ask structural questions (`properties`, `required`, `items`, counts, `type`, through `allOf`
/// and `$ref`) are walked in the bytes: each member's value is checked against the schemas its
/// key selects, a member no schema selects is skipped (syntax checked, nothing built), and the
/// first failure ends the walk. A scalar is built and handed to the ordinary checks. An object or
/// array that any of its schemas needs whole (`enum`, `oneOf`, `unevaluatedProperties`, ...) is
/// built and validated as a tree from there down.
///
/// The verdict is the tree validator's, by construction: a value must satisfy every schema that
/// applies to it (all of them conjunctive here), each at the evaluation depth the tree would reach
/// it at, so the depth limit that stops a `$ref` loop cuts in at the same place.
struct StreamingValidator: ~Copyable {
    /// A schema the value being read must satisfy, and the depth the tree would evaluate it at.
    struct Frame {
        var node: Unmanaged<SchemaNode>
        var depth: Int
    }

    /// A structural check of a container being read (with the depth of the schemas it selects).
    enum Structural {
        case properties(Unmanaged<PropertiesCheck>, childDepth: Int)
        case items(Unmanaged<ItemsCheck>, childDepth: Int)
        case required(Unmanaged<RequiredCheck>)
        case count(Unmanaged<CountCheck>)
        case choice(Unmanaged<ChoiceCheck>, childDepth: Int)
    }

    /// Memory the validator's stacks start in (the caller's stack frame); it must outlive the validator.
    struct Scratch {
        var frames: UnsafeMutableBufferPointer<Frame>
        var structural: UnsafeMutableBufferPointer<Structural>
        var keys: UnsafeMutableBufferPointer<JSONByteReader.MemberKey>
    }

    /// How far `expand` got with one schema of a container.
    private enum Expansion {
        case streamed, invalid, needsValue
    }

    /// What `prepare` left to do for a container.
    private enum Preparation {
        /// Read it, applying the checks filed from the mark on.
        case read
        /// Nothing: the container has been read (or skipped) and this is the verdict.
        case decided(Bool)
    }

    /// Containers nested deeper than this are built and validated as trees, which keeps the
    /// recursion here (a few frames per level) well inside a secondary thread's stack.
    static let maximumStreamedNesting = 64

    private var state: ValidationState
    /// The schemas of every value being read, outermost first; a value's are the last ones pushed.
    private var frames: LentStack<Frame>
    /// The structural checks of the containers being read, innermost last.
    private var structural: LentStack<Structural>
    /// The keys of the objects being read, kept only while some `required` needs them.
    private var keys: LentStack<JSONByteReader.MemberKey>
    /// Whether a failure reads the rest of its value (skipping it) before it is returned: always,
    /// except while a `oneOf`/`anyOf` branch is tried, after which the reader is moved back anyway.
    private var consumesRest = true

    /// A validator whose first value must satisfy `root`, its stacks in `scratch`; `readsToEnd`:
    /// whether a failure still reads the rest of the document (to check it is JSON), or returns at once.
    init(root: SchemaNode, state: ValidationState, scratch: Scratch, readsToEnd: Bool) {
        self.state = state
        self.consumesRest = readsToEnd
        self.frames = LentStack(lending: scratch.frames)
        self.structural = LentStack(lending: scratch.structural)
        self.keys = LentStack(lending: scratch.keys)
        frames.push(Frame(node: .passUnretained(root), depth: 0))
    }

    /// Whether the document's value satisfies the root schema; the reader ends after the value
    /// unless it does not and the validator was made not to read to the end.
    mutating func validateDocument(_ reader: inout JSONByteReader) throws(JSONParseError) -> Bool {
        try validate(&reader, 0..<1)
    }

    /// Whether the value at the reader's offset satisfies every schema in `frames[set]`; the
    /// reader ends after the value either way. After a failure the rest of the value is only
    /// skipped (its syntax checked, nothing built or validated), so that one pass over the
    /// document both decides and checks that it is JSON to its end.
    private mutating func validate(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError) -> Bool {
        if set.isEmpty {
            try reader.skipValue()
            return true
        }
        switch reader.nextValueKind(nestingBelow: Self.maximumStreamedNesting) {
        case .object: return try validateObject(&reader, set)
        case .array: return try validateArray(&reader, set)
        case .other:
            if let verdict = try validateTypeOnly(&reader, set) { return verdict }
            return try validateBuilt(&reader, set)
        }
    }

    /// Decides a scalar whose schemas are all `type` alone (a third of the schemas a body's
    /// members meet, `{"type": "string"}` and the like) from its first byte, and skips it: no
    /// `String` is built for it. `nil` when some schema asks more, or an integer must be told
    /// from other numbers.
    private mutating func validateTypeOnly(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError)
        -> Bool?
    {
        var mask = UInt8.max
        for index in set {
            let frame = frames[index]
            guard frame.depth < state.maximumDepth,
                let leaf = frame.node._withUnsafeGuaranteedRef({ $0.leafMask })
            else { return nil }
            mask &= leaf
        }
        let accepted: Bool
        switch reader.scalarType() {
        case .string: accepted = mask & TypeCheck.string != 0
        case .boolean: accepted = mask & TypeCheck.boolean != 0
        case .null: accepted = mask & TypeCheck.null != 0
        case .number:
            if mask & TypeCheck.number != 0 {
                accepted = true
            } else if mask & TypeCheck.integer != 0 {
                return nil
            } else {
                accepted = false
            }
        case nil: return nil
        }
        try reader.skipValue()
        return accepted
    }

    /// Builds the value and asks each schema's tree validator.
    private mutating func validateBuilt(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError)
        -> Bool
    {
        let value = try reader.readValue()
        for index in set {
            let frame = frames[index]
            state.depth = frame.depth
            if !frame.node.isValid(value, &state) { return false }
        }
        return true
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

    /// Files the checks of `frames[set]` for the container at the reader's offset, of the type
    /// `typeBit`, and decides what can be decided before reading it: a schema that rejects it
    /// outright, one that needs it built, and its `oneOf`/`anyOf` checks.
    private mutating func prepare(_ reader: inout JSONByteReader, _ set: Range<Int>, typeBit: UInt8)
        throws(JSONParseError) -> Preparation
    {
        let checks = structural.count
        switch expand(set, typeBit: typeBit) {
        case .streamed: break
        case .invalid:
            if consumesRest { try reader.skipValue() }
            return .decided(false)
        case .needsValue:
            structural.pop(to: checks)
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
            guard case .choice(let reference, let childDepth) = structural[index] else { continue }
            let (branches, exactlyOne) = reference._withUnsafeGuaranteedRef { ($0.refs, $0.exactlyOne) }
            var matches = 0
            for branch in branches {
                let first = frames.count
                frames.push(Frame(node: branch, depth: childDepth))
                let valid = try validate(&reader, first..<first + 1)
                frames.pop(to: first)
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

    private mutating func validateObject(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError)
        -> Bool
    {
        let checks = structural.count
        let keyMark = keys.count
        defer {
            structural.pop(to: checks)
            keys.pop(to: keyMark)
        }
        if case .decided(let verdict) = try prepare(&reader, set, typeBit: TypeCheck.object) { return verdict }
        var keepsKeys = false
        for index in checks..<structural.count {
            if case .required = structural[index] { keepsKeys = true }
        }
        var count = 0
        var valid = true
        if try reader.openObject() {
            repeat {
                guard valid else {
                    try reader.skipMember()
                    continue
                }
                let key = try reader.readMemberKey()
                count += 1
                let children = frames.count
                var allowed = true
                for index in checks..<structural.count {
                    guard case .properties(let check, let childDepth) = structural[index] else { continue }
                    allowed = selectSchemas(of: key, by: check, childDepth: childDepth)
                    if !allowed { break }
                }
                valid = allowed ? try validate(&reader, children..<frames.count) : false
                frames.pop(to: children)
                guard valid || consumesRest else { return false }
                if !allowed { try reader.skipValue() }
                if keepsKeys { keys.push(key) }
            } while try reader.nextMember()
        }
        guard valid else { return false }
        let objectKeys = keys.top(from: keyMark)
        for index in checks..<structural.count {
            switch structural[index] {
            case .count(let check):
                guard check._withUnsafeGuaranteedRef({ $0.holds(for: count) }) else { return false }
            case .required(let check):
                guard check._withUnsafeGuaranteedRef({ $0.isSatisfied(byKeys: objectKeys, state.context) }) else {
                    return false
                }
            case .properties, .items, .choice:
                continue
            }
        }
        return true
    }

    private mutating func validateArray(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError)
        -> Bool
    {
        let checks = structural.count
        defer { structural.pop(to: checks) }
        if case .decided(let verdict) = try prepare(&reader, set, typeBit: TypeCheck.array) { return verdict }
        var count = 0
        var valid = true
        if try reader.openArray() {
            repeat {
                guard valid else {
                    try reader.skipValue()
                    continue
                }
                let children = frames.count
                for index in checks..<structural.count {
                    guard case .items(let check, let childDepth) = structural[index],
                        let node = check._withUnsafeGuaranteedRef({ $0.node(at: count) })
                    else { continue }
                    frames.push(Frame(node: node, depth: childDepth))
                }
                count += 1
                valid = try validate(&reader, children..<frames.count)
                frames.pop(to: children)
                guard valid || consumesRest else { return false }
            } while try reader.nextElement()
        }
        guard valid else { return false }
        for index in checks..<structural.count {
            guard case .count(let check) = structural[index] else { continue }
            guard check._withUnsafeGuaranteedRef({ $0.holds(for: count) }) else { return false }
        }
        return true
    }

    /// Pushes the schemas a `PropertiesCheck` applies to the member `key`, as the check's own
    /// `isValid` selects them; `false` when the member may not be there at all (a `readOnly`
    /// property in a request, a `writeOnly` one in a response).
    private mutating func selectSchemas(
        of key: JSONByteReader.MemberKey, by check: Unmanaged<PropertiesCheck>, childDepth: Int
    ) -> Bool {
        check._withUnsafeGuaranteedRef { check in
            var matched = false
            if let index = check.table.index(of: key) {
                matched = true
                let node = check.nodes[index]
                if state.context != .none,
                    node._withUnsafeGuaranteedRef({ check.violatesAccess($0, state.context) })
                {
                    return false
                }
                frames.push(Frame(node: node, depth: childDepth))
            }
            if !check.patterns.isEmpty {
                let name = key.string
                for pattern in check.patterns where pattern.regex.firstMatch(in: name, budget: check.budget) == .matched
                {
                    matched = true
                    frames.push(Frame(node: .passUnretained(pattern.node), depth: childDepth))
                }
            }
            if !matched, let additional = check.additional {
                frames.push(Frame(node: .passUnretained(additional), depth: childDepth))
            }
            return true
        }
    }

    /// Files the structural checks of `node`, which the tree would evaluate at `depth`, and of the
    /// `allOf` and `$ref` targets it holds, for a container of the type `typeBit`.
    private mutating func expand(_ reference: Unmanaged<SchemaNode>, depth: Int, typeBit: UInt8) -> Expansion {
        guard depth < state.maximumDepth else { return .invalid }
        return reference._withUnsafeGuaranteedRef { node in
            guard node.acceptedTypes & typeBit != 0 else { return .invalid }
            let isObject = typeBit == TypeCheck.object
            let childDepth = depth + 1
            for check in node.checksBesidesType {
                let expansion = check._withUnsafeGuaranteedRef { check -> Expansion in
                    switch check.streamingRole {
                    case .needsValue:
                        return .needsValue
                    case .scalarOnly:
                        return .streamed
                    case .properties:
                        if isObject {
                            let properties = unsafeDowncast(check, to: PropertiesCheck.self)
                            structural.push(.properties(.passUnretained(properties), childDepth: childDepth))
                        }
                        return .streamed
                    case .required:
                        if isObject {
                            structural.push(.required(.passUnretained(unsafeDowncast(check, to: RequiredCheck.self))))
                        }
                        return .streamed
                    case .count:
                        let count = unsafeDowncast(check, to: CountCheck.self)
                        if count.countsProperties == isObject { structural.push(.count(.passUnretained(count))) }
                        return .streamed
                    case .items:
                        if !isObject {
                            let items = unsafeDowncast(check, to: ItemsCheck.self)
                            structural.push(.items(.passUnretained(items), childDepth: childDepth))
                        }
                        return .streamed
                    case .allOf:
                        for child in unsafeDowncast(check, to: AllOfCheck.self).refs {
                            let expansion = expand(child, depth: childDepth, typeBit: typeBit)
                            if expansion != .streamed { return expansion }
                        }
                        return .streamed
                    case .choice:
                        let choice = unsafeDowncast(check, to: ChoiceCheck.self)
                        structural.push(.choice(.passUnretained(choice), childDepth: childDepth))
                        return .streamed
                    case .reference:
                        let target = unsafeDowncast(check, to: RefCheck.self).target
                        return expand(.passUnretained(target), depth: childDepth, typeBit: typeBit)
                    }
                }
                if expansion != .streamed { return expansion }
            }
            return .streamed
        }
    }
}
