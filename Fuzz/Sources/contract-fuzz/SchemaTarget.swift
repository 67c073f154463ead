@testable import ContractJSON
@testable import ContractSchema

/// A schema and an instance, both JSON (the input's two halves after a first byte that picks the
/// dialect): the schema compiles or reports errors, and the instance validates either way it can.
enum SchemaTarget {
    static let dialects: [SchemaDialect] = [.draft2020_12, .oas30, .draft4]

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let dialect = dialects[Int(first) % dialects.count]
        let (schemaBytes, instanceBytes) = InputSplitting.halves(Array(bytes.dropFirst()))
        guard let schema = try? JSONParser.parse(schemaBytes) else { return }
        guard let compiled = try? CompiledSchema(schema: schema, dialect: dialect) else { return }
        let instance = (try? JSONParser.parse(instanceBytes)) ?? .string(InputSplitting.text(instanceBytes))
        let isValid = compiled.isValid(instance)
        let errors = compiled.validate(instance)
        guard isValid == errors.isEmpty else {
            fatalError("isValid says \(isValid) but validate found \(errors.count) error(s)")
        }
    }
}
