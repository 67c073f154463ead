import ContractSpec
import Testing

@testable import ContractVerify

/// Server URLs whose variables stand for a whole URL, a host or path segments, and the not-found
/// message when a server matches but no path does.
@Suite struct ServerTemplateTests {
    static let contract = FixtureContract("repositories.yaml")
    static let api = "https://api.repos.example.com"
    static let uploads = "https://uploads.repos.example.com"

    func operationId(_ method: String, _ url: String) -> String? {
        Self.contract.route(method, url)?.match?.operation.operationId
    }

    @Test func aVariableForTheWholeOriginMatchesTheUploadServer() {
        #expect(operationId("POST", Self.uploads + "/repos/o/r/releases/7/assets?name=a.zip") == "uploadReleaseAsset")
        let kinds = Self.contract.kinds(
            "POST", Self.uploads + "/repos/o/r/releases/7/assets?name=a.zip",
            headers: ["Content-Type": "application/octet-stream"], body: "PK\u{3}\u{4}")
        #expect(kinds == [])
        // A variable without `enum` takes any value of what it stands for: another origin (an enterprise host).
        #expect(operationId("POST", "http://git.corp.example:8080/repos/o/r/releases/7/assets") == "uploadReleaseAsset")
    }

    @Test func theOriginVariableIsNotABasePathSegment() {
        // Read as a one-segment relative base path, `{origin}` took `/x` and accepted this made-up URL.
        #expect(operationId("POST", Self.uploads + "/x/repos/o/r/releases/7/assets") == nil)
        #expect(Self.contract.kinds("POST", Self.uploads + "/x/repos/o/r/releases/7/assets") == ["route.not-found"])
    }

    @Test func operationsKeepTheirOwnServers() {
        #expect(operationId("GET", Self.api + "/repos/o/r/releases/7/assets") == "listReleaseAssets")
        #expect(operationId("GET", Self.api + "/repos/o/r") == "getRepository")
        // `{origin}` serves only the upload: a host no server of `getRepository` matches is reported.
        #expect(Self.contract.kinds("GET", "https://elsewhere.example.org/repos/o/r") == ["route.server-not-found"])
        // `{origin}` takes any host for the paths it serves, but an unknown path on another host is no
        // business of the contract's: it matches no server, rather than being an unknown path.
        #expect(Self.contract.kinds("GET", "https://cdn.example.net/assets/app.js") == ["route.server-not-found"])
        #expect(Self.contract.kinds("GET", Self.uploads + "/assets/app.js") == ["route.not-found"])
    }

    @Test func notFoundNamesThePathAsSentAndTheClosestTemplateFirst() throws {
        let violations = try #require(Self.contract.violations("GET", Self.api + "/repos/o/r/issue/1"))
        let violation = try #require(violations.first)
        #expect(violations.count == 1)
        #expect(violation.kind == .routeNotFound)
        #expect(violation.actual == "/repos/o/r/issue/1")
        let hint = try #require(violation.hint)
        #expect(hint.hasPrefix("nearest: /repos/{owner}/{repo}/issues/{issue_number}, "))
        guard case .pathNotFound(let path, let nearest) = Self.contract.route("GET", Self.api + "/repos/o/r/issue/1")
        else {
            Issue.record("expected a path not found")
            return
        }
        #expect(path == "/repos/o/r/issue/1")
        #expect(nearest.first == "/repos/{owner}/{repo}/issues/{issue_number}")
    }

    @Test func aVariableWithAnEnumOfWholeURLsMatchesOnlyThoseURLs() {
        #expect(operationId("GET", "https://status.repos.example.com/status-api/status") == "getStatus")
        #expect(operationId("GET", "https://staging.repos.example.com:8443/edge/status-api/status") == "getStatus")
        // A host the enum does not list, a listed host without its base path, and a listed host's wrong port.
        #expect(Self.contract.kinds("GET", "https://evil.repos.example.com/status-api/status") == ["route.server-not-found"])
        #expect(operationId("GET", "https://staging.repos.example.com:8443/status-api/status") == nil)
        #expect(operationId("GET", "https://staging.repos.example.com/edge/status-api/status") == nil)
    }

    /// The shapes of a server written in YAML (`{url: …, variables: …}`), as `scheme authority /segments`.
    static func shapes(_ server: String) throws -> [String] {
        let document = try RoutingTests.load(
            "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nservers: [\(server)]\npaths: {}\n")
        let declared = try #require(document.servers.first)
        return ServerTemplate.shapes(url: declared.url, variables: declared.variables).map { shape in
            func text(_ pieces: [PathTemplate.Piece]) -> String {
                pieces.map {
                    switch $0 {
                    case .literal(let literal): literal
                    case .variable(let name): "{\(name)}"
                    }
                }.joined()
            }
            let scheme = shape.scheme.map(text) ?? "-"
            let authority = shape.authority.map(text) ?? "-"
            return "\(scheme) \(authority) /" + shape.segments.map(text).joined(separator: "/")
        }
    }

    @Test func templatesSplitIntoSchemeHostAndBasePath() throws {
        let origin = "variables: {origin: {default: 'https://uploads.example.com'}}"
        #expect(try Self.shapes("{url: '{origin}', \(origin)}") == ["{origin} {origin} /"])
        #expect(try Self.shapes("{url: '{origin}/v1', \(origin)}") == ["{origin} {origin} /v1"])
        #expect(
            try Self.shapes("{url: 'HTTPS://{region}.API.example.com:443/V1', variables: {region: {default: eu, enum: [eu, us]}}}")
                == ["https {region}.api.example.com /V1"])
        #expect(try Self.shapes("{url: '{base}', variables: {base: {default: /api/v2}}}") == ["- - /{base}/{base}"])
        #expect(
            try Self.shapes("{url: 'https://{where}', variables: {where: {default: api.example.com/v2}}}")
                == ["https {where} /{where}"])
        #expect(
            try Self.shapes(
                "{url: '{environment}/api', variables: {environment: {default: 'https://a.example.com', enum: ['https://a.example.com', 'http://b.example.com:80/x']}}}"
            ) == ["https a.example.com /api", "http b.example.com /x/api"])
        // An undeclared variable stays where it is written.
        #expect(try Self.shapes("{url: '/{version}/api'}") == ["- - /{version}/api"])
    }

    @Test func oddTemplatesAreReadWithoutFailing() throws {
        #expect(try Self.shapes("{url: '{origin'}") == ["- - /{origin"])
        #expect(try Self.shapes("{url: 'https://'}") == ["https  /"])
        #expect(try Self.shapes("{url: '//cdn.example.com/a'}") == ["- cdn.example.com /a"])
        #expect(try Self.shapes("{url: '{a}{b}', variables: {a: {default: 'https:'}, b: {default: '//x.example'}}}") == ["{a} {b} /"])
        #expect(try Self.shapes("{url: '{empty}/v1', variables: {empty: {default: ''}}}") == ["- - /{empty}/v1"])
        let many = (1...4).map {
            "v\($0): {default: 'https://a.example', enum: ['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example']}"
        }
        let url = (1...4).map { "{v\($0)}" }.joined()
        // 4^4 spellings exceed the limit: the last variable matches any value instead.
        let shapes = try Self.shapes("{url: '\(url)', variables: {\(many.joined(separator: ", "))}}")
        #expect(shapes.count == ServerTemplate.maximumShapes)
    }
}
