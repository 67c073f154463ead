import ContractJSON
import ContractSpec

/// Matches requests to operations: a server (or base URL) first, then a path template, then the method.
struct Router: Sendable {
    private let servers: [ServerMatcher]
    private let table: RoutingTable
    private let operations: [RouteMatch.SharedOperation]
    private let options: VerifierOptions
    /// For each operation, the server URLs it is served from: its own `servers` when it has any, else
    /// the document's (or `/`); base URLs from the options serve every operation.
    private let servedFrom: [Set<String>]
    /// `servedFrom` as a table by operation and position in `servers`, so a request costs an index
    /// instead of hashing the server's URL.
    private let serves: [[Bool]]

    init(document: Spec.Document, options: VerifierOptions) {
        operations = document.operations.map(RouteMatch.SharedOperation.init)
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
        let documentServers = document.servers.isEmpty ? ["/"] : document.servers.map(\.url)
        servedFrom = document.operations.map { operation in
            Set(operation.servers.isEmpty ? documentServers : operation.servers.map(\.url)).union(options.baseURLs)
        }
        // Base URLs from the options first, then the server with the longest base path.
        let explicit = options.baseURLs.count
        let servers = Array(matchers.prefix(explicit)) + matchers.dropFirst(explicit).sorted { $0.depth > $1.depth }
        self.servers = servers
        serves = servedFrom.map { urls in servers.map { urls.contains($0.url) } }
    }

    func route(_ request: HTTPRequest) -> RouteResult {
        let segments = PathSegments(request.path)
        var notFound: (path: String, segments: [Substring])?
        var wrongServer: [String]?
        for (position, server) in servers.enumerated() {
            guard let depth = server.match(request, segments, segments.all) else { continue }
            var rest = segments.all.dropFirst(depth)
            if rest.isEmpty { rest = segments.emptySegment }
            var found = table.lookup(segments, rest)
            if found == nil, options.trailingSlash == .ignore, rest.count > 1, let last = rest.last,
                segments.isEmpty(last)
            {
                rest = rest.dropLast()
                found = table.lookup(segments, rest)
            }
            guard let (entry, variables) = found else {
                if notFound == nil {
                    let texts = segments.substrings(rest)
                    notFound = ("/" + texts.joined(separator: "/"), texts)
                }
                continue
            }
            let result = resolveMethod(request.method, entry: entry, variables: variables, server: server.url)
            // An operation with servers of its own is not served from the document's, and the reverse.
            if case .matched(let match) = result, !serves[match.index][position] {
                if wrongServer == nil { wrongServer = servedFrom[match.index].sorted() }
                continue
            }
            return result
        }
        if let wrongServer { return .serverNotFound(servers: wrongServer) }
        if let notFound {
            return .pathNotFound(path: notFound.path, nearest: table.nearest(to: notFound.segments[...]))
        }
        return .serverNotFound(servers: servers.map(\.url))
    }

    private func resolveMethod(
        _ method: String, entry: Int, variables: [String: Substring], server: String
    ) -> RouteResult {
        let methods = table.entries[entry].methods
        var chosen = methods.first { $0.method == method }
        if chosen == nil, method == "HEAD", options.headUsesGet {
            chosen = methods.first { $0.method == "GET" }
        }
        guard let chosen else {
            return .methodNotAllowed(path: table.entries[entry].template.text, allowed: methods.map(\.method))
        }
        let decoded = variables.isEmpty ? [:] : variables.mapValues { URLDecoding.lenient($0) }
        return .matched(
            RouteMatch(
                operation: operations[chosen.index], server: server, pathParameters: decoded,
                rawPathParameters: variables, index: chosen.index))
    }
}
