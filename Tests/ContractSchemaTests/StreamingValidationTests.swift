import ContractJSON
import ContractSchema
import ContractTestSupport
import Foundation
import Testing

/// `CompiledSchema.isValid(json:)` and `isShownValid(json:)`: the verdict from bytes is the verdict of parsing
/// and validating, and "shown valid while reading" is never said of malformed JSON or an invalid instance.
/// (The JSON Schema Test Suite runs every instance through both as well; see `SchemaSuiteRunner`.)
@Suite("Validating JSON bytes while reading them")
struct StreamingValidationTests {
    static func compile(_ schema: String, dialect: SchemaDialect = .draft2020_12) throws -> CompiledSchema {
        try CompiledSchema(schema: try JSONParser.parse(schema), dialect: dialect)
    }

    /// The verdict from bytes, and whether the walk alone decided it.
    static func verdict(_ schema: CompiledSchema, _ json: String, context: ValidationContext = .none) -> (
        valid: Bool, shown: Bool
    ) {
        Array(json.utf8).withUnsafeBufferPointer { bytes in
            (schema.isValid(json: bytes, context: context), schema.isShownValid(json: bytes, context: context))
        }
    }

    /// The verdict of parsing and validating, the reference.
    static func reference(_ schema: CompiledSchema, _ json: String, context: ValidationContext = .none) -> Bool {
        guard let value = try? JSONParser.parse(json) else { return false }
        return schema.isValid(value, context: context)
    }

    static let order = """
        {"type": "object", "required": ["id", "lines"], "additionalProperties": false,
         "properties": {
           "id": {"type": "string", "format": "uuid"},
           "note": {"type": ["string", "null"], "maxLength": 5},
           "lines": {"type": "array", "minItems": 1, "maxItems": 3,
                     "items": {"$ref": "#/$defs/line"}}},
         "$defs": {"line": {"type": "object", "required": ["sku"],
                            "properties": {"sku": {"type": "string", "pattern": "^[A-Z]{3}$"},
                                           "quantity": {"type": "integer", "minimum": 1}}}}}
        """

    @Test("valid bodies are shown valid while reading; every other verdict matches the parsed one")
    func orders() throws {
        let schema = try Self.compile(Self.order)
        let id = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"
        let valid = [
            #"{"id":"\#(id)","lines":[{"sku":"ABC","quantity":2}]}"#,
            #"  {"id" : "\#(id)" , "note" : null , "lines" : [ {"sku":"XYZ"} , {"sku":"QRS","quantity":1e3} ] }  "#,
            #"{"lines":[{"sku":"ABC","quantity":10}],"id":"\#(id)","note":"hé"}"#,
            #"{"id":"\#(id)","lines":[{"sku":"ABC","extra":{"deep":[1,2,{"x":"\u00e9"}]}}]}"#,
            // Duplicate keys: every occurrence is validated, as the parsed object's members are.
            #"{"id":"\#(id)","id":"\#(id)","lines":[{"sku":"ABC"}]}"#,
        ]
        for json in valid {
            let verdict = Self.verdict(schema, json)
            #expect(verdict.valid, "\(json)")
            #expect(verdict.shown, "\(json)")
            #expect(Self.reference(schema, json), "\(json)")
        }
        let invalid = [
            #"{"id":"\#(id)","lines":[]}"#,  // minItems
            #"{"id":"\#(id)","lines":[{"sku":"ABC"},{"sku":"ABC"},{"sku":"ABC"},{"sku":"ABC"}]}"#,  // maxItems
            #"{"id":"nope","lines":[{"sku":"ABC"}]}"#,  // format
            #"{"id":"\#(id)","lines":[{"sku":"abc"}]}"#,  // pattern
            #"{"id":"\#(id)","lines":[{"sku":"ABC","quantity":0}]}"#,  // minimum
            #"{"id":"\#(id)","lines":[{"sku":"ABC","quantity":1.5}]}"#,  // integer
            #"{"id":"\#(id)","lines":[{"quantity":1}]}"#,  // required in an item
            #"{"lines":[{"sku":"ABC"}]}"#,  // required at the root
            #"{"id":"\#(id)","lines":[{"sku":"ABC"}],"other":1}"#,  // additionalProperties
            #"{"id":"\#(id)","note":"too long","lines":[{"sku":"ABC"}]}"#,  // maxLength
            #"{"id":"\#(id)","id":7,"lines":[{"sku":"ABC"}]}"#,  // a duplicate key with a wrong value
            #"[{"id":"\#(id)"}]"#,  // type
            // Malformed JSON is never valid.
            #"{"id":"\#(id)","lines":[{"sku":"ABC"}],}"#,
            #"{"id":"\#(id)","lines":[{"sku":"ABC","quantity":01}]}"#,
            #"{"id":"\#(id)","lines":[{"sku":"ABC"}]} x"#,
            #"{"id":"\#(id)","lines":[{"sku":"ABC"}]"#,
            "{\"id\":\"\(id)\",\"lines\":[{\"sku\":\"AB\u{1}\"}]}",
            "",
        ]
        for json in invalid {
            let verdict = Self.verdict(schema, json)
            #expect(!verdict.valid, "\(json)")
            #expect(!verdict.shown, "\(json)")
            #expect(!Self.reference(schema, json), "\(json)")
        }
    }

