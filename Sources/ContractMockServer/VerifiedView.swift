import ContractVerify
import NIOCore

/// What the verifier reads of a message that passes through the proxy: a compressed body decoded (the
/// wire bytes are left as they are), with the fields that describe the encoding changed to describe the
/// decoded body; a body that cannot be decoded is not checked, and the warning says why.
struct VerifiedView {
    /// The fields for the verifier.
    var headers: ContractVerify.HTTPHeaders
    /// The body for the verifier.
    var body: HTTPBody
    /// Why the body was not checked, when it could not be decoded or was not read.
    var whyUnchecked: String?

    /// The view of a message with `fields` and the wire `body`, decoding at most `limit` bytes.
    init(fields: ContractVerify.HTTPHeaders, body: ByteBuffer, limit: Int) {
        let encodings = fields.values("Content-Encoding")
        switch ContentDecoding.decode(body, encodings: encodings, limit: limit) {
        case .unencoded:
            headers = fields
            self.body = .bytes(Array(body.readableBytesView))
        case .decoded(let bytes):
            var decoded: [ContractVerify.HTTPHeaders.Field] = []
            for field in fields {
                switch field.name.lowercased() {
                case "content-encoding": continue
                case "content-length": decoded.append(.init(name: field.name, value: String(bytes.count)))
                default: decoded.append(field)
                }
            }
            headers = ContractVerify.HTTPHeaders(decoded)
            self.body = .bytes(bytes)
        case .undecodable(let reason):
            self = VerifiedView(fields: fields, unread: reason)
        }
    }

    /// The view of a message with `fields` whose body was not read, for the reason given.
    init(fields: ContractVerify.HTTPHeaders, unread reason: String) {
        headers = fields
        body = .unavailable
        whyUnchecked = reason
    }

    /// `violations` with the verifier's warning about an unreadable body saying why it was not read.
    func explaining(_ violations: [ContractViolation]) -> [ContractViolation] {
        guard let whyUnchecked else { return violations }
        return violations.map { violation in
            guard violation.kind == .bodyUnavailable || violation.kind == .responseBodyUnavailable else {
                return violation
            }
            var explained = violation
            explained.actual = whyUnchecked
            return explained
        }
    }
}
