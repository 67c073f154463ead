import ContractJSON
import ContractSpec
import Foundation

/// Checks a request's credentials against an operation's `security` alternatives: one alternative must be
/// satisfied in full; an empty alternative (`{}`) makes authentication optional.
struct SecurityVerifier: Sendable {
    /// The alternatives with their schemes looked up; `nil` when the operation needs no credentials.
    let alternatives: [[Spec.SecurityScheme]]?
    let source: SourceLocation

    init(operation: Spec.Operation, document: Spec.Document) {
        source = operation.location
        let requirements = operation.security ?? document.security ?? []
        if requirements.isEmpty || requirements.contains(where: { $0.schemes.isEmpty }) {
            alternatives = nil
        } else {
            // A scheme name the document does not declare is a lint error; it is left out here rather
            // than failing every request.
            alternatives = requirements.map { requirement in
                requirement.schemes.compactMap { document.securitySchemes[$0.name] }
            }
        }
    }

    func verify(_ request: HTTPRequest, query: QueryItems, cookies: CookieJar, into recorder: inout ViolationRecorder) {
        guard let alternatives else { return }
        var problems: [String] = []
        for alternative in alternatives {
            var satisfied = true
            for scheme in alternative {
                switch check(scheme, request, query, cookies) {
                case .satisfied: continue
                case .missing: satisfied = false
                case .malformed(let problem):
                    satisfied = false
                    if !problems.contains(problem) { problems.append(problem) }
                }
            }
            if satisfied { return }
        }
        let wanted = alternatives.map { $0.map(Self.describe).joined(separator: " and ") }
        recorder.add(
            .security, at: .request(.security), source: source,
            expected: wanted.count == 1 ? wanted[0] : "one of " + wanted.joined(separator: ", "),
            actual: problems.isEmpty ? "no credentials" : problems.joined(separator: "; "))
    }

    private enum Outcome {
        case satisfied
        case missing
        case malformed(String)
    }

    private func check(_ scheme: Spec.SecurityScheme, _ request: HTTPRequest, _ query: QueryItems, _ cookies: CookieJar)
        -> Outcome
    {
        switch scheme.kind {
        case .apiKey(let name, let location):
            let present: Bool
            switch location {
            case .query: present = query.contains(name)
            case .cookie: present = !cookies.values(named: name).isEmpty
            default: present = !(request.headers[name] ?? "").isEmpty
            }
            return present ? .satisfied : .missing
        case .http(let name, _) where name == "basic":
            return checkBasic(request.headers.values("Authorization"))
        case .http(let name, _) where name == "bearer":
            return checkBearer(request.headers.values("Authorization"))
        case .oauth2, .openIdConnect:
            return checkBearer(request.headers.values("Authorization"))
        case .http(let name, _):
            let found = request.headers.values("Authorization").contains { Self.credentials($0, scheme: name) != nil }
            return found ? .satisfied : .missing
        case .mutualTLS:
            // A client certificate is not visible in an HTTP exchange.
            return .satisfied
        }
    }

    private func checkBasic(_ values: [String]) -> Outcome {
        var outcome = Outcome.missing
        for value in values {
            guard let credentials = Self.credentials(value, scheme: "basic") else { continue }
            guard let data = Data(base64Encoded: String(credentials)), let text = String(data: data, encoding: .utf8),
                text.contains(":")
            else {
                outcome = .malformed("Authorization: Basic credentials that are not base64 of user:password")
                continue
            }
            return .satisfied
        }
        return outcome
    }

    private func checkBearer(_ values: [String]) -> Outcome {
        var outcome = Outcome.missing
        for value in values {
            guard let token = Self.credentials(value, scheme: "bearer") else { continue }
            if Self.isB64Token(token.utf8) { return .satisfied }
            outcome = .malformed("Authorization: Bearer without a well-formed token")
        }
        return outcome
    }

    /// RFC 6750 `b64token`: letters, digits and `-._~+/`, then optional `=` padding. Checked on bytes
    /// against two 64-bit masks (no table to load): a JWT is hundreds of characters and this runs on
    /// every request.
    private static func isB64Token(_ bytes: Substring.UTF8View) -> Bool {
        // Bits for `+-./0-9` (bytes 0-63) and `A-Z_a-z~` (bytes 64-127).
        let low: UInt64 = 0x03ff_e800_0000_0000
        let high: UInt64 = 0x47ff_fffe_87ff_fffe
        var sawPadding = false
        var count = 0
        for byte in bytes {
            if byte == UInt8(ascii: "=") {
                sawPadding = true
                continue
            }
            let allowed = byte < 64 ? (low >> byte) & 1 == 1 : byte < 128 && (high >> (byte - 64)) & 1 == 1
            guard allowed, !sawPadding else { return false }
            count += 1
        }
        return count > 0
    }

    /// The credentials after `Scheme ` in an `Authorization` value, when the scheme matches (case-insensitively).
    /// Works on UTF-8 offsets: character counting over a long token would cost more than the whole check.
    private static func credentials(_ value: String, scheme: String) -> Substring? {
        let trimmed = value.drop { $0 == " " }
        var bytes = trimmed.utf8.makeIterator()
        for expected in scheme.utf8 {
            guard let byte = bytes.next(), byte | 0x20 == expected | 0x20 else { return nil }
        }
        let rest = trimmed.utf8.dropFirst(scheme.utf8.count)
        guard rest.isEmpty || rest.first == UInt8(ascii: " ") else { return nil }
        return Substring(rest).drop { $0 == " " }
    }

    private static func describe(_ scheme: Spec.SecurityScheme) -> String {
        switch scheme.kind {
        case .apiKey(let name, let location): "\(scheme.name) (API key in \(location.rawValue) \(name))"
        case .http(let name, _) where name == "basic": "\(scheme.name) (Authorization: Basic user:password)"
        case .http(let name, _) where name == "bearer": "\(scheme.name) (Authorization: Bearer token)"
        case .http(let name, _): "\(scheme.name) (Authorization: \(name.capitalized) …)"
        case .oauth2, .openIdConnect: "\(scheme.name) (Authorization: Bearer token)"
        case .mutualTLS: "\(scheme.name) (client certificate)"
        }
    }
}
