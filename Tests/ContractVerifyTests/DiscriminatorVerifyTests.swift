import ContractJSON
import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// Requests whose `oneOf` items are told apart by a discriminator without mapping.
@Suite struct DiscriminatorVerifyTests {
    static let document: Spec.Document? = {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/chat.yaml")
        return ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document
    }()

    static func verdict(_ body: String) throws -> RequestVerdict {
        let request = try #require(
            HTTPRequest(
                method: "POST", url: "https://chat.example.test/v1/chat/completions",
                headers: ["Content-Type": "application/json"], body: HTTPBody(text: body)))
        return ContractVerifier(document: try #require(document)).verifyRequest(request)
    }

    @Test("correct messages pass; an unknown role names the roles that work")
    func roles() throws {
        let good = try Self.verdict(
            #"{"model": "m", "messages": [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}]}"#)
        #expect(good.violations.isEmpty, "\(good.violations)")
        let wizard = try Self.verdict(#"{"model": "m", "messages": [{"role": "wizard", "content": "hi"}]}"#)
        let violation = try #require(wizard.violations.first)
        #expect(violation.instancePath?.description == "$.messages[0]")
        #expect(
            violation.message
                == #"expected role one of "LegacyMessage", "assistant", "developer", "system", "user", got string "wizard""#)
        let missing = try Self.verdict(#"{"model": "m", "messages": [{"role": "user"}]}"#)
        #expect(missing.violations.first?.message.contains(#"required property "content""#) == true, "\(missing.violations)")
    }
}
