import ContractJSON
import ContractSchema
import Testing

/// An object under one plain object schema (`type`, `properties` without `patternProperties`, a paired
/// `required` list), reached directly or through `$ref`s, is read member by member by the streaming
/// validator. Its verdicts and errors must be the tree's in every context, and it must read (or refuse)
/// the same bytes.
@Suite("Plain object schemas, from bytes")
struct PlainObjectStreamingTests {
    /// Plain objects at the root (through two `$ref`s), in an array's items and in a member, with
    /// `readOnly`/`writeOnly` properties, a schema for additional members and a required readOnly name.
    static let schema: JSONValue = [
        "$ref": "#/$defs/Outer",
        "$defs": [
            "Outer": ["$ref": "#/$defs/Order"],
            "Order": [
                "type": "object", "required": ["id", "lines"],
                "properties": [
                    "id": ["type": "integer", "readOnly": true, "minimum": 1],
                    "secret": ["type": "string", "writeOnly": true],
                    "name": ["type": "string", "maxLength": 4],
                    "flag": ["type": "boolean"],
                    "lines": ["type": "array", "items": ["$ref": "#/$defs/Line"]],
                    "owner": [
                        "type": "object", "properties": ["n": ["type": "number", "maximum": 3]],
                        "additionalProperties": false,
                    ],
                ],
                "additionalProperties": ["type": "string", "pattern": "^x"],
            ],
            "Line": [
                "type": "object", "required": ["sku"],
                "properties": ["sku": ["type": "string", "pattern": "^[A-Z]{3}$"], "qty": ["type": "integer"]],
            ],
        ],
    ]

    static let texts = [
        #"{"id":1,"lines":[]}"#, #"{"lines":[]}"#, #"{"id":0,"lines":[]}"#, #"{"id":1.0,"lines":[]}"#,
        #"{"id":"1","lines":[]}"#, #"{"id":1,"lines":[],"secret":"s"}"#, #"{"id":1,"lines":[],"name":"abcde"}"#,
        #"{"id":1,"lines":[],"name":"ab\u00e9"}"#, #"{"id":1,"lines":[],"n\u0061me":"abcd"}"#,
        #"{"id":1,"lines":[],"flag":true}"#, #"{"id":1,"lines":[],"flag":null}"#,
        #"{"id":1,"lines":[],"other":"xy"}"#, #"{"id":1,"lines":[],"other":"y"}"#, #"{"id":1,"lines":[],"other":2}"#,
        #"{"id":1,"lines":[{"sku":"ABC","qty":2}]}"#, #"{"id":1,"lines":[{"qty":2}]}"#,
        #"{"id":1,"lines":[{"sku":"ABC","qty":2.5}]}"#, #"{"id":1,"lines":[{"sku":"AB"}]}"#,
        #"{"id":1,"lines":[{"sku":"ABC","extra":{"a":[1]}}]}"#, #"{"id":1,"lines":[5]}"#,
        #"{"id":1,"lines":[],"owner":{"n":3}}"#, #"{"id":1,"lines":[],"owner":{"n":4}}"#,
        #"{"id":1,"lines":[],"owner":{"m":1}}"#, #"{"id":1,"lines":[],"owner":[]}"#,
        #"{"id":1,"lines":[],"id":0}"#, #"{"lines":{},"id":1}"#, #"{}"#, #"[]"#, #""{}""#,
        #" { "id" : 1 , "lines" : [ { "sku" : "ABC" } ] } "#,
    ]

    @Test("verdicts and errors equal parse-then-validate, in every context", arguments: texts)
    func sameAsTree(text: String) throws {
        let schema = try CompiledSchema(schema: Self.schema)
        for context in [ValidationContext.none, .request, .response] {
            let verdicts = try StreamingValidationTests.verdicts(schema, text, context: context)
            #expect(verdicts.streamed == verdicts.tree, "\(text) in \(context)")
            let tree = schema.validate(try JSONParser.parse(text), context: context)
            let streamed = try schema.validate(json: Array(text.utf8), context: context)
            #expect(streamed.map(\.description) == tree.map(\.description), "\(text) in \(context)")
        }
    }

    @Test("a readOnly required name is excused in a request only, and refused when sent there")
    func readOnlyRequired() throws {
        let schema = try CompiledSchema(schema: Self.schema)
        #expect(try schema.isValid(json: Array(#"{"lines":[]}"#.utf8), context: .request))
        #expect(try !schema.isValid(json: Array(#"{"lines":[]}"#.utf8), context: .response))
        #expect(try !schema.isValid(json: Array(#"{"id":1,"lines":[]}"#.utf8), context: .request))
        #expect(try !schema.isValid(json: Array(#"{"id":1,"lines":[],"secret":"s"}"#.utf8), context: .response))
    }

    @Test(
        "malformed documents are refused as the parser refuses them, after a failure too",
        arguments: [
            #"{"id":1,"lines":[]"#, #"{"id":0,"lines":[}"#, #"{"id":1 "lines":[]}"#, #"{"id":1,"lines":[{"sku":"ABC",}]}"#,
            #"{"secret":"s","lines":[],}"#, #"{"id":01,"lines":[]}"#, #"{"id":1,"lines":[]} x"#,
        ])
    func malformed(text: String) throws {
        let schema = try CompiledSchema(schema: Self.schema)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        for context in [ValidationContext.none, .request] {
            #expect(throws: JSONParseError.self) { try schema.isValid(json: Array(text.utf8), context: context) }
            #expect(throws: JSONParseError.self) { try schema.validate(json: Array(text.utf8), context: context) }
        }
    }

    @Test("plain objects as oneOf branches, tried and read again from the same bytes")
    func branches() throws {
        let schema = try CompiledSchema(
            schema: [
                "type": "array",
                "items": [
                    "oneOf": [
                        ["type": "object", "required": ["a"], "properties": ["a": ["type": "integer"]]],
                        ["type": "object", "required": ["b"], "properties": ["b": ["type": "string"]]],
                    ]
                ],
            ])
        for text in [
            #"[{"a":1},{"b":"x"}]"#, #"[{"a":1,"b":"x"}]"#, #"[{"a":"1"}]"#, #"[{"b":2},{"a":1}]"#, #"[{}]"#,
            #"[{"c":1}]"#, #"[{"a":1},{"b":"x","c":[1,{"d":2}]}]"#,
        ] {
            let verdicts = try StreamingValidationTests.verdicts(schema, text)
            #expect(verdicts.streamed == verdicts.tree, "\(text)")
        }
    }

    @Test("the depth limit cuts in where the tree's does, through members and $refs")
    func depthLimit() throws {
        let nested: JSONValue = ["type": "object", "properties": ["child": ["$ref": "#"], "n": ["type": "integer"]]]
        try StreamingValidationTests.expectSameVerdictsAtDepthLimits(nested) { levels in
            String(repeating: #"{"child":"#, count: levels) + #"{"n":1}"# + String(repeating: "}", count: levels)
        }
    }
}
