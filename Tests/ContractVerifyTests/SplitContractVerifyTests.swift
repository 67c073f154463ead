import ContractJSON
import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// Verification through operations written as `$ref`s to files of their own.
@Suite struct SplitContractVerifyTests {
    static let document: Spec.Document? = {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/split/ledger.yaml")
        return ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document
    }()

    static func exchange(
        _ method: String, _ path: String, body: String? = nil, status: Int, response: String? = nil
    ) throws -> HTTPExchange {
        var headers: HTTPHeaders = ["Authorization": "Bearer t"]
        if body != nil { headers.add("Content-Type", "application/json") }
        let request = try #require(
            HTTPRequest(
                method: method, url: "https://ledger.example.test/v2" + path, headers: headers,
                body: body.map { HTTPBody(text: $0) } ?? .empty))
        let responseHeaders: HTTPHeaders = response == nil ? [:] : ["Content-Type": "application/json"]
        return HTTPExchange(
            request: request,
            response: HTTPResponse(
                status: status, headers: responseHeaders, body: response.map { HTTPBody(text: $0) } ?? .empty))
    }

    @Test("correct exchanges of every operation pass")
    func correctExchanges() throws {
        let verifier = ContractVerifier(document: try #require(Self.document))
        let exchanges = [
            try Self.exchange(
                "GET", "/balance", status: 200,
                response: #"{"month_to_date_balance": "1.50", "generated_at": "2026-02-01T10:00:00Z"}"#),
            try Self.exchange(
                "POST", "/invoices", body: #"{"amount": 5}"#, status: 201, response: #"{"id": "inv_1", "amount": 5}"#),
            try Self.exchange("GET", "/invoices/inv_7", status: 200, response: #"{"id": "inv_7", "amount": 0}"#),
            try Self.exchange("DELETE", "/invoices/inv_7", status: 204),
        ]
        for exchange in exchanges {
            let verdict = verifier.verify(exchange: exchange)
            #expect(verdict.request.route.match != nil, "\(exchange.request.method) \(exchange.request.path)")
            #expect(verdict.violations.isEmpty, "\(verdict.violations)")
        }
    }

    @Test("mistakes are still caught, located in the file the $ref names")
    func mistakes() throws {
        let verifier = ContractVerifier(document: try #require(Self.document))
        let badPath = verifier.verify(exchange: try Self.exchange("GET", "/invoices/INV-7", status: 404))
        #expect(badPath.request.violations.map(\.location.description) == ["request.path(invoice_id)"])
        let badBody = verifier.verify(
            exchange: try Self.exchange("POST", "/invoices", body: #"{"amount": -1}"#, status: 201))
        #expect(badBody.violations.first?.message.contains("expected a number at least 0") == true, "\(badBody.violations)")
        #expect(badBody.violations.first?.sourceLocation.file.hasSuffix("invoice_create.yml") == true)
        let badResponse = verifier.verify(
            exchange: try Self.exchange("GET", "/invoices/inv_7", status: 200, response: #"{"id": "inv_7"}"#))
        let violation = try #require(badResponse.violations.first)
        #expect(violation.message.contains(#"expected required property "amount""#), "\(violation)")
        #expect(violation.sourceLocation.file.hasSuffix("resources/invoices/models/invoice.yml"))
    }
}
