import ContractJSON
import Testing

@testable import ContractVerify

/// The style examples of the OpenAPI specification (`color` as a string, an array and an object).
@Suite struct StyleDecodingTests {
    static let primitive = ValueShape(types: ["string"], items: nil, properties: [:], additionalProperties: nil)
    static let array = ValueShape(types: ["array"], items: primitive, properties: [:], additionalProperties: nil)
    static let integer = ValueShape(types: ["integer", "number"], items: nil, properties: [:], additionalProperties: nil)
    static let object = ValueShape(
        types: ["object"], items: nil, properties: ["R": integer, "G": integer, "B": integer], additionalProperties: nil)
    static let colours: JSONValue = ["blue", "black", "brown"]
    static let rgb: JSONValue = ["R": 100, "G": 200, "B": 150]

    struct Example: CustomTestStringConvertible, Sendable {
        let style: String
        let explode: Bool
        let raw: String
        let shape: ValueShape
        let expected: JSONValue
        var testDescription: String { "\(style) explode=\(explode) \(raw)" }
    }

    static let examples: [Example] = [
        .init(style: "simple", explode: false, raw: "blue", shape: primitive, expected: "blue"),
        .init(style: "simple", explode: false, raw: "blue,black,brown", shape: array, expected: colours),
        .init(style: "simple", explode: true, raw: "blue,black,brown", shape: array, expected: colours),
        .init(style: "simple", explode: false, raw: "R,100,G,200,B,150", shape: object, expected: rgb),
        .init(style: "simple", explode: true, raw: "R=100,G=200,B=150", shape: object, expected: rgb),
        .init(style: "label", explode: false, raw: ".blue", shape: primitive, expected: "blue"),
        .init(style: "label", explode: false, raw: ".blue,black,brown", shape: array, expected: colours),
        .init(style: "label", explode: true, raw: ".blue.black.brown", shape: array, expected: colours),
        .init(style: "label", explode: false, raw: ".R,100,G,200,B,150", shape: object, expected: rgb),
        .init(style: "label", explode: true, raw: ".R=100.G=200.B=150", shape: object, expected: rgb),
        .init(style: "matrix", explode: false, raw: ";color=blue", shape: primitive, expected: "blue"),
        .init(style: "matrix", explode: false, raw: ";color=blue,black,brown", shape: array, expected: colours),
        .init(style: "matrix", explode: true, raw: ";color=blue;color=black;color=brown", shape: array, expected: colours),
        .init(style: "matrix", explode: false, raw: ";color=R,100,G,200,B,150", shape: object, expected: rgb),
        .init(style: "matrix", explode: true, raw: ";R=100;G=200;B=150", shape: object, expected: rgb),
        .init(style: "form", explode: false, raw: "blue,black,brown", shape: array, expected: colours),
        .init(style: "form", explode: false, raw: "R,100,G,200,B,150", shape: object, expected: rgb),
        .init(style: "spaceDelimited", explode: false, raw: "blue%20black%20brown", shape: array, expected: colours),
        .init(style: "spaceDelimited", explode: false, raw: "blue+black+brown", shape: array, expected: colours),
        .init(style: "pipeDelimited", explode: false, raw: "blue|black|brown", shape: array, expected: colours),
        .init(style: "pipeDelimited", explode: false, raw: "blue%7Cblack%7Cbrown", shape: array, expected: colours),
        .init(style: "simple", explode: false, raw: "a%2Cb,c", shape: array, expected: ["a,b", "c"]),
        .init(style: "form", explode: false, raw: "caf%C3%A9+au+lait", shape: primitive, expected: "café au lait"),
    ]

    @Test(arguments: examples) func decodes(_ example: Example) throws {
        let decoder = StyleDecoder(
            name: "color", style: example.style, explode: example.explode, shape: example.shape, plusIsSpace: true,
            percentDecodes: true)
        let value = try decoder.decode(example.raw[...]).coerced(by: example.shape)
        #expect(value == example.expected)
    }

