import ContractVerify
import Foundation
import Testing

/// A caller that routed a request already (to choose among contracts) hands the route to the verifier,
/// which checks the request with it instead of routing again, and finds what routing itself would.
@Suite struct RoutedVerificationTests {
    static let petstore = FixtureContract("petstore.yaml")

    static func exchange(_ url: String, status: Int = 200, body: String = #"{"id":1,"name":"Rex"}"#) throws
        -> HTTPExchange
    {
        let request = try #require(HTTPRequest(method: "GET", url: url))
        let response = HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"], body: HTTPBody(text: body))
        return HTTPExchange(request: request, response: response)
    }

    @Test(arguments: [
        "https://petstore.example.com/api/pets/7",  // matched, valid
        "https://petstore.example.com/api/pets/0",  // matched, below the minimum
        "https://petstore.example.com/api/pest/7",  // no such path
        "https://elsewhere.example.com/api/pets/7",  // no such server
    ])
    func sameVerdictAsRoutingAgain(url: String) throws {
        let verifier = try #require(Self.petstore.verifier)
        let exchange = try Self.exchange(url, body: #"{"id":1}"#)
        let routed = verifier.verify(exchange: exchange, routed: verifier.route(exchange.request))
        let unrouted = verifier.verify(exchange: exchange)
        #expect(routed.violations.map(\.description) == unrouted.violations.map(\.description))
        #expect(routed.request.operation?.operationId == unrouted.request.operation?.operationId)
        #expect(!routed.violations.isEmpty)
    }

    @Test func theRouteGivenIsTheRouteUsed() throws {
        let verifier = try #require(Self.petstore.verifier)
        let request = try #require(HTTPRequest(method: "GET", url: "https://petstore.example.com/api/pest/7"))
        // Nearest paths no search over this contract could find: the verdict names them, so it routed no more.
        let given = RouteResult.pathNotFound(path: request.path, nearest: ["/given/by/the/caller"])
        let verdict = verifier.verifyRequest(request, routed: given)
        #expect(verdict.violations.map(\.kind) == [.routeNotFound])
        #expect(verdict.violations.first?.hint == "nearest: /given/by/the/caller")
        // Routing itself names the contract's own path.
        #expect(verifier.verifyRequest(request).violations.first?.hint == "nearest: /pets/{petId}")
    }

    @Test func aMatchChecksTheRequestAndTheResponse() throws {
        let verifier = try #require(Self.petstore.verifier)
        let exchange = try Self.exchange("https://petstore.example.com/api/pets/0", body: #"{"id":1}"#)
        let verdict = verifier.verify(exchange: exchange, routed: verifier.route(exchange.request))
        #expect(verdict.request.operation?.operationId == "showPet")
        #expect(verdict.request.violations.count == 1, "\(verdict.request.violations)")
        #expect(verdict.responseViolations.count == 1, "\(verdict.responseViolations)")
    }
}
