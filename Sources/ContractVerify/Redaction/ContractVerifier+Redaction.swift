/// What logs may show of an exchange: the one rule for secrets (`SecretNames.isSecretName(_:)`), and the
/// members the operation's schemas mark as secret, applied to query items and bodies.
extension ContractVerifier {
    /// The size of the body excerpts that logs show.
    package static let loggedBodyLimit = 1024

    /// Whether the value of a query item, form field or JSON member named `name` is hidden in logs: a secret
    /// name (`Authorization`, an API-key scheme's, the options' `secretNames`), or a name that contains
    /// `key`, `token`, `secret`, `password`, `auth`, `signature` or `session` (case-insensitive).
    package func isSecretName(_ name: some StringProtocol) -> Bool {
        secretNames.isSecretName(name)
    }

    /// `body` as logs show it (`BodyRedaction`): JSON and form bodies with secret values replaced by
    /// `<redacted>` and cut to `limit` bytes, other bodies as their size and type. A member is secret by its
    /// name (`isSecretName(_:)`) or, for a body of `operation`, by its schema (`writeOnly`, `format: password`).
    package func redactedExcerpt(
        of body: HTTPBody, contentType: String?, operation: OperationReference?, limit: Int = loggedBodyLimit
    ) -> String {
        let members = operation.map(secretMembers.names(for:)) ?? []
        return BodyRedaction.excerpt(of: body, contentType: contentType, limit: limit) { name in
            members.contains(name) || isSecretName(name)
        }
    }
}
