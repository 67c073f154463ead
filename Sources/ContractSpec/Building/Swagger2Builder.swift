import ContractJSON

/// Builds the model from a Swagger 2.0 document: `host`/`basePath`/`schemes` become servers,
/// `consumes`/`produces` become media types, `body` and `formData` parameters become request bodies.
struct Swagger2Builder {
    static let rootFields = FieldSet([
        "swagger", "info", "host", "basePath", "schemes", "consumes", "produces", "paths", "definitions", "parameters",
        "responses",
        "securityDefinitions", "security", "tags", "externalDocs",
    ])
    static let operationFields = FieldSet([
        "tags", "summary", "description", "externalDocs", "operationId", "consumes", "produces", "parameters",
        "responses", "schemes",
        "deprecated", "security",
    ])
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]
    static let pathItemFields = FieldSet(methods + ["$ref", "parameters"])
    static let infoFields = FieldSet(["title", "description", "termsOfService", "contact", "license", "version"])

    let context: BuildContext
    let root: SourceNode

    func build() -> Spec.Document {
        let reader = ObjectReader(root, kind: "Swagger Object", context: context)
        reader.checkFields(Self.rootFields)
        let info = reader.object("info", required: true)
        let infoReader = info.map { ObjectReader($0, kind: "Info Object", context: context) }
        infoReader?.checkFields(Self.infoFields)
        let title = infoReader?.string("title", required: true) ?? ""
        let apiVersion = infoReader?.lenientString("version", required: true) ?? ""
        let globalConsumes = reader.stringArray("consumes") ?? []
        let globalProduces = reader.stringArray("produces") ?? []
        var schemas: [String: Spec.Schema] = [:]
        for (name, schema) in reader.object("definitions")?.members ?? [] {
            schemas[name] = SchemaReader(context: context).read(schema)
        }
        let parameters = Swagger2Parameters(context: context)
        for (_, parameter) in reader.object("parameters")?.members ?? [] {
            _ = parameters.build(parameter)
        }
        let responses = Swagger2Responses(context: context, produces: globalProduces)
        for (_, response) in reader.object("responses")?.members ?? [] {
            _ = responses.build(response, status: .default)
        }
        var operations: [Spec.Operation] = []
        let servers = buildServers(reader)
        for (path, item) in reader.object("paths", required: true)?.members ?? [] where !path.isSpecificationExtension {
            guard path.hasPrefix("/") else {
                context.error("paths.key", "path '\(path)' must start with '/'", at: item)
                continue
            }
            guard let target = context.dereference(item, expecting: "Path Item Object") else { continue }
            let itemReader = ObjectReader(target, kind: "Path Item Object", context: context)
            itemReader.checkFields(Self.pathItemFields)
            // What every operation of the path shares is read once per path, not once per method: the
            // template, and the parameters (whose problems are then reported once).
            let builder = Swagger2Parameters(context: context)
            let shared = (itemReader.array("parameters") ?? []).compactMap { builder.build($0) }
            let template = PathTemplate(path)
            for method in Self.methods {
                guard let operation = target.child(method) else { continue }
                operations.append(
                    buildOperation(
                        operation, method: method.uppercased(), path: path, template: template, shared: shared,
                        servers: servers, consumes: globalConsumes, produces: globalProduces))
            }
        }
        var schemes: [String: Spec.SecurityScheme] = [:]
        for (name, scheme) in reader.object("securityDefinitions")?.members ?? [] {
            if let built = Swagger2Security.read(scheme, name: name, context: context) { schemes[name] = built }
        }
        return Spec.Document(
            version: .swagger2, title: title, apiVersion: apiVersion, file: root.file, files: [], servers: servers,
            operations: operations, webhooks: [], securitySchemes: schemes,
            security: reader.array("security").map { SecurityRequirementReader.read($0, context: context) },
            schemas: schemas)
    }

    private func buildServers(_ reader: ObjectReader) -> [Spec.Server] {
        let host = reader.string("host")
        let basePath = reader.string("basePath") ?? ""
        if let basePath = reader.child("basePath"), basePath.value.stringValue?.hasPrefix("/") == false {
            context.error("structure.base-path", "'basePath' must start with '/'", at: basePath)
        }
        let schemes = reader.stringArray("schemes") ?? []
        let location = reader.child("host")?.location ?? root.location
        guard let host else {
            return [Spec.Server(url: basePath.isEmpty ? "/" : basePath, variables: [:], location: location)]
        }
        let chosen = schemes.isEmpty ? ["https"] : schemes
        return chosen.map { Spec.Server(url: "\($0)://\(host)\(basePath)", variables: [:], location: location) }
    }

    private func buildOperation(
        _ node: SourceNode, method: String, path: String, template: PathTemplate, shared: [Swagger2Parameters.Read],
        servers: [Spec.Server], consumes: [String], produces: [String]
    ) -> Spec.Operation {
        let reader = ObjectReader(node, kind: "Operation Object", context: context)
        // The operation as written, or the target of a `$ref` written in its place.
        let node = reader.node
        reader.checkFields(Self.operationFields)
        let operationConsumes = reader.stringArray("consumes") ?? consumes
        let operationProduces = reader.stringArray("produces") ?? produces
        let builder = Swagger2Parameters(context: context)
        let own = (reader.array("parameters") ?? []).compactMap { builder.build($0) }
        let split = builder.requestBody(shared: shared, own: own, consumes: operationConsumes, at: node)
        let parameters = PathParameterCheck(context: context).checked(
            split.parameters, template: template, operation: node, method: method)
        let responseBuilder = Swagger2Responses(context: context, produces: operationProduces)
        var responses: [Spec.Response] = []
        for (key, response) in reader.object("responses", required: true)?.members ?? []
        where !key.isSpecificationExtension {
            guard let status = Spec.ResponseStatus(key), key != "default" ? Int(key) != nil : true else {
                context.error("responses.status", "'\(key)' is not a status code: use 100–599 or default", at: response)
                continue
            }
            if let built = responseBuilder.build(response, status: status) { responses.append(built) }
        }
        return Spec.Operation(
            method: method, path: path, template: template, operationId: reader.string("operationId"),
            parameters: parameters,
            requestBody: split.body, responses: responses,
            security: reader.array("security").map { SecurityRequirementReader.read($0, context: context) },
            servers: servers,
            deprecated: reader.bool("deprecated") ?? false, location: node.location, pointer: node.pointer)
    }
}
