/// How `StreamingValidator` treats an object or array that a schema node applies to, decided once from the
/// node's checks when they are set (the nodes it refers to are kept alive by the checks).
///
/// Scalars never need a shape: the validator builds the scalar's `JSONValue` (cheap) and asks the node
/// itself. Containers are where building the value tree costs, so a node whose checks can all be
/// evaluated member by member while reading is walked that way; any other node gets the container parsed
/// into a `JSONValue` and validates it as usual, so every keyword keeps its one implementation.
enum StreamShape {
    /// Parse the container and call `SchemaNode.isValid` on it.
    case parse
    /// The node is a lone `$ref`: validate against its target.
    case reference(Unmanaged<SchemaNode>)
    /// The node's checks are all of the kinds `ContainerChecks` evaluates while reading.
    case container(ContainerChecks)

    /// The shape of a node with these checks.
    static func of(_ checks: [KeywordCheck]) -> StreamShape {
        if checks.count == 1, let reference = checks[0] as? RefCheck {
            return .reference(Unmanaged.passUnretained(reference.target))
        }
        var container = ContainerChecks.Parts()
        for check in checks {
            switch check {
            case let type as TypeCheck:
                container.typeMask &= type.mask
            case let properties as PropertiesCheck:
                guard container.properties == nil else { return .parse }
                container.properties = properties
            case let required as RequiredCheck:
                // `dependentRequired` and lists too long for one bit mask are left to the node.
                guard required.trigger == nil, required.table != nil, container.required == nil else { return .parse }
                container.required = required
            case let items as ItemsCheck:
                guard container.items == nil else { return .parse }
                container.items = items
            case let count as CountCheck:
                container.add(count)
            case let all as AllOfCheck:
                container.allOf += all.nodes.map { Unmanaged.passUnretained($0) }
            case let choice as ChoiceCheck:
                container.choices.append((choice.nodes.map { Unmanaged.passUnretained($0) }, choice.exactlyOne))
            case is LengthCheck, is PatternCheck, is FormatCheck, is BoundCheck, is MultipleOfCheck:
                // Accept every object and array: nothing to do for a container.
                continue
            default:
                return .parse
            }
        }
        return .container(ContainerChecks(container))
    }
}

/// The checks of a node that apply to objects and arrays, in the form the streaming walk needs them. An
/// immutable class: gathering it retains one reference, and reading its `let`s needs no access checks.
final class ContainerChecks {
    /// The parts while `StreamShape.of` collects them.
    struct Parts {
        var typeMask: UInt8 = 0xFF
        var properties: PropertiesCheck?
        var required: RequiredCheck?
        var items: ItemsCheck?
        var minimumMembers = 0
        var maximumMembers = Int.max
        var minimumItems = 0
        var maximumItems = Int.max
        var allOf: [Unmanaged<SchemaNode>] = []
        var choices: [(branches: [Unmanaged<SchemaNode>], exactlyOne: Bool)] = []

        mutating func add(_ count: CountCheck) {
            switch (count.countsProperties, count.isMinimum) {
            case (true, true): minimumMembers = max(minimumMembers, count.limit)
            case (true, false): maximumMembers = min(maximumMembers, count.limit)
            case (false, true): minimumItems = max(minimumItems, count.limit)
            case (false, false): maximumItems = min(maximumItems, count.limit)
            }
        }
    }

    let typeMask: UInt8
    let properties: PropertiesCheck?
    let required: RequiredCheck?
    let items: ItemsCheck?
    let minimumMembers: Int
    let maximumMembers: Int
    let minimumItems: Int
    let maximumItems: Int
    /// `allOf` branches: gathered into the same reading when they can be, else read again.
    let allOf: [Unmanaged<SchemaNode>]
    /// `oneOf` (exactly one) and `anyOf` branch lists: each branch reads the container again.
    let choices: [(branches: [Unmanaged<SchemaNode>], exactlyOne: Bool)]

    init(_ parts: Parts) {
        typeMask = parts.typeMask
        properties = parts.properties
        required = parts.required
        items = parts.items
        minimumMembers = parts.minimumMembers
        maximumMembers = parts.maximumMembers
        minimumItems = parts.minimumItems
        maximumItems = parts.maximumItems
        allOf = parts.allOf
        choices = parts.choices
    }
}