    @Test("readOnly and writeOnly follow the context, as the parsed value's validation does")
    func accessByContext() throws {
        let schema = try Self.compile(
            """
            {"type": "object", "required": ["id", "secret"],
             "properties": {"id": {"type": "integer", "readOnly": true},
                            "secret": {"type": "string", "writeOnly": true}}}
            """)
        let cases: [(String, ValidationContext, Bool)] = [
            (#"{"secret":"s"}"#, .request, true),  // readOnly id may be left out of a request
            (#"{"id":1,"secret":"s"}"#, .request, false),  // and must not be sent in one
            (#"{"id":1}"#, .response, true),
            (#"{"id":1,"secret":"s"}"#, .response, false),
            (#"{"id":1,"secret":"s"}"#, .none, true),
            (#"{"id":1}"#, .none, false),
        ]
        for (json, context, expected) in cases {
            let verdict = Self.verdict(schema, json, context: context)
            #expect(verdict.valid == expected, "\(json) in \(context)")
            #expect(Self.reference(schema, json, context: context) == expected, "\(json) in \(context)")
            if !expected { #expect(!verdict.shown, "\(json) in \(context)") }
        }
    }

    @Test("a value that several schemas apply to, and keywords the walk leaves to the node")
    func parsedWhereNeeded() throws {
        let schema = try Self.compile(
            """
            {"type": "object",
             "properties": {"tags": {"type": "array", "uniqueItems": true}},
             "patternProperties": {"^t": {"type": "array", "maxItems": 2}},
             "additionalProperties": {"oneOf": [{"type": "string"}, {"type": "object", "required": ["a"]}]}}
            """)
        let cases: [(String, Bool)] = [
            (#"{"tags":["a","b"]}"#, true),
            (#"{"tags":["a","a"]}"#, false),  // uniqueItems, through the parsed array
            (#"{"tags":["a","b","c"]}"#, false),  // the pattern's maxItems on the same value
            (#"{"x":"s","y":{"a":1}}"#, true),
            (#"{"x":{"b":1}}"#, false),
            (#"{"x":1}"#, false),
            (#"{"t\u0061gs":["a","a"]}"#, false),  // an escaped key: left to the parser, same verdict
            (#"{"t\u0061gs":["a","b"]}"#, true),
        ]
        for (json, expected) in cases {
            #expect(Self.verdict(schema, json).valid == expected, "\(json)")
            #expect(Self.reference(schema, json) == expected, "\(json)")
        }
    }

    @Test("allOf, oneOf and anyOf read the value once per branch; an undecided branch is never counted as failing")
    func branches() throws {
        let schema = try Self.compile(
            """
            {"allOf": [{"type": "object"}, {"maxProperties": 3}],
             "oneOf": [{"properties": {"a": {"type": "integer"}}}, {"required": ["b"]}],
             "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
            """)
        let cases: [(String, Bool, Bool)] = [
            // (instance, valid, shown valid while reading)
            (#"{"a":1}"#, true, true),
            (#"{"a":"x","b":1}"#, true, true),
            (#"{"a":1,"b":2}"#, false, false),  // both oneOf branches match
            (#"{"a":1,"b":2,"c":3,"d":4}"#, false, false),  // allOf's maxProperties
            (#"{"c":1}"#, false, false),  // neither anyOf branch
            (#"{"\u0061":1,"b":2}"#, false, false),  // an escaped key: undecided in every branch, parsed
            (#"{"\u0061":"x","b":2}"#, true, false),
        ]
        for (json, valid, shown) in cases {
            let verdict = Self.verdict(schema, json)
            #expect(verdict.valid == valid, "\(json)")
            #expect(verdict.shown == shown, "\(json)")
            #expect(Self.reference(schema, json) == valid, "\(json)")
        }
    }

    @Test("every JSONTestSuite text: never shown valid unless the parser accepts it")
    func jsonTestSuite() throws {
        let files = Corpus.files(in: "json-test-suite/test_parsing", withExtension: "json")
        #expect(files.count > 300, "expected the JSONTestSuite corpus under \(Corpus.root.path)")
        let anything = try Self.compile("{}")
        let objects = try Self.compile(#"{"type": ["object", "array", "string", "number", "boolean", "null"]}"#)
        var shown = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let parsed = (try? JSONParser.parse(bytes)) != nil
            for schema in [anything, objects] {
                let verdict = bytes.withUnsafeBufferPointer { ($0.count, schema.isValid(json: $0), schema.isShownValid(json: $0)) }
                #expect(verdict.1 == parsed, "\(file.lastPathComponent)")
                if verdict.2 {
                    shown += 1
                    #expect(parsed, "\(file.lastPathComponent) was shown valid but does not parse")
                }
                if file.lastPathComponent.hasPrefix("n_") { #expect(!verdict.2, "\(file.lastPathComponent)") }
            }
        }
        #expect(shown > 100)
    }

    @Test("nesting far beyond the walk's limit: no crash, the parser's verdict")
    func deepNesting() throws {
        let schema = try Self.compile(#"{"type": "array"}"#)
        for depth in [127, 129, 5_000, 100_000] {
            let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            #expect(Self.verdict(schema, json).valid == Self.reference(schema, json), "depth \(depth)")
        }
    }

    @Test("the benchmark fixtures: the same verdicts from bytes, valid ones without parsing")
    func benchFixtures() throws {
        for (name, dialect) in BenchFixtureTests.cases {
            let schema = try BenchFixtureTests.compile(name, dialect: dialect)
            for copy in ["valid", "invalid"] {
                let bytes = [UInt8](try Data(contentsOf: BenchFixtureTests.benchFolder.appendingPathComponent("\(name).\(copy).json")))
                let verdict = bytes.withUnsafeBufferPointer { (schema.isValid(json: $0), schema.isShownValid(json: $0)) }
                #expect(verdict.0 == (copy == "valid"), "\(name) \(copy) \(dialect)")
                #expect(verdict.1 == (copy == "valid"), "\(name) \(copy) \(dialect)")
            }
        }
    }
}
