import ContractJSON

/// Swagger 2.0 responses: one schema served as every `produces` media type, `examples` keyed by media type.
struct Swagger2Responses {
    let context: BuildContext
    let produces: [String]

    func build(_ node: SourceNode, status: Spec.ResponseStatus) -> Spec.Response? {
        guard let target = context.dereference(node, expecting: "Response Object") else { return nil }
        let reader = ObjectReader(target, kind: "Response Object", context: context)
        reader.checkFields(["description", "schema", "headers", "examples"])
        let description = reader.string("description", required: true) ?? ""
        let schema = reader.child("schema").flatMap { SchemaReader(context: context).read($0) }
        let examples = reader.object("examples")?.members ?? []
        var content: [Spec.MediaType] = []
        if let schema {
            let types = produces.isEmpty ? ["application/json"] : produces
            content = types.map { type in
                let matching = examples.filter { $0.key == type }.map {
                    Spec.Example(
                        name: "example", summary: nil, value: $0.node.value, location: $0.node.location,
                        pointer: $0.node.pointer)
                }
                return Spec.MediaType(
                    name: type, schema: schema, examples: matching, encoding: [:], location: target.location)
            }
        }
        let headers = (reader.object("headers")?.members ?? []).map { name, header in
            let headerReader = ObjectReader(header, kind: "Header Object", context: context)
            headerReader.checkFields(Set(Swagger2Parameters.schemaKeywords + ["description", "collectionFormat"]))
            _ = headerReader.oneOf("type", ["string", "number", "integer", "boolean", "array"], required: true)
            return Spec.Header(
                name: name, required: false,
                schema: Spec.Schema(
                    baseURI: header.file.uri, pointer: header.pointer,
                    value: Swagger2Parameters.inlineSchema(header.value),
                    location: header.location),
                content: [], examples: [], location: header.location)
        }
        return Spec.Response(
            status: status, description: description, headers: headers, content: content, location: target.location)
    }
}
