import ContractSpec
import ContractVerify

/// The status the backend answers an invalid request with, and whether the operation documents a
/// response for it.
///
/// The failure a server would notice first decides the statuses that fit: credentials (401, then 403),
/// a path parameter (404: no such resource), the body's media type (415), `Accept` (406), a body or
/// parameter that cannot be read or is missing (400, then 422), a body that breaks its schema (422, then
/// 400). The answer is the first of those the operation documents by its code, then by its range
/// (`4XX`); else the operation's `default` response with the first of them; else a documented 400 or
/// 422, which fits any client error; and only when none of these is documented the backend's own
/// `problem+json` with the first fitting status.
struct ErrorStatusChoice: Equatable {
    /// The status to send.
    var status: Int
    /// Whether the operation documents a response for it (its code, its range or `default`).
    var isDocumented: Bool

    init(status: Int, isDocumented: Bool) {
        self.status = status
        self.isDocumented = isDocumented
    }

    init(violations: [ContractViolation], responses: [Spec.Response]) {
        let fitting = Self.fittingStatuses(violations)
        let documented = Set(responses.map(\.status))
        if let code = fitting.first(where: { documented.contains(.code($0)) }) {
            self.init(status: code, isDocumented: true)
        } else if let code = fitting.first(where: { documented.contains(.range($0 / 100)) }) {
            self.init(status: code, isDocumented: true)
        } else if documented.contains(.default) {
            self.init(status: fitting[0], isDocumented: true)
        } else if let code = [400, 422].first(where: { documented.contains(.code($0)) }) {
            self.init(status: code, isDocumented: true)
        } else {
            self.init(status: fitting[0], isDocumented: false)
        }
    }

    /// The statuses that fit the request's errors, best first; never empty.
    static func fittingStatuses(_ violations: [ContractViolation]) -> [Int] {
        let errors = violations.filter { $0.severity == .error }
        func has(_ test: (ContractViolation) -> Bool) -> Bool { errors.contains(where: test) }
        if has({ $0.kind == .security }) { return [401, 403] }
        if has(\.isInPath) { return [404, 400, 422] }
        if has({ $0.kind == .bodyMediaType }) { return [415] }
        if has({ $0.kind == .accept }) { return [406] }
        if has({ $0.kind == .bodySchema }) && !has({ $0.kind != .bodySchema }) { return [422, 400] }
        return [400, 422]
    }
}

extension ContractViolation {
    /// Whether the violation is about a path parameter (a server would not find the resource).
    fileprivate var isInPath: Bool {
        if case .request(.path) = location { return true }
        return false
    }
}
