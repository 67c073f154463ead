import ContractJSON
import ContractSchema
import Testing

/// A subschema that is only a `$ref` is compiled as its target's node (no forwarding node of its own).
/// Everything a user sees must stay as it was: verdicts, error locations, readOnly/writeOnly through the
/// reference, references to the reference's own location, and unresolvable references reported where written.
@Suite("Reference-only subschemas")
struct ReferenceOnlySubschemaTests {
    static let document = """
        {
          "components": {
            "schemas": {
              "Owner": {
                "type": "object",
                "required": ["id", "pet"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Id"},
                  "pet": {"$ref": "#/components/schemas/Pet"},
                  "tags": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}},
                  "either": {"oneOf": [{"$ref": "#/components/schemas/Tag"}, {"$ref": "#/components/schemas/Id"}]},
                  "viaProperty": {"$ref": "#/components/schemas/Owner/properties/pet"},
                  "node": {"$ref": "#/components/schemas/Owner"}
                }
              },
              "Id": {"type": "integer", "readOnly": true},
              "Pet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
              "Tag": {"type": "string", "enum": ["a", "b"]},
              "Broken": {"properties": {"x": {"$ref": "#/components/schemas/Missing"}}}
            }
          }
        }
        """

    static func compiled(_ name: String) throws -> CompiledSchema {
        try compiledSchema(in: Self.document, uri: "file:///c/api.json", at: "#/components/schemas/\(name)")
    }

    @Test("verdicts through property, items, branch and recursive references")
    func verdicts() throws {
        let owner = try Self.compiled("Owner")
        #expect(owner.isValid(["id": 1, "pet": ["name": "Rex"], "tags": ["a"], "either": "b"]))
        #expect(!owner.isValid(["id": "1", "pet": ["name": "Rex"]]))
        #expect(!owner.isValid(["id": 1, "pet": [:]]))
        #expect(!owner.isValid(["id": 1, "pet": ["name": "Rex"], "tags": ["c"]]))
        #expect(owner.isValid(["id": 1, "pet": ["name": "Rex"], "either": 3]))
        #expect(!owner.isValid(["id": 1, "pet": ["name": "Rex"], "either": true]))
        #expect(!owner.isValid(["id": 1, "pet": ["name": "Rex"], "node": ["id": 2, "pet": ["name": 5]]]))
        #expect(owner.isValid(["id": 1, "pet": ["name": "Rex"], "node": ["id": 2, "pet": ["name": "Kit"]]]))
    }

    @Test("a reference to a reference-only property's location still resolves to its target")
    func referenceToTheReference() throws {
        let owner = try Self.compiled("Owner")
        #expect(owner.isValid(["id": 1, "pet": ["name": "Rex"], "viaProperty": ["name": "Kit"]]))
        let errors = owner.validate(["id": 1, "pet": ["name": "Rex"], "viaProperty": ["name": 7]])
        #expect(errors.map(\.schemaLocation.fragment) == ["#/components/schemas/Pet/properties/name/type"])
        #expect(errors.map(\.instancePath.description) == ["$.viaProperty.name"])
    }

    @Test("errors name the target's keyword and the instance's place, with the target's line")
    func errorLocations() throws {
        let errors = try Self.compiled("Owner").validate(["id": "x", "pet": ["name": "Rex"], "tags": ["z"]])
        #expect(errors.map(\.keyword) == ["type", "enum"])
        #expect(
            errors.map(\.schemaLocation.fragment) == ["#/components/schemas/Id/type", "#/components/schemas/Tag/enum"])
        #expect(errors.map(\.instancePath.description) == ["$.id", "$.tags[0]"])
        #expect(errors.first?.sourceLocation?.description.hasPrefix("contracts/api.json:16:") == true)
    }

    @Test("readOnly on the target applies through a reference-only property")
    func accessFlags() throws {
        let owner = try Self.compiled("Owner")
        let request = owner.validate(["id": 1, "pet": ["name": "Rex"]], context: .request)
        #expect(request.map(\.keyword) == ["readOnly"])
        #expect(request.first?.instancePath.description == "$.id")
        #expect(owner.isValid(["pet": ["name": "Rex"]], context: .request))
        #expect(!owner.isValid(["pet": ["name": "Rex"]], context: .none))
    }

    @Test("a reference-only property naming nothing is one compile error naming the missing place")
    func unresolved() throws {
        let error = try #require(throws: SchemaCompileErrors.self) { try Self.compiled("Broken") }
        #expect(error.errors.map(\.message) == ["no schema at #/components/schemas/Missing"])
        #expect(error.errors.first?.schemaLocation.fragment == "#/components/schemas/Missing")
    }

    @Test("a root written as only a $ref validates as its target, in its resource or another")
    func roots() throws {
        let text = """
            {"$defs": {
              "okPet": {"$ref": "#/$defs/Pet"},
              "okWrapped": {"$ref": "urn:example:wrapped"},
              "Pet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
              "Wrapped": {"$id": "urn:example:wrapped", "type": "integer", "minimum": 3}}}
            """
        let document = try JSONParser.parse(text)
        var registry = SchemaRegistry()
        registry.add(document, uri: "file:///c/roots.json", dialect: .draft2020_12, displayPath: "contracts/roots.json")
        let catalog = SchemaCatalog(registry: registry)
        func root(_ name: String) throws -> CompiledSchema {
            let pointer = JSONPointer(tokens: ["$defs", name])
            return try catalog.schema(
                inDocument: "file:///c/roots.json", at: pointer, writtenAs: pointer.resolveWithPosition(in: document))
        }
        let pet = try root("okPet")
        #expect(pet.isValid(["name": "Rex"]))
        let errors = pet.validate(["name": 1])
        #expect(errors.map(\.schemaLocation.fragment) == ["#/$defs/Pet/properties/name/type"])
        // The target is in another resource (its own `$id`): compiled through a forwarding node, as before.
        let wrapped = try root("okWrapped")
        #expect(wrapped.isValid(4))
        #expect(wrapped.validate(2).map(\.keyword) == ["minimum"])
    }
}
