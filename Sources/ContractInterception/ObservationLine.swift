import ContractVerify
import Foundation

/// The one-line form of an observed exchange:
/// `GET http://127.0.0.1:8080/v1/pets?limit=2 -> 200 in 12 ms, 1 violation: <violation>`.
enum ObservationLine {
    /// Query parameters whose values are replaced by `<redacted>`: names that hold credentials by
    /// convention, and the verifier's own secret names.
    static let secretWords = ["key", "token", "secret", "password", "auth", "signature", "session"]

    static func line(for exchange: RecordedExchange, duration: Duration, secretNames: Set<String>) -> String {
        let request = exchange.request
        var text = request.method + " " + url(of: request, secretNames: secretNames) + " -> "
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

    /// The request's URL with the values of secret query parameters redacted.
    static func url(of request: HTTPRequest, secretNames: Set<String>) -> String {
        var url = ""
        if let scheme = request.scheme, let host = request.host {
            url = scheme + "://" + host + (request.port.map { ":\($0)" } ?? "")
        }
        url += request.path
        guard let query = request.query, !query.isEmpty else { return url }
        let lowered = Set(secretNames.map { $0.lowercased() })
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals].lowercased()
            let secret = lowered.contains(name) || secretWords.contains { name.contains($0) }
            return secret ? item[..<equals] + "=" + ContractViolation.redactedText : String(item)
        }
        return url + "?" + items.joined(separator: "&")
    }

    /// A body's first 1 KiB as text, for the logger's metadata.
    static func excerpt(_ body: HTTPBody) -> String {
        guard let bytes = body.bytes else { return "<unavailable>" }
        let text = String(decoding: bytes.prefix(1024), as: UTF8.self)
        return bytes.count > 1024 ? text + "… (\(bytes.count) bytes)" : text
    }
}
