import ContractJSON

/// Swagger 2.0 responses: one schema served as every `produces` media type, `examples` keyed by media type.
struct Swagger2Responses {
    static let headerFields = FieldSet(Swagger2Parameters.schemaKeywords + ["description", "collectionFormat"])
    static let responseFields = FieldSet(["description", "schema", "headers", "examples"])
    let context: BuildContext
    let produces: [String]

    func build(_ node: SourceNode, status: Spec.ResponseStatus) -> Spec.Response? {
        // Built once per target; the status comes from the key that refers to it.
        var response = context.build(node, kind: "Response Object") { buildResolved($0, status: status) }
        response?.status = status
        return response
    }

    private func buildResolved(_ target: SourceNode, status: Spec.ResponseStatus) -> Spec.Response? {
        let reader = ObjectReader(target, kind: "Response Object", context: context)
        reader.checkFields(Self.responseFields)
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
            let header = headerReader.node
            headerReader.checkFields(Self.headerFields)
            _ = headerReader.oneOf("type", ["string", "number", "integer", "boolean", "array"], required: true)
            return Spec.Header(
                name: name, required: false,
                schema: Spec.Schema(
                    baseURI: header.file.uri, pointer: header.pointer,
                    value: context.normalised(Swagger2Parameters.inlineSchema(header.value)),
                    location: header.location, isSynthesized: true),
                content: [], examples: [], location: header.location)
        }
        return Spec.Response(
            status: status, description: description, headers: headers, content: content, location: target.location)
    }
}
