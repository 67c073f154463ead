import ContractJSON
import ContractSchema
import ContractSpec

/// The values violations must not print: every cookie, and every header, query item, form or multipart
/// field and JSON body member whose name is a secret's (`Authorization`, `Cookie`, `Set-Cookie`,
/// `Proxy-Authorization`, the names the contract's API-key schemes use, and the names the options add).
/// What is logged (an observed exchange's URL and bodies) hides more: also every name that contains one of
/// `words` (`isSecretName(_:)`).
struct SecretNames: Sendable {
    /// Parts of names that hold credentials by convention (`api_key`, `access_token`, `portalPassword`):
    /// their values are hidden in what is logged.
    static let words = ["key", "token", "secret", "password", "auth", "signature", "session"]

    /// Lower-case names; one list for every place a name can stand, since a name that is secret in a
    /// header is just as secret in a query item or a body field.
    private let names: Set<String>

    init(document: Spec.Document, extra: Set<String>) {
        var names: Set<String> = ["authorization", "cookie", "set-cookie", "proxy-authorization"]
        names.formUnion(extra.map { $0.lowercased() })
        for scheme in document.securitySchemes.values {
            guard case .apiKey(let name, _) = scheme.kind else { continue }
            names.insert(name.lowercased())
        }
        self.names = names
    }

    /// Whether a value under `name` (a query item, form field or JSON member) is hidden in what is logged:
    /// the name is one of the secret names, or contains one of `words` (case-insensitive).
    func isSecretName(_ name: some StringProtocol) -> Bool {
        let lowered = name.lowercased()
        return names.contains(lowered) || Self.words.contains { lowered.contains($0) }
    }

    /// Whether the violation would print a secret value: it stands in a cookie or under a secret name, or
    /// its instance path (or one of its `oneOf`/`anyOf` branches' paths) passes through a member with one.
    func isSecret(_ violation: ContractViolation) -> Bool {
        if isSecret(violation.location) { return true }
        if let path = violation.instancePath, passesThroughSecret(path) { return true }
        return violation.branches.contains { branch in branch.errors.contains { touchesSecret($0) } }
    }

    private func isSecret(_ location: ExchangeLocation) -> Bool {
        switch location {
        case .request(.cookie): true
        case .request(.header(let name)), .response(_, .header(let name)), .request(.query(let name)),
            .request(.bodyPart(let name)):
            names.contains(name.lowercased())
        default: false
        }
    }

    /// Whether a branch's error, or one of its own branches' errors, stands under a secret name.
    private func touchesSecret(_ error: SchemaValidationError) -> Bool {
        passesThroughSecret(error.instancePath)
            || error.branches.contains { branch in branch.errors.contains { touchesSecret($0) } }
    }

    private func passesThroughSecret(_ path: InstancePath) -> Bool {
        path.components.contains { component in
            if case .key(let key) = component { return names.contains(key.lowercased()) }
            return false
        }
    }
}
