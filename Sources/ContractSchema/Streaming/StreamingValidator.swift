import ContractJSON

/// Validates JSON bytes against a compiled schema while reading them, without building a value tree for
/// the objects and arrays whose nodes check them member by member (see `StreamShape`).
///
/// It proves validity only: `true` means the bytes are one JSON text, as `JSONParser` reads it, and the
/// instance is valid. `false` means "not shown valid this way": a violation, malformed JSON, or input left
/// to the parser (an escaped or non-ASCII object key, nesting deeper than `nestingLimit`); the caller
/// then parses and validates for the verdict and its errors. Inside, a value is valid, invalid or
/// undecided against a node, so that `oneOf` never counts an undecided branch as failing.
///
/// Scalars, and containers whose node has other keywords, become `JSONValue`s (through `JSONParser` unless
/// they are plain) that the node checks itself, so no keyword has a second implementation: the walk only
/// does what `PropertiesCheck`, `RequiredCheck`, `ItemsCheck`, `CountCheck`, `AllOfCheck` and `ChoiceCheck`
/// do. A node's own member checks and those of its `allOf` branches (through `$ref`s) are gathered and
/// applied in one reading of the container, which is what makes `allOf` inheritance chains cheap;
/// `oneOf`/`anyOf` branches, and branches that cannot be gathered, read the container again.
struct StreamingValidator {
    /// Deeper than this, the walk gives up (well inside `JSONParser`'s limit, and the stack's).
    static let nestingLimit = 128

    /// What the walk found for one value against one node.
    enum Verdict {
        case valid
        case invalid
        /// Not decided while reading (malformed or unusual input): the parsed value decides.
        case undecided
    }

    /// Member checks of one schema object, with the depth its members are validated at.
    struct Gathered {
        /// Kept alive by the node's shape for as long as the compiled schema lives.
        let checks: Unmanaged<ContainerChecks>
        let depth: Int
    }

    /// A node to apply to a whole value with a reading of its own, at the depth it is entered.
    struct Pass {
        let node: Unmanaged<SchemaNode>
        let depth: Int
    }

    /// A `oneOf` or `anyOf`, at the depth its branches are entered.
    struct Choice {
        let branches: [Unmanaged<SchemaNode>]
        let exactlyOne: Bool
        let depth: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var nesting = 0
    var state: ValidationState
    /// Where each container (or long string) read so far ends, by where it starts (0: not known), kept
    /// once values are read more than once: a later reading steps over it in one step.
    var extents: [Int32] = []
    // Stacks reused across containers (marks restore them), so gathering allocates nothing per value.
    private var gathered: [Gathered] = []
    private var passes: [Pass] = []
    private var choices: [Choice] = []
    private var applying: [Pass] = []
    private var found: [UInt64] = []

    init(bytes: UnsafeBufferPointer<UInt8>, state: ValidationState) {
        self.bytes = bytes
        self.state = state
    }

    /// Whether the whole text is one value valid against `root`.
    mutating func validateDocument(_ root: SchemaNode) -> Bool {
        skipWhitespace()
        guard validate(Unmanaged.passUnretained(root)) == .valid else { return false }
        skipWhitespace()
        return offset == bytes.count
    }

    // MARK: Values against nodes

    mutating func validate(_ node: Unmanaged<SchemaNode>) -> Verdict {
        guard offset < bytes.count else { return .undecided }
        let byte = bytes[offset]
        guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else {
            guard let value = readScalar() else { return .undecided }
            return node._withUnsafeGuaranteedRef { $0.isValid(value, &state) } ? .valid : .invalid
        }
        return node._withUnsafeGuaranteedRef { validateContainer($0) }
    }

