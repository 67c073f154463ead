import ContractJSON
import Testing

@testable import ContractSchema

/// A request body read as a stream (`CompiledSchema.isValid(json:context:)`) gets the tree validator's
/// verdict: the common body is accepted, and nothing the parser or the tree validator refuses is.
@Suite("Request bodies, read as a stream")
struct BodyStreamingTests {
    /// The fake backend benchmark's request schema, with a boolean, a null and a number added.
    static let order: JSONValue = [
        "$ref": "#/$defs/NewOrder",
        "$defs": [
            "NewOrder": [
                "type": "object", "required": ["customerId", "lines"],
                "properties": [
                    "customerId": ["type": "string", "format": "uuid"],
                    "note": ["type": "string", "maxLength": 200],
                    "gift": ["type": "boolean"],
                    "coupon": ["type": ["string", "null"]],
                    "weight": ["type": "number", "exclusiveMinimum": 0],
                    "id": ["type": "integer", "readOnly": true],
                    "lines": [
                        "type": "array", "minItems": 1,
                        "items": [
                            "type": "object", "required": ["sku", "quantity"],
                            "properties": [
                                "sku": ["type": "string", "pattern": "^[A-Z]{3}-[0-9]{6}$"],
                                "quantity": ["type": "integer", "minimum": 1],
                            ],
                        ],
                    ],
                ],
            ]
        ],
    ]

    static let body =
        #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","note":"Leave at the back door, please.","#
        + #""lines":[{"sku":"ABC-123456","quantity":2},{"sku":"XYZ-654321","quantity":1}],"gift":true,"#
        + #""coupon":null,"weight":2.5E-1}"#

    static func compiled(_ schema: JSONValue) throws -> CompiledSchema {
        try CompiledSchema(schema: schema)
    }

    /// Whether the bytes of `text` are JSON valid under `schema`, read as a stream.
    static func accepts(_ schema: CompiledSchema, _ text: String, _ context: ValidationContext = .none) -> Bool {
        accepts(schema, Array(text.utf8), context)
    }

    static func accepts(_ schema: CompiledSchema, _ bytes: [UInt8], _ context: ValidationContext = .none) -> Bool {
        (try? schema.isValid(json: bytes, context: context)) == true
    }

    /// What the tree validator says of `text`: `nil` when it is not JSON.
    static func treeVerdict(_ schema: CompiledSchema, _ text: String, _ context: ValidationContext = .none) -> Bool? {
        guard let value = try? JSONParser.parse(text) else { return nil }
        return schema.isValid(value, context: context)
    }

    @Test("accepts the common body: valid members of every kind, through $ref, items and required")
    func decidesTheCommonBody() throws {
        let schema = try Self.compiled(Self.order)
        #expect(Self.accepts(schema, Self.body))
        #expect(Self.accepts(schema, " \n\t" + Self.body + "\r\n"))
        #expect(Self.treeVerdict(schema, Self.body) == true)
    }

