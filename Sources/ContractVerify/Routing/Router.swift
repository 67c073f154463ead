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
    /// `servedFrom` as a table by operation and position in `servers` (so a request costs an index instead
    /// of hashing the server's URL), holding the match for paths without variables, made once (most requests
    /// then allocate no match); `nil` where the server does not serve the operation.
    private let plainMatches: [[RouteMatch.Storage?]]

    init(document: Spec.Document, options: VerifierOptions) {
        let operations = document.operations.map(RouteMatch.SharedOperation.init)
        self.operations = operations
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
        let servedFrom = document.operations.map { operation in
            Set(operation.servers.isEmpty ? documentServers : operation.servers.map(\.url)).union(options.baseURLs)
        }
        self.servedFrom = servedFrom
        // Base URLs from the options first, then the server with the longest base path; of equal ones, the
        // one with more fixed text (a literal host before `{origin}`), then the document's order.
        let explicit = options.baseURLs.count
        let declaredMatchers = matchers.dropFirst(explicit).enumerated().sorted { left, right in
            (left.element.depth, left.element.literalLength, -left.offset)
                > (right.element.depth, right.element.literalLength, -right.offset)
        }
        let servers = Array(matchers.prefix(explicit)) + declaredMatchers.map(\.element)
        self.servers = servers
        plainMatches = servedFrom.indices.map { index in
            servers.map { server in
                guard servedFrom[index].contains(server.url) else { return nil }
                return RouteMatch.Storage(
                    operation: operations[index], server: server.url, pathParameters: [:], rawPathParameters: [:],
                    index: index)
            }
        }
    }

    /// The route of `request`: under the first server that matches it and documents its path, the
    /// operation its method names.
    func route(_ request: HTTPRequest) -> RouteResult {
        let segments = PathSegments(request.path)
        // The rest of the path after each server that matches, for the nearest documented paths.
        var notFound: [[Substring]] = []
        var wrongServer: [String]?
        for (position, server) in servers.enumerated() {
            guard let depth = server.match(request, segments, segments.all) else { continue }
            var rest = segments.all.dropFirst(depth)
            if rest.isEmpty { rest = segments.emptySegment }
            let hasMethod = { (entry: Int) in operationIndex(request.method, entry: entry) != nil }
            var found = table.lookup(segments, rest, accepts: hasMethod)
            if found == nil, options.trailingSlash == .ignore, rest.count > 1, let last = rest.last,
                segments.isEmpty(last)
            {
                rest = rest.dropLast()
                found = table.lookup(segments, rest, accepts: hasMethod)
            }
            guard let (entry, variables) = found else {
                if server.claimsUnknownPath(request, segments, segments.all) {
                    notFound.append(segments.substrings(rest))
                }
                continue
            }
            guard let index = operationIndex(request.method, entry: entry) else {
                let methods = table.entries[entry].methods
                return .methodNotAllowed(path: table.entries[entry].template.text, allowed: methods.map(\.method))
            }
            // An operation with servers of its own is not served from the document's, and the reverse.
            guard let prepared = plainMatches[index][position] else {
                if wrongServer == nil { wrongServer = servedFrom[index].sorted() }
                continue
            }
            if variables.isEmpty { return .matched(RouteMatch(prepared)) }
            let decoded = variables.mapValues { URLDecoding.lenient($0) }
            return .matched(
                RouteMatch(
                    RouteMatch.Storage(
                        operation: operations[index], server: server.url, pathParameters: decoded,
                        rawPathParameters: variables, index: index)))
        }
        if let wrongServer { return .serverNotFound(servers: wrongServer) }
        if !notFound.isEmpty { return .pathNotFound(path: request.path, nearest: table.nearest(to: notFound)) }
        return .serverNotFound(servers: servers.map(\.url))
    }

    /// The other operations declared for the method and path of `match`'s (path keys told apart only by a
    /// `#fragment`, as Mistral writes its streaming variants of one `POST`), as matches of the same request,
    /// in the order declared.
    func alternatives(to match: RouteMatch) -> [RouteMatch] {
        let method = match.operation.method
        guard
            let entry = table.entries.first(where: { entry in entry.methods.contains { $0.index == match.index } })
        else { return [] }
        return entry.methods.filter { $0.method == method && $0.index != match.index }.map { other in
            RouteMatch(
                RouteMatch.Storage(
                    operation: operations[other.index], server: match.server, pathParameters: match.pathParameters,
                    rawPathParameters: match.rawPathParameters, index: other.index))
        }
    }

    /// The index of the operation the method names at a path entry; `nil` when the path has no such method.
    private func operationIndex(_ method: String, entry: Int) -> Int? {
        let methods = table.entries[entry].methods
        var chosen = methods.first { $0.method == method }
        if chosen == nil, method == "HEAD", options.headUsesGet {
            chosen = methods.first { $0.method == "GET" }
        }
        return chosen?.index
    }
}
