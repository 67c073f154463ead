import ContractJSON

/// Builds the model from an OpenAPI 3.0, 3.1 or 3.2 document, checking its structure on the way.
struct OpenAPI3Builder {
    let context: BuildContext
    let root: SourceNode
    var version: Spec.Version { context.version }

    func build() -> Spec.Document {
        let reader = ObjectReader(root, kind: "OpenAPI Object", context: context)
        reader.checkFields(context.fields.root)
        _ = reader.require("openapi")
        let info = buildInfo(reader.object("info", required: true))
        if version.isAtLeast31 {
            if !reader.has("paths"), !reader.has("components"), !reader.has("webhooks") {
                context.error(
                    "structure.required", "an OpenAPI \(version) document needs 'paths', 'components' or 'webhooks'",
                    at: root)
            }
        } else {
            _ = reader.require("paths")
        }
        let servers = buildServers(reader.array("servers"), default: true)
        let components =
            reader.object("components").map { ComponentsBuilder(context: context, node: $0).build() } ?? .empty
        let security = reader.array("security").map { SecurityRequirementReader.read($0, context: context) }
        if let tags = reader.array("tags") {
            for tag in tags {
                let tagReader = ObjectReader(tag, kind: "Tag Object", context: context)
                tagReader.checkFields(context.fields.tag)
                _ = tagReader.string("name", required: true)
            }
        }
        var operations: [Spec.Operation] = []
        if let paths = reader.object("paths") {
            for (key, item) in paths.members where !key.isSpecificationExtension {
                guard key.hasPrefix("/") else {
                    context.error("paths.key", "path '\(key)' must start with '/'", at: item)
                    continue
                }
                operations += PathItemBuilder(context: context, servers: servers).build(item, path: key)
            }
        }
        var webhooks: [Spec.Operation] = []
        if let hooks = reader.object("webhooks") {
            for (key, item) in hooks.members where !key.isSpecificationExtension {
                webhooks += PathItemBuilder(context: context, servers: servers).build(item, path: key, isWebhook: true)
            }
        }
        return Spec.Document(
            version: version, title: info.title, apiVersion: info.version, file: root.file, files: [],
            servers: servers, operations: operations, webhooks: webhooks, securitySchemes: components.securitySchemes,
            security: security, schemas: components.schemas)
    }

    private func buildInfo(_ node: SourceNode?) -> (title: String, version: String) {
        guard let node else { return ("", "") }
        let reader = ObjectReader(node, kind: "Info Object", context: context)
        reader.checkFields(context.fields.info)
        let title = reader.string("title", required: true) ?? ""
        let apiVersion = reader.lenientString("version", required: true) ?? ""
        _ = reader.string("description")
        if let contact = reader.object("contact") {
            ObjectReader(contact, kind: "Contact Object", context: context).checkFields(FieldTables.contact)
        }
        if let license = reader.object("license") {
            let licenseReader = ObjectReader(license, kind: "License Object", context: context)
            licenseReader.checkFields(context.fields.license)
            _ = licenseReader.string("name", required: true)
            licenseReader.exclusive("identifier", "url")
        }
        return (title, apiVersion)
    }

    func buildServers(_ nodes: [SourceNode]?, default useDefault: Bool) -> [Spec.Server] {
        ServerReader(context: context).read(nodes, addDefault: useDefault)
    }
}

/// Reads Server Objects.
struct ServerReader {
    let context: BuildContext

    func read(_ nodes: [SourceNode]?, addDefault: Bool) -> [Spec.Server] {
        guard let nodes, !nodes.isEmpty else {
            // The specification's default: one server at `/`.
            return addDefault
                ? [Spec.Server(url: "/", variables: [:], location: SourceLocation(file: "", position: .unknown))] : []
        }
        return nodes.compactMap { node in
            let reader = ObjectReader(node, kind: "Server Object", context: context)
            let node = reader.node
            reader.checkFields(FieldTables.server)
            guard let url = reader.string("url", required: true) else { return nil }
            var variables: [String: Spec.ServerVariable] = [:]
            for (name, variable) in reader.object("variables")?.members ?? [] {
                let variableReader = ObjectReader(variable, kind: "Server Variable Object", context: context)
                let variable = variableReader.node
                variableReader.checkFields(FieldTables.serverVariable)
                let allowed = variableReader.stringArray("enum")
                let defaultValue: String
                if variable.child("default") == nil, variableReader.isObject {
                    // Verifying reads a default only to place a variable that spans URL parts, so the model
                    // stays whole: the variable takes its first `enum` value, or any value of its part.
                    let reading = allowed?.first.map { "its first enum value '\($0)'" } ?? "any value"
                    context.error(
                        "structure.required",
                        "a Server Variable Object requires 'default'; '\(name)' is read as \(reading)", at: variable,
                        blocksVerification: false)
                    defaultValue = allowed?.first ?? ""
                } else {
                    defaultValue = variableReader.lenientString("default") ?? ""
                }
                if let allowed, allowed.isEmpty, let enumNode = variable.child("enum") {
                    context.error("structure.enum", "a server variable's 'enum' must not be empty", at: enumNode)
                } else if let allowed, !allowed.contains(defaultValue), let defaultNode = variable.child("default") {
                    context.error(
                        "server.variable", "the default '\(defaultValue)' of variable '\(name)' is not in its enum",
                        at: defaultNode)
                }
                variables[name] = Spec.ServerVariable(defaultValue: defaultValue, allowedValues: allowed)
            }
            return Spec.Server(url: url, variables: variables, location: node.location)
        }
    }
}
