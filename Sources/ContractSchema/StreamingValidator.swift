import ContractJSON

/// `isValid` straight from JSON bytes, reading the instance once and building a `JSONValue` only
/// where a schema needs one.
///
/// Parsing builds every string, member array and element array of the instance and frees them
/// again, which costs more than validating it. Here the objects and arrays whose schemas only
/// ask structural questions (`properties`, `required`, `items`, counts, `type`, through `allOf`
/// and `$ref`) are walked in the bytes: each member's value is checked against the schemas its
/// key selects, a member no schema selects is skipped (syntax checked, nothing built), and the
/// first failure ends the walk. `oneOf`/`anyOf` branches are tried on the same bytes from a
/// bookmark (see `StreamingValidator+Containers.swift`). A scalar whose schemas are `type` alone
/// is decided from its first byte; other scalars are built and handed to the ordinary checks. An
/// object or array that any of its schemas needs whole (`enum`, `not`, `unevaluatedProperties`,
/// ...) is built and validated as a tree from there down.
///
/// The verdict is the tree validator's, by construction: a value must satisfy every schema that
/// applies to it (all of them conjunctive here), each at the evaluation depth the tree would reach
/// it at, so the depth limit that stops a `$ref` loop cuts in at the same place.
struct StreamingValidator: ~Copyable {
    /// A schema the value being read must satisfy, and the depth the tree would evaluate it at.
    struct Frame {
        var node: SchemaNode
        var depth: Int

        /// A frame of `node`'s compiled schema: the one a forwarding node stands for (`SchemaNode.deferred`).
        init(node: SchemaNode, depth: Int) {
            self.node = node.resolved
            self.depth = depth
        }
    }

    /// A structural check of a container being read (with the depth of the schemas it selects).
    enum Structural {
        case properties(PropertiesCheck, childDepth: Int)
        case items(ItemsCheck, childDepth: Int)
        case required(RequiredCheck)
        case count(CountCheck)
        case choice(ChoiceCheck, childDepth: Int)
    }

    /// Containers nested deeper than this are built and validated as trees, which keeps the
    /// recursion here (a few frames per level) well inside a secondary thread's stack.
    static let maximumStreamedNesting = 64

    // Not private: `StreamingValidator+Containers.swift` files checks on these stacks.
    var state: ValidationState
    /// The schemas of every value being read, outermost first; a value's are the last ones pushed.
    var frames: [Frame] = []
    /// The structural checks of the containers being read, innermost last.
    var structural: [Structural] = []
    /// The keys of the objects being read, kept only while some `required` needs them.
    private var keys: [JSONByteReader.MemberKey] = []
    /// Whether a failure reads the rest of its value (skipping it) before it is returned: always,
    /// except while a `oneOf`/`anyOf` branch is tried, after which the reader is moved back anyway.
    var consumesRest = true

