import ContractJSON
import Testing

@Suite("Exact decimals")
struct DecimalTextTests {
    @Test(
        "multipleOf decided exactly",
        arguments: [
            ("19.99", "0.01", true), ("19.995", "0.01", false), ("10", "0.1", true), ("0.3", "0.1", true),
            ("1e308", "3", false), ("12", "4", true), ("1e-3", "0.001", true), ("7", "2", false),
            ("36893488147419103232", "2", true),
        ])
    func multipleOf(value: String, divisor: String, expected: Bool) throws {
        let decimal = try #require(DecimalText(value))
        #expect(decimal.isMultiple(of: try #require(DecimalText(divisor))) == expected)
    }

    @Test("compares beyond 64 bits")
    func compareLarge() throws {
        let big = try #require(DecimalText("18446744073709551617"))
        let smaller = try #require(DecimalText("18446744073709551616"))
        #expect(big.compare(to: smaller) == 1)
        #expect(try #require(DecimalText("1.0")).compare(to: try #require(DecimalText("1"))) == 0)
        #expect(try #require(DecimalText("-2")).compare(to: try #require(DecimalText("-10"))) == 1)
    }

    @Test("reads YAML 1.2 integers")
    func yamlIntegers() throws {
        #expect(DecimalText("0x1F")?.int64Value == 31)
        #expect(DecimalText("0o17")?.int64Value == 15)
        #expect(JSONNumber(text: "0x1F").jsonText == "31")
        #expect(DecimalText(".inf") == nil)
        #expect(DecimalText("1e400")?.isInteger == true)
    }
}
