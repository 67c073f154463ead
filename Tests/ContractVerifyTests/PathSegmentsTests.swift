import ContractSpec
import Foundation
import Testing

@testable import ContractVerify

/// Routing cuts a path into byte ranges (`PathSegments`) instead of an array of substrings: the segments
/// must be the ones splitting at `/` gave (the leading slash's empty one dropped), and a segment compared
/// with a literal as bytes must decide as `==` on the text does.
@Suite struct PathSegmentsTests {
    static let paths = [
        "", "/", "//", "/v1", "/v1/", "/v1//orders", "v1/orders", "/v1/orders", "/v1/orders/",
        "/v1/%6Frders", "/v1/caf\u{E9}", "/v1/cafe\u{301}", "/v1/caf%C3%A9/x", "/\u{1F600}/\u{4E2D}\u{6587}/",
        "/a/b/c/d/e/f/g", "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/", String(repeating: "/seg", count: 40),
    ]

    static let literals = [
        "", "v1", "V1", "orders", "order", "ordersx", "caf\u{E9}", "cafe\u{301}", "cafe", "\u{212A}", "K",
        "\u{1F600}", "%6Frders", "a",
    ]

    @Test(arguments: paths)
    func segmentsAreTheSplitPath(path: String) {
        var expected = path.split(separator: "/", omittingEmptySubsequences: false)[...]
        if expected.first?.isEmpty == true { expected = expected.dropFirst() }
        let segments = PathSegments(path)
        #expect(segments.substrings(segments.all) == Array(expected))
        #expect(segments.substrings(segments.emptySegment) == [""])
        for number in segments.all {
            #expect(segments.isEmpty(number) == expected[expected.startIndex + number - segments.all.lowerBound].isEmpty)
        }
    }

    @Test(arguments: paths)
    func byteComparisonDecidesAsTextComparison(path: String) {
        let segments = PathSegments(path + "/\u{212A}/K/Ke\u{301}")
        for number in segments.all {
            for literal in Self.literals {
                #expect(segments.segment(number, equals: literal) == (segments.substring(number) == literal))
            }
        }
    }

    @Test func bridgedPathsCutAsNativeOnes() {
        let bridged = NSString(string: "/v1/caf\u{E9}/orders/") as String
        let segments = PathSegments(bridged)
        #expect(segments.substrings(segments.all) == ["v1", "caf\u{E9}", "orders", ""])
    }

    /// A base path with a non-ASCII segment, a templated and a deep path.
    static let contract = """
        paths:
          /orders:
            get: {operationId: list, responses: {'204': {description: ok}}}
          /orders/{id}:
            get:
              operationId: one
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses: {'204': {description: ok}}
          /a/b/c/d/e/f/g/h/i:
            get: {operationId: deep, responses: {'204': {description: ok}}}
          /:
            get: {operationId: root, responses: {'204': {description: ok}}}
        servers: [{url: 'https://api.example.com/caf\u{E9}/v1'}]
        info: {title: t, version: '1'}
        openapi: 3.1.0
        """

    /// Base path segments compared as bytes still match canonically equivalent text, and paths of more
    /// segments than fit inline route as short ones do.
    @Test func routingThroughByteSegments() throws {
        let document = try RoutingTests.load(Self.contract)
        func operationId(_ path: String, _ options: VerifierOptions = VerifierOptions()) -> String? {
            let request = HTTPRequest(method: "GET", scheme: "https", host: "api.example.com", path: path)
            return ContractVerifier(document: document, options: options).route(request).match?.operation.operationId
        }
        #expect(operationId("/caf\u{E9}/v1/orders") == "list")
        #expect(operationId("/cafe\u{301}/v1/orders") == "list")
        #expect(operationId("/cafe/v1/orders") == nil)
        #expect(operationId("/caf\u{E9}/v1/%6Frders") == "list")
        #expect(operationId("/caf\u{E9}/v1/orders/caf%C3%A9") == "one")
        #expect(operationId("/caf\u{E9}/v1/orders/") == nil)
        #expect(operationId("/caf\u{E9}/v1/orders/", VerifierOptions(trailingSlash: .ignore)) == "list")
        #expect(operationId("/caf\u{E9}/v1") == "root")
        #expect(operationId("/caf\u{E9}/v1/") == "root")
        #expect(operationId("/caf\u{E9}/v1/a/b/c/d/e/f/g/h/i") == "deep")
        #expect(operationId("/caf\u{E9}/v1/a/b/c/d/e/f/g/h/i/", VerifierOptions(trailingSlash: .ignore)) == "deep")
        #expect(operationId("/caf\u{E9}/v1/a/b/c/d/e/f/g/h/j") == nil)
        #expect(operationId("/caf\u{E9}") == nil)
        let request = HTTPRequest(method: "GET", scheme: "https", host: "api.example.com", path: "/caf\u{E9}/v1/ordrs/x")
        guard case .pathNotFound(let path, _) = ContractVerifier(document: document).route(request) else {
            Issue.record("expected a path not found")
            return
        }
        // The path as sent, base path included.
        #expect(path == "/caf\u{E9}/v1/ordrs/x")
    }
}
