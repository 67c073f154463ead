import ContractSpec
import Testing

@testable import ContractVerify

/// Paths without variables under servers without variables (most requests): the edges of routing them,
/// beside paths with variables, escapes, trailing slashes and other servers.
@Suite struct LiteralPathRoutingTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: t, version: '1'}
        servers: [{url: 'https://api.example.com/v1'}, {url: 'https://api.example.com'}]
        paths:
          /orders:
            get: {operationId: listOrders, responses: {'204': {description: ok}}}
            post: {operationId: createOrder, responses: {'204': {description: ok}}}
          /orders/{id}:
            get:
              operationId: getOrder
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses: {'204': {description: ok}}
          /orders/mine:
            get: {operationId: myOrders, responses: {'204': {description: ok}}}
          /v1/status:
            get: {operationId: status, responses: {'204': {description: ok}}}
          /:
            get: {operationId: root, responses: {'204': {description: ok}}}
        """

    /// The route as text: the operation and server for a match, else the kind of failure and its details.
    static func describe(_ result: RouteResult) -> String {
        switch result {
        case .matched(let match):
            let parameters = match.pathParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return ([match.operation.operationId ?? "?", match.server] + parameters).joined(separator: " ")
        case .serverNotFound(let servers): return "server not found: " + servers.joined(separator: ", ")
        case .pathNotFound(let path, let nearest): return "not found: \(path) near " + nearest.joined(separator: ", ")
        case .methodNotAllowed(let path, let allowed): return "\(path) allows " + allowed.joined(separator: ", ")
        }
    }

    static func route(
        _ method: String, _ url: String, yaml: String = Self.yaml, options: VerifierOptions = VerifierOptions()
    ) throws -> String {
        let verifier = ContractVerifier(document: try RoutingTests.load(yaml), options: options)
        let request = try #require(HTTPRequest(method: method, url: url))
        return describe(verifier.route(request))
    }

    @Test func wholePathsMatchAsSegmentsDo() throws {
        let v1 = "https://api.example.com/v1"
        #expect(try Self.route("POST", "\(v1)/orders") == "createOrder \(v1)")
        #expect(try Self.route("GET", "\(v1)/orders") == "listOrders \(v1)")
        #expect(try Self.route("GET", "\(v1)/orders/mine") == "myOrders \(v1)")
        #expect(try Self.route("GET", "\(v1)/orders/other") == "getOrder \(v1) id=other")
        #expect(try Self.route("GET", "\(v1)/orders/min%65") == "myOrders \(v1)")
        #expect(try Self.route("GET", "\(v1)/ord%65rs") == "listOrders \(v1)")
        #expect(try Self.route("GET", "HTTPS://API.Example.COM:443/v1/orders") == "listOrders \(v1)")
        #expect(try Self.route("GET", "\(v1)/") == "root \(v1)")
        #expect(try Self.route("GET", v1) == "root \(v1)")
        #expect(try Self.route("GET", "/v1/orders").hasPrefix("server not found"))
    }

    @Test func pathsTheWholePathDoesNotDecide() throws {
        let v1 = "https://api.example.com/v1"
        #expect(try Self.route("DELETE", "\(v1)/orders") == "/orders allows GET, POST")
        #expect(try Self.route("GET", "\(v1)/orders/") == "not found: /v1/orders/ near /orders, /orders/{id}, /orders/mine")
        #expect(try Self.route("GET", "\(v1)/orders/mine/").hasPrefix("not found: /v1/orders/mine/ near"))
        let ignoring = VerifierOptions(trailingSlash: .ignore)
        #expect(try Self.route("GET", "\(v1)/orders/mine/", options: ignoring) == "myOrders \(v1)")
        #expect(try Self.route("GET", "\(v1)//orders").hasPrefix("not found: /v1//orders"))
        #expect(try Self.route("GET", "https://api.example.com:8443/v1/orders").hasPrefix("server not found"))
        #expect(try Self.route("GET", "http://api.example.com/v1/orders").hasPrefix("server not found"))
        // The base path must end at a segment boundary.
        #expect(try Self.route("GET", "https://api.example.com/v1orders").hasPrefix("not found: /v1orders"))
        // Under the deeper server `/status` is not documented; under the other, `/v1/status` is.
        #expect(try Self.route("GET", "\(v1)/status") == "status https://api.example.com")
        #expect(try Self.route("HEAD", "\(v1)/orders") == "listOrders \(v1)")
        #expect(try Self.route("HEAD", "\(v1)/orders", options: VerifierOptions(headUsesGet: false)) == "/orders allows GET, POST")
    }

    @Test func requestsChangedAfterTheyWereMade() throws {
        let verifier = ContractVerifier(document: try RoutingTests.load(Self.yaml))
        var request = try #require(HTTPRequest(method: "GET", url: "https://api.example.com/v1/orders"))
        request.method = "get"
        #expect(Self.describe(verifier.route(request)) == "/orders allows GET, POST")
        request.method = "GET"
        request.host = "API.EXAMPLE.COM"
        #expect(Self.describe(verifier.route(request)) == "listOrders https://api.example.com/v1")
        request.path = "/v1/orders#"
        #expect(Self.describe(verifier.route(request)).hasPrefix("not found: /v1/orders#"))
    }

    /// A server with variables tried before the literal one decides first, and base URLs from the options
    /// come before the document's servers.
    @Test func serversTriedBeforeTheLiteralOne() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            servers:
              - url: 'https://{host}/v1/admin'
                variables: {host: {default: api.example.com}}
              - url: 'https://api.example.com/v1'
            paths:
              /orders:
                get: {operationId: listOrders, responses: {'204': {description: ok}}}
              /admin/orders:
                get: {operationId: adminOrders, responses: {'204': {description: ok}}}
            """
        let admin = "https://{host}/v1/admin"
        let literal = "https://api.example.com/v1"
        let local = "http://localhost:8080/api"
        let options = VerifierOptions(baseURLs: [local])
        #expect(try Self.route("GET", "\(literal)/admin/orders", yaml: yaml) == "listOrders \(admin)")
        #expect(try Self.route("GET", "\(literal)/orders", yaml: yaml) == "listOrders \(literal)")
        #expect(try Self.route("GET", "\(local)/orders", yaml: yaml, options: options) == "listOrders \(local)")
        #expect(try Self.route("GET", "\(literal)/orders", yaml: yaml, options: options) == "listOrders \(literal)")
    }

    /// Many paths of one length that differ in one segment: each routes to its own operation, and a path
    /// between them is not found.
    @Test func manyPathsOfOneLength() throws {
        let names = (0..<40).map { $0 < 10 ? "p0\($0)" : "p\($0)" }
        let paths = names.map { "  /\($0)/status:\n    get: {operationId: \($0), responses: {'204': {description: ok}}}" }
        let yaml = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n" + paths.joined(separator: "\n")
        let router = Router(document: try RoutingTests.load(yaml), options: VerifierOptions())
        for name in names {
            #expect(router.route(HTTPRequest(method: "GET", path: "/\(name)/status")).match?.operation.operationId == name)
        }
        #expect(router.route(HTTPRequest(method: "GET", path: "/p40/status")).match == nil)
        #expect(router.route(HTTPRequest(method: "GET", path: "/p0x/status")).match == nil)
    }
}
