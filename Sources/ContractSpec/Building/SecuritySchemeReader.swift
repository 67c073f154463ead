import ContractJSON

/// Reads Security Scheme Objects (3.x).
struct SecuritySchemeReader {
    let context: BuildContext

    func read(_ node: SourceNode, name: String) -> Spec.SecurityScheme? {
        context.build(node, kind: "Security Scheme Object") { readResolved($0, name: name) }
    }

    private func readResolved(_ target: SourceNode, name: String) -> Spec.SecurityScheme? {
        let reader = ObjectReader(target, kind: "Security Scheme Object", context: context)
        reader.checkFields(context.fields.securityScheme)
        var types = ["apiKey", "http", "oauth2", "openIdConnect"]
        if context.version.isAtLeast31 { types.append("mutualTLS") }
        guard let type = reader.oneOf("type", types, required: true) else { return nil }
        let kind: Spec.SecurityKind
        switch type {
        case "apiKey":
            guard let keyName = reader.string("name", required: true),
                let locationText = reader.oneOf("in", ["query", "header", "cookie"], required: true),
                let location = Spec.ParameterLocation(rawValue: locationText)
            else { return nil }
            kind = .apiKey(name: keyName, location: location)
        case "http":
            guard let scheme = reader.string("scheme", required: true) else { return nil }
            kind = .http(scheme: scheme.lowercased(), bearerFormat: reader.string("bearerFormat"))
        case "oauth2":
            guard let flows = reader.object("flows", required: true) else { return nil }
            var scopes: [String] = []
            for (flowName, flow) in flows.members where !flowName.isSpecificationExtension {
                let flowReader = ObjectReader(flow, kind: "OAuth Flow Object", context: context)
                flowReader.checkFields(context.fields.oauthFlow)
                scopes += flowReader.object("scopes", required: true)?.members.map(\.key) ?? []
                switch flowName {
                case "implicit":
                    _ = flowReader.string("authorizationUrl", required: true)
                case "password", "clientCredentials":
                    _ = flowReader.string("tokenUrl", required: true)
                case "authorizationCode":
                    _ = flowReader.string("authorizationUrl", required: true)
                    _ = flowReader.string("tokenUrl", required: true)
                case "deviceAuthorization" where context.version.is32:
                    _ = flowReader.string("tokenUrl", required: true)
                default:
                    context.error("structure.unknown-field", "'\(flowName)' is not an OAuth flow", at: flow)
                }
            }
            kind = .oauth2(scopes: scopes)
        case "openIdConnect":
            kind = .openIdConnect(url: reader.string("openIdConnectUrl", required: true) ?? "")
        default:
            kind = .mutualTLS
        }
        return Spec.SecurityScheme(name: name, kind: kind, location: target.location)
    }
}
