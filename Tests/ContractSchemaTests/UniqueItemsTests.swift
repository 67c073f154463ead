import ContractJSON
import Testing

@testable import ContractSchema

/// `uniqueItems` on long arrays compares only items of equal hash, and finds exactly the duplicates the
/// pairwise comparison finds: numbers by value, strings by code points, objects regardless of order.
@Suite("uniqueItems")
struct UniqueItemsTests {
    static let schema: CompiledSchema = {
        do {
            return try CompiledSchema(schema: ["type": "array", "uniqueItems": true])
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    static func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    /// A hundred thousand items: every pair was five billion comparisons.
    @Test(.timeLimit(.minutes(1)))
    func aLongArrayIsDecidedAndItsDuplicateNamed() throws {
        let distinct = (0..<100_000).map { String($0) }
        #expect(Self.schema.isValid(try Self.parse("[" + distinct.joined(separator: ",") + "]")))
        let repeated = try Self.parse("[" + distinct.joined(separator: ",") + ",4.2e1]")
        let errors = Self.schema.validate(repeated)
        #expect(errors.map(\.description).first?.contains("duplicate 4.2e1") == true, "\(errors)")
    }

    @Test(arguments: [
        // Equal values written differently, past the short arrays' pairwise loop (16 items).
        (#"[1, 1.0]"#, false),
        (#"["\u00e9", "e\u0301"]"#, true),
        (#"[{"a": 1, "b": [2, {"c": null}]}, {"b": [2, {"c": null}], "a": 1}]"#, false),
        (#"[{"x": 1, "x": 1}, {"x": 1, "y": 5}]"#, true),
        (#"[[1, 2], [2, 1]]"#, true),
        (#"[10e-1, 1]"#, false),
        (#"[true, 1]"#, true),
    ])
    func longArraysFindWhatPairsFind(pair: String, unique: Bool) throws {
        let filler = (0..<20).map { "\"filler \($0)\"" }.joined(separator: ", ")
        let items = try Self.parse(pair)
        let text = "[\(filler), " + String(pair.dropFirst())
        #expect(Self.schema.isValid(try Self.parse(text)) == unique, "\(text)")
        #expect(Self.schema.isValid(items) == unique, "\(pair)")
    }

    /// Random arrays over a small domain (so that equal items are common): the hashed search agrees with
    /// every pair compared, and equal values always hash alike.
    @Test func hashedAndPairwiseAgreeOnRandomArrays() throws {
        let domain = try [
            "1", "1.0", "2", "10e-1", "\"a\"", "\"b\"", "\"\\u00e9\"", "\"e\\u0301\"", "null", "true", "false",
            "[1]", "[1.0]", "[]", "{}", #"{"a": 1, "b": 2}"#, #"{"b": 2, "a": 1}"#, #"{"a": 1}"#, #"{"a": 1.0}"#,
        ].map(Self.parse)
        for (left, right) in zip(domain, domain.reversed()) where JSONEquality.equal(left, right) {
            #expect(JSONEquality.hashValue(left) == JSONEquality.hashValue(right))
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 17...40, using: &generator)
            let items = (0..<count).map { _ in domain[Int.random(in: 0..<domain.count, using: &generator)] }
            var pairwise = true
            for later in items.indices.dropFirst() where pairwise {
                pairwise = !(0..<later).contains { JSONEquality.equal(items[$0], items[later]) }
            }
            #expect(Self.schema.isValid(.array(items)) == pairwise)
        }
        for left in domain {
            for right in domain where JSONEquality.equal(left, right) {
                #expect(JSONEquality.hashValue(left) == JSONEquality.hashValue(right), "\(left) \(right)")
            }
        }
    }
}
