import ContractVerify
import Foundation

/// The one-line form of an observed exchange:
/// `GET http://127.0.0.1:8080/v1/pets?limit=2 -> 200 in 12 ms, 1 violation: <violation>`.
enum ObservationLine {
    static func line(for exchange: RecordedExchange, duration: Duration, verifier: ContractVerifier) -> String {
        let request = exchange.request
        var text = request.method + " " + url(of: request, verifier: verifier) + " -> "
        if let response = exchange.response {
            text += String(response.status)
        } else if let failure = exchange.failure {
            text += "failed (URLError \(failure.rawValue))"
        } else {
            text += "no response"
        }
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        text += " in \(milliseconds) ms"
        let violations = exchange.violations.filter { $0.severity == .error }
        guard !violations.isEmpty else { return text }
        text += ", \(violations.count) violation\(violations.count == 1 ? "" : "s"): "
        return text + violations.map { $0.redacted().description }.joined(separator: "; ")
    }

    /// The request's URL with the values of secret query parameters (`ContractVerifier.isSecretName(_:)`)
    /// redacted.
    static func url(of request: HTTPRequest, verifier: ContractVerifier) -> String {
        var url = ""
        if let scheme = request.scheme, let host = request.host {
            url = scheme + "://" + host + (request.port.map { ":\($0)" } ?? "")
        }
        url += request.path
        guard let query = request.query, !query.isEmpty else { return url }
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals]
            let secret = verifier.isSecretName(name.removingPercentEncoding ?? String(name))
            return secret ? item[..<equals] + "=" + ContractViolation.redactedText : String(item)
        }
        return url + "?" + items.joined(separator: "&")
    }
}
