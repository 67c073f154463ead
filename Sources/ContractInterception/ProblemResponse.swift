import ContractJSON
import ContractVerify

/// The backend's own `application/problem+json` answers (RFC 9457), for requests the contract gives no
/// documented error response for: the violations are listed so a developer reading the client's logs
/// sees why.
enum ProblemResponse {
    /// A problem with this status: 404 for an unknown path or server, 405 (with `Allow`) for an
    /// undocumented method, the status that fits an invalid request's failure (`ErrorStatusChoice`).
    static func make(
        status: Int, title: String, violations: [ContractViolation], detail: String? = nil, allow: [String] = []
    ) -> HTTPResponse {
        var body = JSONObject()
        body["type"] = "about:blank"
        body["title"] = .string(title)
        body["status"] = .number(JSONNumber(status))
        body["detail"] = .string(detail ?? violations.map(\.message).joined(separator: "\n"))
        body["violations"] = .array(violations.map(\.jsonValue))
        var headers: HTTPHeaders = ["Content-Type": "application/problem+json"]
        if !allow.isEmpty { headers.add("Allow", allow.joined(separator: ", ")) }
        return HTTPResponse(status: status, headers: headers, body: .bytes(JSONWriter.bytes(from: .object(body))))
    }

    /// The answer to a request that matched no operation.
    static func unmatched(_ route: RouteResult, violations: [ContractViolation]) -> HTTPResponse {
        if case .methodNotAllowed(_, let allowed) = route {
            return make(
                status: 405, title: "Method not allowed by the contract", violations: violations, allow: allowed)
        }
        return make(status: 404, title: "No operation of the contract matches", violations: violations)
    }
}
