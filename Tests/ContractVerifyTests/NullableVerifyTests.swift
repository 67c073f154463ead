import ContractJSON
import ContractSchema
import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// `nullable: true` beside `allOf`, `anyOf` and enums without null: accepted by default, rejected when
/// read strictly; a null where no `nullable` stands is rejected either way.
@Suite struct NullableVerifyTests {
    static let document: Spec.Document? = {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/nullable.yaml")
        return ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document
    }()

    static func verifier(_ nullable: NullableReading = .lenient) throws -> ContractVerifier {
        var options = VerifierOptions()
        options.nullable = nullable
        return ContractVerifier(document: try #require(document), options: options)
    }

    static func issue(_ json: String) throws -> HTTPExchange {
        let request = try #require(HTTPRequest(method: "GET", url: "https://nullable.example.test/issues/1"))
        return HTTPExchange(
            request: request,
            response: HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: HTTPBody(text: json)))
    }

    static func charge(_ request: String, _ response: String) throws -> HTTPExchange {
        let sent = try #require(
            HTTPRequest(
                method: "POST", url: "https://nullable.example.test/charges",
                headers: ["Content-Type": "application/json"], body: HTTPBody(text: request)))
        return HTTPExchange(
            request: sent,
            response: HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: HTTPBody(text: response)))
    }

    static let nullIssue =
        #"{"number": 1, "title": "Crash", "milestone": null, "state_reason": null, "assignee": null}"#
    static let nullCharge = #"{"id": "ch_1", "amount": 5, "customer": null, "failure_code": null}"#

    @Test("null beside allOf, anyOf and an enum without null is accepted by default")
    func lenientByDefault() throws {
        #expect(VerifierOptions().nullable == .lenient)
        let verifier = try Self.verifier()
        #expect(verifier.document.nullable == .lenient)
        #expect(verifier.verify(exchange: try Self.issue(Self.nullIssue)).violations.isEmpty)
        let charge = verifier.verify(
            exchange: try Self.charge(#"{"amount": 5, "metadata": null}"#, Self.nullCharge))
        #expect(charge.violations.isEmpty, "\(charge.violations)")
    }

    @Test("a null where no nullable stands is still rejected, and so are wrong values beside nullable")
    func mistakesStillCaught() throws {
        let verifier = try Self.verifier()
        let title = verifier.verify(exchange: try Self.issue(#"{"number": 1, "title": null}"#))
        #expect(title.violations.map(\.message) == ["expected string, got null"], "\(title.violations)")
        #expect(title.violations.first?.instancePath?.description == "$.title")
        let description = verifier.verify(
            exchange: try Self.charge(#"{"amount": 5, "description": null}"#, Self.nullCharge))
        #expect(description.violations.map(\.location.description) == ["request.body"])
        #expect(description.violations.first?.message.contains("expected string, got null") == true)
        let reason = verifier.verify(exchange: try Self.issue(#"{"number": 1, "title": "t", "state_reason": "fixed"}"#))
        #expect(reason.violations.first?.message.contains(#"expected one of "completed""#) == true, "\(reason.violations)")
        let milestone = verifier.verify(exchange: try Self.issue(#"{"number": 1, "title": "t", "milestone": {}}"#))
        #expect(
            milestone.violations.first?.message.contains(#"expected required property "number""#) == true,
            "\(milestone.violations)")
    }

    @Test("read strictly, OAS 3.0.3's literal cases reject null")
    func strictReading() throws {
        let verifier = try Self.verifier(.strict)
        #expect(verifier.document.nullable == .strict)
        let issue = verifier.verify(exchange: try Self.issue(Self.nullIssue))
        #expect(
            issue.violations.map { "\($0.instancePath?.description ?? "") \($0.keyword ?? "")" } == [
                "$.milestone type", "$.state_reason enum", "$.assignee anyOf",
            ], "\(issue.violations)")
        #expect(issue.violations.first?.message == "expected object, got null")
        let charge = verifier.verify(exchange: try Self.charge(#"{"amount": 5, "metadata": null}"#, Self.nullCharge))
        #expect(
            charge.violations.map { "\($0.location) \($0.instancePath?.description ?? "")" } == [
                "request.body $.metadata", "response(200).body $.customer", "response(200).body $.failure_code",
            ])
        // What the strict reading allows it still allows.
        let plain = verifier.verify(
            exchange: try Self.charge(#"{"amount": 5}"#, #"{"id": "c", "amount": 5, "customer": "cus_1", "failure_code": "card_declined"}"#)
        )
        #expect(plain.violations.isEmpty, "\(plain.violations)")
    }
}
