import ContractJSON

/// The streaming validator's short way through the commonest object schema: one schema (reached
/// directly or through `$ref`s alone) whose checks are `type`, `properties` without
/// `patternProperties`, and at most a `required` list paired with it (`SchemaNode.plainProperties`).
///
/// The general walk files each object's checks on a stack, counts and sorts them, pushes a frame for
/// each member's schema and loops over frame sets of one; for such an object each member's schema is
/// found by its key and its value checked directly, strings and numbers where they stand. The verdict
/// and what is read are the general walk's, check for check (see `validateObject`).
extension StreamingValidator {
    /// What an object under one schema alone is read as.
    private enum ObjectRoute {
        /// A plain object schema: its `properties` check and the `required` list paired with it.
        case plain(Unmanaged<PropertiesCheck>, required: Unmanaged<RequiredCheck>?)
        /// A schema whose one check besides `type` is a `$ref` to this target.
        case reference(Unmanaged<SchemaNode>)
        /// Anything else: the general walk.
        case general
    }

    /// The verdict for the object at the reader's offset when its one schema is `frame` and that
    /// is a plain object schema; `nil`, having read nothing, otherwise.
    mutating func validatePlainObject(_ reader: inout JSONByteReader, _ frame: Frame) throws(JSONParseError) -> Bool? {
        guard let plain = Self.plainObjectSchema(frame.node, depth: frame.depth, maximumDepth: state.maximumDepth)
        else { return nil }
        return try readPlainObject(&reader, plain.properties, plain.required, childDepth: plain.childDepth)
    }

    /// The plain object schema `node` is, or leads to through `$ref`s alone, with the depth its members'
    /// schemas are evaluated at (each `$ref` is one level deeper, as `expand` files its target, and the
    /// depth limit ends the loop); `nil` for any other schema. `PlainDocumentCheck` follows the same routes.
    static func plainObjectSchema(_ node: Unmanaged<SchemaNode>, depth: Int, maximumDepth: Int)
        -> (properties: Unmanaged<PropertiesCheck>, required: Unmanaged<RequiredCheck>?, childDepth: Int)?
    {
        var node = node
        var depth = depth
        while depth < maximumDepth {
            switch route(node) {
            case .general:
                return nil
            case .reference(let target):
                node = target
                depth += 1
            case .plain(let properties, let required):
                return (properties, required, depth + 1)
            }
        }
        return nil
    }

    private static func route(_ reference: Unmanaged<SchemaNode>) -> ObjectRoute {
        reference._withUnsafeGuaranteedRef { node in
            // A schema that rejects objects is decided by the general walk (which skips the value).
            guard node.acceptedTypes & TypeMask.object != 0 else { return .general }
            let checks = node.checksBesidesType
            if let properties = node.plainProperties {
                guard checks.count == 2 else { return .plain(properties, required: nil) }
                // The other check is the paired `required` list (see `SchemaNode.plainProperties`).
                let other = checks[0].toOpaque() == properties.toOpaque() ? checks[1] : checks[0]
                return .plain(properties, required: .fromOpaque(other.toOpaque()))
            }
            guard checks.count == 1,
                checks[0]._withUnsafeGuaranteedRef({ $0.streamingRole == .reference })
            else { return .general }
            let reference = unsafeDowncast(checks[0].takeUnretainedValue(), to: RefCheck.self)
            return .reference(.passUnretained(reference.target))
        }
    }

    /// Reads the object at the reader's offset against a plain object schema whose members' schemas
    /// are evaluated at `childDepth`.
    private mutating func readPlainObject(
        _ reader: inout JSONByteReader, _ properties: Unmanaged<PropertiesCheck>, _ required: Unmanaged<RequiredCheck>?,
        childDepth: Int
    ) throws(JSONParseError) -> Bool {
        // The bits of the properties present, for the paired `required` list (as `validateObject` keeps them).
        var present: UInt64 = 0
        var valid = true
        var more = try reader.openObject()
        while more {
            // After a failure the rest is only skipped, to check that it is JSON.
            if valid {
                valid = try readPlainMember(&reader, properties, childDepth: childDepth, present: &present)
                guard valid || consumesRest else { return false }
            } else {
                try reader.skipMember()
            }
            more = try reader.nextMember()
        }
        guard valid else { return false }
        guard let required else { return true }
        return required._withUnsafeGuaranteedRef { $0.isSatisfied(present: present, state.context) }
    }

