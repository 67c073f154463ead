import ContractJSON
import ContractSchema
import Testing

/// The catalog keeps each root's result by document and pointer, and remembers the last document asked
/// about: these tests switch documents between calls, ask for unknown ones, and ask twice for a root that
/// fails to compile.
@Suite("Schema catalog")
struct SchemaCatalogTests {
    static let petsURI = "file:///work/contracts/pets.json"
    static let ordersURI = "file:///work/contracts/orders.json"

    static func catalog() throws -> SchemaCatalog {
        var registry = SchemaRegistry()
        registry.add(
            try JSONParser.parse(
                ##"{"$defs": {"Pet": {"type": "string"}, "Broken": {"$ref": "#/$defs/Missing"}}}"##),
            uri: petsURI, dialect: .draft2020_12, displayPath: "pets.json")
        registry.add(
            try JSONParser.parse(#"{"$defs": {"Pet": {"type": "integer"}, "Order": {"type": "object"}}}"#),
            uri: ordersURI, dialect: .draft2020_12, displayPath: "orders.json")
        return SchemaCatalog(registry: registry)
    }

    static func pointer(_ text: String) throws -> JSONPointer {
        try #require(JSONPointer(text))
    }

    @Test("the same pointer in two documents gives each document's schema, however the calls alternate")
    func documentsAlternate() throws {
        let catalog = try Self.catalog()
        for _ in 0..<2 {
            let pets = try catalog.schema(inDocument: Self.petsURI, at: Self.pointer("/$defs/Pet"))
            let orders = try catalog.schema(inDocument: Self.ordersURI, at: Self.pointer("/$defs/Pet"))
            #expect(pets.isValid("Rex"))
            #expect(!pets.isValid(3))
            #expect(orders.isValid(3))
            #expect(!orders.isValid("Rex"))
        }
        #expect(try catalog.schema(at: Self.ordersURI + "#/$defs/Order").isValid([:]))
        #expect(try catalog.schema(inDocument: Self.petsURI, at: Self.pointer("/$defs/Pet")).isValid("Tom"))
    }

    @Test("an unknown document is an error, before and after known documents were used")
    func unknownDocument() throws {
        let catalog = try Self.catalog()
        let unknown = "file:///work/contracts/missing.json"
        for round in 0..<2 {
            let error = #expect(throws: SchemaCompileErrors.self) {
                try catalog.schema(inDocument: unknown, at: Self.pointer("/$defs/Pet"))
            }
            #expect(error?.errors.first?.message == "no schema registered at \(unknown)", "round \(round)")
            _ = try catalog.schema(inDocument: Self.petsURI, at: Self.pointer("/$defs/Pet"))
        }
    }

    @Test("a root that fails to compile fails again, with the same errors, on every later call")
    func failuresAreKept() throws {
        let catalog = try Self.catalog()
        var messages: [[String]] = []
        for _ in 0..<2 {
            let error = #expect(throws: SchemaCompileErrors.self) {
                try catalog.schema(inDocument: Self.petsURI, at: Self.pointer("/$defs/Broken"))
            }
            messages.append(error?.errors.map(\.message) ?? [])
            _ = try catalog.schema(inDocument: Self.ordersURI, at: Self.pointer("/$defs/Order"))
        }
        #expect(messages[0].isEmpty == false)
        #expect(messages[0] == messages[1])
        #expect(try catalog.schema(inDocument: Self.petsURI, at: Self.pointer("/$defs/Pet")).isValid("Rex"))
    }
}
