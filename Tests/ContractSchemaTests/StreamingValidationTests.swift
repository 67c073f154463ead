import ContractJSON
import ContractSchema
import Foundation
import Testing

/// A valid `customerId`, to keep the cases below readable.
private let uuid = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"

/// `isValid(json:)` validates as it reads: it must give the verdict of parsing and then
/// validating, refuse what the parser refuses, and keep the OpenAPI rules that depend on context.
/// (The JSON Schema Test Suite runs every case through it too: see `SchemaSuiteRunner`.)
@Suite("Validation from bytes")
struct StreamingValidationTests {

    static let order: JSONValue = [
        "type": "object",
        "required": ["customerId", "lines"],
        "properties": [
            "customerId": ["type": "string", "format": "uuid"],
            "note": ["type": "string", "maxLength": 20],
            "lines": [
                "type": "array", "minItems": 1,
                "items": [
                    "type": "object", "required": ["sku"],
                    "properties": [
                        "sku": ["type": "string", "pattern": "^[A-Z]{3}-[0-9]{6}$"],
                        "quantity": ["type": "integer", "minimum": 1],
                    ],
                ],
            ],
        ],
    ]

    static func verdicts(_ schema: CompiledSchema, _ text: String, context: ValidationContext = .none) throws -> (
        tree: Bool, streamed: Bool
    ) {
        let tree = schema.isValid(try JSONParser.parse(text), context: context)
        return (tree, try schema.isValid(json: Array(text.utf8), context: context))
    }

    /// Expects the streamed verdict to be the tree's for `schema` compiled with several depth limits, on
    /// documents nested 0 to 5 levels deep (`document(levels)`).
    static func expectSameVerdictsAtDepthLimits(_ schema: JSONValue, document: (Int) -> String) throws {
        for limit in [1, 2, 3, 4, 5, 8] {
            let compiled = try CompiledSchema(schema: schema, options: SchemaCompileOptions(maximumDepth: limit))
            for levels in 0..<6 {
                let verdicts = try Self.verdicts(compiled, document(levels))
                #expect(verdicts.streamed == verdicts.tree, "limit \(limit), \(levels) levels")
            }
        }
    }

