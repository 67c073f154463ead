import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

@Suite struct RoutingTests {
    static func load(_ yaml: String) throws -> Spec.Document {
        let folder = Scratch.path("verify")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("api.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try #require(ContractLoader().load(file, checks: []).document)
    }

    static let paths = """
        paths:
          /pets/{petId}:
            get: {operationId: getPet, parameters: [{name: petId, in: path, required: true, schema: {type: string}}], responses: {'200': {description: ok}}}
          /pets/mine:
            get: {operationId: myPets, responses: {'200': {description: ok}}}
          /files/{name}.{ext}:
            get:
              operationId: getFile
              parameters:
                - {name: name, in: path, required: true, schema: {type: string}}
                - {name: ext, in: path, required: true, schema: {type: string, enum: [png, pdf]}}
              responses: {'200': {description: ok}}
          /users/{id}/tags/{tag}:
            get:
              operationId: getTag
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer}}
                - {name: tag, in: path, required: true, schema: {type: string}}
              responses: {'200': {description: ok}}
          /:
            get: {operationId: root, responses: {'200': {description: ok}}}
        """

    static let document: Spec.Document = {
        let yaml = """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            servers:
              - url: https://{region}.api.example.com:{port}/{version}
                variables:
                  region: {default: eu, enum: [eu, us]}
                  port: {default: '443', enum: ['443', '8443']}
                  version: {default: v2}
              - url: /relative
            """ + "\n" + paths
        return (try? load(yaml)) ?? Clinic.document
    }()

    func operationId(_ url: String, _ options: VerifierOptions = VerifierOptions()) -> String? {
        guard let request = HTTPRequest(method: "GET", url: url) else { return nil }
        return ContractVerifier(document: Self.document, options: options).route(request).match?.operation.operationId
    }

    @Test func concretePathsWinOverTemplates() {
        #expect(operationId("https://eu.api.example.com/v2/pets/mine") == "myPets")
        #expect(operationId("https://eu.api.example.com/v2/pets/other") == "getPet")
    }

    @Test func serverVariablesAndPorts() {
        #expect(operationId("https://us.api.example.com:8443/v3/pets/1") == "getPet")
        #expect(operationId("https://eu.api.example.com:443/v2/pets/1") == "getPet")
        #expect(operationId("https://xx.api.example.com/v2/pets/1") == nil)
        #expect(operationId("https://eu.api.example.com:9000/v2/pets/1") == nil)
        #expect(operationId("http://anything.test/relative/pets/1") == "getPet")
        #expect(operationId("/relative/") == "root")
    }

    @Test func segmentsArePercentDecodedAfterMatching() throws {
        let request = try #require(HTTPRequest(method: "GET", url: "https://eu.api.example.com/v2/pets/a%2Fb%20c"))
        let match = try #require(ContractVerifier(document: Self.document).route(request).match)
        #expect(match.pathParameters == ["petId": "a/b c"])
        #expect(operationId("https://eu.api.example.com/v2/pets/mi%6Ee") == "myPets")
    }

    @Test func templatesInsideASegment() throws {
        let request = try #require(HTTPRequest(method: "GET", url: "https://eu.api.example.com/v2/files/report.v2.pdf"))
        let verdict = ContractVerifier(document: Self.document).verifyRequest(request)
        #expect(verdict.route.match?.pathParameters == ["name": "report.v2", "ext": "pdf"])
        #expect(verdict.violations.isEmpty)
        let other = try #require(HTTPRequest(method: "GET", url: "https://eu.api.example.com/v2/files/report.doc"))
        #expect(ContractVerifier(document: Self.document).verifyRequest(other).violations.map(\.kind) == [.parameterSchema])
    }

    @Test func pathParametersAreTyped() throws {
        let verifier = ContractVerifier(document: Self.document)
        let good = try #require(HTTPRequest(method: "GET", url: "https://eu.api.example.com/v2/users/42/tags/x"))
        let bad = try #require(HTTPRequest(method: "GET", url: "https://eu.api.example.com/v2/users/forty/tags/x"))
        #expect(verifier.verifyRequest(good).violations.isEmpty)
        #expect(verifier.verifyRequest(bad).violations.map(\.kind) == [.parameterSchema])
    }

    @Test func trailingSlashPolicy() {
        #expect(operationId("https://eu.api.example.com/v2/pets/mine/") == nil)
        #expect(operationId("https://eu.api.example.com/v2/pets/mine/", VerifierOptions(trailingSlash: .ignore)) == "myPets")
    }

    @Test func swagger2BasePathBecomesTheServer() throws {
        let document = try Self.load(
            """
            swagger: '2.0'
            info: {title: t, version: '1'}
            host: legacy.example.com
            basePath: /api/v1
            schemes: [https]
            paths:
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters: [{name: id, in: path, required: true, type: integer}]
                  responses: {'200': {description: ok}}
            """)
        let verifier = ContractVerifier(document: document)
        let good = try #require(HTTPRequest(method: "GET", url: "https://legacy.example.com/api/v1/pets/7"))
        let bad = try #require(HTTPRequest(method: "GET", url: "https://legacy.example.com/api/v1/pets/seven"))
        let elsewhere = try #require(HTTPRequest(method: "GET", url: "https://legacy.example.com/pets/7"))
        #expect(verifier.verifyRequest(good).violations.isEmpty)
        #expect(verifier.verifyRequest(bad).violations.map(\.kind) == [.parameterSchema])
        #expect(verifier.verifyRequest(elsewhere).violations.map(\.kind) == [.serverNotFound])
    }

    @Test func oneVerifierServesManyThreads() async {
        let exchanges = (try? Clinic.har("contracts/clinic.har")) ?? []
        let verifier = Clinic.verifier
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask { exchanges.reduce(0) { $0 + verifier.verify(exchange: $1).violations.count } }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 0, count: 64))
    }
}

