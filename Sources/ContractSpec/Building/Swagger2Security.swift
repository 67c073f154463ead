/// Reads Swagger 2.0 Security Scheme Objects into the 3.x kinds: `basic` is http basic,
/// OAuth 2 flows keep their scopes.
enum Swagger2Security {
    static let fields = FieldSet([
        "type", "description", "name", "in", "flow", "authorizationUrl", "tokenUrl", "scopes",
    ])

    static func read(_ node: SourceNode, name: String, context: BuildContext) -> Spec.SecurityScheme? {
        let reader = ObjectReader(node, kind: "Security Scheme Object", context: context)
        reader.checkFields(fields)
        guard let type = reader.oneOf("type", ["basic", "apiKey", "oauth2"], required: true) else { return nil }
        let kind: Spec.SecurityKind
        switch type {
        case "basic":
            kind = .http(scheme: "basic", bearerFormat: nil)
        case "apiKey":
            guard let keyName = reader.string("name", required: true),
                let location = reader.oneOf("in", ["query", "header"], required: true).flatMap(
                    Spec.ParameterLocation.init(rawValue:))
            else { return nil }
            kind = .apiKey(name: keyName, location: location)
        default:
            let flow = reader.oneOf("flow", ["implicit", "password", "application", "accessCode"], required: true)
            if flow == "implicit" || flow == "accessCode" { _ = reader.string("authorizationUrl", required: true) }
            if flow == "password" || flow == "application" || flow == "accessCode" {
                _ = reader.string("tokenUrl", required: true)
            }
            kind = .oauth2(scopes: reader.object("scopes", required: true)?.members.map(\.key) ?? [])
        }
        return Spec.SecurityScheme(name: name, kind: kind, location: reader.node.location)
    }
}