    /// Reads the member at the reader's offset (its key) and checks its value against the schema its key
    /// selects, adding the property's bit to `present`; the reader ends after the value unless it fails
    /// and `consumesRest` is off.
    private mutating func readPlainMember(
        _ reader: inout JSONByteReader, _ properties: Unmanaged<PropertiesCheck>, childDepth: Int,
        present: inout UInt64
    ) throws(JSONParseError) -> Bool {
        let key = try reader.readMemberKey()
        let context = state.context
        guard let declared = properties._withUnsafeGuaranteedRef({ $0.declaredProperty(key, context) }) else {
            // Other members go to `additionalProperties`, when there is such a schema.
            guard let additional = properties._withUnsafeGuaranteedRef({ $0.additional.map(Unmanaged.passUnretained) })
            else {
                try reader.skipValue()
                return true
            }
            return try validateMember(&reader, additional, depth: childDepth)
        }
        if declared.index < 64 { present |= 1 << declared.index }
        if declared.outOfPlace {
            if consumesRest { try reader.skipValue() }
            return false
        }
        return try validateMember(&reader, declared.node, depth: childDepth)
    }

    /// Whether the member value at the reader's offset satisfies `node`, evaluated at `depth`: a string
    /// or number the node decides from its bytes is decided here (as `validateScalarInPlace` does), a
    /// plain object or array is read here, anything else by the general walk with the node as the value's
    /// one schema.
    private mutating func validateMember(_ reader: inout JSONByteReader, _ node: Unmanaged<SchemaNode>, depth: Int)
        throws(JSONParseError) -> Bool
    {
        let (strings, numbers) = node._withUnsafeGuaranteedRef { ($0.decidesStrings, $0.decidesNumbers) }
        if depth < state.maximumDepth, let kind = reader.nextValueKind() {
            switch kind {
            case .string where strings:
                switch try reader.readString() {
                case .bytes(let bytes):
                    var string = StringInstance(utf8: bytes)
                    return node._withUnsafeGuaranteedRef { $0.isValid(string: &string) }
                case .decoded(let text):
                    state.depth = depth
                    return node.isValid(.string(text), &state)
                }
            case .number where numbers:
                var number = NumberInstance(utf8: try reader.readNumber())
                return node._withUnsafeGuaranteedRef { $0.isValid(number: &number) }
            // Containers as `validate` takes them, without filing the node on the frame stack first: deep
            // ones are built, and an object or array the short ways cannot read goes to the general walk.
            case .object where !reader.isNested(atLeast: Self.maximumStreamedNesting):
                if let verdict = try validatePlainObject(&reader, Frame(node: node, depth: depth)) { return verdict }
            case .array where !reader.isNested(atLeast: Self.maximumStreamedNesting):
                if let verdict = try validatePlainArray(&reader, node, depth: depth) { return verdict }
            default:
                break
            }
        }
        let first = frames.count
        frames.push(Frame(node: node, depth: depth))
        defer { frames.pop(to: first) }
        return try validate(&reader, first..<first + 1)
    }

    /// The verdict for the array at the reader's offset when `node`, evaluated at `depth`, is a plain
    /// array schema (`SchemaNode.plainItems`), each element checked as a member value is; `nil`, having
    /// read nothing, otherwise. The verdict and what is read are `validateArray`'s.
    private mutating func validatePlainArray(_ reader: inout JSONByteReader, _ node: Unmanaged<SchemaNode>, depth: Int)
        throws(JSONParseError) -> Bool?
    {
        guard let items = node._withUnsafeGuaranteedRef({ $0.plainItems }) else { return nil }
        var count = 0
        var valid = true
        if try reader.openArray() {
            repeat {
                count += 1
                // After a failure the rest is only skipped, to check that it is JSON.
                guard valid else {
                    try reader.skipValue()
                    continue
                }
                valid = try validateMember(&reader, items, depth: depth + 1)
                guard valid || consumesRest else { return false }
            } while try reader.nextElement()
        }
        return valid && node._withUnsafeGuaranteedRef { $0.itemCountHolds(count) }
    }
}