extension RoutingTests {
    @Test func operationServersOverrideTheDocumentServers() throws {
        let document = try Self.load(
            """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            servers: [{url: 'https://api.test/v1'}]
            paths:
              /files:
                servers: [{url: 'https://upload.api.test/v1'}]
                post: {operationId: upload, responses: {'204': {description: ok}}}
              /pets:
                get: {operationId: listPets, responses: {'204': {description: ok}}}
            """)
        let verifier = ContractVerifier(document: document)
        func route(_ method: String, _ url: String) -> String {
            guard let request = HTTPRequest(method: method, url: url) else { return "bad URL" }
            switch verifier.route(request) {
            case .matched(let match): return match.operation.operationId ?? "?"
            case .serverNotFound(let servers): return "server not found: " + servers.joined(separator: ", ")
            case .pathNotFound: return "path not found"
            case .methodNotAllowed: return "method not allowed"
            }
        }
        #expect(route("POST", "https://upload.api.test/v1/files") == "upload")
        #expect(route("POST", "https://api.test/v1/files") == "server not found: https://upload.api.test/v1")
        #expect(route("GET", "https://api.test/v1/pets") == "listPets")
        #expect(route("GET", "https://upload.api.test/v1/pets") == "server not found: https://api.test/v1")
    }
}

extension RoutingTests {
    /// A request goes to the first path that matches it and has its method: two templates of one shape with
    /// other variable names (Mistral's connectors) each keep their methods, and a concrete path without the
    /// method leaves it to a template that has it. Only a path where no match has the method answers 405.
    @Test func thePathThatHasTheMethodServesIt() throws {
        let document = try Self.load(
            """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            servers: [{url: 'https://api.test'}]
            paths:
              /connectors/{connector_id_or_name}#idOrName:
                get: {operationId: getConnector, responses: {'200': {description: ok}}}
              /connectors/{connector_id}#id:
                patch: {operationId: updateConnector, responses: {'200': {description: ok}}}
                delete: {operationId: deleteConnector, responses: {'204': {description: ok}}}
              /users/me:
                get: {operationId: me, responses: {'200': {description: ok}}}
              /users/{id}:
                delete: {operationId: deleteUser, responses: {'204': {description: ok}}}
            """)
        let verifier = ContractVerifier(document: document)
        func route(_ method: String, _ path: String) -> String {
            guard let request = HTTPRequest(method: method, url: "https://api.test" + path) else { return "bad URL" }
            switch verifier.route(request) {
            case .matched(let match):
                let parameters = match.pathParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                return ([match.operation.operationId ?? "?"] + parameters).joined(separator: " ")
            case .methodNotAllowed(_, let allowed): return "405 " + allowed.joined(separator: ",")
            case .serverNotFound, .pathNotFound: return "not found"
            }
        }
        #expect(route("GET", "/connectors/github") == "getConnector connector_id_or_name=github")
        #expect(route("PATCH", "/connectors/c-1") == "updateConnector connector_id=c-1")
        #expect(route("DELETE", "/connectors/c-1") == "deleteConnector connector_id=c-1")
        #expect(route("PUT", "/connectors/c-1") == "405 GET")
        #expect(route("GET", "/users/me") == "me")
        #expect(route("DELETE", "/users/me") == "deleteUser id=me")
        #expect(route("PUT", "/users/me") == "405 GET")
    }
}

