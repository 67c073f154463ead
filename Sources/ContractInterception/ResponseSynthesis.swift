import ContractSpec
import ContractVerify

/// Builds the contract's responses from its examples and schemas.
struct ResponseSynthesis: Sendable {
    /// Why no response could be built.
    struct Failure: Error, Sendable {
        var message: String
    }

    let document: Spec.Document

    init(document: Spec.Document) {
        self.document = document
    }

    /// The documented response for `choice.status` (the first 2xx when `nil`), with a body of its media type.
    func response(for operation: Spec.Operation, choice: SynthesisChoice) -> Result<HTTPResponse, Failure> {
        .failure(Failure(message: "response synthesis is not available in this build"))
    }
}
