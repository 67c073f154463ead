import ContractJSON

extension MergedSchema {
    /// A merge of `schemas`, following `$ref`s and `allOf` (to a bounded depth: a cycle of `allOf`s is a
    /// contract error, and is left to the validator to reject).
    init(_ schemas: [LocatedSchema], source: any SchemaSource) {
        for schema in schemas { absorb(schema, source: source) }
    }

    /// This merge with one more schema applying to the value.
    func absorbing(_ schema: LocatedSchema, source: any SchemaSource) -> MergedSchema {
        var copy = self
        copy.absorb(schema, source: source)
        return copy
    }

    mutating func absorb(_ schema: LocatedSchema, source: any SchemaSource) {
        if let uri = schema.uri, absorbed.contains(uri) { return }
        roots.append(schema)
        if !source.isBasedAsValidated(schema) { hasUnvettedKeywords = true }
        absorbMember(schema, source: source, depth: 0)
    }

    private mutating func absorbMember(_ schema: LocatedSchema, source: any SchemaSource, depth: Int) {
        guard depth < 32 else {
            needsCheck = true
            return
        }
        if let uri = schema.uri, !absorbed.insert(uri).inserted { return }
        switch schema.value {
        case .bool(true):
            return
        case .bool(false):
            if falseSchema == nil { falseSchema = schema }
            return
        case .object(let object):
            if let reference = object["$ref"]?.stringValue ?? object["$dynamicRef"]?.stringValue {
                if let target = source.resolve(reference, from: schema) {
                    if !source.isBasedAsValidated(target) { hasUnvettedKeywords = true }
                    absorbMember(target, source: source, depth: depth + 1)
                } else {
                    unresolved.append(reference)
                    needsCheck = true
                }
            }
            for member in schema.children("allOf") { absorbMember(member, source: source, depth: depth + 1) }
            absorbKeywords(object, schema, source: source)
            if !ConstructiveKeywords.admits(object) { hasUnvettedKeywords = true }
        default:
            // Not a schema: the validator does not compile it, so nothing is known by construction.
            hasUnvettedKeywords = true
        }
    }

    private mutating func absorbKeywords(_ object: JSONObject, _ schema: LocatedSchema, source: any SchemaSource) {
        switch object["type"] {
        case .string(let name)?: intersectTypes([name], at: schema)
        case .array(let names)?: intersectTypes(names.compactMap(\.stringValue), at: schema)
        default: break
        }
        if let value = object["const"] { consts.append(value) }
        if case .array(let values)? = object["enum"] { enums.append(values) }
        absorbNumeric(object, schema)
        absorbString(object, schema)
        absorbArray(object, schema)
        absorbObject(object, schema)
        absorbCombinators(object, schema, source: source)
        if object["readOnly"]?.boolValue == true { readOnly = true }
        if object["writeOnly"]?.boolValue == true { writeOnly = true }
        if case .array(let values)? = object["examples"] { examples += values }
        if let value = object["example"] { examples.append(value) }
        for keyword in ["unevaluatedProperties", "unevaluatedItems", "dependencies", "$dynamicRef"]
        where object[keyword] != nil {
            needsCheck = true
        }
    }

    private mutating func absorbNumeric(_ object: JSONObject, _ schema: LocatedSchema) {
        func decimal(_ key: String) -> DecimalText? { object[key]?.numberValue?.decimal }
        let before = (numbers.lower, numbers.upper, numbers.multiples.count)
        if let value = decimal("minimum") { numbers.raiseLower(value, exclusive: false) }
        if let value = decimal("exclusiveMinimum") { numbers.raiseLower(value, exclusive: true) }
        if let value = decimal("maximum") { numbers.lowerUpper(value, exclusive: false) }
        if let value = decimal("exclusiveMaximum") { numbers.lowerUpper(value, exclusive: true) }
        if let value = decimal("multipleOf"), !value.isZero, !value.isNegative { numbers.multiples.append(value) }
        if before.0 != numbers.lower || before.1 != numbers.upper || before.2 != numbers.multiples.count {
            numbers.site = schema
        }
    }

    private mutating func absorbString(_ object: JSONObject, _ schema: LocatedSchema) {
        if Self.tighten(&minLength, &maxLength, object, "minLength", "maxLength", cap: 1_000_000) {
            lengthSite = schema
        }
        if let pattern = object["pattern"]?.stringValue, !patterns.contains(pattern) { patterns.append(pattern) }
        if let format = object["format"]?.stringValue, !formats.contains(format) {
            formats.append(format)
            if stringFormat == nil { stringFormat = StringFormat(rawValue: format) }
            if format == "int32" || format == "int64" {
                integerBits = min(integerBits ?? 64, format == "int32" ? 32 : 64)
            }
        }
    }

    /// Raises a lower count and lowers an upper one from the keywords `low` and `high` (a count above `cap`
    /// is treated as `cap`, past which no example is worth building); whether either changed.
    static func tighten(
        _ lower: inout Int, _ upper: inout Int?, _ object: JSONObject, _ low: String, _ high: String, cap: Int
    ) -> Bool {
        var changed = false
        if let value = object[low]?.numberValue?.int64Value, value > lower {
            lower = Int(min(value, Int64(cap)))
            changed = true
        }
        if let value = object[high]?.numberValue?.int64Value, value < (upper ?? Int.max) {
            upper = Int(max(value, 0))
            changed = true
        }
        return changed
    }
}
