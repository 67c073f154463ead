import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// Docs/ContractVerify.md's example, as written there, on the bundled contract.
@Suite struct DocumentationVerifyTests {
    @Test func theDocumentedCallsVerify() throws {
        let url = Corpus.packageRoot.appendingPathComponent("contracts/clinic.yaml")

        let document = try #require(ContractLoader().load(url).document)
        let verifier = ContractVerifier(document: document, options: VerifierOptions(strict: false))

        let request = try #require(
            HTTPRequest(
                method: "POST", url: "https://api.clinic.example.com/v1/pets",
                headers: ["Authorization": "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln", "Content-Type": "application/json"],
                body: HTTPBody(text: #"{"name":"Clover","ownerId":"9c8d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e6f"}"#)))
        let verdict = verifier.verifyRequest(request)  // route + parameters + security + body + Accept
        print(verdict.operation?.operationId ?? "no operation")  // createPet
        print(verdict.violations.map(\.description))
        // contracts/clinic.yaml:1180:7: error: [createPet] POST /pets request body $: expected required property "species", got object without it (#/components/schemas/NewPet/required)

        let response = HTTPResponse(status: 201, headers: ["Content-Type": "application/json"], body: HTTPBody(text: "{}"))
        if let match = verdict.route.match {
            let checked = verifier.verifyResponse(response, for: match, request: request)  // status, headers, body
            print(checked.map(\.description))
        }
        let both = verifier.verify(exchange: HTTPExchange(request: request, response: response))  // all problems
        print(verifier.route(request))  // .matched(RouteMatch) / .serverNotFound / .pathNotFound / .methodNotAllowed

        // Routed already (to choose among contracts, say)? Hand the route over instead of routing again.
        let route = verifier.route(request)
        let same = verifier.verify(exchange: HTTPExchange(request: request, response: response), routed: route)

        #expect(same.violations.map(\.description) == both.violations.map(\.description))
        #expect(verdict.operation?.operationId == "createPet")
        #expect(verdict.violations.map(\.kind) == [.bodySchema])
        #expect(verdict.violations.first?.description.contains(#"expected required property "species""#) == true)
        #expect(both.violations.count > verdict.violations.count)
    }
}
