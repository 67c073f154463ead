import ContractSchema

/// What differs between checking a request body and a response body: the kinds reported, where, and
/// which of `readOnly`/`writeOnly` applies.
struct BodySide: Sendable {
    let location: ExchangeLocation
    let malformed: ViolationKind
    let schemaKind: ViolationKind
    let mediaType: ViolationKind
    let context: ValidationContext
    let isRequest: Bool

    static let request = BodySide(
        location: .request(.body), malformed: .bodyMalformed, schemaKind: .bodySchema, mediaType: .bodyMediaType,
        context: .request, isRequest: true)

    static func response(_ status: Int) -> BodySide {
        BodySide(
            location: .response(status: status, .body), malformed: .responseBodyMalformed,
            schemaKind: .responseBodySchema, mediaType: .responseContentType, context: .response, isRequest: false)
    }

    /// Where a form field or multipart part is reported.
    func part(_ name: String) -> ExchangeLocation {
        isRequest ? .request(.bodyPart(name)) : location
    }
}
