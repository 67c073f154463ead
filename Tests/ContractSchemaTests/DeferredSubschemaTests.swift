import ContractJSON
import ContractSchema
import Testing

/// A catalog that defers the subschemas under `properties`, `items` and the like compiles each when a value
/// first reaches it. Its verdicts and errors must be the eager catalog's, for every keyword that applies
/// below, in every validation context, from values and from bytes, and from many threads at once; and a
/// subschema that does not compile fails only the values that reach it, saying why.
@Suite("Deferred subschemas")
struct DeferredSubschemaTests {
    static let uri = "file:///work/contracts/shop.json"

    static let schemas = ##"""
        {"$defs": {
          "List": {"type": "object", "required": ["data"], "additionalProperties": false,
                   "properties": {"data": {"type": "array", "items": {"$ref": "#/$defs/Customer"}},
                                  "has_more": {"type": "boolean"}}},
          "Customer": {"type": "object", "required": ["id"], "properties": {
              "id": {"type": "string", "pattern": "^cus_"},
              "account": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/Account"}]},
              "secret": {"type": "string", "writeOnly": true},
              "created": {"$ref": "#/$defs/Timestamp"},
              "tags": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"},
                       "contains": {"const": 1}},
              "meta": {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
                       "additionalProperties": {"type": "integer"}, "propertyNames": {"maxLength": 6}}}},
          "Account": {"type": "object", "required": ["owner"], "properties": {"owner": {"$ref": "#/$defs/Customer"}}},
          "Timestamp": {"type": "integer", "minimum": 0, "readOnly": true}
        }}
        """##

    static let values: [String] = [
        #"{"data": []}"#,
        #"{"data": [{"id": "cus_1"}], "has_more": false}"#,
        #"{"data": [{"id": "acct_1"}]}"#,
        #"{"data": [{"id": "cus_1", "account": "acct_1"}]}"#,
        #"{"data": [{"id": "cus_1", "account": {"owner": {"id": "cus_2", "account": {"owner": {"id": 3}}}}}]}"#,
        #"{"data": [{"id": "cus_1", "account": {"owner": {"id": "cus_2"}}}]}"#,
        #"{"data": [{"id": "cus_1", "secret": "s3cret"}]}"#,
        #"{"data": [{"id": "cus_1", "created": 1700000000}]}"#,
        #"{"data": [{"id": "cus_1", "created": -1}]}"#,
        #"{"data": [{"id": "cus_1", "tags": ["a", 1, 2]}]}"#,
        #"{"data": [{"id": "cus_1", "tags": ["a", 2]}]}"#,
        #"{"data": [{"id": "cus_1", "tags": [1, 1]}]}"#,
        #"{"data": [{"id": "cus_1", "meta": {"x-a": "b", "n": 2}}]}"#,
        #"{"data": [{"id": "cus_1", "meta": {"x-a": 1}}]}"#,
        #"{"data": [{"id": "cus_1", "meta": {"n": "two"}}]}"#,
        #"{"data": [{"id": "cus_1", "meta": {"toolong": 1}}]}"#,
        #"{"data": [{"id": "cus_1"}], "extra": true}"#,
        #"{"data": {}}"#,
    ]

    static func registry(_ text: String) throws -> SchemaRegistry {
        var registry = SchemaRegistry()
        registry.add(try JSONParser.parse(text), uri: uri, dialect: .draft2020_12, displayPath: "shop.json")
        return registry
    }

    static func list(_ catalog: SchemaCatalog) throws -> CompiledSchema {
        try catalog.schema(inDocument: uri, at: #require(JSONPointer("/$defs/List")))
    }

    /// Every verdict and error list of `schema` over `values`, in each context, from values and from bytes.
    static func outcomes(_ schema: CompiledSchema) throws -> [String] {
        var outcomes: [String] = []
        for text in values {
            let value = try JSONParser.parse(text)
            for context in [ValidationContext.none, .request, .response] {
                let bytes = Array(text.utf8)
                outcomes.append(
                    "\(text) \(context): \(schema.isValid(value, context: context)) "
                        + "\(try schema.isValid(json: bytes, context: context)) "
                        + "\(schema.validate(value, context: context)) \(try schema.validate(json: bytes, context: context))")
            }
        }
        return outcomes
    }

    @Test("a deferring catalog gives the eager catalog's verdicts and errors, from values and from bytes")
    func sameVerdicts() throws {
        let eager = try Self.outcomes(Self.list(SchemaCatalog(registry: Self.registry(Self.schemas))))
        let deferred = try Self.outcomes(
            Self.list(SchemaCatalog(registry: Self.registry(Self.schemas), defersSubschemas: true)))
        #expect(eager.count == Self.values.count * 3)
        for (eagerOutcome, deferredOutcome) in zip(eager, deferred) {
            #expect(eagerOutcome == deferredOutcome)
        }
        // Not a vacuous comparison: some values pass and some fail.
        #expect(eager.contains { $0.contains(": true true [] []") })
        #expect(eager.contains { $0.contains(": false false [") })
    }

    @Test("threads that first use a deferring catalog at once agree with the eager catalog")
    func concurrentFirstUse() async throws {
        let expected = try Self.outcomes(Self.list(SchemaCatalog(registry: Self.registry(Self.schemas))))
        for _ in 0..<5 {
            let schema = try Self.list(SchemaCatalog(registry: Self.registry(Self.schemas), defersSubschemas: true))
            let results = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 { group.addTask { try Self.outcomes(schema) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 8)
            for result in results { #expect(result == expected) }
        }
    }

    @Test("a subschema that does not compile fails only the values that reach it, quoting the compile error")
    func uncompiledSubschema() throws {
        let broken = Self.schemas.replacing(
            ##""properties": {"owner": {"$ref": "#/$defs/Customer"}}"##,
            with: ##""properties": {"owner": {"$ref": "#/$defs/Customer"}, "note": {"pattern": "(unclosed"}}"##)
        #expect(broken != Self.schemas)
        // The eager catalog refuses the whole list schema.
        #expect(throws: SchemaCompileErrors.self) { try Self.list(SchemaCatalog(registry: Self.registry(broken))) }
        let list = try Self.list(SchemaCatalog(registry: Self.registry(broken), defersSubschemas: true))
        for valid in [
            #"{"data": [{"id": "cus_1", "account": "acct_1"}]}"#,
            #"{"data": [{"id": "cus_1", "account": {"owner": {"id": "cus_2"}}}]}"#,
        ] {
            #expect(list.isValid(try JSONParser.parse(valid)), "\(valid)")
            #expect(try list.isValid(json: Array(valid.utf8)), "\(valid)")
        }
        let text = #"{"data": [{"id": "cus_1", "account": {"owner": {"id": "cus_2"}, "note": "n"}}]}"#
        let reaching = try JSONParser.parse(text)
        #expect(!list.isValid(reaching))
        #expect(try !list.isValid(json: Array(text.utf8)))
        let errors = list.validate(reaching)
        let quoted = errors.flatMap { [$0] + $0.branches.flatMap(\.errors) }.first {
            $0.expected.contains("a schema that compiles") && $0.expected.contains("#/$defs/Account/properties/note")
        }
        #expect(quoted != nil, "\(errors)")
    }
}
