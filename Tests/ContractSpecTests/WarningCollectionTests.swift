import ContractSpec
import Foundation
import Testing

/// A load keeps warnings only when asked (`Checks.warnings`, part of `.all`, what the lint runs); the
/// errors are the same either way, so a backend that loads without warnings refuses the same contracts.
@Suite struct WarningCollectionTests {
    /// A response schema that warns three ways (an unknown format, a `required` name no property
    /// defines, `nullable` without `type`) and reaches a `$ref` that does not resolve.
    static let contract =
        [
            "openapi: 3.0.3", "info: {title: warnings, version: '1'}",
            "paths: {/pets: {get: {responses: {'200': {description: ok, content: {application/json: "
                + "{schema: {$ref: '#/components/schemas/Pet'}}}}}}}}",
            "components:", "  schemas:",
            "    Pet: {type: object, required: [id, name], properties: {id: {type: string, format: snowflake}, "
                + "owner: {nullable: true, anyOf: [{type: string}, {$ref: '#/components/schemas/Owner'}]}}}",
            "    Owner: {$ref: '#/components/schemas/Missing'}",
        ].joined(separator: "\n") + "\n"

    @Test func warningsAreKeptOnlyWhenAskedAndErrorsAlways() throws {
        let folder = try TemporaryContract(["api.yaml": Self.contract])
        let loader = ContractLoader(rootDirectory: folder.folder)
        let linted = loader.load(folder.url("api.yaml"), checks: .all)
        let warnings = Set(linted.diagnostics.filter { $0.severity == .warning }.map(\.code))
        #expect(warnings == ["schema.format-unknown", "schema.required-undefined", "schema.nullable-ignored"])
        for checks: ContractLoader.Checks in [[], .schemas, .examples] {
            let loaded = loader.load(folder.url("api.yaml"), checks: checks)
            #expect(loaded.diagnostics.allSatisfy { $0.severity == .error }, "\(loaded.diagnostics)")
            #expect(
                loaded.diagnostics.map(\.description)
                    == linted.diagnostics.filter { $0.severity == .error }
                    .map(\.description))
            #expect(loaded.diagnostics.contains { $0.code == "ref.unresolved" })
        }
    }
}
