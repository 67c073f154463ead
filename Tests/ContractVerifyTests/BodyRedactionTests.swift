import ContractSpec
import ContractVerify
import Testing

/// Bodies as logs show them (`ContractVerifier.redactedExcerpt`): JSON and form bodies with the values of
/// secret members replaced, secret by their schema in the operation (`format: password`, `writeOnly`,
/// through `$ref` and `allOf`) or by their name, then cut; other bodies as their size and type.
@Suite struct BodyRedactionTests {
    static let login = OperationReference(operationId: "createLogin", method: "POST", path: "/logins")
    static let profile = OperationReference(operationId: "getProfile", method: "GET", path: "/profiles/current")

    func excerpt(
        _ body: String, type: String? = "application/json", operation: OperationReference? = login,
        options: VerifierOptions = VerifierOptions()
    ) throws -> String {
        let verifier = try #require(FixtureContract("login-secrets.yaml", options: options).verifier)
        return verifier.redactedExcerpt(of: HTTPBody(text: body), contentType: type, operation: operation)
    }

    @Test func jsonMembersSecretBySchemaOrNameAreRedactedAtAnyDepth() throws {
        let body =
            #"{"user":"sam","pin":"4711","recovery":"rc-99","note":"hi","partner":"p-1","#
            + #""extra":[{"Access_Token":"t-1","scope":"read"}],"session":{"id":7}}"#
        #expect(
            try excerpt(body)
                == #"{"user":"sam","pin":"<redacted>","recovery":"<redacted>","note":"hi","partner":"<redacted>","#
                + #""extra":[{"Access_Token":"<redacted>","scope":"read"}],"session":"<redacted>"}"#)
    }

    @Test func aResponseMemberWriteOnlyThroughAllOfIsRedacted() throws {
        let body = #"{"user":"sam","grants":[{"scope":"read","renewal":"r-1"}]}"#
        #expect(try excerpt(body) == #"{"user":"sam","grants":[{"scope":"read","renewal":"<redacted>"}]}"#)
    }

    /// A recursive schema is walked once, and its secret members are found at every depth of the body.
    @Test func recursiveSchemasAreWalkedOnce() throws {
        let body = #"{"tree":{"label":"a","code":"1","children":[{"label":"b","code":"2","children":[]}]}}"#
        #expect(
            try excerpt(body)
                == #"{"tree":{"label":"a","code":"<redacted>","children":[{"label":"b","code":"<redacted>","children":[]}]}}"#)
    }

    /// The schema decides only for its own operation: `pin` is a password in `createLogin` alone.
    @Test func schemasCountForTheirOperationOnly() throws {
        let body = #"{"pin":"4711","password":"x"}"#
        #expect(try excerpt(body, operation: Self.profile) == #"{"pin":"4711","password":"<redacted>"}"#)
        #expect(try excerpt(body, operation: nil) == #"{"pin":"4711","password":"<redacted>"}"#)
        #expect(
            try excerpt(body, operation: nil, options: VerifierOptions(secretNames: ["PIN"]))
                == #"{"pin":"<redacted>","password":"<redacted>"}"#)
    }

    @Test func formFieldsAreRedactedByTheirDecodedName() throws {
        let body = "user=sam&pin=4711&api%5Fkey=k-1&note=a+b&flag"
        #expect(
            try excerpt(body, type: "application/x-www-form-urlencoded; charset=utf-8")
                == "user=sam&pin=<redacted>&api%5Fkey=<redacted>&note=a+b&flag")
    }

    /// Redaction comes before the cut: a secret that straddles the first 1 KiB shows none of its characters,
    /// and a cut never splits a character.
    @Test func theCutComesAfterRedaction() throws {
        let secret = "S3CR3T-" + String(repeating: "z", count: 40)
        let note = String(repeating: "é", count: 600)
        let body = #"{"note":""# + note + #"","password":""# + secret + #""}"#
        let text = try excerpt(body)
        #expect(!text.contains("S3CR3T"))
        #expect(!text.contains("\u{FFFD}"))
        #expect(text.hasSuffix("… (\(body.utf8.count) bytes)"))
        #expect(text.utf8.count <= 1024 + "… (\(body.utf8.count) bytes)".utf8.count)
        #expect(text.hasPrefix(#"{"note":"éé"#))
    }

    @Test(
        arguments: [
            ("text/plain", "token=abc", "<9 bytes of text/plain>"),
            ("image/png; q=1", "PNG-bytes", "<9 bytes of image/png>"),
            (nil, "password=1", "<10 bytes without Content-Type>"),
            ("application/json", #"{"password":"#, "<12 bytes of application/json, not valid JSON>"),
            ("application/problem+json", #"{"token":1}"#, #"{"token":"<redacted>"}"#),
            ("application/json", "", ""),
        ])
    func otherBodiesShowOnlyTheirSizeAndType(type: String?, body: String, shown: String) throws {
        #expect(try excerpt(body, type: type) == shown)
    }

    @Test func anUnavailableBodySaysSo() throws {
        let verifier = try #require(FixtureContract("login-secrets.yaml").verifier)
        #expect(verifier.redactedExcerpt(of: .unavailable, contentType: nil, operation: nil) == "<unavailable>")
    }
}
