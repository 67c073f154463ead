import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation

/// A small contract of `Tests/Fixtures/contracts`, loaded with a verifier for it, and a shorthand that
/// names the violations a request gets.
struct FixtureContract {
    let document: Spec.Document?
    let verifier: ContractVerifier?

    init(_ name: String, options: VerifierOptions = VerifierOptions()) {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/" + name)
        document = ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document
        verifier = document.map { ContractVerifier(document: $0, options: options) }
    }

    /// The request's violations as `kind: description`, or a note when the fixture or the URL is unusable.
    func violations(
        _ method: String, _ url: String, headers: HTTPHeaders = [:], body: String? = nil
    ) -> [ContractViolation]? {
        guard let verifier,
            let request = HTTPRequest(
                method: method, url: url, headers: headers, body: body.map { HTTPBody(text: $0) } ?? .empty)
        else { return nil }
        return verifier.verifyRequest(request).violations
    }

    /// The kinds of the request's violations; `["unusable"]` when the fixture or the URL could not be read.
    func kinds(_ method: String, _ url: String, headers: HTTPHeaders = [:], body: String? = nil) -> [String] {
        violations(method, url, headers: headers, body: body)?.map(\.kind.rawValue) ?? ["unusable"]
    }

    /// What routing the request finds.
    func route(_ method: String, _ url: String) -> RouteResult? {
        guard let verifier, let request = HTTPRequest(method: method, url: url) else { return nil }
        return verifier.route(request)
    }
}
