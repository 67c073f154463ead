import ContractSpec

/// An operation with everything checking it needs, built once when the verifier is created. A class, so
/// handing it to a check retains one object rather than each of its arrays (shared across threads).
final class PreparedOperation: Sendable {
    let operation: Spec.Operation
    let reference: OperationReference
    let parameters: [PreparedParameter]
    let requestBody: Spec.RequestBody?
    let requestContent: ContentMap
    let security: SecurityVerifier
    let responses: [PreparedResponse]
    /// Query item names the operation accounts for (parameters, exploded object properties, API keys);
    /// strict mode reports the others. `deepObject` parameters claim every `name[…]` item.
    let knownQueryNames: Set<String>
    let deepObjectPrefixes: [String]
    /// The names of query parameters and API keys that travel under their own name (not exploded objects,
    /// whose members travel as items of their own): an item by such a name is theirs, not an object's member.
    let namedQueryParameters: Set<String>
    /// Whether any parameter or API key travels in a cookie (otherwise `Cookie` headers are not parsed).
    let usesCookies: Bool
    /// The media types a successful response may have, for `Accept` negotiation.
    let offeredMediaTypes: [MediaTypeName]

    init(_ operation: Spec.Operation, document: Spec.Document, shapes: ShapeBuilder) {
        let schemas = document.compiledSchemas
        self.operation = operation
        reference = OperationReference(operation)
        parameters = operation.parameters.map { PreparedParameter($0, schemas: schemas, shapes: shapes) }
        requestBody = operation.requestBody
        requestContent = ContentMap(
            operation.requestBody?.content ?? [], of: operation, schemas: schemas, shapes: shapes)
        security = SecurityVerifier(operation: operation, document: document)
        responses = operation.responses.map { PreparedResponse($0, of: operation, schemas: schemas, shapes: shapes) }
        var named = Set(parameters.filter { $0.parameter.location == .query && !$0.isExplodedQueryObject }.map(\.name))
        var names = Set<String>()
        var prefixes: [String] = []
        for parameter in parameters where parameter.parameter.location == .query {
            names.insert(parameter.name)
            if parameter.parameter.style == "deepObject" { prefixes.append(parameter.name + "[") }
            if parameter.isExplodedQueryObject { names.formUnion(parameter.shape.properties.keys) }
        }
        for alternative in security.alternatives ?? [] {
            for scheme in alternative {
                if case .apiKey(let name, .query) = scheme.kind {
                    names.insert(name)
                    named.insert(name)
                }
            }
        }
        knownQueryNames = names
        namedQueryParameters = named
        usesCookies =
            parameters.contains { $0.parameter.location == .cookie }
            || (security.alternatives ?? []).joined().contains {
                if case .apiKey(_, .cookie) = $0.kind { return true }
                return false
            }
        deepObjectPrefixes = prefixes
        offeredMediaTypes = Self.offered(responses)
    }

    /// The response documented for a status: the code, then its range (`2XX`), then `default`.
    func response(for status: Int) -> PreparedResponse? {
        responses.first { $0.response.status == .code(status) }
            ?? responses.first { $0.response.status == .range(status / 100) }
            ?? responses.first { $0.response.status == .default }
    }

    /// Media types of the 2xx responses (or of `default` when no 2xx response is documented).
    private static func offered(_ responses: [PreparedResponse]) -> [MediaTypeName] {
        let success = responses.filter {
            switch $0.response.status {
            case .code(let code): (200..<300).contains(code)
            case .range(let digit): digit == 2
            case .default: false
            }
        }
        let chosen = success.isEmpty ? responses.filter { $0.response.status == .default } : success
        return chosen.flatMap { $0.content.entries.map(\.name) }
    }
}
