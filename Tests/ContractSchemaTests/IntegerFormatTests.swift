import ContractJSON
import ContractSchema
import Testing

/// `format: int32` and `int64` accept exactly the integers of their range, both ends included, from a tree
/// and from bytes (Schemathesis sends -9223372036854775808, which was refused as no int64).
@Suite struct IntegerFormatTests {
    @Test(arguments: [
        ("int64", "-9223372036854775808", true), ("int64", "9223372036854775807", true),
        ("int64", "-9223372036854775809", false), ("int64", "9223372036854775808", false),
        ("int64", "-92233720368547758.08e2", true), ("int64", "-1e19", false), ("int64", "0", true),
        ("int32", "-2147483648", true), ("int32", "2147483647", true),
        ("int32", "-2147483649", false), ("int32", "2147483648", false), ("int32", "1.5", false),
    ])
    func theWholeRangeAndNothingBeyond(format: String, literal: String, valid: Bool) throws {
        let schema = try CompiledSchema(schema: ["type": "integer", "format": .string(format)])
        #expect(schema.isValid(try JSONParser.parse(literal)) == valid, "\(literal)")
        #expect(try schema.isValid(json: Array(literal.utf8)) == valid, "\(literal)")
    }

    @Test func boundsReadTheSmallestInteger() throws {
        let schema = try CompiledSchema(schema: ["minimum": -9_223_372_036_854_775_807])
        #expect(!schema.isValid(try JSONParser.parse("-9223372036854775808")))
        #expect(schema.isValid(try JSONParser.parse("-9223372036854775807")))
    }
}
