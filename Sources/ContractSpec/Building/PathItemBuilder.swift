import ContractJSON

/// Builds the operations of one Path Item Object (under `paths`, `webhooks` or a callback).
struct PathItemBuilder {
    let context: BuildContext
    let servers: [Spec.Server]
    var version: Spec.Version { context.version }

    func build(_ node: SourceNode, path: String, isWebhook: Bool = false) -> [Spec.Operation] {
        guard let item = context.dereference(node, expecting: "Path Item Object") else { return [] }
        let reader = ObjectReader(item, kind: "Path Item Object", context: context)
        reader.checkFields(context.fields.pathItem)
        let shared = ParameterBuilder(context: context).buildList(reader.array("parameters"))
        let itemServers =
            reader.array("servers").map { ServerReader(context: context).read($0, addDefault: false) } ?? []
        var methods: [(String, SourceNode)] = FieldTables.methods.compactMap { method in
            item.child(method).map { (method, $0) }
        }
        if version.is32 {
            if let query = item.child("query") { methods.append(("query", query)) }
            for (method, operation) in reader.object("additionalOperations")?.members ?? [] {
                methods.append((method, operation))
            }
        }
        let template = PathTemplate(path)
        return methods.map { method, operation in
            buildOperation(
                operation, method: method.uppercased(), path: path, template: template, shared: shared,
                servers: itemServers.isEmpty ? servers : itemServers, checkTemplate: !isWebhook)
        }
    }

    private func buildOperation(
        _ node: SourceNode, method: String, path: String, template: PathTemplate, shared: [Spec.Parameter],
        servers: [Spec.Server],
        checkTemplate: Bool
    ) -> Spec.Operation {
        let reader = ObjectReader(node, kind: "Operation Object", context: context)
        // The operation as written, or the target of a `$ref` written in its place.
        let node = reader.node
        reader.checkFields(FieldTables.operation)
        let operationId = reader.string("operationId")
        _ = reader.stringArray("tags")
        let own = ParameterBuilder(context: context).buildList(reader.array("parameters"))
        // Operation parameters override path-item parameters with the same name and location.
        var parameters = shared.filter { candidate in
            !own.contains { $0.name == candidate.name && $0.location == candidate.location }
        }
        parameters += own
        if checkTemplate {
            parameters = PathParameterCheck(context: context).checked(
                parameters, template: template, operation: node, method: method)
        }
        let requestBody = reader.child("requestBody").flatMap { ContentBuilder(context: context).buildRequestBody($0) }
        if !version.isAtLeast31 { _ = reader.require("responses") }
        let responses = reader.object("responses").map { ContentBuilder(context: context).buildResponses($0) } ?? []
        if let responsesNode = reader.child("responses"), responses.isEmpty, responsesNode.value.isObject {
            context.error(
                "structure.required", "an operation's 'responses' must declare at least one response", at: responsesNode
            )
        }
        let security = reader.array("security").map { SecurityRequirementReader.read($0, context: context) }
        let ownServers =
            reader.array("servers").map { ServerReader(context: context).read($0, addDefault: false) } ?? []
        for (_, callback) in reader.object("callbacks")?.members ?? [] {
            guard let target = context.dereference(callback, expecting: "Callback Object") else { continue }
            for (expression, item) in target.members where !expression.isSpecificationExtension {
                _ = PathItemBuilder(context: context, servers: servers).build(item, path: expression, isWebhook: true)
            }
        }
        return Spec.Operation(
            method: method, path: path, template: template, operationId: operationId, parameters: parameters,
            requestBody: requestBody, responses: responses, security: security,
            servers: ownServers.isEmpty ? servers : ownServers, deprecated: reader.bool("deprecated") ?? false,
            location: node.location, pointer: node.pointer)
    }
}

/// Path parameters must match the template: each `{name}` declared `in: path`, and nothing else declared there.
///
/// Both are errors, but neither keeps the contract from use: a variable without a parameter takes any
/// segment, and a parameter the template does not name (VTEX's descriptions declare their server
/// variables `accountName` and `environment` so) is left out of the operation, since no request can carry it.
struct PathParameterCheck {
    let context: BuildContext

    /// `parameters` without the path parameters the template does not name, after reporting both mistakes.
    func checked(
        _ parameters: [Spec.Parameter], template: PathTemplate, operation: SourceNode, method: String
    ) -> [Spec.Parameter] {
        // A template has a few variables and an operation a few parameters: lists searched in place, no
        // set or filtered copy of the parameters per operation. Parameters are read by index: a loop
        // variable copied each whole `Spec.Parameter` (retaining its strings and arrays) twice per operation.
        let variables = template.variables
        func isDeclared(_ variable: String) -> Bool {
            parameters.indices.contains { parameters[$0].location == .path && parameters[$0].name == variable }
        }
        for variable in variables where !isDeclared(variable) {
            context.error(
                "paths.parameter-undeclared",
                "\(method) \(template.text): path variable '{\(variable)}' has no parameter with in: path; declare it",
                at: operation, blocksVerification: false)
        }
        var unused = false
        for offset in parameters.indices
        where parameters[offset].location == .path && !variables.contains(parameters[offset].name) {
            context.report(
                Diagnostic(
                    error: "paths.parameter-unused",
                    message:
                        "\(method) \(template.text): path parameter '\(parameters[offset].name)' does not appear in the path template",
                    location: parameters[offset].sourceLocation, blocksVerification: false))
            unused = true
        }
        guard unused else { return parameters }
        return parameters.filter { $0.location != .path || variables.contains($0.name) }
    }

    /// A path parameter written without `required: true`: a warning, not an error. It cannot be left out, so
    /// it is read as required whatever is written (Okta's description omits it once), and an error would
    /// refuse the whole contract.
    func reportNotRequired(_ name: String, at node: SourceNode) {
        context.warning(
            "parameter.path-required",
            "path parameter '\(name)' must have required: true (OpenAPI says so); it is read as required", at: node)
    }
}
