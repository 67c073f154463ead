import ContractVerify
import HTTPTypes
import HummingbirdCore

/// How the mock server and the proxy report violations: one log line per violation, as `contract-check`
/// prints them, and a response header that counts them.
enum ExchangeLog {
    /// The name of the header that counts an exchange's violations.
    static let violationsHeader = "ContractCheck-Violations"

    /// The header field for `count` violations.
    static func violationsField(count: Int) -> HTTPField? {
        HTTPField.Name(violationsHeader).map { HTTPField(name: $0, value: String(count)) }
    }

    /// The violations, one line each (the verifier has hidden secret values already).
    static func lines(_ violations: [ContractViolation]) -> String {
        violations.map { $0.description }.joined(separator: "\n")
    }
}
