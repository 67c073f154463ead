import ContractJSON
import ContractSchema

/// Walks every schema the builders found (and every schema their `$ref`s reach) once, checking
/// that `$ref`s resolve, that no `$ref` chain loops without reaching a schema, that `type` names
/// real types, and warning about unknown formats and `required` names with no property.
struct SchemaChecks {
    static let knownFormats: Set<String> = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri",
        "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer", "relative-json-pointer",
        "regex",
        "int32", "int64", "float", "double", "byte", "binary", "password",
    ]
    static let types: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]
    static let singleSubschemas = [
        "additionalItems", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items",
    ]
    static let listSubschemas = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    static let mapSubschemas = [
        "properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies",
    ]

    /// Each subschema keyword's places in the walk's order (singles, then lists, then maps; `items`
    /// is in two), so one pass over a schema's members finds them all: looking every keyword up in
    /// every schema was most of the walk.
    private static let subschemaRanks: [(key: String, ranks: [Int])] = {
        var ranks: [(key: String, ranks: [Int])] = []
        for (rank, key) in (singleSubschemas + listSubschemas + mapSubschemas).enumerated() {
            if let known = ranks.firstIndex(where: { $0.key == key }) {
                ranks[known].ranks.append(rank)
            } else {
                ranks.append((key, [rank]))
            }
        }
        return ranks
    }()
    private static let subschemaKeywords = KeywordTable(subschemaRanks.map(\.key))

    let context: BuildContext

    func run(root: SourceNode) {
        var visited: Set<String> = []
        // Component schemas carry their key, so a `$ref` reaching them later finds them visited.
        for schema in context.schemaRoots where schema.referenceKey.map({ visited.insert($0).inserted }) ?? true {
            walk(schema, underIdentifier: false, inComposition: false, visited: &visited, depth: 0)
        }
    }

    /// Walks one schema tree. Trees are finite, so only the roots and `$ref` targets are remembered
    /// as visited: that stops cycles, and it keeps hashing off every node. `inComposition`: the schema
    /// is a branch of `allOf`/`anyOf`/`oneOf`, whose `required` may name properties a sibling defines.
    private func walk(
        _ node: SourceNode, underIdentifier: Bool, inComposition: Bool, visited: inout Set<String>, depth: Int
    ) {
        guard case .object(let object) = node.value, depth < 200 else { return }
        let keys = SchemaKeywords(object)
        let scoped = underIdentifier || keys[.id] != nil
        if let reference = keys[.ref]?.value, !scoped {
            if let (target, key) = followReference(node, reference: reference), visited.insert(key).inserted {
                walk(target, underIdentifier: false, inComposition: false, visited: &visited, depth: depth + 1)
            }
            // In 3.0 and 2.0 the siblings of $ref are ignored, so there is nothing else to check here.
            if context.version.usesDraft4Schemas { return }
        }
        checkType(node, keys[.type])
        if keys[.defaultValue] != nil || keys[.example] != nil || keys[.examples] != nil {
            context.annotatedSchemas.append(node)
        }
        if let member = keys[.format], let format = member.value.stringValue, !Self.knownFormats.contains(format) {
            context.warning(
                "schema.format-unknown", "unknown format '\(format)' is not checked", at: node.child(member))
        }
        if !inComposition { checkRequired(node, keys) }
        if context.version.usesDraft4Schemas, let member = keys[.nullable], member.value.boolValue == true,
            keys[.type] == nil
        {
            let nullable = node.child(member)
            context.warning(
                "schema.nullable-ignored",
                "nullable: true has no effect without 'type' in the same schema (OAS 3.0.3); null is rejected here unless another keyword allows it",
                at: nullable)
        }
        if context.version.usesDraft4Schemas, keys[.nullable]?.value.boolValue == true,
            let member = keys[.enumValues], case .array(let values) = member.value, !values.contains(.null)
        {
            let enumNode = node.child(member)
            context.warning(
                "schema.nullable-enum",
                "nullable: true, but 'enum' does not list null, so null is rejected (OAS 3.0.3); add null to the enum to allow it",
                at: enumNode)
        }
        for (rank, member) in Self.subschemaMembers(of: object) {
            let child = node.child(member)
            if rank < Self.singleSubschemas.count {
                guard child.value.objectValue != nil else { continue }
                walk(child, underIdentifier: scoped, inComposition: false, visited: &visited, depth: depth + 1)
            } else if rank < Self.singleSubschemas.count + Self.listSubschemas.count {
                let composing = member.key == "allOf" || member.key == "anyOf" || member.key == "oneOf"
                for element in child.elements {
                    walk(
                        element, underIdentifier: scoped, inComposition: composing, visited: &visited, depth: depth + 1)
                }
            } else {
                guard child.value.objectValue != nil else { continue }
                for (_, grandchild) in child.members where grandchild.value.objectValue != nil {
                    walk(grandchild, underIdentifier: scoped, inComposition: false, visited: &visited, depth: depth + 1)
                }
            }
        }
    }

    /// The subschema keywords of a schema object with their ranks, in rank order; the last of a
    /// repeated key wins, as lookups by key do.
    private static func subschemaMembers(of object: JSONObject) -> [(rank: Int, member: JSONObject.Member)] {
        var found: [(rank: Int, member: JSONObject.Member)] = []
        for member in object.members {
            guard let index = subschemaKeywords[member.key] else { continue }
            for rank in subschemaRanks[index].ranks {
                if let existing = found.firstIndex(where: { $0.rank == rank }) {
                    found[existing].member = member
                } else {
                    found.append((rank, member))
                }
            }
        }
        return found.count > 1 ? found.sorted { $0.rank < $1.rank } : found
    }

    /// Resolves a schema `$ref`, following chains of bare `$ref`s; reports dead ends and loops.
    private func followReference(_ node: SourceNode, reference: JSONValue) -> (SourceNode, String)? {
        guard case .string(let text) = reference else {
            context.error("schema.ref", "$ref must be a string", at: node.child("$ref") ?? node)
            return nil
        }
        // Plain-name fragments are $anchor references: the schema engine resolves them.
        if Self.namesAnchor(text) { return nil }
        var current = node
        var key = ""
        var chain: [String] = []
        while case .object(let object) = current.value, case .string(let next)? = object["$ref"] {
            if chain.contains(key) {
                context.error(
                    "ref.cycle",
                    "circular $ref chain with no schema in between: "
                        + (chain.count > 1 ? "\(chain.count) refs loop" : "a $ref to itself"),
                    at: node.child("$ref") ?? node)
                return nil
            }
            chain.append(key)
            switch ReferenceResolver.resolve(next, from: current.file, in: context.workspace) {
            case .success(let target):
                current = SourceNode(
                    file: target.file, pointer: target.pointer, value: target.value, position: target.position)
                key = target.key
            case .failure(let problem):
                context.error(problem.code, problem.message, at: current.child("$ref") ?? current)
                return nil
            }
            // A $ref with siblings is a schema of its own in 2020-12: the chain ends there.
            if !context.version.usesDraft4Schemas, object.count > 1 { break }
        }
        return (current, key)
    }

    /// Whether the `$ref` text's fragment is a plain name (`#node`, an `$anchor`) rather than a pointer.
    /// Read as bytes: `#`, `/` and `%` are ASCII, and a `Character` search was a tenth of following a `$ref`.
    static func namesAnchor(_ reference: String) -> Bool {
        var bytes = reference.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "#") else { continue }
            guard let first = bytes.next() else { return false }
            return first != UInt8(ascii: "/") && first != UInt8(ascii: "%")
        }
        return false
    }

    private func checkType(_ node: SourceNode, _ typeMember: JSONObject.Member?) {
        guard let typeMember else { return }
        // The node (and its pointer) is made only for a message: most types are fine.
        var typeNode: SourceNode { node.child(typeMember) }
        switch typeMember.value {
        case .string(let name):
            if !Self.types.contains(name)
                || (context.version.usesDraft4Schemas && name == "null" && context.version != .swagger2)
            {
                context.error(
                    "schema.type",
                    "'\(name)' is not a JSON Schema type (\(Self.types.sorted().joined(separator: ", ")))", at: typeNode
                )
            }
        case .array(let names) where !context.version.usesDraft4Schemas:
            for name in names where !(name.stringValue.map(Self.types.contains) ?? false) {
                context.error("schema.type", "'type' lists \(name), which is not a JSON Schema type", at: typeNode)
            }
        default:
            let expected = context.version.usesDraft4Schemas ? "a string" : "a string or an array of strings"
            context.error("schema.type", "'type' must be \(expected), found \(typeNode.kindDescription)", at: typeNode)
        }
    }

    private func checkRequired(_ node: SourceNode, _ keys: SchemaKeywords) {
        guard let required = keys[.required], case .array(let names) = required.value,
            case .object(let properties)? = keys[.properties]?.value, !keys.composes
        else { return }
        for case .string(let name) in names where !properties.contains(name) {
            context.warning(
                "schema.required-undefined", "required property '\(name)' is not defined in 'properties'",
                at: node.child(required))
        }
    }
}