    private mutating func validateContainer(_ node: SchemaNode) -> Verdict {
        if case .parse = node.streamShape {
            // As `SchemaNode.isValid` would on the parsed value.
            guard let value = readContainer() else { return .undecided }
            return node.isValid(value, &state) ? .valid : .invalid
        }
        let marks = (gathered.count, passes.count, choices.count)
        defer {
            gathered.truncate(to: marks.0)
            passes.truncate(to: marks.1)
            choices.truncate(to: marks.2)
        }
        // A node past the depth limit fails in `SchemaNode.isValid`, and so does everything above it.
        guard gather(Unmanaged.passUnretained(node), depth: state.depth) else { return .invalid }
        let isObject = bytes[offset] == UInt8(ascii: "{")
        let kind = isObject ? TypeCheck.object : TypeCheck.array
        for index in marks.0..<gathered.count
        where gathered[index].checks._withUnsafeGuaranteedRef({ $0.typeMask }) & kind == 0 {
            return .invalid
        }
        // Ends are kept as 32-bit offsets: a text of 2 GiB or more is read again instead.
        if passes.count > marks.1 || choices.count > marks.2, extents.isEmpty, bytes.count < Int(Int32.max) {
            extents = Array(repeating: 0, count: bytes.count)
        }
        let start = offset
        let depth = state.depth
        defer { state.depth = depth }
        var end: Int?
        if gathered.count > marks.0 {
            let verdict = isObject ? validateObject(marks.0) : validateArray(marks.0)
            guard verdict == .valid else { return verdict }
            end = offset
            recordEnd(of: start)
        }
        for index in marks.1..<passes.count {
            offset = start
            state.depth = passes[index].depth
            let verdict = validate(passes[index].node)
            guard verdict == .valid else { return verdict }
            end = offset
        }
        for index in marks.2..<choices.count {
            let choice = choices[index]
            var matching = 0
            var undecided = false
            for branch in choice.branches {
                offset = start
                state.depth = choice.depth
                switch validate(branch) {
                case .valid:
                    matching += 1
                    end = offset
                case .invalid: break
                case .undecided: undecided = true
                }
                if choice.exactlyOne, matching > 1 { return .invalid }
            }
            if matching == 0 || (choice.exactlyOne && undecided) { return undecided ? .undecided : .invalid }
        }
        guard let end else { return .undecided }
        offset = end
        recordEnd(of: start)
        return .valid
    }

    /// Collects what applies to a container entered at `depth` against `node`: its member checks and
    /// those of its `allOf` branches and `$ref` targets, and the passes and choices that need readings of
    /// their own. `false` when a node would be entered past the depth limit (then the value is invalid).
    private mutating func gather(_ node: Unmanaged<SchemaNode>, depth: Int) -> Bool {
        guard depth < state.maximumDepth else { return false }
        switch node._withUnsafeGuaranteedRef({ $0.streamShape }) {
        case .parse:
            passes.append(Pass(node: node, depth: depth))
            return true
        case .reference(let target):
            return gather(target, depth: depth + 1)
        case .container(let checks):
            gathered.append(Gathered(checks: Unmanaged.passUnretained(checks), depth: depth + 1))
            for branch in checks.allOf where !gather(branch, depth: depth + 1) { return false }
            for choice in checks.choices {
                choices.append(Choice(branches: choice.branches, exactlyOne: choice.exactlyOne, depth: depth + 1))
            }
            return true
        }
    }

    /// The object against the gathered checks from `first` on, in one reading of its members.
    private mutating func validateObject(_ first: Int) -> Verdict {
        guard enter() else { return .undecided }
        defer { nesting -= 1 }
        offset += 1
        let sets = first..<gathered.count
        let foundMark = found.count
        for _ in sets { found.append(0) }
        defer { found.truncate(to: foundMark) }
        var members = 0
        skipWhitespace()
        if !consume(UInt8(ascii: "}")) {
            while true {
                guard let key = readKey() else { return .undecided }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return .undecided }
                skipWhitespace()
                members += 1
                let verdict = validateMember(key, sets, foundMark)
                guard verdict == .valid else { return verdict }
                skipWhitespace()
                if consume(UInt8(ascii: ",")) {
                    skipWhitespace()
                    continue
                }
                guard consume(UInt8(ascii: "}")) else { return .undecided }
                break
            }
        }
        for index in sets {
            let checks = gathered[index].checks.takeUnretainedValue()
            guard members >= checks.minimumMembers, members <= checks.maximumMembers else { return .invalid }
            guard let required = checks.required else { continue }
            // As `RequiredCheck`: every name present, or excused by `readOnly`/`writeOnly` in this context.
            let present = found[foundMark + index - first]
            for offset in required.names.indices where present & (1 << UInt64(offset)) == 0 {
                if !required.excused(offset, state.context) { return .invalid }
            }
        }
        return .valid
    }

