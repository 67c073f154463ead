/// Declared properties in the order first written, each with every schema that applies to it.
struct DeclaredProperties: Sendable {
    private(set) var names: [String] = []
    private var schemas: [String: [LocatedSchema]] = [:]
    private(set) var required: [String] = []
    /// Members that close the object (`additionalProperties: false`), or give a schema to undeclared names:
    /// each with the names and patterns it declares itself, since `additionalProperties` looks only at its
    /// own schema object's `properties`.
    private(set) var additional: [(declared: Set<String>, patterns: [String], schema: LocatedSchema)] = []
    private(set) var patternProperties: [(pattern: String, schema: LocatedSchema)] = []

    var isEmpty: Bool { names.isEmpty }

    func schemas(for name: String) -> [LocatedSchema] { schemas[name] ?? [] }

    mutating func add(_ name: String, _ schema: LocatedSchema) {
        if schemas[name] == nil { names.append(name) }
        schemas[name, default: []].append(schema)
    }

    mutating func require(_ name: String) {
        if !required.contains(name) { required.append(name) }
        if schemas[name] == nil {
            names.append(name)
            schemas[name] = []
        }
    }

    mutating func addPattern(_ pattern: String, _ schema: LocatedSchema) {
        patternProperties.append((pattern, schema))
    }

    mutating func addAdditional(declared: Set<String>, patterns: [String], schema: LocatedSchema) {
        additional.append((declared, patterns, schema))
    }
}
