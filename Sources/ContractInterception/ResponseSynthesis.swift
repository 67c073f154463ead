import ContractSpec
import ContractVerify

/// Builds the contract's responses from its examples and schemas.
final class ResponseSynthesis: Sendable {
    /// Why no response could be built.
    struct Failure: Error, Sendable {
        var message: String
    }

    /// A built answer and whether it verified clean.
    struct Answer: Sendable {
        var response: HTTPResponse
        var isClean: Bool?
    }

    init(document: Spec.Document) {}

    func answer(for operation: Spec.Operation, choice: SynthesisChoice, accept: String?) -> Result<Answer, Failure> {
        .failure(Failure(message: "response synthesis is not available in this build"))
    }

    func store(_ answer: Answer, for operation: Spec.Operation, choice: SynthesisChoice, accept: String?) {}
}
