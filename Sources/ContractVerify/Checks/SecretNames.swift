import ContractSpec

/// The headers, query parameters and cookies whose values violations must not print.
struct SecretNames: Sendable {
    private let headers: Set<String>
    private let queries: Set<String>
    private let cookies: Set<String>

    init(document: Spec.Document, extra: Set<String>) {
        let extra = Set(extra.map { $0.lowercased() })
        var headers: Set<String> = ["authorization", "cookie", "set-cookie", "proxy-authorization"]
        var queries = extra
        var cookies = extra
        headers.formUnion(extra)
        for scheme in document.securitySchemes.values {
            guard case .apiKey(let name, let location) = scheme.kind else { continue }
            switch location {
            case .query: queries.insert(name.lowercased())
            case .cookie: cookies.insert(name.lowercased())
            default: headers.insert(name.lowercased())
            }
        }
        self.headers = headers
        self.queries = queries
        self.cookies = cookies
    }

    func isSecret(_ location: ExchangeLocation) -> Bool {
        switch location {
        case .request(.header(let name)), .response(_, .header(let name)): headers.contains(name.lowercased())
        case .request(.query(let name)): queries.contains(name.lowercased())
        case .request(.cookie(let name)): cookies.contains(name.lowercased())
        default: false
        }
    }
}
