import ContractJSON
import ContractSchema
import Testing

/// Schemas whose validation of one value would take exponential time are refused when they compile, with
/// the place to fix; recursion through properties, shared subschemas and loops in place still compile.
@Suite("In-place expansion")
struct InPlaceExpansionTests {
    /// `S0` … `S39` each apply the next one twice (`allOf` of two `$ref`s), `S40` is a string: 2^40
    /// visits of one value, from a document of two kilobytes.
    static func doublingChain(levels: Int) -> String {
        let definitions = (0..<levels).map { level in
            ##""S\##(level)": {"allOf": [{"$ref": "#/$defs/S\##(level + 1)"}, {"$ref": "#/$defs/S\##(level + 1)"}]}"##
        }
        return ##"{"$ref": "#/$defs/S0", "$defs": {"## + definitions.joined(separator: ",\n")
            + ##", "S\##(levels)": {"type": "string"}}}"##
    }

    static func compileErrors(_ text: String, at fragment: String = "#") throws -> [SchemaCompileError] {
        do {
            _ = try compiledSchema(in: text, uri: "file:///c/api.json", at: fragment)
            return []
        } catch let errors as SchemaCompileErrors {
            return errors.errors
        }
    }

    @Test func anExponentialSchemaIsRefusedWhereItsCountPassesTheLimit() throws {
        let errors = try Self.compileErrors(Self.doublingChain(levels: 40))
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        // S24 is the first (deepest) schema whose 2^17 - 1 visits pass 100,000.
        #expect(error.schemaLocation.fragment == "#/$defs/S24")
        #expect(error.sourceLocation?.position.line == 25)
        #expect(error.message.contains("more than 100000 schemas in place"))
        #expect(error.message.contains("refer to a repeated subschema once"))
    }

    @Test func aShallowRepetitionStillCompilesAndValidates() throws {
        // 2^12 - 1 visits: under the limit.
        let text = Self.doublingChain(levels: 11)
        #expect(try Self.compileErrors(text).isEmpty)
        let schema = try compiledSchema(in: text, uri: "file:///c/api.json", at: "#")
        #expect(schema.isValid(.string("x")))
        #expect(!schema.isValid(try JSONParser.parse("1")))
    }

    @Test func aSchemaThatReachesARefusedOneIsRefusedToo() throws {
        // One catalog, as a contract's: the second root's nodes were all compiled (and refused) with the first.
        let uri = "file:///c/api.json"
        var registry = SchemaRegistry()
        registry.add(try JSONParser.parse(Self.doublingChain(levels: 40)), uri: uri, dialect: .draft2020_12)
        let catalog = SchemaCatalog(registry: registry)
        #expect(throws: SchemaCompileErrors.self) { try catalog.schema(at: uri + "#/$defs/S0") }
        let error = #expect(throws: SchemaCompileErrors.self) { try catalog.schema(at: uri + "#/$defs/S3") }
        #expect(error?.errors.first?.schemaLocation.fragment == "#/$defs/S3")
        #expect(error?.errors.first?.message.contains("more than 100000 schemas in place") == true)
        // A schema below the limit in the same document still compiles.
        #expect(try catalog.schema(at: uri + "#/$defs/S30").isValid(.string("x")))
    }

