import Foundation
import Testing

/// A description whose every operation is `get: {$ref: ...}` to a file of its own, from the shell.
extension CLITests {
    static let splitContract = "Tests/Fixtures/contracts/split/ledger.yaml"

    @Test("lint lists every operation of a split contract, with warnings and no error")
    func lintSplitContract() throws {
        let lint = try run(["lint", Self.splitContract])
        #expect(lint.status == 0, "\(lint.output)")
        #expect(lint.output.contains("ledger.yaml: OpenAPI 3.0.3, 4 operations, 0 errors, 2 warnings"), "\(lint.output)")
        #expect(lint.output.contains("in place of an Operation Object; it is followed here and in 3 other places"))
        #expect(try run(["lint", Self.splitContract, "--strict"]).status == 1)
    }

    @Test("example serves an operation written in another file")
    func exampleSplitContract() throws {
        let balance = try run(["example", Self.splitContract, "--operation", "balance_get"])
        #expect(balance.status == 0, "\(balance.output)")
        #expect(balance.output.contains(#""month_to_date_balance": "23.44""#))
        let request = try run(["example", Self.splitContract, "--operation", "invoice_create", "--request"])
        #expect(request.status == 0, "\(request.output)")
        #expect(request.output.contains(#""amount": "#))
    }
}
