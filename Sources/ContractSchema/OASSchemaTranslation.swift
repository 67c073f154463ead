import ContractJSON

/// Rewrites OpenAPI 3.0 and Swagger 2.0 Schema Objects into their JSON Schema 2020-12 equivalents.
///
/// The loader uses it to normalise whole documents, and the `.oas30` dialect compiles through it,
/// so both read 3.0 schemas the same way. Rules (OAS 3.0.3 §4.7.24, Swagger 2.0 §4.4.18):
/// - `nullable: true` (2.0: `x-nullable: true`) adds `"null"` to `type` only when `type` is in the
///   same object; every other keyword keeps its meaning, so in the translated schema an `enum` without
///   `null` still rejects `null`, and `nullable` beside `allOf`/`oneOf`/`$ref` with no `type` has no effect.
///   That is the literal reading (`NullableReading.strict`); under the lenient one the compiler lets `null`
///   through such an object whatever stands beside it (`declaresNullable`).
/// - boolean `exclusiveMinimum`/`exclusiveMaximum` become the numeric form.
/// - keywords beside `$ref` are ignored (dropped).
/// - 2.0 `type: file` becomes `type: string, format: binary`.
package enum OASSchemaTranslation {
    /// The version a schema tree is written for.
    package enum SourceVersion: Sendable, Hashable {
        /// OpenAPI 3.0.x.
        case oas30
        /// Swagger 2.0.
        case swagger20
    }

    /// A place where the translation kept a surprising meaning, for the linter to warn about.
    package struct Note: Sendable, Hashable, CustomStringConvertible {
        /// What kind of place.
        package enum Kind: Sendable, Hashable {
            /// `nullable: true` in an object without `type`: it has no effect, `null` stays invalid.
            case nullableWithoutType
            /// `nullable: true` beside an `enum` that does not list `null`: `null` stays invalid.
            case enumWithoutNull
        }

        /// What kind of place.
        package var kind: Kind
        /// The schema object, relative to the translated root.
        package var pointer: JSONPointer

        /// A warning sentence.
        package var description: String {
            switch kind {
            case .nullableWithoutType:
                "\(pointer.fragment): nullable has no effect without a type in the same schema object; null is rejected"
            case .enumWithoutNull:
                "\(pointer.fragment): nullable enum does not list null; null is rejected (add null to the enum)"
            }
        }
    }

    /// Translates a schema and every subschema below it.
    package static func translate(_ schema: JSONValue, from version: SourceVersion = .oas30) -> (
        schema: JSONValue, notes: [Note]
    ) {
        var notes: [Note] = []
        let result = translateDeep(schema, pointer: .root, version: version, notes: &notes)
        return (result, notes)
    }

    private static func translateDeep(
        _ value: JSONValue, pointer: JSONPointer, version: SourceVersion, notes: inout [Note]
    ) -> JSONValue {
        translated(value, pointer: pointer, version: version, notes: &notes) ?? value
    }

    /// `value` translated, or `nil` when nothing in it changes: most schemas of a large contract need
    /// nothing, and setting every subschema back by key rebuilt (and copied) each object on the way.
    private static func translated(
        _ value: JSONValue, pointer: JSONPointer, version: SourceVersion, notes: inout [Note]
    ) -> JSONValue? {
        guard case .object(let original) = value else { return nil }
        let (rewrittenObject, kinds) = translatedShallow(original, from: version)
        var changed = rewrittenObject != nil
        let shallow = rewrittenObject ?? original
        if !kinds.isEmpty { notes.append(contentsOf: kinds.map { Note(kind: $0, pointer: pointer) }) }
        var members = shallow.members
        for offset in shallow.members.indices {
            let keyword = shallow.members[offset].key
            // The pointer is spelled only for members that hold subschemas (most members do not).
            let rewritten: JSONValue?
            switch shallow.members[offset].value {
            case .object(let inner) where SubschemaKeyword.places(of: keyword).contains(.map):
                let child = pointer.appending(keyword)
                var entries = inner.members
                var entriesChanged = false
                for index in inner.members.indices {
                    guard
                        let entry = translated(
                            inner.members[index].value, pointer: child.appending(inner.members[index].key),
                            version: version, notes: &notes)
                    else { continue }
                    entries[index].value = entry
                    entriesChanged = true
                }
                rewritten = entriesChanged ? .object(JSONObject(members: entries, position: inner.position)) : nil
            case .object where SubschemaKeyword.places(of: keyword).contains(.single):
                rewritten = translated(
                    shallow.members[offset].value, pointer: pointer.appending(keyword), version: version,
                    notes: &notes)
            case .array(let elements) where SubschemaKeyword.places(of: keyword).contains(.array):
                let child = pointer.appending(keyword)
                var translatedElements = elements
                var elementsChanged = false
                for index in elements.indices {
                    guard
                        let element = translated(
                            elements[index], pointer: child.appending(index), version: version, notes: &notes)
                    else { continue }
                    translatedElements[index] = element
                    elementsChanged = true
                }
                rewritten = elementsChanged ? .array(translatedElements) : nil
            default:
                rewritten = nil
            }
            guard let rewritten else { continue }
            members[offset].value = rewritten
            changed = true
        }
        guard changed else { return nil }
        return .object(JSONObject(members: members, position: shallow.position))
    }

    /// Translates one schema object's own keywords, leaving subschemas alone.
    static func translateShallow(_ original: JSONObject, from version: SourceVersion = .oas30) -> (
        object: JSONObject, notes: [Note.Kind]
    ) {
        let (object, notes) = translatedShallow(original, from: version)
        return (object ?? original, notes)
    }

    /// The same, with `nil` for an object that needs no change (most, and every bare `{"$ref": …}`).
    private static func translatedShallow(_ original: JSONObject, from version: SourceVersion) -> (
        object: JSONObject?, notes: [Note.Kind]
    ) {
        guard mayNeedTranslation(original, from: version) else { return (nil, []) }
        if original["$ref"] != nil {
            if original.count == 1 { return (nil, []) }
            let kept = original.members.filter { $0.key == "$ref" }
            return (JSONObject(members: kept, position: original.position), [])
        }
        var object = original
        var notes: [Note.Kind] = []
        if version == .swagger20, object["type"]?.stringValue == "file" {
            object["type"] = "string"
            object["format"] = "binary"
        }
        let nullableKey = nullableKey(of: object, from: version)
        if let nullable = object[nullableKey]?.boolValue {
            object[nullableKey] = nil
            if nullable {
                switch object["type"] {
                case .string(let type)?:
                    object["type"] = [.string(type), "null"]
                case .array(var types)? where !types.contains("null"):
                    types.append("null")
                    object["type"] = .array(types)
                case nil:
                    notes.append(.nullableWithoutType)
                default:
                    break
                }
                if case .array(let values)? = object["enum"], !values.contains(.null) {
                    notes.append(.enumWithoutNull)
                }
            }
        }
        for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            guard let flag = object[exclusive]?.boolValue else { continue }
            if flag, let value = object[bound] {
                object[exclusive] = value
                object[bound] = nil
            } else {
                object[exclusive] = nil
            }
        }
        return (object, notes)
    }

    /// The member that marks the object nullable: `x-nullable` in 2.0; `nullable` in 3.0, or `x-nullable`
    /// when only that is written (the `.oas30` dialect compiles 2.0 documents too, so it reads both).
    private static func nullableKey(of object: JSONObject, from version: SourceVersion) -> String {
        if version == .swagger20 || (object["nullable"] == nil && object["x-nullable"] != nil) { return "x-nullable" }
        return "nullable"
    }

    /// Whether the schema object says `nullable: true` (or `x-nullable: true`), which read leniently lets
    /// `null` pass whatever keywords stand beside it (`NullableReading.lenient`).
    package static func declaresNullable(_ object: JSONObject, from version: SourceVersion = .oas30) -> Bool {
        object[nullableKey(of: object, from: version)]?.boolValue == true
    }

    /// Whether the object may have a member `translateShallow` rewrites (`$ref`, `nullable`, `x-nullable`,
    /// `exclusiveMinimum`, `exclusiveMaximum`, and `type: file` in 2.0), told by each key's length and first byte:
    /// most schemas have none, and one pass over the keys costs less than a lookup per keyword (which
    /// compared strings a few hundred thousand times per large contract). A false positive only takes the
    /// full path; no other key can equal these ASCII names. (A `KeywordTable` of the five keywords gave
    /// the exact answer but cost more than this filter saves over it, as for `SubschemaKeyword`.)
    private static func mayNeedTranslation(_ object: JSONObject, from version: SourceVersion) -> Bool {
        for member in object.members {
            let key = member.key.utf8
            switch (key.count, key.first) {
            case (4, UInt8(ascii: "$")?), (8, UInt8(ascii: "n")?), (10, UInt8(ascii: "x")?), (16, UInt8(ascii: "e")?):
                return true
            case (4, UInt8(ascii: "t")?) where version == .swagger20 && member.value.stringValue == "file":
                // Only `type: file` is rewritten: every 2.0 schema with a `type` took the full path.
                return true
            default:
                continue
            }
        }
        return false
    }
}