    /// A base type written as the `oneOf` of its subtypes, each subtype the `allOf` of the base and its own
    /// members: how code generators write inheritance, and a loop in place.
    static let inheritance = ##"""
        {"$defs": {
          "Export": {"oneOf": [{"$ref": "#/$defs/View"}, {"$ref": "#/$defs/List"}]},
          "View": {"allOf": [{"$ref": "#/$defs/Export"},
            {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": ["VIEW"]}}}]},
          "List": {"allOf": [{"$ref": "#/$defs/Export"},
            {"type": "object", "required": ["kind", "listId"], "properties": {"kind": {"enum": ["LIST"]}, "listId": {"type": "string"}}}]}
        }}
        """##

    @Test(arguments: [
        ("Export", #"{"kind": "VIEW"}"#, true), ("Export", #"{"kind": "LIST", "listId": "7"}"#, true),
        ("Export", #"{"kind": "LIST"}"#, false), ("Export", #"{"kind": "X"}"#, false), ("Export", "[1]", false),
        ("View", #"{"kind": "VIEW"}"#, true), ("View", #"{"kind": "LIST", "listId": "7"}"#, false),
        ("List", #"{"kind": "LIST", "listId": "7"}"#, true), ("List", #"{"kind": "VIEW"}"#, false),
    ])
    func aBaseTypeThatIsTheOneOfItsSubtypesValidatesAsItsAuthorsMeanIt(name: String, text: String, valid: Bool) throws {
        let schema = try compiledSchema(in: Self.inheritance, uri: "file:///c/api.json", at: "#/$defs/" + name)
        #expect(schema.isValid(try JSONParser.parse(text)) == valid)
        #expect(try schema.isValid(json: Array(text.utf8)) == valid)
        #expect(schema.validate(try JSONParser.parse(text)).isEmpty == valid)
    }

    @Test(arguments: [
        (##"{"$defs": {"A": {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/A"}]}}, "$ref": "#/$defs/A"}"##, "1", true),
        (##"{"$defs": {"A": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/A"}]}}, "$ref": "#/$defs/A"}"##, "1", true),
        (##"{"$defs": {"A": {"type": "object", "allOf": [{"$ref": "#/$defs/A"}]}}, "$ref": "#/$defs/A"}"##, "1", false),
        (##"{"$defs": {"A": {"not": {"$ref": "#/$defs/A"}}}, "$ref": "#/$defs/A"}"##, "{}", false),
    ])
    func aSchemaMetAgainForTheSameValuePassesThere(text: String, instance: String, valid: Bool) throws {
        let schema = try compiledSchema(in: text, uri: "file:///c/api.json", at: "#")
        #expect(schema.isValid(try JSONParser.parse(instance)) == valid)
        #expect(try schema.isValid(json: Array(instance.utf8)) == valid)
        #expect(schema.validate(try JSONParser.parse(instance)).isEmpty == valid)
    }

    @Test func recursionThroughPropertiesAndItemsCompiles() throws {
        let text = ##"""
            {"$ref": "#/$defs/Node", "$defs": {"Node": {
              "type": "object", "required": ["name"],
              "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
              "anyOf": [{"required": ["name"]}, {"$ref": "#/$defs/Named"}]},
              "Named": {"properties": {"name": {"minLength": 1}}}}}
            """##
        #expect(try Self.compileErrors(text).isEmpty)
        let schema = try compiledSchema(in: text, uri: "file:///c/api.json", at: "#")
        let tree = try JSONParser.parse(##"{"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}"##)
        #expect(schema.isValid(tree))
        #expect(!schema.isValid(try JSONParser.parse(##"{"name": "a", "children": [{"children": []}]}"##)))
    }

    @Test func aLongChainInPlaceIsRefusedWithoutExhaustingTheStack() throws {
        // Each link has a keyword of its own, so it is a node rather than an alias of its target.
        let count = 120_000
        let links = (0..<count).map { ##""L\##($0)": {"$ref": "#/$defs/L\##($0 + 1)", "minLength": 0}"## }
        let text = ##"{"$ref": "#/$defs/L0", "$defs": {"## + links.joined(separator: ",") + ##", "L\##(count)": {}}}"##
        let errors = try Self.compileErrors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("more than 100000 schemas in place") == true)
    }

    @Test func aLongChainThroughPropertiesCompilesAndIsReleasedWithoutExhaustingTheStack() throws {
        // Not in place, so nothing to refuse; releasing the compiled schema used to recurse once per link.
        let count = 50_000
        let links = (0..<count).map { ##""L\##($0)": {"properties": {"next": {"$ref": "#/$defs/L\##($0 + 1)"}}, "type": "object"}"## }
        let text = ##"{"$ref": "#/$defs/L0", "$defs": {"## + links.joined(separator: ",") + ##", "L\##(count)": {"type": "object"}}}"##
        do {
            let schema = try compiledSchema(in: text, uri: "file:///c/api.json", at: "#")
            #expect(schema.isValid(try JSONParser.parse(##"{"next": {"next": {}}}"##)))
            #expect(!schema.isValid(try JSONParser.parse(##"{"next": {"next": 1}}"##)))
        }
    }
}