    @Test(
        "verdicts equal parse-then-validate",
        arguments: [
            (#"{"customerId":"\#(uuid)","lines":[{"sku":"ABC-123456","quantity":2}]}"#, true),
            (#" { "lines" : [ { "sku" : "ABC-123456" } ] , "customerId" : "\#(uuid)" } "#, true),
            (#"{"customerId":"not-a-uuid","lines":[{"sku":"ABC-123456"}]}"#, false),
            (#"{"customerId":"\#(uuid)","lines":[]}"#, false),
            (#"{"customerId":"\#(uuid)"}"#, false),
            (#"{"customerId":"\#(uuid)","lines":[{"quantity":1}]}"#, false),
            (#"{"customerId":"\#(uuid)","lines":[{"sku":"ABC-123456","quantity":0}]}"#, false),
            (#"{"customerId":"\#(uuid)","lines":[{"sku":"AB-1"}]}"#, false),
            (
                #"{"customerId":"\#(uuid)","note":"\u00e9\ud83d\ude00 escaped","lines":[{"sku":"ABC-123456"}]}"#,
                true
            ),
            (
                #"{"customerId":"\#(uuid)","note":"far longer than twenty","lines":[{"sku":"ABC-123456"}]}"#,
                false
            ),
            (
                #"{"customerId":"\#(uuid)","extra":{"deep":[1,{"x":null}]},"lines":[{"sku":"ABC-123456"}]}"#,
                true
            ),
            (#"[]"#, false), (#""text""#, false), (#"null"#, false),
        ])
    func sameVerdicts(text: String, valid: Bool) throws {
        let schema = try CompiledSchema(schema: Self.order)
        let verdicts = try Self.verdicts(schema, text)
        #expect(verdicts.tree == valid)
        #expect(verdicts.streamed == valid)
        let errors = try schema.validate(json: Array(text.utf8))
        #expect(errors.map(\.description) == schema.validate(try JSONParser.parse(text)).map(\.description))
        #expect(errors.isEmpty == valid)
        // The overload for arrays of bytes and the generic form (here through a UTF-8 view) agree.
        let generic = try schema.validate(json: text.utf8)
        #expect(generic.map(\.description) == errors.map(\.description))
    }

    static let scalars: JSONValue = [
        "type": "object",
        "properties": [
            "short": ["type": "string", "maxLength": 3],
            "long": ["type": "string", "minLength": 4],
            "code": ["type": "string", "pattern": "^[a-zé]+$"],
            "id": ["type": "string", "format": "uuid"],
            "when": ["type": "string", "format": "date-time"],
            "count": ["type": "integer", "minimum": 1, "exclusiveMaximum": 9_000_000_000_000_000_000],
            "share": ["type": "number", "multipleOf": 0.5, "maximum": 2.5],
            "small": ["type": "integer", "format": "int32"],
            "either": ["type": ["string", "integer"], "maxLength": 2, "minimum": 0],
        ],
    ]

    @Test(
        "strings and numbers decided from their bytes give the tree's verdicts",
        arguments: [
            #"{"short":"abc"}"#, #"{"short":"abcd"}"#, #"{"short":"é😀a"}"#, #"{"short":"é😀ab"}"#,
            #"{"short":"\u00e9\u00e9\u00e9"}"#, #"{"short":"\u00e9\u00e9\u00e9\u00e9"}"#, #"{"long":"😀😀😀"}"#,
            #"{"long":"😀😀😀😀"}"#, #"{"long":"a\nbc"}"#, #"{"code":"café"}"#, #"{"code":"Café"}"#,
            #"{"code":"caf\u00e9"}"#, #"{"id":"5B6C7D8E-9F0A-4B1C-8D2E-3F4A5B6C7D8E"}"#, #"{"id":"5b6c7d8e9f0a4b1c8d2e3f4a5b6c7d8e"}"#,
            #"{"id":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8g"}"#, #"{"when":"2024-02-29T12:00:00Z"}"#,
            #"{"when":"2023-02-29T12:00:00Z"}"#, #"{"count":1}"#, #"{"count":0}"#, #"{"count":-0}"#, #"{"count":1.0}"#,
            #"{"count":1.5}"#, #"{"count":1e2}"#, #"{"count":9999999999999999999}"#,
            #"{"count":99999999999999999999}"#, #"{"share":1.5}"#, #"{"share":1.25}"#, #"{"share":3}"#,
            #"{"share":2.5e0}"#, #"{"small":2147483647}"#, #"{"small":2147483648}"#, #"{"small":-2147483648.0}"#,
            #"{"either":"ab"}"#, #"{"either":"abc"}"#, #"{"either":7}"#, #"{"either":-7}"#, #"{"either":7.5}"#,
            #"{"count":"1"}"#, #"{"short":3}"#,
        ])
    func scalarsInPlace(text: String) throws {
        let schema = try CompiledSchema(schema: Self.scalars)
        let verdicts = try Self.verdicts(schema, text)
        #expect(verdicts.streamed == verdicts.tree)
    }

    static let requiredLists: JSONValue = [
        "type": "object",
        "required": ["id", "name"],
        "properties": ["id": ["type": "integer", "readOnly": true], "name": ["type": "string"], "tag": [:]],
        "allOf": [["required": ["tag", "other"]]],
    ]

    @Test(
        "required lists decided from the properties lookups give the tree's verdicts, with readOnly excuses",
        arguments: [
            #"{"id":1,"name":"a","tag":1,"other":2}"#, #"{"name":"a","tag":1,"other":2}"#,
            #"{"id":1,"tag":1,"other":2}"#, #"{"id":1,"name":"a","other":2}"#, #"{"id":1,"name":"a","tag":1}"#,
            #"{"name":"a","name":"b","tag":1,"other":2}"#, #"{"i\u0064":1,"name":"a","tag":1,"other":2}"#,
        ])
    func pairedRequired(text: String) throws {
        let schema = try CompiledSchema(schema: Self.requiredLists)
        for context in [ValidationContext.none, .request, .response] {
            let verdicts = try Self.verdicts(schema, text, context: context)
            #expect(verdicts.streamed == verdicts.tree)
        }
    }

    @Test(
        "malformed JSON is refused with the parser's error, also after a violation",
        arguments: [
            #"{"customerId":1,"lines":[}"#, #"{"customerId":1,"lines":[]} extra"#, #"{"customerId":1,"lines":"\x"}"#,
            #"{"customerId":1,"lines":[01]}"#, #"{"customerId":1,"lines":["\#u{1}"]}"#, #"{"customerId":1,"#, "",
            #"{"customerId":"\#(uuid)","lines":[{"sku":"ABC-123456"}],}"#,
        ])
    func malformed(text: String) throws {
        let schema = try CompiledSchema(schema: Self.order)
        let parserError = #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        let streamedError = #expect(throws: JSONParseError.self) { try schema.isValid(json: Array(text.utf8)) }
        #expect(streamedError?.description == parserError?.description)
        let validateError = #expect(throws: JSONParseError.self) { try schema.validate(json: Array(text.utf8)) }
        #expect(validateError?.description == parserError?.description)
        let genericError = #expect(throws: JSONParseError.self) { try schema.validate(json: text.utf8) }
        #expect(genericError?.description == parserError?.description)
    }

    @Test("bytes that are not UTF-8 are refused even in a member no schema reads")
    func invalidUTF8() throws {
        let schema = try CompiledSchema(schema: Self.order)
        let bytes = Array(#"{"customerId":1,"other":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: JSONParseError.self) { try schema.isValid(json: bytes) }
    }

    @Test("readOnly and writeOnly by context, through allOf and $ref")
    func accessByContext() throws {
        let account: JSONValue = [
            "$defs": [
                "Base": [
                    "type": "object", "required": ["id", "password"],
                    "properties": [
                        "id": ["type": "integer", "readOnly": true], "password": ["type": "string", "writeOnly": true],
                    ],
                ]
            ],
            "allOf": [["$ref": "#/$defs/Base"], ["required": ["name"], "properties": ["name": ["type": "string"]]]],
        ]
        let schema = try CompiledSchema(schema: account, dialect: .oas30)
        let cases: [(String, ValidationContext, Bool)] = [
            (#"{"password":"p","name":"n"}"#, .request, true),
            (#"{"id":1,"password":"p","name":"n"}"#, .request, false),
            (#"{"id":1,"name":"n"}"#, .response, true),
            (#"{"id":1,"password":"p","name":"n"}"#, .response, false),
            (#"{"password":"p","name":"n"}"#, .none, false),
        ]
        for (text, context, valid) in cases {
            let verdicts = try Self.verdicts(schema, text, context: context)
            #expect(verdicts.tree == valid, "\(text) in \(context)")
            #expect(verdicts.streamed == valid, "\(text) in \(context)")
        }
    }

    @Test("deep instances and schemas that loop: the tree's verdicts, no crash")
    func depth() throws {
        let tree: JSONValue = ["type": "array", "items": ["$ref": "#"]]
        let nested = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let schema = try CompiledSchema(schema: tree)
        let verdicts = try Self.verdicts(schema, nested)
        #expect(verdicts.streamed == verdicts.tree)
        // A schema that applies itself in place passes where it comes back to the same value.
        let loop = try CompiledSchema(schema: ["type": "array", "allOf": [["$ref": "#"]]])
        #expect(try Self.verdicts(loop, nested) == (true, true))
        #expect(try Self.verdicts(loop, "{}") == (false, false))
        let tooDeep = String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001)
        #expect(throws: JSONParseError.self) { try schema.isValid(json: Array(tooDeep.utf8)) }
    }

    @Test("keys written with escapes or non-ASCII letters are found and required like the parsed ones")
    func keySpellings() throws {
        let schema = try CompiledSchema(
            schema: [
                "required": ["caf\u{E9}", "a\nb"],
                "properties": ["caf\u{E9}": ["type": "integer"], "a\nb": ["type": "string"]],
            ])
        let cases: [(String, Bool)] = [
            (#"{"café":1,"a\nb":"x"}"#, true), (#"{"caf\u00e9":1,"a\u000ab":"x"}"#, true),
            (#"{"café":"1","a\nb":"x"}"#, false), (#"{"cafe\u0301":1,"a\nb":"x"}"#, false),
            (#"{"café":1}"#, false),
        ]
        for (text, valid) in cases {
            let verdicts = try Self.verdicts(schema, text)
            #expect(verdicts.tree == valid, "\(text)")
            #expect(verdicts.streamed == valid, "\(text)")
        }
    }

    @Test("oneOf and anyOf over objects and arrays, beside other keywords and nested in lists")
    func choices() throws {
        let item: JSONValue = [
            "type": "object", "required": ["name"], "properties": ["name": ["type": "string"]],
            "oneOf": [
                ["required": ["a"], "properties": ["kind": ["const": "a"], "a": ["type": "integer"]]],
                ["required": ["b"], "properties": ["kind": ["const": "b"], "b": ["type": "integer"]]],
            ],
        ]
        let list = try CompiledSchema(schema: ["type": "array", "items": item])
        let cases: [(String, Bool)] = [
            (#"[{"kind":"a","name":"x","a":1},{"kind":"b","name":"y","b":2}]"#, true),
            (#"[{"kind":"a","name":"x","a":1,"b":2}]"#, true),  // "kind" rules b out
            (#"[{"name":"x","a":1,"b":2}]"#, false),  // both branches hold
            (#"[{"kind":"a","a":1}]"#, false),  // the keyword beside oneOf fails
            (#"[{"kind":"c","name":"x","a":1}]"#, false),
            (#"[{"kind":"b","name":"x","b":"2"}]"#, false),
            (#"[{"kind":"a","name":"x","a":1},{"kind":"b","name":"y","b":2}] "#, true),
        ]
        for (text, valid) in cases {
            let verdicts = try Self.verdicts(list, text)
            #expect(verdicts.tree == valid, "\(text)")
            #expect(verdicts.streamed == valid, "\(text)")
        }
        let anyOf = try CompiledSchema(schema: ["anyOf": [["type": "array", "maxItems": 1], ["items": ["type": "integer"]]]])
        for (text, valid) in [("[1,2]", true), (#"["x"]"#, true), (#"["x","y"]"#, false), ("{}", true)] {
            #expect(try anyOf.isValid(json: Array(text.utf8)) == valid, "\(text)")
        }
        // A branch stops at its first wrong member; the bytes after it must still be JSON.
        #expect(throws: JSONParseError.self) { try list.isValid(json: Array(#"[{"kind":"a","name":"x","a":1,}]"#.utf8)) }
    }

    @Test("a member written twice is checked each time, as the parsed object's members are")
    func repeatedKey() throws {
        let schema = try CompiledSchema(schema: ["properties": ["a": ["type": "integer"]], "maxProperties": 1])
        for text in [#"{"a":"x","a":1}"#, #"{"a":1,"a":"x"}"#, #"{"a":1,"a":2}"#] {
            let verdicts = try Self.verdicts(schema, text)
            #expect(verdicts.streamed == verdicts.tree, "\(text)")
        }
    }
}
