import ContractJSON
import ContractSchema
import Testing

/// A finite chain of schemas that are each only a `$ref` validates as its last schema does, however long:
/// the chain is not mistaken for a loop by the validator's nesting limit.
@Suite struct ReferenceChainValidationTests {
    static func chain(_ count: Int) -> String {
        let links = (0..<count).map { ##""S\##($0)": {"$ref": "#/$defs/S\##($0 + 1)"}"## }
        return ##"{"$ref": "#/$defs/S0", "$defs": {"## + links.joined(separator: ", ")
            + ##", "S\##(count)": {"type": "object", "properties": {"a": {"type": "string"}}}}}"##
    }

    @Test(arguments: [10, 500, 5_000])
    func aLongChainValidatesLikeItsEnd(links: Int) throws {
        let schema = try compiledSchema(in: Self.chain(links), uri: "file:///c/chain.json", at: "#")
        let valid = try JSONParser.parse(#"{"a": "x"}"#)
        let invalid = try JSONParser.parse(#"{"a": 1}"#)
        #expect(schema.isValid(valid))
        #expect(schema.validate(valid).isEmpty)
        #expect(try schema.isValid(json: Array(#"{"a": "x"}"#.utf8)))
        #expect(!schema.isValid(invalid))
        let errors = schema.validate(invalid)
        #expect(errors.count == 1)
        #expect(errors.first?.description.contains("expected string, got integer 1") == true)
        #expect(errors.first?.description.contains("#/$defs/S\(links)/properties/a/type") == true)
    }

    @Test func aChainFromTheMiddleEndsAtTheSameSchema() throws {
        let schema = try compiledSchema(in: Self.chain(1_000), uri: "file:///c/chain.json", at: "#/$defs/S700")
        #expect(!schema.isValid(try JSONParser.parse(#"{"a": []}"#)))
        #expect(schema.isValid(try JSONParser.parse(#"{"b": []}"#)))
    }
}