extension RoutingTests {
    /// Servers without variables are compared as text: scheme and host without regard to case, the default
    /// port as if left out, the base path segment by segment.
    @Test func literalServersCompareSchemeHostPortAndBasePath() throws {
        let document = try Self.load(
            """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            servers: [{url: 'https://api.example.com:443/v1/shop'}, {url: 'http://local.test:8080'}]
            paths:
              /pets:
                get: {operationId: listPets, responses: {'204': {description: ok}}}
            """)
        let verifier = ContractVerifier(document: document)
        func operationId(_ url: String) -> String? {
            guard let request = HTTPRequest(method: "GET", url: url) else { return nil }
            return verifier.route(request).match?.operation.operationId
        }
        #expect(operationId("https://api.example.com/v1/shop/pets") == "listPets")
        #expect(operationId("HTTPS://API.Example.COM:443/v1/shop/pets") == "listPets")
        #expect(operationId("http://local.test:8080/pets") == "listPets")
        #expect(operationId("https://api.example.com/v1/pets") == nil)
        #expect(operationId("https://api.example.com/V1/shop/pets") == nil)
        #expect(operationId("https://api.example.com:8443/v1/shop/pets") == nil)
        #expect(operationId("http://api.example.com/v1/shop/pets") == nil)
        #expect(operationId("http://local.test/pets") == nil)
        #expect(operationId("https://other.example.com/v1/shop/pets") == nil)
    }

    /// A host or scheme set after the request was made keeps its case; servers still match it without regard
    /// to case, as they match hosts the initializer lower-cased.
    @Test func hostsSetLaterCompareWithoutRegardToCase() throws {
        let document = try Self.load(
            """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            servers: [{url: 'https://api.example.com/v1'}]
            paths:
              /pets:
                get: {operationId: listPets, responses: {'204': {description: ok}}}
            """)
        let verifier = ContractVerifier(document: document)
        var request = try #require(HTTPRequest(method: "GET", url: "https://api.example.com/v1/pets"))
        request.host = "API.Example.COM"
        request.scheme = "HTTPS"
        #expect(verifier.route(request).match?.operation.operationId == "listPets")
        request.host = "api.example.co"
        #expect(verifier.route(request).match == nil)
        request.host = "api.ex\u{E1}mple.com"
        #expect(verifier.route(request).match == nil)
    }

    /// Literal path segments are compared after percent-decoding, exactly (case matters), whether a node
    /// has a few literal children (compared as bytes) or many (looked up by name).
    @Test(arguments: [3, 12])
    func literalSegmentsCompareDecodedText(siblings: Int) throws {
        let paths = (0..<siblings).map { "  /item\($0):\n    get: {operationId: item\($0), responses: {'204': {description: ok}}}" }
        let document = try Self.load(
            """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /shop/caf\u{E9}:
                get: {operationId: menu, responses: {'204': {description: ok}}}
            \(paths.joined(separator: "\n"))
            """)
        let verifier = ContractVerifier(document: document)
        func operationId(_ path: String) -> String? {
            verifier.route(HTTPRequest(method: "GET", path: path)).match?.operation.operationId
        }
        #expect(operationId("/item1") == "item1")
        #expect(operationId("/item\(siblings - 1)") == "item\(siblings - 1)")
        #expect(operationId("/it%65m1") == "item1")
        #expect(operationId("/Item1") == nil)
        #expect(operationId("/item") == nil)
        #expect(operationId("/item1x") == nil)
        #expect(operationId("/shop/caf%C3%A9") == "menu")
        #expect(operationId("/shop/cafe%CC%81") == "menu")
        #expect(operationId("/shop/cafe") == nil)
        #expect(operationId("/Shop/caf%C3%A9") == nil)
    }
}

extension RoutingTests {
    /// Matches of paths without variables are prepared once per operation and server: each still names the
    /// server the request used and its operation, with no parameters, request after request.
    @Test func preparedMatchesNameTheirServerAndOperation() throws {
        let verifier = ContractVerifier(document: Self.document)
        func match(_ url: String) throws -> RouteMatch {
            let request = try #require(HTTPRequest(method: "GET", url: url))
            return try #require(verifier.route(request).match)
        }
        let templated = "https://{region}.api.example.com:{port}/{version}"
        for _ in 0..<2 {
            let remote = try match("https://us.api.example.com/v2/pets/mine")
            let relative = try match("/relative/pets/mine")
            #expect(remote.server == templated)
            #expect(relative.server == "/relative")
            #expect(remote.operation.operationId == "myPets" && relative.operation.operationId == "myPets")
            #expect(remote.operationIndex == relative.operationIndex)
            #expect(remote.pathParameters.isEmpty && relative.pathParameters.isEmpty)
        }
        let pet = try match("/relative/pets/a%20b")
        #expect(pet.operation.operationId == "getPet")
        #expect(pet.server == "/relative")
        #expect(pet.pathParameters == ["petId": "a b"])
    }
}
