import Foundation
import Testing

@testable import ContractSpec

/// `example: null` where the schema rejects null (swagger-core's mark of an example never set) is read as no
/// example, with one warning for all of them; a schema that leads back to itself in place is linted in
/// finite time.
@Suite struct NullExampleTests {
    @Test func nullExamplesAreOneWarningAndRealMismatchesStayReported() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/contracts/exports.yaml").standardized
        let contract = try TemporaryContract([
            "api.yaml": try String(contentsOf: fixture, encoding: .utf8)
                + """
                    Nullable:
                      type: string
                      nullable: true
                      example: null
                    Count:
                      type: integer
                      example: 'seven'

                """
        ])
        let started = ContinuousClock.now
        let messages = contract.messages()
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(
            messages == [
                "api.yaml:58:7: warning: example does not match its schema: $: expected integer, got string \"seven\" "
                    + "(#/components/schemas/Count/type) [schema.example-invalid]",
                "api.yaml:16:13: warning: 'example: null' where the schema does not allow null and in 8 other places; "
                    + "read as no example (swagger-core writes it for an example never set); remove it, or allow null "
                    + "in the schema if null is a real example [example.null]",
            ])
    }
}