    @Test(
        "invalid members and unusual valid ones: the verdict is the tree's",
        arguments: [
            // Invalid values: a failing pattern, format, bound, type, count and a missing required member.
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"AB-123456","quantity":2}]}"#,
            #"{"customerId":"not-a-uuid","lines":[{"sku":"ABC-123456","quantity":2}]}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":0}]}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":"2"}]}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[]}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":1}],"gift":null}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":1}],"weight":0}"#,
            // Valid: an unknown member, an escape, a non-ASCII byte, an escaped key.
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":1}],"x":1}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":1}],"note":"a\"b"}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":1}],"note":"café"}"#,
            #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":1}],"c\u006fupon":"x"}"#,
        ])
    func leavesTheRest(text: String) throws {
        let schema = try Self.compiled(Self.order)
        for context in [ValidationContext.none, .request, .response] {
            let tree = Self.treeVerdict(schema, text, context)
            #expect((try? schema.isValid(json: Array(text.utf8), context: context)) == tree, "\(text) in \(context)")
        }
    }

    @Test("a readOnly member is refused in a request and allowed in a response, as the tree says")
    func readOnlyByContext() throws {
        let schema = try Self.compiled(Self.order)
        let text = #"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","lines":[{"sku":"ABC-123456","quantity":1}],"id":7}"#
        #expect(Self.treeVerdict(schema, text, .request) == false)
        #expect(Self.treeVerdict(schema, text, .response) == true)
        #expect(!Self.accepts(schema, text, .request))
        #expect(Self.accepts(schema, text, .response))
        #expect(try !schema.isValid(json: Array(text.utf8), context: .request))
        #expect(try schema.isValid(json: Array(text.utf8), context: .response))
    }

    /// A schema under which every well-formed member below would be valid, so that only the grammar can
    /// make a text fail.
    static let permissive: JSONValue = [
        "type": "object",
        "properties": [
            "a": ["type": ["number", "string", "boolean", "null"]],
            "b": ["type": "array", "items": ["type": "number"]],
        ],
    ]

    @Test(
        "never accepts malformed JSON",
        arguments: [
            "", " ", #"{"a":01}"#, #"{"a":-01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":-}"#, #"{"a":+1}"#, #"{"a":1e}"#,
            #"{"a":1e+}"#, #"{"a":0x10}"#, #"{"a":Infinity}"#, #"{"a":NaN}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":1}}"#,
            #"{"a":1} x"#, #"{"a":1}{"a":2}"#, #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":falsey}"#, #"{"a":"x}"#,
            #"{"a":"x"#, #"{"b":[1,]}"#, #"{"b":[1 2]}"#, #"{"b":[,1]}"#, #"{"b":[1"#, #"{,}"#, #"{"a":1,,"b":[]}"#,
            #"{'a':1}"#, #"{"a":1"#, "{\"a\":\"tab\there\"}", "{\"a\":\"\u{01}\"}", #"{a:1}"#, #"{"a":1]"#,
            #"{"b":[1}"#, #"{"a":--1}"#, #"{"a":1.5.5}"#, #"{"a":1e5e5}"#,
        ])
    func neverAcceptsMalformedJSON(text: String) throws {
        let schema = try Self.compiled(Self.permissive)
        #expect(!Self.accepts(schema, text), "\(text)")
        #expect(throws: JSONParseError.self) { try schema.isValid(json: Array(text.utf8)) }
    }

    @Test(
        "accepts JSON's grammar where it is well-formed",
        arguments: [
            #"{}"#, #"{"a":0}"#, #"{"a":-0}"#, #"{"a":-0.5e+10}"#, #"{"a":1E5}"#, #"{"a":12.250e-3}"#, #"{"a":true}"#,
            #"{"a":false}"#, #"{"a":null}"#, #"{"a":""}"#, #" { "b" : [ 1 , 2 ] , "a" : "x" } "#, #"{"b":[]}"#,
            #"{"a":"x","a":"y"}"#,
        ])
    func acceptsTheGrammar(text: String) throws {
        let schema = try Self.compiled(Self.permissive)
        #expect(Self.accepts(schema, text), "\(text)")
        #expect(Self.treeVerdict(schema, text) == true, "\(text)")
    }

    /// Every single-byte deletion, and every replacement with a byte that matters to JSON, of a valid body:
    /// whatever the check accepts, the parser reads and the tree validator accepts.
    @Test("every one-byte change of a valid body: accepted only where the tree accepts it")
    func mutations() throws {
        let schema = try Self.compiled(Self.order)
        let bytes = Array(Self.body.utf8)
        let replacements = Array(#"{}[]:,"\-+.0159eEtfn aZ"#.utf8) + [0x00, 0x0A, 0x7F, 0xC3]
        var accepted = 0
        var mutated: [[UInt8]] = []
        for index in bytes.indices {
            var deleted = bytes
            deleted.remove(at: index)
            mutated.append(deleted)
            for byte in replacements where byte != bytes[index] {
                var replaced = bytes
                replaced[index] = byte
                mutated.append(replaced)
            }
        }
        for text in mutated {
            guard Self.accepts(schema, text, .request) else { continue }
            accepted += 1
            let tree = (try? JSONParser.parse(text)).map { schema.isValid($0, context: .request) }
            #expect(tree == true, "\(String(decoding: text, as: UTF8.self))")
        }
        // Changes inside the note's text keep the body valid.
        #expect(accepted > 100)
    }

    @Test("past the streamed nesting limit the verdict stays the tree's")
    func deepNesting() throws {
        let schema = try Self.compiled([
            "$ref": "#/$defs/Node",
            "$defs": ["Node": ["type": "object", "properties": ["next": ["$ref": "#/$defs/Node"]]]],
        ])
        for depth in [10, 200, 5_000] {
            let text = String(repeating: #"{"next":"#, count: depth) + "{}" + String(repeating: "}", count: depth)
            #expect((try? schema.isValid(json: Array(text.utf8))) == Self.treeVerdict(schema, text), "depth \(depth)")
        }
    }
}
