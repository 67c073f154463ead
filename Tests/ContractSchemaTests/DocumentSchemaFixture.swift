import ContractJSON
import ContractSchema

/// The schema at `fragment` of a 2020-12 document given as JSON text, registered at `uri` and shown as
/// `contracts/api.json`, as a loaded contract registers its files.
func compiledSchema(in text: String, uri: String, at fragment: String) throws -> CompiledSchema {
    var registry = SchemaRegistry()
    registry.add(try JSONParser.parse(text), uri: uri, dialect: .draft2020_12, displayPath: "contracts/api.json")
    return try CompiledSchema(registry: registry, uri: uri + fragment)
}
