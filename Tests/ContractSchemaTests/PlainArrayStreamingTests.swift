import ContractJSON
import ContractSchema
import Testing

/// An array member under a plain array schema (`type`, `items` without prefix items, `minItems`/`maxItems`,
/// keywords that only constrain strings or numbers) is read element by element by the streaming
/// validator. Its verdicts and errors must be the tree's, and it must read (or refuse) the same bytes.
@Suite("Plain array schemas, from bytes")
struct PlainArrayStreamingTests {
    /// Plain arrays of objects, of strings, of numbers and of arrays; arrays that are not plain (prefix
    /// items, `uniqueItems`, no `items`), a nullable one, and one whose counts no array satisfies.
    static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "lines": [
                "type": "array", "minItems": 1, "maxItems": 3,
                "items": [
                    "type": "object", "required": ["sku"],
                    "properties": ["sku": ["type": "string", "pattern": "^[A-Z]{3}$"], "qty": ["type": "integer"]],
                ],
            ],
            "tags": ["type": "array", "items": ["type": "string", "maxLength": 3], "minLength": 9],
            "grid": ["type": "array", "items": ["type": "array", "items": ["type": "number", "maximum": 9], "maxItems": 2]],
            "refs": ["type": "array", "items": ["$ref": "#/$defs/Tag"]],
            "pair": ["type": "array", "prefixItems": [["type": "string"]], "items": ["type": "integer"]],
            "set": ["type": "array", "items": ["type": "integer"], "uniqueItems": true],
            "any": ["type": "array", "minItems": 1],
            "maybe": ["type": ["array", "null"], "items": ["type": "boolean"]],
            "never": ["type": "array", "items": ["type": "integer"], "minItems": 2, "maxItems": 1],
            "counted": ["type": "array", "items": ["type": "integer"], "minProperties": 5],
        ],
        "$defs": ["Tag": ["type": "object", "properties": ["name": ["type": "string"]], "additionalProperties": false]],
    ]

    static let texts = [
        #"{"lines":[{"sku":"ABC"}]}"#, #"{"lines":[]}"#, #"{"lines":[{"sku":"ABC"},{"sku":"DEF","qty":2},{"sku":"GHI"}]}"#,
        #"{"lines":[{"sku":"ABC"},{"sku":"DEF"},{"sku":"GHI"},{"sku":"JKL"}]}"#, #"{"lines":[{"qty":1}]}"#,
        #"{"lines":[{"sku":"AB"},{"sku":"ABC"}]}"#, #"{"lines":[{"sku":"ABC","qty":1.5}]}"#, #"{"lines":[5]}"#,
        #"{"lines":[[{"sku":"ABC"}]]}"#, #"{"lines":{"sku":"ABC"}}"#, #"{"lines":"ABC"}"#, #"{"lines":null}"#,
        #"{"tags":["a","bcd"]}"#, #"{"tags":["abcd"]}"#, #"{"tags":[1]}"#, #"{"tags":["a\u0062c"]}"#,
        #"{"tags":["\u00e9\u00e9\u00e9"]}"#, #"{"tags":[]}"#, #"{"grid":[[1,2],[3]]}"#, #"{"grid":[[1,2,3]]}"#,
        #"{"grid":[[1],[10]]}"#, #"{"grid":[1]}"#, #"{"grid":[[],[]]}"#, #"{"refs":[{"name":"a"}]}"#,
        #"{"refs":[{"name":"a","x":1}]}"#, #"{"refs":[{}]}"#, #"{"pair":["a",1,2]}"#, #"{"pair":[1]}"#,
        #"{"pair":["a","b"]}"#, #"{"set":[1,2]}"#, #"{"set":[1,1]}"#, #"{"any":[{"x":[1]}]}"#, #"{"any":[]}"#,
        #"{"maybe":null}"#, #"{"maybe":[true,false]}"#, #"{"maybe":[1]}"#, #"{"never":[1]}"#, #"{"never":[]}"#,
        #"{"counted":[1]}"#, #"{"counted":["1"]}"#,
        #" { "lines" : [ { "sku" : "ABC" } , { "sku" : "DEF" } ] , "grid" : [ [ 1 ] , [ ] ] } "#,
    ]

    @Test("verdicts and errors equal parse-then-validate", arguments: texts)
    func sameAsTree(text: String) throws {
        let schema = try CompiledSchema(schema: Self.schema)
        for context in [ValidationContext.none, .request] {
            let verdicts = try StreamingValidationTests.verdicts(schema, text, context: context)
            #expect(verdicts.streamed == verdicts.tree, "\(text) in \(context)")
            let tree = schema.validate(try JSONParser.parse(text), context: context)
            let streamed = try schema.validate(json: Array(text.utf8), context: context)
            #expect(streamed.map(\.description) == tree.map(\.description), "\(text) in \(context)")
        }
    }

    @Test(
        "malformed arrays are refused as the parser refuses them, after a failing element too",
        arguments: [
            #"{"lines":[{"sku":"ABC"}"#, #"{"lines":[{"sku":"AB"},]}"#, #"{"lines":[{"sku":"AB"} {"sku":"ABC"}]}"#,
            #"{"tags":["abcd",x]}"#, #"{"grid":[[1,2,3],[1,]]}"#, #"{"lines":[{"sku":"ABC"}]]}"#,
        ])
    func malformed(text: String) throws {
        let schema = try CompiledSchema(schema: Self.schema)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        #expect(throws: JSONParseError.self) { try schema.isValid(json: Array(text.utf8)) }
        #expect(throws: JSONParseError.self) { try schema.validate(json: Array(text.utf8)) }
    }

    @Test("the depth limit cuts in where the tree's does, through nested arrays")
    func depthLimit() throws {
        let nested: JSONValue = [
            "type": "object", "properties": ["list": ["type": "array", "items": ["$ref": "#"]], "n": ["type": "integer"]],
        ]
        try StreamingValidationTests.expectSameVerdictsAtDepthLimits(nested) { levels in
            String(repeating: #"{"list":["#, count: levels) + #"{"n":1}"# + String(repeating: "]}", count: levels)
        }
    }
}
