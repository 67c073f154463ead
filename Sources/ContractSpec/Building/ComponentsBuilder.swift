import ContractJSON

/// Checks every component, referenced or not, and collects the ones the model keeps.
struct ComponentsBuilder {
    struct Result {
        var schemas: [String: Spec.Schema]
        var securitySchemes: [String: Spec.SecurityScheme]
        static let empty = Result(schemas: [:], securitySchemes: [:])
    }

    let context: BuildContext
    let node: SourceNode
    var version: Spec.Version { context.version }

    func build() -> Result {
        let reader = ObjectReader(node, kind: "Components Object", context: context)
        reader.checkFields(context.fields.components)
        for key in context.fields.components.names {
            guard let section = reader.object(key) else { continue }
            for (name, member) in section.members where !isValidName(name) {
                // The name is only a key: a `$ref` names it escaped, and the model is whole.
                context.error(
                    "components.name", "component name '\(name)' may only use letters, digits, '.', '-' and '_'",
                    at: member, blocksVerification: false)
            }
        }
        var schemas: [String: Spec.Schema] = [:]
        for (name, schema) in reader.object("schemas")?.members ?? [] {
            schemas[name] = SchemaReader(context: context).read(schema.keyed)
        }
        for (_, parameter) in reader.object("parameters")?.members ?? [] {
            _ = ParameterBuilder(context: context).build(parameter.keyed)
        }
        if let headers = reader.object("headers") {
            _ = ParameterBuilder(context: context).buildHeaders(headers, keyed: true)
        }
        for (_, response) in reader.object("responses")?.members ?? [] {
            _ = ContentBuilder(context: context).buildResponse(response.keyed, status: .default)
        }
        for (_, body) in reader.object("requestBodies")?.members ?? [] {
            _ = ContentBuilder(context: context).buildRequestBody(body.keyed)
        }
        for (_, example) in reader.object("examples")?.members ?? [] {
            _ = context.build(example.keyed, kind: "Example Object", ExampleReader(context: context).readExample)
        }
        for (_, link) in reader.object("links")?.members ?? [] {
            LinkReader(context: context).check(link.keyed)
        }
        for (name, item) in reader.object("pathItems")?.members ?? [] {
            _ = PathItemBuilder(context: context, servers: []).build(item, path: name, isWebhook: true)
        }
        for (_, callback) in reader.object("callbacks")?.members ?? [] {
            guard let target = context.dereference(callback, expecting: "Callback Object") else { continue }
            for (expression, item) in target.members where !expression.isSpecificationExtension {
                _ = PathItemBuilder(context: context, servers: []).build(item, path: expression, isWebhook: true)
            }
        }
        var schemes: [String: Spec.SecurityScheme] = [:]
        for (name, scheme) in reader.object("securitySchemes")?.members ?? [] {
            if let built = SecuritySchemeReader(context: context).read(scheme.keyed, name: name) {
                schemes[name] = built
            }
        }
        return Result(schemas: schemas, securitySchemes: schemes)
    }

    private func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "."
                    || $0 == "-" || $0 == "_"
            }
    }
}