    /// One member's value against what each gathered `PropertiesCheck` applies to it: its property's
    /// schema, the `patternProperties` schemas its name matches, else `additionalProperties`.
    private mutating func validateMember(_ key: UnsafeBufferPointer<UInt8>, _ sets: Range<Int>, _ foundMark: Int)
        -> Verdict
    {
        // Most members get one schema: it is kept here, and `applying` is used only from a second one on.
        var single: Pass?
        let mark = applying.count
        defer { applying.truncate(to: mark) }
        for index in sets {
            let depth = gathered[index].depth
            let lookup = gathered[index].checks._withUnsafeGuaranteedRef {
                MemberLookup(key: key, checks: $0, context: state.context)
            }
            if let position = lookup.requiredPosition {
                found[foundMark + index - sets.lowerBound] |= 1 << UInt64(position)
            }
            if lookup.violatesAccess { return .invalid }
            // At most one of the two is set.
            if let node = lookup.property ?? lookup.additional {
                if single == nil {
                    single = Pass(node: node, depth: depth)
                } else {
                    applying.append(Pass(node: node, depth: depth))
                }
            }
            if lookup.hasPatterns {
                let name = String(decoding: key, as: UTF8.self)
                let checks = gathered[index].checks.takeUnretainedValue()
                var matched = lookup.property != nil
                if let properties = checks.properties {
                    for pattern in properties.patterns
                    where pattern.regex.firstMatch(in: name, budget: properties.budget) == .matched {
                        matched = true
                        let pass = Pass(node: Unmanaged.passUnretained(pattern.node), depth: depth)
                        if single == nil { single = pass } else { applying.append(pass) }
                    }
                    if !matched, let additional = properties.additional {
                        let pass = Pass(node: Unmanaged.passUnretained(additional), depth: depth)
                        if single == nil { single = pass } else { applying.append(pass) }
                    }
                }
            }
        }
        guard let single else { return skipValue() ? .valid : .undecided }
        if applying.count == mark {
            let depth = state.depth
            defer { state.depth = depth }
            state.depth = single.depth
            return validate(single.node)
        }
        applying.append(single)
        return validateApplying(from: mark)
    }

    /// The value at `offset` against the nodes in `applying` from `mark` on: stepped over when there are
    /// none, read against a single one, read once and checked by each when there are several.
    private mutating func validateApplying(from mark: Int) -> Verdict {
        let depth = state.depth
        defer { state.depth = depth }
        switch applying.count - mark {
        case 0:
            return skipValue() ? .valid : .undecided
        case 1:
            state.depth = applying[mark].depth
            return validate(applying[mark].node)
        default:
            guard let value = readValue() else { return .undecided }
            for index in mark..<applying.count {
                state.depth = applying[index].depth
                if !applying[index].node._withUnsafeGuaranteedRef({ $0.isValid(value, &state) }) { return .invalid }
            }
            return .valid
        }
    }

    /// The array against the gathered checks from `first` on, in one reading of its items.
    private mutating func validateArray(_ first: Int) -> Verdict {
        guard enter() else { return .undecided }
        defer { nesting -= 1 }
        offset += 1
        let sets = first..<gathered.count
        var count = 0
        skipWhitespace()
        if !consume(UInt8(ascii: "]")) {
            while true {
                let mark = applying.count
                for index in sets {
                    guard let items = gathered[index].checks.takeUnretainedValue().items else { continue }
                    if let node = count < items.prefix.count ? items.prefix[count] : items.rest {
                        applying.append(Pass(node: Unmanaged.passUnretained(node), depth: gathered[index].depth))
                    }
                }
                let verdict = validateApplying(from: mark)
                applying.truncate(to: mark)
                guard verdict == .valid else { return verdict }
                count += 1
                skipWhitespace()
                if consume(UInt8(ascii: ",")) {
                    skipWhitespace()
                    continue
                }
                guard consume(UInt8(ascii: "]")) else { return .undecided }
                break
            }
        }
        for index in sets {
            let checks = gathered[index].checks.takeUnretainedValue()
            guard count >= checks.minimumItems, count <= checks.maximumItems else { return .invalid }
        }
        return .valid
    }
}

/// What one gathered schema object says about a member, found by name without retaining anything.
struct MemberLookup {
    /// The member's position in the object's `required` list.
    var requiredPosition: Int?
    /// The `properties` schema for the name.
    var property: Unmanaged<SchemaNode>?
    /// `additionalProperties`, when the name is not a property and there are no patterns to try.
    var additional: Unmanaged<SchemaNode>?
    /// Whether `patternProperties` must be tried (with the name as a `String`).
    var hasPatterns = false
    /// A `readOnly` property in a request or a `writeOnly` one in a response.
    var violatesAccess = false

    @inline(__always)
    init(key: UnsafeBufferPointer<UInt8>, checks: ContainerChecks, context: ValidationContext) {
        if let table = checks.required?.table { requiredPosition = table.index(ofBytes: key) }
        guard let properties = checks.properties else { return }
        if let position = properties.table.index(ofBytes: key) {
            let node = properties.nodes[position]
            property = node
            if context != .none {
                violatesAccess = node._withUnsafeGuaranteedRef { properties.violatesAccess($0, context) }
            }
        }
        hasPatterns = !properties.patterns.isEmpty
        if property == nil, !hasPatterns, let additional = properties.additional {
            self.additional = Unmanaged.passUnretained(additional)
        }
    }
}

extension Array {
    /// Drops elements from the end down to `count`: the validator's stacks, popped one at a time (the
    /// generic `removeSubrange` cost more than the work between a push and its pop).
    @inline(__always)
    fileprivate mutating func truncate(to count: Int) {
        while self.count > count { removeLast() }
    }
}
