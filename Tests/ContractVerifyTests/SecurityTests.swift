import ContractVerify
import Foundation
import Testing

@Suite struct SecurityTests {
    static func kinds(_ path: String, authorization: String?) -> [String] {
        var headers: [(String, String)] = []
        if let authorization { headers.append(("Authorization", authorization)) }
        let request = ViolationCase.request("GET", path, headers: headers, auth: false)
        return Clinic.verifier.verifyRequest(request).violations.map(\.kind.rawValue)
    }

    @Test(arguments: [
        ("Bearer abc.DEF-_~+/xyz", true), ("bearer abc==", true), ("BEARER abc", true), ("Bearer  abc", true),
        ("Bearer abc def", false), ("Bearer a=b", false), ("Bearer ", false), ("Bearerabc", false),
        ("Basic dXNlcjpwYXNz", false), ("Bearer é", false),
    ])
    func bearerTokens(_ value: String, _ accepted: Bool) {
        #expect(Self.kinds("/pets", authorization: value) == (accepted ? [] : ["request.security"]))
    }

    @Test(arguments: [
        (Data("user:pass".utf8).base64EncodedString(), true), (Data("user:".utf8).base64EncodedString(), true),
        (Data("user".utf8).base64EncodedString(), false), ("not base64!", false), ("", false),
    ])
    func basicCredentials(_ credentials: String, _ accepted: Bool) {
        let path = "/reports/appointments?from=2025-03-10&to=2025-03-14"
        #expect(Self.kinds(path, authorization: "Basic " + credentials) == (accepted ? [] : ["request.security"]))
    }

    @Test func failureNamesEveryAlternativeAndNeverTheCredential() throws {
        let request = ViolationCase.request("GET", "/pets", headers: [("Authorization", "Bearer sec ret")], auth: false)
        let violation = try #require(Clinic.verifier.verifyRequest(request).violations.first)
        #expect(
            violation.message
                == "expected one of bearerAuth (Authorization: Bearer token), apiKeyAuth (API key in header X-API-Key), got Authorization: Bearer without a well-formed token"
        )
        #expect(!violation.description.contains("sec ret"))
    }
}