    /// A validator whose first value must satisfy `root`; `readsToEnd`: whether a failure still reads
    /// the rest of the document (to check it is JSON), or returns at once.
    init(root: SchemaNode, state: consuming ValidationState, readsToEnd: Bool) {
        self.state = state
        self.consumesRest = readsToEnd
        frames.reserveCapacity(16)
        structural.reserveCapacity(16)
        keys.reserveCapacity(16)
        frames.append(Frame(node: root, depth: 0))
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
    mutating func validate(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError) -> Bool {
        if set.isEmpty {
            try reader.skipValue()
            return true
        }
        // A malformed value (no kind) is built, so that the parser reports it.
        guard let kind = reader.nextValueKind() else { return try validateBuilt(&reader, set) }
        // Kinds told apart by `switch`, not `==`: the enum is another module's, and `==` went through its
        // `Equatable` witness on every value.
        switch kind {
        case .object, .array:
            guard !reader.isNested(atLeast: Self.maximumStreamedNesting) else { return try validateBuilt(&reader, set) }
            if case .object = kind { return try validateObject(&reader, set) }
            return try validateArray(&reader, set)
        case .string, .number:
            if let verdict = try validateTypeOnly(&reader, set, kind) { return verdict }
            let isString = if case .string = kind { true } else { false }
            if let verdict = try validateScalarInPlace(&reader, set, isString: isString) { return verdict }
            return try validateBuilt(&reader, set)
        case .boolean, .null:
            if let verdict = try validateTypeOnly(&reader, set, kind) { return verdict }
            return try validateBuilt(&reader, set)
        }
    }

    /// Decides a scalar whose schemas are all `type` alone (a third of the schemas a body's
    /// members meet, `{"type": "string"}` and the like) from its first byte, and skips it: no
    /// `String` is built for it. `nil` when some schema asks more, or an integer must be told
    /// from other numbers.
    private mutating func validateTypeOnly(
        _ reader: inout JSONByteReader, _ set: Range<Int>, _ kind: JSONByteReader.ValueKind
    ) throws(JSONParseError) -> Bool? {
        var mask = UInt8.max
        for index in set {
            let frame = frames[index]
            guard frame.depth < state.maximumDepth,
                let leaf = frame.node.leafMask
            else { return nil }
            mask &= leaf
        }
        let accepted: Bool
        switch kind {
        case .object, .array: return nil
        case .string: accepted = mask & TypeMask.string != 0
        case .boolean: accepted = mask & TypeMask.boolean != 0
        case .null: accepted = mask & TypeMask.null != 0
        case .number:
            if mask & TypeMask.number != 0 {
                accepted = true
            } else if mask & TypeMask.integer != 0 {
                return nil
            } else {
                accepted = false
            }
        }
        try reader.skipValue()
        return accepted
    }

    /// Decides a string or number whose schemas ask only what its bytes tell (`type`, lengths,
    /// `pattern`, `format`, bounds, `multipleOf`) from its bytes in the document: neither a `String`
    /// (an allocation past 15 bytes) nor a `JSONValue` is built for it, unless it is a string with
    /// escapes. `nil` when some schema asks more.
    private mutating func validateScalarInPlace(
        _ reader: inout JSONByteReader, _ set: Range<Int>, isString: Bool
    ) throws(JSONParseError) -> Bool? {
        for index in set {
            let frame = frames[index]
            guard frame.depth < state.maximumDepth,
                isString ? frame.node.decidesStrings : frame.node.decidesNumbers
            else { return nil }
        }
        if !isString {
            var number = NumberInstance(utf8: try reader.readNumber())
            for index in set where !frames[index].node.isValid(number: &number) {
                return false
            }
            return true
        }
        switch try reader.readString() {
        case .bytes(let bytes):
            var string = StringInstance(utf8: bytes)
            for index in set where !frames[index].node.isValid(string: &string) {
                return false
            }
            return true
        case .decoded(let text):
            return validate(JSONValue.string(text), set)
        }
    }

    /// Builds the value and asks each schema's tree validator.
    mutating func validateBuilt(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError)
        -> Bool
    {
        validate(try reader.readValue(), set)
    }

    /// Asks each schema's tree validator about a value already built.
    private mutating func validate(_ value: JSONValue, _ set: Range<Int>) -> Bool {
        for index in set {
            let frame = frames[index]
            state.depth = frame.depth
            if !frame.node.isValid(value, &state) { return false }
        }
        return true
    }

    private mutating func validateObject(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError)
        -> Bool
    {
        let checks = structural.count
        let keyMark = keys.count
        defer {
            structural.truncate(to: checks)
            keys.truncate(to: keyMark)
        }
        if case .decided(let verdict) = try prepare(&reader, set, typeBit: TypeMask.object) { return verdict }
        var keepsKeys = false
        // The first `properties` check's lookups also note which of its names the object has (`present`),
        // so that a `required` list paired with it is decided without looking the keys up again.
        var paired: PropertiesCheck?
        var pairedDepth = 0
        // What the object's schemas filed, counted in one pass: most objects have one `properties` check,
        // which each member then consults directly, and the count and `required` passes run only when
        // there is something for them.
        var propertiesChecks = 0
        var hasRequired = false
        var hasCount = false
        for index in checks..<structural.count {
            switch structural[index] {
            case .properties(let check, let childDepth):
                if paired == nil {
                    paired = check
                    pairedDepth = childDepth
                }
                propertiesChecks += 1
            case .required: hasRequired = true
            case .count: hasCount = true
            case .items, .choice: break
            }
        }
        // Keys are kept only for the `required` lists not paired with that check.
        if hasRequired {
            for index in checks..<structural.count {
                guard case .required(let check) = structural[index] else { continue }
                if !check.isPaired(with: paired) { keepsKeys = true }
            }
        }
        var present: UInt64 = 0
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
                if let paired {
                    let found = selectSchemas(of: key, by: paired, childDepth: pairedDepth)
                    allowed = found.allowed
                    if let property = found.index, property < 64 { present |= 1 << property }
                }
                if propertiesChecks > 1, allowed {
                    allowed = selectSchemas(of: key, fromChecksAfterTheFirst: checks)
                }
                valid = allowed ? try validate(&reader, children..<frames.count) : false
                frames.truncate(to: children)
                guard valid || consumesRest else { return false }
                if !allowed { try reader.skipValue() }
                if keepsKeys { keys.append(key) }
            } while try reader.nextMember()
        }
        guard valid, !hasCount || countsHold(count, from: checks) else { return false }
        guard hasRequired else { return true }
        let objectKeys = keys[keyMark...]
        for index in checks..<structural.count {
            guard case .required(let check) = structural[index] else { continue }
            let satisfied =
                check.isPaired(with: paired)
                ? check.isSatisfied(present: present, state.context)
                : check.isSatisfied(byKeys: objectKeys, state.context)
            guard satisfied else { return false }
        }
        return true
    }

    /// `selectSchemas` for the `properties` checks filed from `checks` on after the first (which the
    /// caller asked already), in order, until one forbids the member; whether the member is allowed.
    private mutating func selectSchemas(
        of key: JSONByteReader.MemberKey, fromChecksAfterTheFirst checks: Int
    ) -> Bool {
        var isFirst = true
        for index in checks..<structural.count {
            guard case .properties(let check, let childDepth) = structural[index] else { continue }
            if isFirst {
                isFirst = false
                continue
            }
            guard selectSchemas(of: key, by: check, childDepth: childDepth).allowed else { return false }
        }
        return true
    }

    private mutating func validateArray(_ reader: inout JSONByteReader, _ set: Range<Int>) throws(JSONParseError)
        -> Bool
    {
        let checks = structural.count
        defer { structural.truncate(to: checks) }
        if case .decided(let verdict) = try prepare(&reader, set, typeBit: TypeMask.array) { return verdict }
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
                    guard case .items(let check, let childDepth) = structural[index], let node = check.node(at: count)
                    else { continue }
                    frames.append(Frame(node: node, depth: childDepth))
                }
                count += 1
                valid = try validate(&reader, children..<frames.count)
                frames.truncate(to: children)
                guard valid || consumesRest else { return false }
            } while try reader.nextElement()
        }
        return valid && countsHold(count, from: checks)
    }

    /// Whether `count` members or elements satisfy the count checks filed from `checks` on.
    private func countsHold(_ count: Int, from checks: Int) -> Bool {
        for index in checks..<structural.count {
            guard case .count(let check) = structural[index] else { continue }
            guard check.holds(for: count) else { return false }
        }
        return true
    }

    /// Pushes the schemas a `PropertiesCheck` applies to the member `key`, as the check's own
    /// `isValid` selects them; `false` when the member may not be there at all (a `readOnly`
    /// property in a request, a `writeOnly` one in a response).
    private mutating func selectSchemas(
        of key: JSONByteReader.MemberKey, by check: PropertiesCheck, childDepth: Int
    ) -> (allowed: Bool, index: Int?) {
        var matched = false
        let found = check.table.index(of: key)
        if let index = found {
            matched = true
            let node = check.nodes[index]
            if state.context != .none, check.violatesAccess(node, state.context) { return (false, found) }
            frames.append(Frame(node: node, depth: childDepth))
        }
        if !check.patterns.isEmpty {
            let name = key.string
            for pattern in check.patterns where pattern.regex.firstMatch(in: name, budget: check.budget) == .matched {
                matched = true
                frames.append(Frame(node: pattern.node, depth: childDepth))
            }
        }
        if !matched, let additional = check.additional {
            frames.append(Frame(node: additional, depth: childDepth))
        }
        return (true, found)
    }
}

extension Array {
    /// Drops the elements from `count` on, last first: the stacks above pop a few entries at a time, for
    /// which the generic `removeSubrange` cost more than the elements' own releases.
    @inline(__always)
    mutating func truncate(to count: Int) {
        while self.count > count { removeLast() }
    }
}