    @Test func explodedFormArrayComesFromRepeatedItems() throws {
        let decoder = StyleDecoder(
            name: "color", style: "form", explode: true, shape: Self.array, plusIsSpace: true, percentDecodes: true)
        let query = QueryItems("color=blue&color=black&other=1&color=brown")
        #expect(try decoder.decodeRepeated(query.values(named: "color")).coerced(by: Self.array) == Self.colours)
    }

    @Test func deepObjectNestsBracketedKeys() throws {
        let decoder = StyleDecoder(
            name: "color", style: "deepObject", explode: true, shape: Self.object, plusIsSpace: true, percentDecodes: true)
        let query = QueryItems("color%5BR%5D=100&color[G]=200&color[B]=150&x=1")
        let value = try DeepObjectDecoder(name: "color", decoder: decoder).decode(query)?.coerced(by: Self.object)
        #expect(value == Self.rgb)
        let nested = try DeepObjectDecoder(name: "f", decoder: decoder).decode(QueryItems("f[a][b]=1&f[a][c]=2&f[d]=3"))
        #expect(nested?.coerced(by: .any) == ["a": ["b": "1", "c": "2"], "d": "3"])
    }

    @Test(
        arguments: [
            ("label", ".blue", "blue"), ("label", "blue", nil), ("matrix", "blue", nil), ("matrix", ";other=blue", nil),
            ("simple", "R,100,G", nil),
        ] as [(String, String, String?)])
    func rejectsValuesWrittenInAnotherStyle(_ style: String, _ raw: String, _ expected: String?) {
        let shape = raw.contains("R") ? Self.object : Self.primitive
        let decoder = StyleDecoder(
            name: "color", style: style, explode: false, shape: shape, plusIsSpace: false, percentDecodes: true)
        let value = try? decoder.decode(raw[...])
        #expect(value == expected.map { .string($0) })
    }

    @Test func coercionFollowsTheSchemaTypes() {
        let number = ValueShape(types: ["number"], items: nil, properties: [:], additionalProperties: nil)
        let boolean = ValueShape(types: ["boolean"], items: nil, properties: [:], additionalProperties: nil)
        let nullableInteger = ValueShape(
            types: ["integer", "number", "null"], items: nil, properties: [:], additionalProperties: nil)
        let stringOrInteger = ValueShape(
            types: ["string", "integer", "number"], items: nil, properties: [:], additionalProperties: nil)
        #expect(DecodedValue.coerce("42", to: Self.integer) == .number(JSONNumber(text: "42")))
        #expect(DecodedValue.coerce("1.50", to: number) == .number(JSONNumber(text: "1.50")))
        #expect(DecodedValue.coerce("1e3", to: number) == .number(JSONNumber(text: "1e3")))
        #expect(DecodedValue.coerce("+1", to: number) == "+1")
        #expect(DecodedValue.coerce("01", to: number) == "01")
        #expect(DecodedValue.coerce(".5", to: number) == ".5")
        #expect(DecodedValue.coerce("true", to: boolean) == true)
        #expect(DecodedValue.coerce("True", to: boolean) == "True")
        #expect(DecodedValue.coerce("", to: nullableInteger) == .null)
        #expect(DecodedValue.coerce("42", to: stringOrInteger) == "42")
        #expect(DecodedValue.coerce("42", to: .any) == "42")
    }

    @Test func valueShapesFollowReferencesAndCombinators() throws {
        let operation = try #require(Clinic.document.operation(id: "listPets"))
        let species = try #require(operation.parameters.first { $0.name == "species" })
        let shapes = ShapeBuilder(schemas: Clinic.document.compiledSchemas)
        let shape = shapes.shape(of: species.schema)
        #expect(shape.isArray)
        #expect(shape.items?.types == ["string"])
        let pet = try #require(Clinic.document.schemas["Pet"])
        let petShape = shapes.shape(of: pet)
        #expect(petShape.isObject)
        #expect(petShape.property("weightKg").types == ["number", "null"])
        #expect(petShape.property("id").types == ["string"])
    }
}
