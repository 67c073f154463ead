import Foundation

@testable import ContractVerify

/// The form, multipart and deepObject decoders, reached as a client's request reaches them: the first
/// byte picks a request of the billing and file-upload contracts, the rest is its query or its body.
enum DecoderTarget {
    static let verifiers = (
        billing: FixtureContracts.verifier("Tests/Fixtures/contracts/billing-forms.yaml"),
        files: FixtureContracts.verifier("Tests/Fixtures/contracts/file-uploads.yaml")
    )

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        let text = InputSplitting.text(rest)
        let verifier: ContractVerifier
        let request: HTTPRequest?
        switch first % 4 {
        case 0:
            // deepObject and form-style query parameters, the text as the query as a client wrote it.
            verifier = verifiers.billing
            request = HTTPRequest(
                method: "GET", scheme: "https", host: "api.billing.example.com", path: "/v1/customers", query: text)
        case 1:
            verifier = verifiers.billing
            request = HTTPRequest(
                method: "POST", url: "https://api.billing.example.com/v1/customers",
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: HTTPBody(Data(rest)))
        default:
            // Multipart: the boundary is the text up to the first line break; the body is the rest.
            verifier = verifiers.files
            let lines = rest.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            let boundary = InputSplitting.text(Array(lines.first ?? []))
            let body = lines.count > 1 ? Data(lines[1]) : Data()
            request = HTTPRequest(
                method: "POST", url: "https://api.files.example.com/v1/" + (first % 4 == 2 ? "files" : "images"),
                headers: ["Content-Type": "multipart/form-data; boundary=" + boundary], body: HTTPBody(body))
        }
        guard let request else { return }
        _ = verifier.verifyRequest(request)
    }
}
