import ContractJSON
import ContractSchema
import ContractSpec

/// The names of the body members an operation's schemas mark as secret: properties whose schema says
/// `writeOnly: true` or `format: password` (directly, or through `$ref` and `allOf`), found in its request
/// body and every response body, at any depth. Worked out once per operation.
final class SecretMembers: Sendable {
    /// How deep the walk follows subschemas and references: far beyond any real contract, and a bound on
    /// recursive schemas that the visited set does not stop (the same `$ref` reached with another base).
    private static let maximumDepth = 64

    private let document: Spec.Document
    private let known = Locked<[String: Set<String>]>([:])

    init(document: Spec.Document) {
        self.document = document
    }

    /// The secret member names of the operation `reference` names; none for an unknown operation.
    func names(for reference: OperationReference) -> Set<String> {
        let key = reference.method + " " + reference.path
        if let names = known.withLock({ $0[key] }) { return names }
        guard
            let operation = document.operations.first(where: {
                $0.method == reference.method && $0.template.text == reference.path
            })
        else { return [] }
        var bodies = operation.requestBody?.content ?? []
        bodies += operation.responses.flatMap(\.content)
        var walk = Walk(schemas: document.compiledSchemas)
        for schema in bodies.flatMap({ [$0.schema, $0.itemSchema] }).compactMap(\.self) {
            walk.visit(schema.value, base: schema.baseURI, depth: 0)
        }
        let names = walk.names
        known.withLock { $0[key] = names }
        return names
    }

    /// One walk through an operation's schemas.
    private struct Walk {
        let schemas: ContractSchemas
        var names: Set<String> = []
        /// The references followed already (absolute URIs).
        var visited: Set<String> = []

        init(schemas: ContractSchemas) {
            self.schemas = schemas
        }

        /// Collects the secret properties of `schema` (written in the resource at `base`) and its subschemas.
        mutating func visit(_ schema: JSONValue, base: String, depth: Int) {
            guard depth < SecretMembers.maximumDepth, case .object(let object) = schema else { return }
            if case .string(let reference)? = object["$ref"], let target = resolve(reference, base: base) {
                visit(target.value, base: target.base, depth: depth + 1)
            }
            // Every keyword that holds subschemas, as the schema engine tells them; a secret property may
            // stand under any of them.
            for member in object {
                let places = SubschemaKeyword.places(of: member.key)
                guard !places.isEmpty else { continue }
                switch member.value {
                case .object(let map) where places.contains(.map):
                    for entry in map {
                        var followed: Set<String> = []
                        if member.key == "properties", isSecret(entry.value, base: base, followed: &followed) {
                            names.insert(entry.key)
                        }
                        visit(entry.value, base: base, depth: depth + 1)
                    }
                case .object where places.contains(.single):
                    visit(member.value, base: base, depth: depth + 1)
                case .array(let items) where places.contains(.array):
                    for item in items { visit(item, base: base, depth: depth + 1) }
                default:
                    break
                }
            }
        }

        /// Whether a property's schema says `writeOnly: true` or `format: password`, itself or through
        /// `$ref` and `allOf` (which apply to the same value); `followed` holds the references followed on
        /// the way, so that references that lead back are followed once.
        private func isSecret(_ schema: JSONValue, base: String, followed: inout Set<String>) -> Bool {
            guard followed.count < SecretMembers.maximumDepth, case .object(let object) = schema else { return false }
            if object["writeOnly"]?.boolValue == true || object["format"]?.stringValue == "password" { return true }
            if case .string(let reference)? = object["$ref"],
                followed.insert(schemas.resolve(reference, against: base)).inserted,
                let target = resolveTarget(reference, base),
                isSecret(target.value, base: target.base, followed: &followed)
            {
                return true
            }
            for part in object["allOf"]?.arrayValue ?? [] where isSecret(part, base: base, followed: &followed) {
                return true
            }
            return false
        }

        /// The schema a `$ref` names and the base its own references resolve against; `nil` when it names
        /// nothing in the contract or was followed already.
        private mutating func resolve(_ reference: String, base: String) -> (value: JSONValue, base: String)? {
            let uri = schemas.resolve(reference, against: base)
            guard visited.insert(uri).inserted else { return nil }
            return resolveTarget(reference, base)
        }

        private func resolveTarget(_ reference: String, _ base: String) -> (value: JSONValue, base: String)? {
            let uri = schemas.resolve(reference, against: base)
            guard let value = schemas.schemaValue(at: uri) else { return nil }
            let targetBase = uri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
            return (value, targetBase.map(String.init) ?? uri)
        }
    }
}
