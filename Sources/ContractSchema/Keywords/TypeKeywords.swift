import ContractJSON

/// `false` as a schema: nothing is valid.
final class FalseCheck: LeafKeywordCheck {
    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool { false }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        ("nothing (schema is false)", ValueDescription.describe(instance))
    }
}

/// `type`: the allowed JSON types as bits, and what a failure says.
///
/// Not a check object: a schema's `type` is its node's `typeMask`, tested in place, and its failure is
/// reported by the node from `SchemaNode.TypeKeyword` (an object per typed schema, a sixth of a contract's
/// compiled objects, only ever carried the mask and what to say on failure).
enum TypeMask {
    static let null: UInt8 = 1
    static let boolean: UInt8 = 2
    static let object: UInt8 = 4
    static let array: UInt8 = 8
    static let number: UInt8 = 16
    static let string: UInt8 = 32
    static let integer: UInt8 = 64

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

    /// What a failure says was expected: the type names as written (a name, or a list with names among other
    /// values), joined with "or".
    static func expected(_ written: JSONValue) -> String {
        switch written {
        case .string(let name): name
        case .array(let elements): elements.compactMap(\.stringValue).joined(separator: " or ")
        default: ""
        }
    }
}

/// `const`.
final class ConstCheck: LeafKeywordCheck {
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
final class EnumCheck: LeafKeywordCheck {
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
                guard let bit = TypeMask.bit(name) else {
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
            if named {
                pendingType = SchemaNode.TypeKeyword(
                    mask: mask, written: type, source: source(of: .type, context), index: checks.count)
            }
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
