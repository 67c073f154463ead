import ContractJSON
import ContractSpec

/// Matches requests to operations: a server (or base URL) first, then a path template, then the method.
struct Router: Sendable {
    private let servers: [ServerMatcher]
    private let table: RoutingTable
    private let operations: [Spec.Operation]
    private let options: VerifierOptions

    init(document: Spec.Document, options: VerifierOptions) {
        operations = document.operations
        table = RoutingTable(operations: document.operations)
        self.options = options
        var matchers = options.baseURLs.map { ServerMatcher(url: $0) }
        var seen = Set(options.baseURLs)
        let declared = document.servers + document.operations.flatMap(\.servers)
        for server in declared where seen.insert(server.url).inserted {
            matchers.append(ServerMatcher(url: server.url, variables: server.variables))
        }
        // OpenAPI: without servers, the API is served from `/`.
        if declared.isEmpty && options.baseURLs.isEmpty { matchers.append(ServerMatcher(url: "/")) }
        // Base URLs from the options first, then the server with the longest base path.
        let explicit = options.baseURLs.count
        servers = Array(matchers.prefix(explicit)) + matchers.dropFirst(explicit).sorted { $0.depth > $1.depth }
    }

    func route(_ request: HTTPRequest) -> RouteResult {
        var segments = request.path.splitting(at: UInt8(ascii: "/"))[...]
        if segments.first == "" { segments = segments.dropFirst() }
        var notFound: (path: String, segments: ArraySlice<Substring>)?
        for server in servers {
            guard let depth = server.match(request, segments: segments) else { continue }
            var rest = segments.dropFirst(depth)
            if rest.isEmpty { rest = [""] }
            var found = table.lookup(rest)
            if found == nil, options.trailingSlash == .ignore, rest.count > 1, rest.last == "" {
                rest = rest.dropLast()
                found = table.lookup(rest)
            }
            guard let (entry, variables) = found else {
                if notFound == nil { notFound = ("/" + rest.joined(separator: "/"), rest) }
                continue
            }
            return resolveMethod(request.method, entry: entry, variables: variables, server: server.url)
        }
        if let notFound {
            return .pathNotFound(path: notFound.path, nearest: table.nearest(to: notFound.segments))
        }
        return .serverNotFound(servers: servers.map(\.url))
    }

    private func resolveMethod(
        _ method: String, entry: RoutingTable.PathEntry, variables: [String: Substring], server: String
    ) -> RouteResult {
        var chosen = entry.methods.first { $0.method == method }
        if chosen == nil, method == "HEAD", options.headUsesGet {
            chosen = entry.methods.first { $0.method == "GET" }
        }
        guard let chosen else {
            return .methodNotAllowed(path: entry.template.text, allowed: entry.methods.map(\.method))
        }
        let decoded = variables.mapValues { URLDecoding.lenient($0) }
        return .matched(
            RouteMatch(
                operation: operations[chosen.index], server: server, pathParameters: decoded,
                rawPathParameters: variables, index: chosen.index))
    }
}
