import ContractJSON

/// `false` as a schema: nothing is valid.
final class FalseCheck: LeafKeywordCheck, @unchecked Sendable {
    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool { false }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        ("nothing (schema is false)", ValueDescription.describe(instance))
    }
}

/// `type`, as a bit set of the allowed JSON types.
final class TypeCheck: LeafKeywordCheck, @unchecked Sendable {
    static let null: UInt8 = 1
    static let boolean: UInt8 = 2
    static let object: UInt8 = 4
    static let array: UInt8 = 8
    static let number: UInt8 = 16
    static let string: UInt8 = 32
    static let integer: UInt8 = 64

    let mask: UInt8
    /// The `type` value as written (a name, or a list with names among other values), for messages: kept
    /// as the document's value rather than as a list of names, an allocation per compiled schema.
    private let written: JSONValue

    init(site: KeywordSite, mask: UInt8, written: JSONValue) {
        self.mask = mask
        self.written = written
        super.init(site: site)
    }

    /// The type names written, in order.
    var names: [String] {
        switch written {
        case .string(let name): [name]
        case .array(let elements): elements.compactMap(\.stringValue)
        default: []
        }
    }

    static func bit(_ name: String) -> UInt8? {
        switch name {
        case "null": null
        case "boolean": boolean
        case "object": object
        case "array": array
        case "number": number
        case "string": string
        case "integer": integer
        default: nil
        }
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        Self.accepts(mask, instance)
    }

    /// Whether `mask` allows the instance's type; `SchemaNode` calls it directly on its fast path.
    @inline(__always)
    static func accepts(_ mask: UInt8, _ instance: JSONValue) -> Bool {
        switch instance {
        case .null: return mask & Self.null != 0
        case .bool: return mask & Self.boolean != 0
        case .object: return mask & Self.object != 0
        case .array: return mask & Self.array != 0
        case .string: return mask & Self.string != 0
        case .number(let number):
            if mask & Self.number != 0 { return true }
            return mask & Self.integer != 0 && NumberFacts.isInteger(number)
        }
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        (names.joined(separator: " or "), ValueDescription.describe(instance))
    }
}

/// `const`.
final class ConstCheck: LeafKeywordCheck, @unchecked Sendable {
    let value: JSONValue

    init(site: KeywordSite, value: JSONValue) {
        self.value = value
        super.init(site: site)
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        JSONEquality.equal(instance, value)
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        (ValueDescription.literal(value), ValueDescription.describe(instance))
    }
}

/// `enum`.
final class EnumCheck: LeafKeywordCheck, @unchecked Sendable {
    let values: [JSONValue]
    /// The string values, looked up by their bytes (JSON Schema compares strings by code points,
    /// so byte equality is its equality) without going through each value's `String`.
    let strings: PropertyTable

    init(site: KeywordSite, values: [JSONValue]) {
        self.values = values
        self.strings = PropertyTable(values.compactMap(\.stringValue))
        super.init(site: site)
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        if case .string(let string) = instance {
            // Most enums list strings: find the bytes without a JSONValue equality witness.
            return strings.index(of: string) != nil
        }
        return values.contains { JSONEquality.equal($0, instance) }
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        ("one of " + ValueDescription.list(values), ValueDescription.describe(instance))
    }
}

extension SchemaCompiler {
    func compileTypeAndValues(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        if let type = context[.type] {
            var mask: UInt8 = 0
            var named = false
            func add(_ name: String) {
                named = true
                guard let bit = TypeCheck.bit(name) else {
                    report("unknown type \"\(name)\"", at: context, "type")
                    return
                }
                mask |= bit
            }
            switch type {
            case .string(let name): add(name)
            case .array(let elements): for case .string(let name) in elements { add(name) }
            default: report("type must be a string or an array of strings", at: context, "type")
            }
            if named { checks.append(TypeCheck(site: site(.type, context), mask: mask, written: type)) }
        }
        if let value = context[.const] {
            checks.append(ConstCheck(site: site(.const, context), value: value))
        }
        if let value = context[.enumValues] {
            if case .array(let values) = value {
                checks.append(EnumCheck(site: site(.enumValues, context), values: values))
            } else {
                report("enum must be an array", at: context, "enum")
            }
        }
    }
}
